"""Admissions and exclusions (registers/admissions): the casino's admission policy, the admission cards issued at the
door and the exclusion list. Personal data, deleted once the casino's retention has run: unlike the registers, the
application's role may delete these rows (the default privileges of migration 0002 give it)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('compliance', '0018_audit_arrete_filed'),
        ('registers', '0040_table_limits'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Admission',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField(verbose_name='n° de carte')),
                ('kind', models.CharField(choices=[('journaliere', 'Carte journalière'), ('annuelle', 'Carte annuelle')], max_length=20, verbose_name='carte')),
                ('guest', models.BooleanField(default=False, verbose_name="invité d'honneur")),
                ('price', models.DecimalField(decimal_places=2, max_digits=10, verbose_name='prix')),
                ('last_name', models.CharField(max_length=120, verbose_name='nom')),
                ('first_name', models.CharField(max_length=120, verbose_name='prénom')),
                ('birth_date', models.DateField(verbose_name='date de naissance')),
                ('document', models.CharField(choices=[('carte_identite', "Carte d'identité"), ('passeport', 'Passeport'), ('titre_sejour', 'Titre de séjour'), ('permis_conduire', 'Permis de conduire')], max_length=20, verbose_name="pièce d'identité")),
                ('document_end', models.CharField(max_length=4, verbose_name='derniers caractères du numéro')),
                ('valid_from', models.DateField(verbose_name='valable du')),
                ('valid_until', models.DateField(verbose_name="valable jusqu'au")),
                ('issued_at', models.DateTimeField(auto_now_add=True)),
                ('casino', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='admissions', to='compliance.casino')),
                ('issued_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': "carte d'admission",
                'ordering': ['casino', '-valid_from', '-number'],
                'constraints': [models.UniqueConstraint(fields=('casino', 'number'), name='admission_one_number'), models.CheckConstraint(condition=models.Q(('guest', False), ('price', 0), _connector='OR'), name='admission_guest_free'), models.CheckConstraint(condition=models.Q(('price__gte', 0)), name='admission_price_not_negative'), models.CheckConstraint(condition=models.Q(('valid_until__gte', models.F('valid_from'))), name='admission_days')],
            },
        ),
        migrations.CreateModel(
            name='AdmissionPolicy',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('minimum_age', models.PositiveSmallIntegerField(verbose_name='âge minimum')),
                ('age_reference', models.CharField(max_length=200, verbose_name="référence de l'âge minimum")),
                ('retention_days', models.PositiveIntegerField(verbose_name='conservation des données personnelles (jours)')),
                ('retention_reference', models.CharField(max_length=200, verbose_name='référence de la durée de conservation')),
                ('effective_from', models.DateField(verbose_name='en vigueur le')),
                ('recorded_at', models.DateTimeField(auto_now_add=True)),
                ('casino', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='admission_policies', to='compliance.casino')),
                ('recorded_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': "politique d'admission",
                'ordering': ['casino', '-effective_from', '-pk'],
                'constraints': [models.UniqueConstraint(fields=('casino', 'effective_from'), name='admissionpolicy_one_a_day'), models.CheckConstraint(condition=models.Q(('retention_days__gt', 0)), name='admissionpolicy_retention_positive')],
            },
        ),
        migrations.CreateModel(
            name='Exclusion',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField(verbose_name="n° d'exclusion")),
                ('last_name', models.CharField(max_length=120, verbose_name='nom')),
                ('first_name', models.CharField(max_length=120, verbose_name='prénom')),
                ('birth_date', models.DateField(verbose_name='date de naissance')),
                ('scope', models.CharField(choices=[('etablissement', "L'établissement"), ('salon_poker', 'Le salon de poker')], max_length=20, verbose_name='exclu de')),
                ('source', models.CharField(max_length=200, verbose_name='source')),
                ('starts_on', models.DateField(verbose_name='du')),
                ('ends_on', models.DateField(blank=True, null=True, verbose_name='au')),
                ('recorded_at', models.DateTimeField(auto_now_add=True)),
                ('casino', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='exclusions', to='compliance.casino')),
                ('recorded_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'exclusion',
                'ordering': ['casino', '-starts_on', '-number'],
                'constraints': [models.UniqueConstraint(fields=('casino', 'number'), name='exclusion_one_number'), models.CheckConstraint(condition=models.Q(('ends_on__isnull', True), ('ends_on__gte', models.F('starts_on')), _connector='OR'), name='exclusion_days')],
            },
        ),
    ]
