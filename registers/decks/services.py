"""The playing-card stock's state changes, one transaction each, each an entry of the casino's register of decks
(« jeux_de_cartes »), under the register's lock: decks received by packs with their seals (LU RGD 1979 art. 6 al. 1,
draft: in sixains, plain-backed), issued to a table's or a poker table's gaming day with the checks made, returned in
perfect condition or retired with a reason, destroyed with two signatures (filed, then countersigned by the
direction), and the day from which the management applies the opening control (controls.session_decks_problems)."""

import datetime
import json

from django.db import transaction

from compliance.errors import DomainError
from compliance.models import Casino, User
from registers.errors import ErrorCode

from ..chain.services import entry_append, pending_file, register_for, verify_actor
from ..controls import refuse_first
from ..fields import NAME_MAX, TEXT_MAX, clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import Entry, GamingTable, PendingEntry, Register
from . import errors, rules, selectors
from .controls import (
    FAMILIES,
    TABLES,
    Issuing,
    destroy_problems,
    issue_problems,
    receipt_problems,
    replacement_problems,
    return_problems,
    stock_control,
)

SEAL_MAX = 40


def _count(value, field: str) -> int:
    try:
        count = int(str(value).strip())
    except (TypeError, ValueError):
        count = 0
    if count < 1 or count > 10000:
        raise DomainError(errors.COUNT_POSITIVE.format(value=value, field=field), code=ErrorCode.INVALID, field=field)
    return count


def _locked(casino: Casino, actor: User, day: datetime.date) -> Register:
    """The casino's register of decks, locked: its stock is read and written by one filing at a time."""
    verify_actor(actor, casino)
    if not rules.keeps_stock(casino, day):
        raise DomainError(errors.NOT_HERE, code=ErrorCode.INVALID, field="casino")
    register = register_for(casino=casino, kind=RegisterKind.JEUX_DE_CARTES)
    return Register.objects.select_for_update().select_related("casino__jurisdiction").get(pk=register.pk)


def _append(register: Register, kind: str, day: datetime.date, actor: User, payload: dict,
            refers_to: Entry | None = None) -> Entry:
    return entry_append(register=register, kind=kind, gaming_day=day, actor=actor, payload=payload,
                        refers_to=refers_to)


@transaction.atomic
def deck_receive(*, casino: Casino, actor: User, gaming_day: datetime.date, supplier: str, description: str,
                 colour: str, packs, per_pack, seals: list, plain_back: bool) -> Entry:
    """Packs of decks received from a supplier, each under its seal: a new lot of the stock."""
    register = _locked(casino, actor, gaming_day)
    packs, per_pack = _count(packs, "packs"), _count(per_pack, "per_pack")
    supplier = clean_text(supplier, field="supplier", max_length=NAME_MAX)
    description = clean_text(description, field="description", max_length=NAME_MAX)
    colour = clean_text(colour, field="colour", max_length=40)
    cleaned = tuple(clean_text(seal, field="seals", max_length=SEAL_MAX) for seal in (seals or ()))
    stock = selectors.stock_of(casino)
    proposed = rules.receipt(casino, gaming_day, packs, per_pack, cleaned, bool(plain_back))
    refuse_first(receipt_problems(stock, proposed), casino.jurisdiction)
    citation = " ; ".join(c for c in (proposed.sixain_citation, proposed.plain_back_citation) if c) or stock_control()
    return _append(register, EntryKind.DECKS_RECEIVED, gaming_day, actor, {
        "lot": stock.next_lot(gaming_day.year), "fournisseur": supplier, "description": description,
        "couleur": colour, "paquets": packs, "jeux_par_paquet": per_pack, "scelles": list(cleaned),
        "teinte_unie": bool(plain_back), "citation": citation})


@transaction.atomic
def deck_issue(*, casino: Casino, actor: User, gaming_day: datetime.date, lot: str, decks, family: str, table: str,
               new: bool, counted: bool, sealed: bool = False, perfect: bool = False) -> Entry:
    """Decks of a lot issued to a table (a table game's, by its number, or a poker room's) for a gaming day, new under
    an intact seal or returned in perfect condition, with the checks made at the issue; after a deck of the table was
    retired that day, new where its game's texts say so (controls.replacement_problems)."""
    register = _locked(casino, actor, gaming_day)
    decks = _count(decks, "decks")
    if family not in FAMILIES:
        raise DomainError(errors.FAMILY_UNKNOWN.format(family=family), code=ErrorCode.INVALID, field="family")
    table = clean_text(table, field="table", max_length=60)
    game = GamingTable.objects.filter(casino=casino, number=table).values_list("game__key", flat=True).first() \
        if family == TABLES else None  # a poker table's game is its séance's, not known at the issue
    if family == TABLES and game is None:
        raise DomainError(errors.TABLE_UNKNOWN.format(table=table), code=ErrorCode.INVALID, field="table")
    lot = clean_text(lot, field="lot", max_length=20)
    proposed = Issuing(lot, decks, bool(new), bool(counted), bool(sealed), bool(perfect))
    stock = selectors.stock_of(casino)
    refuse_first(issue_problems(stock, proposed), casino.jurisdiction)
    if game is not None:
        refuse_first(replacement_problems(stock, family, table, gaming_day, proposed.new,
                                          rules.replacement_on(casino, game, gaming_day)), casino.jurisdiction)
    checks = {"comptees_verifiees": proposed.counted, "parfait_etat": proposed.perfect}
    if proposed.new:
        checks["scelles_intacts"] = proposed.sealed
    payload = {"lot": lot, "jeux": decks, "neufs": proposed.new, "famille": family, "table": table,
               "journee": gaming_day.isoformat(), "verifications": checks, "citation": stock_control()}
    if game is not None:
        payload["jeu"] = game  # the audit asks the replacement of the game's texts again
    return _append(register, EntryKind.DECKS_ISSUED, gaming_day, actor, payload)


