"""The demo, loaded once per test database and copied beside its tables: a test that asks for `demo` gets it back by
INSERT … SELECT in well under a second instead of a `demo_load()` of a quarter of a minute.

A copy taken on another gaming day (the suite crossed a casino's midnight) is taken again, once, before the first test
that wants it that day, outside any test's transaction: the demo's content follows the casinos' date."""

import datetime
from dataclasses import dataclass
from zoneinfo import ZoneInfo

import pytest

PREFIX = "snapd_"
# rebuilt by post_migrate after each flush (rules included: tests/conftest.py puts them back itself)
NOT_COPIED = {"django_content_type", "auth_permission", "django_session", "django_admin_log"}
ZONES = ("Europe/Luxembourg", "America/Toronto", "Europe/Monaco")
UNCHAINED = ("registers_entry", "registers_cardmovement")


@dataclass(frozen=True)
class Copy:
    days: tuple[datetime.date, ...]
    tables: tuple[str, ...]
    created: tuple[str, ...]  # what demo_load said it created


def casino_days() -> tuple[datetime.date, ...]:
    """Today in each demo casino's zone: the demo's content follows it."""
    return tuple(datetime.datetime.now(ZoneInfo(zone)).date() for zone in ZONES)


def _tables(cursor, skipped: set[str]) -> tuple[str, ...]:
    from django.db import connection

    names = connection.introspection.django_table_names(only_existing=True, include_views=False)
    filled = []
    for name in sorted(set(names) - skipped):
        cursor.execute(f'SELECT EXISTS (SELECT 1 FROM "{name}")')
        if cursor.fetchone()[0]:
            filled.append(name)
    return tuple(filled)


def _columns(cursor, table: str) -> str:
    cursor.execute("SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) "
                   "FROM information_schema.columns WHERE table_name = %s AND is_generated = 'NEVER'", [table])
    return cursor.fetchone()[0]


def _has_id(cursor, table: str) -> bool:
    cursor.execute("SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = %s "
                   "AND column_name = 'id')", [table])
    return cursor.fetchone()[0]


def take(rule_tables: list[str]) -> Copy:
    """Loads the demo (committed), copies every table it filled, then empties the database as a flush does."""
    from django.core.management import call_command
    from django.db import connection

    from compliance.demo import demo_load

    days = casino_days()
    created = demo_load()
    with connection.cursor() as cursor:
        tables = _tables(cursor, NOT_COPIED)
        for table in tables:
            # of the rules' tables, only the rows the demo added (its strategies' distributions): the rules come back
            # by themselves after each flush
            added = f' WHERE id NOT IN (SELECT id FROM "snap_{table}")' if table in rule_tables else ""
            cursor.execute(f'DROP TABLE IF EXISTS "{PREFIX}{table}"; '
                           f'CREATE TABLE "{PREFIX}{table}" AS SELECT * FROM "{table}"{added}')
    call_command("flush", verbosity=0, interactive=False)
    return Copy(days=days, tables=tables, created=tuple(created))


def put_back(copy: Copy) -> None:
    """The copied rows back in their tables, in their order (a card's movement must follow the one before, an
    entry its register's head: triggers check it), then each sequence past them."""
    from django.db import connection, transaction

    with transaction.atomic(), connection.cursor() as cursor:
        # the registers first: a trigger checks each entry's id names its register's casino (migration 0020)
        for table in sorted(copy.tables, key=lambda name: name != "registers_register"):
            columns, ordered = _columns(cursor, table), _has_id(cursor, table)
            # a chain or a card whose start the demo archived (Casino du Vieux-Pont) cannot be replayed entry by entry:
            # its head lies in the archive, so the rows come back without their continuity triggers (they held when
            # the demo wrote them)
            if table in UNCHAINED:
                cursor.execute(f'ALTER TABLE "{table}" DISABLE TRIGGER USER')
            cursor.execute(f'INSERT INTO "{table}" ({columns}) SELECT {columns} FROM "{PREFIX}{table}"'
                           + (" ORDER BY id" if ordered else ""))
            if table in UNCHAINED:
                cursor.execute(f'ALTER TABLE "{table}" ENABLE TRIGGER USER')
            if ordered:
                cursor.execute(f"SELECT pg_get_serial_sequence('\"{table}\"', 'id')")
                (sequence,) = cursor.fetchone()
                if sequence:
                    cursor.execute(f'SELECT setval(%s, GREATEST((SELECT max(id) FROM "{table}"), '
                                   f'(SELECT last_value FROM {sequence})))', [sequence])


class Copies:
    """The session's copy, retaken when the casinos' day has turned since it was taken."""

    def __init__(self, blocker):
        self.blocker = blocker
        self.copy = self._take()

    def _take(self) -> Copy:
        from tests.conftest import _rule_tables

        with self.blocker.unblock():
            return take(_rule_tables())

    def retake_if_stale(self) -> None:
        if self.copy.days != casino_days():
            self.copy = self._take()


_COPIES: list[Copies] = []  # the session's, once taken


def retake_if_stale(fixturenames) -> None:
    """Called before a test's fixtures (so outside its transaction): the copy follows the casinos' day."""
    if _COPIES and not {"demo", "whole_demo"}.isdisjoint(fixturenames):
        _COPIES[0].retake_if_stale()


@pytest.fixture(scope="session")
def demo_copies(django_db_setup, django_db_blocker) -> Copies:
    _COPIES[:] = [Copies(django_db_blocker)]
    return _COPIES[0]


@pytest.fixture
def demo_copy(demo_copies) -> Copy:
    return demo_copies.copy


@pytest.fixture
def demo(request, demo_copy):
    """The whole demo in the test's database, committed for a test with a browser or a worker (transactional),
    inside the test's transaction otherwise; what its load said it created."""
    return _put_back_or_load(request, demo_copy)


@pytest.fixture
def whole_demo(request, demo_copy):
    """`demo`, under another name for a module whose own `demo` is a part of it (tests/test_approvals_demo.py)."""
    return _put_back_or_load(request, demo_copy)


def _put_back_or_load(request, demo_copy) -> list[str]:
    transactional = not {"transactional_db", "live_server"}.isdisjoint(request.fixturenames)
    request.getfixturevalue("transactional_db" if transactional else "db")
    if demo_copy.days == casino_days():
        put_back(demo_copy)
        return list(demo_copy.created)
    from compliance.demo import demo_load

    return demo_load()  # the day turned between the copy and this test: rare, and still right
