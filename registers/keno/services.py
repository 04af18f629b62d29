"""Keno's writes (QC RJC art. 86), one transaction each, each an entry of the casino's `keno` register (hash-chained,
append-only): the casino's closing hour recorded by its manager with its reference, a ticket sold for one draw or
several, a draw's result with its winning tickets and their amounts, a winning ticket paid to its holder before its
deadline. The conditions are controls.py's, asked again by the audit (checks.py); a payment past its deadline is
refused citing art. 86, and the ticket stays listed as unpaid at its deadline."""

import datetime

from django.db import transaction
from django.utils import timezone

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.problems import refuse_first

from ..chain.services import entry_append, register_for, verify_actor, verify_gaming_day
from ..controls import written
from ..errors import ErrorCode
from ..fields import clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import Entry, Register
from ..money import check_currency, parse_amount
from . import controls, errors, selectors
from .book import hour as hour_of

ROLES = (User.Role.ACCOUNTANT, User.Role.MANAGER)
NUMBER_MAX = 40
REFERENCE_MAX = 200


def _locked(casino: Casino) -> Register:
    """The casino's keno register, locked: its state read and its entry written by one writer at a time."""
    register = register_for(casino=casino, kind=RegisterKind.KENO)
    return Register.objects.select_for_update().get(pk=register.pk)


def _verify(actor: User, casino: Casino, roles=ROLES) -> None:
    verify_actor(actor, casino)
    if not selectors.keno_applies(casino):
        raise DomainError(errors.NOT_APPLICABLE, code=ErrorCode.INVALID, field="casino")
    if actor.role not in roles:
        message = errors.MANAGER_ONLY if roles == (User.Role.MANAGER,) else errors.ROLE_ONLY
        raise DomainError(message.format(user=actor.username), code=ErrorCode.WRONG_ROLE, field="actor")


def moment_of(casino: Casino, value, field: str) -> datetime.datetime:
    """A moment in the casino's zone: now when None, a naive one read as the casino's time, a text in ISO 8601."""
    zone = selectors.zone_of(casino)
    if value is None or value == "":
        return timezone.now().astimezone(zone).replace(microsecond=0)
    try:
        moment = datetime.datetime.fromisoformat(value) if isinstance(value, str) else value
        if not isinstance(moment, datetime.datetime):
            raise TypeError(value)
    except (TypeError, ValueError):
        raise DomainError(errors.MOMENT_INVALID.format(value=value), code=ErrorCode.INVALID, field=field) from None
    moment = moment.replace(tzinfo=zone) if moment.tzinfo is None else moment
    return moment.astimezone(zone).replace(microsecond=0)


def _now(casino: Casino) -> datetime.datetime:
    return timezone.now().astimezone(selectors.zone_of(casino))


@transaction.atomic
def keno_closing_record(*, casino: Casino, actor: User, effective_from: datetime.date, hour, next_day: bool,
                        reference: str) -> Entry:
    """The casino's closing hour, recorded by its manager with the reference where the casino sets it (it is not in
    our texts): in force from `effective_from`, at `hour` (« HH:MM »), on the calendar day after its journée when
    `next_day` (open past midnight). Nothing is edited: a new hour is a new entry."""
    _verify(actor, casino, (User.Role.MANAGER,))
    verify_gaming_day(casino, effective_from, closed_ok=True)
    try:
        closing_hour = hour_of(hour.strftime("%H:%M") if isinstance(hour, datetime.time) else hour)
    except (TypeError, ValueError):
        raise DomainError(errors.HOUR_INVALID.format(value=hour), code=ErrorCode.INVALID, field="hour") from None
    reference = clean_text(reference, field="reference", max_length=REFERENCE_MAX, optional=True)
    proposed = controls.Closing(0, effective_from, closing_hour, bool(next_day), reference)
    refuse_first(controls.closing_problems(proposed), casino.jurisdiction)
    register = _locked(casino)
    return entry_append(register=register, kind=EntryKind.KENO_CLOSING, gaming_day=casino.today(), actor=actor,
                        payload={"en_vigueur_le": effective_from.isoformat(), "heure": closing_hour.strftime("%H:%M"),
                                 "lendemain": bool(next_day), "reference": reference,
                                 "citation": written(controls.CLOSING)})


