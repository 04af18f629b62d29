"""The poker room's jackpots as small state machines, and the conditions of each of their operations as pure functions
over their state (`<operation>_problems(state, proposed)`): the services refuse with the first problem, the audit
(checks.py, registers_audit) replays the registers into the same states and asks the same functions of every entry, the
pages ask them why an action is not offered. No database here: the caller reads the state, the house rules in force
and the rule values (`Rules`).

A progressive jackpot (LU RGD 1979 art. 49-9 to 49-11), by its name in the `jackpot_progressif` register:

    (aucun) ─configurer→ en cours ─arrêter→ arrêté ─configurer à nouveau→ en cours
    en cours: relevés de fin de séance, gains (the level won back to its start value)

A configuration while it runs (« Les conditions d'incrémentation ne peuvent être modifiées avant l'arrêt », 49-9
al. 3), a statement, a win or a stop of a jackpot stopped or never configured, a second stop, a level it does not have,
a table it is not linked to, a level won twice in one deal are refused; nothing is dated before its configuration.

The bad-beat jackpot (art. 49-12 to 49-15), one per casino in the `bad_beat` register, by gaming day:

    en service ─arrêter→ arrêté ─remettre en service→ en service; en service: gains

A win or a stop while it is stopped, a restart while it runs are refused (49-14); the minimum pot is the house rules'
in force that day (49-12 al. 7), the version and its minimum written with the win so that the audit checks them again.
A notice to the Minister is never dated after the casino's today. The cagnotte (art. 97-1): one count per table and
gaming day. What the texts do not require is the casino's control, cited so (registers/controls.py)."""

import datetime
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from compliance.formatting import days as days_said
from games.poker.jackpots import HIGHEST_FIRST, ROUNDINGS
from games.selectors import RuleValueAt

from .. import controls
from .. import errors as common
from ..chain.replay import HOUSE_RULE, Counted, Said
from ..controls import Problem, Rules, Transition
from ..errors import ErrorCode
from . import errors

PROGRESSIVE, BAD_BEAT = "jackpot_progressif", "bad_beat_jackpot"  # concepts' prefixes (compliance.profiles)
LEVELS_MAX = f"{PROGRESSIVE}.niveaux_max"  # art. 49-9 al. 1
ELIGIBLE = f"{PROGRESSIVE}.combinaisons_eligibles"  # art. 49-9 al. 1
STARTS_MAX = f"{PROGRESSIVE}.valeurs_depart_max"  # art. 49-9 al. 4
SAME_BLINDS = f"{PROGRESSIVE}.mises_initiales_identiques"  # art. 49-9 al. 1
PER_TABLE = f"{PROGRESSIVE}.increments_par_table"  # art. 49-9 al. 5
CONDITIONS = f"{PROGRESSIVE}.reglement_interieur"  # art. 49-9 al. 3
STATEMENT_RULE = f"{PROGRESSIVE}.releve_fin_de_seance"  # art. 49-10 al. 5
PER_DEAL = f"{PROGRESSIVE}.gains_par_niveau"  # art. 49-10 al. 1
NOTICE = f"{PROGRESSIVE}.preavis_arret_volontaire"  # art. 49-11 al. 2
BAD_BEAT_NOTICE = f"{BAD_BEAT}.preavis_arret_volontaire"  # art. 49-14 al. 2
BAD_BEAT_CONDITIONS = f"{BAD_BEAT}.reglement_interieur"  # art. 49-13 al. 2 and 10
MINIMUM_POT = f"{BAD_BEAT}.pot_minimum"  # art. 49-12 al. 7
START = f"{BAD_BEAT}.valeur_de_depart"  # art. 49-13 al. 1: « constitué de la valeur de départ […] et d'un incrément »
VOUCHERS = f"{BAD_BEAT}.bons_par_joueur"  # art. 49-15 al. 2
DISPLAYED = f"{BAD_BEAT}.conditions_affichees"  # art. 49-13 al. 3: « ne peuvent être modifiées avant l'arrêt »
LOSER_SHARE = f"{BAD_BEAT}.part_perdant"  # art. 49-12 al. 4: « 50 % du montant de la cagnotte »
BREAKDOWN = f"{BAD_BEAT}.panne_sans_prelevement"  # art. 49-14 al. 3: the « carnet de compte »
RESTART_ZERO = "zero"  # the house rules' restart (registers/poker/house_rules.py RESTARTS): at 0, else its start value
ZERO = Decimal(0)
INCREMENT_KINDS = ("fixe", "pourcentage")


class Stage(models.TextChoices):
    NONE = "aucun", _("pas configuré")
    RUNNING = "en_cours", _("en cours")
    STOPPED = "arrete", _("arrêté")


CONFIGURE = Transition("configure", (Stage.NONE, Stage.STOPPED), Stage.RUNNING)
STATEMENT = Transition("statement", (Stage.RUNNING,), None)
WIN = Transition("win", (Stage.RUNNING,), None)  # the level won back to its start value
STOP = Transition("stop", (Stage.RUNNING,), Stage.STOPPED)
BAD_BEAT_WIN = Transition("bad_beat_win", (Stage.RUNNING,), None)
BAD_BEAT_STOP = Transition("bad_beat_stop", (Stage.RUNNING,), Stage.STOPPED)
BAD_BEAT_RESTART = Transition("bad_beat_restart", (Stage.STOPPED,), Stage.RUNNING)


def _books() -> str:
    return controls.written(controls.BOOKS)


def decimal(value) -> Decimal | None:
    """An amount as an entry writes it (a text), or None."""
    try:
        return Decimal(value) if isinstance(value, str) else None
    except InvalidOperation:
        return None


def _levels_said(count: int) -> str:
    return ngettext("%(n)s niveau", "%(n)s niveaux", count) % {"n": count}


# --- the state: a progressive jackpot -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Level:
    number: object  # as configured (a whole number for a valid one)
    combination: object
    start: Decimal | None


@dataclass
class Jackpot:
    """A progressive jackpot as its entries leave it (replayed in order: `configured`, `stated`, `won`, `stopped`)."""

    name: str
    stage: str = Stage.NONE
    configured: int | None = None  # n° of its configuration
    configured_on: datetime.date | None = None
    stopped: int | None = None  # n° of its stop
    levels: tuple[Level, ...] = ()
    tables: tuple = ()
    amounts: dict[str, Decimal] = field(default_factory=dict)  # each level's amount: its start, then stated, won
    wins: dict[tuple, list[int]] = field(default_factory=dict)  # (level, table, gaming day, deal) → n° of its wins

    def level(self, number) -> Level | None:
        return next((level for level in self.levels if str(level.number) == str(number)), None)

    @property
    def level_names(self) -> list[str]:
        return [str(level.number) for level in self.levels]


