"""A tournament's publication is the moment Vigie recorded it (QC RJC art. 125), no longer a typed day: each existing
tournament takes its publication entry's recorded time. The ROPTA is adopted per tournament as the casino's règlement
intérieur: the tournaments already set up were held to it, so they are marked as having adopted it."""

from django.db import migrations, models


def recorded(apps, schema_editor):
    Tournament = apps.get_model("registers", "Tournament")
    Entry = apps.get_model("registers", "Entry")
    for tournament in Tournament.objects.exclude(state="brouillon"):
        entry = (Entry.objects.filter(register__casino_id=tournament.casino_id, register__kind="tournois",
                                      kind="tournoi.publication", payload__contains=f'"tournoi":"{tournament.slug}"')
                 .order_by("seq").first())
        tournament.published_at = entry.recorded_at if entry else tournament.created_at
        tournament.save(update_fields=["published_at"])
    Tournament.objects.update(ropta_adopted=True)


class Migration(migrations.Migration):
    dependencies = [("registers", "0028_slot_plays_batched")]

    operations = [
        migrations.AddField(
            model_name="tournament", name="published_at",
            field=models.DateTimeField(blank=True, null=True,
                                       verbose_name="règles mises à la disposition du public le"),
        ),
        migrations.AddField(
            model_name="tournament", name="ropta_adopted",
            field=models.BooleanField(default=False, verbose_name="règlement intérieur : ROPTA adopté"),
        ),
        migrations.RunPython(recorded, migrations.RunPython.noop),
        # the rows just updated leave deferred trigger events, which an ALTER TABLE in the same transaction refuses
        migrations.RunSQL("SET CONSTRAINTS ALL IMMEDIATE", migrations.RunSQL.noop),
        migrations.RemoveField(model_name="tournament", name="published_on"),
    ]
