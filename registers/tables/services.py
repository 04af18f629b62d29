"""Table games sessions, one transaction each: a table opened with its limits and its bank (LU RGD 1979 art. 9, 21,
37-9, 37-11, 37-17; QC RJC art. 9), fills and credits numbered without gaps, voids signed by two people, the closing
inventory, the drop counted by two people, Pai Gow commissions (QC RJC art. 111, 116). Every slip is an entry of the
carnet d'avances or of the carnets spéciaux (art. 97-1), with its row in `Slip` for the sums."""

import datetime
from decimal import Decimal

from django.db import transaction
from django.db.models import Max

from compliance import two_person
from compliance.errors import DomainError
from compliance.models import AuditAction, Casino, User
from compliance.services import audit_record
from games.models import Game
from registers.errors import ErrorCode

from .. import controls
from ..chain.services import entry_append, register_for, verify_actor
from ..controls import refuse_first
from ..decks.controls import TABLES
from ..decks.opening import verify_decks
from ..fields import TEXT_MAX, clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import BankMode, Entry, GamingTable, Slip, SlipKind, SlipVoid, TableSession
from ..models.tables import TableLimitChange
from ..money import parse_amount, shown
from . import errors, pai_gow, rules, selectors
from . import limits as spot_limits
from .controls import (
    LimitChange,
    Opening,
    commission_problems,
    drop_count_problems,
    limit_change_problems,
    options_problems,
    session_close_problems,
    session_open_problems,
    slip_problems,
    spot_limits_problems,
    void_problems,
)
from .slips import (
    VOIDABLE,
    amount_checked,
    denominations_clean,
    serial_checked,
    serial_parsed,
    signatures_clean,
    total,
)

SLIP_ENTRY = {SlipKind.FILL: EntryKind.SLIP_FILL, SlipKind.CREDIT: EntryKind.SLIP_CREDIT}
# art. 97-1: the carnets d'avances and the carnets spéciaux, kept electronically; each entry cites its book's article
BOOKS = {RegisterKind.AVANCES: "registres.carnets_avances",
         RegisterKind.CARNETS_SPECIAUX: "registres.carnets_speciaux"}


@transaction.atomic
def table_create(*, casino: Casino, actor: User, game: str, number: str, pit: str) -> GamingTable:
    """A table of one of the jurisdiction's table games, by a manager."""
    verify_actor(actor, casino)
    if actor.is_casino_staff and actor.role != User.Role.MANAGER:  # the platform's own jobs aside
        raise DomainError(errors.TABLE_MANAGER, code=ErrorCode.WRONG_ROLE, field="actor")
    found = Game.objects.filter(key=game, jurisdiction=casino.jurisdiction).first()
    if found is None or not rules.is_table_game(found.key):
        raise DomainError(errors.NOT_A_TABLE_GAME.format(game=game, jurisdiction=casino.jurisdiction.code),
                          code=ErrorCode.INVALID, field="game")
    number = clean_text(number, field="number", max_length=20)
    if GamingTable.objects.filter(casino=casino, number=number).exists():
        raise DomainError(errors.TABLE_NUMBER_TAKEN.format(number=number), code=ErrorCode.DUPLICATE, field="number")
    table = GamingTable.objects.create(casino=casino, game=found, number=number,
                                       pit=clean_text(pit, field="pit", max_length=40))
    audit_record(actor=actor, action=AuditAction.TABLE_CREATED, casino=casino, target_type="table",
                 target_id=table.pk, details={"jeu": found.key, "table": table.number, "ilot": table.pit})
    return table


def _locked(table: GamingTable) -> GamingTable:
    return GamingTable.objects.select_for_update().select_related("casino__jurisdiction", "game").get(pk=table.pk)


def _slip_payload(table: GamingTable, session_number: int, slip: dict) -> dict:
    return {"table": table.number, "jeu": table.game.key, "seance": session_number, **slip}