def configured(jackpots: dict[str, Jackpot], seq: int, day: datetime.date, payload: dict) -> None:
    name = payload.get("jackpot")
    if not isinstance(name, str):
        return
    rows = payload.get("levels") if isinstance(payload.get("levels"), list) else []
    levels = tuple(Level(row.get("level"), row.get("combination"), decimal(row.get("start")))
                   for row in rows if isinstance(row, dict))
    tables = payload.get("tables") if isinstance(payload.get("tables"), list) else []
    jackpots[name] = Jackpot(name, Stage.RUNNING, seq, day, None, levels, tuple(tables),
                             {str(level.number): level.start for level in levels if level.start is not None})


def stated(jackpots: dict[str, Jackpot], seq: int, day: datetime.date, payload: dict) -> None:
    """A statement's displayed amounts, running or not (as the pages read them)."""
    jackpot = jackpots.get(payload.get("jackpot")) if isinstance(payload.get("jackpot"), str) else None
    displayed = payload.get("displayed")
    if jackpot is not None and isinstance(displayed, dict):
        jackpot.amounts.update({str(level): amount for level, value in displayed.items()
                                if (amount := decimal(value)) is not None})


def won(jackpots: dict[str, Jackpot], seq: int, day: datetime.date, payload: dict) -> None:
    jackpot = jackpots.get(payload.get("jackpot")) if isinstance(payload.get("jackpot"), str) else None
    if jackpot is None:
        return
    level, deal = payload.get("level"), payload.get("deal")
    if deal:
        jackpot.wins.setdefault((level, payload.get("table"), day, deal), []).append(seq)
    restart = decimal(payload.get("restart_at"))
    if restart is not None:
        jackpot.amounts[str(level)] = restart


def stopped(jackpots: dict[str, Jackpot], seq: int, day: datetime.date, payload: dict) -> None:
    jackpot = jackpots.get(payload.get("jackpot")) if isinstance(payload.get("jackpot"), str) else None
    if jackpot is not None and jackpot.stage in STOP.sources:
        jackpot.stage, jackpot.stopped = STOP.target, seq


REPLAYED = {"configure": configured, "statement": stated, "win": won, "stop": stopped}


# --- the progressive jackpot's operations (art. 49-9 to 49-11) ------------------------------------------------------


def _from(jackpot: Jackpot | None, name: str, transition: Transition, rules: Rules) -> list[Problem]:
    """The operation from the jackpot's stage: a jackpot configured, running (or stopped, for a new configuration)."""
    if jackpot is None or jackpot.stage == Stage.NONE:
        citation = rules.cited(LEVELS_MAX)
        return [Problem("name", errors.JACKPOT_UNKNOWN, citation, ErrorCode.UNKNOWN_JACKPOT, {"name": name})]
    if jackpot.stage in transition.sources:
        return []
    if transition is CONFIGURE:
        return [Problem("name", errors.JACKPOT_ACTIVE, rules.cited(CONDITIONS), ErrorCode.JACKPOT_ACTIVE,
                        {"name": name, "seq": jackpot.configured})]
    message = errors.JACKPOT_STOPPED_AGAIN if transition is STOP else errors.JACKPOT_STOPPED
    return [Problem("name", message, rules.cited(NOTICE), ErrorCode.NOT_ACTIVE, {"name": name, "seq": jackpot.stopped})]


def _day_problems(jackpot: Jackpot, day: datetime.date) -> list[Problem]:
    """Nothing is written of a jackpot for a gaming day before its configuration (a late filing included)."""
    if jackpot.configured_on is not None and day < jackpot.configured_on:
        return [Problem("gaming_day", errors.JACKPOT_BEFORE_CONFIGURATION, _books(), ErrorCode.INVALID,
                        {"name": jackpot.name, "configured": jackpot.configured_on, "seq": jackpot.configured,
                         "day": day})]
    return []


@dataclass(frozen=True)
class Blinds:
    table: object
    small_blind: Decimal | None
    big_blind: Decimal | None


@dataclass(frozen=True)
class House:
    """The version of the casino's house rules in force (registers/poker/house_rules.py): its n°, the rounding of the
    progressive's increments, the bad beat's minimum pot."""

    seq: int
    progressive_rounding: str
    bad_beat_minimum_pot: Decimal
    bad_beat_restart: str = ""  # « zero » or « valeur_depart » (art. 49-13 al. 10)


@dataclass(frozen=True)
class Configuration:
    name: str
    day: datetime.date
    tables: tuple
    small_blind: Decimal | None
    blinds: tuple[Blinds, ...]  # as given, one a linked table
    levels: tuple[Level, ...]  # numbered from 1, the highest combination first
    increment_kind: object
    increment_value: Decimal | None
    rounding: object
    house: House | None = None  # the house rules in force, where the casino keeps them in Vigie


def configure_problems(jackpot: Jackpot | None, proposed: Configuration, rules: Rules) -> list[Problem]:
    """Art. 49-9: a jackpot not running, « sur trois niveaux au maximum » on the three highest combinations, start
    values within 500, 200 and 50 times the small blind, on tables « que les montants des mises initiales obligatoires
    soient identiques », a fixed or percentage increment rounded as the house rules say (al. 3)."""
    if jackpot is not None and jackpot.stage not in CONFIGURE.sources:
        return _from(jackpot, proposed.name, CONFIGURE, rules)
    problems = blinds_problems(proposed, rules)
    if problems:
        return problems
    return levels_problems(proposed, rules) + increment_problems(proposed, rules)


def blinds_problems(proposed: Configuration, rules: Rules) -> list[Problem]:
    """Art. 49-9 al. 1: one line of blinds per linked table, each table once, all the same, the jackpot's small
    blind."""
    rule = rules.value(SAME_BLINDS)
    citation = rules.cited(SAME_BLINDS)
    tables = list(proposed.tables)
    if not tables:
        return [Problem("tables", common.FIELD_REQUIRED, citation, ErrorCode.REQUIRED)]
    twice = next((table for index, table in enumerate(tables) if table in tables[:index]), None)
    if twice is not None:
        return [Problem("tables", errors.JACKPOT_TABLE_TWICE, citation, ErrorCode.DUPLICATE, {"table": twice})]
    seen = []
    for index, row in enumerate(proposed.blinds):
        if row.table not in tables or row.table in seen:
            return [Problem(f"blinds[{index}].table", errors.JACKPOT_BLINDS_TABLE, citation, ErrorCode.UNKNOWN_TABLE,
                            {"table": row.table, "tables": ", ".join(map(str, tables))})]
        seen.append(row.table)
    missing = [table for table in tables if table not in seen]
    if missing:
        return [Problem("blinds", errors.JACKPOT_BLINDS_MISSING, citation, ErrorCode.REQUIRED,
                        {"tables": ", ".join(map(str, missing))})]
    if rule is None or not rule.value:
        return []
    first = proposed.blinds[0]
    for index, row in enumerate(proposed.blinds):
        for key in ("small_blind", "big_blind"):
            if getattr(row, key) != getattr(first, key):
                return [Problem(f"blinds[{index}].{key}", errors.JACKPOT_BLINDS_DIFFER, citation, ErrorCode.INVALID, {
                    "blinds": _pair(row, rules), "table": row.table, "first_blinds": _pair(first, rules),
                    "first": first.table})]
    if proposed.small_blind is not None and first.small_blind != proposed.small_blind:
        return [Problem("small_blind", errors.JACKPOT_SMALL_BLIND, citation, ErrorCode.INVALID, {
            "small_blind": rules.amount(proposed.small_blind), "tables_small_blind": rules.amount(first.small_blind)})]
    return []


