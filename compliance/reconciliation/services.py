"""The reconciliation's state changes, one transaction each, each written in the carnets spéciaux (LU RGD 1979 art.
97-1 where the texts keep them; the casino's own books elsewhere): a day's run when its findings changed, and each
step of a finding's follow-up. A run that finds what the last one found writes nothing at all."""

import datetime
import hashlib
from collections.abc import Callable

from django.db import transaction
from django.utils import timezone

from compliance import two_person
from compliance.errors import DomainError, ErrorCode
from compliance.models import SYSTEM_USERNAME, AuditAction, Casino, JobRun, User
from compliance.queue import send_on_commit
from compliance.services import audit_record
from registers import controls
from registers.chain.services import entry_append, register_for, verify_gaming_day
from registers.fields import TEXT_MAX, clean_text
from registers.kinds import EntryKind, RegisterKind
from registers.models import Entry, GamingTable, PokerSession

from . import messages, selectors
from .checks import Found
from .models import Finding, Reconciliation


def _verify_staff(actor: User, casino: Casino, *roles: str) -> None:
    """The casino's own staff (of `roles` when given), or the platform's own account where it runs the job."""
    if actor.username == SYSTEM_USERNAME and not actor.has_usable_password() and not roles:
        return
    if not (actor.is_active and actor.is_casino_staff and actor.casino_id == casino.pk
            and (not roles or actor.role in roles)):
        raise DomainError(messages.ACCEPT_MANAGER if roles == (User.Role.MANAGER,) else messages.NOT_STAFF,
                          code=ErrorCode.PERMISSION_DENIED, field="actor", status=403)


def _fingerprint(found: list[Found]) -> str:
    lines = sorted(f"{item.key}={'' if item.amount is None else item.amount}" for item in found)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def _append(casino: Casino, day: datetime.date, kind: str, actor: User, payload: dict,
            refers_to: Entry | None = None) -> Entry:
    citation = controls.cited(casino, selectors.CARNETS, day, controls.BOOKS)
    return entry_append(register=register_for(casino=casino, kind=RegisterKind.CARNETS_SPECIAUX), kind=kind,
                        gaming_day=day, actor=actor, payload={**payload, "citation": citation}, refers_to=refers_to)


def _finding(reconciliation: Reconciliation, item: Found, entry: Entry) -> Finding:
    return Finding(reconciliation=reconciliation, key=item.key, kind=item.kind, table=item.table,
                   session_id=item.session_id, citation=item.citation, amount=item.amount,
                   currency=reconciliation.casino.currency,
                   message=messages.rendered(item.kind, item.params, "fr", casino=reconciliation.casino),
                   params=item.params, entry=entry)


@transaction.atomic
def _record(casino: Casino, day: datetime.date, found: list[Found], actor: User,
            job: JobRun | None = None) -> tuple[Reconciliation, bool]:
    """The day's findings recorded if they changed since its last run: (its reconciliation, whether it wrote)."""
    list(Casino.objects.select_for_update().filter(pk=casino.pk).values_list("pk"))  # one run of a casino at a time
    existing = Reconciliation.objects.filter(casino=casino, gaming_day=day).first()
    fingerprint = _fingerprint(found)
    if existing is not None and existing.fingerprint == fingerprint:
        return existing, False
    standing = {row.key: row for row in existing.findings.exclude(state=Finding.State.LIFTED)} if existing else {}
    kept = {item.key for item in found if item.key in standing and standing[item.key].amount == item.amount}
    lifted = sorted(key for key in standing if key not in kept)
    status = Reconciliation.Status.FINDINGS if found else Reconciliation.Status.COMPLIANT
    entry = _append(casino, day, EntryKind.RECONCILED, actor, {
        "statut": status, "empreinte": fingerprint, "leves": lifted, "constats": [
            {"cle": item.key, "nature": item.kind, "table": item.table, "citation": item.citation,
             "montant": None if item.amount is None else str(item.amount), "devise": casino.currency}
            for item in found]})
    now = timezone.now()
    reconciliation = existing or Reconciliation(casino=casino, gaming_day=day)
    reconciliation.status, reconciliation.fingerprint, reconciliation.entry = status, fingerprint, entry
    reconciliation.run_at, reconciliation.run_by, reconciliation.job = now, actor, job
    reconciliation.save()
    Finding.objects.filter(reconciliation=reconciliation, key__in=lifted).exclude(
        state=Finding.State.LIFTED).update(state=Finding.State.LIFTED, lifted_at=now)
    Finding.objects.bulk_create([_finding(reconciliation, item, entry) for item in found if item.key not in kept])
    return reconciliation, True


def _verify_run(casino: Casino, actor: User, *days: datetime.date) -> None:
    _verify_staff(actor, casino)
    for day in days:  # not to come, nor before the casino kept its registers in Vigie
        verify_gaming_day(casino, day, closed_ok=True)


@transaction.atomic
def _run(casino: Casino, day: datetime.date, actor: User, job: JobRun | None) -> tuple[Reconciliation, bool]:
    _verify_run(casino, actor, day)
    return _record(casino, day, selectors.period_findings(casino, day, day)[day], actor, job)


def reconciliation_run(*, casino: Casino, gaming_day: datetime.date, actor: User,
                       job: JobRun | None = None) -> Reconciliation:
    """Reconciles a casino's gaming day: its findings recorded in the carnets spéciaux if they are not those of its
    last run (new ones open, vanished ones lifted); the same findings again write nothing."""
    return _run(casino, gaming_day, actor, job)[0]