def _append(casino: Casino, register: str, kind: str, day: datetime.date, actor: User, payload: dict,
            countersigner: User | None = None, refers_to: Entry | None = None) -> Entry:
    payload = {**payload, "citation": controls.cited(casino, BOOKS[register], day, controls.BOOKS)}
    return entry_append(register=register_for(casino=casino, kind=register), kind=kind, gaming_day=day, actor=actor,
                        payload=payload, countersigner=countersigner, refers_to=refers_to)


@transaction.atomic
def session_open(*, table: GamingTable, actor: User, gaming_day: datetime.date, minimum, maximum,
                 denominations: dict, signatures: dict, float_amount=None,
                 minimum_changed: bool = False, spots=None, options=None) -> TableSession:
    """Opens a table: its limits checked against the game's rule (displayed at the table, QC RJC art. 9), each betting
    spot's and side bet's limits and the options the table offers against theirs (tables/limits.py), its opening
    inventory counted by denomination; where the jurisdiction keeps a fixed float (LU art. 9, 21, 37-9) the count
    is that float. The entry records the limits, the options and the arrêté values in force that day."""
    table = _locked(table)
    casino = table.casino
    verify_actor(actor, casino)
    latest, last_number = selectors.table_state(table, gaming_day)
    number = last_number + 1
    refuse_first(session_open_problems(latest, Opening(table.number, gaming_day, number, last_number)),
                 casino.jurisdiction)
    limits = rules.limits(table, gaming_day, minimum, maximum)
    held, offered = spot_limits.spots_clean(spots), spot_limits.options_clean(options)
    refuse_first(options_problems(offered, spot_limits.option_rules(casino, table.game.key, gaming_day)),
                 casino.jurisdiction)
    spot_rules = spot_limits.spot_rules(casino, table.game.key, gaming_day)
    refuse_first(spot_limits_problems(
        limits.maximum, held, spot_rules, options=offered, day=gaming_day, currency=casino.currency,
        jurisdiction=casino.jurisdiction, house=spot_limits.house_offers(casino, gaming_day, spot_rules)),
        casino.jurisdiction)
    bank = rules.bank(casino, gaming_day)
    counted = denominations_clean(denominations, casino=casino)
    opening = amount_checked(total(counted), counted, casino=casino, allow_zero=bank.mode == BankMode.INVENTAIRE)
    float_value = None
    if bank.mode == BankMode.AVANCE:
        if float_amount in (None, ""):
            raise DomainError(errors.FLOAT_REQUIRED.format(citation=bank.citation), code=ErrorCode.INVALID,
                              field="float_amount")
        float_value = parse_amount(float_amount, field="float_amount")
        if opening != float_value:
            raise DomainError(errors.FLOAT_NOT_COUNTED.format(
                counted=shown(casino, opening), float=shown(casino, float_value), citation=bank.citation),
                              code=ErrorCode.INVALID_AMOUNT, field="denominations")
    elif float_amount not in (None, ""):
        raise DomainError(errors.FLOAT_NOT_HERE.format(citation=bank.citation), code=ErrorCode.INVALID,
                          field="float_amount")
    signed = signatures_clean(SlipKind.OPENING, signatures)
    payload = _slip_payload(table, number, {
        "tenue": bank.mode, "tenue_citation": bank.citation, "avance": str(float_value) if float_value else None,
        "minimum": str(limits.minimum), "maximum": str(limits.maximum), "maximum_par": limits.per,
        "limites_citation": limits.citation, "inventaire": str(opening), "coupures": counted, "signatures": signed})
    if held or offered or spot_rules:
        payload |= {"mises": spot_limits.spots_written(held), "options": offered,
                    "mises_citations": {bet: rule.citation for bet, rule in spot_rules.items()}}
    filed = spot_limits.arretes_in_force(casino, table.game, gaming_day)
    if filed:  # the arrêté values in force that day, as the manager filed them with the act's reference
        payload["arretes"] = filed
    if minimum_changed:  # the new encaisse entered in the carnet d'avances (LU art. 37-17)
        rule = rules.minimum_change_rule(casino, table.game.key, gaming_day)
        payload["changement_minimum"] = str(rule.citation) if rule else controls.written(controls.TABLE_LIMITS)
    # the decks its game's texts require issued to the table for the day (registers/decks, where the casino applies it)
    verify_decks(casino=casino, family=TABLES, table=table.number, game=table.game.key, day=gaming_day)
    entry = _append(casino, RegisterKind.AVANCES, EntryKind.TABLE_OPENED, gaming_day, actor, payload)
    session = TableSession.objects.create(
        table=table, gaming_day=gaming_day, number=number, bank_mode=bank.mode, float_amount=float_value,
        minimum=limits.minimum, maximum=limits.maximum, maximum_per=limits.per, limits_citation=limits.citation,
        spots=spot_limits.spots_written(held), options=offered, opened_at=entry.recorded_at, entry=entry)
    _slip(session, SlipKind.OPENING, opening, counted, signed, entry)
    return session


