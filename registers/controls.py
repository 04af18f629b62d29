"""What the casino's internal control requires beyond the texts (a second signature, a correction's second person,
a late filing's reason): cited as the casino's own control wherever it is written, never as an article of law."""

import dataclasses
import datetime
from collections.abc import Iterable, Mapping

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from compliance import formatting
from compliance.errors import DomainError
from compliance.models import Casino, Jurisdiction
from compliance.profiles import concept_or_none
from games.selectors import rule_value_at

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


@dataclasses.dataclass(frozen=True)
class Problem:
    """A condition of an operation that a proposed operation does not meet. A family's `controls.py` returns these
    from pure functions over the state (`def <operation>_problems(state, proposed) -> list[Problem]`); its service
    refuses with the first (`refuse_first`), its audit (`checks.py`) reports each, its page says why an action is not
    offered. `message` is French source (gettext), its `{…}` filled from `params` in the reader's language (a day as
    people write it, a count with its words); `citation` the article as the rule data cites it, or the casino's own
    control (`written`), never an article written in Python; `code` the refusal's code the API returns."""

    field: str
    message: object
    citation: str
    code: str = "invalid"
    params: Mapping[str, object] = dataclasses.field(default_factory=dict)

    def text(self, jurisdiction: Jurisdiction | None = None) -> str:
        """The message in the active language."""
        return str(self.message).format(**{key: _said(value, jurisdiction) for key, value in self.params.items()})

    def refused(self, jurisdiction: Jurisdiction | None = None) -> DomainError:
        """The service's refusal: the message with its article before its full stop, the field and the code."""
        text = self.text(jurisdiction)
        sentence, stop = (text[:-1], ".") if text.endswith(".") else (text, "")
        return DomainError(f"{sentence} ({self.citation}){stop}", code=self.code, field=self.field)


def _said(value, jurisdiction: Jurisdiction | None) -> str:
    if isinstance(value, datetime.date):
        return formatting.date(value, jurisdiction=jurisdiction)
    return str(value)


def refuse_first(problems: Iterable[Problem], jurisdiction: Jurisdiction | None = None) -> None:
    """Raises the first problem's refusal, if there is one."""
    for problem in problems:
        raise problem.refused(jurisdiction)
