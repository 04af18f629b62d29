"""The statements the slot machines send by the thousand a second.

Each is prepared once per connection: PostgreSQL then neither parses nor plans it again, and its parameters go apart
from its text (Django's cursor writes them into the text on every call). It is logged as Django logs a query, so a
test that counts an operation's statements still counts it, and its errors are Django's, with psycopg's as their
cause.

A ledger operation run on its own (not within a caller's transaction) commits without waiting for its WAL to reach
the disk, then waits for it with a second transaction (`flushed`): its commit then frees the register's row at once,
and the next operation on the chain, instead of waiting for that write too, shares it. Nothing is answered before
the operation is on disk, as with a synchronous commit (and on a synchronous standby, if one is configured: the
second transaction's commit waits for it). The WAL is written in order: an entry that is on disk has the entries it
follows on disk too, so no crash can leave a chain with a gap. Only a reader could see, for the time of that write,
an operation that a crash at that instant would take back, which its caller was never told was done.
"""

import time
from contextlib import contextmanager

import psycopg
from django.db import connection, transaction

# A transaction that wrote WAL waits, at its commit, for the WAL up to its own record, so up to the operation's. It
# must write some: one that only took an id commits without waiting. A logical message is a record of a few bytes,
# at any wal_level, that no table keeps.
FLUSHED = "SELECT pg_logical_emit_message(true, 'vigie', '')"


def _run(sql: str, params: list, fetch):
    connection.ensure_connection()
    connection.validate_no_broken_transaction()
    started = time.monotonic()
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(sql, params, prepare=True)
        result = fetch(cursor)
    if connection.queries_logged:
        connection.queries_log.append({"sql": f"{sql} -- {params!r}", "time": f"{time.monotonic() - started:.3f}"})
    return result


def fetch_one(sql: str, params: list) -> tuple | None:
    """The first row of `sql` run with `params` (placeholders `%s`) on the default connection, in its transaction."""
    return _run(sql, params, psycopg.Cursor.fetchone)


def fetch_all(sql: str, params: list) -> list[tuple]:
    """Every row of `sql`, as fetch_one reads the first."""
    return _run(sql, params, psycopg.Cursor.fetchall)


@contextmanager
def on_disk():
    """One transaction for several ledger operations, committed as `operation` commits one: without waiting for its
    WAL, then waiting for it before this returns. Within a caller's transaction, the caller's."""
    if connection.in_atomic_block or not connection.get_autocommit():
        yield
        return
    with transaction.atomic():
        fetch_one("SELECT set_config('synchronous_commit', 'off', true)", [])
        yield
    fetch_one(FLUSHED, [])


def operation(call: str, params: list) -> tuple:
    """The row of the ledger function `call` (`vigie_…(%s, …)`, whose first column, its outcome, is 'done' when it
    wrote), on disk when this returns. Within a caller's transaction, its commit is the caller's, synchronous."""
    if connection.in_atomic_block or not connection.get_autocommit():
        return fetch_one(f"SELECT * FROM {call}", params)  # nosec B608  # a prepared call, values bound
    row = fetch_one(f"SELECT f.* FROM {call} f, set_config('synchronous_commit', 'off', true) s", params)  # nosec B608  # a prepared call, values bound
    if row[0] == "done":
        fetch_one(FLUSHED, [])
    return row
