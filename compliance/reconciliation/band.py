"""The hold a table may be expected to keep: a band drawn from its own daily holds over the gaming days before,
mean ± z·sd, z the normal quantile of the confidence asked (VIGIE_HOLD_CONFIDENCE). A day outside it is a finding,
not a fault: the accounts explain it (a lucky player, a wrong count). Too short a history draws no band."""

import bisect
import datetime
import statistics
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from statistics import NormalDist

from registers.tables.selectors import SessionFigures, hold

from .checks import CENT, Found

HISTORY_DAYS = 90  # the gaming days looked back on
MINIMUM_DAYS = 10  # fewer days with a hold than this: no band
PERCENT = Decimal("0.01")


@dataclass(frozen=True)
class Band:
    low: Decimal
    high: Decimal
    days: int


def z_of(confidence: float) -> Decimal:
    """0.95 → 1.959964: two-sided, the band holding that share of a normal table's days."""
    return Decimal(str(round(NormalDist().inv_cdf(1 - (1 - confidence) / 2), 6)))


def band(holds: list[Decimal], z: Decimal, minimum: int = MINIMUM_DAYS) -> Band | None:
    if len(holds) < minimum:
        return None
    mean, spread = statistics.mean(holds), statistics.stdev(holds)
    return Band(mean - z * spread, mean + z * spread, len(holds))


def daily(figures: list[SessionFigures]) -> dict[str, dict[datetime.date, tuple[Decimal, Decimal]]]:
    """Each table's win and drop per gaming day, from its sessions that have a win (closed, drop counted)."""
    sums = defaultdict(lambda: defaultdict(lambda: (Decimal("0.00"), Decimal("0.00"))))
    for row in figures:
        if row.win is not None:
            win, drop = sums[row.table][row.gaming_day]
            sums[row.table][row.gaming_day] = (win + row.win, drop + row.drop)
    return sums


class Holds:
    """The tables' daily holds of a period, to draw each day's band from the days before it."""

    def __init__(self, figures: list[SessionFigures]):
        self.sums = daily(figures)
        self.days = {table: sorted(days) for table, days in self.sums.items()}

    def history(self, table: str, day: datetime.date, window: int = HISTORY_DAYS) -> list[Decimal]:
        days = self.days.get(table, [])
        start = bisect.bisect_left(days, day - datetime.timedelta(days=window))
        end = bisect.bisect_left(days, day)
        return [held for held in (hold(*self.sums[table][d]) for d in days[start:end]) if held is not None]

    def findings(self, day: datetime.date, *, confidence: float, citation: str) -> list[Found]:
        z, found = z_of(confidence), []
        for table in sorted(self.sums):
            if day not in self.sums[table]:
                continue
            win, drop = self.sums[table][day]
            held = hold(win, drop)
            expected = band(self.history(table, day), z)
            if held is None or expected is None or expected.low <= held <= expected.high:
                continue
            bound = expected.low if held < expected.low else expected.high
            variance = (win - drop * bound).quantize(CENT)
            found.append(Found("hold", f"hold:{table}", citation, variance, table, None, {
                "table": table, "hold": _percent(held), "low": _percent(expected.low),
                "high": _percent(expected.high), "days": str(expected.days),
                "confidence": _percent(Decimal(str(confidence))), "amount": str(variance)}))
        return found


def _percent(fraction: Decimal) -> str:
    return str((fraction * 100).quantize(PERCENT))
