"""The notices the texts require a casino to display, each composed from the rule data and the casino's house rules,
with the words the casino's management writes where the texts leave the content to it. Which notice a casino owes is
data: the profile's concept « affichage.<notice> » names the rule value that requires it (the LU draft's art. 74, 3-4
11), 49-13; QC 67.91 …), and a notice applies on a day where that value is in force (and, where named, the feature of
the profile that the notice is about). The code never names a jurisdiction.

A notice's text is a list of sections: a title, lines, the citation they rest on, and whether they are the casino's
own words (`own`: shown as the casino's text, never cited as an article). The text is kept in French, as the
registers write their citations."""

import datetime

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from compliance import formatting
from compliance.errors import DomainError
from compliance.models import Casino
from compliance.profiles import applies, concept_or_none
from games.selectors import RuleValueAt, rule_value_at, rule_values_of

from ..poker.house_rules import HOUSE_RULES_NAME, JACKPOT_TERMS, house_rules_at, term_citations
from ..poker.selectors import bad_beat_of, bad_beat_register
from . import floor
from .sections import OWN, Composing, Kind, Text, french, own, rule_lines, section

__all__ = ["OWN", "Composing", "Kind", "Text", "french", "own", "rule_lines", "section"]  # the notices' vocabulary

SIZES = ("A4", "A3")
SITE, MANUAL, RATE, RULES, RAKE, TIME_CHARGE = "site", "mode_emploi", "taux", "regles", "commission", "temps_de_jeu"
ITEM = "point_{n}"  # the casino's text under each item of a list the rule data gives (LU art. 74 al. 1)
# the card system's limits a slot machine's notice repeats (LU art. 3-1), each read through its concept
CARD_LIMITS = ("carte_de_jeu.plafond_nominative", "carte_de_jeu.plafond_journaliere_anonyme",
               "carte_de_jeu.solde_paye_sur_demande", "carte_de_jeu.validite_casino_emetteur",
               "carte_de_jeu.transfert_entre_clients_interdit")
# the bad beat's conditions of its win the table's notice repeats (LU art. 49-12, 49-13)
BAD_BEAT_CONDITIONS = ("bad_beat_jackpot.cartes_privatives_utiles", "bad_beat_jackpot.part_perdant",
                       "bad_beat_jackpot.part_table")
# the poker room's commission (QC RJC art. 67.108)
ROOM_RAKE = ("salon_poker.commission_maximale", "salon_poker.commission_temps_de_jeu")


# --- each notice's texts and sections ---------------------------------------------------------------------------------

def _rooms_texts(rule: RuleValueAt) -> tuple[Text, ...]:
    items = rule.value if isinstance(rule.value, list) else []
    return (Text(SITE, _("Site Internet du casino où toutes les règles de jeu peuvent être consultées"), long=False),
            *(Text(ITEM.format(n=n), str(item)) for n, item in enumerate(items, 1)))


def _rooms(made: Composing) -> list[dict]:
    citation = str(made.rule.citation)
    items = made.rule.value if isinstance(made.rule.value, list) else []
    sections = [section(_("Règles de jeu consultables en ligne"), [made.texts.get(SITE, "")], citation)]
    for n, item in enumerate(items, 1):
        sections.append({**own(str(item), made.texts.get(ITEM.format(n=n), "")), "item": n})
    return sections


def _cards_texts(rule: RuleValueAt) -> tuple[Text, ...]:
    return (Text(MANUAL, _("Utilisation du système de cartes de jeu électroniques aux appareils à sous")),)


def _cards(made: Composing) -> list[dict]:
    return [section(_("Cartes de jeu électroniques : ce que les textes fixent"),
                    rule_lines(made.casino, made.day, CARD_LIMITS), str(made.rule.citation)),
            own(_("Utilisation du système de cartes aux appareils à sous"), made.texts.get(MANUAL, ""))]


def _bad_beat_texts(rule: RuleValueAt) -> tuple[Text, ...]:
    return (Text(RATE, _("Taux de l'incrément du bad beat jackpot"), long=False),)


def _bad_beat(made: Composing) -> list[dict]:
    citation = str(made.rule.citation)
    version = house_rules_at(made.casino, made.day)
    conditions = []
    if version is not None:
        cited = term_citations(made.casino, made.day)
        conditions = [f"{term.label} : {term.shown(getattr(version, term.name), made.casino)} ({cited[term.name]})"
                      for term in JACKPOT_TERMS if term.name.startswith("bad_beat")]
        shown = french(HOUSE_RULES_NAME).format(seq=version.seq, day=formatting.date(
            version.effective_from, jurisdiction=made.casino.jurisdiction))
        conditions.insert(0, french(_("Selon le {version}")).format(version=shown))
    return [section(_("Conditions d'incrémentation"), conditions, citation),
            own(_("Taux de l'incrément"), made.texts.get(RATE, "")),
            section(_("Conditions du gain"), rule_lines(made.casino, made.day, BAD_BEAT_CONDITIONS), citation)]


