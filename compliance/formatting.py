"""Amounts and dates as the people of each jurisdiction write them (CLDR data through Babel)."""

import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from babel import Locale
from babel.dates import format_date, format_datetime, format_time
from babel.numbers import format_currency
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy, ngettext

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
    """« 28 novembre 2026 »; a moment in the current zone (the casino's: compliance/middleware.py), which the page
    names once (`zone_name`). The short style reads « 28 nov. 2026 19 h 15 »: CLDR writes Canada's short dates as
    ISO (2026-11-28), a machine's way, not a person's."""
    locale = babel_locale(jurisdiction)
    if isinstance(value, datetime.datetime):
        moment = timezone.localtime(value)
        if style != "short":
            return format_datetime(moment, style, tzinfo=timezone.get_current_timezone(), locale=locale)
        return (Locale.parse(locale).datetime_formats["short"]
                .replace("{1}", format_date(moment.date(), "medium", locale=locale))
                .replace("{0}", format_time(moment, "short", tzinfo=moment.tzinfo, locale=locale)))
    return format_date(value, "medium" if style == "short" else style, locale=locale)


# Each jurisdiction's time, named as people there say it; any other zone by its IANA name
ZONE_NAMES = {"QC": gettext_lazy("heure du Québec"), "MC": gettext_lazy("heure de Monaco"),
              "LU": gettext_lazy("heure du Luxembourg")}


def zone_name(jurisdiction: Jurisdiction | None, at: datetime.datetime | None = None) -> str:
    """The zone the times of a page are in, named, with its offset from UTC at `at` (now): « heure du Luxembourg
    (UTC+01:00) »; without a jurisdiction (the administrator), « temps universel (UTC) »."""
    if jurisdiction is None:
        return str(gettext_lazy("temps universel (UTC)"))
    moment = timezone.localtime(at or timezone.now(), ZoneInfo(jurisdiction.timezone))
    offset = moment.strftime("%z")
    label = ZONE_NAMES.get(jurisdiction.code) or jurisdiction.timezone
    return f"{label} (UTC{offset[:3]}:{offset[3:]})"


def days(count: int) -> str:
    """« 1 jour », « 6 jours »: a count of days in a sentence, never « jour(s) »."""
    return ngettext("%(n)s jour", "%(n)s jours", count) % {"n": count}


def entries(count: int) -> str:
    """« 1 écriture », « 18 écritures »: a count of register entries, as the commands and pages say it."""
    return ngettext("%(n)s écriture", "%(n)s écritures", count) % {"n": count}
