from django import template

from .. import formatting

register = template.Library()


@register.filter
def money(amount, casino):
    """{{ amount|money:casino }} in the casino's currency and its jurisdiction's conventions."""
    if amount is None or amount == "":
        return "—"
    return formatting.money(amount, currency=casino.currency, jurisdiction=casino.jurisdiction)


@register.simple_tag(takes_context=True)
def ldate(context, value, style="long"):
    """A date or datetime in the user's jurisdiction's conventions and time zone."""
    if value is None:
        return "—"
    return formatting.date(value, jurisdiction=context.get("home_jurisdiction"), style=style)


@register.filter
def in_section(path: str, url: str | None) -> bool:
    """True when `path` is `url` or one of its sub-pages (the sidebar marks the whole section)."""
    return bool(url) and (path == url or (url != "/" and path.startswith(url)))
