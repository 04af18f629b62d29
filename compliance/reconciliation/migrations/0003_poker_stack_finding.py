"""A deal dealt to a player whose stack is below the least the table shows (QC RJC art. 67.94)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('reconciliation', '0002_poker_findings'),
    ]

    operations = [
        migrations.AlterField(
            model_name='finding',
            name='kind',
            field=models.CharField(choices=[('serie_trou', 'Trou dans la numérotation des bordereaux'), ('serie_doublon', 'Numéro de bordereau en double'), ('non_fermee', 'Table non fermée'), ('inventaire', "Inventaire d'ouverture ≠ fermeture précédente"), ('avance', 'Avance non reconstituée'), ('drop_absent', 'Drop non compté'), ('drop', 'Drop non compté par deux personnes'), ('hold', 'Hold hors de la bande attendue'), ('commission', 'Commissions Pai Gow'), ('poker_plafond', 'Retenue au-delà du maximum légal'), ('poker_retenue', 'Retenue déclarée ≠ retenue recalculée'), ('poker_cagnotte', 'Retenues des mains ≠ cagnotte comptée'), ('poker_progressif', 'Incréments du jackpot progressif ≠ relevé'), ('poker_increments', 'Incréments déclarés ≠ incréments recalculés'), ('poker_bad_beat', 'Incréments du bad beat jackpot ≠ registre'), ('poker_orphelin', 'Mise consignée absente des orphelins'), ('poker_gains', 'Gains autres que ceux des cartes'), ('poker_relance', 'Relance hors des limites de la version'), ('poker_version', 'Main hors de la version ou des blinds de la séance'), ('poker_avoir', 'Avoir sous le minimum indiqué à la table')], max_length=20, verbose_name='nature'),
        ),
    ]
