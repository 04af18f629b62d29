from django import template

from .. import formatting, profiles

register = template.Library()


@register.filter
def applies(jurisdiction, feature: str) -> bool:
    """{% if casino.jurisdiction|applies:"roue_de_fortune.publication" %}: the jurisdiction's profile has the
    feature (compliance.profiles), never a test of its code."""
    return profiles.applies(jurisdiction, feature)


@register.filter
def has_concept(jurisdiction, concept: str) -> bool:
    """{% if casino.jurisdiction|has_concept:"jackpot_progressif.reglement_interieur" %}: its texts have that rule."""
    return profiles.concept_or_none(jurisdiction, concept) is not None


@register.filter
def money(amount, casino):
    """{{ amount|money:casino }} in the casino's currency and its jurisdiction's conventions."""
    if amount is None or amount == "":
        return "—"
    return formatting.money(amount, currency=casino.currency, jurisdiction=casino.jurisdiction)


@register.simple_tag(takes_context=True)
def ldate(context, value, style="long"):
    """A date or datetime in the user's jurisdiction's conventions and time zone; « — » for none (a date a payload
    does not hold reads as an empty text in a template)."""
    if value is None or value == "":
        return "—"
    return formatting.date(value, jurisdiction=context.get("home_jurisdiction"), style=style)


@register.simple_tag(takes_context=True)
def zone_note(context) -> str:
    """« Heures : heure du Luxembourg (UTC+01:00) »: the zone every time of the page is shown in, named once."""
    from django.utils.translation import gettext

    return gettext("Heures : %(zone)s") % {"zone": formatting.zone_name(context.get("home_jurisdiction"))}


@register.filter
def written_dates(text):
    """A free text (a rule file's note) with its ISO dates as people write them: « signé le 1995-12-20 » → « signé le
    20 décembre 1995 »."""
    import datetime
    import re

    def written(match):
        try:
            return formatting.date(datetime.date.fromisoformat(match.group(0)), jurisdiction=None)
        except ValueError:
            return match.group(0)

    return re.sub(r"(?<![\w/-])\d{4}-\d{2}-\d{2}(?![\w/-])", written, str(text)) if text else text


@register.filter
def in_section(path: str, url: str | None) -> bool:
    """True when `path` is `url` or one of its sub-pages (the sidebar marks the whole section)."""
    return bool(url) and (path == url or (url != "/" and path.startswith(url)))


@register.filter
def percent(fraction, places=4):
    """A ratio (Decimal, or its text) as a localized percentage: "0.034932" → "3,4932 %" in French."""
    from decimal import Decimal, InvalidOperation

    from django.utils.formats import number_format

    if fraction is None or fraction == "":
        return "—"
    try:
        value = Decimal(str(fraction)) * 100
    except InvalidOperation:
        return "—"
    return f"{number_format(value, int(places))} %"


@register.filter
def mul(value, factor):
    """Integer product for SVG coordinates (no inline styles under our CSP)."""
    return int(value or 0) * int(factor)


@register.filter
def count_of(counts: dict, key: str | None) -> int:
    """What waits behind a navigation item (`nav_counts`, by its url_name): 0 when nothing does."""
    return counts.get(key, 0) if counts and key else 0
