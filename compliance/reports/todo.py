"""The signed reports on the « À faire » home: yesterday's daily reports for a casino's staff, the new ones across the
jurisdiction's casinos for a regulator (both to read), and for the platform's administrator the signing certificates
about to expire."""

from __future__ import annotations

import datetime
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from compliance.formatting import date
from compliance.models import User
from compliance.todo import Task

from .models import Report
from .selectors import certificates_expiring, signed_between

NEW_HOURS = 48  # a regulator's « new » reports: those signed in the last two days
EXPIRY_DAYS = 30  # a certificate is renewed in its last month


def _per_casino(reports, key: str, group: str, label) -> list[Task]:
    """One item per casino (its reports, the list filtered on them one click away), not one per report: a closed day
    signs a report per register."""
    by_casino: dict[int, list[Report]] = {}
    for report in reports:
        by_casino.setdefault(report.casino_id, []).append(report)
    tasks = []
    for found in by_casino.values():
        casino = found[0].casino
        first, last = min(r.period_start for r in found), max(r.period_end for r in found)
        query = urlencode({"casino": casino.code, "start": first.isoformat(), "end": last.isoformat()})
        kinds = sorted({str(r.register.get_kind_display() if r.register_id else r.get_kind_display()) for r in found})
        tasks.append(Task(
            key=f"{key}:{casino.code}:{max(r.pk for r in found)}", group=group,
            label=label(len(found)) % {"count": len(found), "day": date(last, jurisdiction=casino.jurisdiction)},
            url=f"{reverse('reports-list')}?{query}", section="reports-list", casino=casino.name,
            since=max(r.finished_at for r in found if r.finished_at), detail=", ".join(kinds), to_read=True))
    return tasks


def yesterday(user: User) -> list[Task]:
    casino = user.casino
    if casino is None:
        return []
    day = casino.today() - datetime.timedelta(days=1)
    return _per_casino(signed_between(user=user, period=day), "reports-yesterday", _("Rapports signés d'hier"),
                       lambda count: ngettext("%(count)s rapport signé de la journée du %(day)s",
                                              "%(count)s rapports signés de la journée du %(day)s", count))


def new_reports(user: User) -> list[Task]:
    start = timezone.now() - datetime.timedelta(hours=NEW_HOURS)
    return _per_casino(signed_between(user=user, start=start), "reports-new", _("Nouveaux rapports signés"),
                       lambda count: ngettext("%(count)s rapport signé depuis deux jours, de la journée du %(day)s",
                                              "%(count)s rapports signés depuis deux jours, jusqu'à la journée du "
                                              "%(day)s", count))


def certificates(user: User) -> list[Task]:
    now = timezone.now()
    tasks = []
    for certificate in certificates_expiring(before=now + datetime.timedelta(days=EXPIRY_DAYS)):
        tasks.append(Task(
            key=f"certificate:{certificate.serial}", group=_("Certificats de signature à renouveler"),
            label=certificate.subject,
            url=reverse("reports-certificates") + f"#certificate-{certificate.serial}", section="reports-certificates",
            due=timezone.localdate(certificate.not_after),
            severity="danger" if certificate.not_after < now else "warning"))
    return tasks
