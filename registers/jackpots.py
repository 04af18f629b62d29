"""Hand-paid slot jackpots (LU RGD 1979 art. 18-10) and the cagnotte register, both signed by two people.

A jackpot paid by hand is filed by the cashier and countersigned by the chef de salle (a manager);
the original receipt is kept in the cabinet with two keys, one held by each (art. 18-10 al. 4).
The cagnotte entry of a table and gaming day records what was kept for the house and for the bad-beat
jackpot, and what the table's cagnotte box held when counted: their difference is stored so the
per-hand data (a later issue) reconciles against (table, gaming day).
A jackpot that pays the part of a slot win past a card's cap (art. 3-4 7)) names that excess's entry of the
`cartes` register, so the caisse spéciale shows which excesses are still to pay (`card_excess`).
"""

import datetime
import json
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from compliance import formatting
from compliance.errors import DomainError
from compliance.models import Casino, User

from . import card_excess as excesses
from . import errors
from .caisse import CITATION_EXCESS
from .card_ledger import WIN_EXCESS
from .models import Entry, PendingEntry, Register, RegisterKind
from .money import check_currency, parse_amount
from .services import pending_file, register_for, verify_actor

JACKPOT_PAID, CAGNOTTE_COUNTED = "jackpot.paiement_manuel", "cagnotte.comptage"
JACKPOT_RULE = "LU RGD 1979 art. 18-10"
CAGNOTTE_RULE = "LU RGD 1979 art. 97-1"  # the cagnotte books, kept electronically with equivalent guarantees
EXCESS_RULE = CITATION_EXCESS  # "LU RGD 1979 art. 3-4 7), 18-10"

EXCESS_UNKNOWN = _("Aucun gain au-delà du plafond n° {seq} au registre des cartes de ce casino ({citation}).")
EXCESS_AMOUNT = _("Le gain au-delà du plafond n° {seq} est de {expected} : c'est ce montant qui est payé "
                  "manuellement ({citation}).")
EXCESS_MACHINE = _("Le gain au-delà du plafond n° {seq} vient de l'appareil « {expected} » ({citation}).")
EXCESS_PAID = _("Le gain au-delà du plafond n° {seq} est déjà payé : écriture n° {entry} du registre des jackpots "
                "payés manuellement ({citation}).")
EXCESS_PENDING = _("Le paiement du gain au-delà du plafond n° {seq} est déjà déclaré (dépôt n° {pending}) et attend "
                   "sa contresignature ({citation}).")


def _required(**fields) -> None:
    for field, value in fields.items():
        if not str(value or "").strip():
            raise DomainError(errors.FIELD_REQUIRED, code="required", field=field)


def jackpot_manual_payout_file(
    *,
    casino: Casino,
    actor: User,
    gaming_day: datetime.date,
    machine: str,
    amount,
    currency: str,
    receipt_number: str,
    receipt_in_cabinet: bool,
    card_excess: int | None = None,
) -> PendingEntry:
    """The cashier files a jackpot paid by hand; the chef de salle countersigns it. `card_excess`, the n° of a
    `carte.gain_excedent` entry of the casino's `cartes` register, says the payment is that win past a card's cap
    (art. 3-4 7)): the amount and the machine must be the excess's, and an excess is paid once."""
    _required(machine=machine, receipt_number=receipt_number)
    value = parse_amount(amount)
    check_currency(casino, currency)
    if not receipt_in_cabinet:
        raise DomainError(
            errors.RECEIPT_NOT_IN_CABINET.format(citation=JACKPOT_RULE),
            code="receipt_not_in_cabinet",
            field="receipt_in_cabinet",
        )
    payload = {
        "machine": machine.strip(),
        "amount": value,
        "currency": currency,
        "receipt": receipt_number.strip(),
        "receipt_in_cabinet": True,
        "citation": JACKPOT_RULE,
    }
    register = register_for(casino=casino, kind=RegisterKind.JACKPOTS)
    if card_excess is None:
        return _file_payout(register, gaming_day, actor, payload)
    verify_actor(actor, casino)
    with transaction.atomic():
        # the lock every filing of an excess takes (and the countersignature, through entry_append): two cashiers
        # paying the same excess at once are serialised, and the second sees the first one's filing
        Register.objects.select_for_update().get(pk=register.pk)
        _check_excess(casino, card_excess, machine=payload["machine"], amount=value)
        return _file_payout(register, gaming_day, actor, {**payload, excesses.KEY: card_excess})


def _file_payout(register: Register, gaming_day: datetime.date, actor: User, payload: dict) -> PendingEntry:
    return pending_file(
        register=register,
        kind=JACKPOT_PAID,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation=JACKPOT_RULE,
    )


def _check_excess(casino: Casino, seq, *, machine: str, amount: Decimal) -> None:
    """The excess exists in the casino's `cartes` register, is paid at its amount for its machine, and only once."""
    found = None
    if isinstance(seq, int) and not isinstance(seq, bool) and seq > 0:
        found = Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.CARTES, kind=WIN_EXCESS,
                                     seq=seq).first()
    if found is None:
        raise DomainError(EXCESS_UNKNOWN.format(seq=seq, citation=EXCESS_RULE), code="unknown_excess",
                          field="card_excess")
    excess = json.loads(found.payload)
    expected = Decimal(excess["amount"])
    if amount != expected:
        shown = formatting.money(expected, currency=casino.currency, jurisdiction=casino.jurisdiction)
        raise DomainError(EXCESS_AMOUNT.format(seq=seq, expected=shown, citation=EXCESS_RULE),
                          code="excess_mismatch", field="amount")
    if machine != str(excess.get("machine", "")).strip():
        raise DomainError(EXCESS_MACHINE.format(seq=seq, expected=excess.get("machine", ""), citation=EXCESS_RULE),
                          code="excess_mismatch", field="machine")
    paid = excesses.paying_entry(casino, seq)
    if paid is not None:
        raise DomainError(EXCESS_PAID.format(seq=seq, entry=paid.seq, citation=EXCESS_RULE),
                          code="excess_already_paid", field="card_excess")
    pending = excesses.paying_pending(casino, seq)
    if pending is not None:
        raise DomainError(EXCESS_PENDING.format(seq=seq, pending=pending.pk, citation=EXCESS_RULE),
                          code="excess_already_paid", field="card_excess")


def cagnotte_file(
    *, casino: Casino, actor: User, gaming_day: datetime.date, table: str, house, bad_beat, box_count, currency: str
) -> PendingEntry:
    _required(table=table)
    check_currency(casino, currency)
    house_amount = parse_amount(house, field="house", allow_zero=True)
    bad_beat_amount = parse_amount(bad_beat, field="bad_beat", allow_zero=True)
    counted = parse_amount(box_count, field="box_count", allow_zero=True)
    if not (house_amount or bad_beat_amount or counted):
        raise DomainError(errors.CAGNOTTE_EMPTY, code="empty", field="house")
    payload = {
        "table": table.strip(),
        "house": house_amount,
        "bad_beat": bad_beat_amount,
        "box_count": counted,
        "difference": counted - house_amount - bad_beat_amount,
        "currency": currency,
        "reconcile_key": f"{table.strip()}|{gaming_day.isoformat()}",
        "citation": CAGNOTTE_RULE,
    }
    return pending_file(
        register=register_for(casino=casino, kind=RegisterKind.CAGNOTTE),
        kind=CAGNOTTE_COUNTED,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation=CAGNOTTE_RULE,
    )
