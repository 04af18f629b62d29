"""A tournament's life as a small state machine, and the conditions of each of its operations as pure functions over
its state (`<operation>_problems(state, proposed)`): the services refuse with their first problem, the audit
(checks.py, registers_audit) replays the register into the same state and asks the same functions of every entry, the
tournament's page asks them why an action is not offered. No database here: the state brings the rule values it is
held to (`TournamentState.rule`, `house`), read by its caller.

    brouillon ─publier→ publié ─commencer→ en cours ─terminer (the last player out)→ terminé ─clore→ clos
    publié, en cours: inscrire · en cours: sortir des joueurs, chip race · terminé: payer un lot

Each step from its named states only (a start before the publication, an entry after the end, a prize before the
places, a second close are refused), each moment bounded (never after the moment the state is read, never before the
step that opened it: an entry before the publication, players out before the start, a prize before the end), the same
player entered again only as a re-entry the rules allow, every reference of the right kind (an entry number in play
in this tournament, a place of this tournament with its player)."""

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from compliance import formatting
from games.tournaments import structure
from registers.errors import ErrorCode

from .. import controls
from ..chain.replay import Counted
from ..controls import Problem
from ..models import Tournament
from . import errors, rules

State = Tournament.State
DRAFT, PUBLISHED, RUNNING, FINISHED, CLOSED = (State.DRAFT, State.PUBLISHED, State.RUNNING, State.FINISHED,
                                               State.CLOSED)


@dataclass(frozen=True)
class Transition(controls.Transition):
    """A step whose target None leaves the state as it is (an entry, players out, a chip race, a prize)."""

    doing: object = None  # what the refusal says cannot be done (errors.STATE's {action})
    manager: bool = False  # a manager's step (the others, any of the casino's staff)


PUBLISH = Transition("publish", (DRAFT,), PUBLISHED, errors.DOING_PUBLISH, True)
START = Transition("start", (PUBLISHED,), RUNNING, errors.DOING_START, True)
ENTER = Transition("sell", (PUBLISHED, RUNNING), None, errors.DOING_ENTER, False)
OUT = Transition("out", (RUNNING,), None, errors.DOING_OUT, True)  # the last one out finishes it
RACE = Transition("chip_race", (RUNNING,), None, errors.DOING_RACE, True)
FINISH = Transition("finish", (RUNNING,), FINISHED, errors.DOING_FINISH, True)
PAY = Transition("pay", (FINISHED,), None, errors.DOING_PAY, False)
CLOSE = Transition("close", (FINISHED,), CLOSED, errors.DOING_CLOSE, True)
REPORT = Transition("report", (FINISHED, CLOSED), None, errors.DOING_REPORT, False)
TRANSITIONS = {t.name: t for t in (PUBLISH, START, ENTER, OUT, RACE, FINISH, PAY, CLOSE, REPORT)}


@dataclass(frozen=True)
class Seat:
    number: int
    player: str
    out: bool


@dataclass(frozen=True)
class Place:
    place: int
    number: int  # the entry placed
    player: str
    prize: Decimal
    paid: bool


def _no_rule(key: str, day: datetime.date):
    return None


@dataclass(frozen=True)
class TournamentState:
    """A tournament as its register and Vigie's rows have it, read at `now` (the latest any step may be dated)."""

    state: str
    now: datetime.datetime
    starts_at: datetime.datetime  # as published
    start_day: datetime.date  # its day in the casino's zone
    fee: Decimal
    capacity: int
    reentries: int
    ropta_adopted: bool
    tables: tuple[str, ...] = ()
    published_at: datetime.datetime | None = None
    published_day: datetime.date | None = None  # the casino's day of the publication Vigie recorded
    started_at: datetime.datetime | None = None
    finished_at: datetime.datetime | None = None
    late_until: datetime.datetime | None = None  # the end of late registration, once started
    late_levels: int = 0
    late_citation: str = ""
    seats: tuple[Seat, ...] = ()
    places: tuple[Place, ...] = ()
    # the casino's jurisdiction's rule value on a day, None where it has none (rules.of)
    rule: Callable[[str, datetime.date], object] = field(default=_no_rule, compare=False)

    def house(self, key: str, day: datetime.date):
        """A ROPTA rule where the casino adopted the rulebook for this tournament (its règlement intérieur)."""
        return rules.house(self.ropta_adopted, key, day)

    def in_play(self) -> dict[int, Seat]:
        return {seat.number: seat for seat in self.seats if not seat.out}


