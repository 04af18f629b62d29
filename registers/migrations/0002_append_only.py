"""Append-only, enforced by PostgreSQL itself.

Triggers refuse UPDATE and DELETE on entries, checkpoints and closed sessions, for every role, and
TRUNCATE unless the maintenance switch `vigie.maintenance` is on (only the test suite's owner role
sets it, to empty its throw-away databases). The application's role (settings.DATABASE_APP_ROLE)
is granted what it needs everywhere else, but on these tables only SELECT and INSERT.
"""

from django.conf import settings
from django.db import migrations

APPEND_ONLY = ("registers_entry", "registers_checkpoint", "registers_gamingsession")

FUNCTIONS = """
CREATE OR REPLACE FUNCTION vigie_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'registre en ajout seul : % refusé sur % / append-only register: % refused',
    TG_OP, TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE OR REPLACE FUNCTION vigie_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('vigie.maintenance', true), '') <> 'on' THEN
    RAISE EXCEPTION 'registre en ajout seul : TRUNCATE refusé sur % / append-only register: TRUNCATE refused',
      TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END $$;
"""


def _triggers(table: str) -> str:
    return f"""
CREATE TRIGGER {table}_no_update_delete BEFORE UPDATE OR DELETE ON {table}
  FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table}
  FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
"""


def _grants(role: str) -> str:
    tables = ", ".join(APPEND_ONLY)
    return f"""
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') THEN
    GRANT USAGE ON SCHEMA public TO "{role}";
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO "{role}";
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO "{role}";
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO "{role}";
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO "{role}";
    REVOKE UPDATE, DELETE, TRUNCATE ON {tables} FROM "{role}";
  ELSE
    RAISE NOTICE 'rôle applicatif % absent : privilèges non accordés', '{role}';
  END IF;
END $$;
"""  # nosec B608  # names from this migration and the settings, run once by the owner


def forwards(apps, schema_editor):
    statements = FUNCTIONS + "".join(_triggers(t) for t in APPEND_ONLY) + _grants(settings.DATABASE_APP_ROLE)
    schema_editor.execute(statements, params=None)


def backwards(apps, schema_editor):
    for table in APPEND_ONLY:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_update_delete ON {table};"
                              f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table};", params=None)


class Migration(migrations.Migration):
    dependencies = [("registers", "0001_registers")]
    operations = [migrations.RunPython(forwards, backwards)]
