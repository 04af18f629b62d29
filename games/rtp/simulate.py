"""Vectorized Monte Carlo for the table poker games whose return depends on the player's decisions.

A game supplies `play(rng, count) -> Chunk`: it deals `count` rounds at once, applies its stored
strategy with array masks and gives each round's net result in units of the initial bet. `run`
plays the rounds chunk by chunk from one seeded generator, so a seed always gives the same figure,
and turns the sums into a `StrategyResult` with its 95 % confidence interval.

Pay tables are read from the rule files, never written here. Odds are taken in the « à » reading
(a win returns the stake plus X/Y); where a table writes « X pour Y » the « pour » reading (X/Y in
all, stake included) is carried alongside as a variant.
"""

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np

from games.hands.distributions import KINDS, count
from games.hands.ranking import CATEGORY_SHIFT, Ranking, citation, ranking, split_fine_class
from games.rules.yamlfile import read

from .strategy import Progress, StrategyResult, mean_and_ci

CHUNK = 200_000
RULES_DIR = Path(__file__).resolve().parent.parent / "rules"
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
    net: Fraction  # « à » reading: won on top of the stake
    net_pour: Fraction  # « pour » reading where the table writes it, else the same as `net`


@dataclass(frozen=True)
class Paytable:
    key: str
    lines: tuple[Line, ...]
    citation: str

    @property
    def has_pour(self) -> bool:
        return any(line.net != line.net_pour for line in self.lines)

    def pays(self, values: np.ndarray, rules: Ranking) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(listed, net « à », net « pour ») per value; a hand in two lines (four aces are also
        quads) takes the better one."""
        listed = np.zeros(values.shape, dtype=bool)
        net = np.zeros(values.shape)
        net_pour = np.zeros(values.shape)
        for line in self.lines:
            mask = hand_mask(line.hand, values, rules)
            listed |= mask
            np.maximum(net, np.where(mask, float(line.net), 0.0), out=net)
            np.maximum(net_pour, np.where(mask, float(line.net_pour), 0.0), out=net_pour)
        return listed, net, net_pour


@cache
def paytable(key: str) -> Paytable:
    """The latest version of pay table `key` (e.g. "qc.caraibes.main")."""
    document = read(RULES_DIR / "paytables" / key.split(".")[0] / f"{key}.yaml")
    version = document["versions"][max(document["versions"])]
    lines = []
    for entry in version["lines"]:
        payout = entry["payout"]
        if payout["kind"] != "odds":
            raise ValueError(f"{key}: paiement « {payout['kind']} » non géré")
        ratio = Fraction(str(payout["numerator"])) / Fraction(str(payout["denominator"]))
        pour = payout.get("notation") == "pour"
        lines.append(Line(entry["hand"], entry["label"], ratio, ratio - 1 if pour else ratio))
    return Paytable(key, tuple(lines), citation(version["reference"]))


def exact_side_bet(key: str, kind: str) -> dict:
    """Exact return of a side bet settled on the player's hand alone, from the counted distribution
    of that hand kind; per unit staked, in both readings."""
    table = paytable(key)
    rules = ranking(KINDS[kind].ranking)
    total, counts = count(kind)
    fine = list(counts)
    values = np.array([rules.value(*split_fine_class(name)) for name in fine], dtype=np.int64)
    listed, _, _ = table.pays(values, rules)
    expected, expected_pour, hits = Fraction(-1), Fraction(-1), {}
    for index, name in enumerate(fine):
        if not listed[index]:
            continue
        best = max(
            (line for line in table.lines if hand_mask(line.hand, values[index : index + 1], rules)[0]),
            key=lambda line: line.net,
        )
        weight = Fraction(counts[name], total)
        expected += weight * (best.net + 1)
        expected_pour += weight * (best.net_pour + 1)
        hits[best.hand] = hits.get(best.hand, 0) + weight
    result = {
        "paytable": key,
        "expected": float(expected),
        "expected_fraction": str(expected),
        "citation": table.citation,
        "frequencies": {hand: float(p) for hand, p in hits.items()},
    }
    if table.has_pour:
        result["expected_pour"] = float(expected_pour)
    return result


@cache
def rule_value(key: str):
    """Latest value of a regulated value read from its rule file (the tests run without a database),
    e.g. rule_value("qc.caraibes.qualification_croupier") == "as_roi"."""
    *folders, name = key.split(".")
    document = read(RULES_DIR / "values" / Path(*folders) / f"{name}.yaml")
    return document["values"][max(document["values"])]["value"]


def multiple(key: str) -> float:
    return float(Fraction(str(rule_value(key))))


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


def run(
    game: str,
    play,
    rounds: int,
    seed: int,
    progress: Progress | None = None,
    strategy_key: str | None = None,
    citations: tuple[str, ...] = (),
    details: dict | None = None,
) -> StrategyResult:
    chosen = strategy(game, strategy_key)
    rng = np.random.default_rng(seed)
    tally = Tally()
    while tally.rounds < rounds:
        tally.add(play(rng, min(CHUNK, rounds - tally.rounds)))
        if progress:
            progress(tally.rounds, rounds)
    expected, ci95 = tally.mean_ci("result")
    variants = {}
    for name in tally.sums["sum"]:
        if name not in ("result", "stake"):
            mean, interval = tally.mean_ci(name)
            variants[name] = {"expected": mean, "ci95": list(interval)}
    return StrategyResult(
        game=game,
        strategy=chosen["key"],
        method="simulation",
        optimal=chosen.get("optimal"),
        expected=expected,
        citations=tuple(dict.fromkeys((*chosen.get("citations", ()), *citations))),
        rounds=tally.rounds,
        ci95=ci95,
        average_stake=tally.sums["sum"]["stake"] / tally.rounds,
        details={
            "reading": "a",
            "seed": seed,
            "decks": 1,
            "bets": tally.frequencies("bets"),
            "decisions": tally.frequencies("decisions"),
            "outcomes": tally.frequencies("outcomes"),
            "variants": variants,
            **(details or {}),
        },
    )
