"""Poker hand rankings as the texts order them, read from `games/rules/rankings/`.

A hand's value is one integer: the category's position in its ranking (lowest = 0) in the high
bits, then up to five ranks (2 … 14) four bits each, the defining ranks first and the kickers after.
Comparing two integers of the same ranking compares the hands, kickers included (QC RJC art. 67.55,
67.66, 67.77; LU RGD 1979 art. 49-1).
"""

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from compliance.profiles import hand_ranking
from games.rules.yamlfile import read

RANKINGS_DIR = Path(__file__).resolve().parent.parent / "rules" / "rankings"
RANK_CHARS = "..23456789TJQKA"  # index = rank value 2 … 14
CATEGORY_SHIFT = 20

# How many ranks name the combination (the rest are kickers): "pair:Q", "two_pair:K-T", "flush".
PRIMARY_RANKS = {
    "high_card": 0,
    "pair": 1,
    "two_pair": 2,
    "three_of_a_kind": 1,
    "straight": 1,
    "flush": 0,
    "full_house": 2,
    "four_of_a_kind": 1,
    "straight_flush": 1,
}
# The rankings the evaluators use by default, as the jurisdictions' profiles name them (concepts « mains.<name> »).
FIVE_CARDS, FOUR_CARDS, THREE_CARDS, OMAHA = (hand_ranking(name) for name in (
    "cinq_cartes", "quatre_cartes", "trois_cartes", "omaha"))
# Number of cards in a hand of each ranking; every other poker ranking of the sources has five.
HAND_SIZES = {THREE_CARDS: 3, FOUR_CARDS: 4}


@dataclass(frozen=True)
class Ranking:
    key: str
    size: int
    categories: tuple[str, ...]  # lowest first
    citation: str

    def index(self, category: str) -> int:
        return self.categories.index(category)

    def has(self, category: str) -> bool:
        return category in self.categories

    def value(self, category: str, ranks) -> int:
        packed = 0
        for position, rank_value in enumerate(ranks):
            packed |= rank_value << (4 * (4 - position))
        return (self.categories.index(category) << CATEGORY_SHIFT) | packed

    def category(self, value: int) -> str:
        return self.categories[value >> CATEGORY_SHIFT]

    def ranks(self, value: int) -> tuple[int, ...]:
        found = ((value >> (4 * (4 - i))) & 15 for i in range(5))
        return tuple(r for r in found if r)

    def fine_class(self, value: int) -> str:
        """The category with the ranks that name it: what pay-table qualifiers look at."""
        category = self.category(value)
        primary = self.ranks(value)[: PRIMARY_RANKS[category]]
        return category + (":" + "-".join(RANK_CHARS[r] for r in primary) if primary else "")


def split_fine_class(fine: str) -> tuple[str, tuple[int, ...]]:
    category, _, ranks = fine.partition(":")
    return category, tuple(RANK_CHARS.index(r) for r in ranks.split("-") if r)


def ranking_of_classes(key: str, highest_first, cited: str) -> Ranking:
    """A ranking from its class keys, the highest first (as the rule data loads them); royal flush is the top
    straight flush, not a category of its own, and a hand with no combination is the lowest category."""
    keys = [name for name in reversed(list(highest_first)) if name != "royal_flush"]
    if "high_card" not in keys:
        keys.insert(0, "high_card")
    return Ranking(key, HAND_SIZES.get(key, 5), tuple(keys), cited)


@cache
def ranking(key: str) -> Ranking:
    """The ranking `key` (e.g. FOUR_CARDS) from its rule file, undated: for the pure evaluators and their
    lookup tables. Code that applies a ranking to a casino's day reads it with games.selectors.ranking_at."""
    jurisdiction, _, name = key.partition(".")
    document = read(RANKINGS_DIR / jurisdiction / f"{name}.yaml")
    keys = [entry["key"] for entry in document["classes"]]
    if document.get("order") != "highest_first":
        keys.reverse()
    return ranking_of_classes(key, keys, citation(document["reference"]))


@cache
def _cite_prefix(instrument: str) -> str:
    document = read(RANKINGS_DIR.parent / "instruments" / f"{instrument}.yaml")
    return document.get("amended_cite_as") or document["cite_as"]


def citation(reference: dict) -> str:
    """'QC RJC art. 67.65' for a rule-file reference (the texts a ranking cites are all inserted ones)."""
    point = f" {reference['point']}" if reference.get("point") else ""
    return f"{_cite_prefix(reference['instrument'])} art. {reference['article']}{point}"