def reconciliation_run_range(*, casino: Casino, first: datetime.date, last: datetime.date, actor: User,
                             progress: Callable[[int, int], object] | None = None) -> list[Reconciliation]:
    """Many days at once (a backfill, the benchmark): their data read in bulk, each day recorded in its own
    transaction as `reconciliation_run` records it; `progress(done, total)` after each."""
    if last < first:
        raise DomainError(messages.LAST_BEFORE_FIRST, code=ErrorCode.INVALID, field="last")
    _verify_run(casino, actor, first, last)
    found = selectors.period_findings(casino, first, last)
    done = []
    for day in sorted(found):
        done.append(_record(casino, day, found[day], actor)[0])
        if progress is not None:
            progress(len(done), len(found))
    return done


def _locked(finding: Finding) -> Finding:
    return (Finding.objects.select_for_update(of=("self",)).select_related("reconciliation__casino__jurisdiction",
                                                                           "entry").get(pk=finding.pk))


def _follow(finding: Finding, actor: User, step: str, **details) -> Entry:
    day = finding.reconciliation.gaming_day
    return _append(finding.reconciliation.casino, day, EntryKind.FINDING_FOLLOWED, actor, {
        "constat": finding.key, "nature": finding.kind, "table": finding.table, "suite": step,
        "regle": finding.citation, "controle": controls.written(controls.FINDING_FOLLOW), **details},
        refers_to=finding.entry)


@transaction.atomic
def finding_explain(*, finding: Finding, actor: User, explanation: str) -> Finding:
    """The accounts (an accountant or a manager of the casino) explain an open finding."""
    finding = _locked(finding)
    _verify_staff(actor, finding.reconciliation.casino, User.Role.ACCOUNTANT, User.Role.MANAGER)
    if finding.state != Finding.State.OPEN:
        raise DomainError(messages.NOT_OPEN.format(state=finding.get_state_display()), code=ErrorCode.INVALID,
                          field="finding")
    text = clean_text(explanation, field="explanation", max_length=TEXT_MAX, multiline=True)
    _follow(finding, actor, Finding.State.EXPLAINED, explication=text)
    finding.state, finding.explanation = Finding.State.EXPLAINED, text
    finding.explained_by, finding.explained_at = actor, timezone.now()
    finding.save(update_fields=["state", "explanation", "explained_by", "explained_at"])
    return finding


@transaction.atomic
def finding_accept(*, finding: Finding, actor: User) -> Finding:
    """A manager of the casino accepts a finding the accounts explained: another person than the one who explained it
    (compliance/two_person.py)."""
    finding = _locked(finding)
    _verify_staff(actor, finding.reconciliation.casino, User.Role.MANAGER)
    if finding.state != Finding.State.EXPLAINED:
        message = messages.EXPLAIN_FIRST if finding.state == Finding.State.OPEN else messages.NOT_EXPLAINED.format(
            state=finding.get_state_display())
        raise DomainError(message, code=ErrorCode.INVALID, field="finding")
    two_person.verify(actor, "accepter_constat", finding)  # not the one who explained it
    _follow(finding, actor, Finding.State.ACCEPTED)
    finding.state, finding.accepted_by, finding.accepted_at = Finding.State.ACCEPTED, actor, timezone.now()
    finding.save(update_fields=["state", "accepted_by", "accepted_at"])
    return finding


# --- the worker ---------------------------------------------------------------------------------------------------


@transaction.atomic
def reconciliation_request(*, casino: Casino, gaming_day: datetime.date, actor: User) -> JobRun:
    """A day's reconciliation asked of the worker, its progress followed on the day's page."""
    job = JobRun.objects.create(kind=JobRun.Kind.RECONCILIATION, casino=casino, requested_by=actor,
                                result=reconciliation_job_inputs(casino=casino, actor=actor, gaming_day=gaming_day))
    audit_record(actor=actor, action=AuditAction.JOB_ENQUEUED, casino=casino, target_type="job", target_id=job.pk,
                 details={"kind": job.kind, "journee": gaming_day})
    send_on_commit("compliance.reconciliation.tasks.reconciliation_day", str(job.pk))
    return job


def reconciliation_job_inputs(*, casino: Casino, actor: User, gaming_day: datetime.date | None = None) -> dict:
    """A reconciliation asked as a job (compliance.services.job_enqueue, the jobs API): its gaming day required and
    checked as the worker will check it, before the job is written."""
    if gaming_day is None:
        raise DomainError(messages.DAY_REQUIRED, code=ErrorCode.REQUIRED, field="gaming_day")
    _verify_run(casino, actor, gaming_day)
    return {"journee": gaming_day.isoformat()}


def reconciliation_after_close(session, user: User) -> JobRun | None:
    """A closed gaming day of a casino that keeps tables or a poker room: its reconciliation asked of the worker by the
    one who closed it (registers/chain/services.py calls this at the close, in its transaction)."""
    if not (GamingTable.objects.filter(casino=session.casino).exists()
            or PokerSession.objects.filter(casino=session.casino).exists()):
        return None
    return reconciliation_request(casino=session.casino, gaming_day=session.gaming_day, actor=user)


def reconciliation_job(*, job: JobRun, worker: str) -> dict:
    """The worker's part (compliance.services.job_execute runs it, and records its outcome)."""
    day = datetime.date.fromisoformat(job.result["journee"])
    reconciliation, written = _run(job.casino, day, job.requested_by, job)
    return {"journee": day.isoformat(), "statut": reconciliation.status, "ecrit": written, "worker": worker,
            "constats": reconciliation.findings.exclude(state=Finding.State.LIFTED).count()}
