"""The ledger's functions and triggers keep one plan (migration 0020) without paying for it on every call. Set on each
function, `plan_cache_mode` is put in place and taken back at each of the seven calls of a card operation (8 % of
the operation's time in the database, measured with pgbench on `vigie_card_play`); set on the database, it is read
once per session. The product sends no prepared statement of its own whose plan would depend on its parameters:
Django binds them in the client, and those registers/prepared.py prepares for the slot operations each look up one
key, card or register.

Where the role that migrates does not own the database (a cluster run by others), the functions keep their own
setting: slower, the same plans."""

from django.db import migrations

from compliance import sqlsource


class Migration(migrations.Migration):

    dependencies = [
        ("registers", "0025_slot_request_one_index"),
    ]

    # the setting's logic lives in registers/sql/functions/vigie_generic_plans.sql, which later migrations call again
    operations = [
        sqlsource.load("registers", "functions/vigie_generic_plans.sql"),
        migrations.RunSQL("SELECT vigie_generic_plans(true)", "SELECT vigie_generic_plans(false)"),
    ]
