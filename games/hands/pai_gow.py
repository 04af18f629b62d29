"""Pai Gow tiles (QC RJC art. 100–113): the 32-tile set, two-tile hands and the ways to split four tiles.

Both orders come from the rule files: the combinations of art. 101 (`qc.pai_gow.paires`) and the single tiles
of art. 105 (`qc.pai_gow.tuiles`). A two-tile hand's value is one integer, higher is better:

    value = score * 32 + strength of its best single tile

where `score` is 0 … 9 for a hand without combination (units digit of the pips, QC RJC art. 102 and 103) and
10 … 29 for the twenty combinations of art. 101 (beating every non-pair). The tile term settles equal hands
(QC RJC art. 104); two equal integers are identical hands, which the bank wins.
"""

import re
from functools import cache
from pathlib import Path
from typing import NamedTuple

from games.rules.yamlfile import read

from .ranking import citation

RANKINGS_DIR = Path(__file__).resolve().parent.parent / "rules" / "rankings" / "qc"
TILE_SHIFT = 32  # above the 17 ranks of art. 105
COMBINATION_BASE = 10  # one above the best non-pair score (nine)
_TILE_TEXT = re.compile(r"\((\d)-(\d)\)")


class Tile(NamedTuple):
    low: int
    high: int

    @property
    def pips(self) -> int:
        return self.low + self.high

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"


class Split(NamedTuple):
    high: tuple[Tile, Tile]  # « main forte »
    low: tuple[Tile, Tile]  # « main faible »

    def __str__(self) -> str:
        return f"{' '.join(map(str, self.high))} / {' '.join(map(str, self.low))}"


def tile(text: str) -> Tile:
    """'6-6', '4-5', 'douze (6-6)' → Tile; the pips may come in either order."""
    found = _TILE_TEXT.search(text) or re.fullmatch(r"\s*(\d)\s*-\s*(\d)\s*", text)
    if not found:
        raise ValueError(f"tuile invalide « {text} » / invalid tile")
    a, b = sorted(int(g) for g in found.groups())
    if not 1 <= a <= b <= 6:
        raise ValueError(f"tuile invalide « {text} » / invalid tile")
    return Tile(a, b)


def tiles(text: str) -> tuple[Tile, ...]:
    """'6-6 4-5 1-2 2-4' → tiles."""
    return tuple(tile(part) for part in text.replace(",", " ").split())


class Rules(NamedTuple):
    strength: dict  # Tile → 0 (trois 1-2) … 16 (douze 6-6), art. 105
    kinds: tuple  # the distinct tiles, strongest first
    copies: dict  # Tile → copies in the set
    combinations: dict  # (Tile, Tile) sorted → 0 (twentieth) … 19 (suprême), art. 101
    combination_keys: tuple  # class keys, lowest first
    combination_labels: tuple
    supreme: tuple  # the two tiles of the suprême pair
    citations: tuple


def _members(entry) -> list[Tile]:
    return [tile(member) for member in entry["members"]]


@cache
def rules() -> Rules:
    pairs_doc = read(RANKINGS_DIR / "pai_gow.paires.yaml")
    tiles_doc = read(RANKINGS_DIR / "pai_gow.tuiles.yaml")
    ranks = tiles_doc["classes"]
    if tiles_doc.get("order") == "highest_first":
        ranks = list(reversed(ranks))
    strength = {t: position for position, entry in enumerate(ranks) for t in _members(entry)}
    classes = pairs_doc["classes"]
    if pairs_doc.get("order") == "highest_first":
        classes = list(reversed(classes))
    found, copies = {}, dict.fromkeys(strength, 1)
    for position, entry in enumerate(classes):
        first, *others = _members(entry)
        # A class naming the same tile twice shows that tile is doubled in the set (art. 100 gives only the total).
        if others == [first]:
            copies[first] = 2
        # Wongs and Gongs list one tile and the tiles it may go with, all at the same rank.
        for other in others:
            found[tuple(sorted((first, other)))] = position
    unknown = {t for pair in found for t in pair} - set(strength)
    if unknown:
        raise ValueError(f"tuiles des combinaisons absentes de l'ordre des tuiles : {sorted(unknown)}")
    # The first combination of art. 101 is the suprême pair whose tiles count three or six (art. 103).
    supreme = tuple(_members(classes[-1]))
    return Rules(
        strength=strength,
        kinds=tuple(sorted(strength, key=lambda t: (-strength[t], -t.high, -t.low))),
        copies=copies,
        combinations=found,
        combination_keys=tuple(entry["key"] for entry in classes),
        combination_labels=tuple(entry["label"] for entry in classes),
        supreme=supreme,
        citations=(citation(pairs_doc["reference"]), citation(tiles_doc["reference"])),
    )


