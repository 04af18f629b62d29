"""The SQL PostgreSQL runs lives in `.sql` files, in the app that owns it: `<app>/sql/functions/<name>.sql`, one
function each, and `<app>/sql/triggers/<table>.sql`, the triggers of one table. Each file holds the statement as the
database gives it back (pg_get_functiondef, pg_get_triggerdef, as CREATE OR REPLACE), under a few comment lines saying
why it exists, so that one place shows what runs. A migration loads files with `load`; to change a function, edit
its file and add a migration that loads it again. tests/test_sql_source.py holds the database and the files equal."""

from pathlib import Path

from django.apps import apps
from django.db import migrations

KINDS = ("functions", "triggers")


def sql_dir(app_label: str) -> Path:
    return Path(apps.get_app_config(app_label).path) / "sql"


def files(app_label: str, kind: str) -> list[Path]:
    """The app's files of `kind` (one of KINDS), by name."""
    return sorted((sql_dir(app_label) / kind).glob("*.sql"))


def read(app_label: str, name: str) -> str:
    """The text of the app's file `name`, e.g. "functions/vigie_entry_append.sql"."""
    return (sql_dir(app_label) / name).read_text(encoding="utf-8")


def load(app_label: str, *names: str) -> migrations.RunSQL:
    """A migration's operation that runs the app's files `names`, one statement list each, in that order. Its way back
    is nothing: the migrations before it made what it replaces, and a later one drops what it no longer needs."""
    return migrations.RunSQL([read(app_label, name) for name in names], migrations.RunSQL.noop)