def _slip(session: TableSession, kind: str, amount: Decimal, counted: dict, signed: dict, entry: Entry,
          serial: int | None = None, details: dict | None = None, replaces: Slip | None = None) -> Slip:
    return Slip.objects.create(
        casino=session.table.casino, session=session, gaming_day=session.gaming_day, kind=kind,
        year=session.gaming_day.year if serial else None, serial=serial, amount=amount, denominations=counted,
        signatures=signed, details=details or {}, recorded_at=entry.recorded_at, entry=entry, replaces=replaces)


def _session(session: TableSession, problems) -> TableSession:
    """The session, its table locked, refused with the first problem `problems` (a control of tables/controls.py)
    finds in its state."""
    table = _locked(session.table)
    session = TableSession.objects.select_related("table__casino__jurisdiction", "table__game").get(pk=session.pk)
    refuse_first(problems(selectors.session_state(session)), table.casino.jurisdiction)
    return session


def last_serial(casino: Casino, year: int) -> int | None:
    return Slip.objects.filter(casino=casino, year=year).aggregate(last=Max("serial"))["last"]


@transaction.atomic
def slip_file(*, session: TableSession, actor: User, kind: str, serial, amount, denominations: dict,
              signatures: dict) -> Slip:
    """A fill (chips brought to the table) or a credit (chips taken back to the cage), its serial the casino's next
    of the year: a gap or a number already used is refused."""
    if kind not in SLIP_ENTRY:
        raise DomainError(errors.NOT_NUMBERED, code=ErrorCode.INVALID, field="kind")
    session = _session(session, slip_problems)
    casino = session.table.casino
    verify_actor(actor, casino)
    # the casino's serials are taken in turn: its row locked, two cashiers never take the same number
    list(Casino.objects.select_for_update().filter(pk=casino.pk).values_list("pk", flat=True))
    year = session.gaming_day.year
    number = serial_checked(casino, year, serial_parsed(serial), last_serial(casino, year))
    counted = denominations_clean(denominations, casino=casino)
    value = amount_checked(amount, counted, casino=casino, allow_zero=False)
    signed = signatures_clean(kind, signatures)
    payload = _slip_payload(session.table, session.number, {
        "serie": number, "annee": year, "montant": str(value), "coupures": counted, "signatures": signed})
    entry = _append(casino, RegisterKind.AVANCES, SLIP_ENTRY[kind], session.gaming_day, actor, payload)
    return _slip(session, kind, value, counted, signed, entry, serial=number)


