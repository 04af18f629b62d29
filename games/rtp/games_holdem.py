"""Ultimate Texas Hold'em (LU RGD 1979 art. 37-12 to 37-14; MC AM 2007-668 art. 1) and Hold'em
poker de casino (LU RGD 1979 art. 37-9) by simulation, under the strategies of `strategies/`.

Cards of a round: hole 0–1, dealer 2–3, board 4–8 (flop 4–6). UTH is played with the usual basic
strategy; Hold'em de casino pays raises only against a qualified dealer, so it has its own rules.
"""

import datetime
from functools import partial

import numpy as np

from compliance.profiles import concept, engine_game, engine_games, game_engine, game_profile
from games.hands.fast import evaluate_many
from games.hands.ranking import FIVE_CARDS, ranking

from . import rulebook
from .simulate import Chunk, category, deal, exact_side_bet, multiple, paytable, qualifies, rule_value, run
from .strategy import Progress, StrategyResult

# A text whose ranking lists only the paid classes (engine « uth_classes_payees »): hands are compared in the usual
# five-card order (its note).
RANKING = FIVE_CARDS
# The games each engine computes, as the jurisdictions' profiles name them (compliance.profiles).
UTH, PAID_CLASSES, HOLDEM = "uth", "uth_classes_payees", "holdem_casino"
HOLDEM_GAME = engine_game(HOLDEM)
PAIR, TWO_PAIR, STRAIGHT = (ranking(RANKING).index(name) for name in ("pair", "two_pair", "straight"))
UTH_RIVER_OUTS = 21  # call below this many dealer outs (folding costs ante and blind)
HOLDEM_RIVER_OUTS = 9  # A 0,5 R below this many (not betting costs nothing; fitted by simulation)
# Notes naming an article: `{citation}` is filled from the rule data (games.rtp.rulebook.citation), which says
# « (projet) » after an article of a draft.
TRIPS_NOTE = "TRIPS traitée comme indépendante de la main du croupier ({citation})."
UNQUALIFIED_NOTE = ("Banque non qualifiée : Ante payée 1 à 1, Super Ante et relances ni payées ni ramassées, même avec "
                    "une quinte ou mieux ({citation}).")


def _ranks(cards: np.ndarray) -> np.ndarray:
    return (cards >> 2) + 2


def _hidden_pair(hole: np.ndarray, board: np.ndarray) -> np.ndarray:
    """A pair that holds at least one hole card: a pocket pair or a hole card matching the board."""
    ranks, shared = _ranks(hole), _ranks(board)
    matched = (ranks[:, :, None] == shared[:, None, :]).any(axis=(1, 2))
    return (ranks[:, 0] == ranks[:, 1]) | matched


def preflop_raise(hole: np.ndarray) -> np.ndarray:
    """4×: a pair of threes or better, any ace, K-x suited, K-5+, Q-6 suited+, Q-8+, J-8 suited+, J-T+."""
    ranks = _ranks(hole)
    high, low = ranks.max(axis=1), ranks.min(axis=1)
    suited = (hole[:, 0] & 3) == (hole[:, 1] & 3)

    def from_(top, suited_low, offsuit_low):
        return (high == top) & np.where(suited, low >= suited_low, low >= offsuit_low)

    return ((high == low) & (high >= 3)) | (high == 14) | from_(13, 2, 5) | from_(12, 6, 8) | from_(11, 8, 10)


def flop_raise(hole: np.ndarray, flop: np.ndarray) -> np.ndarray:
    """2×: two pair or better, a hidden pair other than pocket twos, four to a flush with a hidden
    ten or better of that suit."""
    value = evaluate_many(np.hstack([hole, flop]), RANKING)
    cat = category(value)
    ranks = _ranks(hole)
    deuces = (ranks[:, 0] == 2) & (ranks[:, 1] == 2) & (cat == PAIR)
    draw = np.zeros(len(hole), dtype=bool)
    for suit in range(4):
        in_suit = ((hole & 3) == suit).sum(axis=1) + ((flop & 3) == suit).sum(axis=1)
        big_hole = (((hole & 3) == suit) & (ranks >= 10)).any(axis=1)
        draw |= (in_suit == 4) & big_hole
    return (_hidden_pair(hole, flop) & ~deuces) | (cat >= STRAIGHT) | draw