def _lifecycle() -> str:
    return controls.written(errors.HOUSE_LIFECYCLE)


def _books() -> str:
    return controls.written(controls.BOOKS)


def transition_problems(state: TournamentState, transition: Transition) -> list[Problem]:
    """The step from the tournament's state: refused from any state but its named sources."""
    if state.state in transition.sources:
        return []
    citation = _lifecycle()
    if transition is START and state.state == DRAFT:  # QC RJC art. 125: the rules public before the start
        ahead = state.rule(rules.PUBLISHED_BEFORE, state.start_day)
        citation = str(ahead.citation) if ahead else citation
    return [Problem("state", errors.STATE, citation, ErrorCode.TOURNAMENT_STATE,
                    {"state": State(state.state).label, "action": transition.doing})]


def moment_problems(state: TournamentState, moment: datetime.datetime, field_name: str, future, *,
                    after: datetime.datetime | None = None, before_message=None) -> list[Problem]:
    """When a step happened: never after the state is read (recorded after the fact, never ahead), never before the
    step that opened it."""
    if moment > state.now:
        return [Problem(field_name, future, _books(), ErrorCode.FUTURE_DAY)]
    if after is not None and moment < after:
        return [Problem(field_name, before_message, _lifecycle(), ErrorCode.INVALID, {"after": after})]
    return []


# --- the operations -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Publication:
    at: datetime.datetime
    day: datetime.date  # the casino's day of `at`
    duration: str
    participation: str
    distribution: str
    shares: tuple


def publication_problems(state: TournamentState, proposed: Publication) -> list[Problem]:
    """QC RJC art. 125: « Les règles du tournoi incluent la date de l'événement, sa durée, les règles de
    participation, le mode de distribution des lots ainsi que les lots à gagner et elles doivent être mises à la
    disposition du public au moins une semaine avant la date du début du tournoi »: the week counted from the day Vigie
    recorded, never one typed."""
    problems = transition_problems(state, PUBLISH) or moment_problems(state, proposed.at, "starts_at",
                                                                      errors.PUBLISHED_FUTURE)
    if problems:
        return problems
    contents = state.rule(rules.CONTENTS, state.start_day)
    if contents is not None:
        given = {0: state.starts_at, 1: proposed.duration, 2: proposed.participation, 3: proposed.distribution,
                 4: proposed.shares}
        missing = [str(label) for index, label in enumerate(contents.value) if not given.get(index)]
        if missing:
            return [Problem("participation", errors.CONTENT_MISSING, str(contents.citation), ErrorCode.REQUIRED,
                            {"missing": ", ".join(missing)})]
    return week_problems(state, proposed.day, state.start_day, "starts_at")


def week_problems(state: TournamentState, published: datetime.date, start: datetime.date,
                  field_name: str) -> list[Problem]:
    """QC RJC art. 125: the rules public « au moins une semaine avant la date du début du tournoi »."""
    ahead = state.rule(rules.PUBLISHED_BEFORE, start)
    days = (start - published).days
    if ahead is None or days >= 7 * ahead.value:
        return []
    return [Problem(field_name, errors.PUBLISHED_LATE, str(ahead.citation), ErrorCode.PUBLISHED_LATE, {
        "published": published, "start": start, "days": Counted(days, formatting.days),
        "required": Counted(7 * ahead.value, formatting.days)})]


