"""A progressive jackpot (LU RGD 1979 art. 49-9 to 49-11), by its name in the `jackpot_progressif` register:

    (aucun) ─configurer→ en cours ─arrêter→ arrêté ─configurer à nouveau→ en cours
    en cours: relevés de fin de séance, gains (the level won back to its start value)

A configuration while it runs (« Les conditions d'incrémentation ne peuvent être modifiées avant l'arrêt », 49-9
al. 3), a statement, a win or a stop of a jackpot stopped or never configured, a second stop, a level it does not have,
a table it is not linked to, a level won twice in one deal are refused; nothing is dated before its configuration."""

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import ngettext

from games.poker.jackpots import HIGHEST_FIRST, ROUNDINGS

from ... import errors as common
from ...chain.replay import Counted, Said
from ...controls import Problem, Rules, Transition
from ...errors import ErrorCode
from .. import errors
from .shared import (
    CONDITIONS,
    CONFIGURE,
    ELIGIBLE,
    LEVELS_MAX,
    NOTICE,
    PER_DEAL,
    PER_TABLE,
    SAME_BLINDS,
    STARTS_MAX,
    STATEMENT,
    STATEMENT_RULE,
    STOP,
    WIN,
    House,
    Stage,
    Stop,
    books,
    decimal,
    notice_problems,
)

INCREMENT_KINDS = ("fixe", "pourcentage")


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
        return [Problem("gaming_day", errors.JACKPOT_BEFORE_CONFIGURATION, books(), ErrorCode.INVALID,
                        {"name": jackpot.name, "configured": jackpot.configured_on, "seq": jackpot.configured,
                         "day": day})]
    return []


@dataclass(frozen=True)
class Blinds:
    table: object
    small_blind: Decimal | None
    big_blind: Decimal | None


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
