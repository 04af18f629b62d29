"""The platform administrator's « À faire »: the jobs that failed, the accounts django-axes locked, the worker and
Celery beat when they stop reporting; each one click from where it is dealt with (a job's page, /admin/)."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from . import formatting, selectors
from .models import User
from .todo import Task

FAILED_SHOWN = 20  # the latest failed jobs; the jobs page lists the rest
SILENT_AFTER = datetime.timedelta(minutes=2)  # beat sends the heartbeat every 30 s: four missed in a row


def failed_jobs(user: User) -> list[Task]:
    return [Task(
        key=f"job-failed:{job.pk}:{job.attempts}", group=_("Traitements en échec"),
        label=_("%(kind)s · %(casino)s") % {"kind": job.get_kind_display(), "casino": job.casino.name},
        url=reverse("job-detail", kwargs={"pk": job.pk}) + "#retry", section="job-list", casino=job.casino.name,
        since=job.finished_at or job.created_at, severity="danger",
        detail=_("échec à la tentative n° %(attempt)s") % {"attempt": job.attempts})
        for job in selectors.jobs_failed(user=user)[:FAILED_SHOWN]]


def locked_accounts(user: User) -> list[Task]:
    return [Task(
        key=f"account-locked:{attempt.pk}:{attempt.failures_since_start}", group=_("Comptes verrouillés"),
        label=_("« %(username)s » depuis %(address)s : %(failures)s mots de passe refusés") % {
            "username": attempt.username or "—", "address": attempt.ip_address or "—",
            "failures": attempt.failures_since_start},
        url=reverse("admin:axes_accessattempt_change", args=[attempt.pk]), section="admin:index",
        since=attempt.attempt_time, severity="warning")
        for attempt in selectors.accounts_locked()]


def heartbeat(user: User) -> list[Task]:
    last = selectors.heartbeat_last()
    if last is not None and timezone.now() - last < SILENT_AFTER:
        return []
    label = (_("Le worker et Celery beat n'ont jamais donné signe de vie") if last is None else
             _("Le worker et Celery beat ne donnent plus signe de vie depuis le %(at)s") % {
                 "at": formatting.date(last, jurisdiction=None, style="medium")})
    return [Task(key=f"heartbeat:{last.isoformat() if last else 'never'}", group=_("Santé de la plateforme"),
                 label=label, url=reverse("job-list"), section="job-list", since=last, severity="danger",
                 detail=_("Le battement est envoyé toutes les 30 secondes : vérifier les processus worker et beat."))]