def _pair(row: Blinds, rules: Rules) -> object:
    small, big = rules.amount(row.small_blind), rules.amount(row.big_blind)
    return Said(lambda: f"{small} / {big}")


def levels_problems(proposed: Configuration, rules: Rules) -> list[Problem]:
    """Art. 49-9 al. 1 and 4: from one level to the rule's maximum, each on another of the highest combinations,
    numbered from the highest, each start value within its multiple of the small blind."""
    maximum, levels = rules.value(LEVELS_MAX), proposed.levels
    citation = rules.cited(LEVELS_MAX)
    if maximum is not None and not 1 <= len(levels) <= int(maximum.value):
        return [Problem("levels", errors.JACKPOT_LEVEL_COUNT, citation, ErrorCode.TOO_MANY_LEVELS,
                        {"count": Counted(len(levels), _levels_said), "max": maximum.value})]
    eligible_rule = rules.value(ELIGIBLE)
    eligible = HIGHEST_FIRST[: int(eligible_rule.value)] if eligible_rule is not None else HIGHEST_FIRST
    combinations = [level.combination for level in levels]
    ordered = sorted((c for c in combinations if c in eligible), key=eligible.index)
    if (len(set(map(str, combinations))) != len(combinations) or combinations != ordered
            or [level.number for level in levels] != list(range(1, len(levels) + 1))):
        return [Problem("levels", errors.JACKPOT_COMBINATIONS, citation, ErrorCode.COMBINATION,
                        {"eligible": ", ".join(eligible), "count": len(levels)})]
    starts, blind, problems = rules.value(STARTS_MAX), proposed.small_blind, []
    for index, level in enumerate(levels):
        if None in (level.start, blind, starts) or index >= len(starts.value):
            continue
        multiple = Decimal(str(starts.value[index]))
        if level.start > multiple * blind:
            problems.append(Problem(f"levels[{index}].start", errors.JACKPOT_START_TOO_HIGH, str(starts.citation),
                                    ErrorCode.START_TOO_HIGH, {
                                        "level": index + 1, "start": rules.amount(level.start),
                                        "limit": rules.amount(multiple * blind), "multiple": multiple}))
    return problems


def increment_problems(proposed: Configuration, rules: Rules) -> list[Problem]:
    """Art. 49-9 al. 3: « Ces incréments […] peuvent être d'un montant fixe ou en pourcentage du pot. Le règlement
    intérieur précise leur mode d'arrondi »: a fixed amount or a percentage below 100, the house rules' rounding."""
    value, citation = proposed.increment_value, rules.cited(LEVELS_MAX)
    if (proposed.increment_kind not in INCREMENT_KINDS or proposed.rounding not in ROUNDINGS
            or (proposed.increment_kind == "pourcentage" and value is not None and value >= 100)):
        return [Problem("increment_value", errors.JACKPOT_INCREMENT, citation, ErrorCode.INCREMENT)]
    house = proposed.house
    if house is not None and proposed.rounding != house.progressive_rounding:
        return [Problem("rounding", errors.ROUNDING_NOT_THE_HOUSE_RULES, rules.cited(CONDITIONS), ErrorCode.INVALID,
                        {"rounding": house.progressive_rounding, "seq": house.seq})]
    return []


@dataclass(frozen=True)
class Statement:
    name: str
    day: datetime.date
    displayed: tuple  # the levels a displayed amount is given for
    tables: tuple  # the tables a sum taken is given for


def statement_problems(jackpot: Jackpot | None, proposed: Statement, rules: Rules) -> list[Problem]:
    """Art. 49-10 al. 5: « Un registre du relevé des jackpots progressifs […] est renseigné en fin de séance du
    montant affiché des différents jackpots progressifs »: of a jackpot running since a day not after the statement's,
    one amount for each of its levels and no other; art. 49-9 al. 5: the sums taken « consignées en fin de séance »,
    one for each of its tables (where the rule data has them per table) and no other."""
    problems = _from(jackpot, proposed.name, STATEMENT, rules)
    running = jackpot if not problems else None  # its levels and tables checked once it runs
    if running is not None:
        problems += _day_problems(running, proposed.day)
    if not proposed.displayed:  # under its first level's field, where the jackpot has levels
        first = running.level_names[:1] if running is not None else []
        problems.append(Problem(f"displayed[{first[0]}]" if first else "displayed", errors.NO_DISPLAYED,
                                rules.cited(STATEMENT_RULE), ErrorCode.REQUIRED))
    if running is None:
        return problems
    unknown = [level for level in proposed.displayed if str(level) not in running.level_names]
    missing = [level for level in running.level_names if level not in map(str, proposed.displayed)]
    problems += [Problem(f"displayed[{level}]", errors.JACKPOT_UNKNOWN_LEVEL, rules.cited(LEVELS_MAX),
                         ErrorCode.UNKNOWN_LEVEL, {"level": level, "levels": ", ".join(running.level_names)})
                 for level in unknown]
    if proposed.displayed:
        problems += [Problem(f"displayed[{level}]", errors.LEVEL_MISSING, rules.cited(STATEMENT_RULE),
                             ErrorCode.REQUIRED, {"level": level}) for level in missing]
    return problems + increments_problems(running, proposed, rules)


def increments_problems(jackpot: Jackpot, proposed: Statement, rules: Rules) -> list[Problem]:
    """Art. 49-9 al. 5: « Les sommes prélevées […] sont déposées dans une boîte prévue à cet effet sur chaque table et
    consignées en fin de séance »: one sum for each linked table (where the rule data has them per table), for them
    only."""
    per_table, tables = rules.value(PER_TABLE), ", ".join(map(str, jackpot.tables))
    problems = [Problem(f"increments[{table}]", errors.JACKPOT_UNKNOWN_TABLE, rules.cited(PER_TABLE),
                        ErrorCode.UNKNOWN_TABLE, {"table": table, "name": jackpot.name, "tables": tables})
                for table in proposed.tables if table not in jackpot.tables]
    if per_table is not None and per_table.value:
        problems += [Problem(f"increments[{table}]", errors.INCREMENTS_MISSING, rules.cited(PER_TABLE),
                             ErrorCode.REQUIRED, {"table": table, "tables": tables})
                     for table in jackpot.tables if table not in proposed.tables]
    return problems


