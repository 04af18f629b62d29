"""What the rule data says of the decks: whether the casino keeps a stock of them (the concept « jeux_de_cartes.stock »:
LU RGD 1979 art. 6 al. 1, MC AM 2007-668 art. 1), the decks to a pack and their plain back (LU art. 6 al. 1), and what
each game requires at a session's opening (« <jeu>.paquets », « <jeu>.etat_des_cartes », « <jeu>.jeux_par_couleur ») and
of a deck replacing a retired one (« <jeu>.remplacement »)."""

import datetime
from collections.abc import Callable

from compliance.errors import DomainError
from compliance.models import Casino
from games.selectors import RuleValueAt, rule_value_at

from .controls import Receipt, Replacement, Requirement

FEATURE = "jeux_de_cartes"  # the profile's feature: the casinos whose texts keep a stock of decks (the menu's item)
STOCK = "jeux_de_cartes.stock"
SIXAIN = "jeux_de_cartes.sixain"
PLAIN_BACK = "jeux_de_cartes.teinte_unie"
DECKS = "paquets"  # a game's number of decks: « <jeu>.paquets »
CONDITION = "etat_des_cartes"  # a game's decks new or in perfect condition: « <jeu>.etat_des_cartes »
PER_COLOUR = "jeux_par_couleur"  # a game's decks of each back colour: « <jeu>.jeux_par_couleur »
REPLACEMENT = "remplacement"  # a deck replacing a retired one during the day: « <jeu>.remplacement »


def _rule(casino: Casino, key: str, day: datetime.date):
    try:
        return rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True)
    except DomainError:
        return None


def keeps_stock(casino: Casino, day: datetime.date) -> bool:
    return _rule(casino, STOCK, day) is not None


def pack_size(casino: Casino, day: datetime.date):
    """The decks to a pack the texts fix (LU art. 6 al. 1: a sixain), or None."""
    return _rule(casino, SIXAIN, day)


def receipt(casino: Casino, day: datetime.date, packs: int, per_pack: int, seals: tuple, plain_back: bool) -> Receipt:
    sixain, plain = _rule(casino, SIXAIN, day), _rule(casino, PLAIN_BACK, day)
    return Receipt(packs, per_pack, seals, plain_back, sixain=int(sixain.value) if sixain else None,
                   sixain_citation=str(sixain.citation) if sixain else "",
                   plain_back_required=bool(plain and plain.value), plain_back_citation=str(plain.citation) if plain
                   else "")


def requirement_on(casino: Casino, game: str, day: datetime.date) -> Requirement | None:
    return requirement(lambda key: _rule(casino, key, day), game)


def requirement(read: Callable[[str], RuleValueAt | None], game: str) -> Requirement | None:
    """What the game `game` (its rule key) requires of its decks at the opening, its values read by `read` (the rule
    data on the day, or the audit's replay); None where its texts say nothing."""
    condition = read(f"{game}.{CONDITION}")
    if condition is None:
        return None
    decks, per_colour = read(f"{game}.{DECKS}"), read(f"{game}.{PER_COLOUR}")
    return Requirement(int(decks.value) if decks else 1, str(condition.value), str(condition.citation),
                       per_colour=int(per_colour.value) if per_colour else None,
                       colour_citation=str(per_colour.citation) if per_colour else "")


def replacement_on(casino: Casino, game: str, day: datetime.date) -> Replacement | None:
    return replacement(lambda key: _rule(casino, key, day), game)


def replacement(read: Callable[[str], RuleValueAt | None], game: str) -> Replacement | None:
    """What the game `game`'s texts require of a deck replacing a retired one (« <jeu>.remplacement »), or None."""
    found = read(f"{game}.{REPLACEMENT}")
    return Replacement(str(found.value), str(found.citation)) if found else None
