"""Pai Gow tiles (QC RJC art. 100–113): the player's return against a dealer who splits the house way.

Exact: every (player four tiles, dealer four tiles) deal of the 32-tile set is counted once, grouped by the
multisets of tile kinds (8,130 four-tile multisets), each pair of multisets weighted by the number of deals it
stands for. Over the C(32,4)·C(28,4) = 736,281,000 deals this gives, for each player multiset and each of its
splits, how many deals the player wins and loses; a strategy is then one split per multiset, and the best split
against the house way is the optimal strategy. Simulation deals random rounds and reads the same split tables.

Settlement (QC RJC art. 108–111): both hands higher wins even money less a 5 % commission computed on the bet
rounded up to the next multiple of 10; one hand higher is a push; otherwise the bet is lost.
"""

import datetime
import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from itertools import combinations
from pathlib import Path

import numpy as np

from compliance.profiles import engine_game
from games.hands import pai_gow
from games.rules.yamlfile import read

from . import rulebook
from .strategy import Progress, StrategyResult, mean_and_ci

GAME = engine_game("pai_gow")  # the game the profiles give this engine (compliance.profiles)
STRATEGIES = ("maison", "optimale")
STRATEGIES_DIR = Path(__file__).resolve().parent / "strategies"
_CHUNK = 512


def commission(bet: Decimal, on: datetime.date | None = None) -> Fraction:
    """Commission per unit bet on a winning bet (QC RJC art. 111): 5 % of the next multiple of 10, as the rules in
    force on `on` (today by default) set the rate and the step."""
    rate = rulebook.value(f"{GAME}.commission", on)
    step = rulebook.value(f"{GAME}.commission_arrondi", on)
    bet, step = Fraction(Decimal(bet)), Fraction(Decimal(step))
    if bet <= 0:
        raise ValueError("la mise doit être positive / bet must be positive")
    base = math.ceil(bet / step) * step
    return Fraction(Decimal(rate)) * base / bet


@dataclass(frozen=True)
class Tables:
    hands: list  # four-tile multisets, as sorted tuples of tiles
    counts: np.ndarray  # (n, kinds) copies of each kind in each multiset
    weights: np.ndarray  # (n,) four-tile hands of the set each multiset stands for
    high: np.ndarray  # (n, 3) value of the main forte of each split (a repeated split pads to three)
    low: np.ndarray  # (n, 3)
    house: np.ndarray  # (n,) index of the house-way split
    wins: np.ndarray | None = None  # (n, 3) deals won against the house way, per split
    losses: np.ndarray | None = None


def _multisets(caps, size):
    if not caps:
        if size == 0:
            yield ()
        return
    for take in range(min(caps[0], size), -1, -1):
        for rest in _multisets(caps[1:], size - take):
            yield (take, *rest)


@cache
def tables() -> Tables:
    """Split values of every four-tile multiset, and the house way's choice."""
    rules = pai_gow.rules()
    kinds = rules.kinds
    caps = tuple(rules.copies[k] for k in kinds)
    hands, counts, weights, high, low, house = [], [], [], [], [], []
    for vector in _multisets(caps, 4):
        four = tuple(k for k, c in zip(kinds, vector, strict=True) for _ in range(c))
        options = pai_gow.splits(four)
        chosen = pai_gow.house_way(four)
        options = options + [options[0]] * (3 - len(options))
        hands.append(four)
        counts.append(vector)
        weights.append(math.prod(math.comb(cap, c) for cap, c in zip(caps, vector, strict=True)))
        high.append([pai_gow.hand_value(s.high) for s in options])
        low.append([pai_gow.hand_value(s.low) for s in options])
        house.append(options.index(chosen))
    return Tables(
        hands,
        np.array(counts, dtype=np.int64),
        np.array(weights, dtype=np.int64),
        np.array(high, dtype=np.int64),
        np.array(low, dtype=np.int64),
        np.array(house, dtype=np.int64),
    )


_exact_cache: dict = {}


def exact_tables(progress: Progress | None = None) -> Tables:
    """`tables()` with, for each player multiset and split, the deals won and lost against the house way."""
    if "tables" not in _exact_cache:
        _exact_cache["tables"] = _count_deals(progress)
    return _exact_cache["tables"]


