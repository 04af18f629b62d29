"""Amounts and dates as the people of each jurisdiction write them (CLDR data through Babel)."""

import datetime
from decimal import Decimal

from babel.dates import format_date, format_datetime
from babel.numbers import format_currency
from django.utils import timezone
from django.utils.translation import get_language

from .models import Jurisdiction


def babel_locale(jurisdiction: Jurisdiction | None) -> str:
    english = (get_language() or "fr").startswith("en")
    if jurisdiction is None:
        return "en_CA" if english else "fr_FR"
    return (jurisdiction.locale_en if english else jurisdiction.locale).replace("-", "_")


def money(amount: Decimal, *, currency: str, jurisdiction: Jurisdiction | None) -> str:
    if isinstance(amount, float):
        raise TypeError("Amounts are Decimals, never floats.")
    return format_currency(amount, currency, locale=babel_locale(jurisdiction))


def date(value: datetime.date | datetime.datetime, *, jurisdiction: Jurisdiction | None, style: str = "long") -> str:
    locale = babel_locale(jurisdiction)
    if isinstance(value, datetime.datetime):
        return format_datetime(timezone.localtime(value), style, tzinfo=timezone.get_current_timezone(),
                               locale=locale)
    return format_date(value, style, locale=locale)
