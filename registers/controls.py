"""What the casino's internal control requires beyond the texts (a second signature, a correction's second person,
a late filing's reason): cited as the casino's own control wherever it is written, never as an article of law."""

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import Casino
from compliance.problems import Money, Problem, refuse_first  # noqa: F401  (the families' controls take them here)
from compliance.profiles import concept_or_none
from games.selectors import RuleValueAt, rule_value_at

HOUSE_RULE = "Vigie"  # what the product itself requires (a printable text, a filing by the casino's own staff …)
SECOND_SIGNATURE = _("Contrôle interne du casino : seconde signature")
CORRECTION = _("Contrôle interne du casino : correction par une écriture nouvelle, contresignée")
LATE_FILING = _("Contrôle interne du casino : saisie tardive")
PAYOUT = _("Contrôle interne du casino : paiement manuel signé par deux personnes")
RECEIPT_CABINET = _("Contrôle interne du casino : original de la quittance conservé dans une armoire à deux clés")
BOOKS = _("Contrôle interne du casino : registre tenu par Vigie")
TABLE_INVENTORY = _("Contrôle interne du casino : inventaire de la table compté à l'ouverture et à la fermeture")
TABLE_CLOSED = _("Contrôle interne du casino : table ouverte fermée avec son inventaire de fermeture")
FLOAT_RESTORED = _("Contrôle interne du casino : avance de la table reconstituée à la fermeture")
TABLE_LIMITS = _("Contrôle interne du casino : limites affichées à la table")
SLIP_SIGNATURES = _("Contrôle interne du casino : bordereaux signés et numérotés sans trou")
DROP_COUNT = _("Contrôle interne du casino : drop compté par deux personnes")
HOLD_BAND = _("Contrôle interne du casino : hold de chaque table dans la bande attendue de son propre historique")
POKER_SESSION = _("Contrôle interne du casino : version, blinds et retenue fixées à l'ouverture de la séance de poker")
POKER_RAKE = _("Contrôle interne du casino : retenue déclarée par le système du salon égale à la retenue recalculée")
POKER_DROPS = _("Contrôle interne du casino : incréments des jackpots déclarés égaux aux incréments recalculés")
POKER_COUNT = _("Contrôle interne du casino : retenues des mains égales au comptage de la cagnotte")
APPROVALS = _("Contrôle interne du casino : chaque étape d'une demande à l'autorité portée au registre par son auteur")
FINDING_FOLLOW = _("Contrôle interne du casino : constat expliqué par la comptabilité, accepté par la direction")
RECITATION = _("Contrôle interne du casino : citation rectifiée par une écriture nouvelle, l'écriture d'origine "
               "restant telle qu'écrite")


def written(control) -> str:
    """The control as a register writes it: in French, as its citations are."""
    with translation.override("fr"):
        return str(control)


def cited(casino: Casino, key: str, day: datetime.date, control) -> str:
    """The article a rule value rests on, as the rule data cites it (a draft as such); where the casino's texts have
    no such value, the casino's own control."""
    try:
        rule = rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True)
    except DomainError:
        return written(control)
    return str(rule.citation)


def concept_cited(casino: Casino, concept: str, day: datetime.date, control) -> str:
    """`cited` for the rule `concept` names in the casino's jurisdiction (compliance.profiles); the casino's own
    control where its texts have no such rule."""
    key = concept_or_none(casino.jurisdiction, concept)
    return cited(casino, key, day, control) if key else written(control)




@dataclass(frozen=True)
class Transition:
    """A step of a lifecycle (a family's `controls.py` names its own): the named states it may start from, and the
    state it leads to (None: the state stays, as a slip leaves its session open)."""

    name: str
    sources: tuple[str, ...]
    target: str | None = None


class Rules:
    """A family's rule values on the operation's day, read once each when a control asks for one (the service from the
    rule data, where a missing one refuses; the audit from its replay, where a missing one is its problem), and the
    amounts of its messages in the casino's money."""

    def __init__(self, read: Callable[[str], RuleValueAt | None], casino: Casino | None = None):
        self._read, self._values, self.casino = read, {}, casino

    def value(self, key: str) -> RuleValueAt | None:
        if key not in self._values:
            self._values[key] = self._read(key)
        return self._values[key]

    def cited(self, key: str) -> str:
        rule = self.value(key)
        return str(rule.citation) if rule is not None else HOUSE_RULE

    def amount(self, value) -> Money | str:
        """An amount of a message, written when the message is read; « — » for none."""
        if value is None:
            return "—"
        return Money(value, self.casino.currency, self.casino.jurisdiction)