def dealer_outs(hole: np.ndarray, board: np.ndarray, player: np.ndarray) -> np.ndarray:
    """Unseen cards that, as one dealer hole card with the board, beat the player's hand.

    Without four cards of a suit on the board no sixth card can make a flush, so the 13 ranks are
    tried once each and weighted by the cards of that rank still unseen; other boards try all 52."""
    known = np.hstack([hole, board])
    unseen = 4 - np.stack([((known >> 2) == rank).sum(axis=1) for rank in range(13)], axis=1)
    suited = np.stack([((board & 3) == suit).sum(axis=1) for suit in range(4)], axis=1).max(axis=1) >= 4
    outs = np.zeros(len(board), dtype=np.int64)
    for rank in range(13):
        rows = ~suited & (unseen[:, rank] > 0)
        # Any unseen card of the rank stands for all of them.
        extra = np.zeros(rows.sum(), dtype=np.int64)
        for card in range(rank * 4, rank * 4 + 4):
            extra = np.where((known[rows] == card).any(axis=1), extra, card)
        beats = evaluate_many(np.hstack([board[rows], extra[:, None]]), RANKING) > player[rows]
        outs[rows] += unseen[rows, rank] * beats
    rows = np.flatnonzero(suited)
    for card in range(52):
        free = rows[~(known[rows] == card).any(axis=1)]
        extra = np.full((len(free), 1), card)
        outs[free] += evaluate_many(np.hstack([board[free], extra]), RANKING) > player[free]
    return outs


def river_call(hole: np.ndarray, board: np.ndarray, player: np.ndarray) -> np.ndarray:
    """1×: a hidden pair or better that beats the board alone, or fewer than 21 dealer outs."""
    better = player > evaluate_many(board, RANKING)
    call = better & (_hidden_pair(hole, board) | (category(player) >= STRAIGHT))
    rest = np.flatnonzero(~call)
    call[rest] = dealer_outs(hole[rest], board[rest], player[rest]) < UTH_RIVER_OUTS
    return call


def _values(cards: np.ndarray):
    hole, board = cards[:, :2], cards[:, 4:9]
    player = evaluate_many(np.hstack([hole, board]), RANKING)
    return hole, board, player, evaluate_many(cards[:, 2:9], RANKING)


def multiple_list(key: str, on: datetime.date | None = None) -> float:
    """The largest of the allowed multiples: a raise worth making is worth making in full."""
    return max(float(x) for x in rule_value(key, on))


# --- Ultimate Texas Hold'em ----------------------------------------------------------------------


def settle_uth(player, dealer, play, *, game=None, reading=None, on=None):
    """(ante, blind, play) per round; `play` in antes, 0 for a fold at the river.

    A dealer without a pair returns the ante and plays the rest (37-13); the blind pays on its table
    for a straight or better and is returned on a smaller win; ties return everything. `reading` is the
    blind table's reading of its odds, the one its text supports by default; `game` is the engine « uth »'s game
    unless named."""
    game = game or engine_game(UTH)
    qualified = qualifies(dealer, rule_value(f"{game}.qualification_croupier", on))
    # the game's ranking from the rule data on its day (LU RGD 1979 art. 37-10, a draft); MC AM 2007-668 art. 1 lists
    # only the paying hands, so Monaco's hands keep the five-card categories they are valued with
    ranks = ranking(RANKING) if game_engine(game) == PAID_CLASSES else rulebook.ranking(game, on)
    listed, net = paytable(f"{game}.blind", on).pays(player, ranks, reading)
    outcome = np.sign(player - dealer).astype(float)
    folded = play == 0
    ante = np.where(folded, -1.0, np.where(qualified, outcome, 0.0))
    won_blind = np.where(listed, net, 0.0)
    blind = np.where(folded, -1.0, np.where(outcome > 0, won_blind, outcome))
    return ante, blind, play * outcome


# The two texts name the same raises differently: each profile maps the concepts « uth.relance_* » to its game's keys.
RAISES = ("relance_preflop", "relance_flop", "relance_river")
RAISE_KEYS = {game: tuple(concept(game_profile(game).code, f"uth.{name}").removeprefix(f"{game}.") for name in RAISES)
              for game in (*engine_games(UTH), *engine_games(PAID_CLASSES))}


def _uth_player(game: str):
    preflop_key, flop_key, river_key = (f"{game}.{name}" for name in RAISE_KEYS[game])

    def play(rng, rounds, on) -> Chunk:
        cards = deal(rng, rounds, 9)
        preflop, flop, river = multiple_list(preflop_key, on), multiple(flop_key, on), multiple(river_key, on)
        hole, board, player, dealer = _values(cards)
        bet = np.where(preflop_raise(hole), preflop, 0.0)
        later = np.flatnonzero(bet == 0)
        bet[later] = np.where(flop_raise(hole[later], cards[later, 4:7]), flop, 0.0)
        last = np.flatnonzero(bet == 0)
        bet[last] = np.where(river_call(hole[last], board[last], player[last]), river, 0.0)
        ante, blind, play_bet = settle_uth(player, dealer, bet, game=game, on=on)
        qualified = qualifies(dealer, rule_value(f"{game}.qualification_croupier", on))
        shown = bet > 0
        variants = {}
        table = paytable(f"{game}.blind", on)
        if table.ambiguous:
            variants[table.alternative] = sum(settle_uth(player, dealer, bet, game=game, reading=table.alternative,
                                                         on=on))
        return Chunk(
            result=ante + blind + play_bet,
            stake=2 + bet,
            bets={"ante": ante, "blind": blind, "play": play_bet},
            decisions={
                "raise_4x_preflop": bet == preflop,
                "raise_2x_flop": bet == flop,
                "call_1x_river": bet == river,
                "fold_river": bet == 0,
            },
            outcomes={
                "dealer_not_qualified": shown & ~qualified,
                "player_wins": shown & (player > dealer),
                "tie": shown & (player == dealer),
                "dealer_wins": shown & (player < dealer),
                "blind_paid": shown & (player > dealer) & (category(player) >= STRAIGHT),
            },
            variants=variants,
        )

    return play


