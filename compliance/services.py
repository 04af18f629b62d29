"""State changes of the compliance app: one function and one transaction each, and in that transaction the
audit event of the change (`audit_record`), naming its actor."""

import datetime
import json
import logging
import secrets
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import yaml
from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.password_validation import validate_password
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.utils import timezone

from compliance.errors import ErrorCode

from . import errors
from .errors import DomainError, PermissionDeniedError
from .hooks import CASINO_CREATED, JOB_HANDLERS, JOB_PARAMETERS
from .models import (
    LATE_FILING_DAYS_MAX,
    SYSTEM_USERNAME,
    AuditAction,
    AuditEvent,
    CalendarFeed,
    Casino,
    Digest,
    DigestItem,
    JobRun,
    Jurisdiction,
    User,
)
from .notifications import digest_items, digest_message, digest_recipients
from .permissions import verify_can_write
from .queue import send_on_commit

JURISDICTIONS_FILE = Path(settings.BASE_DIR) / "games" / "rules" / "jurisdictions.yaml"
HEARTBEAT_KEY = "worker:heartbeat"
LOG = logging.getLogger(__name__)


def audit_record(*, actor: User, action: str, casino: Casino | None = None, jurisdiction: Jurisdiction | None = None,
                 target_type: str, target_id: str | int, details: dict | None = None) -> AuditEvent:
    """Writes the audit event of one state change. Call it inside the transaction of that change (the service's
    `transaction.atomic`); it opens none of its own, so the event commits with the change or not at all."""
    if not transaction.get_connection().in_atomic_block:
        raise transaction.TransactionManagementError(errors.AUDIT_OUTSIDE_TRANSACTION)
    return AuditEvent.objects.create(
        at=timezone.now(), actor=actor, action=AuditAction(action), casino=casino, jurisdiction=jurisdiction,
        target_type=target_type, target_id=str(target_id),
        # decimals, dates and ids as strings, so the stored details read back as they were written
        details=json.loads(json.dumps(details or {}, cls=DjangoJSONEncoder)),
    )


def system_user() -> User:
    """The actor of what the platform does by itself (scheduled jobs, loading reference data, the demo's setup):
    named, never able to sign in. Created the first time it is needed, its creation recorded as its own act."""
    user = User.objects.filter(username=SYSTEM_USERNAME).first()
    if user is not None:
        return user
    with transaction.atomic():
        user, created = User.objects.get_or_create(username=SYSTEM_USERNAME, defaults={
            "role": User.Role.ADMIN, "first_name": "Traitement automatique", "password": make_password(None)})
        if created:
            _record_user_created(actor=user, user=user)
    return user


@transaction.atomic
def jurisdictions_load(*, actor: User | None = None, path: Path = JURISDICTIONS_FILE) -> int:
    """Creates or updates the jurisdictions of the data file; returns how many rows changed. A load that
    changed rows is recorded, by `actor` or else by the platform itself."""
    changed = []
    for code, fields in yaml.safe_load(path.read_text(encoding="utf-8")).items():
        current = Jurisdiction.objects.filter(code=code).values(*fields).first()
        if current != fields:
            Jurisdiction.objects.update_or_create(code=code, defaults=fields)
            changed.append(code)
    if changed:
        audit_record(actor=actor or system_user(), action=AuditAction.JURISDICTIONS_LOADED, target_type="rules",
                     target_id=path.name, details={"changed": len(changed), "codes": changed})
    return len(changed)


