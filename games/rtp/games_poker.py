"""Poker des Caraïbes, Poker de Boston, Poker 4 Cartes and Fou du poker (QC RJC art. 67.10–67.87),
evaluated by simulation under the strategies of `strategies/<game>.yaml`; Ultimate Texas Hold'em and
Hold'em poker de casino live in `games_holdem.py`. `SIMULATIONS` maps each game key to its evaluator.

Each game has a `settle_*` function that pays arrays of hand values whose decisions are already
taken (the tests build them card by card) and a `_play_*` that deals, decides and settles one chunk.
Results are net, in units of the initial bet; optional side bets are left out of them and given
exactly in `details["side_bets"]`, since they are settled on the player's hand alone.
"""

import datetime

import numpy as np

from compliance.profiles import concept, engine_game, game_profile
from games.hands.fast import evaluate_many
from games.hands.ranking import FOUR_CARDS, ranking

from . import games_holdem, rulebook
from .simulate import Chunk, category, deal, exact_side_bet, multiple, paytable, qualifies, rule_value, run, top_rank
from .strategy import Progress, StrategyResult

# The games these engines compute, as the jurisdictions' profiles name them (compliance.profiles).
CARAIBES, BOSTON, QUATRE_CARTES, FOU = (engine_game(name) for name in ("caraibes", "boston", "quatre_cartes", "fou"))
# the five-card ranking of the caraibes' jurisdiction (QC RJC art. 67.2, 67.11); the four-card evaluators' ranking
FIVE, FOUR = concept(game_profile(CARAIBES).code, "classement.cinq_cartes"), FOUR_CARDS
DECKS_NOTE = "Un ou deux paquets permis ; simulé avec un paquet de 52 cartes."

# Notes naming an article: `{citation}` is filled from the rule data (games.rtp.rulebook.citation), which says
# « (projet) » after an article of a draft.
CARAIBES_VARIANTS = {
    "dealer_ace_and_king": "Autre lecture de {citation} : le croupier n'ouvre qu'avec un as et un roi (as-roi) ou "
    "mieux, règle habituelle du jeu ; le texte écrit « un roi, un as ».",
    "unlisted_returned": "Autre lecture de {citation} : une main gagnante hors barème ne gagne que la mise initiale, "
    "la mise additionnelle est rendue.",
    "initial_even_money": "Autre lecture de {citation} : la mise initiale gagnante n'est payée qu'à égalité (1 à 1), "
    "seule la mise additionnelle selon le barème (règle habituelle du jeu) ; le texte paie « les mises gagnantes » "
    "selon le barème.",
}
CARAIBES_VARIANTS_EN = {
    "dealer_ace_and_king": "Other reading of {citation}: the dealer opens only with ace and king (A-K) or better, the "
    "usual game's rule; the text writes « un roi, un as » (a king, an ace).",
    "unlisted_returned": "Other reading of {citation}: a winning hand off the table wins the initial bet only, the "
    "additional bet is returned.",
    "initial_even_money": "Other reading of {citation}: a winning initial bet paid at even money (1 to 1) only, the "
    "additional bet alone on the table (the usual game's rule); the text pays « les mises gagnantes » (the winning "
    "bets) on the table.",
}
CARAIBES_VARIANT_ARTICLES = {"dealer_ace_and_king": "67.17", "unlisted_returned": "67.20",
                             "initial_even_money": "67.20"}
BOSTON_INITIAL_NOTE = ("Mise initiale payée selon {citation} même si le croupier l'emporte (« peu importe la valeur de "
                       "la main du croupier »).")
FOU_FLUSH_VARIANT = "Hypothèse : « Couleur 3 à 1 » ({citation}) mis pour 3 à 2 (jeu usuel)."
FOU_SUPER_BONUS_NOTE = ("Mise « super bonus » payée selon {citation} même si le croupier ne peut ouvrir (« peu importe "
                        "la valeur de la main du croupier ») ; sinon nulle dans ce cas ({void}).")


