# The playing-card stock's register (registers/decks: LU RGD 1979 art. 6, 37-9, 37-12, 37-16, 49-1, 49-5 as the draft
# words them; MC AM 2007-668 art. 1): a register kind among the choices; it also merges the two leaves before it.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('registers', '0044_keno_register'),
    ]

    operations = [
        migrations.AlterField(
            model_name='register',
            name='kind',
            field=models.CharField(choices=[('orphelins', 'Orphelins (sommes trouvées)'), ('jackpots', 'Paiements manuels de jackpots'), ('jackpot_progressif', 'Jackpots progressifs de poker'), ('bad_beat', 'Bad beat jackpot'), ('cagnotte', 'Cagnotte'), ('appareils', 'Appareils à sous'), ('cartes', 'Cartes de jeu électroniques'), ('avances', "Carnet d'avances des tables"), ('carnets_speciaux', 'Carnets spéciaux des tables'), ('approbations', "Demandes d'approbation et avis à l'autorité"), ('tournois', 'Tournois'), ('prelevements', 'Carnet de prélèvement'), ('jeux_de_cartes', 'Stock de jeux de cartes'), ('keno', 'Keno : billets, tirages et paiements'), ('direction', 'Registre de la direction')], max_length=30, verbose_name='registre'),
        ),
    ]