@transaction.atomic
def casino_create(*, actor: User, jurisdiction_code: str, code: str, name: str, operator_name: str,
                  licence_number: str, address: str, share_capital: Decimal,
                  opened_on: datetime.date | None = None, late_filing_days: int = 7, draft_basis: str = "",
                  draft_basis_since: datetime.date | None = None, second_facteur_caisse: bool = False) -> Casino:
    """A licensed casino whose registers Vigie keeps from `opened_on` (its first gaming day in the product, today
    unless a casino brings its earlier books in)."""
    jurisdiction = Jurisdiction.objects.filter(code=jurisdiction_code).first()
    if jurisdiction is None:
        raise DomainError(errors.UNKNOWN_JURISDICTION, field="jurisdiction", code=ErrorCode.UNKNOWN_JURISDICTION)
    if share_capital < 0:
        raise DomainError(errors.NEGATIVE_AMOUNT, field="share_capital", code=ErrorCode.NEGATIVE_AMOUNT)
    if Casino.objects.filter(code=code).exists():
        raise DomainError(errors.CASINO_CODE_TAKEN, field="code", code=ErrorCode.DUPLICATE)
    today = timezone.localdate(timezone=ZoneInfo(jurisdiction.timezone))
    opened_on = opened_on or today
    if opened_on > today:
        raise DomainError(errors.OPENED_IN_THE_FUTURE, field="opened_on", code=ErrorCode.INVALID)
    _verify_late_filing_days(late_filing_days)
    # a draft applied from a casino's first day in Vigie unless the basis says when
    basis = {"draft_basis": draft_basis, "draft_basis_since": draft_basis_since or (opened_on if draft_basis else None)}
    _verify_draft_basis(Casino(jurisdiction=jurisdiction), basis)
    casino = Casino.objects.create(jurisdiction=jurisdiction, code=code, name=name, operator_name=operator_name,
                                   licence_number=licence_number, address=address, share_capital=share_capital,
                                   opened_on=opened_on, late_filing_days=late_filing_days,
                                   second_facteur_caisse=second_facteur_caisse, **basis)
    audit_record(actor=actor, action=AuditAction.CASINO_CREATED, casino=casino, target_type="casino",
                 target_id=casino.pk, details={"code": code, "name": name, "jurisdiction": jurisdiction.code,
                                               "operator_name": operator_name, "licence_number": licence_number,
                                               "share_capital": share_capital, "opened_on": opened_on,
                                               "late_filing_days": late_filing_days,
                                               "second_facteur_caisse": second_facteur_caisse,
                                               **({**basis} if draft_basis else {})})
    for follow in CASINO_CREATED:  # the registers open its partitions (registers/hooks.py)
        transaction.on_commit(lambda follow=follow: follow(casino))
    return casino


def _verify_late_filing_days(days) -> None:
    """The casino's filing delay (a house rule): past it, a filing needs its reason and a manager's countersignature."""
    if isinstance(days, bool) or not isinstance(days, int) or not 0 <= days <= LATE_FILING_DAYS_MAX:
        raise DomainError(errors.LATE_FILING_DAYS.format(max=LATE_FILING_DAYS_MAX), field="late_filing_days",
                          code=ErrorCode.INVALID)


def _verify_draft_basis(casino: Casino, changes: dict) -> None:
    """The decision under which a casino applies its jurisdiction's draft text: a reference and the day it applies
    from, both or neither, that day not to come."""
    if not changes:
        return
    reference = changes.get("draft_basis", casino.draft_basis)
    since = changes.get("draft_basis_since", casino.draft_basis_since)
    if bool((reference or "").strip()) != (since is not None):
        field = "draft_basis_since" if since is None else "draft_basis"
        raise DomainError(errors.DRAFT_BASIS_INCOMPLETE, field=field, code=ErrorCode.INVALID)
    if since is not None and since > casino.today():
        raise DomainError(errors.OPENED_IN_THE_FUTURE, field="draft_basis_since", code=ErrorCode.INVALID)


# A casino's code names its signing key (registers/chain/keys.py) and its pages, its jurisdiction its currency and
# its rules: both are fixed once it exists. The rest describes it and may be corrected.
CASINO_FIXED_FIELDS = ("code", "jurisdiction", "opened_on")  # opened_on: the registers' entries rest on it
CASINO_CHANGEABLE_FIELDS = ("name", "operator_name", "licence_number", "address", "share_capital", "late_filing_days",
                            "draft_basis", "draft_basis_since", "second_facteur_caisse")