def _outcome(player: np.ndarray, dealer: np.ndarray) -> np.ndarray:
    return np.sign(player - dealer).astype(float)


# --- Poker des Caraïbes (art. 67.10–67.20) ------------------------------------------------------


def caraibes_raises(player: np.ndarray) -> np.ndarray:
    """Strategy « paire »: the additional bet with a pair or better, never with a high card."""
    return category(player) > 0


def settle_caraibes(player, dealer, raised, *, qualification=None, unlisted=None, initial=None, on=None):
    """(initial, additional) per round.

    As the text reads (QC RJC art. 67.17, 67.20): the dealer opens with « un roi, un as » or a combination of art.
    67.11 (`qc.caraibes.qualification_croupier`: king or ace high, or better); « les mises sont gagnantes » whenever
    the player's hand beats an open dealer, so a winning hand the table does not list (high card, pair below tens)
    wins its bets too, at `qc.caraibes.gain_hors_bareme` (even money, the table's lowest rate); « les mises gagnantes
    sont payées de la manière suivante »: the initial bet and the additional bet on the art. 67.20 table
    (`qc.caraibes.mise_initiale_gagnante`: « bareme »), the initial bet at even money only when the dealer cannot
    open (67.17). The keyword arguments give the other readings reported as variants: `qualification="as_roi"`
    (ace and king, the usual game), `unlisted=0.0` (the additional bet of an unlisted win only returned),
    `initial="1_a_1"` (the usual game: a winning initial bet paid 1 to 1, the additional bet alone on the table)."""
    call = multiple(f"{CARAIBES}.mise_additionnelle", on)
    qualified = qualifies(dealer, qualification or rule_value(f"{CARAIBES}.qualification_croupier", on))
    listed, table = paytable(f"{CARAIBES}.main", on).pays(player, rulebook.ranking(CARAIBES, on))
    outside = multiple(f"{CARAIBES}.gain_hors_bareme", on)
    net = np.where(listed, table, outside if unlisted is None else unlisted)
    outcome = np.where(qualified, _outcome(player, dealer), 0.0)
    on_table = (initial or rule_value(f"{CARAIBES}.mise_initiale_gagnante", on)) == "bareme"
    ante_win = np.where(listed, table, outside) if on_table else 1.0  # an unlisted win: the text's rate, as read
    first = np.where(~qualified, 1.0, np.where(outcome > 0, ante_win, outcome))
    additional = call * np.where(outcome > 0, net, outcome)
    return np.where(raised, first, -1.0), np.where(raised, additional, 0.0)


def _play_caraibes(rng, rounds, on) -> Chunk:
    cards = deal(rng, rounds, 10)
    player, dealer = evaluate_many(cards[:, :5], FIVE), evaluate_many(cards[:, 5:], FIVE)
    raised = caraibes_raises(player)
    initial, additional = settle_caraibes(player, dealer, raised, on=on)
    qualified = qualifies(dealer, rule_value(f"{CARAIBES}.qualification_croupier", on))
    outcome = _outcome(player, dealer)
    listed, _ = paytable(f"{CARAIBES}.main", on).pays(player, rulebook.ranking(CARAIBES, on))
    shown = raised & qualified
    return Chunk(
        result=initial + additional,
        stake=1 + multiple(f"{CARAIBES}.mise_additionnelle", on) * raised,
        bets={"initial": initial, "additional": additional},
        decisions={"raise": raised, "fold": ~raised},
        outcomes={
            "dealer_not_open": raised & ~qualified,
            "player_wins": shown & (outcome > 0),
            "player_wins_outside_table": shown & (outcome > 0) & ~listed,
            "tie": shown & (outcome == 0),
            "dealer_wins": shown & (outcome < 0),
        },
        variants={
            "dealer_ace_and_king": sum(settle_caraibes(player, dealer, raised, qualification="as_roi", on=on)),
            "unlisted_returned": sum(settle_caraibes(player, dealer, raised, unlisted=0.0, on=on)),
            "initial_even_money": sum(settle_caraibes(player, dealer, raised, initial="1_a_1", on=on)),
        },
    )


