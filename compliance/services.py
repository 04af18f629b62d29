"""State changes of the compliance app: one function and one transaction each."""

from decimal import Decimal
from pathlib import Path

import yaml
from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.password_validation import validate_password
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from . import errors
from .errors import DomainError
from .models import Casino, JobRun, Jurisdiction, User
from .permissions import verify_can_write

JURISDICTIONS_FILE = Path(settings.BASE_DIR) / "games" / "rules" / "jurisdictions.yaml"
HEARTBEAT_KEY = "worker:heartbeat"


@transaction.atomic
def jurisdictions_load(*, path: Path = JURISDICTIONS_FILE) -> int:
    """Creates or updates the jurisdictions of the data file; returns how many rows changed."""
    changed = 0
    for code, fields in yaml.safe_load(path.read_text(encoding="utf-8")).items():
        current = Jurisdiction.objects.filter(code=code).values(*fields).first()
        if current != fields:
            Jurisdiction.objects.update_or_create(code=code, defaults=fields)
            changed += 1
    return changed


@transaction.atomic
def casino_create(*, jurisdiction_code: str, code: str, name: str, operator_name: str, licence_number: str,
                  address: str, share_capital: Decimal) -> Casino:
    jurisdiction = Jurisdiction.objects.filter(code=jurisdiction_code).first()
    if jurisdiction is None:
        raise DomainError(errors.UNKNOWN_JURISDICTION, field="jurisdiction", code="unknown_jurisdiction")
    if share_capital < 0:
        raise DomainError(errors.NEGATIVE_AMOUNT, field="share_capital", code="negative_amount")
    if Casino.objects.filter(code=code).exists():
        raise DomainError(errors.CASINO_CODE_TAKEN, field="code", code="duplicate")
    return Casino.objects.create(jurisdiction=jurisdiction, code=code, name=name, operator_name=operator_name,
                                 licence_number=licence_number, address=address, share_capital=share_capital)


def _verify_role_scope(role: str, casino: Casino | None, jurisdiction: Jurisdiction | None) -> None:
    if role in User.CASINO_ROLES:
        if casino is None or jurisdiction is not None:
            raise DomainError(errors.ROLE_NEEDS_CASINO, field="casino", code="scope_mismatch")
    elif role == User.Role.REGULATOR:
        if jurisdiction is None or casino is not None:
            raise DomainError(errors.ROLE_NEEDS_JURISDICTION, field="jurisdiction", code="scope_mismatch")
    elif role == User.Role.ADMIN:
        if casino is not None or jurisdiction is not None:
            raise DomainError(errors.ADMIN_HAS_NO_SCOPE, field="role", code="scope_mismatch")
    else:
        raise DomainError(errors.UNKNOWN_ROLE, field="role", code="unknown_role")


@transaction.atomic
def user_create(*, username: str, password: str, role: str, casino: Casino | None = None,
                jurisdiction: Jurisdiction | None = None, first_name: str = "", last_name: str = "",
                email: str = "", preferred_language: str = "fr") -> User:
    _verify_role_scope(role, casino, jurisdiction)
    if User.objects.filter(username__iexact=username).exists():
        raise DomainError(errors.USERNAME_TAKEN, field="username", code="duplicate")
    user = User(username=username, role=role, casino=casino, jurisdiction=jurisdiction, first_name=first_name,
                last_name=last_name, email=email, preferred_language=preferred_language,
                is_staff=role == User.Role.ADMIN, is_superuser=role == User.Role.ADMIN)
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise DomainError(" ".join(exc.messages), field="password", code="weak_password") from exc
    user.set_password(password)
    user.save()
    return user


def api_token_obtain(*, request, username: str, password: str) -> Token:
    """Exchanges a username and password for an API token; bad attempts count towards the lockout."""
    user = authenticate(request=request, username=username, password=password)
    if getattr(request, "axes_locked_out", False):
        raise DomainError(errors.ACCOUNT_LOCKED, code="account_locked", status=403)
    if user is None:
        raise DomainError(errors.INVALID_CREDENTIALS, code="invalid_credentials", status=400)
    token, _created = Token.objects.get_or_create(user=user)
    return token


@transaction.atomic
def job_enqueue(*, kind: str, casino: Casino, requested_by: User) -> JobRun:
    """Records the job, then sends it to the broker once the transaction has committed."""
    from .tasks import job_run

    verify_can_write(requested_by, casino)
    job = JobRun.objects.create(kind=kind, casino=casino, requested_by=requested_by)
    job_run.delay_on_commit(str(job.pk))
    return job


def job_execute(*, job_id: str, worker: str) -> JobRun:
    """Runs one job; a job already finished is left as it is, so a redelivered task is harmless."""
    with transaction.atomic():
        job = JobRun.objects.select_for_update().get(pk=job_id)
        if job.status == JobRun.Status.SUCCEEDED:
            return job
        job.status, job.started_at, job.attempts = JobRun.Status.RUNNING, timezone.now(), job.attempts + 1
        job.save(update_fields=["status", "started_at", "attempts"])
    try:
        result = JOB_HANDLERS[job.kind](job=job, worker=worker)
    except Exception as exc:
        JobRun.objects.filter(pk=job.pk).update(status=JobRun.Status.FAILED, error=repr(exc),
                                                finished_at=timezone.now())
        raise
    with transaction.atomic():
        job = JobRun.objects.select_for_update().get(pk=job_id)
        job.status, job.result, job.finished_at = JobRun.Status.SUCCEEDED, result, timezone.now()
        job.progress_done = job.progress_total
        job.save(update_fields=["status", "result", "finished_at", "progress_done"])
    return job


def _pipeline_check(*, job: JobRun, worker: str) -> dict:
    """Proves the path web → PostgreSQL → Redis → worker → PostgreSQL end to end."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        (version,) = cursor.fetchone()
    queued_for = (job.started_at - job.created_at).total_seconds()
    return {"worker": worker, "database": version.split(" on ")[0], "queued_seconds": round(queued_for, 3)}


JOB_HANDLERS = {JobRun.Kind.PIPELINE_CHECK: _pipeline_check}


def worker_heartbeat(*, worker: str) -> None:
    cache.set(HEARTBEAT_KEY, {"worker": worker, "at": timezone.now().isoformat()}, timeout=None)
