"""A poker table's séance (the table's gaming day) as a small state machine, and the conditions of each step as pure
functions over its state (`<operation>_problems(state, proposed)`): the services refuse with the first problem, the
audit (checks.py, registers_audit) replays the cagnotte register into the same states and asks the same functions of
every entry, a page may ask them why a step is not offered. No database here: the caller reads the state and the rule
values it is held to.

    (none) ─ouvrir→ ouverte ─relever le minimum, ou rouvrir la table→ suivie (the séance's next session is open)
    ouverte: relever le minimum · ouverte, suivie: consigner la mise d'un absent, une recave
    the séance (its sessions) ─fermer, la caisse de change comptée→ fermée: nothing more is added to it

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

from compliance.problems import Money
from registers.errors import ErrorCode

from .. import controls
from ..controls import Problem, Transition
from . import draw, errors, floor_errors


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
    closed_at: datetime.datetime | None = None  # when the séance was closed, its caisse de change counted

    def latest(self) -> Opened | None:
        return self.sessions[-1] if self.sessions else None

    def stage(self, number: int) -> str:
        if not any(session.number == number for session in self.sessions):
            return Stage.NONE
        return Stage.OPEN if self.latest().number == number else Stage.FOLLOWED

    def session(self, number: int) -> Opened | None:
        return next((session for session in self.sessions if session.number == number), None)

    def after(self, opened: Opened) -> "Seance":
        return Seance(self.table, self.day, self.now, (*self.sessions, opened), self.closed_at)

    def closed(self, at: datetime.datetime) -> "Seance":
        return Seance(self.table, self.day, self.now, self.sessions, at)


def closed_problems(seance: Seance) -> list[Problem]:
    """Nothing is added to a séance once closed (its caisse de change counted)."""
    if seance.closed_at is None:
        return []
    return [Problem("table", errors.SEANCE_CLOSED, _books(), ErrorCode.INVALID,
                    {"table": seance.table, "day": seance.day, "at": seance.closed_at})]


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
    problems = closed_problems(seance) or moment_problems(seance, proposed.moment, "opened_at", errors.OPENED_AT)
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
    if seance.closed_at is not None:
        return closed_problems(seance)
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
    if seance.closed_at is not None:
        return closed_problems(seance)
    if seance.stage(number) not in CONSIGN.sources:
        return [Problem("session", errors.SESSION_NONE, _books(), ErrorCode.INVALID,
                        {"table": seance.table, "number": number, "day": seance.day})]
    return moment_problems(seance, moment, "consigned_at", errors.CONSIGNED_AT,
                           after=seance.session(number).opened_at, at_once=True)


@dataclass(frozen=True)
class Caisse:
    """The caisse de change as the séance's opening counted it (None: not counted) and as its close counts it, the
    difference's explanation, and the article that fixes it until the next séance (LU art. 49-3 al. 4, 49-7 al. 4, as
    the rule data cites it; the casino's control where the texts say nothing)."""

    opened: Decimal | None
    counted: Decimal
    explanation: str
    citation: str
    currency: str = "EUR"
    jurisdiction: object = None

    def money(self, value) -> Money:
        return Money(value, self.currency, self.jurisdiction)


def seance_close_problems(seance: Seance, moment: Moment) -> list[Problem]:
    """The séance closed once, after the latest of its sessions opened, within its day or the night after it."""
    if seance.closed_at is not None:
        return closed_problems(seance)
    latest = seance.latest()
    if latest is None:
        return [Problem("table", errors.SEANCE_NONE, _books(), ErrorCode.NOT_OPEN,
                        {"table": seance.table, "day": seance.day})]
    return moment_problems(seance, moment, "closed_at", errors.CLOSED_AT, after=latest.opened_at)


def caisse_problems(table: str, caisse: Caisse) -> list[Problem]:
    """The caisse de change closes on what its opening counted (« Le montant et la composition de la caisse de change
    sont fixés à l'ouverture de la table [...] et ne peuvent plus être modifiés avant la prochaine séance »), or the
    difference is explained at the close; a caisse not counted at the opening has nothing to compare with. Never a
    refusal: the count is what it is; the reconciliation reports it, the page says it."""
    if caisse.opened is None:
        return [Problem("caisse", errors.CAISSE_NOT_COUNTED, caisse.citation, ErrorCode.REQUIRED,
                        {"table": table})]
    if caisse.counted == caisse.opened or caisse.explanation.strip():
        return []
    return [Problem("caisse", errors.CAISSE_DIFFERENCE, caisse.citation, ErrorCode.INVALID_AMOUNT, {
        "table": table, "counted": caisse.money(caisse.counted), "opened": caisse.money(caisse.opened),
        "difference": caisse.money(caisse.counted - caisse.opened)})]


