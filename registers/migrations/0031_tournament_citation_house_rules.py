"""The ROPTA is a private rulebook the casino adopts as its règlement intérieur: the tournaments already set up (all
marked as having adopted it, migration 0029) cite each of its rules so, in what their later entries will write (a fee
sold, a payout cites the tournament's citation). The register's entries already written are corrected by entries of
their own (registers_recite), never here."""

import re

from django.db import migrations

ROPTA = re.compile(r"^ROPTA (§[\d.]+)$")


def house_rules(apps, schema_editor):
    Tournament = apps.get_model("registers", "Tournament")
    for tournament in Tournament.objects.filter(citation__contains="ROPTA §"):
        parts = [ROPTA.sub(r"Règlement intérieur du casino (ROPTA \1, adopté)", part.strip())
                 for part in tournament.citation.split(" ; ")]
        tournament.citation = " ; ".join(parts)[:400]
        tournament.save(update_fields=["citation"])


class Migration(migrations.Migration):
    dependencies = [("registers", "0030_poker_session_seance")]

    operations = [migrations.RunPython(house_rules, migrations.RunPython.noop)]
