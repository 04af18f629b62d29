"""Bataille (Casino War, LU RGD 1979 art. 37-16): one card against one, suits ignored.

The order of the ranks comes from the rule file `lu.bataille.cartes`; cards are those of `cards` (rank * 4 +
suit), and a shoe is several 52-card decks.
"""

from functools import cache
from pathlib import Path

from games.rules.yamlfile import read

from . import cards
from .ranking import citation

RANKING_FILE = Path(__file__).resolve().parent.parent / "rules" / "rankings" / "lu" / "bataille.cartes.yaml"


@cache
def _ranking() -> tuple[dict[int, int], str]:
    document = read(RANKING_FILE)
    classes = document["classes"]
    if document.get("order") == "highest_first":
        classes = list(reversed(classes))
    strength = {
        cards.RANKS.index(member): position for position, entry in enumerate(classes) for member in entry["members"]
    }
    if sorted(strength) != list(range(len(cards.RANKS))):
        raise ValueError("l'ordre des cartes doit nommer les treize rangs une fois chacun")
    return strength, citation(document["reference"])


def ranking_citation() -> str:
    return _ranking()[1]


def strength(card: int) -> int:
    """0 for a deux … 12 for an as; two cards of the same rank are equal whatever their suits."""
    return _ranking()[0][cards.rank(card)]


def compare(player_card: int, dealer_card: int) -> int:
    """1 if the player's card is higher, -1 if lower, 0 on equal ranks (a « bataille »)."""
    a, b = strength(player_card), strength(dealer_card)
    return (a > b) - (a < b)


def shoe(decks: int = 6) -> tuple[int, ...]:
    """The cards of `decks` 52-card decks."""
    return cards.DECK * decks


def rank_counts(decks: int = 6) -> tuple[int, ...]:
    """Cards of each strength (deux first) in a full shoe."""
    counts = [0] * len(cards.RANKS)
    for card in shoe(decks):
        counts[strength(card)] += 1
    return tuple(counts)
