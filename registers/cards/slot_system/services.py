"""The slot management system's operations on electronic gaming cards (LU RGD 1979 art. 3-4 1) to 3), 7)):
a machine's bet is debited from a card, a win credited to it up to its cap, the part past the cap paid by
hand (art. 18-10). Every operation goes through the card ledger (`cards/ledger.py`), in the casino's `cartes`
register, with the slot system's own user as the actor.

Idempotency: each debit or credit names an idempotency key. In one transaction the key's row is inserted
first (a concurrent request with the same key waits on the unique index until this one commits, then
finds its answer), the operation runs under a savepoint, and its answer — success or refusal — is stored
on the row. A retry with the same key and the same body gets that first answer back and changes nothing;
the same key with another body is refused (`idempotency_key_reused`). A malformed request (a field
missing) is refused before the key is taken, so it can be corrected and sent again with the same key.

A debit or credit that fits the card takes all of this in one statement (`vigie_slot_play`, migration 0019): the
key's row is written with its answer and entry; anything else goes the way above.

Rate limit: a fixed one-minute window per slot system, counted in Redis.
"""

import hashlib
import json
import math
import secrets
import time
from contextlib import nullcontext
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

import redis
from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from django.utils.text import slugify

from compliance.errors import DomainError
from compliance.models import AuditAction, Casino, Jurisdiction, User
from compliance.permissions import verify_can_write
from compliance.services import audit_record
from registers.errors import ErrorCode

from ... import prepared
from ...chain.services import statement_terms, timestamp
from ...fields import clean_text
from ...models import Card, Entry, SlotRequest, SlotSystem
from ...models.slot_systems import DEFAULT_RATE_PER_MINUTE
from ...money import CENT, check_currency, parse_amount
from ..controls import CardState, Rules, balance_problems, refusal
from ..ledger import card_bet, card_rule, card_win, money
from . import errors as slot_errors

DEBIT, CREDIT = "debit", "credit"
KEY_MAX_LENGTH = 200
RATE_MAX = 1_000_000
WINDOW_SECONDS = 60


# --- slot systems -----------------------------------------------------------------------------------