@dataclass(frozen=True)
class Recave:
    """A player's recave: its amount, when, and the maximum the house rules in force set (None: none recorded), with
    the house rules' name and the article that leaves the maximum to them."""

    amount: Decimal
    moment: Moment
    maximum: Decimal | None
    house: str
    citation: str
    currency: str = "EUR"
    jurisdiction: object = None


def rebuy_problems(seance: Seance, number: int, proposed: Recave) -> list[Problem]:
    """LU art. 49-1 (49-5): « Au cours d'une partie, le joueur a la possibilité de se recaver. [...] Le montant maximum
    de la recave est fixé par le règlement intérieur. »: at a session of the séance still open, after it opened, at
    most the house rules' maximum where they set one (the recave during a deal is the import's: a file carrying
    one is refused)."""
    if seance.closed_at is not None:
        return closed_problems(seance)
    if seance.stage(number) not in CONSIGN.sources:
        return [Problem("session", errors.SESSION_NONE, _books(), ErrorCode.INVALID,
                        {"table": seance.table, "number": number, "day": seance.day})]
    problems = moment_problems(seance, proposed.moment, "rebought_at", errors.REBUY_AT,
                               after=seance.session(number).opened_at, at_once=True)
    if not problems and proposed.maximum is not None and proposed.amount > proposed.maximum:
        problems.append(Problem("amount", errors.REBUY_ABOVE, proposed.citation, ErrorCode.INVALID_AMOUNT, {
            "amount": Money(proposed.amount, proposed.currency, proposed.jurisdiction),
            "maximum": Money(proposed.maximum, proposed.currency, proposed.jurisdiction), "house": proposed.house}))
    return problems


# --- the waiting list and its seats drawn (LU art. 49-1, 49-5) ------------------------------------------------------

CHEF_DE_PARTIE, DIRECTION = "chef de partie", "membre du comité de direction"  # as the rule data names them


@dataclass(frozen=True)
class Waiter:
    rank: int  # the order of inscription on the day's list, from 1
    player: str  # as the floor writes them: a name, a pseudonym or a number
    seated: bool = False  # called and seated at a table


@dataclass(frozen=True)
class WaitingList:
    """The poker room's waiting list of a gaming day as the cagnotte register holds it."""

    day: datetime.date
    waiters: tuple[Waiter, ...] = ()

    def waiting(self) -> tuple[Waiter, ...]:
        return tuple(waiter for waiter in self.waiters if not waiter.seated)

    def inscribed(self, player: str) -> "WaitingList":
        return WaitingList(self.day, (*self.waiters, Waiter(len(self.waiters) + 1, player)))

    def seated(self, ranks) -> "WaitingList":
        taken = set(ranks)
        return WaitingList(self.day, tuple(Waiter(w.rank, w.player, w.seated or w.rank in taken) for w in self.waiters))


def _same_player(one: str, other: str) -> bool:
    return " ".join(one.split()).casefold() == " ".join(other.split()).casefold()


def waiting_add_problems(waiting: WaitingList, player: str, cited: str) -> list[Problem]:
    """LU art. 49-1, 49-5: « les joueurs ont la possibilité de se faire inscrire sur une liste d'attente »: a player
    once on the list while they wait."""
    if not player.strip():
        return [Problem("player", floor_errors.PLAYER_REQUIRED, cited, ErrorCode.REQUIRED)]
    same = next((w for w in waiting.waiting() if _same_player(w.player, player)), None)
    if same is not None:
        return [Problem("player", floor_errors.ALREADY_WAITING, cited, ErrorCode.DUPLICATE,
                        {"player": same.player, "day": waiting.day, "rank": same.rank})]
    return []


@dataclass(frozen=True)
class Call:
    """A call of the list at a table: its free seats, the ranks called who did not answer, who attributes the seats
    (the quality, whether the person filing is of the casino's direction, the chef de partie named), and what the rule
    data says: the qualities that attribute the seats at the table's game, what cites it, the table's most seats."""

    free: tuple[int, ...]
    absent: tuple[int, ...]
    quality: str
    direction: bool
    named: str
    allowed: tuple[str, ...]
    citation: str
    most: int = 10


def called(waiting: WaitingList, call: Call) -> tuple[list[Waiter], list[Waiter]]:
    """Those called in order of inscription until the free seats are taken: (who did not answer, who is seated) — « Ce
    dernier procède à l'appel, par ordre d'inscription [...] celui-ci continue jusqu'à ce que l'un d'entre eux y
    réponde et prenne place à la table de jeu »."""
    silent, seated = [], []
    for waiter in waiting.waiting():
        if len(seated) == len(call.free):
            break
        (silent if waiter.rank in call.absent else seated).append(waiter)
    return silent, seated


