# Generated for the notices (registers/notices): a notice's signed poster

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('reports', '0006_report_supersedes'),
    ]

    operations = [
        migrations.AlterField(
            model_name='report',
            name='kind',
            field=models.CharField(choices=[('register_daily', "Rapport quotidien d'un registre"), ('register_monthly', "Livre mensuel d'un registre"), ('caisse_daily', 'Relevé quotidien de la caisse spéciale'), ('paytable_return', "Taux de retour d'une table de paiement"), ('card_statement', "Relevé de carte d'un client"), ('approval_decision', "Lettre de décision d'une demande d'approbation"), ('tournament_results', "Résultats d'un tournoi"), ('notice_poster', "Affiche d'un avis")], max_length=30, verbose_name='nature'),
        ),
    ]