def reading_details(key: str, on: datetime.date | None = None) -> dict:
    """What a game's result says of the reading of its paying table's odds: the one used, the other (a variant on
    the same deals where the printed word leaves it open), and the words of the text behind the choice."""
    table = paytable(key, on)
    found = {"reading": table.reading, "reading_paytable": key}
    if table.ambiguous:
        found |= {"alternative_reading": table.alternative,
                  "variants_described": {table.alternative: rulebook.OTHER_READING[table.alternative]},
                  "variants_described_en": {table.alternative: rulebook.OTHER_READING_EN[table.alternative]}}
    return found


def _evaluate_uth(game: str, rounds: int, seed: int, progress: Progress | None, articles, notes=(),
                  on: datetime.date | None = None) -> StrategyResult:
    # Published: 2.19 % per ante under optimal play of the usual game (same blind table), about 2.4 %
    # with this basic strategy; the trips bet is independent and given exactly.
    return run(
        game,
        _uth_player(game),
        rounds,
        seed,
        progress,
        articles=articles,
        details={
            "qualification": rule_value(f"{game}.qualification_croupier", on),
            "side_bets": {"trips": exact_side_bet(f"{game}.trips", "cinq_parmi_sept", on)},
            "notes": list(notes),
            **reading_details(f"{game}.blind", on),
        },
        on=on,
    )


def evaluate_uth(game: str, rounds: int = 4_000_000, seed: int = 0, progress: Progress | None = None,
                 on: datetime.date | None = None) -> StrategyResult:
    # 37-13 also says TRIPS is lost when the dealer wins; read with « Le joueur gagne le TRIPS avec un
    # brelan ou mieux » and 37-14 as the usual independent bet.
    notes = (TRIPS_NOTE.format(citation=rulebook.citation(game, "37-13", "37-14")),)
    return _evaluate_uth(game, rounds, seed, progress, ("37-13", "37-14"), notes, on)


def evaluate_uth_paid_classes(game: str, rounds: int = 4_000_000, seed: int = 0, progress: Progress | None = None,
                              on: datetime.date | None = None) -> StrategyResult:
    notes = (f"Mains comparées dans l'ordre usuel ({RANKING}) : l'arrêté ne liste que les classes payées.",)
    return _evaluate_uth(game, rounds, seed, progress, ("1",), notes, on)


# --- Hold'em poker de casino ---------------------------------------------------------------------
# Raises only count against a qualified dealer here, so the strategy is tighter than UTH's: each
# rule below was kept because, in simulation, it beat the alternative at its decision point.


def holdem_a4(hole: np.ndarray) -> np.ndarray:
    """A 4: a pair of fives or better, A-T or better, A-7 suited or better, K-Q, K-T suited or better."""
    ranks = _ranks(hole)
    high, low = ranks.max(axis=1), ranks.min(axis=1)
    suited = (hole[:, 0] & 3) == (hole[:, 1] & 3)
    return (
        ((high == low) & (high >= 5))
        | ((high == 14) & ((low >= 10) | (suited & (low >= 7))))
        | ((high == 13) & ((low == 12) | (suited & (low >= 10))))
    )


def holdem_a2(hole: np.ndarray, flop: np.ndarray) -> np.ndarray:
    """A 2: two pair or better made with a hole card, or a pair made with a hole card ranked above
    the lowest flop card (top or middle pair, pocket pair over the lowest card)."""
    cat = category(evaluate_many(np.hstack([hole, flop]), RANKING))
    ranks, shared = _ranks(hole), _ranks(flop)
    matched = (ranks[:, :, None] == shared[:, None, :]).any(axis=2)
    pocket = ranks[:, 0] == ranks[:, 1]
    paired = np.where(pocket, ranks[:, 0], np.where(matched, ranks, 0).max(axis=1))
    hidden = paired > 0
    return (hidden & (cat >= TWO_PAIR)) | (cat >= STRAIGHT) | (paired > shared.min(axis=1))


