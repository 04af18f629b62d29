"""The reconciliation's checks: pure functions from a gaming day's figures and slips to its findings, each citing the
rule it applies (given by the caller from the rule data, or the casino's internal control where the texts say
nothing). No database here: selectors.py reads, services.py records."""

import bisect
import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from registers.money import CENT
from registers.tables.pai_gow import commission
from registers.tables.selectors import SessionFigures

from .messages import NO_COUNTER


@dataclass(frozen=True)
class Found:
    kind: str
    key: str  # stable from one run to the next: what makes two runs' findings the same
    citation: str
    amount: Decimal | None  # the variance, in the casino's currency
    table: str = ""
    session_id: int | None = None
    params: dict = field(default_factory=dict)  # the message's values, as text


@dataclass(frozen=True)
class SerialRow:
    """A numbered slip (fill or credit), voided or not: its number stays used."""

    slip_id: int
    year: int
    serial: int
    gaming_day: datetime.date
    table: str
    session_id: int


@dataclass(frozen=True)
class CommissionRow:
    """A Pai Gow commission slip: the total declared and the rounds it was declared from."""

    session_id: int
    table: str
    session: int
    gaming_day: datetime.date
    declared: Decimal
    rounds: list


def _session_key(kind: str, row: SessionFigures) -> str:
    return f"{kind}:{row.table}:{row.number}"


def _session(kind: str, row: SessionFigures, citation: str, variance: Decimal | None, **params) -> Found:
    return Found(kind, _session_key(kind, row), citation, variance, row.table, row.session_id,
                 {"table": row.table, "session": str(row.number), **params})


def serials(rows: list[SerialRow], citation: str,
            earlier: dict[int, set[int]] | None = None) -> dict[datetime.date, list[Found]]:
    """Each year's numbers follow one another with no gap and no duplicate: a gap is the finding of the day of the
    number after it, a duplicate that of the day of each later use. `earlier`: the numbers of each year used before
    the rows (only the rows' own numbers are checked)."""
    by_day = defaultdict(list)
    per_year = defaultdict(lambda: defaultdict(list))
    for row in sorted(rows, key=lambda row: row.slip_id):
        per_year[row.year][row.serial].append(row)
    for year, uses in per_year.items():
        numbers = sorted({*(earlier or {}).get(year, ()), *uses})
        for number in sorted(uses):
            first = uses[number][0]
            at = bisect.bisect_left(numbers, number)
            before = numbers[at - 1] if at else None
            if before is not None and number - before > 1:
                missing = str(before + 1) if number - before == 2 else f"{before + 1}–{number - 1}"
                by_day[first.gaming_day].append(Found(
                    "serie_trou", f"serie_trou:{year}:{before + 1}-{number - 1}", citation, None, first.table,
                    first.session_id, {"year": str(year), "missing": missing, "before": str(before),
                                       "after": str(number), "table": first.table}))
            twice = uses[number]
            for day in sorted({row.gaming_day for row in twice[1:]}):
                by_day[day].append(Found(
                    "serie_doublon", f"serie_doublon:{year}:{number}", citation, None, twice[-1].table,
                    twice[-1].session_id, {"year": str(year), "serial": str(number), "count": str(len(twice)),
                                           "tables": ", ".join(sorted({row.table for row in twice}))}))
    return by_day


def not_closed(figures: list[SessionFigures], citation: str) -> list[Found]:
    """Every table opened on the day has its closing inventory."""
    return [_session("non_fermee", row, citation, None, day=row.gaming_day.isoformat())
            for row in figures if not row.closed]


def float_restored(figures: list[SessionFigures], citation: str) -> list[Found]:
    """Where the bank is a fixed float, the closing inventory restores it."""
    return [_session("avance", row, citation, row.closing - row.float_amount, closing=str(row.closing),
                     float=str(row.float_amount), amount=str(row.closing - row.float_amount))
            for row in figures if row.closed and row.bank_mode == "avance" and row.closing != row.float_amount]


@dataclass(frozen=True)
class Previous:
    """A table's session before the one checked (SessionFigures has the same attributes)."""

    gaming_day: datetime.date
    bank_mode: str
    closing: Decimal | None


def inventory(figures: list[SessionFigures], previous: dict[int, Previous | SessionFigures],
              citation: str) -> list[Found]:
    """Where the inventory is counted, a table opens with what its last session closed with."""
    found = []
    for row in figures:
        last = previous.get(row.session_id)
        if (row.bank_mode != "inventaire" or last is None or last.closing is None or last.bank_mode != "inventaire"
                or row.opening == last.closing):
            continue
        found.append(_session("inventaire", row, citation, row.opening - last.closing, opening=str(row.opening),
                              closing=str(last.closing), previous_day=last.gaming_day.isoformat(),
                              amount=str(row.opening - last.closing)))
    return found


def drop_counted(figures: list[SessionFigures], citation: str) -> list[Found]:
    """A closed table's drop is counted, by two people."""
    found = []
    for row in figures:
        if not row.closed:
            continue  # its closing is the finding
        if row.drop is None:
            found.append(_session("drop_absent", row, citation, None))
            continue
        names = [str(row.drop_counters.get(role) or "").strip() for role in ("compteur_1", "compteur_2")]
        if all(names) and names[0].casefold() != names[1].casefold():
            continue
        counters = ", ".join(name for name in names if name) or str(NO_COUNTER)
        found.append(_session("drop", row, citation, None, drop=str(row.drop), counters=counters))
    return found


def _recomputed(rounds: list, rate: Decimal, step: Decimal) -> Decimal:
    total = Decimal("0.00")
    for played in rounds if isinstance(rounds, list) else ():
        wins = played.get("gagnantes") if isinstance(played, dict) else None
        for bet in (wins or {}).values():
            try:
                total += commission(Decimal(str(bet["mise"] if isinstance(bet, dict) else bet)), rate, step)
            except (KeyError, InvalidOperation):
                continue  # a bet that does not read adds nothing: the declared total then differs
    return total.quantize(CENT)


def commissions(rows: list[CommissionRow], rate: Decimal, step: Decimal, citation: str) -> list[Found]:
    """Each Pai Gow session's commissions, recomputed from its rounds, are those declared."""
    sessions = {}
    for row in rows:
        declared, computed, _ = sessions.get(row.session_id, (Decimal("0.00"), Decimal("0.00"), row))
        sessions[row.session_id] = (declared + row.declared, computed + _recomputed(row.rounds, rate, step), row)
    found = []
    for session_id, (declared, computed, row) in sorted(sessions.items()):
        if declared != computed:
            found.append(Found("commission", f"commission:{row.table}:{row.session}", citation, declared - computed,
                               row.table, session_id, {"table": row.table, "session": str(row.session),
                                                       "declared": str(declared), "computed": str(computed),
                                                       "amount": str(declared - computed)}))
    return found
