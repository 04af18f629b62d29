"""Reads of the compliance app; every one is scoped to the user through `visible_to`."""

from django.core.cache import cache
from django.db import connection
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

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
