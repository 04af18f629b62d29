"""A poker table's séance (the table's gaming day) as a small state machine, and the conditions of each step as pure
functions over its state (`<operation>_problems(state, proposed)`): the services refuse with the first problem, the
audit (checks.py, registers_audit) replays the cagnotte register into the same states and asks the same functions of
every entry, a page may ask them why a step is not offered. No database here: the caller reads the state and the rule
values it is held to.

    (none) ─ouvrir→ ouverte ─relever le minimum, ou rouvrir la table→ suivie (the séance's next session is open)
    ouverte: relever le minimum · ouverte, suivie: consigner la mise d'un absent

Each step from its named states only (only the séance's latest session is raised; a stake names a session of the
séance), each moment bounded (never to come, within the gaming day or the night after it, never before the session it
follows: a session opens after the latest of its séance, never twice at one moment; a rise or a stake after the
opening), the séance's version kept where the rule data fixes it (LU RGD 1979 art. 49-4, 49-8, cited from the rule
data). What the texts do not require is the casino's control, cited so (registers/controls.py)."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _

from registers.errors import ErrorCode

from .. import controls
from ..controls import Problem, Transition
from . import errors


class Stage(models.TextChoices):
    NONE = "aucune", _("pas ouverte")
    OPEN = "ouverte", _("ouverte")
    FOLLOWED = "suivie", _("suivie d'une autre séance de la table")


OPEN = Transition("open", (Stage.NONE, Stage.OPEN, Stage.FOLLOWED))  # of the séance: its latest session is followed
RAISE = Transition("raise", (Stage.OPEN,))
CONSIGN = Transition("consign", (Stage.OPEN, Stage.FOLLOWED))


@dataclass(frozen=True)
class Opened:
    """A session of the séance: its number, its version, when it opened."""

    number: int
    version: str
    opened_at: datetime.datetime


@dataclass(frozen=True)
class Seance:
    """A table's gaming day as the cagnotte register holds it, read at `now` (the latest any step may be dated)."""

    table: str
    day: datetime.date
    now: datetime.datetime
    sessions: tuple[Opened, ...] = ()  # in their numbers' order

    def latest(self) -> Opened | None:
        return self.sessions[-1] if self.sessions else None

    def stage(self, number: int) -> str:
        if not any(session.number == number for session in self.sessions):
            return Stage.NONE
        return Stage.OPEN if self.latest().number == number else Stage.FOLLOWED

    def session(self, number: int) -> Opened | None:
        return next((session for session in self.sessions if session.number == number), None)

    def after(self, opened: Opened) -> "Seance":
        return Seance(self.table, self.day, self.now, (*self.sessions, opened))


@dataclass(frozen=True)
class Moment:
    at: datetime.datetime
    day: datetime.date  # the casino's day of `at`


def _books() -> str:
    return controls.written(controls.BOOKS)


def moment_problems(seance: Seance, moment: Moment, field: str, message, *,
                    after: datetime.datetime | None = None, at_once: bool = False) -> list[Problem]:
    """When a step happened: never to come, on the séance's gaming day or in the night after it, after `after` (the
    opening it follows; at that very moment too where `at_once`)."""
    nights = (seance.day, seance.day + datetime.timedelta(days=1))
    early = after is not None and (moment.at < after if at_once else moment.at <= after)
    if moment.at > seance.now or moment.day not in nights or early:
        return [Problem(field, message, _books(), ErrorCode.INVALID, {"day": seance.day})]
    return []


@dataclass(frozen=True)
class Opening:
    version: str
    moment: Moment
    version_fixed: str | None = None  # what fixes the version for the séance (the rule data's citation), if anything


def session_open_problems(seance: Seance, proposed: Opening) -> list[Problem]:
    """A session of the séance: opened at a moment of its day, after the latest of the séance (never twice at one
    moment), in the version the séance opened with where a rule fixes it: LU art. 49-4 « La version de jeu choisie ne
    pourra plus être modifiée avant la prochaine séance » (49-8 for Omaha)."""
    problems = moment_problems(seance, proposed.moment, "opened_at", errors.OPENED_AT)
    if problems:
        return problems
    latest = seance.latest()
    if latest is not None and proposed.moment.at <= latest.opened_at:
        code = ErrorCode.DUPLICATE if proposed.moment.at == latest.opened_at else ErrorCode.INVALID
        return [Problem("opened_at", errors.OPENED_BEFORE, controls.written(controls.POKER_SESSION), code,
                        {"table": seance.table, "number": latest.number, "at": latest.opened_at})]
    first = next((session for session in seance.sessions if session.version != proposed.version), None)
    if proposed.version_fixed and first is not None:
        return [Problem("version", errors.VERSION_OF_THE_SEANCE, proposed.version_fixed, ErrorCode.INVALID, {
            "table": seance.table, "day": seance.day, "fixed": first.version, "number": first.number,
            "version": proposed.version})]
    return []


def raise_problems(seance: Seance, number: int, moment: Moment) -> list[Problem]:
    """The minimum and blinds raised during the séance: from its latest session only, after it opened."""
    if seance.stage(number) != Stage.OPEN:
        latest = seance.latest()
        return [Problem("session", errors.RAISE_NOT_LATEST, controls.written(controls.POKER_SESSION),
                        ErrorCode.INVALID, {"table": seance.table, "number": latest.number if latest else 0})]
    return moment_problems(seance, moment, "raised_at", errors.RAISED_AT, after=seance.session(number).opened_at)


