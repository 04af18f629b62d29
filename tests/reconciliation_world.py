"""What the reconciliation tests build on: casino C (Luxembourg, a fixed float) and casino A (Québec, the inventory
counted) with their managers, a filing delay long enough to play a fortnight back, and a way to write what the
services refuse (the checks guard the registers against rows that did not come through them)."""

import datetime

from django.db import connection
from django.utils import timezone

from compliance.models import Casino
from registers.models import Slip
from tests.conftest import lu_today, make_user
from tests.tables_world import FLOAT, close, count, fill, open_lu

DAY = lu_today() - datetime.timedelta(days=1)


def world_for_reconciliation(world):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.other_accountant_c = make_user("compta.c2", "accountant", casino=world.c)
    Casino.objects.filter(pk__in=(world.a.pk, world.c.pk)).update(late_filing_days=60)
    world.a.refresh_from_db()
    world.c.refresh_from_db()
    return world


def lu_day(w, table, day, *, serial=None, fills=1000, closing=None, drop=5000):
    """A Luxembourg session played in full: opened on its float, one fill, closed, its drop counted."""
    session = open_lu(w, table, day)
    if serial is not None:
        fill(w, session, serial, {"100": fills // 100})
    close(w, session, closing or FLOAT)
    count(w, session, {"100": drop // 100})
    return session


def slip_inserted(session, kind: str, amount: str, *, serial=None, signatures=None, details=None) -> Slip:
    """A slip written straight into its table, as no service would: it rests on the session's opening entry."""
    return Slip.objects.create(
        casino=session.table.casino, session=session, gaming_day=session.gaming_day, kind=kind,
        year=session.gaming_day.year if serial else None, serial=serial, amount=amount, denominations={},
        signatures=signatures or {}, details=details or {}, recorded_at=timezone.now(), entry=session.entry)


def serials_unique_dropped() -> None:
    """Lifts the database's own guard on slip numbers for this test's transaction only (rolled back after it)."""
    with connection.cursor() as cursor:
        cursor.execute("DROP INDEX slip_serial_once")
