"""Issue 35 item 2: the findings of a table left open, a float not restored and a drop not counted by two people cite
the casino's own control, not LU art. 21 al. 1 (« Le montant de l'avance de caisse de chaque jeu est fixé par arrêté du
Ministre des Finances ») nor art. 97-1 (the books kept electronically). A finding is the follow-up's state, not a
register's entry: its citation is set right here; the entries that recorded it keep theirs and are corrected by
`registers_recite`."""

from django.db import migrations

LU_21 = "LU RGD 1979 art. 21 al. 1 (projet)"
LU_97_1 = "LU RGD 1979 art. 97-1 (projet)"
INVENTORY = "Contrôle interne du casino : inventaire de la table compté à l'ouverture et à la fermeture"
CLOSED = "Contrôle interne du casino : table ouverte fermée avec son inventaire de fermeture"
RESTORED = "Contrôle interne du casino : avance de la table reconstituée à la fermeture"
DROP = "Contrôle interne du casino : drop compté par deux personnes"
# (kind, citation written before) → citation now; the values of registers/controls.py, in French as written
CHANGES = (
    ("non_fermee", (LU_21, INVENTORY), CLOSED),
    ("avance", (LU_21,), RESTORED),
    ("drop", (LU_97_1,), DROP),
    ("drop_absent", (LU_97_1,), DROP),
)


def forwards(apps, schema_editor):
    finding = apps.get_model("reconciliation", "Finding")
    for kind, before, now in CHANGES:
        finding.objects.filter(kind=kind, citation__in=before).update(citation=now)


class Migration(migrations.Migration):

    dependencies = [
        ("reconciliation", "0003_poker_stack_finding"),
    ]

    operations = [
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