@dataclass(frozen=True)
class Stakes:
    """A session's table minimum and blinds."""

    minimum: Decimal
    small_blind: Decimal
    big_blind: Decimal

    def amounts(self) -> tuple[Decimal, ...]:
        return self.minimum, self.small_blind, self.big_blind


@dataclass(frozen=True)
class BlindRules:
    """A game's blinds as the rule data sets them on the day (LU art. 49-1: « une mise dite small blind égale à la
    moitié de la mise minimum de la table », « une mise dite big blind dont le montant est au minimum égal à celui de
    la small blind et au maximum le double »), with what cites them; none where the texts set none (the table's own,
    small below big)."""

    ratio: Decimal | None = None  # the small blind's share of the minimum
    ratio_cited: str = ""
    span: tuple[Decimal, Decimal] | None = None  # the big blind, in small blinds, at least and at most
    span_cited: str = ""
    option: bool = False  # an option (a straddle) the game's texts provide

    @property
    def cited(self) -> str:
        """What the blinds rest on: the rule data's article, or the casino's control."""
        return self.ratio_cited or _session()


def blinds_problems(stakes: Stakes, option: bool, rules: BlindRules) -> list[Problem]:
    """The blinds of the table's minimum as the game's rules set them (LU art. 49-1), an option only where they
    provide one; where they set none, the big blind not below the small one."""
    small, big = stakes.small_blind, stakes.big_blind
    if rules.ratio is None or rules.span is None:
        return [] if big >= small else [Problem("big_blind", errors.BIG_BELOW_SMALL, _session(), ErrorCode.INVALID,
                                                {"small": small, "big": big})]
    expected = stakes.minimum * rules.ratio
    if small != expected:
        return [Problem("small_blind", errors.SMALL_BLIND, rules.ratio_cited, ErrorCode.INVALID_AMOUNT, {
            "small": small, "expected": expected, "minimum": stakes.minimum, "citation": rules.ratio_cited})]
    low, high = small * rules.span[0], small * rules.span[1]
    if not low <= big <= high:
        return [Problem("big_blind", errors.BIG_BLIND, rules.span_cited, ErrorCode.INVALID_AMOUNT,
                        {"big": big, "low": low, "high": high, "citation": rules.span_cited})]
    if option and not rules.option:
        return [Problem("option", errors.NO_OPTION, rules.ratio_cited, ErrorCode.INVALID)]
    return []


def chip_problems(chip: Decimal, amounts: tuple[Decimal, ...]) -> list[Problem]:
    """The table's minimum and blinds are whole numbers of its smallest chip (no text speaks of chips' values: the
    casino's internal control)."""
    if chip <= 0 or any(amount % chip for amount in amounts):
        return [Problem("chip", errors.CHIP_BLINDS, _session(), ErrorCode.INVALID_AMOUNT, {"chip": chip})]
    return []


@dataclass(frozen=True)
class Rise:
    """The minimum and blinds a rise during the séance proposes, with what holds them: the game's blinds, the table's
    smallest chip (none on an entry written before the sessions kept it), its option, and who may raise the minimum
    as the rule data cites it (LU art. 49-3, 49-7), or the casino's control."""

    stakes: Stakes
    blinds: BlindRules
    chip: Decimal | None
    option: bool
    raised_by: str


def stakes_raise_problems(previous: Stakes, proposed: Rise) -> list[Problem]:
    """LU art. 49-3 (49-7 for Omaha): « Le chef de salle responsable a la possibilité d'augmenter, à l'ouverture des
    tables ou en cours de séance, le minimum des mises »: the séance's minimum raised, never lowered; the blinds of
    the new minimum as the game's rules set them (art. 49-1), made of the table's smallest chip; something raised."""
    stakes = proposed.stakes
    if stakes.minimum < previous.minimum:
        return [Problem("minimum", errors.MINIMUM_LOWERED, proposed.raised_by, ErrorCode.INVALID_AMOUNT, {
            "minimum": stakes.minimum, "current": previous.minimum, "citation": proposed.raised_by})]
    problems = blinds_problems(stakes, proposed.option, proposed.blinds)
    if proposed.chip is not None:
        problems += chip_problems(proposed.chip, stakes.amounts())
    if not problems and stakes.amounts() == previous.amounts():
        problems.append(Problem("minimum", errors.RAISE_NOTHING, controls.HOUSE_RULE, ErrorCode.INVALID))
    return problems


def _session() -> str:
    return controls.written(controls.POKER_SESSION)


def consign_problems(seance: Seance, number: int, moment: Moment) -> list[Problem]:
    """A stake set aside at a session of the séance, after it opened (art. 49-1 sets the stake aside « avant la fin
    de la séance », as the rule data cites it in the entry)."""
    if seance.stage(number) not in CONSIGN.sources:
        return [Problem("session", errors.SESSION_NONE, _books(), ErrorCode.INVALID,
                        {"table": seance.table, "number": number, "day": seance.day})]
    return moment_problems(seance, moment, "consigned_at", errors.CONSIGNED_AT,
                           after=seance.session(number).opened_at, at_once=True)