@dataclass(frozen=True)
class Start:
    at: datetime.datetime
    day: datetime.date
    seated: dict  # table → players seated where play starts ({} where none given)
    entries: int  # the entries sold before the start
    approval: str | None  # the reference of the approval of the rules published, in force that day
    approval_detail: str = ""  # why none was found, and the code of that refusal
    approval_code: str = "approval_lacking"


def start_problems(state: TournamentState, proposed: Start) -> list[Problem]:
    """Never before the date and time published nor before the publication, in Québec a week after it (art. 125), a
    paid Luxembourg tournament only under the approval of the rules it published (LU RGD 1979 art. 49-17: organised
    « après agrément du règlement et des modalités de fonctionnement par le Ministre des Finances »), and enough
    players seated (ROPTA §2.2 where adopted: « le jeu commence à une table à partir de trois joueurs assis »)."""
    problems = transition_problems(state, START) or moment_problems(
        state, proposed.at, "started_at", errors.STARTED_FUTURE, after=state.published_at,
        before_message=errors.STARTED_BEFORE_PUBLISHED)
    if problems:
        return problems
    if proposed.at < state.starts_at:
        ahead = state.rule(rules.PUBLISHED_BEFORE, proposed.day)
        citation = str(ahead.citation) if ahead else controls.written(errors.HOUSE_START)
        return [Problem("started_at", errors.STARTED_EARLY, citation, ErrorCode.PUBLISHED_LATE,
                        {"start": state.starts_at})]
    problems = week_problems(state, state.published_day, proposed.day, "started_at") if state.published_day else []
    if problems:
        return problems
    needed = state.rule(rules.APPROVAL, proposed.day)
    if needed is not None and needed.value and state.fee and proposed.approval is None:
        return [Problem("approval", errors.APPROVAL_LACKING, str(needed.citation), proposed.approval_code, {
            "day": proposed.day, "detail": proposed.approval_detail})]
    return seated_problems(state, proposed)


def seated_problems(state: TournamentState, proposed: Start) -> list[Problem]:
    """ROPTA §2.2 where the casino adopted it: a minimum per table, not for the tournament; where it did not, the
    casino's own control: at least two players in the tournament."""
    minimum = state.house(rules.MIN_PLAYERS, proposed.day)
    count = proposed.entries
    if not proposed.seated and minimum is None:
        if count < 2:
            citation = controls.written(errors.HOUSE_PLAYERS)
            return [Problem("entries", errors.TOO_FEW, citation, ErrorCode.INVALID,
                            {"minimum": 2, "count": count})]
        return []
    seated = proposed.seated
    if not seated or any(table not in state.tables or players < 0 for table, players in seated.items()) \
            or sum(seated.values()) != count:
        return [Problem("seated", errors.SEATED, _lifecycle(), ErrorCode.INVALID,
                        {"count": count, "tables": ", ".join(state.tables)})]
    short = [table for table, players in seated.items() if players and minimum and players < minimum.value]
    if short:
        return [Problem("seated", errors.TOO_FEW_AT_TABLE, minimum.citation, ErrorCode.INVALID,
                        {"minimum": minimum.value, "tables": ", ".join(short)})]
    return []


@dataclass(frozen=True)
class Sale:
    at: datetime.datetime
    player: str


