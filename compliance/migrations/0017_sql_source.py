"""Issue 37: the core's SQL loaded from its files (compliance/sql/, compliance/sqlsource.py): the append-only refusals
every app's triggers call, and the audit events' triggers. The same definitions as migration 0002's, now read from
the one place that holds them."""

from django.db import migrations

from compliance import sqlsource


class Migration(migrations.Migration):

    dependencies = [
        ("compliance", "0016_house_lists"),
    ]

    operations = [
        sqlsource.load("compliance", "functions/vigie_refuse_change.sql", "functions/vigie_refuse_truncate.sql",
                       "triggers/compliance_auditevent.sql"),
    ]