def evaluate_caraibes(rounds: int = 1_000_000, seed: int = 0, progress: Progress | None = None,
                      on: datetime.date | None = None) -> StrategyResult:
    # Published: 5.22 % per ante for optimal play of the usual game (100-50-20-7-5-4-3-2-1, every win
    # paid at least even money, dealer opens with A-K): the variant "dealer_ace_and_king" is that game under our
    # strategy. Opening with a king or an ace, as the text writes, the dealer opens more often.
    cited = {name: rulebook.citation(CARAIBES, number) for name, number in CARAIBES_VARIANT_ARTICLES.items()}
    return run(
        CARAIBES,
        _play_caraibes,
        rounds,
        seed,
        progress,
        articles=("67.17", "67.19", "67.20"),
        on=on,
        details={
            "qualification": rule_value(f"{CARAIBES}.qualification_croupier", on),
            "unlisted_win": rule_value(f"{CARAIBES}.gain_hors_bareme", on),
            "initial_win": rule_value(f"{CARAIBES}.mise_initiale_gagnante", on),
            "notes": [DECKS_NOTE],
            "variants_described": {name: note.format(citation=cited[name]) for name, note in CARAIBES_VARIANTS.items()},
            "variants_described_en": {name: note.format(citation=cited[name])
                                      for name, note in CARAIBES_VARIANTS_EN.items()},
        },
    )


# --- Poker de Boston (art. 67.51–67.63) ----------------------------------------------------------


def boston_continues(first_three: np.ndarray) -> np.ndarray:
    """Strategy « toujours »: the second additional bet on every three-card hand."""
    return np.ones(len(first_three), dtype=bool)


def settle_boston(player, dealer, continued, *, on=None):
    """(initial, additional) per round, the additional column holding both additional bets.

    Art. 67.63 pays the initial bet on its table whatever the dealer holds; otherwise it is void on a
    win (67.62) and lost on a loss. Ties are not written: every bet is then returned."""
    first = multiple(f"{BOSTON}.premiere_mise_additionnelle", on)
    second = multiple(f"{BOSTON}.deuxieme_mise_additionnelle", on)
    listed, net = paytable(f"{BOSTON}.initiale", on).pays(player, rulebook.ranking(BOSTON, on))
    outcome = _outcome(player, dealer)
    initial = np.where(listed, net, np.minimum(outcome, 0.0))
    return np.where(continued, initial, -1.0), np.where(continued, (first + second) * outcome, -first)


def _play_boston(rng, rounds, on) -> Chunk:
    cards = deal(rng, rounds, 10)
    player, dealer = evaluate_many(cards[:, :5], FIVE), evaluate_many(cards[:, 5:], FIVE)
    continued = boston_continues(cards[:, :3])
    initial, additional = settle_boston(player, dealer, continued, on=on)
    listed, _ = paytable(f"{BOSTON}.initiale", on).pays(player, rulebook.ranking(BOSTON, on))
    outcome = _outcome(player, dealer)
    first = multiple(f"{BOSTON}.premiere_mise_additionnelle", on)
    return Chunk(
        result=initial + additional,
        stake=1 + first + multiple(f"{BOSTON}.deuxieme_mise_additionnelle", on) * continued,
        bets={"initial": initial, "additional": additional},
        decisions={"second_additional": continued, "fold": ~continued},
        outcomes={
            "player_wins": continued & (outcome > 0),
            "tie": continued & (outcome == 0),
            "dealer_wins": continued & (outcome < 0),
            "initial_paid_by_table": continued & listed,
        },
    )