def _count_deals(progress: Progress | None) -> Tables:
    base = tables()
    caps = np.array([pai_gow.rules().copies[k] for k in pai_gow.rules().kinds], dtype=np.int64)
    n = len(base.hands)
    rows = np.arange(n)
    dealer_high, dealer_low = base.high[rows, base.house], base.low[rows, base.house]
    present, double = (base.counts >= 1).astype(np.float64), (base.counts == 2).astype(np.float64)
    single = (base.counts == 1).astype(np.float64)
    wins, losses = np.zeros((n, 3), dtype=np.int64), np.zeros((n, 3), dtype=np.int64)
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        remaining = caps - base.counts[start:stop]  # (chunk, kinds)
        # Ways to draw each dealer multiset from what the player leaves: none if a kind runs short, else
        # two for each kind the dealer takes once of two left (every other binomial is 1).
        short = (present @ (remaining == 0).T + double @ (remaining == 1).T).T > 0
        doubled = (single @ (remaining == 2).T).T.astype(np.int32)
        ways = np.where(short, 0, np.left_shift(1, doubled)).astype(np.int32)
        for s in range(3):
            high_wins = base.high[start:stop, s][:, None] > dealer_high[None, :]
            low_wins = base.low[start:stop, s][:, None] > dealer_low[None, :]
            wins[start:stop, s] = (ways * (high_wins & low_wins)).sum(axis=1)
            losses[start:stop, s] = (ways * ~(high_wins | low_wins)).sum(axis=1)
        if progress:
            progress(stop, n)
    return Tables(base.hands, base.counts, base.weights, base.high, base.low, base.house, wins, losses)


def choices(strategy: str, bet: Decimal = Decimal("10"), on: datetime.date | None = None) -> np.ndarray:
    """The split index the strategy takes for each four-tile multiset."""
    if strategy == "maison":
        return tables().house
    if strategy == "optimale":
        found = exact_tables()
        value = found.wins * (1 - commission(bet, on)) - found.losses
        # Stable on ties: the house way when it is as good as any other split.
        best = np.argmax(value, axis=1)
        house_value = value[np.arange(len(found.hands)), found.house]
        return np.where(house_value >= value.max(axis=1), found.house, best)
    raise ValueError(f"stratégie inconnue « {strategy} » / unknown strategy")


@cache
def strategy_entry(strategy: str) -> dict:
    """The strategy's description in strategies/qc.pai_gow.yaml."""
    document = read(STRATEGIES_DIR / f"{GAME}.yaml")
    (entry,) = (entry for entry in document["strategies"] if entry["key"] == strategy)
    return entry


def _exact(strategy: str, bet: Decimal, progress: Progress | None, on: datetime.date) -> StrategyResult:
    found = exact_tables(progress)
    rows = np.arange(len(found.hands))
    size = len(pai_gow.tile_set())
    deals = math.comb(size, 4) * math.comb(size - 4, 4)
    picked = {name: choices(name, bet, on) for name in STRATEGIES}
    rake = commission(bet, on)
    summary = {}
    for name, chosen in picked.items():
        win = int((found.weights * found.wins[rows, chosen]).sum())
        loss = int((found.weights * found.losses[rows, chosen]).sum())
        push = deals - win - loss
        summary[name] = {
            "expected": Fraction(win, deals) * (1 - rake) - Fraction(loss, deals),
            "win": Fraction(win, deals),
            "push": Fraction(push, deals),
            "loss": Fraction(loss, deals),
        }
    mine = summary[strategy]
    same = int(found.weights[picked["maison"] == picked["optimale"]].sum())
    better = summary["optimale"]["expected"] > summary["maison"]["expected"]
    return StrategyResult(
        game=GAME,
        strategy=strategy,
        method="exact",
        optimal=True if strategy == "optimale" else (not better),
        expected=mine["expected"],
        citations=rulebook.citations(GAME, strategy_entry(strategy)["articles"]),
        average_stake=Fraction(1),
        details={
            "on": on.isoformat(),
            "deals": deals,
            "bet": str(bet),
            "commission_per_unit": rake,
            "win": mine["win"],
            "push": mine["push"],
            "loss": mine["loss"],
            "strategies": {name: values["expected"] for name, values in summary.items()},
            "house_way_agrees_with_optimal": Fraction(same, int(found.weights.sum())),
            "dealer": "maison",
        },
    )


