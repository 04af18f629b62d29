"""Poker grand prix (QC RJC art. 67.4 to 67.8): exact return under the optimal withdrawal strategy.

The player makes three equal bets and sees his three cards; he may withdraw bet 1; the dealer shows
his second card; the player may withdraw bet 2; the dealer shows his first card and the five cards
are paid per art. 67.8 on every bet still in play, from a pair of tens up (art. 67.7). Bet 3 always
plays. One 52-card deck (art. 67.1 allows two). The dealer's third card leaves play unseen (art.
67.6): it changes no probability.

Every bet meets the same five cards, so the decisions do not interact: bet 1 stays exactly when its
expectation given the three cards is positive, bet 2 when it is positive given the four cards known.
At zero (either choice returns the same) the bet is withdrawn: the smaller stake. Every five-card
hand is evaluated once (C(52, 5) = 2,598,960) and counted into each of its three- and four-card
subsets by combinatorial index: integer counts, no sampling, no rounding.

The pay-table reader and the value → line table serve the 3-5-7 evaluation too.
"""

import datetime
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, lcm

import numpy as np

from compliance.profiles import concept, engine_game, game_profile
from games.hands.cards import RANKS, rank, suit
from games.hands.fast import evaluate_many
from games.hands.ranking import CATEGORY_SHIFT, ranking

from . import rulebook
from .hands import winning_line
from .strategy import Progress, StrategyResult

GAME = engine_game("grand_prix")  # the game the profiles give this engine (compliance.profiles)
STRATEGY = "retrait_optimal"
PAYTABLE = f"{GAME}.main"
# the Québec ranking, its profile\'s « classement.cinq_cartes » (QC RJC art. 67.2, 67.11), the ace low in A-2-3-4-5
# only (67.1)
RANKING = concept(game_profile(GAME).code, "classement.cinq_cartes")
# the articles the result rests on, among the game's (games/rules/games/qc/grand_prix.yaml), cited from the rule data
ARTICLES = ("67.1", "67.2", "67.4", "67.6", "67.7", "67.8")
UNIT = "une des trois mises égales ({citation}) / one of the three equal bets"
CHUNK = 1 << 18
TEN, KING, ACE = RANKS.index("T"), RANKS.index("K"), RANKS.index("A")

_BINOMIAL = np.array([[comb(n, k) for k in range(8)] for n in range(53)], dtype=np.int64)


@dataclass(frozen=True)
class Line:
    label: str
    hand: str  # key read by games/rtp/hands.py
    net: Fraction  # net win per unit staked


def paytable(key: str, on: datetime.date | None = None) -> tuple[str, tuple[Line, ...]]:
    """(version date, lines in printed order) of the version of a pay table applicable on `on` (today by default),
    each line's net win in the reading its text supports."""
    table = rulebook.paytable(key, on)
    lines = []
    for line in table["lines"]:
        parsed = line["parsed"]
        if parsed["kind"] != "odds":
            raise ValueError(f"{key} : paiement « {parsed['kind']} » non pris en charge / unsupported payout")
        lines.append(Line(line["label"], line["hand"], rulebook.net_gain(rulebook.odds(parsed),
                                                                          table["reading"]["default"])))
    return table["effective_from"], tuple(lines)


def integer_results(lines) -> tuple[int, np.ndarray]:
    """(D, net result × D of each line, then −D for a losing hand): exact integer arithmetic."""
    denominator = lcm(*(line.net.denominator for line in lines))
    return denominator, np.array([int(line.net * denominator) for line in lines] + [-denominator], dtype=np.int64)


def line_by_key(ranking_key: str, lines) -> np.ndarray:
    """Line index of a hand value v at position v >> 16 (category, first rank); len(lines) = lost.

    The lines look no further than that (a pair of tens, a higher pair of tens, the ace of a royal
    flush); the always-keep returns, equal to those of the fine-class distributions (tests), confirm it.
    """
    rules = ranking(ranking_key)
    hands = [line.hand for line in lines]
    table = np.full(len(rules.categories) << 4, len(lines), dtype=np.int64)
    for category in range(len(rules.categories)):
        for first in range(2, 15):
            found = winning_line(rules.fine_class(category << CATEGORY_SHIFT | first << 16), hands)
            if found is not None:
                table[category << 4 | first] = found
    return table


def colex_index(cards: np.ndarray) -> np.ndarray:
    """Position of each row of increasing cards among the C(52, k) sets in colexicographic order."""
    return sum(_BINOMIAL[cards[:, i], i + 1] for i in range(cards.shape[1]))


def all_hands(size: int) -> np.ndarray:
    """Every set of `size` cards, increasing, row i of colex index i."""
    hands = np.zeros((1, 0), dtype=np.int64)
    for k in range(1, size + 1):
        # in colex order the sets whose top card is t are t over the first C(t, k−1) smaller sets
        heights = [comb(top, k - 1) for top in range(52)]
        rows = np.concatenate([np.arange(height) for height in heights])
        hands = np.column_stack([hands[rows], np.repeat(np.arange(52), heights)])
    return hands


