"""The notices a casino posts and withdraws (registers/notices): append-only, each posting and each withdrawal a new
row; the application's role may only read and insert them."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from compliance import sqlsource

ROLE = settings.DATABASE_APP_ROLE


def _privileges(apps, schema_editor):
    schema_editor.execute(f"""DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
        REVOKE UPDATE, DELETE, TRUNCATE ON registers_noticeevent FROM "{ROLE}";
        GRANT SELECT, INSERT ON registers_noticeevent TO "{ROLE}";
      END IF; END $$;""", params=None)  # nosec B608  # names from this migration and the settings, run once by the owner


class Migration(migrations.Migration):

    dependencies = [
        ('compliance', '0020_audit_notice'),
        ('registers', '0042_direction_register'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='NoticeEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('action', models.CharField(choices=[('pose', 'Affichage'), ('retrait', 'Retrait')], max_length=10, verbose_name='mouvement')),
                ('kind', models.CharField(max_length=60, verbose_name='avis')),
                ('place', models.CharField(max_length=120, verbose_name='emplacement')),
                ('day', models.DateField(verbose_name='jour')),
                ('size', models.CharField(default='A4', max_length=2, verbose_name='format')),
                ('content', models.JSONField(blank=True, default=dict, verbose_name='texte affiché')),
                ('digest', models.CharField(blank=True, max_length=64, verbose_name='empreinte SHA-256')),
                ('reason', models.CharField(blank=True, max_length=300, verbose_name='motif du retrait')),
                ('recorded_at', models.DateTimeField(auto_now_add=True)),
                ('actor', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('casino', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='notice_events', to='compliance.casino', verbose_name='casino')),
                ('posting', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='withdrawals', to='registers.noticeevent', verbose_name='affichage retiré')),
            ],
            options={
                'verbose_name': 'affichage',
                'ordering': ['casino', 'day', 'pk'],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('action', 'pose'), ('posting__isnull', True), ('size__in', ('A4', 'A3'))), models.Q(('action', 'retrait'), ('posting__isnull', False)), _connector='OR'), name='noticeevent_shape'), models.UniqueConstraint(condition=models.Q(('action', 'retrait')), fields=('posting',), name='noticeevent_one_withdrawal')],
            },
        ),
        sqlsource.load("registers", "triggers/registers_noticeevent.sql"),
        migrations.RunPython(_privileges, migrations.RunPython.noop),
    ]