def tile_set() -> tuple[Tile, ...]:
    """The 32 tiles (QC RJC art. 100), strongest first."""
    table = rules()
    return tuple(t for t in table.kinds for _ in range(table.copies[t]))


def _counts(t: Tile) -> tuple[int, ...]:
    # The suprême tiles used separately may count three or six (QC RJC art. 103).
    return (3, 6) if t in rules().supreme else (t.pips,)


def combination(hand) -> int | None:
    """Position of the art. 101 combination (0 = twentieth … 19 = suprême), or None."""
    a, b = hand
    return rules().combinations.get((a, b) if a <= b else (b, a))


def points(hand) -> int:
    """Units digit of the pips, the better one when a suprême tile is used alone (QC RJC art. 102, 103)."""
    a, b = hand
    return max((x + y) % 10 for x in _counts(a) for y in _counts(b))


def hand_value(hand) -> int:
    """Comparable value of a two-tile hand: higher wins, equal means identical (the bank wins, art. 104)."""
    a, b = hand
    return _hand_value(a, b) if a <= b else _hand_value(b, a)


@cache
def _hand_value(a: Tile, b: Tile) -> int:
    strength = rules().strength
    found = combination((a, b))
    score = points((a, b)) if found is None else COMBINATION_BASE + found
    return score * TILE_SHIFT + max(strength[a], strength[b])


def hand_name(hand) -> str:
    found = combination(hand)
    if found is None:
        return f"{points(hand)} point{'s' if points(hand) > 1 else ''}"
    return rules().combination_keys[found]


def compare(player_hand, bank_hand) -> int:
    """1 if the player's two-tile hand beats the bank's, else -1: identical hands go to the bank (art. 104)."""
    return 1 if hand_value(player_hand) > hand_value(bank_hand) else -1


def settle(player: Split, bank: Split) -> int:
    """1 win (both hands higher, art. 110), 0 push (art. 109), -1 loss (neither higher, art. 108)."""
    high = hand_value(player.high) > hand_value(bank.high)
    low = hand_value(player.low) > hand_value(bank.low)
    return 1 if high and low else -1 if not (high or low) else 0


def _oriented(first, second) -> Split:
    # The main forte may not be lower than the main faible (QC RJC art. 113).
    return Split(first, second) if hand_value(first) >= hand_value(second) else Split(second, first)


def splits(four) -> list[Split]:
    """The distinct ways to make a main forte and a main faible of four tiles (at most three)."""
    a, b, c, d = four
    found = []
    for first, second in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
        split = _oriented(first, second)
        key = (hand_value(split.high), hand_value(split.low), sorted(split.high), sorted(split.low))
        if key not in [k for k, _ in found]:
            found.append((key, split))
    return [split for _, split in found]


def house_way(four) -> Split:
    """The bank's way of splitting, defined here since the texts give none (not proven optimal):

    1. when an art. 101 combination can be made, keep it together, choosing among such splits the one with
       the best main faible, then the best main forte;
    2. otherwise make the main faible as strong as possible, then the main forte.
    """
    candidates = splits(four)
    with_combination = [s for s in candidates if combination(s.high) is not None]
    return max(with_combination or candidates, key=lambda s: (hand_value(s.low), hand_value(s.high)))
