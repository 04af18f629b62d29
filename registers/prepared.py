"""A statement the slot machines send by the thousand a second, prepared once per connection: PostgreSQL then
neither parses nor plans it again, and its parameters go apart from its text (Django's cursor writes them into the
text on every call). It is logged as Django logs a query, so a test that counts an operation's statements still
counts it, and its errors are Django's, with psycopg's as their cause."""

import time

import psycopg
from django.db import connection


def fetch_one(sql: str, params: list) -> tuple | None:
    """The first row of `sql` run with `params` (placeholders `%s`) on the default connection, in its transaction."""
    connection.ensure_connection()
    connection.validate_no_broken_transaction()
    started = time.monotonic()
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(sql, params, prepare=True)
        row = cursor.fetchone()
    if connection.queries_logged:
        connection.queries_log.append({"sql": f"{sql} -- {params!r}", "time": f"{time.monotonic() - started:.3f}"})
    return row
