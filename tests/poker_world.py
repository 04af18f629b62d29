"""What the poker room's tests build on: a session opened through the service, deals played by the simulator at its
table, written as the room's file (OHH or PokerStars-style text)."""

import datetime
import io
import random
from decimal import Decimal
from zoneinfo import ZoneInfo

from games.poker import hand as deal
from games.poker.formats import ohh, pokerstars
from games.poker.simulator import Table, play
from registers.poker_room import rules
from registers.poker_room.services import poker_session_open

PLAYERS = ["Ana", "Tom", "Eva", "Luc", "Marc", "Sara", "Jo", "Nina", "Paul", "Lea", "Max", "Ines"]


def session(casino, actor, day: datetime.date, *, table="TH-1", variant=deal.HOLDEM, version=deal.NO_LIMIT,
            minimum="10", small="5", big="10", rate="0.05", rake_cap=None, bad_beat=None, hour=19, **schedule):
    """`schedule`: the rest of the rake schedule and the option (no_flop_no_drop, rake_per_pot, chip, option)."""
    zone = ZoneInfo(casino.jurisdiction.timezone)
    return poker_session_open(casino=casino, actor=actor, gaming_day=day, table=table, variant=variant,
                              version=version, minimum=minimum, small_blind=small, big_blind=big, rake_rate=rate,
                              rake_cap=rake_cap, bad_beat=bad_beat,
                              opened_at=datetime.datetime.combine(day, datetime.time(hour), tzinfo=zone), **schedule)


def hands(opened, count: int, *, seed: int = 1, progressive: dict | None = None) -> list[deal.Hand]:
    """`count` deals at the session's table, from five minutes after it opened."""
    table = Table(opened.table, opened.variant, opened.version, int(opened.small_blind * 100),
                  int(opened.big_blind * 100), opened.option, 0, int((opened.cap or 0) * 100),
                  9 if opened.variant == deal.HOLDEM else 6, opened.casino.currency,
                  rules.session_rules(opened, progressive))
    # in the casino's zone, as the room numbers its deals by its own date (the simulator's « table-yyyymmdd-n »)
    start = opened.opened_at.astimezone(ZoneInfo(opened.casino.jurisdiction.timezone)) + datetime.timedelta(minutes=5)
    return list(play(table, start, count, random.Random(seed), list(PLAYERS)))


def ohh_file(dealt: list[deal.Hand]) -> io.BytesIO:
    text = io.StringIO()
    ohh.write(dealt, text)
    return io.BytesIO(text.getvalue().encode())


def stars_file(dealt: list[deal.Hand]) -> io.BytesIO:
    text = io.StringIO()
    pokerstars.write(dealt, text)
    return io.BytesIO(text.getvalue().encode())


def cents(value) -> Decimal:
    return (Decimal(value) / 100).quantize(Decimal("0.01"))
