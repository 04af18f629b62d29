# The key ceremony audited (compliance/reports/ceremony.py, issue 40): a token initialised, a key created, a certificate exported, the file keys migrated

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('compliance', '0021_audit_age_refused'),
    ]

    operations = [
        migrations.AlterField(
            model_name='auditevent',
            name='action',
            field=models.CharField(choices=[('casino_created', 'Casino créé'), ('casino_changed', 'Casino modifié'), ('user_created', 'Utilisateur créé'), ('user_changed', 'Utilisateur modifié'), ('user_password_changed', 'Mot de passe modifié'), ('jurisdictions_loaded', 'Juridictions chargées'), ('rules_loaded', 'Textes et règles chargés'), ('job_enqueued', 'Traitement demandé'), ('job_succeeded', 'Traitement terminé'), ('job_failed', 'Traitement en échec'), ('api_token_issued', "Jeton d'API délivré"), ('client_registered', 'Client identifié'), ('card_certificate_recorded', 'Certificat du système de cartes enregistré'), ('slot_system_registered', 'Système de gestion des machines enregistré'), ('slot_system_rate_set', 'Débit du système de gestion des machines modifié'), ('certificate_issued', 'Certificat de signature délivré'), ('certificate_revoked', 'Certificat de signature révoqué'), ('report_requested', 'Rapport signé demandé'), ('report_signed', 'Rapport signé'), ('table_created', 'Table de jeu créée'), ('approval_drafted', "Demande d'approbation préparée"), ('approval_attached', "Document joint à une demande d'approbation"), ('approval_finding_added', "Constat de l'autorité ajouté à une demande"), ('tournament_drafted', 'Tournoi préparé'), ('year_archived', 'Année archivée'), ('calendar_feed_issued', 'Adresse privée du calendrier délivrée'), ('calendar_feed_revoked', 'Adresse privée du calendrier révoquée'), ('digest_sent', 'Résumé envoyé par courriel'), ('house_list_added', 'Élément ajouté aux listes du casino'), ('house_list_retired', 'Élément retiré des listes du casino'), ('arrete_filed', 'Valeur fixée par arrêté saisie'), ('notice_posted', 'Avis affiché'), ('notice_withdrawn', 'Avis retiré'), ('admission_policy_set', "Politique d'admission saisie"), ('admission_issued', "Carte d'admission délivrée"), ('exclusion_recorded', 'Exclusion enregistrée'), ('exclusion_read', "Liste d'exclusion consultée"), ('age_refused', "Personne refusée sous l'âge minimum"), ('personal_data_purged', 'Données personnelles supprimées'), ('key_ceremony', 'Cérémonie des clés')], max_length=40, verbose_name='action'),
        ),
    ]
