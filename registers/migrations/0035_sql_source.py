"""Issue 37: the registers' SQL loaded from its files (registers/sql/, compliance/sqlsource.py), one per function and
one per table's triggers, each as the database now holds it; the migrations before wrote them in Python strings,
eleven of them twice or more, some by formatting.

What changes with them:
- one partition function, vigie_partition(table, casino, day), instead of vigie_entry_partition,
  vigie_movement_partition and vigie_hand_partition (and the entries' two helpers), which are dropped;
- the roles a partition or an archive grants to are read from the grants of its table (vigie_privileges_like), no
  longer written into the functions from the settings;
- an entry's hash pre-image is written once in SQL (vigie_entry_hash), as are a slot operation's payload
  (vigie_play_payload) and answer (vigie_slot_response), where vigie_entry_append, vigie_card_play, vigie_slot_play and
  vigie_slot_plays each wrote their own;
- an archived partition leaves its table through one function (vigie_partition_keep), the entries' as the movements'
  and the deals'.
The functions reloaded take back their per-function plan setting where the database keeps none (vigie_generic_plans)."""

from django.conf import settings
from django.db import migrations

from compliance import sqlsource

FUNCTIONS = ("vigie_entry_hash", "vigie_play_payload", "vigie_slot_response", "vigie_privileges_like",
             "vigie_read_only", "vigie_partition", "vigie_entry_id", "vigie_entry_continues", "vigie_entry_append",
             "vigie_card_frozen", "vigie_card_movement_continues", "vigie_card_balance_is_ledger", "vigie_card_record",
             "vigie_card_play", "vigie_slot_play", "vigie_slot_plays", "vigie_partition_keep", "vigie_archive",
             "vigie_archive_entries", "vigie_generic_plans")
TABLES = ("registers_entry", "registers_checkpoint", "registers_gamingsession", "registers_verifiedcheckpoint",
          "registers_card", "registers_cardmovement", "registers_tablesession", "registers_slip", "registers_slipvoid",
          "registers_pokersession", "registers_handimport", "registers_consignment", "registers_pokerhand",
          "registers_tournamententry", "registers_tournamentout", "registers_tournamentplace", "registers_chiprace",
          "registers_tournamentpayout", "registers_archivedhead", "registers_archivedbalance")
DROPPED = ("vigie_entry_partition(bigint, date)", "vigie_movement_partition(bigint, date)",
           "vigie_hand_partition(bigint, date)", "vigie_entry_partition_protect(text)",
           "vigie_entry_partition_unique(text)")
OWNER_ONLY = ("vigie_partition(text, bigint, date)", "vigie_privileges_like(text, text, text)",
              "vigie_partition_keep(text, bigint, text)", "vigie_generic_plans(boolean)")


def _privileges(apps, schema_editor):
    """Only the owner runs the functions that make tables and grant; the application's role may open a partition."""
    role = settings.DATABASE_APP_ROLE
    schema_editor.execute(f"""REVOKE ALL ON FUNCTION {", ".join(OWNER_ONLY)} FROM PUBLIC;
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') THEN
          GRANT EXECUTE ON FUNCTION vigie_partition(text, bigint, date) TO "{role}";
        END IF; END $$;""", params=None)  # nosec B608  # names from this migration and the settings, run once by the owner


class Migration(migrations.Migration):

    dependencies = [
        ("compliance", "0017_sql_source"),  # vigie_refuse_change, vigie_refuse_truncate
        ("registers", "0034_poker_hand_cash_out"),
    ]

    operations = [
        sqlsource.load("registers", *(f"functions/{name}.sql" for name in FUNCTIONS),
                       *(f"triggers/{table}.sql" for table in TABLES)),
        # irreversible: the migrations before hold the old functions' text only as history
        migrations.RunSQL("".join(f"DROP FUNCTION {signature};" for signature in DROPPED)),
        migrations.RunPython(_privileges, migrations.RunPython.noop),
        migrations.RunSQL("SELECT vigie_generic_plans(true)", migrations.RunSQL.noop),
    ]