@dataclass(frozen=True)
class Win:
    name: str
    day: datetime.date
    level: object
    table: object
    deal: object  # None for the wins filed before the deal was written
    amount: Decimal | None
    restart: Decimal | None = None  # what the entry writes the level restarts at (the service: its start value)


def win_problems(jackpot: Jackpot | None, proposed: Win, rules: Rules) -> list[Problem]:
    """Art. 49-10: « Un seul jackpot progressif de chaque niveau peut être gagné par table et par partie »: a level
    the running jackpot has, at one of its tables, on a day from its configuration on, won once in the deal, never
    above the level's amount, the level then back to its start value (al. 1 and 49-9 al. 2)."""
    problems = _from(jackpot, proposed.name, WIN, rules) or _day_problems(jackpot, proposed.day)
    if problems:
        return problems
    if proposed.table not in jackpot.tables:
        problems.append(Problem("table", errors.JACKPOT_UNKNOWN_TABLE, rules.cited(SAME_BLINDS),
                                ErrorCode.UNKNOWN_TABLE, {"table": proposed.table, "name": jackpot.name,
                                                          "tables": ", ".join(map(str, jackpot.tables))}))
    level = jackpot.level(proposed.level)
    if isinstance(proposed.level, bool) or not isinstance(proposed.level, int) or level is None:
        return problems + [Problem("level", errors.JACKPOT_UNKNOWN_LEVEL, rules.cited(LEVELS_MAX),
                                   ErrorCode.UNKNOWN_LEVEL, {"level": proposed.level,
                                                             "levels": ", ".join(jackpot.level_names)})]
    per_deal, citation = rules.value(PER_DEAL), rules.cited(PER_DEAL)
    earlier = jackpot.wins.get((proposed.level, proposed.table, proposed.day, proposed.deal), []) \
        if proposed.deal else []
    if per_deal is not None and len(earlier) >= int(per_deal.value):
        problems.append(Problem("deal", errors.JACKPOT_WON_IN_DEAL, citation, ErrorCode.DUPLICATE,
                                {"level": proposed.level, "table": proposed.table, "deal": proposed.deal,
                                 "seq": earlier[-1]}))
    available = jackpot.amounts.get(str(proposed.level))
    if proposed.amount is not None and (available is None or proposed.amount > available):
        problems.append(Problem("amount", errors.JACKPOT_ABOVE_AMOUNT, citation, ErrorCode.ABOVE_JACKPOT, {
            "amount": rules.amount(proposed.amount), "level": proposed.level, "available": rules.amount(available)}))
    if proposed.restart is not None and proposed.restart != level.start:
        problems.append(Problem("restart_at", errors.JACKPOT_RESTART, citation, ErrorCode.INVALID, {
            "level": proposed.level, "start": rules.amount(level.start), "restart": rules.amount(proposed.restart)}))
    return problems


@dataclass(frozen=True)
class Stop:
    day: datetime.date
    voluntary: object
    notified_on: datetime.date | None
    today: datetime.date  # the casino's today: a notice is written once sent


def notice_problems(proposed: Stop, notice: RuleValueAt | None) -> list[Problem]:
    """Art. 49-11 al. 2, 49-14 al. 2: « Un arrêt volontaire […] peut intervenir à tout moment sous réserve d'en
    informer le Ministre des Finances dans les quinze jours qui précèdent », the days read from the rule data
    (`notice`): a voluntary stop told to the Minister at least so many days before, in a notice already sent (never
    dated after the casino's today). The texts do not bound it by the jackpot's configuration: a stop may be announced
    with the jackpot."""
    citation, notified = (str(notice.citation) if notice is not None else HOUSE_RULE), proposed.notified_on
    if not isinstance(proposed.voluntary, bool):
        return [Problem("voluntary", errors.NOT_BOOLEAN, citation, ErrorCode.INVALID,
                        {"key": "voluntary", "value": proposed.voluntary})]
    if notified is not None and notified > proposed.today:
        return [Problem("minister_notified_on", errors.NOTICE_NOT_SENT_YET, citation, ErrorCode.FUTURE_DAY,
                        {"notice": notified, "today": proposed.today})]
    if proposed.voluntary and notice is not None and (
            notified is None or (proposed.day - notified).days < int(notice.value)):
        return [Problem("minister_notified_on", errors.JACKPOT_NOTICE, citation, ErrorCode.NOTICE_TOO_LATE, {
            "days": Counted(int(notice.value), days_said), "notice": notified or "—", "day": proposed.day})]
    return []


def stop_problems(jackpot: Jackpot | None, name: str, proposed: Stop, rules: Rules) -> list[Problem]:
    """Art. 49-11: a running jackpot stops once, on a day from its configuration on; a voluntary stop told to the
    Minister beforehand."""
    problems = _from(jackpot, name, STOP, rules) or _day_problems(jackpot, proposed.day)
    return problems or notice_problems(proposed, rules.value(NOTICE))


def not_offered(jackpot: Jackpot, rules: Rules) -> dict[str, Problem]:
    """Why a jackpot's statement, win and stop are not offered, by the form's action: its stage's first problem."""
    checks = {"statement": STATEMENT, "win": WIN, "stop": STOP}
    return {action: found[0] for action, transition in checks.items()
            if (found := _from(jackpot, jackpot.name, transition, rules))}


# --- the bad-beat jackpot (art. 49-12 to 49-15) ---------------------------------------------------------------------