@cache
def _subset_index():
    """Four-tile subsets of the 32 positions (combinatorial number system) → multiset row."""
    row_of = {hand: i for i, hand in enumerate(tables().hands)}
    deck = pai_gow.tile_set()
    order = {t: i for i, t in enumerate(pai_gow.rules().kinds)}
    lookup = np.empty(math.comb(len(deck), 4), dtype=np.int64)
    for positions in combinations(range(len(deck)), 4):
        four = tuple(sorted((deck[p] for p in positions), key=order.get))
        lookup[_rank(*positions)] = row_of[four]
    return lookup


def _rank(a, b, c, d):
    return math.comb(a, 1) + math.comb(b, 2) + math.comb(c, 3) + math.comb(d, 4)


_COMB = np.array([[math.comb(n, k) for k in range(5)] for n in range(64)], dtype=np.int64)


def _rows(positions: np.ndarray) -> np.ndarray:
    ordered = np.sort(positions, axis=1)
    return _subset_index()[sum(_COMB[ordered[:, k], k + 1] for k in range(4))]


def _simulate(strategy: str, rounds: int, seed, bet: Decimal, progress: Progress | None,
              on: datetime.date) -> StrategyResult:
    base = tables()
    chosen = choices(strategy, bet, on)
    rake = float(commission(bet, on))
    rng = np.random.default_rng(seed)
    size_of_set = len(pai_gow.tile_set())
    wins = pushes = losses = 0
    total = squares = 0.0
    done, batch = 0, 100_000
    while done < rounds:
        size = min(batch, rounds - done)
        dealt = np.argsort(rng.random((size, size_of_set)), axis=1)[:, :8]
        player, dealer = _rows(dealt[:, :4]), _rows(dealt[:, 4:])
        split = chosen[player]
        high, low = base.high[player, split], base.low[player, split]
        bank_high, bank_low = base.high[dealer, base.house[dealer]], base.low[dealer, base.house[dealer]]
        up_high, up_low = high > bank_high, low > bank_low
        won, lost = up_high & up_low, ~(up_high | up_low)
        result = np.where(won, 1.0 - rake, np.where(lost, -1.0, 0.0))
        wins, losses = wins + int(won.sum()), losses + int(lost.sum())
        pushes += size - int(won.sum()) - int(lost.sum())
        total, squares = total + float(result.sum()), squares + float((result * result).sum())
        done += size
        if progress:
            progress(done, rounds)
    mean, ci = mean_and_ci(total, squares, rounds)
    return StrategyResult(
        game=GAME,
        strategy=strategy,
        method="simulation",
        optimal=strategy_entry(strategy)["optimal"],
        expected=mean,
        citations=rulebook.citations(GAME, strategy_entry(strategy)["articles"]),
        rounds=rounds,
        ci95=ci,
        average_stake=1.0,
        details={
            "on": on.isoformat(),
            "seed": seed,
            "bet": str(bet),
            "commission_per_unit": rake,
            "win": wins / rounds,
            "push": pushes / rounds,
            "loss": losses / rounds,
            "dealer": "maison",
        },
    )


def evaluate(
    strategy: str = "maison",
    *,
    method: str = "exact",
    rounds: int = 200_000,
    seed: int | None = None,
    bet: Decimal = Decimal("10"),
    progress: Progress | None = None,
    on: datetime.date | None = None,
) -> StrategyResult:
    """Player's expected result per unit bet, the dealer (the bank) splitting the house way, under the rules in
    force on `on` (today by default)."""
    if strategy not in STRATEGIES:
        raise ValueError(f"stratégie inconnue « {strategy} » / unknown strategy")
    on = rulebook.day(on)
    if method == "exact":
        return _exact(strategy, Decimal(bet), progress, on)
    if method == "simulation":
        if rounds < 2:
            raise ValueError("au moins deux coups / at least two rounds")
        return _simulate(strategy, rounds, seed, Decimal(bet), progress, on)
    raise ValueError(f"méthode inconnue « {method} » / unknown method")