def evaluate_boston(rounds: int = 6_000_000, seed: int = 0, progress: Progress | None = None,
                    on: datetime.date | None = None) -> StrategyResult:
    return run(
        BOSTON,
        _play_boston,
        rounds,
        seed,
        progress,
        articles=("67.62", "67.63"),
        on=on,
        details={
            "side_bets": {"bonus": exact_side_bet(f"{BOSTON}.bonus", "trois_cartes", on)},
            "notes": [
                "Égalité des mains de cinq cartes, non réglée par le texte : toutes les mises sont rendues.",
                BOSTON_INITIAL_NOTE.format(citation=rulebook.citation(BOSTON, "67.63")),
                DECKS_NOTE,
            ],
        },
    )


# --- Poker 4 Cartes (art. 67.64–67.74) -----------------------------------------------------------


def quatre_cartes_raise(player: np.ndarray, on: datetime.date | None = None) -> np.ndarray:
    """Strategy « paires »: 3× with tens or better, 1× with threes to nines, fold below (0)."""
    limits = rule_value(f"{QUATRE_CARTES}.mise_additionnelle", on)
    low, high = float(limits["min"]), float(limits["max"])
    pair = ranking(FOUR).index("pair")
    cat, top = category(player), top_rank(player)
    return np.where((cat > pair) | ((cat == pair) & (top >= 10)), high, np.where((cat == pair) & (top >= 3), low, 0.0))


def settle_quatre_cartes(player, dealer, raised, *, on=None):
    """(initial, additional); `raised` is the additional bet in initial bets, 0 for a fold. The player
    wins ties (67.72 « égale ou supérieure ») and the initial bet's bonus is paid on top (67.73)."""
    listed, bonus = paytable(f"{QUATRE_CARTES}.initiale", on).pays(player, rulebook.ranking(QUATRE_CARTES, on))
    won = np.where(player >= dealer, 1.0, -1.0)
    return np.where(raised > 0, won + bonus, -1.0), raised * won


def _play_quatre_cartes(rng, rounds, on) -> Chunk:
    cards = deal(rng, rounds, 11)
    player, dealer = evaluate_many(cards[:, :5], FOUR), evaluate_many(cards[:, 5:], FOUR)
    raised = quatre_cartes_raise(player, on)
    initial, additional = settle_quatre_cartes(player, dealer, raised, on=on)
    played = raised > 0
    return Chunk(
        result=initial + additional,
        stake=1 + raised,
        bets={"initial": initial, "additional": additional},
        decisions={"fold": ~played, "raise_1x": raised == 1, "raise_3x": raised == 3},
        outcomes={
            "player_wins": played & (player > dealer),
            "tie_player_wins": played & (player == dealer),
            "dealer_wins": played & (player < dealer),
        },
    )


def evaluate_quatre_cartes(rounds: int = 1_500_000, seed: int = 0, progress: Progress | None = None,
                           on: datetime.date | None = None) -> StrategyResult:
    # Published: about 2.8 % per ante for the usual game (same rules, ante bonus 25-20-2) played
    # optimally, the dealer's face-up card included; this strategy ignores that card.
    return run(
        QUATRE_CARTES,
        _play_quatre_cartes,
        rounds,
        seed,
        progress,
        articles=("67.72", "67.73"),
        on=on,
        details={
            "side_bets": {"paire_as": exact_side_bet(f"{QUATRE_CARTES}.paire_as", "quatre_parmi_cinq", on)},
            "notes": [DECKS_NOTE],
        },
    )


# --- Fou du poker (art. 67.75–67.87) -------------------------------------------------------------


def fou_play(player: np.ndarray, on: datetime.date | None = None) -> np.ndarray:
    """Strategy « KQ84 »: 3× with a pair of aces or better, 1× down to K-Q-8-4, fold below (0)."""
    rules = ranking(FOUR)
    pair = rules.index("pair")
    cat, top = category(player), top_rank(player)
    aces_up = (cat > pair) | ((cat == pair) & (top == 14))
    playable = player >= rules.value("high_card", [13, 12, 8, 4])
    high = multiple(f"{FOU}.mise_additionnelle_maximum_paire_as", on)
    return np.where(aces_up, high, np.where(playable, multiple(f"{FOU}.mise_additionnelle", on), 0.0))


