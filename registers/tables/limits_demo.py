"""The demo's limits per bet and their changes during a séance (issue 38, point 5), through the services: today's
tables open with their spots' limits and the options they indicate (tables/demo.py TABLES); at La Moselle the
directeur responsable raises HC-01's maximum during the séance, indicated at the table (LU RGD 1979 art. 37-11); and
one difference planted for the nightly reconciliation: yesterday UT-01 opened a second séance whose « TRIPS » maximum
exceeds the one La Moselle's arrêté fixes (art. 37-13 al. 4; registers/arretes/demo.py files it), its float, minimum and
maximum those of the arrêté in force, closed with its float restored and its drop counted."""

import datetime
from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from compliance.models import Casino, User

from ..models import GamingTable, TableSession
from .services import drop_count, limits_change, session_close, session_open

SIGNED = {"croupier": "Croupier", "superviseur": "Chef de salle"}
COUNTED = {"compteur_1": "Compteur A", "compteur_2": "Compteur B"}
# (casino, table): the séance's new maximum, raised during today's séance by whom
RAISED = {("la-moselle", "HC-01"): ("2000", "Directeur responsable")}
# (casino, table): yesterday's second séance — float, minimum, maximum, its TRIPS spot (minimum, maximum)
PLANTED = {("la-moselle", "UT-01"): (Decimal("16000"), "10", "500", ("5", "200"))}


def planted_seance(casino: Casino, manager: User, cashier: User, today: datetime.date,
                   counted) -> list[str]:
    """Yesterday's second séance whose TRIPS maximum the reconciliation finds above the arrêté's (before today's
    tables open: a table opens again only once its latest séance is closed)."""
    done = []
    for (code, number), (float_amount, minimum, maximum, (low, high)) in PLANTED.items():
        if code != casino.code:
            continue
        table = GamingTable.objects.get(casino=casino, number=number)
        session = session_open(table=table, actor=manager, gaming_day=today - timedelta(days=1), minimum=minimum,
                               maximum=maximum, denominations=counted(float_amount), signatures=SIGNED,
                               float_amount=float_amount, spots={"trips": {"minimum": low, "maximum": high}})
        session_close(session=session, actor=cashier, denominations=counted(float_amount), signatures=SIGNED)
        drop_count(session=session, actor=cashier, amount="0.00", denominations={}, signatures=COUNTED)
        done.append(f"{number}: yesterday's second séance, its TRIPS maximum {high}")
    return done


def maximum_raised(casino: Casino, manager: User, today: datetime.date) -> list[str]:
    """Today's maximum raised during the séance, indicated at the table, with its time and who decided it."""
    done = []
    for (code, number), (maximum, decided_by) in RAISED.items():
        session = TableSession.objects.filter(table__casino=casino, table__number=number, gaming_day=today) \
            .order_by("-number").first() if code == casino.code else None
        if session is None:
            continue
        limits_change(session=session, actor=manager, minimum=session.minimum, maximum=maximum,
                      decided_by=decided_by, displayed=True, changed_at=timezone.now())
        done.append(f"{number}: maximum raised to {maximum} during the séance")
    return done
