"""Returns of Pai Gow tiles (QC RJC art. 108–111) and of the Bataille (LU RGD 1979 art. 37-16)."""

import math
from decimal import Decimal
from fractions import Fraction
from itertools import combinations, permutations
from pathlib import Path

import pytest

from games.hands import bataille as bataille_hands
from games.hands import pai_gow as pai_gow_hands
from games.hands.cards import card
from games.rtp import bataille, pai_gow
from games.rules.yamlfile import read

pytestmark = pytest.mark.django_db  # the rules are read from the database, as the evaluations read them

STRATEGIES = Path(pai_gow.__file__).resolve().parent / "strategies"
INSTRUMENTS = Path(pai_gow.__file__).resolve().parent.parent / "rules" / "instruments"

# --- Bataille -------------------------------------------------------------------------------------


def test_art_37_16_a_first_card_tie_is_23_in_311_with_six_decks_counted_card_by_card():
    shoe = bataille_hands.shoe(6)
    ties = sum(
        1
        for i, first in enumerate(shoe)
        for j, second in enumerate(shoe)
        if i != j and bataille_hands.compare(first, second) == 0
    )
    assert Fraction(ties, 312 * 311) == bataille.tie_probability(6) == Fraction(23, 311)
    assert bataille.tie_probability() == Fraction(23, 311)  # six decks from lu.bataille.paquets


def test_art_37_16_the_war_is_played_from_the_shoe_less_the_two_tied_cards():
    shoe = list(bataille_hands.shoe(6))
    for tied in (card("Ac"), card("Ad")):
        shoe.remove(tied)
    ties = sum(
        1
        for i, first in enumerate(shoe)
        for j, second in enumerate(shoe)
        if i != j and bataille_hands.compare(first, second) == 0
    )
    found = bataille.probabilities(6)
    assert Fraction(ties, 310 * 309) == found["bataille_nulle"] == Fraction(1181, 15965)
    assert found["bataille_gagnee"] == found["bataille_perdue"] == (1 - found["bataille_nulle"]) / 2


def test_art_37_16_burnt_cards_do_not_change_the_war_odds():
    # Every order of a small shoe, with the three and the one burnt cards of the text in place.
    ranks = (0, 0, 0, 1, 1, 1, 2, 2)
    counts = {key: 0 for key in ("win", "loss", "tie_win", "tie_push", "tie_loss")}
    for order in permutations(ranks):
        player, dealer, war_player, war_dealer = order[0], order[1], order[5], order[7]
        if player != dealer:
            counts["win" if player > dealer else "loss"] += 1
        else:
            outcome = "tie_win" if war_player > war_dealer else "tie_loss" if war_player < war_dealer else "tie_push"
            counts[outcome] += 1
    total = math.factorial(len(ranks))
    found = bataille.probabilities(counts=(3, 3, 2))
    assert Fraction(counts["win"], total) == found["gagne"]
    assert Fraction(counts["loss"], total) == found["perd"]
    assert Fraction(counts["tie_win"], total) == found["egalite"] * found["bataille_gagnee"]
    assert Fraction(counts["tie_push"], total) == found["egalite"] * found["bataille_nulle"]
    assert Fraction(counts["tie_loss"], total) == found["egalite"] * found["bataille_perdue"]


def test_art_37_16_surrender_returns_half_the_initial_bet_whatever_the_reading():
    tie = Fraction(23, 311)
    for reading in ("a", "pour"):
        result = bataille.evaluate("abandon", reading)
        assert result.expected == -tie / 2 == Fraction(-23, 622)
        assert result.method == "exact" and result.average_stake == 1


def test_art_37_16_read_as_one_to_one_a_won_war_pays_and_going_to_war_is_better():
    tie, war_tie = Fraction(23, 311), Fraction(1181, 15965)
    war = bataille.evaluate("guerre", "a")
    assert war.expected == tie * (-(1 - war_tie) / 2) == Fraction(-170016, 4965115)
    assert war.optimal is True and bataille.evaluate("abandon", "a").optimal is False
    assert war.average_stake == 1 + tie
    # the reading the text supports (« ce joueur gagne la bataille. La mise initiale est payée 1 pour 1. »)
    assert bataille.evaluate("guerre") == war and war.details["reading"] == war.details["default_reading"] == "a"


def test_art_37_16_read_as_a_total_return_a_won_war_gains_nothing_and_surrender_would_be_better():
    tie, war_tie = Fraction(23, 311), Fraction(1181, 15965)
    war = bataille.evaluate("guerre", "pour")
    assert war.expected == -tie * (1 - war_tie) == Fraction(-340032, 4965115)
    assert war.optimal is False and bataille.evaluate("abandon", "pour").optimal is True
    # the printed word is kept; this reading is the other one, flagged beside the text's
    details = bataille.evaluate("guerre").details
    assert details["printed"] == "pour" and details["alternative_reading"] == "pour"
    assert details["variants"]["pour"]["expected"] == war.expected and details["variants"]["pour"]["flagged"]
    assert details["best_strategy"] == {"a": "guerre", "pour": "abandon"}


