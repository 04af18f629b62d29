"""A poker room's import as the demo's real deals put it to the test (issue 37, inputs): a deal's number is its casino's
room's, not only its day's; the same deal sent again with its start written in another zone (the same instant) is the
same deal; a refused file names the deal, the deal's field and the line, a closed day included, and its amounts in
the casino's currency, never in cents."""

import datetime
import io
import re
from dataclasses import replace
from zoneinfo import ZoneInfo

import pytest

from compliance.models import Casino, User
from games.poker import compact
from games.poker.faults import broken
from games.poker.formats import ohh
from games.poker.hand import CALL
from registers.chain.services import days_late
from registers.models import Entry, GamingSession, HandImport, PokerHand, PokerSession
from registers.poker_room.imports import HandRefused, hands_import

CASINO = "la-moselle"


@pytest.fixture
def room(demo, rules):
    return Casino.objects.select_related("jurisdiction").get(code=CASINO), User.objects.get(username="lu.caissier")


def _written(casino) -> tuple:
    return (PokerHand.objects.filter(casino=casino).count(), Entry.objects.filter(register__casino=casino).count(),
            HandImport.objects.filter(casino=casino).count())


def _deals(casino, day=None, count=5) -> list:
    rows = PokerHand.objects.filter(casino=casino, table="TH-1").order_by("gaming_day", "id")
    rows = rows.filter(gaming_day=day) if day else rows
    return [compact.load(row.data) for row in rows[:count]]


def _file(deals) -> io.BytesIO:
    text = io.StringIO()
    ohh.write(deals, text)  # one deal a line
    return io.BytesIO(text.getvalue().encode())


def _open_day(casino, other_than: datetime.date) -> PokerSession:
    """A TH-1 session of the demo on a day the registers still take without a late reason."""
    closed = set(GamingSession.objects.filter(casino=casino).values_list("gaming_day", flat=True))
    return next(session for session in PokerSession.objects.filter(casino=casino, table="TH-1").order_by("-gaming_day")
                if session.gaming_day not in closed | {other_than} and not days_late(casino, session.gaming_day))


def test_a_demo_deal_s_number_from_another_day_is_refused_naming_the_deal_the_field_and_the_line(room):
    casino, cashier = room
    (old,) = _deals(casino, count=1)  # the room's first deal, of the demo's first day
    first_day = PokerHand.objects.get(casino=casino, number=old.number).gaming_day
    later = _open_day(casino, first_day)
    start = later.opened_at + datetime.timedelta(hours=3)
    new = replace(old, number=f"{old.number}-bis", started_at=start)
    again = replace(old, started_at=start + datetime.timedelta(minutes=5))  # its number, on another day
    before = _written(casino)
    with pytest.raises(HandRefused) as refused:
        hands_import(casino=casino, actor=cashier, source=_file([new, again]))
    error = refused.value
    assert (error.number, error.position, error.line, error.item) == (old.number, 2, 2, "number")
    message = str(error.message)
    assert message.startswith(f"Main n° {old.number} (main 2 du fichier, ligne 2, champ « number ») refusée")
    assert first_day.isoformat() in message and error.code == "duplicate"
    assert _written(casino) == before
    assert hands_import(casino=casino, actor=cashier, source=_file([new])).created == 1  # the new number alone


@pytest.mark.parametrize("zone", ["Europe/Luxembourg", "America/Toronto"])
def test_a_demo_deal_sent_again_with_its_time_in_another_zone_is_the_same_deal(room, zone):
    casino, cashier = room
    deals = _deals(casino)
    lines = _file(deals).getvalue().decode().splitlines()
    for index, deal in enumerate(deals):  # the same instant, written with the zone's offset
        local = deal.started_at.astimezone(ZoneInfo(zone)).isoformat()
        lines[index] = re.sub(r'"start_date_utc":"[^"]+"', f'"start_date_utc":"{local}"', lines[index])
        assert local in lines[index]
    before = _written(casino)
    result = hands_import(casino=casino, actor=cashier, source=io.BytesIO("\n".join(lines).encode()))
    assert (result.hands, result.created, result.known, result.entries) == (5, 0, 5, [])
    assert _written(casino) == before


def test_a_changed_deal_is_still_refused_whatever_zone_its_time_is_written_in(room):
    casino, cashier = room
    deal = _deals(casino, count=1)[0]
    changed = replace(deal, started_at=deal.started_at.astimezone(ZoneInfo("Europe/Luxembourg")),
                      table="TH-1", seats=tuple(replace(seat, player=f"{seat.player}.") if n == 0 else seat
                                                for n, seat in enumerate(deal.seats)),
                      actions=tuple(replace(action, player=f"{action.player}.")
                                    if action.player == deal.seats[0].player else action for action in deal.actions),
                      pots=tuple(replace(pot, wins=tuple((f"{p}." if p == deal.seats[0].player else p, w)
                                                         for p, w in pot.wins)) for pot in deal.pots))
    with pytest.raises(HandRefused) as refused:
        hands_import(casino=casino, actor=cashier, source=_file([changed]))
    assert refused.value.item == "number" and "autre contenu" in str(refused.value.message)


def test_a_deal_of_the_closed_day_is_refused_naming_the_deal_not_only_the_day(room):
    casino, cashier = room
    # the last day the demo closed (compliance/reports/demo.py; the levy book's demo closes older ones)
    closed = GamingSession.objects.filter(casino=casino).latest("gaming_day").gaming_day
    session = PokerSession.objects.filter(casino=casino, table="TH-1", gaming_day=closed).first()
    assert session is not None, "the demo's closed day has deals at TH-1"
    deal = _deals(casino, count=1)[0]
    late = replace(deal, number="CLOS-1", started_at=session.opened_at + datetime.timedelta(hours=2))
    before = _written(casino)
    with pytest.raises(HandRefused) as refused:
        hands_import(casino=casino, actor=cashier, source=_file([late]))
    error = refused.value
    assert (error.number, error.position, error.line, error.item, error.code) == ("CLOS-1", 1, 1, "started_at",
                                                                                   "session_closed")
    assert "CLOS-1" in str(error.message) and closed.isoformat() in str(error.message)
    assert _written(casino) == before


def test_a_deal_the_replay_refuses_is_named_with_its_line_and_its_amounts_in_euros(room):
    casino, cashier = room
    day = _open_day(casino, None)
    deals = [replace(deal, number=f"R-{n}", started_at=day.opened_at + datetime.timedelta(minutes=n))
             for n, deal in enumerate(_deals(casino, count=3), 1)]
    called = next(deal for deal in _deals(casino, count=40)
                  if any(a.kind == CALL and not a.all_in and a.amount > 1 for a in deal.actions))
    deals[2] = broken(replace(called, number="R-3", started_at=deals[2].started_at), "dont_add_up")
    with pytest.raises(HandRefused) as refused:
        hands_import(casino=casino, actor=cashier, source=_file(deals))
    error = refused.value
    assert (error.number, error.position, error.line, error.item) == ("R-3", 3, 3, "actions")
    message = str(error.message)
    # euros and cents, as people write them, where the message gave the deal's minor units (« call de 999 »)
    euros = r"\d+\.\d\d EUR"
    assert re.search(rf"call de {euros} avec {euros} à payer et un tapis de {euros}$", message), message
