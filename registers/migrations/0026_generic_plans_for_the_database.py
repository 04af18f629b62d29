"""The ledger's functions and triggers keep one plan (migration 0020) without paying for it on every call. Set on each
function, `plan_cache_mode` is put in place and taken back at each of the seven calls of a card operation (8 % of
the operation's time in the database, measured with pgbench on `vigie_card_play`); set on the database, it is read
once per session. The product sends no prepared statement of its own whose plan would depend on its parameters:
Django binds them in the client, and those registers/prepared.py prepares for the slot operations each look up one
key, card or register.

Where the role that migrates does not own the database (a cluster run by others), the functions keep their own
setting: slower, the same plans."""

from django.db import migrations

FUNCTIONS = ("'vigie_entry_append', 'vigie_entry_continues', 'vigie_card_record', 'vigie_card_play', 'vigie_slot_play', "
             "'vigie_card_movement_continues', 'vigie_card_balance_is_ledger'")


def _sql(on_database: bool) -> str:
    function = "RESET plan_cache_mode" if on_database else "SET plan_cache_mode = force_generic_plan"
    database = "SET plan_cache_mode = force_generic_plan" if on_database else "RESET plan_cache_mode"
    return f"""
DO $$ DECLARE f regprocedure; BEGIN
  IF NOT pg_has_role(current_user, (SELECT datdba FROM pg_database WHERE datname = current_database()), 'USAGE') THEN
    RAISE NOTICE 'plan_cache_mode reste réglé par fonction / stays set per function: % does not own the database',
      current_user;
    RETURN;
  END IF;
  EXECUTE format('ALTER DATABASE %I {database}', current_database());
  FOR f IN SELECT oid::regprocedure FROM pg_proc WHERE proname IN ({FUNCTIONS}) LOOP
    EXECUTE format('ALTER FUNCTION %s {function}', f);
  END LOOP;
END $$;
"""


class Migration(migrations.Migration):

    dependencies = [
        ("registers", "0025_slot_request_one_index"),
    ]

    operations = [migrations.RunSQL(_sql(True), _sql(False))]