@transaction.atomic
def slip_void(*, slip: Slip, actor: User, countersigner: User, reason: str) -> SlipVoid:
    """Voids a fill, a credit or a drop count of an open day: its reason, two people (the entry's actor and
    countersigner), in the book that holds the slip; a voided drop is counted again (`drop_count`)."""
    slip = Slip.objects.select_related("session__table__casino", "entry").get(pk=slip.pk)
    casino = slip.session.table.casino
    verify_actor(actor, casino)
    verify_actor(countersigner, casino)
    refuse_first(void_problems(voidable=slip.kind in VOIDABLE, voided=SlipVoid.objects.filter(slip=slip).exists()),
                 casino.jurisdiction)
    two_person.verify(countersigner, "annuler_bordereau", SlipVoid(slip=slip, voided_by=actor))
    reason = clean_text(reason, field="reason", max_length=TEXT_MAX, multiline=True)
    payload = _slip_payload(slip.session.table, slip.session.number, {
        "annule": slip.kind, "annule_serie": slip.serial, "annee": slip.year, "montant": str(slip.amount),
        "motif": reason})
    entry = _append(casino, VOIDABLE[slip.kind], EntryKind.SLIP_VOID, slip.gaming_day, actor, payload,
                    countersigner=countersigner, refers_to=slip.entry)
    return SlipVoid.objects.create(slip=slip, reason=reason, entry=entry, voided_by=actor)


@transaction.atomic
def session_close(*, session: TableSession, actor: User, denominations: dict, signatures: dict) -> Slip:
    """Closes the table with its closing inventory by denomination (where a float is kept, the reconciliation checks
    it was restored)."""
    session = _session(session, session_close_problems)
    casino = session.table.casino
    verify_actor(actor, casino)
    counted = denominations_clean(denominations, casino=casino)
    closing = amount_checked(total(counted), counted, casino=casino, allow_zero=True)
    signed = signatures_clean(SlipKind.CLOSING, signatures)
    payload = _slip_payload(session.table, session.number, {
        "inventaire": str(closing), "coupures": counted, "signatures": signed})
    entry = _append(casino, RegisterKind.AVANCES, EntryKind.TABLE_CLOSED, session.gaming_day, actor, payload)
    return _slip(session, SlipKind.CLOSING, closing, counted, signed, entry)


@transaction.atomic
def minimum_change(*, session: TableSession, actor: User, minimum, maximum, closing: dict, opening: dict,
                   signatures: dict, float_amount=None) -> TableSession:
    """Changes a table's minimum the one way LU RGD 1979 art. 37-17 allows at the Bataille: the table closed and
    opened again with a new encaisse entered in the carnet d'avances; other games change it the same way."""
    session_close(session=session, actor=actor, denominations=closing, signatures=signatures)
    return session_open(table=session.table, actor=actor, gaming_day=session.gaming_day, minimum=minimum,
                        maximum=maximum, denominations=opening, signatures=signatures, float_amount=float_amount,
                        minimum_changed=True)


@transaction.atomic
def drop_count(*, session: TableSession, actor: User, amount, denominations: dict, signatures: dict) -> Slip:
    """The drop box of a closed session counted by two people, into the carnets spéciaux (art. 97-1)."""
    session = _session(session, drop_count_problems)
    casino = session.table.casino
    verify_actor(actor, casino)
    counts = list(session.slips.filter(kind=SlipKind.DROP).order_by("-id"))  # all voided: the last is recounted
    counted = denominations_clean(denominations, casino=casino)
    value = amount_checked(amount, counted, casino=casino, allow_zero=True)
    signed = signatures_clean(SlipKind.DROP, signatures)
    payload = _slip_payload(session.table, session.number, {
        "montant": str(value), "coupures": counted, "signatures": signed})
    if counts:  # the voided count it replaces
        payload["recompte_de"] = counts[0].entry_id
    entry = _append(casino, RegisterKind.CARNETS_SPECIAUX, EntryKind.DROP_COUNTED, session.gaming_day, actor, payload,
                    refers_to=counts[0].entry if counts else None)
    return _slip(session, SlipKind.DROP, value, counted, signed, entry, replaces=counts[0] if counts else None)


