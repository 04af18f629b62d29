"""Writing to the registers: one function appends to a chain, under a lock on the register row so
concurrent writers keep the sequence gapless and the chain unforked. Everything else (orphelins,
jackpots …) goes through `entry_append` or a countersigned `PendingEntry`."""

import datetime
import json
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone, translation

from compliance import two_person
from compliance.errors import DomainError
from compliance.hooks import COUNTERSIGN_CHECKS, LATE_AUDIT, SESSION_CLOSED
from compliance.models import SYSTEM_USERNAME, Casino, User
from compliance.permissions import verify_can_write
from compliance.services import system_user
from games.citations import drafts_of
from games.models import InstrumentStatus, LegalInstrument
from games.selectors import rule_value_at
from registers.errors import ErrorCode

from .. import controls
from ..fields import TEXT_MAX, clean_text
from ..kinds import ABOUT_THE_REGISTER, AFTER_THE_CLOSE, OUTSIDE_PLAY, EntryKind, RegisterKind
from ..models import Checkpoint, Entry, GamingSession, PendingEntry, Register, VerifiedCheckpoint
from . import errors, keys
from . import hashing as chain
from .controls import gaming_day_problems as day_problems
from .kept import archived_years
from .selectors import register_head

ANY_STAFF = two_person.ANY_STAFF  # a countersignature any of the casino's staff may give (a correction's)
# where the jurisdiction's texts allow an electronic register on condition of guarantees equivalent to paper
EQUIVALENT_GUARANTEES = "registres.garanties_equivalentes"

# Three points of compliance/hooks.py are called here, filled at start-up by the apps' hooks.py: COUNTERSIGN_CHECKS
# (what a family checks again when one of its filings is countersigned, under the register's lock: the state the
# filing rested on may have changed meanwhile), LATE_AUDIT (a late filing checked as the audit checks an entry, against
# the register replayed up to it: registers/hooks.py) and SESSION_CLOSED (what follows a gaming day's close, in its
# transaction: the signed reports and the reconciliation, which the registers never import).


def verify_actor(actor: User, casino: Casino) -> None:
    """A person's write rights; the platform's own jobs file what the rules make automatic."""
    if actor.username == SYSTEM_USERNAME and not actor.has_usable_password():
        return
    verify_can_write(actor, casino)