@transaction.atomic
def deck_return(*, casino: Casino, actor: User, gaming_day: datetime.date, issue: int, decks, perfect: bool,
                reason: str = "") -> Entry:
    """Decks back from a table, from the issue of n° `issue` in the register: in perfect condition to the stock, to be
    issued again; otherwise retired, for a reason, to be destroyed."""
    register = _locked(casino, actor, gaming_day)
    decks = _count(decks, "decks")
    reason = clean_text(reason, field="reason", max_length=TEXT_MAX, optional=True)
    stock = selectors.stock_of(casino)
    found = stock.issue_numbered(issue) if isinstance(issue, int) else None
    refuse_first(return_problems(found, decks, bool(perfect), reason), casino.jurisdiction)
    referred = Entry.objects.get(pk=found.entry)
    return _append(register, EntryKind.DECKS_RETURNED, gaming_day, actor, {
        "remise": found.seq, "lot": found.lot, "jeux": decks, "famille": found.family, "table": found.table,
        "journee": found.day.isoformat(), "parfait_etat": bool(perfect), "motif": reason,
        "citation": stock_control()}, refers_to=referred)


@transaction.atomic
def deck_destroy(*, casino: Casino, actor: User, gaming_day: datetime.date, lot: str, decks, how: str) -> PendingEntry:
    """Retired decks destroyed: filed by one person, entered once a member of the direction countersigns (the
    casino's control: two signatures), checked again then (`destruction_still_possible`)."""
    register = _locked(casino, actor, gaming_day)
    decks = _count(decks, "decks")
    lot = clean_text(lot, field="lot", max_length=20)
    how = clean_text(how, field="how", max_length=NAME_MAX)
    refuse_first(destroy_problems(_with_pending(selectors.stock_of(casino), register), lot, decks),
                 casino.jurisdiction)
    return pending_file(register=register, kind=EntryKind.DECKS_DESTROYED, gaming_day=gaming_day, actor=actor,
                        payload={"lot": lot, "jeux": decks, "mode": how, "citation": stock_control()},
                        countersigner_role=User.Role.MANAGER, citation=stock_control())


def _with_pending(stock, register: Register, but: int | None = None):
    """The stock as it will be once the destructions waiting for their countersignature are entered."""
    for pending in PendingEntry.objects.filter(register=register, kind=EntryKind.DECKS_DESTROYED, entry__isnull=True) \
            .exclude(pk=but):
        payload = json.loads(pending.payload)
        lot = stock.lots.get(payload["lot"])
        if lot is not None:
            lot.retired -= int(payload["jeux"])
    return stock


def destruction_still_possible(pending: PendingEntry) -> None:
    """At its countersignature, the lot still holds the decks retired (the other destructions waiting counted)."""
    payload, casino = json.loads(pending.payload), pending.register.casino
    stock = _with_pending(selectors.stock_of(casino), pending.register, but=pending.pk)
    refuse_first(destroy_problems(stock, payload["lot"], int(payload["jeux"])), casino.jurisdiction)


@transaction.atomic
def deck_control_set(*, casino: Casino, actor: User, gaming_day: datetime.date, tables: datetime.date | None,
                     poker: datetime.date | None, reference: str) -> Entry:
    """The days from which a session of the casino's tables, and of its poker room, opens only with its decks issued
    (controls.session_decks_problems): the management's decision, with the reference of its internal procedure."""
    register = _locked(casino, actor, gaming_day)
    if actor.is_casino_staff and actor.role != User.Role.MANAGER:
        raise DomainError(errors.MANAGER_ONLY, code=ErrorCode.WRONG_ROLE, field="actor")
    reference = clean_text(reference, field="reference", max_length=NAME_MAX)
    days = {"tables": tables.isoformat() if tables else None, "poker": poker.isoformat() if poker else None}
    stock = selectors.stock_of(casino)
    if {family: day.isoformat() for family, day in stock.control.items()} == {k: v for k, v in days.items() if v}:
        raise DomainError(errors.CONTROL_SAME, code=ErrorCode.DUPLICATE, field="tables")
    return _append(register, EntryKind.DECKS_CONTROL, gaming_day, actor, {
        "a_partir_du": days, "reference": reference, "citation": stock_control()})
