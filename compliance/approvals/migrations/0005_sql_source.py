"""Issue 37: the approvals' triggers loaded from their files (compliance/approvals/sql/triggers/): a request's steps,
findings and attachments and a wheel's publications, append-only. The same triggers as migrations 0002 and 0004's."""

from django.db import migrations

from compliance import sqlsource

TABLES = ("approvals_requeststep", "approvals_requestfinding", "approvals_requestattachment",
          "approvals_wheelpublication")


class Migration(migrations.Migration):

    dependencies = [
        ("approvals", "0004_wheel_publication_powers"),
        ("compliance", "0017_sql_source"),  # vigie_refuse_change, vigie_refuse_truncate
    ]

    operations = [
        sqlsource.load("approvals", *(f"triggers/{table}.sql" for table in TABLES)),
    ]
