"""A request's steps, findings and attachments are its file's evidence: append-only like the registers' entries, for
every role, and the application's role may only read and insert them."""

from django.conf import settings
from django.db import migrations

APPEND_ONLY = ("approvals_requeststep", "approvals_requestfinding", "approvals_requestattachment")
SQL = "".join(f"""
CREATE TRIGGER {table}_no_update_delete BEFORE UPDATE OR DELETE ON {table}
  FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table}
  FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
""" for table in APPEND_ONLY)
REVERSE = "".join(f"DROP TRIGGER {table}_no_update_delete ON {table}; DROP TRIGGER {table}_no_truncate ON {table};"
                  for table in APPEND_ONLY)


def _revoke(apps, schema_editor):
    role, tables = settings.DATABASE_APP_ROLE, ", ".join(APPEND_ONLY)
    schema_editor.execute(f"""DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') THEN
        REVOKE UPDATE, DELETE, TRUNCATE ON {tables} FROM "{role}";
      END IF; END $$;""", params=None)  # nosec B608  # names from this migration and the settings, run once by the owner


class Migration(migrations.Migration):

    dependencies = [
        ("approvals", "0001_initial"),
        ("registers", "0002_append_only"),  # vigie_refuse_change, vigie_refuse_truncate
    ]

    operations = [
        migrations.RunSQL(SQL, REVERSE),
        migrations.RunPython(_revoke, migrations.RunPython.noop),
    ]
