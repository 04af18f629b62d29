"""A casino's closed year archived: its card movements, its poker deals and its register entries, partitioned by
casino and period (migrations 0012, 0017 and 0020), detached from the registers' tables by `vigie_archive` and
`vigie_archive_entries` and kept read-only (INSERT, UPDATE, DELETE and TRUNCATE refused for every role, SELECT only
for the application's role). The rows hanging from the year's entries (slips, sessions, reports…) go to archives of
their own with them (migration 0021). The chains still verify from their first entry: the verification reads the
archived years with the live ones (`KeptEntry`)."""

import datetime

from django.db import connection, transaction
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import AuditAction, Casino, User
from compliance.services import audit_record
from registers.errors import ErrorCode

from ..chain.kept import year_ids

ARCHIVED = ("registers_cardmovement", "registers_pokerhand")
# what the registers and the cards go on from once the year has left their tables (migration 0027)
HEADS = """INSERT INTO registers_archivedhead (register_id, year, seq, hash)
SELECT DISTINCT ON (register_id) register_id, %(year)s, seq, hash FROM registers_entry
WHERE id >= %(first)s AND id < %(end)s ORDER BY register_id, seq DESC"""
BALANCES = """INSERT INTO registers_archivedbalance (card_id, year, movement_id, balance_after)
SELECT DISTINCT ON (card_id) card_id, %(year)s, id, balance_after FROM registers_cardmovement
WHERE casino_id = %(casino)s AND gaming_day >= %(start)s AND gaming_day < %(next)s ORDER BY card_id, id DESC"""
ADMIN_ONLY = _("Seul un administrateur de la plateforme archive une année d'un casino.")
YEAR_OPEN = _("L'année {year} n'est pas close pour le casino (il est au {today}) : seule une année passée s'archive.")


@transaction.atomic
def year_archive(*, casino: Casino, year: int, actor: User) -> dict[str, int]:
    """Detaches the casino's `year` from each partitioned table, having recorded the head each register and the
    balance each card end it on (what they go on from); returns the partitions archived per table."""
    if actor.role != User.Role.ADMIN:
        raise DomainError(ADMIN_ONLY, code=ErrorCode.WRONG_ROLE, field="actor")
    today = casino.today()
    if not isinstance(year, int) or isinstance(year, bool) or year >= today.year:
        raise DomainError(YEAR_OPEN.format(year=year, today=today.isoformat()), code=ErrorCode.INVALID, field="year")
    done = {}
    with connection.cursor() as cursor:
        # rows the caller's transaction wrote are checked now (a table with checks pending cannot be altered), then
        # the references are deferred again, as in a transaction of its own (every deferrable one is initially deferred)
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE; SET CONSTRAINTS ALL DEFERRED")
        first, end = year_ids(casino.pk, year)
        span = {"year": year, "casino": casino.pk, "first": first, "end": end,
                "start": datetime.date(year, 1, 1), "next": datetime.date(year + 1, 1, 1)}
        cursor.execute(HEADS, span)
        cursor.execute(BALANCES, span)
        for table in ARCHIVED:
            cursor.execute("SELECT vigie_archive(%s, %s, %s)", [table, casino.pk, year])
            done[table] = cursor.fetchone()[0]
        # last: the rows hanging from the year's entries go with them, the movements and deals being gone already
        cursor.execute("SELECT vigie_archive_entries(%s, %s)", [casino.pk, year])
        done["registers_entry"] = cursor.fetchone()[0]
    audit_record(actor=actor, action=AuditAction.YEAR_ARCHIVED, casino=casino, target_type="year", target_id=year,
                 details=done)
    return done


@transaction.atomic
def year_partitions_open(*, casino: Casino, year: int) -> list[str]:
    """Makes the casino's partitions of `year` for the entries and the card movements before their first row, each
    in a short transaction of its own: attaching a partition of the entries locks their writers out until the
    commit (a write would open it itself otherwise, and hold them for its whole transaction)."""
    first = datetime.date(year, 1, 1)
    with connection.cursor() as cursor:
        cursor.execute("SELECT vigie_partition('registers_entry', %s, %s), "
                       "vigie_partition('registers_cardmovement', %s, %s)",
                       [casino.pk, first, casino.pk, first])
        return list(cursor.fetchone())


def casino_partitions_open(casino: Casino, *, ahead: int = 1) -> list[str]:
    """The casino's partitions of this year and the `ahead` next ones."""
    year = casino.today().year
    return [name for y in range(year, year + ahead + 1) for name in year_partitions_open(casino=casino, year=y)]


def partitions_ahead() -> dict[str, list[str]]:
    """Every casino's partitions of this year and the next, made ahead (the registers' daily task)."""
    return {casino.code: casino_partitions_open(casino) for casino in Casino.objects.order_by("pk")}