@transaction.atomic
def casino_update(*, actor: User, casino: Casino, **fields) -> Casino:
    """Changes what describes a casino; its code and its jurisdiction stay as they were created. Records the
    fields that changed, each as [before, after]; a call that changes nothing records nothing."""
    _verify_field_names("casino_update", fields, CASINO_CHANGEABLE_FIELDS + CASINO_FIXED_FIELDS)
    casino = Casino.objects.select_for_update(of=("self",)).select_related("jurisdiction").get(pk=casino.pk)
    changes = _changes(casino, fields)
    for name in CASINO_FIXED_FIELDS:
        if name in changes:
            raise DomainError(errors.CASINO_IDENTITY_FIXED, field=name, code=ErrorCode.INVALID)
    if "share_capital" in changes and fields["share_capital"] < 0:
        raise DomainError(errors.NEGATIVE_AMOUNT, field="share_capital", code=ErrorCode.NEGATIVE_AMOUNT)
    if "late_filing_days" in changes:
        _verify_late_filing_days(fields["late_filing_days"])
    _verify_draft_basis(casino, {name: fields[name] for name in changes if name.startswith("draft_basis")})
    if changes:
        for name in changes:
            setattr(casino, name, fields[name])
        casino.save(update_fields=list(changes))
        audit_record(actor=actor, action=AuditAction.CASINO_CHANGED, casino=casino, target_type="casino",
                     target_id=casino.pk, details=changes)
    return casino


def _verify_role_scope(role: str, casino: Casino | None, jurisdiction: Jurisdiction | None) -> None:
    if role in User.CASINO_ROLES:
        if casino is None or jurisdiction is not None:
            raise DomainError(errors.ROLE_NEEDS_CASINO, field="casino", code=ErrorCode.SCOPE_MISMATCH)
    elif role == User.Role.REGULATOR:
        if jurisdiction is None or casino is not None:
            raise DomainError(errors.ROLE_NEEDS_JURISDICTION, field="jurisdiction", code=ErrorCode.SCOPE_MISMATCH)
    elif role == User.Role.ADMIN:
        if casino is not None or jurisdiction is not None:
            raise DomainError(errors.ADMIN_HAS_NO_SCOPE, field="role", code=ErrorCode.SCOPE_MISMATCH)
    else:
        raise DomainError(errors.UNKNOWN_ROLE, field="role", code=ErrorCode.UNKNOWN_ROLE)


def _record_user_created(*, actor: User, user: User) -> AuditEvent:
    """The account, its role and its scope; never its password."""
    return audit_record(actor=actor, action=AuditAction.USER_CREATED, casino=user.casino,
                        jurisdiction=user.jurisdiction, target_type="user", target_id=user.pk,
                        details={"username": user.username, "role": user.role,
                                 "casino": user.casino.code if user.casino else None,
                                 "jurisdiction": user.jurisdiction.code if user.jurisdiction else None})


@transaction.atomic
def user_create(*, actor: User, username: str, password: str, role: str, casino: Casino | None = None,
                jurisdiction: Jurisdiction | None = None, first_name: str = "", last_name: str = "",
                email: str = "", preferred_language: str = "fr") -> User:
    _verify_role_scope(role, casino, jurisdiction)
    if User.objects.filter(username__iexact=username).exists():
        raise DomainError(errors.USERNAME_TAKEN, field="username", code=ErrorCode.DUPLICATE)
    user = User(username=username, role=role, casino=casino, jurisdiction=jurisdiction, first_name=first_name,
                last_name=last_name, email=email, preferred_language=preferred_language,
                is_staff=role == User.Role.ADMIN, is_superuser=role == User.Role.ADMIN)
    _verify_password(password, user)
    user.set_password(password)
    user.save()
    _record_user_created(actor=actor, user=user)
    return user


# The password has its own service (user_password_set); staff and superuser status follow the role.
USER_CHANGEABLE_FIELDS = ("username", "first_name", "last_name", "email", "is_active", "role", "casino",
                          "jurisdiction", "preferred_language")