def _key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _rate(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= RATE_MAX:
        raise DomainError(slot_errors.SLOT_SYSTEM_RATE, code=ErrorCode.INVALID, field="rate_per_minute")
    return value


@transaction.atomic
def slot_system_register(*, casino: Casino, actor: User, name: str,
                         rate_per_minute: int = DEFAULT_RATE_PER_MINUTE) -> tuple[SlotSystem, str]:
    """A manager registers the casino's slot management system; returns it and its key, shown only now (only
    its SHA-256 is kept). The system acts in the registers as a user of the casino (role accountant) who
    cannot sign in, and authenticates on the slot API only, with `Authorization: Slot <key>`."""
    verify_can_write(actor, casino)
    if actor.role != User.Role.MANAGER:
        raise DomainError(slot_errors.SLOT_SYSTEM_ROLE, code=ErrorCode.WRONG_ROLE, field="actor")
    name = clean_text(name, field="name")
    rate = _rate(rate_per_minute)
    card_rule(casino, "validite_casino_emetteur")  # cards exist only where the rule data has them
    if SlotSystem.objects.filter(casino=casino, name__iexact=name).exists():
        raise DomainError(slot_errors.SLOT_SYSTEM_NAME_TAKEN, code=ErrorCode.DUPLICATE, field="name")
    user = User(username=f"slots.{casino.code}.{slugify(name)[:80] or 'systeme'}.{secrets.token_hex(4)}",
                role=User.Role.ACCOUNTANT, casino=casino, first_name=name[:150],
                last_name="Système de gestion des machines à sous")
    user.set_unusable_password()
    user.save()
    key = secrets.token_urlsafe(32)
    system = SlotSystem.objects.create(casino=casino, name=name, user=user, key_hash=_key_hash(key),
                                       rate_per_minute=rate, created_by=actor)
    audit_record(actor=actor, action=AuditAction.SLOT_SYSTEM_REGISTERED, casino=casino, target_type="slot_system",
                 target_id=system.pk, details={"name": name, "user": user.username, "rate_per_minute": rate})
    return system, key


@transaction.atomic
def slot_system_set_rate(*, system: SlotSystem, actor: User, rate_per_minute: int) -> SlotSystem:
    verify_can_write(actor, system.casino)
    if actor.role != User.Role.MANAGER:
        raise DomainError(slot_errors.SLOT_SYSTEM_ROLE, code=ErrorCode.WRONG_ROLE, field="actor")
    before = system.rate_per_minute
    system.rate_per_minute = _rate(rate_per_minute)
    system.save(update_fields=["rate_per_minute"])
    audit_record(actor=actor, action=AuditAction.SLOT_SYSTEM_RATE_SET, casino=system.casino,
                 target_type="slot_system", target_id=system.pk,
                 details={"before": before, "after": system.rate_per_minute})
    return system


@lru_cache(maxsize=1)
def _system_sql() -> tuple[str, tuple]:
    """The slot system of a key hash with its user, casino and jurisdiction in one row: the statement is written
    once per process and prepared once per connection, where a queryset with its joins is compiled, then parsed and
    planned by PostgreSQL, again on every request of the slot API."""
    parts = ((SlotSystem, "s"), (User, "u"), (Casino, "c"), (Jurisdiction, "j"))
    if any(field.get_db_converters(connection) for model, _ in parts for field in model._meta.concrete_fields):
        raise TypeError("a field read back through a converter: Model.from_db would skip it")
    columns = [f'{alias}."{field.column}"' for model, alias in parts for field in model._meta.concrete_fields]
    sql = (f"SELECT {', '.join(columns)} FROM {SlotSystem._meta.db_table} s "  # nosec B608  # the models' own names
           f"JOIN {User._meta.db_table} u ON u.id = s.user_id JOIN {Casino._meta.db_table} c ON c.id = s.casino_id "
           f"JOIN {Jurisdiction._meta.db_table} j ON j.id = c.jurisdiction_id WHERE s.key_hash = %s")
    return sql, tuple((model, [field.attname for field in model._meta.concrete_fields]) for model, _ in parts)


def slot_system_for_key(key: str) -> SlotSystem | None:
    """The slot system a key authenticates (active or not), with its user and casino."""
    sql, parts = _system_sql()
    row = prepared.fetch_one(sql, [_key_hash(key)])
    if row is None:
        return None
    objects, start = [], 0
    for model, names in parts:
        objects.append(model.from_db(connection.alias, names, row[start:start + len(names)]))
        start += len(names)
    system, user, casino, jurisdiction = objects
    casino.jurisdiction, system.casino, system.user = jurisdiction, casino, user
    return system


# --- rate limit -------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _redis() -> redis.Redis:
    return redis.Redis.from_url(settings.CACHES["default"]["LOCATION"])


def _now() -> float:
    return time.time()  # the tests move the clock to the next window


def slot_rate_take(system: SlotSystem, count: int = 1) -> float | None:
    """Counts `count` operations in the system's current one-minute window (one Redis round trip): None when it is
    within the system's rate, else the seconds until the window ends."""
    if count < 1:
        return None
    now = _now()
    window = int(now // WINDOW_SECONDS)
    key = cache.make_key(f"slots:rate:{system.key_hash[:16]}:{window}")
    pipe = _redis().pipeline(transaction=False)
    pipe.incrby(key, count)
    pipe.expire(key, 2 * WINDOW_SECONDS)
    count = pipe.execute()[0]
    if count <= system.rate_per_minute:
        return None
    return max(1, math.ceil((window + 1) * WINDOW_SECONDS - now))


# --- operations -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    status: int
    body: dict
    replayed: bool = False


def _amount(value: Decimal) -> str:
    return format(Decimal(value).quantize(CENT), "f")


def _entry(entry: Entry | None) -> dict | None:
    return None if entry is None else {"kind": entry.kind, "seq": entry.seq, "hash": entry.hash}


CARD_OF_CASINO = "SELECT * FROM registers_card WHERE casino_id = %s AND number = %s"


def _card(system: SlotSystem, number: str) -> Card:
    """A card of the slot system's casino; any other (another casino's included) is unknown (art. 3-1 2))."""
    # the system's own casino only, read with it (the casino the key authenticated, its jurisdiction loaded)
    card = next(iter(Card.objects.raw(CARD_OF_CASINO, [system.casino_id, number])), None)
    if card is None:
        rule = card_rule(system.casino, "validite_casino_emetteur")
        raise DomainError(slot_errors.SLOT_UNKNOWN_CARD.format(number=number, citation=str(rule.citation)),
                          code=ErrorCode.UNKNOWN_CARD, field="card", status=404)
    card.casino = system.casino
    return card


def _values(system: SlotSystem, *, amount: str, currency: str, machine: str) -> tuple[Decimal, str]:
    """The request's amount and machine, checked (the currency the casino's)."""
    check_currency(system.casino, currency)
    return parse_amount(amount), clean_text(machine, field="machine", max_length=60)


def _checked(system: SlotSystem, *, card: str, amount: str, currency: str, machine: str) -> tuple[Card, Decimal, str]:
    value, machine = _values(system, amount=amount, currency=currency, machine=machine)
    return _card(system, card), value, machine


def _debit(system: SlotSystem, *, card: str, amount: str, currency: str, machine: str) -> tuple[dict, Entry]:
    target, value, machine = _checked(system, card=card, amount=amount, currency=currency, machine=machine)
    operation = card_bet(card=target, actor=system.user, amount=value, machine=machine)
    body = {"operation": DEBIT, "card": target.number, "amount": _amount(value), "currency": currency,
            "machine": machine, "balance": _amount(operation.balance), "entry": _entry(operation.entry)}
    return body, operation.entry


def _credit(system: SlotSystem, *, card: str, amount: str, currency: str, machine: str) -> tuple[dict, Entry]:
    target, value, machine = _checked(system, card=card, amount=amount, currency=currency, machine=machine)
    operation = card_win(card=target, actor=system.user, amount=value, machine=machine)
    manual = None
    if operation.excess is not None:
        excess = value - operation.credited
        citation = json.loads(operation.excess.payload)["citation"]
        manual = {"amount": _amount(excess), "citation": citation, "entry": _entry(operation.excess),
                  "message": str(slot_errors.SLOT_WIN_EXCESS.format(
                      win=money(target, value), credited=money(target, operation.credited),
                      cap=money(target, target.cap), excess=money(target, excess), citation=citation))}
    body = {"operation": CREDIT, "card": target.number, "amount": _amount(value), "currency": currency,
            "machine": machine, "credited": _amount(operation.credited),
            "excess": _amount(value - operation.credited), "manual_payout": manual,
            "balance": _amount(operation.balance), "entry": _entry(operation.entry)}
    return body, operation.entry or operation.excess


def _replay(row, digest: str) -> Answer:
    """The first answer kept for a key (a SlotRequest, or its row read alone), to a request with the same body."""
    if row.body_sha256 != digest:
        raise DomainError(slot_errors.IDEMPOTENCY_KEY_REUSED, code=ErrorCode.IDEMPOTENCY_KEY_REUSED,
                          field="Idempotency-Key", status=409)
    return Answer(row.status_code, row.response, replayed=True)


def _refusal(refused: DomainError) -> dict:
    return {"code": refused.code, "message": str(refused.message), "field_errors": refused.field_errors}


def idempotency_key(raw: str | None) -> str:
    """The request's Idempotency-Key header, required on every debit and credit."""
    key = (raw or "").strip()
    if not key or len(key) > KEY_MAX_LENGTH:
        raise DomainError(slot_errors.IDEMPOTENCY_KEY_REQUIRED, code=ErrorCode.IDEMPOTENCY_KEY_REQUIRED,
                          field="Idempotency-Key")
    return key


def _fingerprint(operation: str, fields: dict) -> str:
    text = json.dumps({"operation": operation, **fields}, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


CLAIM = ("INSERT INTO registers_slotrequest (slot_system_id, key, operation, body_sha256, created_at) "
         "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (slot_system_id, key) DO NOTHING RETURNING id")


def _idempotent(system: SlotSystem, key: str, operation: str, fields: dict, run) -> Answer:
    digest = _fingerprint(operation, fields)
    with transaction.atomic():
        # Taken first: a concurrent request with this key blocks here until the first one commits. Inserted, the
        # row is ours (one statement); not, it is an earlier request's, answered and committed.
        with connection.cursor() as cursor:
            cursor.execute(CLAIM, [system.pk, key, operation, digest, timezone.now()])
            claimed = cursor.fetchone()
        row = (SlotRequest(id=claimed[0], slot_system=system, key=key, operation=operation, body_sha256=digest)
               if claimed else SlotRequest.objects.get(slot_system=system, key=key))
        row._state.adding, row._state.db = False, connection.alias
        if row.status_code is not None:
            return _replay(row, digest)
        try:
            with transaction.atomic():  # a refusal rolls back to here only: the key keeps its answer
                body, entry = run(system, **fields)
            status = 201
        except DomainError as refused:
            status, entry = refused.status, None
            body = _refusal(refused)
        row.status_code, row.response, row.entry = status, body, entry
        row.save(update_fields=["status_code", "response", "entry"])
    return Answer(status, body)


SLOT_PLAY = "vigie_slot_play(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
KEY_TAKEN_MEANWHILE = "VG001"


def _played(system: SlotSystem, key: str, operation: str, fields: dict) -> Answer | None:
    """A debit or credit that fits, in one statement with its key and answer (migration 0019): the answer the
    general path gives, and keeps, for it. None when nothing was written and the general path must answer: a key
    already taken (its replay), a refusal, a win past the cap, an unknown card, a day it refuses or files late."""
    try:
        value, machine = _values(system, amount=fields["amount"], currency=fields["currency"],
                                 machine=fields["machine"])
    except DomainError:
        return None
    terms = _play_terms(system) if isinstance(fields["card"], str) else None
    if terms is None:
        return None
    day, basis = terms
    casino, actor, now = system.casino, system.user, timezone.now()
    row = _unless_key_taken(lambda: prepared.operation(SLOT_PLAY, [
        system.pk, key, operation, _fingerprint(operation, fields), fields["card"], fields["currency"], value,
        casino.pk, machine, day, actor.pk, actor.username, now, timestamp(now), basis]))
    if row is None or row[0] != "done":
        return None
    return _answer(row[1])


def _play_terms(system: SlotSystem) -> tuple | None:
    """statement_terms of the system's casino today, None also when its user may not write there."""
    try:
        verify_can_write(system.user, system.casino)
    except DomainError:
        return None
    return statement_terms(system.casino)


def _unless_key_taken(run):
    """run(), or None when a key of it was taken meanwhile by a concurrent request (SQLSTATE VG001): nothing was
    written, and the general path answers. Within a caller's transaction, a savepoint: that aborts the statement
    alone."""
    try:
        with transaction.atomic() if connection.in_atomic_block else nullcontext():
            return run()
    except DatabaseError as error:
        if getattr(error.__cause__, "sqlstate", None) == KEY_TAKEN_MEANWHILE:
            return None
        raise


def _answer(response) -> Answer:
    return Answer(201, json.loads(response) if isinstance(response, str) else response)


def slot_debit(*, system: SlotSystem, key: str, card: str, amount: str, currency: str, machine: str) -> Answer:
    """A machine's bet debited from a card (art. 3-4 1), 2)); refused beyond the balance."""
    fields = {"card": card, "amount": amount, "currency": currency, "machine": machine}
    return _played(system, key, DEBIT, fields) or _idempotent(system, key, DEBIT, fields, _debit)


def slot_credit(*, system: SlotSystem, key: str, card: str, amount: str, currency: str, machine: str) -> Answer:
    """A machine's win credited to a card up to its cap; the rest is an entry to pay by hand (art. 3-4 7))."""
    fields = {"card": card, "amount": amount, "currency": currency, "machine": machine}
    return _played(system, key, CREDIT, fields) or _idempotent(system, key, CREDIT, fields, _credit)


def slot_card_balance(*, system: SlotSystem, number: str) -> dict:
    card = _card(system, number)
    return {"card": card.number, "kind": card.kind, "status": card.status, "balance": _amount(card.balance),
            "cap": _amount(card.cap), "currency": card.casino.currency}


# --- operations sent together -------------------------------------------------------------------------

BATCH_MAX = 500
SLOT_PLAYS = "vigie_slot_plays(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"


def slot_batch(*, system: SlotSystem, operations: list[dict]) -> list[Answer]:
    """A slot system's debits and credits sent together (each `{"operation", "key", "card", "amount", "currency",
    "machine"}`), answered in the order sent, each as if sent alone with its key: the same entries, refusals and
    replays. Those that fit are appended together, in one statement and one transaction (`vigie_slot_plays`,
    migration 0028), up to the first that does not, which goes the general path; then the rest. A batch whose shape
    is wrong (its size, an operation's type or key, a key twice) is refused whole before anything is written."""
    sent = _batch_checked(operations)
    answers = _replays(system, sent)  # a retry's answers, read at once: a replay changes nothing the others see
    rest = [n for n in range(len(sent)) if n not in answers]
    while rest:
        played = _played_together(system, [sent[n] for n in rest])
        answers.update(zip(rest, played, strict=False))
        rest = rest[len(played):]
        if rest:
            answers[rest[0]] = _alone(system, *sent[rest[0]])
            rest = rest[1:]
    return [answers[n] for n in range(len(sent))]


@dataclass(frozen=True)
class _Kept:
    body_sha256: str
    status_code: int
    response: dict


# Not a prepared statement: its one plan, made while the table looked empty, would scan every key ever kept.
KEPT = ("SELECT key, body_sha256, status_code, response FROM registers_slotrequest "
        "WHERE slot_system_id = %s AND key = ANY(%s) AND status_code IS NOT NULL")


def _replays(system: SlotSystem, sent: list[tuple[str, str, dict]]) -> dict[int, Answer]:
    """The answers already kept for the batch's keys, by their place in it (one query)."""
    with connection.cursor() as cursor:  # planned for these keys each time, not prepared: see KEPT
        cursor.execute(KEPT, [system.pk, [key for _, key, _ in sent]])
        kept = {key: _Kept(digest, status, json.loads(response) if isinstance(response, str) else response)
                for key, digest, status, response in cursor.fetchall()}
    answers = {}
    for n, (operation, key, fields) in enumerate(sent):
        if key in kept:
            try:
                answers[n] = _replay(kept[key], _fingerprint(operation, fields))
            except DomainError as refused:  # the key used with another body: this operation's answer
                answers[n] = Answer(refused.status, _refusal(refused))
    return answers


def _alone(system: SlotSystem, operation: str, key: str, fields: dict) -> Answer:
    """The general path's answer, as slot_debit's or slot_credit's after its one statement."""
    try:
        return _idempotent(system, key, operation, fields, _debit if operation == DEBIT else _credit)
    except DomainError as refused:  # the key used with another body: this operation's answer, not the batch's
        return Answer(refused.status, _refusal(refused))


def _batch_checked(operations) -> list[tuple[str, str, dict]]:
    if not isinstance(operations, list) or not 1 <= len(operations) <= BATCH_MAX:
        raise DomainError(slot_errors.SLOT_BATCH_SIZE.format(most=BATCH_MAX), code=ErrorCode.INVALID,
                          field="operations")
    sent, keys = [], set()
    for n, item in enumerate(operations):
        if not isinstance(item, dict) or item.get("operation") not in (DEBIT, CREDIT):
            raise DomainError(slot_errors.SLOT_BATCH_OPERATION, code=ErrorCode.INVALID,
                              field=f"operations[{n}].operation")
        try:
            key = idempotency_key(item.get("key"))
        except DomainError as refused:
            raise DomainError(refused.message, code=refused.code, field=f"operations[{n}].key") from refused
        if key in keys:
            raise DomainError(slot_errors.SLOT_BATCH_KEY_TWICE, code=ErrorCode.DUPLICATE, field=f"operations[{n}].key")
        keys.add(key)
        sent.append((item["operation"], key, {name: item.get(name) for name in ("card", "amount", "currency",
                                                                              "machine")}))
    return sent


def _played_together(system: SlotSystem, sent: list[tuple[str, str, dict]]) -> list[Answer]:
    """The answers of the first operations of `sent` that fit, appended in one statement; [] when the first does
    not (its checks here, or the database's)."""
    run = []
    for operation, key, fields in sent:
        try:
            value, machine = _values(system, amount=fields["amount"], currency=fields["currency"],
                                     machine=fields["machine"])
        except DomainError:
            break
        if not isinstance(fields["card"], str):
            break
        run.append((operation, key, _fingerprint(operation, fields), fields["card"], value, machine))
    terms = _play_terms(system) if run else None
    if terms is None:
        return []
    (day, basis), casino, actor, now = terms, system.casino, system.user, timezone.now()
    kinds, keys, digests, cards, values, machines = (list(column) for column in zip(*run, strict=True))
    with prepared.on_disk():
        rows = _unless_key_taken(lambda: prepared.fetch_all(f"SELECT * FROM {SLOT_PLAYS}", [  # nosec B608  # a constant call, values bound
            system.pk, keys, kinds, digests, cards, casino.currency, values, casino.pk, machines, day, actor.pk,
            actor.username, now, timestamp(now), basis]))
        rows = rows or []  # one per operation answered, in order: the first ones of the run
        answers = [_answer(response) if outcome == "done" else _insufficient(system, number, value, balance)
                   for (outcome, response, balance), (_, _, _, number, value, _) in zip(rows, run[:len(rows)],
                                                                                        strict=True)]
        refused = [(key, operation, digest, json.dumps(answer.body)) for answer, (operation, key, digest, *_)
                   in zip(answers, run[:len(answers)], strict=True) if answer.status != 201]
        kept = {key for (key,) in prepared.fetch_all(KEEP_REFUSALS, [
            system.pk, now, *(list(column) for column in zip(*refused, strict=True))])} if refused else set()
    # a key taken meanwhile by a concurrent request keeps that one's answer, which the general path gives
    return [_alone(system, *sent[n]) if answer.status != 201 and sent[n][1] not in kept else answer
            for n, answer in enumerate(answers)]


def _insufficient(system: SlotSystem, number: str, value: Decimal, balance: Decimal) -> Answer:
    """The general path's refusal of a bet beyond the balance, the card as the batch found it."""
    card = CardState(number, "", None, None, None, None, balance=balance)  # no rule read: its message cites none
    (problem,) = balance_problems(card, value, "", Rules(lambda key: None, system.casino))
    refused = refusal(problem, system.casino)
    return Answer(refused.status, _refusal(refused))


KEEP_REFUSALS = (
    "INSERT INTO registers_slotrequest (slot_system_id, key, operation, body_sha256, status_code, response, "
    "created_at) SELECT %s, k, o, d, 400, r::jsonb, %s "
    "FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[]) u(k, o, d, r) "
    "ON CONFLICT (slot_system_id, key) DO NOTHING RETURNING key")
