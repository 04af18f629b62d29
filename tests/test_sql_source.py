"""Issue 37, the SQL as source: every function and trigger PostgreSQL runs for Vigie is in a `.sql` file of the app
that owns it (compliance/sqlsource.py), and the database holds exactly what the files say, the migrations having
loaded them; no Python module outside the migrations writes a function or a trigger."""

import re
from pathlib import Path

import pytest
from django.apps import apps
from django.db import connection

from compliance import sqlsource

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent
# a setting the migrations put on the ledger's functions only where the database keeps none (vigie_generic_plans)
PER_FUNCTION_PLAN = " SET plan_cache_mode TO 'force_generic_plan'\n"
# the tables functions make (partitions, archives), each protected by the function that made it
MADE_BY_FUNCTIONS = re.compile(r"_c[0-9]+(_[0-9]+)?$|_archive_c[0-9]+_[0-9]+$")
REPLACE = "CREATE OR REPLACE "  # what every file says, and pg_get_triggerdef does not


def _flat(sql: str) -> str:
    """The statement as text, its white space folded."""
    return " ".join(sql.split())


def _statements(path: Path) -> list[str]:
    """A file's statements, without the comment lines that head it."""
    lines = path.read_text(encoding="utf-8").splitlines()
    while lines and (not lines[0].strip() or lines[0].startswith("--")):
        lines.pop(0)
    text = "\n".join(lines).strip()
    if path.parent.name == "functions":
        return [text.removesuffix(";")]  # one statement: its body holds semicolons
    return [statement.strip() for statement in text.split(";") if statement.strip()]


def _files(kind: str) -> dict[str, Path]:
    found = {}
    for config in apps.get_app_configs():
        for path in sqlsource.files(config.label, kind):
            assert path.stem not in found, f"{path.stem} : deux fichiers, {found[path.stem]} et {path}"
            found[path.stem] = path
    return found


def _database_functions() -> dict[str, str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT proname, pg_get_functiondef(oid) FROM pg_proc "
                       "WHERE proname LIKE 'vigie\\_%' AND pronamespace = 'public'::regnamespace ORDER BY proname")
        rows = cursor.fetchall()
    names = [name for name, _ in rows]
    assert len(names) == len(set(names)), f"une fonction en plusieurs signatures : {names}"
    return {name: definition.replace(PER_FUNCTION_PLAN, "\n") for name, definition in rows}


def _database_triggers() -> dict[str, list[str]]:
    """Each table's own triggers (not those a partition takes from its table), tables made by functions left out."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT c.relname, pg_get_triggerdef(t.oid) FROM pg_trigger t "
                       "JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal AND t.tgparentid = 0 "
                       "AND NOT c.relispartition AND c.relnamespace = 'public'::regnamespace ORDER BY 1, 2")
        rows = cursor.fetchall()
    triggers: dict[str, list[str]] = {}
    for table, definition in rows:
        if not MADE_BY_FUNCTIONS.search(table):
            triggers.setdefault(table, []).append(_flat(definition))
    return triggers


def test_every_vigie_function_of_the_database_is_its_file_and_every_file_is_in_the_database():
    files, database = _files("functions"), _database_functions()
    assert sorted(database) == sorted(files), (f"sans fichier : {sorted(set(database) - set(files))} ; "
                                               f"fichier sans fonction : {sorted(set(files) - set(database))}")
    for name, path in files.items():
        (statement,) = _statements(path)
        assert _flat(statement) == _flat(database[name]), f"{name} diffère de {path.relative_to(ROOT)}"


def test_every_trigger_of_the_database_is_in_its_tables_file_and_every_file_is_in_the_database():
    files, database = _files("triggers"), _database_triggers()
    assert sorted(database) == sorted(files), (f"sans fichier : {sorted(set(database) - set(files))} ; "
                                               f"fichier sans table : {sorted(set(files) - set(database))}")
    for table, path in files.items():
        written = sorted(_flat(s.replace(REPLACE, "CREATE ", 1)) for s in _statements(path))
        assert written == sorted(database[table]), f"les déclencheurs de {table} diffèrent de {path.relative_to(ROOT)}"


def test_the_files_are_what_the_migrations_load():
    """Each function file replaces the one function it is named after, each trigger file the triggers of its table
    only: so loading a file again is all a change of it needs."""
    for name, path in _files("functions").items():
        (statement,) = _statements(path)
        assert statement.startswith(f"{REPLACE}FUNCTION public.{name}("), path
    for table, path in _files("triggers").items():
        for statement in _statements(path):
            assert re.match(rf"{REPLACE}TRIGGER \w+ .* ON public\.{table} ", _flat(statement)), path


def test_no_python_module_outside_the_migrations_and_the_loader_writes_a_function_or_a_trigger():
    written = re.compile(r"\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)\b", re.IGNORECASE)
    loader = Path(sqlsource.__file__).resolve()
    found = []
    for top in sorted(p for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".") and p.name != "var"):
        for path in top.rglob("*.py"):
            if "migrations" in path.parts or path.resolve() == loader:
                continue
            if written.search(path.read_text(encoding="utf-8", errors="replace")):
                found.append(str(path.relative_to(ROOT)))
    assert found == []


def test_one_function_opens_the_partitions_of_every_partitioned_register_table():
    with connection.cursor() as cursor:
        cursor.execute("SELECT proname FROM pg_proc WHERE proname LIKE 'vigie\\_%partition' ORDER BY 1")
        assert [name for (name,) in cursor.fetchall()] == ["vigie_partition"]
        with pytest.raises(Exception, match="pas une table partitionnée"):
            cursor.execute("SELECT vigie_partition('registers_slip', 1, current_date)")