@transaction.atomic
def keno_ticket_issue(*, casino: Casino, actor: User, number: str, draws: list[int], stake, currency: str,
                      issued_at=None) -> Entry:
    """A ticket sold, valid for one draw or several (their n°), with its stake, before its draws."""
    _verify(actor, casino)
    number = clean_text(number, field="number", max_length=NUMBER_MAX)
    issued = moment_of(casino, issued_at, "issued_at")
    verify_gaming_day(casino, issued.date())
    value = parse_amount(stake, field="stake")
    check_currency(casino, currency)
    register = _locked(casino)
    keno = selectors.keno_of(register)
    wanted = tuple(draws or ())
    refuse_first(controls.ticket_problems(keno, number, wanted, issued, _now(casino)), casino.jurisdiction)
    citation = selectors.delays_on(casino, issued.date()).citation
    return entry_append(register=register, kind=EntryKind.KENO_TICKET, gaming_day=issued.date(), actor=actor,
                        payload={"billet": number, "tirages": list(wanted), "mise": str(value), "devise": currency,
                                 "vendu_le": issued.isoformat(), "citation": citation})


@transaction.atomic
def keno_draw_record(*, casino: Casino, actor: User, number: int, winners: dict, currency: str,
                     drawn_at=None) -> Entry:
    """A draw's result: its n°, its moment, and each winning ticket valid for it with the amount it won (from the
    casino's Keno system: the pay table is not in our texts)."""
    _verify(actor, casino)
    drawn = moment_of(casino, drawn_at, "drawn_at")
    verify_gaming_day(casino, drawn.date())
    check_currency(casino, currency)
    amounts = {clean_text(ticket, field="winners", max_length=NUMBER_MAX): parse_amount(amount, field="winners")
               for ticket, amount in (winners or {}).items()}
    register = _locked(casino)
    keno = selectors.keno_of(register)
    refuse_first(controls.draw_problems(keno, int(number), drawn, amounts, _now(casino)), casino.jurisdiction)
    citation = selectors.delays_on(casino, drawn.date()).citation
    return entry_append(register=register, kind=EntryKind.KENO_DRAW, gaming_day=drawn.date(), actor=actor,
                        payload={"tirage": int(number), "tire_le": drawn.isoformat(), "devise": currency,
                                 "gagnants": {ticket: str(amount) for ticket, amount in sorted(amounts.items())},
                                 "citation": citation})


@transaction.atomic
def keno_ticket_pay(*, casino: Casino, actor: User, number: str, paid_at=None) -> Entry:
    """A winning ticket paid to its holder, the total its draws won, before its deadline (art. 86); refused past it."""
    _verify(actor, casino)
    paid = moment_of(casino, paid_at, "paid_at")
    verify_gaming_day(casino, paid.date())
    register = _locked(casino)
    keno = selectors.keno_of(register)
    delays = selectors.delays_on(casino, paid.date())
    zone = selectors.zone_of(casino)
    number = str(number or "").strip()
    refuse_first(controls.payment_problems(keno, number, paid, delays, zone, _now(casino)), casino.jurisdiction)
    ticket = keno.tickets[number]
    deadline = controls.deadline_of(ticket, keno, delays, zone)
    return entry_append(register=register, kind=EntryKind.KENO_PAID, gaming_day=paid.date(), actor=actor,
                        payload={"billet": number, "montant": str(ticket.total), "devise": casino.currency,
                                 "paye_le": paid.isoformat(), "echeance": deadline.moment.isoformat(),
                                 "citation": delays.citation}, refers_to=Entry.objects.get(register=register,
                                                                                             seq=ticket.seq))
