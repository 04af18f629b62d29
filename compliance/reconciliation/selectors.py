"""Reads: a period's table data in a few queries whatever its length (the figures of its sessions, the sums of the
sessions before it for the holds' bands, the numbered slips of its years, the Pai Gow commissions), each day's
findings computed from it with the rules of that day, and what the pages show."""

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.models import Count, Max, Q, QuerySet, Sum
from django.http import Http404
from django.shortcuts import get_object_or_404

from compliance.errors import DomainError
from compliance.models import Casino, JobRun, User
from compliance.selectors import casino_get
from games.selectors import rule_value_at
from registers import controls
from registers.models import Slip, SlipKind, TableSession
from registers.tables import pai_gow
from registers.tables.selectors import ZERO, SessionFigures, session_figures

from . import arretes, band, checks, levies, messages, poker, poker_seances, progressif
from .checks import CommissionRow, Found, Previous, SerialRow
from .direction import direction_findings
from .models import Finding, Reconciliation
from .notices import notice_findings

CARNETS = "registres.carnets_speciaux"  # art. 97-1, where the casino's texts have it


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
    figures: list[SessionFigures]
    previous: dict[int, Previous | SessionFigures]  # each session's table's session before it
    history: list[SessionFigures]  # the HISTORY_DAYS before `first`, for the holds' bands
    serials: list[SerialRow]  # the period's numbered slips, and the earlier uses of their numbers
    earlier: dict[int, set[int]]  # by year, the numbers used before `first`
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


def _sum(kind: str):
    return Sum("amount", filter=Q(kind=kind, void__isnull=True))


def _history(casino: Casino, first: datetime.date, last: datetime.date) -> list[SessionFigures]:
    """The sessions' sums only (a band needs each day's win and drop): one grouped query, no model built."""
    rows = (Slip.objects.filter(casino=casino, gaming_day__range=(first, last))
            .values("session_id", "session__table__number", "gaming_day")
            .annotate(opening=_sum(SlipKind.OPENING), closing=_sum(SlipKind.CLOSING), fills=_sum(SlipKind.FILL),
                      credits=_sum(SlipKind.CREDIT), drop=_sum(SlipKind.DROP)).order_by())
    return [SessionFigures(row["session_id"], row["session__table__number"], "", "", row["gaming_day"], 0, "", None,
                           row["opening"] or ZERO, row["closing"], row["fills"] or ZERO, row["credits"] or ZERO,
                           row["drop"], ZERO) for row in rows]


def _serials(casino: Casino, first: datetime.date, last: datetime.date):
    """The period's numbered slips in full, with the earlier uses of their numbers; the years' numbers before."""
    numbered = Slip.objects.filter(casino=casino, year__in=range(first.year, last.year + 1), serial__isnull=False)
    fields = ("pk", "year", "serial", "gaming_day", "session__table__number", "session_id")
    rows = [SerialRow(*values) for values in numbered.filter(gaming_day__range=(first, last)).values_list(*fields)]
    earlier = defaultdict(set)
    for year, serial in numbered.filter(gaming_day__lt=first).values_list("year", "serial"):
        earlier[year].add(serial)
    reused = defaultdict(set)  # a number of the period used before it: a duplicate, whose every use is named
    for row in rows:
        if row.serial in earlier.get(row.year, ()):
            reused[row.year].add(row.serial)
    if reused:
        uses = Q()
        for year, numbers in reused.items():
            uses |= Q(year=year, serial__in=numbers)
        rows += [SerialRow(*values) for values in numbered.filter(uses, gaming_day__lt=first).values_list(*fields)]
    return rows, earlier


def period(casino: Casino, first: datetime.date, last: datetime.date) -> Period:
    figures = session_figures(casino, first, last)
    earlier, previous = _before(casino, first), {}
    for row in figures:  # in table, day, session order
        previous[row.session_id] = earlier.get(row.table)
        earlier[row.table] = row
    history = _history(casino, first - datetime.timedelta(days=band.HISTORY_DAYS), first - datetime.timedelta(days=1))
    commissions = [CommissionRow(*values) for values in Slip.objects.filter(
        casino=casino, kind=SlipKind.COMMISSION, gaming_day__range=(first, last), void__isnull=True)
        .values_list("session_id", "session__table__number", "session__number", "gaming_day", "amount",
                     "details__mains")]
    return Period(casino, first, last, figures, previous, history, *_serials(casino, first, last), commissions)


def _rule(casino: Casino, key: str, day: datetime.date):
    try:
        return rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True)
    except DomainError:
        return None


