"""Amounts as every register takes them: exact decimals with two places, in the casino's currency."""

from decimal import Decimal, InvalidOperation

from compliance.errors import DomainError
from compliance.formatting import money
from compliance.models import Casino
from registers.errors import ErrorCode

from . import errors

CENT = Decimal("0.01")


def parse_amount(raw, *, field: str = "amount", allow_zero: bool = False) -> Decimal:
    """'1 234,50' or Decimal → Decimal('1234.50'); refuses floats' noise, negatives, and zero unless allowed."""
    try:
        amount = Decimal(str(raw).replace(",", ".").replace("\u202f", "").replace("\u00a0", "").replace(" ", ""))
    except (InvalidOperation, ValueError):
        raise DomainError(errors.AMOUNT_INVALID.format(value=raw), code=ErrorCode.INVALID_AMOUNT, field=field) from None
    if not amount.is_finite() or amount < 0 or (amount == 0 and not allow_zero):
        raise DomainError(errors.AMOUNT_NOT_POSITIVE, code=ErrorCode.AMOUNT_NOT_POSITIVE, field=field)
    if amount != amount.quantize(CENT):
        raise DomainError(errors.AMOUNT_INVALID.format(value=raw), code=ErrorCode.INVALID_AMOUNT, field=field)
    return amount.quantize(CENT)


def check_currency(casino: Casino, currency: str) -> str:
    if currency != casino.currency:
        raise DomainError(errors.WRONG_CURRENCY.format(expected=casino.currency, given=currency or "—"),
                          code=ErrorCode.WRONG_CURRENCY, field="currency")
    return currency


def shown(casino: Casino, value) -> str:
    """An amount of a refusal as the casino's people write it (« 48 805,00 € »), never « 48805.00 »."""
    if value is None or value == "":
        return "—"
    return money(Decimal(str(value)), currency=casino.currency, jurisdiction=casino.jurisdiction)