@dataclass
class BadBeat:
    """The casino's bad-beat jackpot as its register leaves it: its stops and restarts, its wins."""

    events: list[tuple[datetime.date, int, bool]] = field(default_factory=list)  # (gaming day, n°, a stop?)
    wins: dict[tuple, int] = field(default_factory=dict)  # (table, gaming day, time) → n° of the win
    # its account, kept from its opening at the start value the casino fixes (art. 49-13 al. 1)
    opened: tuple[datetime.date, int] | None = None  # (gaming day, n°) of its latest opening
    start: Decimal = Decimal(0)
    openings: list[datetime.date] = field(default_factory=list)  # the gaming day of each opening
    restarts: list[tuple[datetime.date, int, Decimal]] = field(default_factory=list)  # (day, n°, resumed at)
    paid: list[tuple[datetime.date, int, Decimal, Decimal]] = field(default_factory=list)  # (day, n°, won, restart)
    breakdowns: set[int] = field(default_factory=set)  # the n° of its stops on a breakdown (art. 49-14 al. 3)
    notices: list[tuple[datetime.date, int]] = field(default_factory=list)  # (the Minister told on, n°)
    noted: dict[tuple, int] = field(default_factory=dict)  # (table, gaming day) → n° of its « carnet de compte » line

    def stopped_on(self, day: datetime.date) -> tuple[datetime.date, int] | None:
        """(day, n°) of the stop it stands under on `day`: its latest stop or restart by then is a stop."""
        by_then = [event for event in self.events if event[0] <= day]
        last = max(by_then, key=lambda event: event[:2], default=None)
        return last[:2] if last is not None and last[2] else None

    def stage_on(self, day: datetime.date) -> str:
        return Stage.STOPPED if self.stopped_on(day) else Stage.RUNNING

    @property
    def since(self) -> datetime.date | None:
        """The first gaming day it is known in service: its first opening, stop or restart."""
        return min((event[0] for event in self.events), default=None)

    def constituted_on(self, day: datetime.date) -> bool:
        """Art. 49-13 al. 1: the jackpot exists from the first day a start value is fixed by the establishment."""
        return any(opened <= day for opened in self.openings)

    def resumes_at(self, day: datetime.date, credits: dict[datetime.date, Decimal]) -> Decimal | None:
        """What a restart on `day` puts back in service: the cagnotte as the stop left it, its balance on `day` while
        it stands stopped (nothing enters it while stopped); None where the account is not kept."""
        if self.opened is None or day < self.opened[0]:
            return None
        return account(self, credits, day)[-1].balance

    def broken_down_on(self, day: datetime.date) -> bool:
        stopped = self.stopped_on(day)
        return stopped is not None and stopped[1] in self.breakdowns

    def available(self, day: datetime.date, credits: dict[datetime.date, Decimal]) -> Decimal | None:
        """The cagnotte before a win on `day`: its start value, the days' credits from its opening while in service,
        less the wins, each back to its restart value; None before any opening (the account is not kept)."""
        if self.opened is None or day < self.opened[0]:
            return None
        return account(self, credits, day)[-1].balance


def bad_beat_event(bad_beat: BadBeat, seq: int, day: datetime.date, stop: bool) -> None:
    bad_beat.events.append((day, seq, stop))


def bad_beat_won(bad_beat: BadBeat, seq: int, day: datetime.date, payload: dict) -> None:
    bad_beat.wins.setdefault((payload.get("table"), day, payload.get("won_at")), seq)
    amount, restart = decimal(payload.get("amount")), decimal(payload.get("restart_at"))
    if amount is not None and restart is not None:
        bad_beat.paid.append((day, seq, amount, restart))


def bad_beat_opened(bad_beat: BadBeat, seq: int, day: datetime.date, payload: dict) -> None:
    """A putting in service: an opening at its start value (art. 49-13 al. 1) keeps the account from then."""
    bad_beat_event(bad_beat, seq, day, False)
    start = decimal(payload.get("start"))
    if start is not None:
        bad_beat.opened, bad_beat.start = (day, seq), start
        bad_beat.openings.append(day)
        return
    resumed = decimal(payload.get("restart_at"))  # a putting back in service after a stop (bad_beat_restart)
    if resumed is not None:
        bad_beat.restarts.append((day, seq, resumed))


def bad_beat_halted(bad_beat: BadBeat, seq: int, day: datetime.date, payload: dict) -> None:
    bad_beat_event(bad_beat, seq, day, True)
    if payload.get("voluntary") is False:
        bad_beat.breakdowns.add(seq)


def bad_beat_noticed(bad_beat: BadBeat, seq: int, day: datetime.date, payload: dict) -> None:
    notified = payload.get("minister_notified_on")
    if isinstance(notified, str):
        try:
            bad_beat.notices.append((datetime.date.fromisoformat(notified), seq))
        except ValueError:
            return


def bad_beat_noted(bad_beat: BadBeat, seq: int, day: datetime.date, payload: dict) -> None:
    bad_beat.noted.setdefault((payload.get("table"), day), seq)


def _bad_beat_from(bad_beat: BadBeat, day: datetime.date, transition: Transition, rules: Rules) -> list[Problem]:
    stage = bad_beat.stage_on(day)
    if stage in transition.sources:
        return []
    if transition is BAD_BEAT_RESTART:
        return [Problem("gaming_day", errors.BAD_BEAT_NOT_STOPPED, rules.cited(BAD_BEAT_CONDITIONS),
                        ErrorCode.JACKPOT_ACTIVE)]
    since, seq = bad_beat.stopped_on(day)
    message = errors.BAD_BEAT_ALREADY_STOPPED if transition is BAD_BEAT_STOP else errors.BAD_BEAT_STOPPED
    return [Problem("gaming_day", message, rules.cited(BAD_BEAT_NOTICE), ErrorCode.NOT_ACTIVE,
                    {"day": since, "seq": seq})]


@dataclass(frozen=True)
class BadBeatWin:
    day: datetime.date
    table: object
    won_at: object
    pot: Decimal | None
    players: tuple
    loser: object
    house: House | None  # the house rules in force that day
    written: tuple | None = None  # (n°, minimum pot) of the house rules the entry wrote; None: the service's own
    kept: bool = True  # False for the wins filed before the house rules' minimum was written with them
    amount: Decimal | None = None
    restart: Decimal | None = None  # what the entry writes the cagnotte restarts at
    credits: dict | None = None  # the days' credits to the cagnotte (`day_credit`); None: not read


def bad_beat_win_problems(bad_beat: BadBeat, proposed: BadBeatWin, rules: Rules) -> list[Problem]:
    """Art. 49-12 to 49-15: a win while the jackpot is in service (49-14), once (the same table, day and time are the
    same win), over the minimum pot « fixé par le règlement intérieur du casino » in force that day (49-12 al. 7),
    one voucher for each player seated, the loser among them (49-15 al. 2)."""
    problems = _bad_beat_from(bad_beat, proposed.day, BAD_BEAT_WIN, rules)
    if problems:
        return problems
    if not bad_beat.constituted_on(proposed.day):  # art. 49-13 al. 1: no start value fixed, no jackpot to win
        return [Problem("gaming_day", errors.BAD_BEAT_NOT_OPENED, rules.cited(START), ErrorCode.BEFORE_OPENING,
                        {"day": proposed.day})]
    earlier = bad_beat.wins.get((proposed.table, proposed.day, proposed.won_at))
    if earlier is not None:
        problems.append(Problem("won_at", errors.BAD_BEAT_WON_TWICE, _books(), ErrorCode.DUPLICATE,
                                {"table": proposed.table, "day": proposed.day, "time": proposed.won_at,
                                 "seq": earlier}))
    vouchers = rules.cited(VOUCHERS)
    players = list(proposed.players)
    if len(set(map(str, players))) != len(players):
        problems.append(Problem("players", errors.BAD_BEAT_PLAYERS_TWICE, vouchers, ErrorCode.INVALID))
    elif proposed.loser not in players:
        problems.append(Problem("loser", errors.BAD_BEAT_LOSER_NOT_SEATED, vouchers, ErrorCode.LOSER_NOT_SEATED,
                                {"loser": proposed.loser}))
    return (problems + (minimum_pot_problems(proposed, rules) if proposed.kept else [])
            + bad_beat_balance_problems(bad_beat, proposed, rules))