@transaction.atomic
def user_update(*, actor: User, user: User, **fields) -> User:
    """Changes an account: its names, its language, whether it may sign in, its role and its scope, which must
    still agree. Records the fields that changed, each as [before, after], under the user's scope after the
    change; a call that changes nothing records nothing."""
    _verify_field_names("user_update", fields, USER_CHANGEABLE_FIELDS)
    user = User.objects.select_for_update(of=("self",)).select_related("casino", "jurisdiction").get(
        pk=user.pk)
    _verify_not_system_user(user)
    role, casino, jurisdiction = (fields.get(name, getattr(user, name)) for name in ("role", "casino", "jurisdiction"))
    _verify_role_scope(role, casino, jurisdiction)
    changes = _changes(user, fields)
    if "username" in changes and User.objects.filter(username__iexact=fields["username"]).exclude(
            pk=user.pk).exists():
        raise DomainError(errors.USERNAME_TAKEN, field="username", code=ErrorCode.DUPLICATE)
    if not changes:
        return user
    for name in changes:
        setattr(user, name, fields[name])
    user.is_staff = user.is_superuser = user.role == User.Role.ADMIN
    user.save(update_fields=[*changes, "is_staff", "is_superuser"])
    audit_record(actor=actor, action=AuditAction.USER_CHANGED, casino=user.casino, jurisdiction=user.jurisdiction,
                 target_type="user", target_id=user.pk, details=changes)
    return user


@transaction.atomic
def user_password_set(*, actor: User, user: User, password: str) -> User:
    """Sets a user's password, validated as at the account's creation. Recorded with no details: never the
    password, nor its hash."""
    _verify_not_system_user(user)
    if not user.has_usable_password():
        # created without one: a machine's account (a slot management system's) never signs in on the web
        raise PermissionDeniedError(errors.MACHINE_ACCOUNT_NO_PASSWORD)
    _verify_password(password, user)
    user.set_password(password)
    user.save(update_fields=["password"])
    audit_record(actor=actor, action=AuditAction.USER_PASSWORD_CHANGED, casino=user.casino,
                 jurisdiction=user.jurisdiction, target_type="user", target_id=user.pk)
    return user


def _verify_password(password: str, user: User) -> None:
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise DomainError(" ".join(exc.messages), field="password", code=ErrorCode.WEAK_PASSWORD) from exc


def _verify_not_system_user(user: User) -> None:
    """The platform's own actor is never edited: a password or a role would let it sign in."""
    if user.username == SYSTEM_USERNAME:
        raise PermissionDeniedError(errors.SYSTEM_USER_FIXED)


def _verify_field_names(service: str, fields: dict, allowed: tuple[str, ...]) -> None:
    """A field a service does not change is a programming error, not a refusal to show."""
    unknown = sorted(fields.keys() - set(allowed))
    if unknown:
        raise TypeError(f"{service}() does not change {', '.join(unknown)}")


def _changes(row, fields: dict) -> dict[str, list]:
    """{field: [before, after]} of the fields whose value differs from the row's; a casino or a jurisdiction by its
    code."""
    def shown(value):
        return value.code if isinstance(value, Casino | Jurisdiction) else value

    return {name: [shown(getattr(row, name)), shown(value)] for name, value in fields.items()
            if getattr(row, name) != value}


def _job_inputs(kind: str, casino: Casino, actor: User, parameters: dict) -> dict:
    """The job's inputs as its worker will read them (its starting `result`), each checked now: a kind that does not
    take a parameter, or a parameter its kind refuses, refuses the request before anything is written."""
    if kind not in JOB_HANDLERS or kind not in JOB_PARAMETERS:
        raise DomainError(errors.JOB_KIND_UNKNOWN.format(kind=kind), code=ErrorCode.INVALID, field="kind")
    names, check = JOB_PARAMETERS[kind]
    unexpected = sorted(set(parameters) - set(names))
    if unexpected:
        raise DomainError(errors.JOB_PARAMETER_NOT_TAKEN.format(kind=JobRun.Kind(kind).label, field=unexpected[0]),
                          code=ErrorCode.PARAMETER_NOT_TAKEN, field=unexpected[0])
    return check(casino=casino, actor=actor, **parameters) if check else {}


@transaction.atomic
def job_enqueue(*, kind: str, casino: Casino, requested_by: User, parameters: dict | None = None) -> JobRun:
    """Records the job with its inputs, each checked first (`JOB_PARAMETERS`), then sends it to the broker once the
    transaction has committed; the person who asked for it is the actor of its audit event."""
    verify_can_write(requested_by, casino)
    inputs = _job_inputs(kind, casino, requested_by, dict(parameters or {}))
    job = JobRun.objects.create(kind=kind, casino=casino, requested_by=requested_by, result=inputs)
    audit_record(actor=requested_by, action=AuditAction.JOB_ENQUEUED, casino=casino, target_type="job",
                 target_id=job.pk, details={"kind": kind, **inputs})
    send_on_commit("compliance.tasks.job_run", str(job.pk))
    return job


