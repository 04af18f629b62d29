"""What the poker room's pages (registers/poker_room) show of the reconciliation: the recent days' standing findings
and the day's findings, its run and its last job. Reads only, through this app's selectors; the poker room calls them
through the points of compliance/hooks.py this app's hooks.py fills (the registers never import the reconciliation)."""

import datetime

from django.db.models import Count

from compliance.models import Casino, User

from . import selectors
from .models import Finding

POKER_FINDINGS = "poker_"  # the poker room's findings: their kinds' prefix (poker.py)


def finding_days(casino: Casino, before: datetime.date, days: list[datetime.date] | None,
                 count: int) -> dict[datetime.date, int]:
    """The last `count` days up to `before` (of `days` when given) with the room's standing findings (not lifted by a
    later run), and how many: one query."""
    found = (Finding.objects.filter(reconciliation__casino=casino, reconciliation__gaming_day__lte=before,
                                    kind__startswith=POKER_FINDINGS).exclude(state=Finding.State.LIFTED))
    if days is not None:
        found = found.filter(reconciliation__gaming_day__in=days)
    return dict(found.values_list("reconciliation__gaming_day").order_by("-reconciliation__gaming_day")
                .annotate(n=Count("id"))[:count])


def day_findings(*, user: User, casino: Casino, day: datetime.date) -> dict:
    """The day's reconciliation if any, its poker findings (`standing`: those not lifted) and its last job."""
    _casino, _day, reconciliation = selectors.day_get(user=user, casino_code=casino.code, day=day.isoformat())
    findings = [finding for finding in selectors.findings_of(reconciliation)
                if finding.kind.startswith(POKER_FINDINGS)]
    job = selectors.day_job(casino, day)
    return {"reconciliation": reconciliation, "findings": findings,
            "standing": [finding for finding in findings if finding.state != Finding.State.LIFTED], "job": job,
            "job_running": job is not None and job.status in ("queued", "running")}