def bad_beat_balance_problems(bad_beat: BadBeat, proposed: BadBeatWin, rules: Rules) -> list[Problem]:
    """Art. 49-12 al. 4: « 50 % du montant de la cagnotte du bad beat jackpot sont payés au joueur […], les 50%
    restants sont répartis »: a win never above the cagnotte kept since its opening; art. 49-13 al. 10: « Après son
    gain, la cagnotte du bad beat jackpot redémarre à 0 € ou à la valeur de départ fixée par le casino », as the house
    rules in force say."""
    available = bad_beat.available(proposed.day, proposed.credits) if proposed.credits is not None else None
    if available is None:
        return []
    problems = []
    if proposed.amount is not None and proposed.amount > available:
        problems.append(Problem("amount", errors.BAD_BEAT_ABOVE_BALANCE, rules.cited(LOSER_SHARE),
                                ErrorCode.ABOVE_JACKPOT, {"amount": rules.amount(proposed.amount),
                                                          "available": rules.amount(available)}))
    house = proposed.house
    if proposed.restart is not None and house is not None and house.bad_beat_restart:
        expected = ZERO if house.bad_beat_restart == RESTART_ZERO else bad_beat.start
        if proposed.restart != expected:
            problems.append(Problem("restart_at", errors.BAD_BEAT_RESTART_AT, rules.cited(BAD_BEAT_CONDITIONS),
                                    ErrorCode.INVALID, {"expected": rules.amount(expected), "seq": house.seq,
                                                        "restart": rules.amount(proposed.restart)}))
    return problems


# --- the bad beat's account (art. 49-13, 49-14) ---------------------------------------------------------------------


def day_credit(drops: Decimal | None, statement: Decimal | None) -> Decimal:
    """What a gaming day adds to the cagnotte: its imported deals' drops to the bad beat, else the session-end
    statement of the sum dedicated to it (art. 49-13 al. 9), else nothing."""
    if drops is not None:
        return drops
    return statement if statement is not None else ZERO


@dataclass(frozen=True)
class AccountDay:
    day: datetime.date
    credit: Decimal  # nothing while it stands stopped (art. 49-14 al. 3: « sans que les pots ne soient prélevés »)
    won: Decimal
    reset: Decimal  # what its wins' restarts add back (the restart value less what the win left)
    balance: Decimal  # at the day's end
    stopped: bool
    resumed: Decimal | None = None  # the restart's value, where it was put back in service that day


def account(bad_beat: BadBeat, credits: dict[datetime.date, Decimal],
            until: datetime.date | None = None) -> list[AccountDay]:
    """The cagnotte day by day from its latest opening (through `until`): its start value; on a day it is put back in
    service, the restart's value (what the stop left) plus that day's credit; plus each day's credit while in service;
    less each win of its days, then the win's restart value; a day's wins and restarts in the order they were filed.
    A win dated after the opening counts even if filed before it (an opening recorded late: the jackpot was
    constituted that day, art. 49-13 al. 1); empty before any opening."""
    if bad_beat.opened is None:
        return []
    opened = bad_beat.opened
    wins = sorted(paid for paid in bad_beat.paid if paid[:2] > opened)
    restarts = [restart for restart in bad_beat.restarts if restart[:2] > opened]
    days = sorted({day for day in credits if day >= opened[0]} | {paid[0] for paid in wins}
                  | {restart[0] for restart in restarts} | {opened[0]})
    balance, rows = bad_beat.start, []
    for day in (day for day in days if until is None or day <= until):
        stopped = bad_beat.stopped_on(day) is not None
        credit = ZERO if stopped else credits.get(day, ZERO)
        balance += credit
        won = reset = ZERO
        resumed = None
        events = sorted([(paid[1], paid) for paid in wins if paid[0] == day]
                        + [(restart[1], restart) for restart in restarts if restart[0] == day])
        for _seq, event in events:
            if len(event) == 3:  # put back in service: what the stop left, and the day's credit since
                resumed = event[2]
                balance = resumed + credit
                continue
            _day, _seq, amount, restart = event
            won, reset, balance = won + amount, reset + restart - (balance - amount), restart
        rows.append(AccountDay(day, credit, won, reset, balance, stopped, resumed))
    return rows


def bad_beat_open_problems(bad_beat: BadBeat, day: datetime.date, rules: Rules) -> list[Problem]:
    """Art. 49-13 al. 3: « Les conditions d'incrémentation […] ne peuvent être modifiées avant l'arrêt du jackpot
    progressif »: a start value is fixed for a bad beat never put in service or stopped, never while it runs."""
    by_then = [event for event in bad_beat.events if event[0] <= day]
    last = max(by_then, key=lambda event: event[:2], default=None)
    if last is None or last[2]:
        return []
    return [Problem("gaming_day", errors.BAD_BEAT_OPEN_RUNNING, rules.cited(DISPLAYED), ErrorCode.JACKPOT_ACTIVE,
                    {"day": last[0], "seq": last[1]})]


def bad_beat_conditions_problems(bad_beat: BadBeat, day: datetime.date, current: tuple | None, proposed: tuple,
                                 rules: Rules) -> list[Problem]:
    """Art. 49-13 al. 3: a version of the house rules changing the bad beat's increment (how it is taken on the pots,
    its rounding) in force on `day` only if the bad beat stands stopped that day."""
    if current is None or tuple(current) == tuple(proposed) or bad_beat.stopped_on(day) is not None:
        return []
    return [Problem("bad_beat_pots", errors.HOUSE_RULES_BAD_BEAT_CONDITIONS, rules.cited(DISPLAYED),
                    ErrorCode.JACKPOT_ACTIVE, {"day": day})]


@dataclass(frozen=True)
class Notice:
    day: datetime.date  # the gaming day it is recorded
    notified_on: object  # the day the Minister was told
    today: datetime.date