def job_execute(*, job_id: str, worker: str) -> JobRun:
    """Runs one job; a job already finished is left as it is, so a redelivered task is harmless. Its outcome
    is recorded by the platform itself, with its attempt and any error: a retry overwrites the job row, not
    the audit event of the attempt before. Taking the job (queued → running) is not recorded: the outcome
    names its attempt, and a run that never ends shows as a job with no outcome."""
    with transaction.atomic():
        job = JobRun.objects.select_for_update().get(pk=job_id)
        if job.status == JobRun.Status.SUCCEEDED:
            return job
        job.status, job.started_at, job.attempts = JobRun.Status.RUNNING, timezone.now(), job.attempts + 1
        job.save(update_fields=["status", "started_at", "attempts"])
    try:
        result = JOB_HANDLERS[job.kind](job=job, worker=worker)
    except Exception as exc:
        # the traceback to the server's log; the exception's line to the administrator (the admin, the audit). A page
        # shows JobRun.failure, the people's words for it. A rule's refusal is no fault of the code: its message only
        if isinstance(exc, DomainError):
            LOG.warning("job %s (%s, attempt %s) refused: %s", job.pk, job.kind, job.attempts, exc)
        else:
            LOG.exception("job %s (%s, attempt %s) failed", job.pk, job.kind, job.attempts)
        with transaction.atomic():
            JobRun.objects.filter(pk=job.pk).update(status=JobRun.Status.FAILED, error=repr(exc)[:2000],
                                                    finished_at=timezone.now())
            _record_job_outcome(job=job, action=AuditAction.JOB_FAILED, worker=worker, error=repr(exc)[:2000])
        raise
    with transaction.atomic():
        job = JobRun.objects.select_for_update().get(pk=job_id)
        job.status, job.result, job.finished_at = JobRun.Status.SUCCEEDED, result, timezone.now()
        job.progress_done = job.progress_total
        job.save(update_fields=["status", "result", "finished_at", "progress_done"])
        _record_job_outcome(job=job, action=AuditAction.JOB_SUCCEEDED, worker=worker)
    return job


def _record_job_outcome(*, job: JobRun, action: str, worker: str, **details) -> AuditEvent:
    return audit_record(actor=system_user(), action=action, casino=job.casino, target_type="job", target_id=job.pk,
                        details={"kind": job.kind, "attempt": job.attempts, "worker": worker, **details})


def pipeline_check(*, job: JobRun, worker: str) -> dict:
    """Proves the path web → PostgreSQL → Redis → worker → PostgreSQL end to end."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        (version,) = cursor.fetchone()
    queued_for = (job.started_at - job.created_at).total_seconds()
    return {"worker": worker, "database": version.split(" on ")[0], "queued_seconds": round(queued_for, 3)}


def worker_heartbeat(*, worker: str) -> None:
    """Exempt from the audit: it writes a cache key every 30 s for the health page, not state of record."""
    cache.set(HEARTBEAT_KEY, {"worker": worker, "at": timezone.now().isoformat()}, timeout=None)


# --- the deadlines' calendar and the notifications (compliance/calendar.py, compliance/notifications.py) -------------

@transaction.atomic
def calendar_feed_issue(*, actor: User) -> CalendarFeed:
    """A new private address for `actor`'s deadlines; the one in use, if any, stops answering at once (a new address
    replaces one that has circulated). Recorded without the token, which is a credential."""
    User.objects.select_for_update(of=("self",)).get(pk=actor.pk)  # two clicks at once make one address
    now = timezone.now()
    replaced = CalendarFeed.objects.filter(user=actor, revoked_at__isnull=True).update(revoked_at=now)
    feed = CalendarFeed.objects.create(user=actor, token=secrets.token_urlsafe(32), created_at=now)
    audit_record(actor=actor, action=AuditAction.CALENDAR_FEED_ISSUED, casino=actor.casino,
                 jurisdiction=actor.jurisdiction, target_type="calendar_feed", target_id=feed.pk,
                 details={"replaced": replaced})
    return feed


@transaction.atomic
def calendar_feed_revoke(*, actor: User) -> int:
    """`actor`'s private address stops answering (404); returns how many were in use (0 or 1): revoking none records
    nothing."""
    feeds = list(CalendarFeed.objects.select_for_update().filter(user=actor, revoked_at__isnull=True))
    for feed in feeds:
        feed.revoked_at = timezone.now()
        feed.save(update_fields=["revoked_at"])
        audit_record(actor=actor, action=AuditAction.CALENDAR_FEED_REVOKED, casino=actor.casino,
                     jurisdiction=actor.jurisdiction, target_type="calendar_feed", target_id=feed.pk)
    return len(feeds)


def notifications_mark_read(*, actor: User) -> User:
    """What waits for `actor` until now is no longer « nouveau » for them (the bell starts again from zero). A
    person's own reading mark, not a record: exempt from the audit (tests/test_audit_services.py)."""
    actor.notifications_seen_at = timezone.now()
    User.objects.filter(pk=actor.pk).update(notifications_seen_at=actor.notifications_seen_at)
    return actor


