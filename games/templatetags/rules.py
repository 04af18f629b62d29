import re
from decimal import Decimal, InvalidOperation

from babel.numbers import format_decimal, format_percent
from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from compliance.formatting import babel_locale, money
from games.selectors import names_of_keys

register = template.Library()

# each unit's words for one and for several: « 1 jour », « 7 jours »
_UNIT_WORDS = {
    "calendar_days": lambda n: ngettext("%(n)s jour calendaire", "%(n)s jours calendaires", n),
    "working_days": lambda n: ngettext("%(n)s jour ouvrable", "%(n)s jours ouvrables", n),
    "days": lambda n: ngettext("%(n)s jour", "%(n)s jours", n),
    "weeks": lambda n: ngettext("%(n)s semaine", "%(n)s semaines", n),
    "hours": lambda n: ngettext("%(n)s heure", "%(n)s heures", n),
}


def _number(value, locale: str) -> str:
    try:
        return format_decimal(Decimal(str(value)), locale=locale)
    except (InvalidOperation, ValueError):
        return str(value)


def _one(value, unit: str, locale: str) -> str:
    if isinstance(value, dict) and set(value) == {"min", "max"}:
        return f"{_number(value['min'], locale)} – {_number(value['max'], locale)}"
    if isinstance(value, dict):
        return ", ".join(f"{key} : {_one(item, unit, locale)}" for key, item in value.items())
    if isinstance(value, bool):
        return _("oui") if value else _("non")
    if unit in {"EUR", "CAD"}:
        return money(Decimal(str(value)), currency=unit, jurisdiction=None)
    if unit == "ratio":
        return format_percent(Decimal(str(value)), locale=locale, decimal_quantization=False)
    if unit == "multiple":
        return f"{_number(value, locale)} ×"
    if unit in _UNIT_WORDS and isinstance(value, int):
        return _UNIT_WORDS[unit](value) % {"n": _number(value, locale)}
    return _number(value, locale) if isinstance(value, int | Decimal) else str(value)


@register.filter
def rule_value(value, unit: str) -> str:
    """A regulated value as a person reads it: 75 %, 2 000,00 €, 9 – 60, 7 jours calendaires."""
    if value is None:
        return _("abrogée")
    locale = babel_locale(None)
    if isinstance(value, list):
        return " · ".join(_one(item, unit, locale) for item in value)
    return _one(value, unit, locale)


# a key of the rules' data (« qc.cinq_cartes », « mc.uth.trips »): a jurisdiction's code, then dotted words
_KEY = re.compile(r"(?<![\w./-])(?:qc|mc|lu)(?:\.\w+)+(?![\w-])")


@register.filter(needs_autoescape=True)
def named_keys(text, autoescape=True):
    """A rule text that cites another rule by its key (« hiérarchie lu.cinq_cartes »), as a reader reads it: the
    ranking's, game's, pay table's or value's name in their language, linked to its page. A key Vigie does not know
    stays as written."""
    text = conditional_escape(text) if autoescape else str(text)
    keys = set(_KEY.findall(text))
    if not keys:
        return mark_safe(text)  # nosec B308 B703  # escaped above
    names = names_of_keys(keys, english=(get_language() or "fr").startswith("en"))

    def named(match):
        found = names.get(match.group(0))
        return format_html('<a href="{}">{}</a>', found.url, found.name) if found else match.group(0)

    return mark_safe(_KEY.sub(named, text))  # nosec B308 B703  # the text escaped, each name by format_html


_LANG_FR = mark_safe(' lang="fr"')  # nosec B308  # a constant of ours


@register.filter
def lang_fr(obj, field: str) -> str:
    """` lang="fr"` for an element showing a rule's French field on an English page (the texts and most of what Vigie
    writes of them are French only), so that a reader's voice reads it in French (WCAG 3.1.2)."""
    english = (get_language() or "fr").startswith("en")
    return _LANG_FR if english and not getattr(obj, f"{field}_en", "") else ""


@register.filter
def local(obj, field: str) -> str:
    """A rule's field in the reader's language: `name_en` on an English page when the rules give it."""
    english = (get_language() or "fr").startswith("en")
    return (english and getattr(obj, f"{field}_en", "")) or getattr(obj, field)