def test_art_37_16_the_tie_bet_pays_10_pour_1():
    assert bataille.tie_bet("a") == Fraction(10 * 23 - 288, 311) == Fraction(-58, 311)
    assert bataille.tie_bet("pour") == Fraction(9 * 23 - 288, 311) == Fraction(-81, 311)
    assert bataille.tie_bet() == bataille.tie_bet("a")  # the reading its text supports
    details = bataille.evaluate("guerre", "a").details
    assert details["tie_bet"] == {"a": Fraction(-58, 311), "pour": Fraction(-81, 311)}
    assert set(details["readings"]) == {"a", "pour"} and set(details["strategies"]) == {"guerre", "abandon"}


def test_an_unknown_reading_or_strategy_is_refused():
    with pytest.raises(ValueError):
        bataille.evaluate("guerre", "de")
    with pytest.raises(ValueError):
        bataille.evaluate("doubler", "a")


# --- Pai Gow --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def exact(django_db_setup, django_db_blocker):
    # read-only: the rules were loaded, committed, with the test database
    with django_db_blocker.unblock():
        return {name: pai_gow.evaluate(name) for name in pai_gow.STRATEGIES}


def test_art_111_the_commission_is_five_percent_of_the_next_multiple_of_ten():
    assert pai_gow.commission(Decimal("10")) == Fraction(1, 20)
    assert pai_gow.commission(Decimal("100")) == Fraction(1, 20)
    assert pai_gow.commission(Decimal("15")) == Fraction(1, 15)  # 5 % of 20
    assert pai_gow.commission(Decimal("12.50")) == Fraction(2, 25)


def test_art_108_to_111_exact_return_counts_every_deal_of_the_32_tiles(exact):
    house = exact["maison"]
    assert house.method == "exact" and house.details["deals"] == math.comb(32, 4) * math.comb(28, 4)
    assert house.details["win"] + house.details["push"] + house.details["loss"] == 1
    assert house.expected == house.details["win"] * Fraction(19, 20) - house.details["loss"]
    assert house.expected == Fraction(-57075023, 2454270000)  # a house edge of about 2.33 %


def test_the_best_split_against_the_house_way_beats_the_house_way(exact):
    best, house = exact["optimale"], exact["maison"]
    assert best.optimal is True and house.optimal is False
    assert best.expected > house.expected
    assert best.details["strategies"] == house.details["strategies"]
    assert 0 < house.details["house_way_agrees_with_optimal"] < 1


def test_exact_counts_match_a_deal_by_deal_count_for_one_player_hand():
    found = pai_gow.exact_tables()
    four = pai_gow_hands.tiles("6-6 4-4 4-6 2-3")
    row = found.hands.index(four)
    rest = list(pai_gow_hands.tile_set())
    for t in four:
        rest.remove(t)
    options = pai_gow_hands.splits(four)
    wins, losses = [0] * len(options), [0] * len(options)
    for dealer in combinations(rest, 4):
        bank = pai_gow_hands.house_way(dealer)
        for index, split in enumerate(options):
            outcome = pai_gow_hands.settle(split, bank)
            wins[index] += outcome == 1
            losses[index] += outcome == -1
    assert wins == list(found.wins[row, : len(options)]) and losses == list(found.losses[row, : len(options)])


def test_a_seeded_simulation_is_deterministic_and_agrees_with_the_exact_return(exact):
    first = pai_gow.evaluate("maison", method="simulation", rounds=200_000, seed=7)
    again = pai_gow.evaluate("maison", method="simulation", rounds=200_000, seed=7)
    assert first.expected == again.expected and first.ci95 == again.ci95
    low, high = first.ci95
    assert low < float(exact["maison"].expected) < high and high - low < 0.01
    assert first.method == "simulation" and first.rounds == 200_000
    assert abs(first.details["win"] + first.details["push"] + first.details["loss"] - 1) < 1e-9


def test_the_simulation_reports_its_progress():
    calls = []
    pai_gow.evaluate("optimale", method="simulation", rounds=150_000, seed=1, progress=lambda d, t: calls.append(d))
    assert calls == [100_000, 150_000]


# --- Strategy files -------------------------------------------------------------------------------


@pytest.mark.parametrize("module", [pai_gow, bataille])
def test_each_strategy_is_described_in_french_and_english_with_its_citations(module):
    document = read(STRATEGIES / f"{module.GAME}.yaml")
    assert document["game"] == module.GAME
    assert tuple(entry["key"] for entry in document["strategies"]) == module.STRATEGIES
    for entry in document["strategies"]:
        assert entry["name"] and entry["name_en"] and entry["description"] and entry["description_en"]
        assert entry["optimal"] in (True, False, None)
        assert entry["articles"] and set(entry["articles"]) <= _game_articles(module.GAME)  # cited from the rule data


def _game_articles(game: str) -> set[str]:
    """The articles the game's rule file declares (games/rules/games/<jurisdiction>/<game>.yaml)."""
    jurisdiction, name = game.split(".", 1)
    return set(read(STRATEGIES.parent.parent / "rules" / "games" / jurisdiction / f"{name}.yaml")["articles"])


def test_results_carry_the_strategy_files_citations():
    assert bataille.evaluate("guerre", "a").citations == ("LU RGD 1979 art. 37-16 (projet)",)  # a draft, said so
    assert "QC RJC art. 111" in pai_gow.evaluate("optimale", method="simulation", rounds=10, seed=0).citations
