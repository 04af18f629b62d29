"""The building blocks of a notice's text (registers/notices/catalogue.py holds the notices themselves): the casino's
texts a notice needs, the notice's kind, what its sections are composed of, and the sections, each with the citation it
rests on or shown as the casino's own words (never cited as an article). Kept in French, as the registers write."""

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from compliance import formatting
from compliance.models import Casino
from compliance.profiles import concept_or_none
from games.models import RuleValue
from games.selectors import RuleValueAt, rule_values_of

CONCEPT = "affichage"  # the profiles' concepts « affichage.<notice> »
OWN = _("Texte du casino, écrit par sa direction")


@dataclass(frozen=True)
class Text:
    """A text the casino's management writes on the notice: its name in the form, its label, whether it is required
    (the item of a list of the rule data is), and one line or several."""

    name: str
    label: object
    required: bool = True
    long: bool = True


@dataclass(frozen=True)
class Kind:
    """A notice a casino may owe: its key (stored with each posting: never renamed), its title, the profile concept
    whose rule requires it, the feature of the profile it is about (None: the notice is about the casino as a
    whole), the place the text names for it, the casino's texts (`texts(rule)`) and its sections (`sections`)."""

    key: str
    title: object
    feature: str | None
    place: object
    texts: Callable[[RuleValueAt], tuple[Text, ...]]
    sections: Callable[["Composing"], list[dict]]
    # whether what the notice is about is in service at the casino that day (a bad beat the casino « peut » run);
    # None: the notice is owed wherever its rule is in force
    in_service: Callable[[Casino, datetime.date], bool] | None = None

    @property
    def concept(self) -> str:
        return f"{CONCEPT}.{self.key}"


@dataclass(frozen=True)
class Composing:
    """What a notice's sections are made of: the casino, the day, the rule that requires it and the casino's texts."""

    casino: Casino
    day: datetime.date
    rule: RuleValueAt
    texts: dict


def french(text) -> str:
    with translation.override("fr"):
        return str(text)


def section(title, lines, citation: str, own: bool = False) -> dict:
    return {"title": french(title), "lines": [french(line) for line in lines if line], "citation": citation,
            "own": own}


def own(title, text: str) -> dict:
    """The casino's own words, as such: never cited as an article."""
    return section(title, [line.strip() for line in text.splitlines() if line.strip()], french(OWN), own=True)


def _said(rule: RuleValueAt, casino: Casino) -> str:
    if rule.unit in ("boolean", "text", "list"):  # the description says it all
        return ""
    if rule.unit == casino.currency:
        return formatting.money(rule.value, currency=casino.currency, jurisdiction=casino.jurisdiction)
    if rule.unit == "ratio":
        return f"{(rule.value * 100).normalize():f}\u00a0%"
    return str(rule.value)


def rule_lines(casino: Casino, day: datetime.date, concepts: tuple[str, ...]) -> list[str]:
    """Each rule value the concepts name, as « its description : its value (its article) », in two queries; a
    concept the casino's texts do not have, or a value not in force that day, is left out."""
    keys = {name: concept_or_none(casino.jurisdiction, name) for name in concepts}
    read = rule_values_of(keys={key for key in keys.values() if key}, on=day, drafts=True)
    described = dict(RuleValue.objects.filter(key__in=list(read)).values_list("key", "description"))
    lines = []
    for name in concepts:
        rule = read.get(keys[name] or "")
        if rule is None:
            continue
        value = _said(rule, casino)
        lines.append(f"{described.get(rule.key, rule.key)}{' : ' + value if value else ''} ({rule.citation})")
    return lines
