"""A register's chain written by COPY: each entry hashed by the chain's own code (registers/chain/hashing.py) after
the one before, exactly as `entry_append` would have chained it, and sent to PostgreSQL a day at a time. The
database still holds what it holds for any entry (its n° and link unique in the register, append-only)."""

import datetime

from django.db import connection

from compliance.models import User

from ..chain import hashing as chain
from ..chain.selectors import register_head
from ..chain.services import checkpoint_signed, entry_ids, timestamp
from ..models import Checkpoint, Entry, Register

ENTRY_COLUMNS = ("id", "register_id", "seq", "kind", "gaming_day", "payload", "actor_id", "recorded_at", "prev_hash",
                 "hash")


def ids(table: str, count: int) -> list[int]:
    """`count` ids of the table's own sequence, taken at once."""
    if count <= 0:
        return []
    with connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
                       [table, count])
        return [row[0] for row in cursor.fetchall()]


class ChainWriter:
    """The head of one register, carried from entry to entry; `flush` writes what was chained since the last one."""

    def __init__(self, register: Register):
        self.register, self.label = register, register.label
        self.seq, self.head = register_head(register) or (0, chain.GENESIS)
        self.rows: list[tuple] = []
        self.written = 0

    def append(self, *, kind: str, gaming_day: datetime.date, actor: User, payload: dict,
               recorded_at: datetime.datetime) -> int:
        """Chains one entry; returns its place in the rows not yet written (its id comes at `flush`)."""
        text = chain.canonical(payload)
        self.seq += 1
        digest = chain.EntryData(self.label, self.seq, self.head, kind, gaming_day.isoformat(), None, text,
                                 actor.username, None, timestamp(recorded_at)).digest()
        self.rows.append((self.register.pk, self.seq, kind, gaming_day, text, actor.pk, recorded_at, self.head,
                          digest))
        self.head = digest
        return len(self.rows) - 1

    def flush(self) -> list[int]:
        """Writes the chained rows; returns their ids, in order."""
        return chain_rows_write(self.register.casino_id, self.take())

    def take(self) -> list[tuple]:
        """The rows chained since the last `take`, to be written by `chain_rows_write` (on any connection)."""
        rows, self.rows = self.rows, []
        self.written += len(rows)
        return rows

    def checkpoint(self, *, signed_by: User, signed_at: datetime.datetime, reason: str = "session_close") -> Checkpoint:
        """The head as it stands, signed as `checkpoint_create` signs it (not saved)."""
        return checkpoint_signed(register=self.register, size=self.seq, head_hash=self.head, signed_at=signed_at,
                                 user=signed_by, reason=reason)


def chain_rows_write(casino_id: int, rows: list[tuple]) -> list[int]:
    """Writes rows a ChainWriter chained; returns their ids, in order."""
    taken = entry_ids(casino_id, [row[3] for row in rows])
    with connection.cursor() as cursor, cursor.cursor.copy(
            f"COPY {Entry._meta.db_table} ({', '.join(ENTRY_COLUMNS)}) FROM STDIN") as copy:
        for entry_id, row in zip(taken, rows, strict=True):
            copy.write_row((entry_id, *row))
    return taken
