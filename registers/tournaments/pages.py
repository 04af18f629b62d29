"""What a tournament's pages show beyond the selectors' reads: the structure level by level with its clock and the end
of late registration, the articles its rules rest on (read from the rule data on its day), the players out deal by
deal, the standing with each prize and its payout. The staff's page shows all of it; the public page only what the
rules publish and, once the tournament is over, its places and prizes."""

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import get_language

from games.models import Game

from ..kinds import entry_kind_label
from ..models import ChipRace, Entry, Tournament, TournamentEntry, TournamentOut, TournamentPlace
from . import rules, selectors

OVER = (Tournament.State.FINISHED, Tournament.State.CLOSED)
STARTED = (Tournament.State.RUNNING, *OVER)


def game_name(game: Game) -> str:
    return game.name_en if (get_language() or "fr").startswith("en") and game.name_en else game.name


@dataclass(frozen=True)
class Level:
    number: int
    small: int
    big: int
    ante: int
    minutes: int
    starts: datetime.datetime
    late: bool  # registration still open during this level
    current: bool


def levels(tournament: Tournament, now: datetime.datetime) -> list[Level]:
    start = tournament.started_at or tournament.starts_at
    playing = tournament.state == Tournament.State.RUNNING
    lines, clock = [], start
    for number, level in enumerate(tournament.levels, start=1):
        end = clock + datetime.timedelta(minutes=level["minutes"])
        current = playing and (clock <= now < end or (number == len(tournament.levels) and now >= end))
        lines.append(Level(number, level["petite_blinde"], level["grosse_blinde"], level["ante"], level["minutes"],
                           clock, number <= tournament.late_levels, current))
        clock = end
    return lines


@dataclass(frozen=True)
class Citations:
    """The articles the page names beside what they require, empty where the casino's jurisdiction has none."""

    contents: str
    published_before: str
    weeks: int | None
    tables: str
    return_minimum: str
    approval: str
    late: str
    ante: str
    placing: str
    chip_race: str


def citations(tournament: Tournament) -> Citations:
    casino, day = tournament.casino, (tournament.started_at or tournament.starts_at).date()

    def local(key: str):
        return rules.of(casino, key, day)

    def cited(key: str) -> str:
        found = local(key)
        return str(found.citation) if found else ""

    def house(key: str) -> str:  # a ROPTA rule, cited as the casino's règlement intérieur where it adopted it
        found = rules.house(tournament.ropta_adopted, key, day)
        return found.citation if found else ""

    ahead = local(rules.PUBLISHED_BEFORE)
    approval = local(rules.APPROVAL)
    return Citations(
        cited(rules.CONTENTS), str(ahead.citation) if ahead else "", ahead.value if ahead else None,
        cited(rules.TABLES_MARKED), cited(rules.RETURN_MINIMUM),
        str(approval.citation) if approval and approval.value and tournament.fee else "",
        selectors.late_registration(tournament).citation, house(rules.ANTE_FORMAT),
        selectors.placing_citation(tournament, day), house(rules.RACE_THRESHOLD))


@dataclass
class Deal:
    """Players out on one deal, in the order recorded."""

    group: int
    hand: str
    at: datetime.datetime
    outs: list[TournamentOut] = field(default_factory=list)


def deals(tournament: Tournament) -> list[Deal]:
    grouped: dict[int, Deal] = {}
    for out in tournament.outs.select_related("seat").order_by("group", "seat__number"):
        grouped.setdefault(out.group, Deal(out.group, out.hand, out.at)).outs.append(out)
    return [grouped[group] for group in sorted(grouped, reverse=True)]  # the last deal first


@dataclass(frozen=True)
class Place:
    place: int
    tied: int
    seat: TournamentEntry
    prize: Decimal
    row: TournamentPlace | None  # set once the tournament is over: what is paid against it

    @property
    def payout(self):
        return getattr(self.row, "payout", None) if self.row is not None else None


def standing(tournament: Tournament) -> tuple[list[Place], str]:
    """The places so far (all of them once over), each with its prize and, once over, its payout."""
    if tournament.state not in STARTED:
        return [], ""
    found = selectors.results(tournament)
    rows = {row.seat_id: row for row in tournament.places.select_related("payout__cashier")} \
        if tournament.state in OVER else {}
    return [Place(line.place, line.tied, line.seat, line.prize, rows.get(line.seat.pk)) for line in found.lines], \
        found.citation


@dataclass
class TournamentPage:
    tournament: Tournament
    game: str
    levels: list[Level]
    citations: Citations
    late_until: datetime.datetime
    money: selectors.Money
    prizes: list[selectors.Prize]
    places: list[Place]
    entries: list[TournamentEntry] = field(default_factory=list)
    in_play: list[TournamentEntry] = field(default_factory=list)
    deals: list[Deal] = field(default_factory=list)
    chip_races: list[ChipRace] = field(default_factory=list)
    register: list[Entry] = field(default_factory=list)  # its entries in the tournament register

    @property
    def to_pay(self) -> list[Place]:
        return [place for place in self.places if place.row is not None and place.prize and place.payout is None]


def _page(tournament: Tournament) -> TournamentPage:
    now = timezone.now()
    late = selectors.late_registration(tournament)
    places, _citation = standing(tournament)
    return TournamentPage(
        tournament, game_name(tournament.game), levels(tournament, now), citations(tournament), late.until,
        selectors.money_of(tournament), selectors.prize_table(tournament), places)


def staff_page(tournament: Tournament) -> TournamentPage:
    """Everything the casino's staff and its regulator read of a tournament."""
    page = _page(tournament)
    page.entries = list(tournament.entries.select_related("out", "cashier").order_by("number"))
    page.in_play = [seat for seat in page.entries if not hasattr(seat, "out")] \
        if tournament.state == Tournament.State.RUNNING else []
    page.deals = deals(tournament)
    page.chip_races = list(tournament.chip_races.all())
    page.register = list(selectors.register_entries(tournament).select_related("actor"))
    for entry in page.register:
        entry.kind_label = entry_kind_label(entry.kind)
    return page


def public_page(tournament: Tournament) -> TournamentPage:
    """What anyone may read: the published rules, the structure, the prizes; the places once the tournament is over
    (no names: the public page shows where the prizes went, not who won them)."""
    page = _page(tournament)
    if tournament.state not in OVER:
        page.places = []
    return page
