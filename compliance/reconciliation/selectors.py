"""Reads: a period's table data in a few queries whatever its length (the figures of every session, the numbered
slips of its years, the Pai Gow commissions), each day's findings computed from it with the rules of that day, and
what the pages show."""

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from compliance.errors import DomainError
from compliance.models import Casino, JobRun, User
from compliance.selectors import casino_get
from games.selectors import rule_value_at
from registers import controls
from registers.models import Slip, SlipKind, TableSession
from registers.tables import pai_gow, rules
from registers.tables.selectors import SessionFigures, session_figures

from . import band, checks, messages
from .checks import CommissionRow, Found, Previous, SerialRow
from .models import Finding, Reconciliation

CARNETS = "lu.registres.carnets_speciaux"  # art. 97-1, where the casino's texts have it


def confidence() -> float:
    value = settings.HOLD_CONFIDENCE
    if not 0 < value < 1:
        raise ImproperlyConfigured(messages.CONFIDENCE.format(value=value))
    return value


@dataclass
class Period:
    casino: Casino
    first: datetime.date
    last: datetime.date
    figures: list[SessionFigures]  # from HISTORY_DAYS before `first`, for the holds' bands
    previous: dict[int, Previous | SessionFigures]  # each session's table's session before it
    serials: list[SerialRow]
    commissions: list[CommissionRow]


def _before(casino: Casino, day: datetime.date) -> dict[str, Previous]:
    """Each table's last session before `day`, with its closing inventory: one query."""
    last = (TableSession.objects.filter(table__casino=casino, gaming_day__lt=day)
            .order_by("table_id", "-gaming_day", "-number").distinct("table_id")
            .values_list("pk", "table__number", "gaming_day", "bank_mode"))
    rows = {pk: (table, gaming_day, mode) for pk, table, gaming_day, mode in last}
    closings = dict(Slip.objects.filter(session_id__in=rows, kind=SlipKind.CLOSING).values_list("session_id",
                                                                                                  "amount"))
    return {table: Previous(gaming_day, mode, closings.get(pk)) for pk, (table, gaming_day, mode) in rows.items()}


def period(casino: Casino, first: datetime.date, last: datetime.date) -> Period:
    start = first - datetime.timedelta(days=band.HISTORY_DAYS)
    figures = session_figures(casino, start, last)
    earlier, previous = _before(casino, start), {}
    for row in figures:  # in table, day, session order
        previous[row.session_id] = earlier.get(row.table)
        earlier[row.table] = row
    serials = [SerialRow(*values) for values in Slip.objects.filter(
        casino=casino, year__in=range(first.year, last.year + 1), serial__isnull=False, gaming_day__lte=last)
        .values_list("pk", "year", "serial", "gaming_day", "session__table__number", "session_id")]
    commissions = [CommissionRow(*values) for values in Slip.objects.filter(
        casino=casino, kind=SlipKind.COMMISSION, gaming_day__range=(first, last), void__isnull=True)
        .values_list("session_id", "session__table__number", "session__number", "gaming_day", "amount",
                     "details__mains")]
    return Period(casino, first, last, figures, previous, serials, commissions)


def _rule(casino: Casino, key: str, day: datetime.date):
    try:
        return rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True)
    except DomainError:
        return None


def period_findings(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, list[Found]]:
    """Every day's findings, each citing the rule in force on that day."""
    data, level = period(casino, first, last), confidence()
    holds = band.Holds(data.figures)
    serials = checks.serials(data.serials, controls.written(controls.SLIP_SIGNATURES))
    inventory, hold = controls.written(controls.TABLE_INVENTORY), controls.written(controls.HOLD_BAND)
    of_day, paid = defaultdict(list), defaultdict(list)
    for row in data.figures:
        if row.gaming_day >= first:
            of_day[row.gaming_day].append(row)
    for row in data.commissions:
        paid[row.gaming_day].append(row)
    found = {}
    for offset in range((last - first).days + 1):
        day = first + datetime.timedelta(days=offset)
        figures, bank = of_day[day], None
        if figures:
            bank = rules.bank(casino, day).citation
            figures_found = [*checks.not_closed(figures, bank), *checks.float_restored(figures, bank),
                             *checks.inventory(figures, data.previous, inventory),
                             *checks.drop_counted(figures, controls.cited(casino, CARNETS, day, controls.DROP_COUNT)),
                             *holds.findings(day, confidence=level, citation=hold)]
        else:
            figures_found = []
        found[day] = [*serials.get(day, []), *figures_found, *_commissions(casino, day, paid[day])]
    return found


def _commissions(casino: Casino, day: datetime.date, rows: list[CommissionRow]) -> list[Found]:
    rate = _rule(casino, pai_gow.RATE, day) if rows else None
    step = _rule(casino, pai_gow.STEP, day) if rate else None
    if step is None:
        return []
    return checks.commissions(rows, rate.value, step.value, str(rate.citation))


# --- pages --------------------------------------------------------------------------------------------------------


def reconciliation_list(*, user: User, casino_code: str | None = None) -> QuerySet[Reconciliation]:
    rows = Reconciliation.objects.visible_to(user).select_related("casino", "run_by")
    return rows.filter(casino__code=casino_code) if casino_code else rows


def finding_counts(reconciliations) -> dict[int, dict[str, int]]:
    """Per reconciliation, its findings by state: one query for the page."""
    counts = defaultdict(lambda: defaultdict(int))
    for pk, state in Finding.objects.filter(reconciliation__in=list(reconciliations)).values_list(
            "reconciliation_id", "state"):
        counts[pk][state] += 1
    return counts


def day_get(*, user: User, casino_code: str, day: str) -> tuple[Casino, datetime.date, Reconciliation | None]:
    """The casino among the user's, the day as written in the address, and its reconciliation if any; else 404."""
    casino = casino_get(user=user, code=casino_code)
    try:
        gaming_day = datetime.date.fromisoformat(day)
    except ValueError:
        raise Http404(day) from None
    return casino, gaming_day, Reconciliation.objects.filter(casino=casino, gaming_day=gaming_day).first()


def findings_of(reconciliation: Reconciliation | None) -> list[Finding]:
    if reconciliation is None:
        return []
    rows = reconciliation.findings.select_related("explained_by", "accepted_by").order_by("id")
    return sorted(rows, key=lambda row: (row.state == Finding.State.LIFTED, row.kind, row.table, row.key, row.pk))


def finding_get(*, user: User, reconciliation: Reconciliation | None, pk: int) -> Finding:
    if reconciliation is None:
        raise Http404(pk)
    return get_object_or_404(Finding.objects.visible_to(user).filter(reconciliation=reconciliation), pk=pk)


def day_job(casino: Casino, day: datetime.date) -> JobRun | None:
    """The last reconciliation of the day asked of the worker."""
    return (JobRun.objects.filter(casino=casino, kind=JobRun.Kind.RECONCILIATION, result__journee=day.isoformat())
            .order_by("-created_at").first())
