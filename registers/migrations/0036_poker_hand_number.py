"""A deal's number is its casino's poker room's, whatever its day (issue 37): the import looks a new deal's number up
among all the casino's deals. The table is partitioned by casino then by month, so PostgreSQL cannot hold that
uniqueness itself (a unique index holds the partition columns: (casino, gaming_day, number), migration 0012); this
index, made on every partition, answers the import's look-up (registers/poker_room/imports.py, numbers_taken)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("registers", "0035_sql_source"),
    ]

    operations = [
        migrations.RunSQL(
            "CREATE INDEX registers_pokerhand_number ON registers_pokerhand (casino_id, number);",
            "DROP INDEX registers_pokerhand_number;",
        ),
    ]
