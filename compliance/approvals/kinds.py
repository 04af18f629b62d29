"""The kinds of request a casino files with its authority, each where its jurisdiction's texts provide for it: the
items it must carry and the article it rests on come from the rule data (games/rules/values/*/approbations/), read
on the day of filing; what the automatic checks look at is compliance/approvals/checks.py.

Each kind says the power its article gives the authority (`power` in the rule data, checked against the article's
words by games/rules/validate.py): an authorisation (approved, with conditions, or refused), an opinion on a proposal
(« avis » favourable or not: the text in force changes only by a new regulation), a notice or a document produced
(the authority acknowledges receipt or objects: it takes effect as the casino declared it), a publication (no
request: the casino publishes, Vigie dates it), or none (kept only to read the requests filed before)."""

import datetime
import functools
from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import Casino
from compliance.profiles import concept_everywhere, concept_or_none
from games.rules.validate import RULES_DIR
from games.rules.yamlfile import read
from games.selectors import rule_value_at

from . import errors


@dataclass(frozen=True)
class Kind:
    key: str
    label: str
    subject: str  # the item naming what an approval covers (a later approval of the same subject supersedes it);
    # blank: the kind itself (a casino has one wheel of fortune's configuration)
    notice: bool = False  # a notice or a document produced, in the jurisdictions where the kind exists

    @property
    def concept(self) -> str:
        """The concept « approbations.<kind> » a jurisdiction's profile maps to the rule value listing its items."""
        return f"approbations.{self.key}"

    @property
    def rules(self) -> dict[str, str]:
        """jurisdiction code → the rule value listing the items and citing the article, where the kind exists."""
        return concept_everywhere(self.concept)


# The powers the texts give (games/rules/validate.POWER_WORDS lists the words each article must hold)
AUTHORISATION, OPINION, NOTICE, PRODUCTION, PUBLICATION, NONE = (
    "autorisation", "avis", "notification", "production", "publication", "aucun")
FILED_POWERS = (AUTHORISATION, OPINION, NOTICE, PRODUCTION)  # the others are not requests
EFFECTIVE_AS_DECLARED = (NOTICE, PRODUCTION)  # in effect from the casino's own date, whatever the answer


@dataclass(frozen=True)
class Item:
    key: str
    type: str  # text, longtext, date, ratio, file, paytable, payouts, casinos, event
    label_fr: str
    label_en: str

    @property
    def label(self) -> str:
        """The item's name in the reader's language."""
        return self.label_en if (get_language() or "fr").startswith("en") and self.label_en else self.label_fr


KINDS = {kind.key: kind for kind in (
    # where each kind exists is its jurisdictions' profiles (concept « approbations.<kind> »)
    Kind("table_de_paiement", _("Table de paiement : proposition ou notification"), subject="table"),
    Kind("roue_de_fortune", _("Configuration de la roue de fortune"), subject=""),
    Kind("jeu_annexe", _("Jeu annexe (side bet)"), subject="nom"),
    Kind("semi_automatique", _("Agrément d'un modèle de jeu semi-automatique"), subject="marques"),
    Kind("systeme_cartes", _("Certificat du système de cartes de jeu électroniques"), subject="systeme", notice=True),
    Kind("liaison_progressif", _("Jackpot progressif relié entre casinos"), subject="parametres"),
    Kind("appareil_remis_a_neuf", _("Appareil usagé remis à neuf"), subject="numero_serie"),
    Kind("tournoi", _("Règlement d'un tournoi"), subject="nom"),
    Kind("arret_jackpot", _("Arrêt volontaire du jackpot progressif"), subject="table", notice=True),
    Kind("etat_appareil", _("Changement d'état d'un appareil à sous"), subject="numero_serie", notice=True),
    Kind("moyen_paiement", _("Agrément d'un autre moyen de paiement"), subject="moyen"),
    Kind("plaques_jetons_valeurs", _("Utilisation de plaques et de jetons de valeurs"), subject="jeu"),
    Kind("cartes_melangeur", _("Agrément de cartes pour les mélangeurs-distributeurs"), subject="cartes"),
    Kind("machine_bad_beat", _("Agrément de la machine automatique du bad beat jackpot"), subject="machine"),
    Kind("arret_bad_beat", _("Arrêt volontaire du bad beat jackpot"), subject="table", notice=True),
)}


@dataclass(frozen=True)
class Form:
    """A kind as a casino's jurisdiction has it on a day: its items and the article they rest on."""

    kind: Kind
    items: tuple[Item, ...]
    citation: str
    power: str = AUTHORISATION

    @property
    def filed(self) -> bool:
        """A request the casino files (not a publication, nor a kind the texts give no power over)."""
        return self.power in FILED_POWERS

    def item(self, key: str) -> Item | None:
        return next((item for item in self.items if item.key == key), None)


def form_of(kind_key: str, casino: Casino, on: datetime.date) -> Form:
    """The items of a request of `kind_key` the casino's jurisdiction asks on `on`; refused when it has no such kind."""
    kind = KINDS.get(kind_key)
    key = concept_or_none(casino.jurisdiction, kind.concept) if kind is not None else None
    if key is None:
        raise DomainError(errors.KIND_NOT_HERE.format(kind=kind_key, jurisdiction=casino.jurisdiction.code),
                          code=errors.Code.KIND_NOT_HERE, field="kind")
    rule = rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=on, drafts=True)
    items = tuple(Item(entry["key"], entry["type"], entry["fr"], entry["en"]) for entry in rule.value)
    return Form(kind, items, str(rule.citation), rule_power(key))


@functools.cache
def rule_power(key: str) -> str:
    """The power the rule data gives a kind (`power` of its file, validated with the rules)."""
    jurisdiction, _kind, name = key.split(".")
    return read(RULES_DIR / "values" / jurisdiction / "approbations" / f"{name}.yaml").get("power", AUTHORISATION)