def entry_problems(state: TournamentState, proposed: Sale) -> list[Problem]:
    """A fee sold at the cash desk (QC RJC art. 124: « au lieu de payer pour chaque mise, le participant paie un
    droit d'entrée au tournoi »): from the publication on, late until the end of the level the rules fix (ROPTA §1.8:
    « jusqu'à la fin du deuxième niveau » where they fix none); the same player again only once out and within the
    re-entries the rules allow; never more players in play than places."""
    problems = transition_problems(state, ENTER) or moment_problems(
        state, proposed.at, "entered_at", errors.ENTRY_FUTURE, after=state.published_at,
        before_message=errors.ENTRY_BEFORE_PUBLISHED)
    if problems:
        return problems
    if state.state == RUNNING and state.late_until is not None and proposed.at >= state.late_until:
        return [Problem("entered_at", errors.LATE_OVER, state.late_citation, ErrorCode.LATE_REGISTRATION_OVER,
                        {"until": state.late_until, "level": state.late_levels})]
    earlier = [seat for seat in state.seats if seat.player == proposed.player]
    if any(not seat.out for seat in earlier):
        return [Problem("player", errors.REENTRY_IN_PLAY, _published(state), ErrorCode.REENTRY_NOT_ALLOWED,
                        {"player": proposed.player})]
    if earlier and len(earlier) > state.reentries:
        return [Problem("player", errors.REENTRY_LIMIT, _published(state), ErrorCode.REENTRY_NOT_ALLOWED,
                        {"player": proposed.player, "count": len(earlier) - 1, "allowed": state.reentries})]
    if len(state.in_play()) >= state.capacity:
        return [Problem("player", errors.FULL, _published(state), ErrorCode.TOURNAMENT_FULL,
                        {"capacity": state.capacity})]
    return []


def _published(state: TournamentState) -> str:
    """The tournament's own published rules (its places, its re-entries), the casino's règlement intérieur."""
    return rules.PUBLISHED_RULES if state.published_at else _lifecycle()


@dataclass(frozen=True)
class Outs:
    at: datetime.datetime
    numbers: tuple  # the entry numbers named out on the deal, as given


def players_out_problems(state: TournamentState, proposed: Outs) -> list[Problem]:
    """Players out on one deal: entries in play in this tournament, each once, at least one left to win it."""
    problems = transition_problems(state, OUT) or moment_problems(
        state, proposed.at, "at", errors.OUT_FUTURE, after=state.started_at, before_message=errors.OUT_BEFORE_START)
    if problems:
        return problems
    if not proposed.numbers:
        return [Problem("out", errors.OUT_EMPTY, _lifecycle(), ErrorCode.REQUIRED)]
    playing, seen = state.in_play(), set()
    for number in proposed.numbers:
        if number not in playing or number in seen:
            return [Problem("out", errors.NOT_IN_PLAY, controls.written(errors.HOUSE_PLAYERS), ErrorCode.NOT_IN_PLAY,
                            {"number": number})]
        seen.add(number)
    if len(seen) >= len(playing):
        return [Problem("out", errors.OUT_ALL, _lifecycle(), ErrorCode.INVALID)]
    return []


def late_end(minutes: tuple[int, ...], start: datetime.datetime, levels: int, ropta_adopted: bool
             ) -> tuple[datetime.datetime, str]:
    """Late registration ends with the level the rules fix (ROPTA §1.8, where adopted: « jusqu'à la fin du deuxième
    niveau » where they fix none; otherwise the level the tournament's published rules fix), and what it rests on."""
    rule = rules.house(ropta_adopted, rules.LATE_LEVELS, start.date())
    return structure.late_until(minutes, start, levels), rule.citation if rule else rules.PUBLISHED_RULES


def over(state: TournamentState, moment: datetime.datetime) -> bool:
    """One player left once late registration is over: the tournament is over (its places and prizes are set)."""
    return len(state.in_play()) == 1 and state.late_until is not None and moment >= state.late_until


@dataclass(frozen=True)
class Race:
    at: datetime.datetime
    old_value: int
    new_value: int
    odd_chips: dict  # player → chips advanced
    left: dict  # player → chips they keep beside the race