def settle_holdem_casino(player, dealer, raised, folded, *, reading=None, on=None):
    """(ante, super_ante, raises) per round; `raised` sums the A 4/A 3/A 2/A 0,5 T/A 0,5 R bets in
    antes, `folded` marks an abandon at the turn.

    A dealer without a pair pays the ante and leaves every other bet (37-9); a qualified dealer pays
    the ante and raises 1 to 1 when beaten, the super ante on its table from the straight up and
    returns it on a smaller win; ties return everything. `reading` is the super ante table's reading of
    its odds, the one its text supports by default."""
    qualified = qualifies(dealer, rule_value(f"{HOLDEM_GAME}.qualification_croupier", on))
    listed, net = paytable(f"{HOLDEM_GAME}.super_ante", on).pays(player, rulebook.ranking(HOLDEM_GAME, on),
                                                                    reading)
    outcome = np.where(qualified, np.sign(player - dealer).astype(float), 0.0)
    ante = np.where(folded, -1.0, np.where(qualified, outcome, 1.0))
    won = np.where(listed, net, 0.0)
    super_ante = np.where(folded, -1.0, np.where(outcome > 0, won, outcome))
    return ante, super_ante, np.where(folded, 0.0, raised * outcome)


def _play_holdem_casino(rng, rounds, on) -> Chunk:
    cards = deal(rng, rounds, 9)
    hole, board, player, dealer = _values(cards)
    a4 = multiple_list(f"{HOLDEM_GAME}.relance_preflop", on)
    bet = np.where(holdem_a4(hole), a4, 0.0)
    later = np.flatnonzero(bet == 0)
    bet[later] = np.where(holdem_a2(hole[later], cards[later, 4:7]), multiple(f"{HOLDEM_GAME}.relance_flop", on),
                          0.0)
    # Abandoning at the turn gives up two antes to save half of one: every class of hands tried did
    # better going on, so this strategy never abandons.
    late = np.flatnonzero(bet == 0)
    folded = np.zeros(rounds, dtype=bool)
    turn = np.zeros(rounds)
    turn[late] = multiple(f"{HOLDEM_GAME}.relance_turn", on)
    river = np.zeros(rounds)
    strong = dealer_outs(hole[late], board[late], player[late]) < HOLDEM_RIVER_OUTS
    river[late] = np.where(strong, multiple(f"{HOLDEM_GAME}.relance_river", on), 0.0)
    raised = bet + turn + river
    ante, super_ante, raises = settle_holdem_casino(player, dealer, raised, folded, on=on)
    qualified = qualifies(dealer, rule_value(f"{HOLDEM_GAME}.qualification_croupier", on))
    table = paytable(f"{HOLDEM_GAME}.super_ante", on)
    variants = {}
    if table.ambiguous:
        variants[table.alternative] = sum(settle_holdem_casino(player, dealer, raised, folded,
                                                               reading=table.alternative, on=on))
    return Chunk(
        result=ante + super_ante + raises,
        stake=2 + raised,
        bets={"ante": ante, "super_ante": super_ante, "raises": raises},
        decisions={
            "a4_preflop": bet == a4,
            "a2_flop": (bet > 0) & (bet < a4),
            "a05_turn": turn > 0,
            "a05_river": river > 0,
            "abandon_turn": folded,
        },
        outcomes={
            "dealer_not_qualified": ~folded & ~qualified,
            "player_wins": ~folded & qualified & (player > dealer),
            "tie": ~folded & qualified & (player == dealer),
            "dealer_wins": ~folded & qualified & (player < dealer),
        },
        variants=variants,
    )


def evaluate_holdem_casino(rounds: int = 3_000_000, seed: int = 0, progress: Progress | None = None,
                           on: datetime.date | None = None) -> StrategyResult:
    return run(
        HOLDEM_GAME,
        _play_holdem_casino,
        rounds,
        seed,
        progress,
        articles=("37-9",),
        on=on,
        details={
            **reading_details(f"{HOLDEM_GAME}.super_ante", on),
            "qualification": rule_value(f"{HOLDEM_GAME}.qualification_croupier", on),
            "side_bets": {"bonus": exact_side_bet(f"{HOLDEM_GAME}.bonus", "cinq_parmi_sept", on)},
            "notes": [UNQUALIFIED_NOTE.format(citation=rulebook.citation(HOLDEM_GAME, "37-9"))],
        },
    )


# engine → its evaluation of one of its games; SIMULATIONS: each game the profiles give these engines → its evaluation
ENGINES = {UTH: evaluate_uth, PAID_CLASSES: evaluate_uth_paid_classes,
           HOLDEM: lambda game, **options: evaluate_holdem_casino(**options)}
SIMULATIONS = {game: partial(function, game) for engine, function in ENGINES.items() for game in engine_games(engine)}
