"""The direction's findings (registers/direction): playing time no presence covers, a gaming day without hours and
without a presence, an act by an employee the director had not designated (LU art. 51, 52, 18-6, draft wording)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('reconciliation', '0011_progressive_lot_finding'),
    ]

    operations = [
        migrations.AlterField(
            model_name='finding',
            name='kind',
            field=models.CharField(choices=[('serie_trou', 'Trou dans la numérotation des bordereaux'), ('serie_doublon', 'Numéro de bordereau en double'), ('non_fermee', 'Table non fermée'), ('inventaire', "Inventaire d'ouverture ≠ fermeture précédente"), ('avance', 'Avance non reconstituée'), ('drop_absent', 'Drop non compté'), ('drop', 'Drop non compté par deux personnes'), ('hold', 'Hold hors de la bande attendue'), ('commission', 'Commissions Pai Gow'), ('poker_plafond', 'Retenue au-delà du maximum légal'), ('poker_retenue', 'Retenue déclarée ≠ retenue recalculée'), ('poker_cagnotte', 'Retenues des mains ≠ cagnotte comptée'), ('poker_progressif', 'Incréments du jackpot progressif ≠ relevé'), ('poker_increments', 'Incréments déclarés ≠ incréments recalculés'), ('poker_bad_beat', 'Incréments du bad beat jackpot ≠ registre'), ('poker_carnet', 'Carnet de compte du bad beat ≠ retenues des mains'), ('poker_orphelin', 'Mise consignée absente des orphelins'), ('poker_gains', 'Gains autres que ceux des cartes'), ('poker_relance', 'Relance hors des limites de la version'), ('poker_version', 'Main hors de la version ou des blinds de la séance'), ('poker_avoir', 'Avoir sous le minimum indiqué à la table'), ('prelevement_retard', 'Prélèvement viré après son échéance'), ('prelevement_manquant', 'Prélèvement non viré à son échéance'), ('arrete', "Séance ouverte autrement que l'arrêté du Ministre ne le fixe"), ('poker_non_fermee', 'Séance de poker non fermée'), ('poker_caisse', 'Caisse de change fermée sur un écart non expliqué'), ('poker_tapis', 'Tapis diminué entre deux mains'), ('poker_recave', 'Recave au-delà du maximum du règlement intérieur'), ('direction_absente', 'Jeux sans directeur ni remplaçant inscrit présent'), ('direction_journee', 'Journée de jeu sans présence inscrite de la direction'), ('employe_non_designe', 'Acte fait par un employé non désigné par le directeur'), ('lot_progressif', 'Lot progressif affiché ≠ compte du lot')], max_length=20, verbose_name='nature'),
        ),
    ]