def timestamp(moment: datetime.datetime) -> str:
    return moment.astimezone(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def register_for(*, casino: Casino, kind: str) -> Register:
    with connection.cursor() as cursor:  # on every ledger operation: a statement, not a query to build
        cursor.execute("SELECT id FROM registers_register WHERE casino_id = %s AND kind = %s", [casino.pk, kind])
        found = cursor.fetchone()
    if found is not None:
        register = Register(id=found[0], casino=casino, kind=kind)  # its label, hashed into each entry, costs none
        register._state.adding, register._state.db = False, connection.alias
        return register
    try:
        with transaction.atomic():
            return Register.objects.create(casino=casino, kind=kind)
    except IntegrityError:  # created meanwhile by a concurrent writer
        return Register.objects.get(casino=casino, kind=kind)


def entry_data(entry: Entry) -> chain.EntryData:
    return chain.EntryData(
        register=entry.register.label,
        seq=entry.seq,
        prev_hash=entry.prev_hash,
        kind=entry.kind,
        gaming_day=entry.gaming_day.isoformat(),
        refers_to=entry.refers_to.seq if entry.refers_to_id else None,
        payload=entry.payload,
        actor=entry.actor.username,
        countersigner=entry.countersigner.username if entry.countersigner_id else None,
        recorded_at=timestamp(entry.recorded_at),
        hash=entry.hash,
    )


def verify_gaming_day(casino: Casino, gaming_day: datetime.date, closed_message=errors.SESSION_CLOSED,
                      closed_ok: bool = False) -> None:
    """A gaming day the casino's registers may hold (`controls.gaming_day_problems`), refused with the first problem,
    its days as the casino's people write them."""
    today = casino.today()
    past_year = isinstance(gaming_day, datetime.date) and gaming_day.year < today.year
    closed = (not closed_ok and isinstance(gaming_day, datetime.date)
              and GamingSession.objects.filter(casino_id=casino.pk, gaming_day=gaming_day).exists())
    for problem in day_problems(gaming_day, today=today, opened_on=casino.opened_on,
                                                archived=archived_years(casino) if past_year else (), closed=closed,
                                                closed_message=closed_message):
        raise DomainError(problem.text(casino.jurisdiction), code=problem.code, field=problem.field)


def days_late(casino: Casino, gaming_day: datetime.date, filed_on: datetime.date | None = None) -> int:
    """The age in days of a filing on `gaming_day` made on `filed_on` (today), when it is past the casino's delay
    (`Casino.late_filing_days`, a house rule); 0 within it."""
    age = ((filed_on or casino.today()) - gaming_day).days
    return age if age > casino.late_filing_days else 0


def late_filing(casino: Casino, gaming_day: datetime.date, late_reason: str) -> dict | None:
    """What a late filing adds to its payload (its reason, its age, the casino's delay), None when it is not late;
    a late filing without its reason is refused."""
    age = days_late(casino, gaming_day)
    if not age:
        return None
    reason = clean_text(late_reason, field="late_reason", max_length=TEXT_MAX, multiline=True, optional=True)
    if not reason:
        raise DomainError(errors.LATE_FILING.format(day=gaming_day.isoformat(), age=age,
                                                    allowed=casino.late_filing_days),
                          code=ErrorCode.LATE_FILING, field="late_reason")
    return {"reason": reason, "days": age, "allowed_days": casino.late_filing_days,
            "rule": controls.written(controls.LATE_FILING)}


def correction_citation(casino: Casino, day: datetime.date) -> str:
    """A correction rests on the casino's control, and on the texts' guarantees equivalent to paper where they exist
    (nothing is erased: the correction is a new entry)."""
    control = controls.written(controls.CORRECTION)
    try:
        rule = rule_value_at(jurisdiction=casino.jurisdiction, key=EQUIVALENT_GUARANTEES, on=day, drafts=True)
    except DomainError:
        return control
    return f"{rule.citation} ; {control}"


def entry_file(
    *,
    register: Register,
    kind: str,
    gaming_day: datetime.date,
    actor: User,
    payload: dict,
    late_reason: str = "",
    refers_to: Entry | None = None,
) -> Entry | PendingEntry:
    """Files an entry one person may write alone: at the head of the chain at once, or, for a gaming day past the
    casino's delay, with its reason in the queue for a manager's countersignature."""
    if days_late(register.casino, gaming_day):
        return pending_file(register=register, kind=kind, gaming_day=gaming_day, actor=actor, payload=payload,
                            countersigner_role=User.Role.MANAGER, citation="", refers_to=refers_to,
                            late_reason=late_reason)
    return entry_append(register=register, kind=kind, gaming_day=gaming_day, actor=actor, payload=payload,
                        refers_to=refers_to)


def _verify_not_late(casino: Casino, gaming_day: datetime.date, payload: dict, countersigner: User | None,
                     filed_on: datetime.date | None) -> None:
    """A filing past the casino's delay enters only with its reason and a manager's countersignature."""
    age = days_late(casino, gaming_day, filed_on)
    if not age:
        return
    if "late_filing" in payload and countersigner is not None and countersigner.role == User.Role.MANAGER:
        return
    raise DomainError(errors.LATE_LEDGER.format(day=gaming_day.isoformat(), age=age, allowed=casino.late_filing_days),
                      code=ErrorCode.LATE_FILING, field="gaming_day")


@transaction.atomic
def entry_append(
    *,
    register: Register,
    kind: str,
    gaming_day: datetime.date,
    actor: User,
    payload: dict,
    countersigner: User | None = None,
    refers_to: Entry | None = None,
    filed_on: datetime.date | None = None,
) -> Entry:
    """Appends one entry at the head of the register's chain; `filed_on`, the day a countersigned filing was made."""
    return entry_append_within(register=register, kind=kind, gaming_day=gaming_day, actor=actor, payload=payload,
                               countersigner=countersigner, refers_to=refers_to, filed_on=filed_on)


def entry_append_within(*, register: Register, kind: str, gaming_day: datetime.date, actor: User, payload: dict,
                        countersigner: User | None = None, refers_to: Entry | None = None,
                        filed_on: datetime.date | None = None, card_moves: tuple = ()) -> Entry:
    """`entry_append` inside the caller's transaction, without a savepoint: for a service that is one transaction
    and rolls back whole on a refusal (the card ledger). `card_moves`, (card, delta, balance after) of a ledger
    operation, written with the entry in the same statement.

    Only the register's row is locked, inside `vigie_entry_append` (migration 0016), for one statement and the
    commit: its casino's and jurisdiction's rows stay free, so two registers of one casino append at once."""
    casino = register.casino
    play = not (kind in ABOUT_THE_REGISTER or kind in AFTER_THE_CLOSE or kind in OUTSIDE_PLAY)
    verify_gaming_day(casino, gaming_day, closed_ok=True)  # the closed day: under the lock, in the function
    if play:
        _verify_not_late(casino, gaming_day, payload, countersigner, filed_on)
    verify_draft_basis(register, kind)
    if draft_basis_due(register) is not None:  # seldom: written under the lock, and checked again there
        locked = Register.objects.select_for_update(of=("self",)).select_related("casino__jurisdiction").get(
            pk=register.pk)
        basis = draft_basis_due(locked)
        if basis is not None:
            _chain(locked, kind=EntryKind.DRAFT_BASIS, gaming_day=gaming_day, actor=system_user(), payload=basis,
                   closed_ok=not play)
    return _chain(register, kind=kind, gaming_day=gaming_day, actor=actor, payload=payload,
                  countersigner=countersigner, refers_to=refers_to, closed_ok=not play, card_moves=card_moves)


@dataclass(frozen=True)
class Appended:
    """One entry of a batch `entries_append` writes."""

    kind: str
    gaming_day: datetime.date
    actor: User
    payload: dict
    countersigner: User | None = None


@transaction.atomic
def entries_append(*, register: Register, items: list[Appended]) -> list[Entry]:
    """Appends many entries at the head of the register's chain at once (an imported file's, one per gaming day),
    each checked as `entry_append` checks it, under one lock: one read of the head and of the closed days, one
    insert. The chain is the one `entry_append` would have written, entry by entry."""
    locked = Register.objects.select_for_update(of=("self",)).select_related("casino__jurisdiction").get(pk=register.pk)
    casino = locked.casino
    closed = set(GamingSession.objects.filter(casino_id=casino.pk, gaming_day__in={i.gaming_day for i in items})
                 .values_list("gaming_day", flat=True))
    for item in items:
        if item.gaming_day in closed:  # the one query verify_gaming_day would make, answered for all days
            raise DomainError(errors.SESSION_CLOSED.format(day=item.gaming_day.isoformat()),
                              code=ErrorCode.SESSION_CLOSED, field="gaming_day")
        verify_gaming_day(casino, item.gaming_day, closed_ok=True)
        _verify_not_late(casino, item.gaming_day, item.payload, item.countersigner, None)
        verify_draft_basis(locked, item.kind)
    basis = draft_basis_due(locked)
    if basis is not None:
        _chain(locked, kind=EntryKind.DRAFT_BASIS, gaming_day=items[0].gaming_day, actor=system_user(),
               payload=basis)
    seq, prev_hash = _head(locked)
    now, entries = timezone.now(), []
    for item in items:
        seq += 1
        entries.append(_linked(locked, seq, prev_hash, kind=item.kind, gaming_day=item.gaming_day, actor=item.actor,
                               payload=item.payload, countersigner=item.countersigner, recorded_at=now))
        prev_hash = entries[-1].hash
    return entries_insert(casino.pk, entries)


def entries_insert(casino_id: int, entries: list[Entry]) -> list[Entry]:
    """Inserts entries already chained (their n°, link and hash computed), each given its id first."""
    for entry, entry_id in zip(entries, entry_ids(casino_id, [entry.gaming_day for entry in entries]), strict=True):
        entry.id = entry_id
    return Entry.objects.bulk_create(entries)


def entry_ids(casino_id: int, days: list[datetime.date]) -> list[int]:
    """The ids of new entries of the casino on these gaming days, in order: each names its casino's and its year's
    partition (migration 0020), made ahead or else by its year's first entry."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT vigie_entry_id(%s, d) FROM unnest(%s::date[]) WITH ORDINALITY AS u(d, n) ORDER BY n",
                       [casino_id, list(days)])
        return [row[0] for row in cursor.fetchall()]


def draft_basis_payload(casino: Casino) -> dict | None:
    """On what basis the casino applies its jurisdiction's draft texts (`Casino.draft_basis`, since its date), as its
    registers write it; None where it applies no draft or has recorded no basis (its page then says so)."""
    if not casino.draft_basis:  # most appends: no query at all
        return None
    drafts = drafts_of(casino.jurisdiction.code)
    if not drafts:
        return None
    return {"drafts": drafts, "basis": casino.draft_basis, "since": casino.draft_basis_since.isoformat(),
            "citation": " ; ".join(drafts)}


def statement_terms(casino: Casino, gaming_day: datetime.date | None = None) -> tuple[datetime.date, str | None] | None:
    """The day (today when None) and the draft basis (canonical) of an entry a SQL function writes in one statement
    (a slot bet or win); None when the general path must answer: a day before the casino's registers were opened, or
    a draft basis to record first (it refuses naming the field). Any other day is the caller's to check."""
    day = gaming_day or casino.today()
    if day < casino.opened_on or draft_basis_missing(casino):
        return None
    basis = draft_basis_payload(casino)
    return day, None if basis is None else chain.canonical(basis)


def draft_basis_missing(casino: Casino) -> list[str]:
    """The drafts the casino's registers rest on, as cited, when it has recorded no basis for applying them: a
    jurisdiction whose every text is a draft (Luxembourg: its registers have no other rule). [] when the casino has a
    basis (most appends: no query at all) or its jurisdiction has a text in force (Québec's poker room, under the 2007
    draft beside the décret in force, is not refused here: for the lead, issue 35)."""
    if casino.draft_basis or not settings.DRAFT_BASIS_REQUIRED:
        return []
    statuses = set(LegalInstrument.objects.filter(jurisdiction__code=casino.jurisdiction.code)
                   .values_list("status", flat=True))
    return drafts_of(casino.jurisdiction.code) if statuses == {InstrumentStatus.DRAFT} else []


def verify_draft_basis(register: Register, kind: str) -> None:
    """An entry filed under a draft waits for the casino's basis for applying it (`Casino.draft_basis`): without one
    the register would cite a draft as if the casino were bound by it. What Vigie writes about a register itself (the
    basis, a signed report) is never refused."""
    drafts = draft_basis_missing(register.casino) if kind not in ABOUT_THE_REGISTER else []
    if drafts:
        raise DomainError(errors.DRAFT_BASIS_MISSING.format(drafts=" ; ".join(drafts)), code=ErrorCode.REQUIRED,
                          field="draft_basis")


def draft_basis_due(register: Register) -> dict | None:
    """The basis to write before the register's next entry: its first entry under a draft, and again whenever the
    casino's basis changed, so that every entry citing a draft follows the basis it was filed under."""
    basis = draft_basis_payload(register.casino)
    if basis is None:
        return None
    written = (Entry.objects.filter(register=register, kind=EntryKind.DRAFT_BASIS).order_by("-seq")
               .values_list("payload", flat=True).first())
    if written is not None and json.loads(written) == json.loads(chain.canonical(basis)):
        return None
    return basis


def _head(locked: Register) -> tuple[int, str]:
    """The register's last n° and hash (0 and the genesis hash when empty)."""
    return register_head(locked) or (0, chain.GENESIS)


def _linked(locked: Register, seq: int, prev_hash: str, *, kind: str, gaming_day: datetime.date, actor: User,
            payload: dict, countersigner: User | None = None, refers_to: Entry | None = None,
            recorded_at: datetime.datetime | None = None) -> Entry:
    """The entry n° `seq` after `prev_hash`, its hash computed: not saved."""
    entry = Entry(register=locked, seq=seq, kind=kind, gaming_day=gaming_day, refers_to=refers_to,
                  payload=chain.canonical(payload), actor=actor, countersigner=countersigner,
                  recorded_at=recorded_at or timezone.now(), prev_hash=prev_hash)
    entry.hash = entry_data(entry).digest()
    return entry


APPEND = "SELECT * FROM vigie_entry_append(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
CARD_RECORD = ("SELECT * FROM vigie_card_record(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s::bigint[], "
               "%s::numeric[], %s::numeric[])")


def _chain(register: Register, *, kind: str, gaming_day: datetime.date, actor: User, payload: dict,
           countersigner: User | None = None, refers_to: Entry | None = None, closed_ok: bool = True,
           card_moves: tuple = ()) -> Entry:
    """One round trip: the function locks the register's row, refuses a closed day (unless `closed_ok`), reads the
    head, hashes the entry as `chain.EntryData.digest` does and inserts it (migration 0016)."""
    text, recorded_at = chain.canonical(payload), timezone.now()
    casino = register.casino
    with connection.cursor() as cursor:
        if card_moves:
            cursor.execute(CARD_RECORD, [
                register.pk, register.label, casino.pk, closed_ok, kind, gaming_day, text, actor.pk, actor.username,
                recorded_at, timestamp(recorded_at), [c.pk for c, _d, _b in card_moves],
                [d for _c, d, _b in card_moves], [b for _c, _d, b in card_moves]])
        else:
            cursor.execute(APPEND, [
                register.pk, register.label, casino.pk, closed_ok, kind, gaming_day,
                refers_to.pk if refers_to else None, refers_to.seq if refers_to else None, text, actor.pk,
                actor.username, countersigner.pk if countersigner else None,
                countersigner.username if countersigner else None, recorded_at, timestamp(recorded_at)])
        entry_id, seq, digest, prev_hash = cursor.fetchone()
    if entry_id is None:
        raise DomainError(errors.SESSION_CLOSED.format(day=gaming_day.isoformat()), code=ErrorCode.SESSION_CLOSED,
                          field="gaming_day")
    entry = Entry(id=entry_id, register=register, seq=seq, kind=kind, gaming_day=gaming_day, refers_to=refers_to,
                  payload=text, actor=actor, countersigner=countersigner, recorded_at=recorded_at,
                  prev_hash=prev_hash, hash=digest)
    entry._state.adding, entry._state.db = False, connection.alias
    return entry


@transaction.atomic
def pending_file(
    *,
    register: Register,
    kind: str,
    gaming_day: datetime.date,
    actor: User,
    payload: dict,
    countersigner_role: str,
    citation: str,
    refers_to: Entry | None = None,
    late_reason: str = "",
) -> PendingEntry:
    """Files an entry that the rule wants signed by two people: it waits in the countersignature queue. A filing
    past the casino's delay carries its reason, and its second person is a manager."""
    verify_actor(actor, register.casino)
    verify_gaming_day(register.casino, gaming_day)
    verify_draft_basis(register, kind)  # at filing, not only at the countersignature
    late = late_filing(register.casino, gaming_day, late_reason)
    if late is not None:
        payload = {**payload, "late_filing": late}
        countersigner_role = User.Role.MANAGER
        citation = f"{citation} ; {late['rule']}" if citation else late["rule"]
    return PendingEntry.objects.create(
        register=register,
        kind=kind,
        gaming_day=gaming_day,
        refers_to=refers_to,
        payload=chain.canonical(payload),
        actor=actor,
        countersigner_role=countersigner_role,
        # the queue's short form: the payload keeps every citation in full
        citation=citation[:PendingEntry._meta.get_field("citation").max_length],
    )


@transaction.atomic
def pending_countersign(*, pending: PendingEntry, countersigner: User) -> Entry:
    """A second person, with the role the rule requires, signs: the entry enters the chain with both."""
    pending = PendingEntry.objects.select_for_update().select_related("register", "actor").get(pk=pending.pk)
    verify_can_write(countersigner, pending.register.casino)
    if pending.entry_id:
        raise DomainError(errors.ALREADY_COUNTERSIGNED, code=ErrorCode.ALREADY_COUNTERSIGNED)
    two_person.verify(countersigner, "contresigner", pending)  # another person, of the role the rule requires
    Register.objects.select_for_update().get(pk=pending.register_id)
    if pending.kind in COUNTERSIGN_CHECKS:
        COUNTERSIGN_CHECKS[pending.kind](pending)
    payload = json.loads(pending.payload)
    entry = entry_append(
        register=pending.register,
        kind=pending.kind,
        gaming_day=pending.gaming_day,
        actor=pending.actor,
        payload=payload,
        countersigner=countersigner,
        refers_to=pending.refers_to,
        filed_on=pending.register.casino.today(pending.created_at),
    )
    pending.entry = entry
    pending.save(update_fields=["entry"])
    if "late_filing" in payload:
        for audit in LATE_AUDIT:
            problems = audit(entry)
            if problems:  # raised inside the transaction: the entry appended above is rolled back
                shown = problems[0][1] if (translation.get_language() or "fr").startswith("en") else problems[0][0]
                raise DomainError(errors.COUNTERSIGN_AUDIT.format(problem=shown), code=ErrorCode.INVALID)
    return entry


@transaction.atomic
def checkpoint_create(*, register: Register, user: User, reason: str = "on_demand") -> Checkpoint:
    """Signs the register's head with the casino's key, kept outside the database."""
    locked = Register.objects.select_for_update().select_related("casino").get(pk=register.pk)
    verify_can_write(user, locked.casino)
    size, head_hash = _head(locked)
    checkpoint = checkpoint_signed(register=locked, size=size, head_hash=head_hash, signed_at=timezone.now(),
                                   user=user, reason=reason)
    checkpoint.save(force_insert=True)
    return checkpoint


def checkpoint_signed(*, register: Register, size: int, head_hash: str, signed_at: datetime.datetime, user: User,
                      reason: str) -> Checkpoint:
    """The checkpoint of a head, signed with the casino's key (not saved): `checkpoint_create` signs the head as it
    stands, the scale generator each day's as it writes the day."""
    private = keys.private_key(register.casino.code)
    data = chain.CheckpointData(register.label, size, head_hash, timestamp(signed_at), "")
    return Checkpoint(register=register, size=size, head_hash=head_hash, signed_at=signed_at,
                      signature=chain.sign(private, data), public_key=keys.public_hex(private.public_key()),
                      reason=reason, signed_by=user)


def checkpoint_verified(*, checkpoint: Checkpoint, full: bool, entries: int) -> VerifiedCheckpoint:
    """Remembers a signed checkpoint a verification found the chain agreeing with, where the next one starts."""
    return VerifiedCheckpoint.objects.create(register_id=checkpoint.register_id, checkpoint=checkpoint,
                                             verified_at=timezone.now(), full=full, entries=entries)


@transaction.atomic
def session_close(*, casino: Casino, gaming_day: datetime.date, user: User) -> GamingSession:
    """Closes a gaming day: nothing more is filed on it, and every register's head is signed."""
    verify_can_write(user, casino)
    verify_gaming_day(casino, gaming_day, errors.SESSION_ALREADY_CLOSED)  # not a day to come, nor one closed
    session = GamingSession.objects.create(
        casino=casino, gaming_day=gaming_day, closed_at=timezone.now(), closed_by=user
    )
    for register in Register.objects.filter(casino=casino):
        checkpoint_create(register=register, user=user, reason="session_close")
    for follow in SESSION_CLOSED:
        follow(session, user)
    return session


def entry_verify_correct(*, entry: Entry, actor: User) -> None:
    """Raises why `actor` may not file a correction of `entry`: a manager of its casino, any register but the
    cards', an entry that is no correction and has none yet."""
    register = entry.register
    verify_can_write(actor, register.casino)
    if actor.role != User.Role.MANAGER:
        raise DomainError(errors.CORRECTION_MANAGER, code=ErrorCode.WRONG_ROLE, field="actor")
    if entry.kind == EntryKind.CORRECTION:
        raise DomainError(errors.CORRECTION_OF_CORRECTION, code=ErrorCode.NOT_CORRECTABLE, field="entry")
    if entry.kind in ABOUT_THE_REGISTER:  # the casino's setting as it stood, a report as signed: never set aside
        raise DomainError(errors.CORRECTION_OF_BASIS, code=ErrorCode.NOT_CORRECTABLE, field="entry")
    if register.kind == RegisterKind.CARTES:
        raise DomainError(errors.CORRECTION_OF_LEDGER, code=ErrorCode.NOT_CORRECTABLE, field="entry")
    earlier = PendingEntry.objects.filter(register_id=register.pk, kind=EntryKind.CORRECTION, refers_to=entry).first()
    if earlier is not None:
        raise DomainError(errors.ALREADY_CORRECTED.format(seq=entry.seq, pk=earlier.pk),
                          code=ErrorCode.ALREADY_CORRECTED, field="entry")


def entry_can_correct(*, entry: Entry, actor: User) -> bool:
    try:
        entry_verify_correct(entry=entry, actor=actor)
    except DomainError:
        return False
    return True


@transaction.atomic
def entry_correct(*, entry: Entry, actor: User, reason: str) -> PendingEntry:
    """A manager files the correction of a wrongly filed entry, with its reason; once a second person of the casino
    countersigns it, the entry stays in the chain but leaves every total, and what the register keeps of its state
    (jackpots, machines, orphans) no longer counts it. Nothing is deleted. The cards' register is corrected by its
    own operations (an adjustment, a change of state), never so."""
    register = Register.objects.select_for_update().select_related("casino").get(pk=entry.register_id)
    entry_verify_correct(entry=entry, actor=actor)  # under the register's lock: no second correction meanwhile
    reason = clean_text(reason, field="reason", max_length=TEXT_MAX, multiline=True)
    day = register.casino.today()
    citation = correction_citation(register.casino, day)
    payload = {"corrects": entry.seq, "kind": entry.kind, "reason": reason, "citation": citation}
    return pending_file(register=register, kind=EntryKind.CORRECTION, gaming_day=day, actor=actor,
                        payload=payload, countersigner_role=ANY_STAFF, citation=citation, refers_to=entry)
