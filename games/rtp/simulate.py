"""Vectorized Monte Carlo for the table poker games whose return depends on the player's decisions.

A game supplies `play(rng, count) -> Chunk`: it deals `count` rounds at once, applies its stored
strategy with array masks and gives each round's net result in units of the initial bet. `run`
plays the rounds chunk by chunk from one seeded generator, so a seed always gives the same figure,
and turns the sums into a `StrategyResult` with its 95 % confidence interval.

Pay tables and rule values are read through games.selectors (games/rtp/rulebook.py) on one day, the day of the
evaluation (today unless told), never from the rule files. Odds are taken in the reading each table's text
supports (its `reading`); where a table prints « X pour Y », whose word leaves the reading open, the other reading
is carried alongside as a variant on the same deals.
"""

import datetime
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np

from games.hands.distributions import KINDS, count
from games.hands.ranking import CATEGORY_SHIFT, Ranking, ranking, split_fine_class
from games.rules.yamlfile import read

from . import rulebook
from .strategy import Progress, StrategyResult, mean_and_ci

CHUNK = 200_000
STRATEGIES_DIR = Path(__file__).resolve().parent / "strategies"


def deal(rng: np.random.Generator, rounds: int, cards: int) -> np.ndarray:
    """`rounds` rows of `cards` distinct cards from one 52-card deck, in dealing order.

    A partial Fisher–Yates shuffle on a flat array: a fifth of the cost of sorting 52 keys a row."""
    deck = np.tile(np.arange(52, dtype=np.int8), rounds)
    base = np.arange(rounds, dtype=np.int64) * 52
    for position in range(cards):
        here = base + position
        there = base + rng.integers(position, 52, size=rounds)
        deck[here], deck[there] = deck[there], deck[here].copy()
    return deck.reshape(rounds, 52)[:, :cards].astype(np.int64)


# --- hand values ---------------------------------------------------------------------------------


def category(values: np.ndarray) -> np.ndarray:
    return values >> CATEGORY_SHIFT


def top_rank(values: np.ndarray) -> np.ndarray:
    """First packed rank (2 … 14): the rank that names a pair, trips, quads or a straight's top."""
    return (values >> 16) & 15


def qualifies(values: np.ndarray, rule: str) -> np.ndarray:
    """Whether the dealer opens: "pair" (a pair or better), "roi" (king or ace high or better),
    "as_roi" (ace and king or better); every ranking's lowest category is the bare high card."""
    made = category(values) > 0
    if rule == "pair":
        return made
    if rule == "roi":
        return made | (top_rank(values) >= 13)
    if rule == "as_roi":
        return made | ((top_rank(values) == 14) & ((values >> 12) & 15 == 13))
    raise ValueError(f"qualification « {rule} » inconnue")


RANK_WORDS = {
    "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6, "sevens": 7, "eights": 8,
    "nines": 9, "tens": 10, "jacks": 11, "queens": 12, "kings": 13, "aces": 14,
}  # fmt: skip
CATEGORY_ALIASES = {"four": "four_of_a_kind", "three": "three_of_a_kind", "trips": "three_of_a_kind"}


def hand_mask(hand: str, values: np.ndarray, rules: Ranking) -> np.ndarray:
    """Which values fall in a pay-table class: a category, "royal_flush", or a category with a rank
    qualifier ("pair_aces", "four_aces", "pair_tens_or_better", "two_pair_tens_or_better")."""
    categories = category(values)
    if hand == "royal_flush":
        return (categories == rules.index("straight_flush")) & (top_rank(values) == 14)
    name = CATEGORY_ALIASES.get(hand, hand)
    if rules.has(name):
        return categories == rules.index(name)
    words = "|".join(RANK_WORDS)
    match = re.fullmatch(rf"(.+?)_({words})(_or_better)?", hand)
    if not match or not rules.has(CATEGORY_ALIASES.get(match[1], match[1])):
        raise ValueError(f"classe de main inconnue « {hand} » pour {rules.key}")
    in_category = categories == rules.index(CATEGORY_ALIASES.get(match[1], match[1]))
    rank = RANK_WORDS[match[2]]
    return in_category & ((top_rank(values) >= rank) if match[3] else (top_rank(values) == rank))