def _bad_beat_in_service(casino: Casino, day: datetime.date) -> bool:
    """Art. 49-12 al. 1: a bad beat « pouvant être effectuée » — the notice is owed from the day the casino put it in
    service at its start value until a stop (two queries)."""
    register = bad_beat_register(casino)
    if register is None:
        return False
    state = bad_beat_of(register)
    return state.constituted_on(day) and state.stopped_on(day) is None


def _room_texts(rule: RuleValueAt) -> tuple[Text, ...]:
    return (Text(RULES, _("Règles spécifiques des jeux de poker offerts au salon")),
            Text(RAKE, _("Commission prélevée de la cagnotte, telle que le salon l'applique"), long=False),
            Text(TIME_CHARGE, _("Commission selon le temps de jeu : limites indiquées à la table"), required=False))


def _room(made: Composing) -> list[dict]:
    sections = [own(_("Règles des jeux de poker du salon"), made.texts.get(RULES, "")),
                section(_("Commission : ce que les textes fixent"),
                        rule_lines(made.casino, made.day, ROOM_RAKE), str(made.rule.citation)),
                own(_("Commission prélevée de la cagnotte"), made.texts.get(RAKE, ""))]
    if made.texts.get(TIME_CHARGE):
        sections.append(own(_("Commission selon le temps de jeu"), made.texts[TIME_CHARGE]))
    return sections


def _none(rule: RuleValueAt) -> tuple[Text, ...]:
    """A notice composed wholly from the rule data and the casino's registers: no text to write."""
    return ()


KINDS = {kind.key: kind for kind in (
    Kind("salles", _("Informations affichées dans les salles de jeux"), None, _("Chaque salle de jeux"),
         _rooms_texts, _rooms),
    Kind("cartes", _("Appareils à sous : utilisation des cartes de jeu électroniques"), "cartes",
         _("Salle des appareils à sous"), _cards_texts, _cards),
    Kind("bad_beat", _("Bad beat jackpot : conditions d'incrémentation et taux"), "salon_poker.bad_beat",
         _("Chaque table du bad beat jackpot"), _bad_beat_texts, _bad_beat, _bad_beat_in_service),
    Kind("salon_poker", _("Salon de poker : règles des jeux et commission"), "salon_poker",
         _("Salon de poker"), _room_texts, _room),
    Kind("roue", _("Roue de fortune : lots à gagner et mode d'attribution"), "roue_de_fortune.publication",
         _("Chaque table de roue de fortune"), _none, floor.wheel, floor.wheel_in_service),
    Kind("lot_progressif", _("Blackjack : mise progressive et panneau du lot progressif"), "tables.lot_progressif",
         _("Tables qui offrent la mise progressive"), _none, floor.progressive, floor.progressive_in_service),
    Kind("tournoi", _("Règles des tournois"), "tournois.regles_publiees", _("Accueil des tournois"), _none,
         floor.tournaments, floor.tournaments_in_service),
)}


def required_on(casino: Casino, day: datetime.date) -> dict[str, RuleValueAt]:
    """{notice: the rule that requires it on `day`} of every notice the casino owes that day, in one query."""
    keys = {kind.key: concept_or_none(casino.jurisdiction, kind.concept) for kind in KINDS.values()
            if kind.feature is None or applies(casino.jurisdiction, kind.feature, day)}
    read = rule_values_of(keys={key for key in keys.values() if key}, on=day, drafts=True) if any(keys.values()) \
        else {}
    return {name: read[key] for name, key in keys.items() if key and key in read and read[key].value
            and (KINDS[name].in_service is None or KINDS[name].in_service(casino, day))}


def rule_of(casino: Casino, kind: Kind, day: datetime.date) -> RuleValueAt | None:
    key = concept_or_none(casino.jurisdiction, kind.concept)
    if key is None or (kind.feature is not None and not applies(casino.jurisdiction, kind.feature, day)):
        return None
    try:
        rule = rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True)
    except DomainError:
        return None
    owed = rule.value and (kind.in_service is None or kind.in_service(casino, day))
    return rule if owed else None


def compose(casino: Casino, kind: Kind, day: datetime.date, rule: RuleValueAt, texts: dict) -> dict:
    """The notice's text as it is posted: its title, the citation requiring it, its sections."""
    with translation.override("fr"):  # kept in French, as the registers write: the labels read inside are French
        sections = kind.sections(Composing(casino, day, rule, texts))
    return {"title": french(kind.title), "citation": str(rule.citation), "casino": casino.name,
            "sections": sections, "texts": dict(texts)}
