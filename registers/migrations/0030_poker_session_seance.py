"""A poker session's time charge with its limits (QC RJC art. 67.108 al. 2) and the least stack shown at the table
(art. 67.94); a rise of the minimum and blinds during the séance, the session it follows and who decided it (LU RGD
1979 art. 49-3, 49-7)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("registers", "0029_tournament_publication_recorded"),
    ]

    operations = [
        migrations.AddField(
            model_name="pokersession",
            name="time_charge_amount",
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True,
                                      verbose_name="commission au temps de jeu : montant"),
        ),
        migrations.AddField(
            model_name="pokersession",
            name="time_charge_minutes",
            field=models.PositiveSmallIntegerField(blank=True, null=True,
                                                   verbose_name="commission au temps de jeu : par minutes"),
        ),
        migrations.AddField(
            model_name="pokersession",
            name="minimum_stack",
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True,
                                      verbose_name="avoir minimum indiqué à la table"),
        ),
        migrations.AddField(
            model_name="pokersession",
            name="raised_from",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                                    related_name="+", to="registers.pokersession"),
        ),
        migrations.AddField(
            model_name="pokersession",
            name="decided_by",
            field=models.CharField(blank=True, max_length=120, verbose_name="décidé par"),
        ),
    ]
