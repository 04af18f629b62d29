# The direction's register (LU RGD 1979 art. 18-6, 51, 52, the draft's wording): a register kind among the choices.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('registers', '0041_admissions'),
    ]

    operations = [
        migrations.AlterField(
            model_name='register',
            name='kind',
            field=models.CharField(choices=[('orphelins', 'Orphelins (sommes trouvées)'), ('jackpots', 'Paiements manuels de jackpots'), ('jackpot_progressif', 'Jackpots progressifs de poker'), ('bad_beat', 'Bad beat jackpot'), ('cagnotte', 'Cagnotte'), ('appareils', 'Appareils à sous'), ('cartes', 'Cartes de jeu électroniques'), ('avances', "Carnet d'avances des tables"), ('carnets_speciaux', 'Carnets spéciaux des tables'), ('approbations', "Demandes d'approbation et avis à l'autorité"), ('tournois', 'Tournois'), ('prelevements', 'Carnet de prélèvement'), ('direction', 'Registre de la direction')], max_length=30, verbose_name='registre'),
        ),
    ]