def period_findings(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, list[Found]]:
    """Every day's findings, each citing the rule in force on that day."""
    data, level = period(casino, first, last), confidence()
    paid = defaultdict(list)
    for row in data.commissions:
        paid[row.gaming_day].append(row)
    commissions = {day: _commissions(casino, day, rows) for day, rows in paid.items()}
    room = poker.poker_findings(casino, first, last) if poker.has_poker(casino) else {}
    levied = levies.levy_findings(casino, first, last)  # the levy book's transfers past their due date
    fixed = arretes.arrete_findings(casino, first, last)  # the sessions opened otherwise than the arrêté
    seances = poker_seances.seance_findings(casino, first, last)  # the poker séances' closes and caisses de change
    duty = direction_findings(casino, first, last)  # the direction's presence and designations
    lots = progressif.progressive_findings(casino, first, last)  # the progressive lots' boards against their account
    posted = notice_findings(casino, first, last)  # the notices owed and displayed nowhere
    holds = band.Holds([*data.history, *data.figures])
    serials = checks.serials(data.serials, controls.written(controls.SLIP_SIGNATURES), data.earlier)
    inventory, hold = controls.written(controls.TABLE_INVENTORY), controls.written(controls.HOLD_BAND)
    closed, restored = controls.written(controls.TABLE_CLOSED), controls.written(controls.FLOAT_RESTORED)
    drop = controls.written(controls.DROP_COUNT)
    of_day = defaultdict(list)
    for row in data.figures:
        of_day[row.gaming_day].append(row)
    found = {}
    for offset in range((last - first).days + 1):
        day = first + datetime.timedelta(days=offset)
        figures = of_day[day]
        if figures:
            # house controls all: art. 21 al. 1 only says an arrêté fixes the float, art. 97-1 only lets the books be
            # kept electronically; neither asks for a closing, a float restored or a drop counted by two people
            figures_found = [*checks.not_closed(figures, closed), *checks.float_restored(figures, restored),
                             *checks.inventory(figures, data.previous, inventory),
                             *checks.drop_counted(figures, drop),
                             *holds.findings(day, confidence=level, citation=hold)]
        else:
            figures_found = []
        found[day] = [*serials.get(day, []), *figures_found, *commissions.get(day, []), *room.get(day, []),
                      *levied.get(day, []), *fixed.get(day, []), *seances.get(day, []), *lots.get(day, [])]
        found[day] += duty.get(day, []) + posted.get(day, [])
    return found


def _commissions(casino: Casino, day: datetime.date, rows: list[CommissionRow]) -> list[Found]:
    rate = _rule(casino, pai_gow.RATE, day) if rows else None
    step = _rule(casino, pai_gow.STEP, day) if rate else None
    if step is None:
        return []
    return checks.commissions(rows, rate.value, step.value, str(rate.citation))


# --- pages --------------------------------------------------------------------------------------------------------


def reconciliation_list(*, user: User, casino_code: str | None = None,
                        open_only: bool = False) -> QuerySet[Reconciliation]:
    """The reconciled days the user sees, newest first; of one casino, and only those with a finding still open (not
    yet explained) when asked."""
    rows = Reconciliation.objects.visible_to(user).select_related("casino", "run_by")
    if casino_code:
        rows = rows.filter(casino__code=casino_code)
    if open_only:
        rows = rows.filter(pk__in=Finding.objects.filter(state=Finding.State.OPEN).values("reconciliation_id"))
    return rows


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


# --- the « À faire » home -------------------------------------------------------------------------------------------


def open_days(*, user: User) -> list[dict]:
    """Per casino and gaming day, its findings still open (to explain), the oldest day first: one query."""
    return list(Finding.objects.visible_to(user).filter(state=Finding.State.OPEN)
                .values("reconciliation__casino__code", "reconciliation__casino__name", "reconciliation__gaming_day")
                .annotate(count=Count("id"), run_at=Max("reconciliation__run_at"))
                .order_by("reconciliation__gaming_day", "reconciliation__casino__name"))


def findings_in(*, user: User, states: tuple[str, ...], kinds: tuple[str, ...] = (),
                since: datetime.date | None = None) -> QuerySet[Finding]:
    """The findings of the user's scope in `states` (of `kinds`, from the gaming day `since`), oldest day first."""
    found = (Finding.objects.visible_to(user).filter(state__in=states)
             .select_related("reconciliation__casino__jurisdiction", "explained_by", "accepted_by"))
    if kinds:
        found = found.filter(kind__in=kinds)
    if since is not None:
        found = found.filter(reconciliation__gaming_day__gte=since)
    return found.order_by("reconciliation__gaming_day", "reconciliation__casino__name", "pk")