# --- pay tables ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    hand: str
    label: str
    odds: Fraction  # X/Y as printed; what a win gains depends on the reading


@dataclass(frozen=True)
class Paytable:
    key: str
    lines: tuple[Line, ...]
    citation: str
    reading: str  # the reading the text's words support: "a" (net) or "pour" (total)
    alternative: str
    printed: str | None  # the printed word, "pour" where it leaves the reading open

    @property
    def ambiguous(self) -> bool:
        """Whether the printed word leaves the reading open, so the other reading is reported too."""
        return self.printed != "a"

    def net(self, line: Line, reading: str | None = None) -> Fraction:
        return rulebook.net_gain(line.odds, reading or self.reading)

    def pays(self, values: np.ndarray, rules: Ranking, reading: str | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(listed, net gain per unit) per value, under `reading` or the one the text supports; a hand in two
        lines (four aces are also quads) takes the better one."""
        listed = np.zeros(values.shape, dtype=bool)
        net = np.zeros(values.shape)
        for line in self.lines:
            mask = hand_mask(line.hand, values, rules)
            listed |= mask
            np.maximum(net, np.where(mask, float(self.net(line, reading)), 0.0), out=net)
        return listed, net


def paytable(key: str, on: datetime.date | None = None) -> Paytable:
    """Pay table `key` (e.g. the Caraïbes' « main ») in its version applicable on `on` (today by default)."""
    table = rulebook.paytable(key, on)
    lines = []
    for entry in table["lines"]:
        if entry["parsed"]["kind"] != "odds":
            raise ValueError(f"{key}: paiement « {entry['parsed']['kind']} » non géré")
        lines.append(Line(entry["hand"], entry["label"], rulebook.odds(entry["parsed"])))
    reading = table["reading"]
    return Paytable(key, tuple(lines), table["citation"]["text"], reading["default"], reading["alternative"],
                    reading["printed"])


def exact_side_bet(key: str, kind: str, on: datetime.date | None = None) -> dict:
    """Exact return of a side bet settled on the player's hand alone, from the counted distribution
    of that hand kind; per unit staked, in the reading its text supports (and the other, where the printed word
    leaves it open)."""
    table = paytable(key, on)
    rules = ranking(KINDS[kind].ranking)
    total, counts = count(kind)
    fine = list(counts)
    values = np.array([rules.value(*split_fine_class(name)) for name in fine], dtype=np.int64)
    listed, _ = table.pays(values, rules)
    expected = {reading: Fraction(-1) for reading in (table.reading, table.alternative)}
    hits = {}
    for index, name in enumerate(fine):
        if not listed[index]:
            continue
        best = max(
            (line for line in table.lines if hand_mask(line.hand, values[index : index + 1], rules)[0]),
            key=lambda line: line.odds,
        )
        weight = Fraction(counts[name], total)
        for reading in expected:
            expected[reading] += weight * (table.net(best, reading) + 1)
        hits[best.hand] = hits.get(best.hand, 0) + weight
    result = {
        "paytable": key,
        "reading": table.reading,
        "expected": float(expected[table.reading]),
        "expected_fraction": str(expected[table.reading]),
        "citation": table.citation,
        "frequencies": {hand: float(p) for hand, p in hits.items()},
    }
    if table.ambiguous:
        result |= {"alternative_reading": table.alternative, "expected_alternative": float(expected[table.alternative])}
    return result


def rule_value(key: str, on: datetime.date | None = None):
    """The value of a regulated value on `on` (today by default), through games.selectors,
    e.g. the Caraïbes' dealer qualification is "roi"."""
    return rulebook.value(key, on)


def multiple(key: str, on: datetime.date | None = None) -> float:
    return float(Fraction(str(rule_value(key, on))))


# --- strategies ----------------------------------------------------------------------------------


@cache
def strategies(game: str) -> dict:
    return read(STRATEGIES_DIR / f"{game}.yaml")


def strategy(game: str, key: str | None = None) -> dict:
    """The stored strategy `key` of `game` (the first one when no key is given)."""
    found = strategies(game)["strategies"]
    if key is None:
        return found[0]
    for entry in found:
        if entry["key"] == key:
            return entry
    raise ValueError(f"stratégie « {key} » inconnue pour {game}")


# --- running -------------------------------------------------------------------------------------


@dataclass
class Chunk:
    """One batch of rounds: per-round net result and total staked (initial-bet units), the part each
    bet contributes, boolean masks of decisions and outcomes to count, and variant results (other
    readings of the text, same deals and decisions)."""

    result: np.ndarray
    stake: np.ndarray
    bets: dict[str, np.ndarray] = field(default_factory=dict)
    decisions: dict[str, np.ndarray] = field(default_factory=dict)
    outcomes: dict[str, np.ndarray] = field(default_factory=dict)
    variants: dict[str, np.ndarray] = field(default_factory=dict)


class Tally:
    def __init__(self):
        self.rounds = 0
        self.sums: dict[str, dict[str, float]] = {}

    def _add(self, group: str, name: str, value: float):
        bucket = self.sums.setdefault(group, {})
        bucket[name] = bucket.get(name, 0.0) + float(value)

    def add(self, chunk: Chunk):
        self.rounds += len(chunk.result)
        for name, array in (("result", chunk.result), *chunk.variants.items()):
            self._add("sum", name, array.sum())
            self._add("squares", name, np.square(array).sum())
        self._add("sum", "stake", chunk.stake.sum())
        for group, arrays in (("bets", chunk.bets), ("decisions", chunk.decisions), ("outcomes", chunk.outcomes)):
            for name, array in arrays.items():
                self._add(group, name, array.sum())

    def mean_ci(self, name: str) -> tuple[float, tuple[float, float]]:
        return mean_and_ci(self.sums["sum"][name], self.sums["squares"][name], self.rounds)

    def frequencies(self, group: str) -> dict[str, float]:
        return {name: total / self.rounds for name, total in self.sums.get(group, {}).items()}


FLAG_GAP = 0.01  # a variant more than one point of the initial bet away from the result is flagged


def run(
    game: str,
    play,
    rounds: int,
    seed: int,
    progress: Progress | None = None,
    strategy_key: str | None = None,
    articles: tuple[str, ...] = (),
    details: dict | None = None,
    on: datetime.date | None = None,
) -> StrategyResult:
    """Plays `rounds` rounds of `play(rng, count, on)`, the rules read on `on` (today by default). The result cites,
    from the rule data, the game's articles its strategy file names (`articles`), then those given here."""
    on = rulebook.day(on)
    chosen = strategy(game, strategy_key)
    rng = np.random.default_rng(seed)
    tally = Tally()
    while tally.rounds < rounds:
        tally.add(play(rng, min(CHUNK, rounds - tally.rounds), on))
        if progress:
            progress(tally.rounds, rounds)
    expected, ci95 = tally.mean_ci("result")
    variants = {}
    for name in tally.sums["sum"]:
        if name not in ("result", "stake"):
            mean, interval = tally.mean_ci(name)
            variants[name] = {"expected": mean, "ci95": list(interval), "flagged": abs(mean - expected) > FLAG_GAP}
    return StrategyResult(
        game=game,
        strategy=chosen["key"],
        method="simulation",
        optimal=chosen.get("optimal"),
        expected=expected,
        citations=rulebook.citations(game, (*chosen.get("articles", ()), *articles)),
        rounds=tally.rounds,
        ci95=ci95,
        average_stake=tally.sums["sum"]["stake"] / tally.rounds,
        details={
            "reading": "a",
            "on": on.isoformat(),
            "draft": rulebook.applies_draft(game),
            "seed": seed,
            "decks": 1,
            "bets": tally.frequencies("bets"),
            "decisions": tally.frequencies("decisions"),
            "outcomes": tally.frequencies("outcomes"),
            "variants": variants,
            **(details or {}),
        },
    )
