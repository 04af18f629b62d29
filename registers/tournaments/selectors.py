"""Reads of the tournaments: who is still in play, when late registration ends, the money (fees in = prize pool + the
house's part), and the places and prizes, computed from the players out while the tournament runs and read from the
places set at its end afterwards; and what the pages read: the tournaments of a user's scope, one of them, one whose
rules are published (the public page), the games a casino may hold one of, its entries in the register."""

import datetime
import json
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q, QuerySet, Sum
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone

from compliance.models import Casino, User
from games.models import Game
from games.tournaments import places, structure

from ..kinds import RegisterKind
from ..models import Entry, Tournament, TournamentEntry
from . import controls, rules

ROPTA_GAME = "ropta.tournoi"  # the rulebook's own tournament, which any casino may adopt

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
    """Late registration ends with the level the rules fix (ROPTA §1.8, where adopted: the second, where they fix none;
    otherwise the level the tournament's published rules fix)."""
    minutes = tuple(level["minutes"] for level in tournament.levels)
    start = tournament.started_at or tournament.starts_at
    until, citation = controls.late_end(minutes, start, tournament.late_levels, tournament.ropta_adopted)
    return Late(until, citation, minutes, start)


def state_of(tournament: Tournament, now: datetime.datetime | None = None) -> controls.TournamentState:
    """The tournament as its controls read it (controls.py), at `now`: its state, the moments of its steps, its
    entries with who is out, its places with what is paid, and the casino's rule values."""
    casino = tournament.casino
    late = late_registration(tournament)
    seats = tuple(controls.Seat(seat.number, seat.player, hasattr(seat, "out"))
                  for seat in tournament.entries.select_related("out").order_by("number"))
    places = tuple(controls.Place(row.place, row.seat.number, row.seat.player, row.prize, hasattr(row, "payout"))
                   for row in tournament.places.select_related("seat", "payout").order_by("place", "seat__number"))
    return controls.TournamentState(
        state=tournament.state, now=now or timezone.now(), starts_at=tournament.starts_at,
        start_day=casino.today(tournament.starts_at), fee=tournament.fee, capacity=tournament.capacity,
        reentries=tournament.reentries, ropta_adopted=tournament.ropta_adopted, tables=tuple(tournament.tables),
        published_at=tournament.published_at,
        published_day=casino.today(tournament.published_at) if tournament.published_at else None,
        started_at=tournament.started_at, finished_at=tournament.finished_at, late_until=late.until,
        late_levels=tournament.late_levels, late_citation=late.citation, seats=seats, places=places,
        rule=lambda key, day: rules.of(casino, key, day))


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
    def unpaid(self) -> Decimal:
        return self.prizes - self.paid

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


def placing_citation(tournament: Tournament, day: datetime.date) -> str:
    """ROPTA §1.10 and §2.7 where the casino adopted the rulebook; otherwise its own rule: players out on the same deal
    are tied."""
    if not tournament.ropta_adopted:
        return rules.NOT_ADOPTED
    return " ; ".join(rules.ropta(key, day).citation for key in (rules.SAME_DEAL, rules.HAND_FOR_HAND))


def results(tournament: Tournament) -> Standing:
    """The places so far (the players out, from the last) and their prizes; an entry its player re-entered after takes
    no place, the re-entry does."""
    day = (tournament.started_at or tournament.starts_at).date()
    if tournament.state in (Tournament.State.FINISHED, Tournament.State.CLOSED):
        rows = tournament.places.select_related("seat").order_by("place", "seat__number")
        return Standing([Line(row.place, row.tied, row.seat, row.prize) for row in rows], True,
                        placing_citation(tournament, day))
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
        if tournament.ropta_adopted:  # §1.10 at one table, §2.7 from one table to another
            placed.extend(places.placed_at_tables(out, remaining + len(out)))
        else:  # no rule tells them apart: tied
            placed.extend(places.placed(dict.fromkeys(out, 0), remaining + len(out)))
        remaining += len(out)
    pool = money_of(tournament).prizes
    prizes = structure.prizes(int(pool * CENTS), [Decimal(share) for share in tournament.shares]) if pool else []
    shares = places.shares(prizes, placed) if placed else {}
    lines = [Line(place, len(tied), by_number[number], (Decimal(shares.get(number, 0)) / CENTS).quantize(ZERO))
             for place, tied in sorted(placed) for number in tied]
    return Standing(lines, len(playing) == 1, placing_citation(tournament, day))


