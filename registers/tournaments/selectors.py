"""Reads of the tournaments: who is still in play, when late registration ends, the money (fees in = prize pool + the
house's part), and the places and prizes, computed from the players out while the tournament runs and read from the
places set at its end afterwards."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet, Sum

from games.tournaments import places, structure

from ..models import Tournament, TournamentEntry
from . import rules

CENTS = Decimal(100)
ZERO = Decimal("0.00")


def in_play(tournament: Tournament) -> QuerySet[TournamentEntry]:
    return tournament.entries.filter(out__isnull=True).order_by("number")


@dataclass(frozen=True)
class Late:
    until: datetime.datetime
    citation: str
    minutes: tuple[int, ...]
    started_at: datetime.datetime

    def level_at(self, moment: datetime.datetime) -> int:
        return structure.level_at(self.minutes, self.started_at, moment)


def late_registration(tournament: Tournament) -> Late:
    """Late registration ends with the level the rules fix (ROPTA §1.8: the second, where they fix none)."""
    minutes = tuple(level["minutes"] for level in tournament.levels)
    start = tournament.started_at or tournament.starts_at
    rule = rules.ropta(rules.LATE_LEVELS, start.date())
    return Late(structure.late_until(minutes, start, tournament.late_levels), str(rule.citation), minutes, start)


@dataclass(frozen=True)
class Money:
    entries: int
    fees: Decimal  # every fee sold, re-entries included
    pool: Decimal  # their part to the prize pool
    house: Decimal  # the house's part
    overlay: Decimal  # what the house adds to meet the guaranteed prizes
    paid: Decimal  # the prizes paid so far

    @property
    def prizes(self) -> Decimal:
        return self.pool + self.overlay

    @property
    def balanced(self) -> bool:
        """Fees in = prize pool + the house's part, and the prizes paid are the pool with what the house added."""
        return self.fees == self.pool + self.house and self.paid == self.prizes


def money_of(tournament: Tournament) -> Money:
    sold = tournament.entries.aggregate(n=Sum(1), fees=Sum("fee"), pool=Sum("to_pool"))
    fees, pool = sold["fees"] or ZERO, sold["pool"] or ZERO
    paid = tournament.places.aggregate(paid=Sum("payout__amount"))["paid"] or ZERO
    overlay = max(ZERO, (tournament.guaranteed or ZERO) - pool)
    return Money(tournament.entries.count(), fees, pool, fees - pool, overlay, paid)


@dataclass(frozen=True)
class Line:
    place: int
    tied: int
    seat: TournamentEntry
    prize: Decimal


@dataclass(frozen=True)
class Standing:
    lines: list[Line]  # best first
    final: bool  # the tournament is over: every player placed
    citation: str


def placing_citation(day: datetime.date) -> str:
    return " ; ".join(str(rules.ropta(key, day).citation) for key in (
        "ropta.tournoi.sortants_simultanes", "ropta.tournoi.main_par_main_tables_differentes"))


def results(tournament: Tournament) -> Standing:
    """The places so far (the players out, from the last) and their prizes; an entry its player re-entered after takes
    no place, the re-entry does."""
    day = (tournament.started_at or tournament.starts_at).date()
    if tournament.state in (Tournament.State.FINISHED, Tournament.State.CLOSED):
        rows = tournament.places.select_related("seat").order_by("place", "seat__number")
        return Standing([Line(row.place, row.tied, row.seat, row.prize) for row in rows], True, placing_citation(day))
    entries = list(tournament.entries.select_related("out").order_by("number"))
    last = {seat.player: seat.number for seat in entries}
    final = [seat for seat in entries if last[seat.player] == seat.number]
    playing = [seat for seat in final if not hasattr(seat, "out")]
    groups: dict[int, list[TournamentEntry]] = {}
    for seat in final:
        if hasattr(seat, "out"):
            groups.setdefault(seat.out.group, []).append(seat)
    by_number = {str(seat.number): seat for seat in final}
    placed: list[tuple[int, tuple[str, ...]]] = [(1, (str(playing[0].number),))] if len(playing) == 1 else []
    remaining = len(playing)
    for group in sorted(groups, reverse=True):
        out = {str(seat.number): (seat.out.table, seat.out.stack) for seat in groups[group]}
        placed.extend(places.placed_at_tables(out, remaining + len(out)))
        remaining += len(out)
    pool = money_of(tournament).prizes
    prizes = structure.prizes(int(pool * CENTS), [Decimal(share) for share in tournament.shares]) if pool else []
    shares = places.shares(prizes, placed) if placed else {}
    lines = [Line(place, len(tied), by_number[number], (Decimal(shares.get(number, 0)) / CENTS).quantize(ZERO))
             for place, tied in sorted(placed) for number in tied]
    return Standing(lines, len(playing) == 1, placing_citation(day))
