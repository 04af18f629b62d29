"""Poker 3-5-7, seven-card bet (QC RJC art. 67.45 to 67.47, 67.50): exact return under the optimal
withdrawal.

After seeing his three cards the player may withdraw the seven-card bet, losing half of it (art.
67.47); otherwise his three cards and the dealer's four make the hand, the best five of seven paid
per art. 67.50. « Double paire de dix et plus » is read as two pair whose higher pair is tens or
better. One 52-card deck (art. 67.41 allows two). Withdrawing is optimal exactly when keeping is
worth less than −1/2; at exactly −1/2 (the same return) it would be withdrawn, but no start is.

For each of the 1,755 three-card starts up to suit permutation, every one of the C(49, 4) = 211,876
dealer hands is valued at once: the rank-only value of the seven cards looked up by rank multiset
(the dealer's 1,820 multisets, one lookup each), raised to the flush or straight flush of any suit
the start holds (no other suit can reach five cards). Only the category and the first rank decide
the line, so the counts are integers per line: an exact return.
"""

import datetime
from fractions import Fraction
from functools import cache
from itertools import permutations
from math import comb

import numpy as np

from compliance.profiles import concept, engine_game, game_profile
from games.hands.cards import RANKS, rank, suit
from games.hands.fast import _tables as value_tables

from . import rulebook
from .grand_prix import all_hands, checked, integer_results, line_by_key, paytable
from .strategy import Progress, StrategyResult

GAME = engine_game("trois_cinq_sept")  # the game the profiles give this engine (compliance.profiles)
STRATEGY = "retrait_optimal"
PAYTABLE = f"{GAME}.sept_cartes"
# the ranking its profile names (« 357.classement_cinq_cartes »): the combinations of QC RJC art. 67.44, the ace low in
# A-2-3-4-5 only (67.41)
RANKING = concept(game_profile(GAME).code, "357.classement_cinq_cartes")
# the articles the result rests on, among the game's (games/rules/games/qc/357.yaml), cited from the rule data
ARTICLES = ("67.41", "67.44", "67.45", "67.46", "67.47", "67.50")
WITHDRAWN = "Mise retirée ({citation})"
WITHDRAWN_EN = "Bet withdrawn ({citation})"
WITHDRAWAL = Fraction(-1, 2)  # art. 67.47: « perd la moitié de sa mise »
DEALER_HANDS = comb(49, 4)
_POWERS = 5 ** np.arange(13, dtype=np.int64)
_SUIT_PERMUTATIONS = np.array(list(permutations(range(4))), dtype=np.int64)


@cache
def _dealer():
    hands = all_hands(4)
    ranks, suits = hands >> 2, hands & 3
    multisets, inverse = np.unique(_POWERS[ranks].sum(axis=1), return_inverse=True)
    cards = (np.int64(1) << hands).sum(axis=1)
    masks = np.stack([np.where(suits == s, 1 << ranks, 0).sum(axis=1) for s in range(4)], axis=1)
    return multisets, inverse, cards, masks


def _paytable(on: datetime.date | None = None):
    return _paytable_of(paytable(PAYTABLE, on))


@cache
def _paytable_of(table):
    version, lines = table
    denominator, numerators = integer_results(lines)
    return version, lines, denominator, numerators, line_by_key(RANKING, lines)


def line_counts(start, table=None) -> np.ndarray:
    """Dealer hands per pay-table line (last: lost) for the player's three cards `start`; `table` is `_paytable()`,
    read once by a caller that counts many starts."""
    start = checked(start, 3)
    keys, values, suit_values = value_tables(RANKING, 7)
    multisets, inverse, dealt, masks = _dealer()
    table = table or _paytable()
    lines = table[4]
    start_key = int(sum(_POWERS[rank(c)] for c in start))
    # multisets holding a fifth card of a rank belong to overlapping hands only, dropped below
    found = np.minimum(np.searchsorted(keys, start_key + multisets), len(keys) - 1)
    hand_values = values[found][inverse]
    for held in {suit(c) for c in start}:
        mask = sum(1 << rank(c) for c in start if suit(c) == held)
        np.maximum(hand_values, suit_values[mask | masks[:, held]], out=hand_values)
    disjoint = (dealt & sum(1 << c for c in start)) == 0
    counts = np.bincount(lines[hand_values[disjoint] >> 16], minlength=len(table[1]) + 1)
    if counts.sum() != DEALER_HANDS:
        raise AssertionError(f"3-5-7 : {counts.sum()} mains du croupier ≠ C(49, 4) / dealer hands miscounted")
    return counts


def keep_value(start) -> Fraction:
    """Expected net result per unit of the seven-card bet kept, given the player's three cards."""
    table = _paytable()
    _, _, denominator, numerators, _ = table
    return Fraction(int(line_counts(start, table) @ numerators), denominator * DEALER_HANDS)


def start_classes() -> list[tuple[tuple[int, ...], int]]:
    """(a representative start, how many of the C(52, 3) starts it stands for) per suit class."""
    starts = all_hands(3)
    ranks, suits = starts >> 2, starts & 3
    codes = []
    for permutation in _SUIT_PERMUTATIONS:
        cards = np.sort(ranks * 4 + permutation[suits], axis=1)
        codes.append(cards[:, 0] * 52 * 52 + cards[:, 1] * 52 + cards[:, 2])
    _, first, weights = np.unique(np.min(codes, axis=0), return_index=True, return_counts=True)
    return [(tuple(int(c) for c in starts[i]), int(w)) for i, w in zip(first, weights, strict=True)]