def _told_problems(bad_beat: BadBeat, notified: datetime.date, day: datetime.date, today: datetime.date,
                   citation: str) -> list[Problem]:
    """A notice's date: already sent (not after the casino's today nor the day it is written on), and not before
    the bad beat was in service."""
    if notified > today:
        return [Problem("minister_notified_on", errors.NOTICE_NOT_SENT_YET, citation, ErrorCode.FUTURE_DAY,
                        {"notice": notified, "today": today})]
    if notified > day:
        return [Problem("minister_notified_on", errors.BAD_BEAT_NOTICE_AFTER_DAY, citation, ErrorCode.FUTURE_DAY,
                        {"notice": notified, "day": day})]
    since = bad_beat.since
    if since is not None and notified < since:
        return [Problem("minister_notified_on", errors.BAD_BEAT_NOTICE_BEFORE, citation, ErrorCode.BEFORE_OPENING,
                        {"notice": notified, "since": since})]
    return []


@dataclass(frozen=True)
class StopNotice:
    """What a bad-beat notice's reference names among the requests to the authority (the hook
    `compliance.hooks.BAD_BEAT_STOP_NOTICE`, answered by compliance/approvals): what it is, whether it is this casino's,
    whether it is the notice of the bad beat's voluntary stop, and the day it was filed with the Minister (None: not
    filed)."""

    reference: str
    what: object  # its kind, in the reader's language (a lazy text)
    own: bool
    stop: bool = False
    filed_on: datetime.date | None = None


def bad_beat_notice_problems(bad_beat: BadBeat, proposed: Notice, rules: Rules,
                             named: StopNotice | None = None) -> list[Problem]:
    """Art. 49-14 al. 2: « sous réserve d'en informer le Ministre des Finances dans les quinze jours qui précèdent »:
    the notice recorded with the day the Minister was told, a day already past, not before the bad beat existed; where
    its reference is a request filed with the Minister, this casino's notice of the bad beat's stop, filed that very
    day (the request is the notice: the register records it, never a second one)."""
    citation = rules.cited(BAD_BEAT_NOTICE)
    if not isinstance(proposed.notified_on, datetime.date):
        return [Problem("minister_notified_on", common.FIELD_REQUIRED, citation, ErrorCode.REQUIRED)]
    told = _told_problems(bad_beat, proposed.notified_on, proposed.day, proposed.today, citation)
    return told or stop_reference_problems(named, proposed.notified_on, citation)


def stop_reference_problems(named: StopNotice | None, notified: datetime.date, citation: str) -> list[Problem]:
    """A reference naming a request (`named`; None: a letter's own reference, taken as written) names this casino's
    notice of the bad beat's voluntary stop, filed with the Minister on the day the notice says."""
    if named is None:
        return []
    said = {"reference": named.reference, "what": named.what}
    if not named.own:
        return [Problem("reference", errors.STOP_REFERENCE_OTHER_CASINO, citation, ErrorCode.WRONG_REFERENCE, said)]
    if not named.stop:
        return [Problem("reference", errors.STOP_REFERENCE_OTHER_OBJECT, citation, ErrorCode.WRONG_REFERENCE, said)]
    if named.filed_on != notified:
        return [Problem("minister_notified_on", errors.STOP_REFERENCE_OTHER_DAY, citation, ErrorCode.WRONG_REFERENCE,
                        {**said, "filed": named.filed_on or "—", "notice": notified})]
    return []


@dataclass(frozen=True)
class Noted:
    day: datetime.date
    table: object
    amount: Decimal


def bad_beat_manual_problems(bad_beat: BadBeat, proposed: Noted, rules: Rules) -> list[Problem]:
    """Art. 49-14 al. 3: « En cas d'arrêt involontaire du système engendré par une panne technique […] Les montants
    prélevés seront notés manuellement dans un carnet de compte »: a line of the carnet on a day the bad beat stands
    stopped by a breakdown, one per table and day."""
    citation = rules.cited(BREAKDOWN)
    if not bad_beat.broken_down_on(proposed.day):
        return [Problem("gaming_day", errors.BAD_BEAT_MANUAL_NOT_BROKEN, citation, ErrorCode.NOT_ACTIVE,
                        {"day": proposed.day})]
    earlier = bad_beat.noted.get((proposed.table, proposed.day))
    if earlier is not None:
        return [Problem("table", errors.BAD_BEAT_MANUAL_TWICE, citation, ErrorCode.DUPLICATE,
                        {"table": proposed.table, "day": proposed.day, "seq": earlier})]
    return []


def carnet_problems(noted: dict[tuple, Decimal], deals: dict[tuple, Decimal], citation: str) -> list[Problem]:
    """Art. 49-14 al. 3, reconciled when the machine is back: each table and day of the « carnet de compte » against
    the retention its imported deals took (the amounts levied while the machine was down: games/rules/ambiguities.yaml
    lu.bad_beat_jackpot.montants_notes_pendant_la_panne); a difference is a finding."""
    return [Problem("amount", errors.BAD_BEAT_CARNET_DIFFERS, citation, ErrorCode.INVALID,
                    {"table": table, "day": day, "noted": amount, "deals": deals.get((table, day), ZERO)})
            for (table, day), amount in sorted(noted.items(), key=lambda item: (item[0][1], str(item[0][0])))
            if amount != deals.get((table, day), ZERO)]


def minimum_pot_problems(proposed: BadBeatWin, rules: Rules) -> list[Problem]:
    """Art. 49-12 al. 7: « le pot minimum pour constituer un bad beat jackpot est fixé par le règlement intérieur du
    casino »: a version in force that day, the one the win writes with its minimum, and a pot not below it."""
    house, citation = proposed.house, rules.cited(MINIMUM_POT)
    if house is None:
        return [Problem("pot", errors.HOUSE_RULES_MISSING, citation, ErrorCode.REQUIRED, {"day": proposed.day})]
    if proposed.written is not None and tuple(proposed.written) != (house.seq, house.bad_beat_minimum_pot):
        seq, minimum = proposed.written
        return [Problem("pot_minimum", errors.POT_MINIMUM_NOT_THE_HOUSE_RULES, citation, ErrorCode.INVALID, {
            "written": rules.amount(minimum), "seq": seq, "minimum": rules.amount(house.bad_beat_minimum_pot),
            "house": house.seq, "day": proposed.day})]
    if proposed.pot is not None and proposed.pot < house.bad_beat_minimum_pot:
        return [Problem("pot", errors.BAD_BEAT_POT_TOO_SMALL, citation, ErrorCode.POT_TOO_SMALL, {
            "pot": rules.amount(proposed.pot), "minimum": rules.amount(house.bad_beat_minimum_pot),
            "seq": house.seq})]
    return []


def bad_beat_stop_problems(bad_beat: BadBeat, proposed: Stop, rules: Rules) -> list[Problem]:
    """Art. 49-14: the bad beat stops while in service, once until put back; a voluntary stop told to the Minister
    beforehand, never before the bad beat was in service."""
    problems = (_bad_beat_from(bad_beat, proposed.day, BAD_BEAT_STOP, rules)
                or notice_problems(proposed, rules.value(BAD_BEAT_NOTICE)))
    if problems or not proposed.voluntary or proposed.notified_on is None:
        return problems
    return _told_problems(bad_beat, proposed.notified_on, proposed.day, proposed.today, rules.cited(BAD_BEAT_NOTICE))