@transaction.atomic
def commission_file(*, session: TableSession, actor: User, rounds: list, amount, signatures: dict) -> Slip:
    """A Pai Gow session's commissions: each round's bank and winning bets, the bank's rotation checked (QC RJC
    art. 116), the commission of each winning bet computed on the next multiple of 10 (art. 111) and the total
    declared by the table checked against it."""
    session = _session(session, commission_problems)
    casino, table = session.table.casino, session.table
    verify_actor(actor, casino)
    checked = pai_gow.rounds_checked(casino, session.gaming_day, table.game.key, rounds)
    declared = parse_amount(amount, field="amount", allow_zero=True)
    if declared != checked.commission:
        raise DomainError(errors.COMMISSION_MISMATCH.format(
            declared=shown(casino, declared), computed=shown(casino, checked.commission), citation=checked.citation),
                          code=ErrorCode.INVALID_AMOUNT, field="amount")
    signed = signatures_clean(SlipKind.COMMISSION, signatures)
    details = {"mains": checked.rounds, "commission_citation": checked.citation,
               "rotation_citation": checked.rotation_citation}
    payload = _slip_payload(table, session.number, {"montant": str(declared), **details, "signatures": signed})
    entry = _append(casino, RegisterKind.CARNETS_SPECIAUX, EntryKind.COMMISSION, session.gaming_day, actor, payload)
    return _slip(session, SlipKind.COMMISSION, declared, {}, signed, entry, details=details)


@transaction.atomic
def limits_change(*, session: TableSession, actor: User, minimum, maximum, decided_by: str, displayed: bool,
                  spot: str = "", changed_at: datetime.datetime | None = None) -> TableLimitChange:
    """A change of the table's limits (`spot` blank) or of a betting spot's during the séance, an entry of its own: its
    time, who decided it, the new limits indicated at the table (LU RGD 1979 art. 37-11, 37-17; QC RJC art. 9), cited
    to the game's article; the Bataille's minimum changes only by closing the table (`minimum_change`)."""
    table = _locked(session.table)
    session = TableSession.objects.select_related("table__casino__jurisdiction", "table__game").get(pk=session.pk)
    casino, day = table.casino, session.gaming_day
    verify_actor(actor, casino)
    decided_by = clean_text(decided_by, field="decided_by", max_length=120)
    current = selectors.current_limits(session)
    spot_rules = spot_limits.spot_rules(casino, table.game.key, day)
    if spot:
        low, high = parse_amount(minimum, field="minimum"), parse_amount(maximum, field="maximum")
        rule = spot_rules.get(spot)
        change = LimitChange(False, displayed, rule.citation if rule else controls.written(controls.TABLE_LIMITS),
                             changed=current.spots.get(spot) != (low, high))
        table_maximum, spots = current.maximum, {**current.spots, spot: (low, high)}
    else:
        limits = rules.limits(table, day, minimum, maximum)
        low, high = limits.minimum, limits.maximum
        closes = rules.minimum_change_rule(casino, table.game.key, day)
        change = LimitChange(low != current.minimum, displayed, limits.citation,
                             str(closes.citation) if closes is not None and closes.value else None,
                             changed=(low, high) != (current.minimum, current.maximum))
        table_maximum, spots = high, current.spots
    refuse_first(limit_change_problems(selectors.session_state(session), change), casino.jurisdiction)
    refuse_first(spot_limits_problems(
        table_maximum, spots, spot_rules, options=session.options, day=day, currency=casino.currency,
        jurisdiction=casino.jurisdiction, house=spot_limits.house_offers(casino, day, spot_rules)), casino.jurisdiction)
    previous = current.spots.get(spot, (None, None)) if spot else (current.minimum, current.maximum)
    payload = _slip_payload(table, session.number, {
        "mise": spot, "minimum": str(low), "maximum": str(high),
        "ancien_minimum": str(previous[0]) if previous[0] is not None else None,
        "ancien_maximum": str(previous[1]) if previous[1] is not None else None, "maximum_table": str(table_maximum),
        "heure": changed_at.isoformat() if changed_at else None, "decide_par": decided_by,
        "indique_a_la_table": bool(displayed), "limites_citation": change.citation})
    entry = _append(casino, RegisterKind.AVANCES, EntryKind.TABLE_LIMITS, day, actor, payload)
    return TableLimitChange.objects.create(session=session, spot=spot, minimum=low, maximum=high,
                                           changed_at=changed_at or entry.recorded_at, decided_by=decided_by,
                                           citation=change.citation, entry=entry)
