"""Where a jurisdiction's text is a draft (Luxembourg's projet de RGD), the decision under which the casino applies
it, and since when."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("compliance", "0005_casino_late_filing_days")]

    operations = [
        migrations.AddField(model_name="casino", name="draft_basis", field=models.CharField(
            blank=True, max_length=300, verbose_name="base d'application du projet")),
        migrations.AddField(model_name="casino", name="draft_basis_since", field=models.DateField(
            blank=True, null=True, verbose_name="appliqué depuis le")),
    ]