def settle_fou(player, dealer, played, *, flush_odds=None, on=None):
    """(initial, super_bonus, additional); `played` is the additional bet in initial bets, 0 for a fold.

    A dealer who cannot open pays the additional bet and voids the others (67.82); ties void every
    bet (67.83). The super bonus table applies whatever the dealer holds (67.85), so a straight or
    better is paid even against a dealer who does not open. `flush_odds` replaces the table's flush
    rate, for the variant that reads « 3 à 1 » as a misprint."""
    qualified = qualifies(dealer, rule_value(f"{FOU}.qualification_croupier", on))
    listed, bonus = paytable(f"{FOU}.super_bonus", on).pays(player, rulebook.ranking(FOU, on))
    if flush_odds is not None:
        bonus = np.where(category(player) == ranking(FOUR).index("flush"), flush_odds, bonus)
    outcome = np.where(qualified, _outcome(player, dealer), 0.0)
    super_bonus = np.where(listed, bonus, np.minimum(outcome, 0.0))
    additional = played * np.where(qualified, outcome, 1.0)
    folded = played == 0
    return np.where(folded, -1.0, outcome), np.where(folded, -1.0, super_bonus), additional


def _play_fou(rng, rounds, on) -> Chunk:
    cards = deal(rng, rounds, 10)
    player, dealer = evaluate_many(cards[:, :5], FOUR), evaluate_many(cards[:, 5:], FOUR)
    played = fou_play(player, on)
    initial, super_bonus, additional = settle_fou(player, dealer, played, on=on)
    qualified = qualifies(dealer, rule_value(f"{FOU}.qualification_croupier", on))
    listed, _ = paytable(f"{FOU}.super_bonus", on).pays(player, rulebook.ranking(FOU, on))
    shown = (played > 0) & qualified
    return Chunk(
        result=initial + super_bonus + additional,
        stake=1 + multiple(f"{FOU}.mise_super_bonus", on) + played,
        bets={"initial": initial, "super_bonus": super_bonus, "additional": additional},
        decisions={"fold": played == 0, "play_1x": played == 1, "play_3x": played == 3},
        outcomes={
            "dealer_not_open": (played > 0) & ~qualified,
            "player_wins": shown & (player > dealer),
            "tie": shown & (player == dealer),
            "dealer_wins": shown & (player < dealer),
            "super_bonus_paid": (played > 0) & listed,
            "flush_paid": (played > 0) & (category(player) == ranking(FOUR).index("flush")),
        },
        variants={"flush_3_to_2": sum(settle_fou(player, dealer, played, flush_odds=1.5, on=on))},
    )


def evaluate_fou(rounds: int = 2_000_000, seed: int = 0, progress: Progress | None = None,
                 on: datetime.date | None = None) -> StrategyResult:
    # Published: about 3.4 % per ante for the usual game, whose super bonus pays a flush 3 to 2;
    # the QC table reads « Couleur 3 à 1 », which alone adds 1.5 × P(flush) ≈ 6.6 % per ante.
    super_bonus = rulebook.citation(FOU, "67.85")
    return run(
        FOU,
        _play_fou,
        rounds,
        seed,
        progress,
        articles=("67.82", "67.83", "67.84", "67.85", "67.86"),
        on=on,
        details={
            "qualification": rule_value(f"{FOU}.qualification_croupier", on),
            "side_bets": {"paire_dames": exact_side_bet(f"{FOU}.paire_dames", "quatre_parmi_cinq", on)},
            "variants_described": {"flush_3_to_2": FOU_FLUSH_VARIANT.format(citation=super_bonus)},
            "notes": [
                FOU_SUPER_BONUS_NOTE.format(citation=super_bonus, void=rulebook.citation(FOU, "67.82")),
                DECKS_NOTE,
            ],
        },
    )


SIMULATIONS = {
    CARAIBES: evaluate_caraibes,
    BOSTON: evaluate_boston,
    QUATRE_CARTES: evaluate_quatre_cartes,
    FOU: evaluate_fou,
    **games_holdem.SIMULATIONS,
}