# --- what the pages read ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    tournament: Tournament
    entries: int
    pool: Decimal

    @property
    def prizes(self) -> Decimal:
        """The pool, or what the house guarantees when the pool is short of it."""
        return max(self.pool, self.tournament.guaranteed or ZERO)


def tournament_list(*, user: User) -> list[Row]:
    """The tournaments of the user's scope, the next to start first, with their entries and prize pool."""
    rows = (Tournament.objects.visible_to(user).select_related("casino__jurisdiction", "game")
            .annotate(sold=Count("entries"), pool=Sum("entries__to_pool")).order_by("-starts_at", "pk"))
    return [Row(row, row.sold, row.pool or ZERO) for row in rows]


def tournament_get(*, user: User, casino_code: str, slug: str) -> Tournament:
    """A tournament of the user's scope; another casino's is a 404."""
    return get_object_or_404(Tournament.objects.visible_to(user).select_related(
        "casino__jurisdiction", "game", "approval"), casino__code=casino_code, slug=slug)


def published_get(*, casino_code: str, slug: str) -> Tournament:
    """A tournament whose rules the casino made public, for anyone; a draft is a 404 as if it did not exist."""
    found = (Tournament.objects.exclude(state=Tournament.State.DRAFT).select_related("casino__jurisdiction", "game")
             .filter(casino__code=casino_code, slug=slug).first())
    if found is None:
        raise Http404(slug)
    return found


def published_list(*, casino_code: str) -> tuple[Casino, list[Tournament]]:
    """A casino's tournaments whose rules it made public (QC RJC art. 125), the latest published first, each with the
    moment Vigie recorded its publication; an unknown casino is a 404."""
    casino = get_object_or_404(Casino.objects.select_related("jurisdiction"), code=casino_code)
    found = (Tournament.objects.exclude(state=Tournament.State.DRAFT).filter(casino=casino).select_related("game")
             .order_by("-published_at", "pk"))
    return casino, list(found)


def games_for(casino: Casino) -> list[Game]:
    """The games of the casino's jurisdiction (QC RJC art. 123: a tournament of any of them) and the rulebook's."""
    return list(Game.objects.filter(Q(jurisdiction=casino.jurisdiction) | Q(key=ROPTA_GAME))
                .order_by("jurisdiction__code", "name"))


def register_entries(tournament: Tournament) -> QuerySet[Entry]:
    """The tournament's entries in the casino's tournament register, in the order written."""
    return Entry.objects.filter(register__casino=tournament.casino, register__kind=RegisterKind.TOURNOIS,
                                payload__contains=f'"tournoi":{json.dumps(tournament.slug)}').order_by("seq")


@dataclass(frozen=True)
class Prize:
    place: int
    share: Decimal
    amount: Decimal | None  # None until a fee is sold or a prize guaranteed


def prize_table(tournament: Tournament) -> list[Prize]:
    """Each paid place's share of the prizes and, once there is a pool, its amount."""
    shares = [Decimal(share) for share in tournament.shares]
    pool = money_of(tournament).prizes
    amounts = structure.prizes(int(pool * CENTS), shares) if pool else [None] * len(shares)
    return [Prize(place, share, None if cents is None else (Decimal(cents) / CENTS).quantize(ZERO))
            for place, (share, cents) in enumerate(zip(shares, amounts, strict=True), start=1)]


def drafts_to_publish(*, user: User) -> QuerySet[Tournament]:
    """The tournaments set up and not yet published, the next to start first (the « À faire » home)."""
    return (Tournament.objects.visible_to(user).filter(state=Tournament.State.DRAFT)
            .select_related("casino__jurisdiction").order_by("starts_at", "pk"))