def chip_race_problems(state: TournamentState, proposed: Race) -> list[Problem]:
    """A chip race (ROPTA §3.2, where the casino adopted it) between players in play, a chip value for a higher one."""
    problems = transition_problems(state, RACE) or moment_problems(
        state, proposed.at, "at", errors.CHIP_FUTURE, after=state.started_at, before_message=errors.RACE_BEFORE_START)
    if problems:
        return problems
    counts = (*proposed.odd_chips.values(), *proposed.left.values())
    if proposed.old_value <= 0 or proposed.new_value <= proposed.old_value or any(n < 0 for n in counts):
        return [Problem("old_value", errors.CHIP_VALUES, _lifecycle(), ErrorCode.INVALID)]
    players = {seat.player for seat in state.in_play().values()}
    for player in proposed.odd_chips:
        if player not in players:
            return [Problem("odd_chips", errors.CHIP_PLAYERS, controls.written(errors.HOUSE_PLAYERS),
                            ErrorCode.NOT_IN_PLAY, {"player": player})]
    if not state.ropta_adopted:  # the race's rules are the ROPTA's: Vigie has no other to hold it to
        return [Problem("old_value", errors.CHIP_NOT_ADOPTED, _lifecycle(), ErrorCode.INVALID)]
    return []


def finish_problems(state: TournamentState, at: datetime.datetime) -> list[Problem]:
    """The end, once one player is left and late registration is over (when the last out came before its end)."""
    problems = transition_problems(state, FINISH) or moment_problems(
        state, at, "at", errors.FINISH_FUTURE, after=state.started_at, before_message=errors.FINISH_BEFORE_START)
    if problems:
        return problems
    if not over(state, at):
        return [Problem("state", errors.FINISH, _lifecycle(), ErrorCode.TOURNAMENT_STATE,
                        {"count": len(state.in_play())})]
    return []


@dataclass(frozen=True)
class Payment:
    at: datetime.datetime
    place: int  # the place paid, and the entry it is for: a place of this tournament
    number: int
    winner: str


def prize_problems(state: TournamentState, proposed: Payment) -> list[Problem]:
    """A prize paid at the cash desk once the places are set: a place of this tournament with a prize, not yet paid,
    to the player placed there."""
    problems = transition_problems(state, PAY) or moment_problems(
        state, proposed.at, "paid_at", errors.ENTRY_FUTURE, after=state.finished_at,
        before_message=errors.PAID_BEFORE_FINISH)
    if problems:
        return problems
    place = next((p for p in state.places if (p.place, p.number) == (proposed.place, proposed.number)), None)
    if place is None:
        return [Problem("place", errors.NOT_A_PLACE, _lifecycle(), ErrorCode.NOTHING_TO_PAY,
                        {"place": proposed.place, "number": proposed.number})]
    if not place.prize:
        return [Problem("place", errors.NO_PRIZE, _lifecycle(), ErrorCode.NOTHING_TO_PAY, {"place": place.place})]
    if place.paid:
        return [Problem("place", errors.ALREADY_PAID, _lifecycle(), ErrorCode.PRIZE_ALREADY_PAID,
                        {"place": place.place})]
    if proposed.winner.casefold() != place.player.casefold():
        return [Problem("winner", errors.WINNER_NAME, controls.written(controls.PAYOUT), ErrorCode.INVALID,
                        {"place": place.place, "player": place.player, "winner": proposed.winner})]
    return []


def close_problems(state: TournamentState) -> list[Problem]:
    """The close, once: every prize paid."""
    problems = transition_problems(state, CLOSE)
    if problems:
        return problems
    unpaid = sum(1 for place in state.places if place.prize and not place.paid)
    if unpaid:
        return [Problem("payouts", errors.UNPAID, _lifecycle(), ErrorCode.PRIZES_UNPAID, {"count": unpaid})]
    return []


def offered(state: TournamentState, manager: bool) -> list[Transition]:
    """The steps the tournament's state leads to, those of a manager only for one (a page's forms)."""
    return [t for t in TRANSITIONS.values() if t is not REPORT and state.state in t.sources
            and (manager or not t.manager)]
