"""The pots of a deal (QC RJC art. 67.108; LU RGD 1979 art. 49-1, 49-5; ROPTA §10.7, §10.8): side pots by
contribution level, the rake within its cap, the odd chip to the player nearest the button; and properties that
nothing is created or lost."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.poker.pots import Pot, pots, rake, split

D = Decimal


def test_an_all_in_for_less_opens_a_side_pot_its_player_cannot_win():
    # A is all-in for 50, B and C put in 200 each: main pot 150 for all three, side pot 300 for B and C
    assert pots({"A": 50, "B": 200, "C": 200}) == [Pot(150, ("A", "B", "C")), Pot(300, ("B", "C"))]


def test_a_folded_players_chips_stay_in_the_pots_they_reached_but_they_win_none():
    assert pots({"A": 30, "B": 100, "C": 100}, folded=["A"]) == [Pot(230, ("B", "C"))]
    assert pots({"A": 80, "B": 50, "C": 100}, folded=["A"]) == [Pot(150, ("B", "C")), Pot(80, ("C",))]


def test_three_all_ins_make_a_main_pot_and_two_side_pots_in_seat_order():
    found = pots({"D": 400, "A": 100, "B": 250, "C": 400}, seats=["A", "B", "C", "D"])
    assert found == [Pot(400, ("A", "B", "C", "D")), Pot(450, ("B", "C", "D")), Pot(300, ("C", "D"))]


@pytest.mark.parametrize(("pot", "cap", "taken"), [("100.00", None, "10.00"), ("99.99", None, "9.99"),
                                                   ("7.35", None, "0.73"), ("500.00", "20.00", "20.00")])
def test_qc_rjc_art_67_108_the_rake_never_exceeds_10_per_cent_of_the_pot(pot, cap, taken):
    assert rake(D(pot), D("0.10"), D(cap) if cap else None) == D(taken)


def test_lu_art_49_5_the_odd_chip_goes_to_the_player_nearest_the_button():
    assert split(D("10.01"), ["B", "D"]) == {"B": D("5.01"), "D": D("5.00")}
    assert split(D("100"), ["A", "B", "C"], chip=D(1)) == {"A": D(34), "B": D(33), "C": D(33)}
    with pytest.raises(ValueError):
        split(D("10.005"), ["A", "B"])


amounts = st.decimals(min_value=0, max_value=10_000, places=2)


@given(st.dictionaries(st.sampled_from("ABCDEFGHI"), st.integers(0, 1_000_000), min_size=2), st.data())
@settings(max_examples=400)
def test_the_pots_hold_exactly_what_the_players_put_in_and_only_live_players_win(contributions, data):
    players = list(contributions)
    folded = data.draw(st.lists(st.sampled_from(players), unique=True, max_size=len(players) - 1))
    found = pots(contributions, folded=folded)
    live = [p for p in players if p not in folded]
    assert sum(pot.amount for pot in found) == sum(contributions.values())
    for pot in found:
        assert pot.amount > 0 and pot.eligible and set(pot.eligible) <= set(live)
    assert [len(pot.eligible) for pot in found] == sorted((len(pot.eligible) for pot in found), reverse=True)


@given(amounts, st.decimals(min_value=0, max_value=1, places=3))
def test_the_rake_and_what_is_left_make_the_pot_and_the_rake_stays_within_its_rate(pot, rate):
    taken = rake(pot, rate)
    assert 0 <= taken <= pot * rate and pot - taken >= 0 and pot * rate - taken < D("0.01")


@given(st.integers(min_value=0, max_value=10**7), st.integers(min_value=1, max_value=9))
def test_a_split_conserves_the_pot_and_no_two_shares_differ_by_more_than_a_chip(cents, winners):
    shares = split(D(cents) / 100, [str(i) for i in range(winners)])
    assert sum(shares.values()) == D(cents) / 100
    assert max(shares.values()) - min(shares.values()) <= D("0.01")
    assert list(shares.values()) == sorted(shares.values(), reverse=True)  # nearest the button first