def checked(cards, size: int) -> tuple[int, ...]:
    cards = tuple(int(c) for c in cards)
    if len(set(cards)) != size or not all(0 <= c < 52 for c in cards):
        raise ValueError(f"il faut {size} cartes distinctes / {size} distinct cards needed: {cards}")
    return cards


def index_of(cards, size: int) -> int:
    return int(colex_index(np.array([sorted(checked(cards, size))]))[0])


@dataclass(frozen=True)
class _Tables:
    version: str
    lines: tuple[Line, ...]
    denominator: int
    numerators: np.ndarray  # net × D per line, then the loss
    line_counts: np.ndarray  # five-card hands per line, then losing hands
    three: np.ndarray  # Σ net × D over the C(49, 2) completions of each three-card set, by colex index
    four: np.ndarray  # Σ net × D over the 48 completions of each four-card set
    in_play: np.ndarray  # per line: bets in play summed over every hand and its 20 deals


_CACHE: dict[tuple, _Tables] = {}  # per pay-table version and lines: a new version is counted again


def _tables(progress: Progress | None = None, on: datetime.date | None = None) -> _Tables:
    table = paytable(PAYTABLE, on)
    if table not in _CACHE:
        _CACHE[table] = _build(table, progress or (lambda done, total: None))
    elif progress:
        progress(1, 1)
    return _CACHE[table]


def _build(table: tuple[str, tuple[Line, ...]], progress: Progress) -> _Tables:
    version, lines = table
    denominator, numerators = integer_results(lines)
    width = len(lines) + 1
    progress(0, 5)
    hands = all_hands(5)
    # by slices: evaluate_many's temporaries are ~40 bytes per card
    values = np.concatenate([evaluate_many(hands[i : i + CHUNK], RANKING) for i in range(0, len(hands), CHUNK)])
    hand_lines = line_by_key(RANKING, lines)[values >> 16]
    progress(1, 5)
    sums = {}
    for size in (3, 4):
        counts = np.zeros(comb(52, size) * width, dtype=np.int64)
        for positions in combinations(range(5), size):
            subset = colex_index(hands[:, positions])
            counts += np.bincount(subset * width + hand_lines, minlength=comb(52, size) * width)
        sums[size] = counts.reshape(-1, width) @ numerators
        progress(size - 1, 5)
    # A hand is dealt 20 ways (the player's three, then which dealer card shows first): bet 3 is in
    # play in all 20, bet 1 in 2 per kept three-card subset, bet 2 in 4 per kept four-card subset.
    in_play = np.full(len(hands), 20, dtype=np.int64)
    for size, ways in ((3, 2), (4, 4)):
        kept = sums[size] > 0
        for positions in combinations(range(5), size):
            in_play += ways * kept[colex_index(hands[:, positions])]
    progress(4, 5)
    in_play_by_line = np.array([in_play[hand_lines == line].sum() for line in range(width)], dtype=np.int64)
    line_counts = np.bincount(hand_lines, minlength=width)
    progress(5, 5)
    return _Tables(version, lines, denominator, numerators, line_counts, sums[3], sums[4], in_play_by_line)


def bet1_value(cards) -> Fraction:
    """Expected net result of a bet per unit, given the player's three cards."""
    tables = _tables()
    return Fraction(int(tables.three[index_of(cards, 3)]), tables.denominator * comb(49, 2))


def bet2_value(cards) -> Fraction:
    """Expected net result of a bet per unit, given the player's three cards and the dealer's second."""
    tables = _tables()
    return Fraction(int(tables.four[index_of(cards, 4)]), tables.denominator * 48)