def bad_beat_restart_problems(bad_beat: BadBeat, day: datetime.date, rules: Rules, restart: Decimal | None = None,
                              credits: dict | None = None) -> list[Problem]:
    """Art. 49-14: only a stopped bad beat is put back in service; art. 49-13 al. 1: « constitué de la valeur de départ
    du jackpot fixée par l'établissement et d'un incrément », so nothing else enters or leaves the cagnotte: it resumes
    as the stop left it (after a breakdown, al. 3: « la partie continue sans que les pots ne soient prélevés » and no
    win is paid). A new start value is an opening (bad_beat_open), not a restart. `credits` None: not read."""
    problems = _bad_beat_from(bad_beat, day, BAD_BEAT_RESTART, rules)
    expected = bad_beat.resumes_at(day, credits) if credits is not None and not problems else None
    if expected is None or restart is None or restart == expected:
        return problems
    stopped = bad_beat.stopped_on(day)
    citation = rules.cited(BREAKDOWN if stopped and stopped[1] in bad_beat.breakdowns else START)
    return [Problem("restart_at", errors.BAD_BEAT_RESUMES_AT, citation, ErrorCode.INVALID,
                    {"expected": rules.amount(expected), "restart": rules.amount(restart)})]


def bad_beat_not_offered(bad_beat: BadBeat, day: datetime.date, rules: Rules) -> dict[str, Problem]:
    """Why a win, a stop or a restart of the bad beat is not taken on `day`, by the form's action: its stage's
    problem."""
    checks = {"win": BAD_BEAT_WIN, "stop": BAD_BEAT_STOP, "restart": BAD_BEAT_RESTART}
    refused = {action: found[0] for action, transition in checks.items()
               if (found := _bad_beat_from(bad_beat, day, transition, rules))}
    for action, found in (("open", bad_beat_open_problems(bad_beat, day, rules)),
                          ("manual", bad_beat_manual_problems(bad_beat, Noted(day, None, ZERO), rules))):
        if found:
            refused[action] = found[0]
    return refused


# --- the house rules (art. 49-9 al. 3, 49-12 al. 7, 49-13 al. 2 and 10) ------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A modality a version of the house rules chooses: its field, the value chosen, the values offered (with their
    labels) and the article that leaves the choice to the house."""

    field: str
    value: object
    allowed: dict
    citation: str


@dataclass(frozen=True)
class HouseRulesVersion:
    recorded_on: datetime.date
    effective_from: object  # a day
    choices: tuple[Choice, ...]


def house_rules_problems(proposed: HouseRulesVersion) -> list[Problem]:
    """A version in force from the day it is recorded or later, never replacing a past one (the casino's books); each
    modality one of those offered."""
    effective = proposed.effective_from
    if not isinstance(effective, datetime.date) or effective < proposed.recorded_on:
        return [Problem("effective_from", errors.HOUSE_RULES_BACKDATED, _books(), ErrorCode.INVALID,
                        {"day": proposed.recorded_on, "effective": effective if effective is not None else "—"})]
    return [Problem(choice.field, errors.HOUSE_RULES_CHOICE, choice.citation, ErrorCode.INVALID,
                    {"value": choice.value, "allowed": ", ".join(map(str, choice.allowed.values()))})
            for choice in proposed.choices if choice.value not in choice.allowed]


# the kinds of a version's values (registers/poker/house_rules.py TERMS)
YES_NO, AMOUNT, MINUTES, COUNT, CHOICE = "oui_non", "montant", "minutes", "nombre", "choix"
ABSENCE_MAX = 24 * 60  # an absence is counted within a gaming day: the casino's control


@dataclass(frozen=True)
class TermSaid:
    """A value a version says beyond the jackpots' modalities: the field, its kind, the value as given (None: the
    version does not say), its label, and the article that leaves it to the house (None: the casino's texts leave it
    to none, then it is not the house's to set)."""

    field: str
    kind: str
    value: object
    label: object
    citation: str | None


def _well_formed(kind: str, value) -> bool:
    if kind == YES_NO:
        return isinstance(value, bool)
    if kind == AMOUNT:
        return isinstance(value, Decimal) and value.is_finite() and value > 0 and value.as_tuple().exponent >= -2
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return 1 <= value <= ABSENCE_MAX if kind == MINUTES else value >= 1


TERM_MESSAGES = {YES_NO: errors.HOUSE_RULES_YES_NO, AMOUNT: errors.HOUSE_RULES_AMOUNT,
                 MINUTES: errors.HOUSE_RULES_MINUTES, COUNT: errors.HOUSE_RULES_COUNT}


def house_rules_terms_problems(terms: tuple[TermSaid, ...]) -> list[Problem]:
    """Each value a version says well formed, cited to the article that leaves it to the house: a yes or a no, a
    positive amount in cents (the recave maximum, art. 49-1), minutes within a gaming day (the maximum absence, art.
    49-1), a number of spots of at least one (art. 37-18); a value the casino's texts leave to no règlement intérieur
    is refused."""
    found = []
    for term in terms:
        if term.value is None:
            continue
        if term.citation is None:
            found.append(Problem(term.field, errors.HOUSE_RULES_NOT_DELEGATED, _books(), ErrorCode.INVALID,
                                 {"label": term.label}))
        elif not _well_formed(term.kind, term.value):
            found.append(Problem(term.field, TERM_MESSAGES[term.kind], term.citation, ErrorCode.INVALID,
                                 {"label": term.label, "value": str(term.value)[:80], "max": ABSENCE_MAX}))
    return found


# --- the cagnotte (art. 97-1) ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Count:
    table: object
    day: datetime.date
    house: Decimal
    bad_beat: Decimal
    box: Decimal


def cagnotte_problems(counted: dict[tuple, int], proposed: Count, citation: str) -> list[Problem]:
    """A table's count of its gaming day: one of its amounts positive, counted once (`counted`: (table, day) → n° of
    its standing count); `citation`: art. 97-1 as the rule data cites it, else the casino's control."""
    if not (proposed.house or proposed.bad_beat or proposed.box):
        return [Problem("house", errors.CAGNOTTE_EMPTY, citation, ErrorCode.EMPTY)]
    earlier = counted.get((proposed.table, proposed.day))
    if earlier is not None:
        return [Problem("table", errors.CAGNOTTE_TWICE, _books(), ErrorCode.DUPLICATE,
                        {"table": proposed.table, "day": proposed.day, "seq": earlier})]
    return []
