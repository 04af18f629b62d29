"""The reconciliation's work for the « À faire » home: the days whose findings wait for the accounts' explanation,
the explanations waiting for the management's acceptance (never the person's own), and for a regulator, across the
casinos of the jurisdiction, the findings accepted lately and the anomalies (a hold outside its band, a rake over the
cap) of the last weeks."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from compliance.formatting import date
from compliance.models import User
from compliance.todo import Task

from .models import Finding
from .selectors import findings_in, open_days

SECTION = "reconciliation-list"
ACCEPTED_DAYS = 7  # a regulator reads the findings accepted in the last week
ANOMALY_DAYS = 30  # and the anomalies of the last month's gaming days
ANOMALIES = (Finding.Kind.HOLD, Finding.Kind.POKER_CAP)


def _day_url(casino_code: str, day: datetime.date, anchor: str = "") -> str:
    url = reverse("reconciliation-day", kwargs={"casino": casino_code, "day": day.isoformat()})
    return f"{url}#{anchor}" if anchor else url


def to_explain(user: User) -> list[Task]:
    tasks = []
    for row in open_days(user=user):
        day, code = row["reconciliation__gaming_day"], row["reconciliation__casino__code"]
        tasks.append(Task(
            key=f"findings-open:{code}:{day.isoformat()}", group=_("Constats à expliquer"),
            label=ngettext("Journée du %(day)s : %(count)s constat ouvert", "Journée du %(day)s : %(count)s constats "
                           "ouverts", row["count"]) % {"day": date(day, jurisdiction=user.home_jurisdiction),
                                                       "count": row["count"]},
            url=_day_url(code, day, "findings"), section=SECTION, casino=row["reconciliation__casino__name"],
            since=row["run_at"], severity="warning"))
    return tasks


def _finding_task(finding: Finding, key: str, group: str, **extra) -> Task:
    reconciliation = finding.reconciliation
    casino = reconciliation.casino
    label = f"{finding.get_kind_display()}{f' · {finding.table}' if finding.table else ''} · " + date(
        reconciliation.gaming_day, jurisdiction=casino.jurisdiction)
    return Task(key=f"{key}:{finding.pk}", group=group, label=label,
                url=_day_url(casino.code, reconciliation.gaming_day, f"constat-{finding.pk}"), section=SECTION,
                casino=casino.name, **extra)


def to_accept(user: User) -> list[Task]:
    """The explanations someone else gave: the person who explained a finding does not accept it."""
    return [_finding_task(finding, "finding-explained", _("Explications à accepter"), since=finding.explained_at,
                          detail=finding.explanation, severity="warning")
            for finding in findings_in(user=user, states=(Finding.State.EXPLAINED,)).exclude(explained_by=user)]


def across_casinos(user: User) -> list[Task]:
    today = timezone.localdate()
    accepted = findings_in(user=user, states=(Finding.State.ACCEPTED,)).filter(
        accepted_at__gte=timezone.now() - datetime.timedelta(days=ACCEPTED_DAYS))
    anomalies = findings_in(user=user, states=(Finding.State.OPEN, Finding.State.EXPLAINED), kinds=ANOMALIES,
                            since=today - datetime.timedelta(days=ANOMALY_DAYS))
    tasks = [_finding_task(finding, "anomaly", _("Anomalies : hold hors de sa bande, retenue au-delà du maximum"),
                           since=finding.reconciliation.run_at, detail=finding.text, severity="danger")
             for finding in anomalies]
    tasks += [_finding_task(finding, "finding-accepted", _("Constats acceptés par les casinos"),
                            since=finding.accepted_at, detail=finding.explanation, to_read=True)
              for finding in accepted]
    return tasks
