"""What the rule data says about a casino's tournaments, read on a day: the return to participants (QC RJC art. 127),
the week of publication and the contents of the rules (art. 125), the tables marked (art. 126), the grand prix fee
(art. 124), the approval of a paid tournament's rules (LU RGD 1979 art. 49-17), and the ROPTA's defaults (late
registration §1.8, chip race §3.2, ante formats §4.2). A value the casino's jurisdiction does not have is None."""

import datetime

from compliance.errors import DomainError
from compliance.models import Casino
from games.selectors import RuleValueAt, rule_value_at

RETURN_MINIMUM = "qc.tournoi.taux_retour_minimum"
PUBLISHED_BEFORE = "qc.tournoi.regles_publiees_avant"
CONTENTS = "qc.tournoi.regles_contenu"
TABLES_MARKED = "qc.tournoi.tables_indiquees"
GRAND_PRIX_MINIMUM = "qc.tournoi.droit_entree_grand_prix_minimum"
GRAND_PRIX_BET = "qc.grand_prix.mise_supplementaire_montant"
APPROVAL = "lu.tournoi.agrement_reglement"
LATE_LEVELS = "ropta.tournoi.retard_niveaux"
ANTE_FORMAT = "ropta.tournoi.format_ante"
RACE_THRESHOLD = "ropta.tournoi.chip_race_arrondi"
RACE_PER_PLAYER = "ropta.tournoi.chip_race_jetons_max_par_joueur"
RACE_SUITS = "ropta.tournoi.chip_race_ordre_couleurs"
MIN_PLAYERS = "ropta.tournoi.joueurs_min_table_debut"


def of(casino: Casino, key: str, day: datetime.date) -> RuleValueAt | None:
    """The casino's jurisdiction's value (a draft as the casino applies it), None where it has none."""
    if not key.startswith(casino.jurisdiction.code.lower() + "."):
        return None
    try:
        return rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True)
    except DomainError:
        return None


def ropta(key: str, day: datetime.date) -> RuleValueAt:
    """The tournament rulebook's value, which every casino's house rulebook starts from."""
    return rule_value_at(jurisdiction=None, key=key, on=day, drafts=True)
