"""Reads of the compliance app; every one is scoped to the user through `visible_to`."""

import datetime

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from .models import Casino, JobRun, Jurisdiction, User
from .services import HEARTBEAT_KEY


def jurisdiction_list(*, user: User) -> QuerySet[Jurisdiction]:
    return Jurisdiction.objects.visible_to(user).distinct()


def casino_list(*, user: User) -> QuerySet[Casino]:
    return Casino.objects.visible_to(user).select_related("jurisdiction")


def casino_get(*, user: User, code: str) -> Casino:
    return get_object_or_404(casino_list(user=user), code=code)


def user_list(*, user: User) -> QuerySet[User]:
    return User.objects.visible_to(user).select_related("casino", "jurisdiction").order_by("username")


def job_list(*, user: User) -> QuerySet[JobRun]:
    return JobRun.objects.visible_to(user).select_related("casino", "requested_by")


def job_get(*, user: User, pk) -> JobRun:
    return get_object_or_404(job_list(user=user), pk=pk)


def health_status() -> dict:
    """Database and broker reachability, and when a worker last reported in."""
    from celery import current_app as app

    status = {"database": "ok", "broker": "ok", "worker_heartbeat": None}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        status["database"] = f"error: {exc.__class__.__name__}"
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        status["worker_heartbeat"] = cache.get(HEARTBEAT_KEY)
    except Exception as exc:  # noqa: BLE001
        status["broker"] = f"error: {exc.__class__.__name__}"
    status["ok"] = status["database"] == "ok" and status["broker"] == "ok"
    return status


# --- the platform administrator's « À faire » ------------------------------------------------------------------------


def jobs_failed(*, user: User) -> QuerySet[JobRun]:
    """The jobs whose last attempt failed, the latest first."""
    return job_list(user=user).filter(status=JobRun.Status.FAILED).order_by("-finished_at", "-created_at")


def accounts_locked() -> list:
    """The sign-in attempts django-axes holds as locked out now (an account or an address past the failure limit,
    within the cool-off), the latest first."""
    from axes.models import AccessAttempt

    since = timezone.now() - settings.AXES_COOLOFF_TIME
    return list(AccessAttempt.objects.filter(failures_since_start__gte=settings.AXES_FAILURE_LIMIT,
                                             attempt_time__gte=since).order_by("-attempt_time"))


def heartbeat_last() -> datetime.datetime | None:
    """When a worker last ran the heartbeat that Celery beat sends every 30 s (None: never, or the cache lost it)."""
    beat = cache.get(HEARTBEAT_KEY)
    try:
        return datetime.datetime.fromisoformat(beat["at"]) if beat else None
    except (KeyError, TypeError, ValueError):
        return None