def class_label(cards) -> str:
    """Ranks highest first, suits named a, b, c in order of appearance: « AaKaQb »."""
    best = None
    for order in permutations(cards):
        if [rank(c) for c in order] != sorted((rank(c) for c in cards), reverse=True):
            continue
        letters: dict[int, str] = {}
        label = "".join(RANKS[rank(c)] + letters.setdefault(suit(c), "abcd"[len(letters)]) for c in order)
        best = label if best is None or label < best else best
    return best


_CACHE: dict[tuple, tuple] = {}  # per pay-table version and lines


def _evaluation(progress: Progress | None = None, on: datetime.date | None = None):
    """(pay-table version, lines, D, rows of (start, weight, line counts, Σ net × D)) per start class."""
    table = _paytable(on)
    version, lines, denominator, numerators, _ = table
    if (version, lines) in _CACHE:
        if progress:
            progress(1, 1)
        return _CACHE[(version, lines)]
    classes = start_classes()
    rows = []
    for done, (start, weight) in enumerate(classes):
        if progress and done % 45 == 0:
            progress(done, len(classes))
        counts = line_counts(start, table)
        rows.append((start, weight, counts, int(counts @ numerators)))
    if progress:
        progress(len(classes), len(classes))
    _CACHE[(version, lines)] = version, lines, denominator, rows
    return _CACHE[(version, lines)]


def evaluate(progress: Progress | None = None, on: datetime.date | None = None) -> StrategyResult:
    on = rulebook.day(on)
    version, lines, denominator, rows = _evaluation(progress, on)
    starts = comb(52, 3)
    total = starts * DEALER_HANDS
    scale = denominator * DEALER_HANDS
    always = Fraction(sum(weight * net for _, weight, _, net in rows), scale * starts)
    # keep when the return exceeds −1/2: 2 × Σ(net × D) > −D × C(49, 4)
    kept = [(start, weight, counts, net) for start, weight, counts, net in rows if 2 * net > -scale]
    withdrawn = [row for row in rows if 2 * row[3] <= -scale]
    withdrawn_starts = sum(weight for _, weight, _, _ in withdrawn)
    kept_total = sum(weight * net for _, weight, _, net in kept)
    expected = Fraction(kept_total, scale * starts) + WITHDRAWAL * Fraction(withdrawn_starts, starts)
    always_counts = sum(weight * counts for _, weight, counts, _ in rows)
    kept_counts = sum(weight * counts for _, weight, counts, _ in kept)
    outcomes = []
    for index, line in enumerate([*lines, None]):
        outcomes.append(
            {
                "label": line.label if line else "Main perdante",
                "label_en": None if line else "Losing hand",
                "hand": line.hand if line else None,
                "net": line.net if line else Fraction(-1),
                "probability_always_keep": Fraction(int(always_counts[index]), total),
                "probability": Fraction(int(kept_counts[index]), total),
            }
        )
    withdrawal = rulebook.citation(GAME, "67.47")
    outcomes.append(
        {
            "label": WITHDRAWN.format(citation=withdrawal),
            "label_en": WITHDRAWN_EN.format(citation=withdrawal),
            "hand": None,
            "net": WITHDRAWAL,
            "probability_always_keep": Fraction(0),
            "probability": Fraction(withdrawn_starts, starts),
        }
    )
    details = {
        "on": on.isoformat(),
        "draft": rulebook.applies_draft(GAME),
        "decks": 1,
        "paytable": PAYTABLE,
        "paytable_version": version,
        "unit": "la mise pour la main de sept cartes / the seven-card bet",
        "two_pair_reading": (
            "« Double paire de dix et plus » : la plus haute des deux paires est de dix ou plus. / The higher "
            "pair is tens or better."
        ),
        "always_keep_expected": always,
        "start_classes": len(rows),
        "withdrawn_classes": len(withdrawn),
        "withdrawn_starts": withdrawn_starts,
        "starts": starts,
        "withdrawal_probability": Fraction(withdrawn_starts, starts),
        "average_stake_note": (
            "La mise entière est engagée ; le retrait en rend la moitié. / The whole bet is staked; "
            "withdrawing returns half of it."
        ),
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
        average_stake=Fraction(1),
        details=details,
    )


def decisions() -> list[tuple[str, int, Fraction, bool]]:
    """(class label, starts in the class, expected value of keeping, kept) per start class."""
    _, _, denominator, rows = _evaluation()
    scale = denominator * DEALER_HANDS
    return [(class_label(start), weight, Fraction(net, scale), 2 * net > -scale) for start, weight, _, net in rows]


def rule_withdraws(cards) -> bool:
    """Three cards of three different suits, 7-3-2, 8-3-2, 9-3-2 or 9-4-2."""
    ranks = "".join(RANKS[r] for r in sorted((rank(c) for c in cards), reverse=True))
    return len({suit(c) for c in cards}) == 3 and ranks in {"732", "832", "932", "942"}


def strategy_table() -> dict:
    """The start classes that withdraw, most costly to keep first; every other class keeps."""
    found = sorted(decisions(), key=lambda row: row[2])
    return {
        "withdraw": [label for label, _, _, keep in found if not keep],
        "kept_classes": sum(keep for *_, keep in found),
        "rule": rule_withdraws.__doc__,
        "closest_kept": next(label for label, _, _, keep in found if keep),
    }
