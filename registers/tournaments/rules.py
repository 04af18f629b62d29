"""What the rule data says about a casino's tournaments, read on a day: the return to participants (QC RJC art. 127),
the week of publication and the contents of the rules (art. 125), the tables marked (art. 126), the grand prix fee
(art. 124), the approval of a paid tournament's rules (LU RGD 1979 art. 49-17), and the ROPTA's rules (late
registration §1.8, the players per table §2.2, the places §1.10 and §2.7, chip race §3.2, ante formats §4.2). A value
the casino's jurisdiction does not have is None.

The ROPTA is a private rulebook, not law: its rules apply to a tournament only where the casino adopted it as its
règlement intérieur for that tournament (`Tournament.ropta_adopted`), and are then cited as such."""

import datetime
from dataclasses import dataclass

from compliance.errors import DomainError
from compliance.hooks import HOUSE_RULES_IN_FORCE  # the poker family's règlement intérieur (registers/hooks.py)
from compliance.models import Casino
from compliance.profiles import concept_or_none
from games.selectors import RuleValueAt, rule_value_at

RETURN_MINIMUM = "tournoi.taux_retour_minimum"
PUBLISHED_BEFORE = "tournoi.regles_publiees_avant"
CONTENTS = "tournoi.regles_contenu"
TABLES_MARKED = "tournoi.tables_indiquees"
GRAND_PRIX_MINIMUM = "tournoi.droit_entree_grand_prix_minimum"
GRAND_PRIX_BET = "grand_prix.mise_supplementaire_montant"
GRAND_PRIX_ENGINE = "grand_prix"  # QC RJC art. 124: « un tournoi de « poker grand prix » », the game of that engine
APPROVAL = "tournoi.agrement_reglement"
LATE_LEVELS = "ropta.tournoi.retard_niveaux"
ANTE_FORMAT = "ropta.tournoi.format_ante"
RACE_THRESHOLD = "ropta.tournoi.chip_race_arrondi"
RACE_PER_PLAYER = "ropta.tournoi.chip_race_jetons_max_par_joueur"
RACE_SUITS = "ropta.tournoi.chip_race_ordre_couleurs"
MIN_PLAYERS = "ropta.tournoi.joueurs_min_table_debut"
SAME_DEAL = "ropta.tournoi.sortants_simultanes"
HAND_FOR_HAND = "ropta.tournoi.main_par_main_tables_differentes"

# How a ROPTA rule is cited wherever it is written (register entries included): the casino's house rules adopting it.
ADOPTED = "Règlement intérieur du casino ({citation}, adopté)"
# Where the casino did not adopt it: players out on the same deal share their places, as the published mode of
# distribution of the prizes (QC RJC art. 125) or the casino's own rules must then say.
NOT_ADOPTED = "Règlement intérieur du casino : joueurs sortis sur le même coup ex aequo (ROPTA non adopté)"

# Where a rule is the tournament's own (late registration without the ROPTA): its rules as the casino published them.
PUBLISHED_RULES = "Règlement intérieur du casino : règles du tournoi publiées"


def of(casino: Casino, key: str, day: datetime.date) -> RuleValueAt | None:
    """The casino's jurisdiction's value (a draft as the casino applies it), None where it has none."""
    key = concept_or_none(casino.jurisdiction, key)  # a concept of the jurisdiction's profile
    if key is None:
        return None
    try:
        return rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True)
    except DomainError:
        return None


@dataclass(frozen=True)
class HouseRule:
    """A ROPTA rule the casino adopted: its value, and its citation as the casino's règlement intérieur."""

    key: str
    value: object
    citation: str


def ropta(key: str, day: datetime.date) -> HouseRule:
    """The tournament rulebook's value, as a casino that adopted it applies it: cited as its règlement intérieur."""
    rule = rule_value_at(jurisdiction=None, key=key, on=day, drafts=True)
    return HouseRule(key, rule.value, adopted(str(rule.citation)))


def adopted(citation: str) -> str:
    """« ROPTA §3.2 » → « Règlement intérieur du casino (ROPTA §3.2, adopté) »."""
    return ADOPTED.format(citation=citation)


def house(adopts: bool, key: str, day: datetime.date) -> HouseRule | None:
    """The ROPTA's rule where the casino adopted the rulebook for the tournament, None where it did not."""
    return ropta(key, day) if adopts else None


def adopted_by_house_rules(casino: Casino, day: datetime.date) -> bool:
    """Whether the casino's règlement intérieur in force on `day` adopts the ROPTA for its tournaments (one version
    per casino, registers/poker/house_rules.py, read through its hook: the families do not import each other); False
    where no version says so."""
    version = HOUSE_RULES_IN_FORCE(casino, day) if HOUSE_RULES_IN_FORCE else None
    return bool(version is not None and version.ropta)
