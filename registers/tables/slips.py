"""What a slip holds, checked the same way whether it is typed into a form or read from a table system's file:
amounts by denomination, the people who signed it, its serial number (no gap, no duplicate per casino and year)."""

import re
from decimal import Decimal, InvalidOperation

from compliance.errors import DomainError
from compliance.models import Casino
from registers.errors import ErrorCode

from ..controls import refuse_first
from ..fields import clean_text
from ..kinds import RegisterKind
from ..models import SlipKind
from ..money import CENT, parse_amount, shown
from . import errors
from .controls import serial_problems

# The casino's internal control: who signs each kind of slip (the texts name no signatory).
SIGNATORIES = {
    SlipKind.OPENING: ("croupier", "superviseur"),
    SlipKind.FILL: ("demandeur", "caissier", "porteur", "croupier", "superviseur"),
    SlipKind.CREDIT: ("demandeur", "caissier", "porteur", "croupier", "superviseur"),
    SlipKind.CLOSING: ("croupier", "superviseur"),
    SlipKind.DROP: ("compteur_1", "compteur_2"),
    SlipKind.COMMISSION: ("croupier", "superviseur"),
}
COUNT_MAX = 1_000_000
# what a void sets aside, and the book its void is written in: the slip's own
VOIDABLE = {SlipKind.FILL: RegisterKind.AVANCES, SlipKind.CREDIT: RegisterKind.AVANCES,
            SlipKind.DROP: RegisterKind.CARNETS_SPECIAUX}
AMOUNT_MAX = Decimal("999999999999.99")  # the most a slip's amount holds (12 digits and the cents)
DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: str.isdigit() takes « ² », which int() refuses


def denominations_clean(raw: dict, *, casino: Casino, field: str = "denominations") -> dict[str, int]:
    """{"25": 40, "100.00": "3"} → {"25.00": 40, "100.00": 3}, the zero counts dropped; keys sorted by value. The
    casino writes the refusals' amounts as its people do (« 48 805,00 € »)."""
    currency = casino.currency
    if not isinstance(raw, dict):
        raise DomainError(errors.DENOMINATION_INVALID.format(value=raw, currency=currency), code=ErrorCode.INVALID,
                          field=field)
    cleaned = {}
    for key, count in raw.items():
        try:
            value = Decimal(str(key).replace(",", "."))
            exact = value.is_finite() and 0 < value <= AMOUNT_MAX and value == value.quantize(CENT)
        except (InvalidOperation, ValueError):  # not a number, or one too long to hold in cents
            exact = False
        if not exact:
            raise DomainError(errors.DENOMINATION_INVALID.format(value=key, currency=currency),
                              code=ErrorCode.INVALID, field=field)
        text = str(count).strip()
        if isinstance(count, bool) or not DIGITS.fullmatch(text) or int(text) > COUNT_MAX:
            raise DomainError(errors.COUNT_INVALID.format(value=count, denomination=key), code=ErrorCode.INVALID,
                              field=field)
        if int(text):
            cleaned[str(value.quantize(CENT))] = cleaned.get(str(value.quantize(CENT)), 0) + int(text)
    if total(cleaned) > AMOUNT_MAX:  # what a slip's amount can hold
        raise DomainError(errors.DENOMINATIONS_TOO_MUCH.format(total=shown(casino, total(cleaned)),
                                                              max=shown(casino, AMOUNT_MAX)),
                          code=ErrorCode.INVALID_AMOUNT, field=field)
    return dict(sorted(cleaned.items(), key=lambda item: Decimal(item[0])))


def total(denominations: dict[str, int]) -> Decimal:
    return sum((Decimal(value) * count for value, count in denominations.items()), Decimal("0.00")).quantize(CENT)


def amount_checked(amount, denominations: dict[str, int], *, casino: Casino, allow_zero: bool) -> Decimal:
    """The amount as written on the slip, which must be the sum of its denominations."""
    parsed = parse_amount(amount, field="amount", allow_zero=True)
    if parsed == 0 and not allow_zero:
        raise DomainError(errors.SLIP_EMPTY, code=ErrorCode.AMOUNT_NOT_POSITIVE, field="amount")
    if parsed != total(denominations):
        raise DomainError(errors.AMOUNT_MISMATCH.format(amount=shown(casino, parsed),
                                                       total=shown(casino, total(denominations))),
                          code=ErrorCode.INVALID_AMOUNT, field="amount")
    return parsed


def signatures_clean(kind: str, raw: dict) -> dict[str, str]:
    """Every signatory the kind needs, by name; the two drop counters are two people."""
    raw = raw if isinstance(raw, dict) else {}
    signed = {}
    for role in SIGNATORIES[kind]:
        name = clean_text(raw.get(role), field=f"signatures.{role}", optional=True)
        if not name:
            raise DomainError(errors.SIGNATURE_MISSING.format(role=role), code=ErrorCode.INVALID,
                              field=f"signatures.{role}")
        signed[role] = name
    if kind == SlipKind.DROP and signed["compteur_1"].casefold() == signed["compteur_2"].casefold():
        raise DomainError(errors.SIGNATURES_SAME.format(names=signed["compteur_1"]), code=ErrorCode.INVALID,
                          field="signatures.compteur_2")
    return signed


def serial_parsed(raw) -> int:
    text = str(raw).strip()
    if not DIGITS.fullmatch(text) or int(text) < 1 or int(text) > 2_000_000_000:
        raise DomainError(errors.SERIAL_INVALID.format(value=raw), code=ErrorCode.INVALID, field="serial")
    return int(text)


def serial_checked(casino: Casino, year: int, serial: int, last: int | None) -> int:
    """`serial` must follow `last`, the casino's last serial of `year` (controls.serial_problems)."""
    refuse_first(serial_problems(year, serial, last), casino.jurisdiction)
    return serial