def digest_send(*, user: User) -> Digest | None:
    """E-mails `user` what is new for them and no digest carried yet, then records it (the digest, its items by key,
    its audit event by the platform itself): one transaction around the sending, so a mail server that refuses
    leaves nothing recorded and the next run tries again. None when there is nothing new or no address."""
    tasks = digest_items(user) if user.email and user.is_active else []
    if not tasks:
        return None
    message = digest_message(user, tasks)
    with transaction.atomic():
        digest = Digest.objects.create(user=user, sent_at=timezone.now(), recipient=user.email,
                                       subject=message.subject)
        DigestItem.objects.bulk_create([DigestItem(digest=digest, user=user, key=task.key) for task in tasks])
        audit_record(actor=system_user(), action=AuditAction.DIGEST_SENT, casino=user.casino,
                     jurisdiction=user.jurisdiction, target_type="user", target_id=user.pk,
                     details={"digest": digest.pk, "recipient": user.email, "items": [task.key for task in tasks]})
        message.send(using="default")  # the default mailer (settings.MAILERS)
    return digest


def digests_send() -> list[Digest]:
    """The digest of every person with an e-mail address and something new (the Celery beat job). One refused
    address is logged and does not stop the others'."""
    sent = []
    for user in digest_recipients():
        try:
            digest = digest_send(user=user)
        except Exception:  # noqa: BLE001 - logged; the others' digests go on
            LOG.exception("digest to user %s not sent", user.pk)
            continue
        if digest is not None:
            sent.append(digest)
    return sent


# --- a failed job sent again (the « À faire » of the platform's administrator) --------------------------------------


@transaction.atomic
def job_retry(*, actor: User, job: JobRun) -> JobRun:
    """Sends a failed job to the worker again: the platform's administrator, or a member of its casino's staff who
    files. The failed attempts stay in the audit log with their errors; the job row starts over."""
    job = JobRun.objects.select_for_update().select_related("casino").get(pk=job.pk)
    if not actor.is_platform_admin:
        verify_can_write(actor, job.casino)
    if job.status != JobRun.Status.FAILED:
        raise DomainError(errors.JOB_NOT_FAILED.format(status=job.get_status_display()), code=ErrorCode.INVALID,
                          field="job")
    job.status, job.error, job.progress_done, job.started_at, job.finished_at = JobRun.Status.QUEUED, "", 0, None, None
    job.save(update_fields=["status", "error", "progress_done", "started_at", "finished_at"])
    audit_record(actor=actor, action=AuditAction.JOB_ENQUEUED, casino=job.casino, target_type="job", target_id=job.pk,
                 details={"kind": job.kind, "retry_after_attempt": job.attempts})
    # one task for every kind: job_execute runs its kind's handler (compliance/hooks.py JOB_HANDLERS)
    send_on_commit("compliance.tasks.job_run", str(job.pk))
    return job
