"""A table session's limits per betting spot and side bet and the options its table offers, set at opening, and each
change of limits during the séance (issue 38, point 5). Append-only as the tables' other rows: the application's role
may only read and insert the changes."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

ROLE = settings.DATABASE_APP_ROLE


def _privileges(apps, schema_editor):
    schema_editor.execute(f"""DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
        REVOKE UPDATE, DELETE, TRUNCATE ON registers_tablelimitchange FROM "{ROLE}";
        GRANT SELECT, INSERT ON registers_tablelimitchange TO "{ROLE}";
      END IF; END $$;""", params=None)  # nosec B608  # names from this migration and the settings, run once by the owner


class Migration(migrations.Migration):

    dependencies = [
        ('registers', '0039_poker_seance_close'),
    ]

    operations = [
        migrations.AddField(
            model_name='tablesession',
            name='options',
            field=models.JSONField(blank=True, db_default={}, default=dict, verbose_name='options offertes'),
        ),
        migrations.AddField(
            model_name='tablesession',
            name='spots',
            field=models.JSONField(blank=True, db_default={}, default=dict, verbose_name='limites des mises'),
        ),
        migrations.CreateModel(
            name='TableLimitChange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('spot', models.CharField(blank=True, max_length=40, verbose_name='mise')),
                ('minimum', models.DecimalField(decimal_places=2, max_digits=12, verbose_name='mise minimale')),
                ('maximum', models.DecimalField(decimal_places=2, max_digits=12, verbose_name='mise maximale')),
                ('changed_at', models.DateTimeField(verbose_name='heure du changement')),
                ('decided_by', models.CharField(max_length=120, verbose_name='décidé par')),
                ('citation', models.CharField(max_length=200)),
                ('entry', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='registers.entry')),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='limit_changes', to='registers.tablesession')),
            ],
            options={
                'verbose_name': 'changement des limites',
                'ordering': ['session', 'changed_at', 'id'],
                'constraints': [models.CheckConstraint(condition=models.Q(('minimum__gt', 0), ('maximum__gte', models.F('minimum'))), name='tablelimitchange_limits')],
            },
        ),
        migrations.RunPython(_privileges, migrations.RunPython.noop),
    ]