def evaluate(progress: Progress | None = None, on: datetime.date | None = None) -> StrategyResult:
    on = rulebook.day(on)
    tables = _tables(progress, on)
    lines, denominator, numerators = tables.lines, tables.denominator, tables.numerators
    hands, starts, states = comb(52, 5), comb(52, 3), comb(52, 4)

    bet3 = Fraction(int(tables.line_counts @ numerators), denominator * hands)
    keep1, keep2 = tables.three > 0, tables.four > 0
    bet1 = Fraction(int(tables.three[keep1].sum()), denominator * comb(49, 2) * starts)
    bet2 = Fraction(int(tables.four[keep2].sum()), denominator * 48 * states)
    expected = bet1 + bet2 + bet3
    keep1_probability = Fraction(int(keep1.sum()), starts)
    keep2_probability = Fraction(int(keep2.sum()), states)
    average_stake = 1 + keep1_probability + keep2_probability
    # the same return summed hand by hand: a check of the induction's bookkeeping
    if Fraction(int(tables.in_play @ numerators), 20 * denominator * hands) != expected:
        raise AssertionError("grand prix : sommes par main ≠ induction / per-hand sums disagree")

    outcomes = []
    for index, count in enumerate(int(n) for n in tables.line_counts):
        line = lines[index] if index < len(lines) else None
        outcomes.append(
            {
                "label": line.label if line else "Main perdante (moins qu'une paire de dix)",
                "label_en": None if line else "Losing hand (less than a pair of tens)",
                "hand": line.hand if line else None,
                "net": line.net if line else Fraction(-1),
                "probability": Fraction(count, hands),
                "mean_bets_in_play": Fraction(int(tables.in_play[index]), 20 * count),
            }
        )
    details = {
        "on": on.isoformat(),
        "decks": 1,
        "paytable": PAYTABLE,
        "paytable_version": tables.version,
        "unit": UNIT.format(citation=rulebook.citation(GAME, "67.4")),
        "initial_stake": 3,
        "expected_per_initial_stake": expected / 3,
        "element_of_risk": expected / average_stake,
        "always_keep_expected": 3 * bet3,
        "expected_by_bet": {"bet1": bet1, "bet2": bet2, "bet3": bet3},
        "bet1_kept_starts": int(keep1.sum()),
        "bet1_starts": starts,
        "bet1_kept_probability": keep1_probability,
        "bet1_zero_expectation_starts": int((tables.three == 0).sum()),
        "bet2_kept_states": int(keep2.sum()),
        "bet2_states": states,
        "bet2_kept_probability": keep2_probability,
        "bet2_zero_expectation_states": int((tables.four == 0).sum()),
        "outcomes": outcomes,
        "strategy": strategy_table(),
    }
    return StrategyResult(
        game=GAME,
        strategy=STRATEGY,
        method="exact",
        optimal=True,
        expected=expected,
        citations=rulebook.citations(GAME, ARTICLES),
        average_stake=average_stake,
        details=details,
    )


# The rule in words (strategies/qc.grand_prix.yaml); the tests check that it takes the optimal
# decision on every three-card start and every four-card state.


def _pays(ranks) -> bool:
    counts = [ranks.count(r) for r in set(ranks)]
    pairs = [r for r in set(ranks) if ranks.count(r) == 2]
    return max(counts) >= 3 or len(pairs) >= 2 or any(r >= TEN for r in pairs)


def rule_keeps_bet1(cards) -> bool:
    """A paying hand; or three suited cards within five ranks in a row, the ace only high: in a row but
    for 2-3-4, with one gap and a ten or better, or with two gaps and two tens or better."""
    ranks = sorted(rank(c) for c in cards)
    if _pays(ranks):
        return True
    if len({suit(c) for c in cards}) > 1 or ranks == [0, 1, 2] or ranks[0] <= 3 and ranks[-1] == ACE:
        return False
    gaps, high = ranks[-1] - ranks[0] - 2, sum(r >= TEN for r in ranks)
    return gaps == 0 or gaps == 1 and high >= 1 or gaps == 2 and high >= 2


def rule_keeps_bet2(cards) -> bool:
    """A paying hand, four suited cards, or four ranks in a row from 7-8-9-10 to 10-J-Q-K."""
    ranks = sorted(rank(c) for c in cards)
    if _pays(ranks) or len({suit(c) for c in cards}) == 1:
        return True
    return len(set(ranks)) == 4 and ranks[-1] - ranks[0] == 3 and TEN <= ranks[-1] <= KING


def _class_label(cards) -> str:
    """Ranks, highest first, with « s » when every card is of one suit: all that counts for a
    decision, as a flush needs all five cards (decision_classes checks it)."""
    labels = "".join(RANKS[r] for r in sorted((rank(c) for c in cards), reverse=True))
    return labels + ("s" if len({suit(c) for c in cards}) == 1 else "")


@cache
def decision_classes(size: int) -> dict[str, bool]:
    """Keep (True) or withdraw, by class of three cards (bet 1) or four cards (bet 2)."""
    sums = _tables().three if size == 3 else _tables().four
    found: dict[str, bool] = {}
    for cards, total in zip(all_hands(size).tolist(), sums.tolist(), strict=True):
        label = _class_label(cards)
        if found.setdefault(label, total > 0) != (total > 0):
            raise AssertionError(f"grand prix : décisions différentes dans la classe {label}")
    return found


def strategy_table() -> dict:
    """Classes that keep bet 1 (three cards) and bet 2 (four cards), strongest ranks first."""

    def kept(size):
        labels = [label for label, keep in decision_classes(size).items() if keep]
        return sorted(labels, key=lambda label: ([-RANKS.index(c) for c in label.rstrip("s")], label))

    return {
        "bet1_keep": kept(3),
        "bet2_keep": kept(4),
        "bet1_rule": rule_keeps_bet1.__doc__,
        "bet2_rule": rule_keeps_bet2.__doc__,
        "note": (
            "Espérance nulle (garder ou retirer revient au même ; on retire) : mise 2 avec quatre cartes qui "
            "se suivent de 2-3-4-5 à 6-7-8-9, ou à un trou toutes de dix ou plus. / Zero expectation, "
            "withdrawn: bet 2 with four in a row 2-3-4-5 to 6-7-8-9, or one gap all ten or better."
        ),
    }
