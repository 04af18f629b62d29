"""The levy book's writes (LU RGD 1979 art. 88, 89-1, 97-1 as the amending draft words them), one transaction each,
each an entry of the casino's `prelevements` register (hash-chained, append-only): the manager's levy parameters, a
month's gaming days levied (computed again, nothing is written when nothing changed), a bank transfer to the receveur
des Contributions. The conditions are controls.py's, asked again by the audit (checks.py)."""

import datetime
from decimal import Decimal

from django.db import transaction

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.problems import refuse_first

from .. import controls as house
from ..chain.services import entry_append, register_for, verify_actor, verify_gaming_day
from ..errors import ErrorCode
from ..fields import clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import Entry, Register
from ..money import parse_amount
from . import controls, errors, selectors
from .book import amount_text
from .controls import DAILY, Book, Levied, Parameters, Transfer

ROLES_TRANSFER = (User.Role.ACCOUNTANT, User.Role.MANAGER)


def _locked(casino: Casino) -> Register:
    """The casino's levy book, locked: two computations or transfers are never written at once."""
    register = register_for(casino=casino, kind=RegisterKind.PRELEVEMENTS)
    return Register.objects.select_for_update().get(pk=register.pk)


def _money(casino: Casino):
    return house.Rules(lambda key: None, casino).amount


def _citation(casino: Casino, day: datetime.date) -> str:
    return house.concept_cited(casino, selectors.DELAY, day, house.BOOKS)


@transaction.atomic
def levy_parameters_record(*, casino: Casino, actor: User, effective_from: datetime.date, rates: dict, act: str,
                           base: str = DAILY) -> Entry:
    """The casino's levy parameters, recorded by its manager with the reference of the act that sets them (the rates
    are not in our texts): in force from `effective_from` until the next recorded. Nothing is edited."""
    verify_actor(actor, casino)
    if actor.role != User.Role.MANAGER:
        raise DomainError(errors.MANAGER_ONLY.format(user=actor.username), code=ErrorCode.WRONG_ROLE, field="actor")
    verify_gaming_day(casino, effective_from, closed_ok=True)
    act = clean_text(act, field="act", max_length=200, optional=True)
    raw = {str(source): str(rate).strip() for source, rate in (rates or {}).items() if str(rate).strip() != ""}
    proposed = Parameters(0, effective_from, {}, base, act)
    refuse_first(controls.parameters_problems(proposed, tuple(controls.SOURCES), raw), casino.jurisdiction)
    register = _locked(casino)
    return entry_append(register=register, kind=EntryKind.LEVY_PARAMETERS, gaming_day=casino.today(), actor=actor,
                        payload={"en_vigueur_le": effective_from.isoformat(), "base": base, "acte": act,
                                 "taux": {source: str(controls.rate_of(rate)) for source, rate in sorted(raw.items())},
                                 "citation": house.written(controls.PARAMETERS)})


def _levied(casino: Casino, day: datetime.date, revenue: dict[str, Decimal], parameters: Parameters) -> dict:
    delay = selectors.rule(casino, selectors.DELAY, day)
    levy = controls.levy_of(revenue, parameters)
    total = sum(levy.values(), controls.ZERO)
    return {"produit": {source: amount_text(amount) for source, amount in sorted(revenue.items())},
            "prelevement": {source: amount_text(amount) for source, amount in levy.items()},
            "total_produit": amount_text(sum(revenue.values(), controls.ZERO)), "total_prelevement": amount_text(total),
            "mis_en_reserve": amount_text(total), "devise": casino.currency, "parametres": parameters.seq,
            "taux": {source: str(rate) for source, rate in sorted(parameters.rates.items())},
            "acte": controls.act_cited(parameters.act), "arrondi": house.written(controls.ROUNDING),
            "echeance": selectors.due_of(casino, day, delay).isoformat(), "delai": int(delay.value),
            "depart": house.written(controls.DAY_START), "citation": str(delay.citation),
            "registre": house.concept_cited(casino, selectors.BOOK, day, house.BOOKS)}


def _same(levied: Levied, payload: dict) -> bool:
    return (levied.parameters == payload["parametres"] and levied.due.isoformat() == payload["echeance"]
            and {key: amount_text(value) for key, value in levied.revenue.items()} == payload["produit"])


@transaction.atomic
def levies_compute(*, casino: Casino, month: str, actor: User) -> list[Entry]:
    """Each closed gaming day of `month` (« AAAA-MM ») levied: its gross revenue per source from every family, the
    levy under the parameters in force that day, the funds set aside (art. 88: « les fonds doivent toujours être mis
    en réserve »), the due date of its transfer. A day already levied with the same figures writes nothing; a day
    whose figures changed since (a late correction) is levied again, its new entry referring to the former."""
    verify_actor(actor, casino)
    try:
        first, last = selectors.month_bounds(month)
    except (ValueError, TypeError, AttributeError):
        raise DomainError(errors.MONTH_INVALID.format(value=month), code=ErrorCode.INVALID, field="month") from None
    register = _locked(casino)
    book = selectors.book_of(register)
    revenue = selectors.revenue(casino, first, last)
    written = []
    for day in selectors.closed_days(casino, first, last):
        parameters = controls.in_force(book.parameters, day)
        refuse_first(controls.compute_problems(day, parameters), casino.jurisdiction)
        payload = _levied(casino, day, revenue.get(day, {}), parameters)
        earlier = book.days.get(day)
        if earlier is not None and _same(earlier, payload):
            continue
        refers_to = Entry.objects.get(register=register, seq=earlier.seq) if earlier else None
        written.append(entry_append(register=register, kind=EntryKind.LEVY_DAY, gaming_day=day, actor=actor,
                                    payload=payload, refers_to=refers_to))
    return written


@transaction.atomic
def levy_transfer_record(*, casino: Casino, actor: User, days: list[datetime.date], amount, made_on: datetime.date,
                         reference: str) -> Entry:
    """A bank transfer to the receveur des Contributions paying the levies of `days`, exactly (art. 88: « payés
    exactement au receveur des Contributions par un virement bancaire »), recorded by the casino's accounts on the
    day it was made, each day against its due date (« dans un délai maximum de trois jours ouvrables »): a late
    transfer is recorded as late, and the reconciliation finds it."""
    verify_actor(actor, casino)
    if actor.role not in ROLES_TRANSFER:
        raise DomainError(errors.ACCOUNTS_ONLY.format(user=actor.username), code=ErrorCode.WRONG_ROLE, field="actor")
    verify_gaming_day(casino, made_on, closed_ok=True)
    value = parse_amount(amount, field="amount")
    reference = clean_text(reference, field="reference", max_length=100, optional=True)
    register = _locked(casino)
    book: Book = selectors.book_of(register)
    proposed = Transfer(tuple(sorted(set(days or ()))), value, made_on, reference)
    citation = _citation(casino, made_on)
    refuse_first(controls.transfer_problems(book, proposed, today=casino.today(), citation=citation,
                                            money=_money(casino)), casino.jurisdiction)
    dues = {day.isoformat(): book.days[day].due.isoformat() for day in proposed.days}
    return entry_append(register=register, kind=EntryKind.LEVY_TRANSFER, gaming_day=made_on, actor=actor, payload={
        "journees": sorted(dues), "montant": amount_text(value), "devise": casino.currency,
        "fait_le": made_on.isoformat(), "reference": reference, "echeances": dues,
        "en_retard": sorted(day for day, due in dues.items() if made_on.isoformat() > due), "citation": citation})
