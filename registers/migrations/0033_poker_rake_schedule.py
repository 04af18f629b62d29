"""A poker session's rake schedule beside its rate and cap per hand: no rake without a flop, on each pot or once on
the deal, and the table's smallest chip. The sessions opened before keep what the replay applied to them: a Québec
session took its rake once on the game's whole pot (QC RJC art. 67.108, « de la cagnotte »), the others on each pot,
in cents, a deal without a flop raked as any other."""

from decimal import Decimal

from django.db import migrations, models


def per_hand_in_quebec(apps, schema_editor):
    apps.get_model("registers", "PokerSession").objects.filter(casino__jurisdiction__code="QC").update(
        rake_per_pot=False)


class Migration(migrations.Migration):
    dependencies = [
        ("registers", "0032_house_lists"),
    ]

    operations = [
        migrations.AddField(
            model_name="pokersession",
            name="no_flop_no_drop",
            field=models.BooleanField(default=False, verbose_name="pas de flop, pas de retenue"),
        ),
        migrations.AddField(
            model_name="pokersession",
            name="rake_per_pot",
            field=models.BooleanField(default=True, verbose_name="retenue sur chaque pot"),
        ),
        migrations.AddField(
            model_name="pokersession",
            name="chip",
            field=models.DecimalField(decimal_places=2, default=Decimal("0.01"), max_digits=14,
                                      verbose_name="plus petit jeton de la table"),
        ),
        migrations.RunPython(per_hand_in_quebec, migrations.RunPython.noop),
    ]
