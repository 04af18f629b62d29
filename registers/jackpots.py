"""Hand-paid slot jackpots (LU RGD 1979 art. 18-10) and the cagnotte register, both signed by two people.

A jackpot paid by hand is filed by the cashier and countersigned by the chef de salle (a manager);
the original receipt is kept in the cabinet with two keys, one held by each (art. 18-10 al. 4).
The cagnotte entry of a table and gaming day records what was kept for the house and for the bad-beat
jackpot, and what the table's cagnotte box held when counted: their difference is stored so the
per-hand data (a later issue) reconciles against (table, gaming day).
"""

import datetime

from compliance.errors import DomainError
from compliance.models import Casino, User

from . import errors
from .models import PendingEntry, RegisterKind
from .money import check_currency, parse_amount
from .services import pending_file, register_for

JACKPOT_PAID, CAGNOTTE_COUNTED = "jackpot.paiement_manuel", "cagnotte.comptage"
JACKPOT_RULE = "LU RGD 1979 art. 18-10"
CAGNOTTE_RULE = "LU RGD 1979 art. 97-1"  # the cagnotte books, kept electronically with equivalent guarantees


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
) -> PendingEntry:
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
    return pending_file(
        register=register_for(casino=casino, kind=RegisterKind.JACKPOTS),
        kind=JACKPOT_PAID,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation=JACKPOT_RULE,
    )


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