def call_problems(waiting: WaitingList, call: Call) -> list[Problem]:
    """LU art. 49-1 (49-5 for Omaha): the list under « la responsabilité du chef de partie ou d'un membre du comité de
    direction », called in order of inscription, the seats attributed « de façon aléatoire » by whom the game's
    article names (Omaha: « par le chef de partie »); a member of the direction (Vigie's manager role) calls in their
    own name, anyone else names the chef de partie; free seats of the table; the absent among those called."""
    cited, free = call.citation, call.free
    if not free or len(set(free)) != len(free) or any(not 1 <= seat <= call.most for seat in free):
        return [Problem("seats", floor_errors.SEATS_FREE, cited, ErrorCode.INVALID, {"most": call.most})]
    if call.quality not in call.allowed:
        return [Problem("quality", floor_errors.QUALITY, cited, ErrorCode.INVALID, {
            "quality": call.quality, "allowed": ", ".join(call.allowed), "citation": cited})]
    if call.quality == DIRECTION and not call.direction:
        return [Problem("quality", floor_errors.NOT_DIRECTION, cited, ErrorCode.INVALID, {"citation": cited})]
    if call.quality == CHEF_DE_PARTIE and not call.named.strip():
        return [Problem("responsible", floor_errors.RESPONSIBLE_REQUIRED, cited, ErrorCode.REQUIRED,
                        {"citation": cited})]
    waiting_ranks = {waiter.rank for waiter in waiting.waiting()}
    if not waiting_ranks:
        return [Problem("absent", floor_errors.NOBODY_WAITING, cited, ErrorCode.INVALID, {"day": waiting.day})]
    stray = sorted(set(call.absent) - waiting_ranks)
    if stray:
        return [Problem("absent", floor_errors.NOT_WAITING, cited, ErrorCode.INVALID,
                        {"ranks": ", ".join(map(str, stray)), "day": waiting.day})]
    silent, seated = called(waiting, call)
    if not seated:
        return [Problem("absent", floor_errors.NOBODY_ANSWERED, cited, ErrorCode.INVALID, {"citation": cited})]
    late = sorted(set(call.absent) - {waiter.rank for waiter in silent})
    if late:
        return [Problem("absent", floor_errors.NOT_CALLED, cited, ErrorCode.INVALID,
                        {"ranks": ", ".join(map(str, late))})]
    return []


def seats_draw_problems(free, seed: str, method: str, written, cited: str) -> list[Problem]:
    """The seats written are those the seed and the method give (draw.py): anyone runs the draw again."""
    drawn = draw.seats_drawn(seed, free) if method == draw.METHOD else []
    if list(written) != drawn[:len(written)] or not written:
        return [Problem("seats", floor_errors.DRAW_DIFFERS, cited, ErrorCode.INVALID, {
            "written": ", ".join(map(str, written)) or "—", "method": method,
            "drawn": ", ".join(map(str, drawn)) or "—"})]
    return []


# --- a player's stack from one deal to the next (QC art. 67.95; LU art. 49-1, 49-5) ---------------------------------


@dataclass(frozen=True)
class Dealt:
    """A deal at a table as the stack control reads it, amounts in cents: each player's seat and stack when it
    starts, and each stack once it is settled (the replay's, games/poker/outcome.py)."""

    number: str
    started: dict[str, tuple[int, int]]  # player → (seat, stack)
    after: dict[str, int]


def stacks_problems(previous: Dealt, current: Dealt, recorded: dict[str, int] | None, cited: str) -> list[Problem]:
    """QC art. 67.95: « Un joueur ne peut participer à une partie qu'avec le montant de l'avoit qu'il possède au début
    de cette partie »; LU art. 49-1, 49-5: « Au cours d'une partie, le joueur a la possibilité de se recaver. Aucune
    recave n'est acceptée pendant un coup ». A player dealt in two deals in a row at a table starts the second with
    what the first left them, plus the recaves recorded between them; where the room's recaves are not recorded apart
    (`recorded` None), a stack above that is a recave the room's file shows (recaves_seen), one below is a break."""
    problems = []
    for player, (seat, stack) in current.started.items():
        if player not in previous.after:
            continue
        expected = previous.after[player] + (recorded or {}).get(player, 0)
        if stack < expected or (recorded is not None and stack != expected):
            problems.append(Problem("seats", floor_errors.STACK_BREAK, cited, ErrorCode.INVALID_AMOUNT, {
                "number": current.number, "previous": previous.number, "player": player, "seat": seat,
                "expected": Decimal(expected) / 100, "found": Decimal(stack) / 100, "citation": cited}))
    return problems


def recaves_seen(previous: Dealt, current: Dealt) -> dict[str, int]:
    """What each player dealt in both deals brought between them, in cents: a recave between two deals (QC art. 67.95
    1°: « un joueur ne peut augmenter le montant de son avoir qu'entre les parties »)."""
    return {player: stack - previous.after[player] for player, (_seat, stack) in current.started.items()
            if player in previous.after and stack > previous.after[player]}
