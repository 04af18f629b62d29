"""Tournament arithmetic (games/tournaments/): the chip race of ROPTA §3.2 with the rulebook's numbers, places of
players out on the same hand (§1.10, §2.7), and prizes that always add up to the prize pool, to the cent, whatever the
ties."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.hands.cards import parse
from games.tournaments.chip_race import chips_to_give, race
from games.tournaments.places import placed, shares

HALF, ONE_EACH, SUITS = Decimal("0.5"), 1, ["pique", "coeur", "carreau", "trèfle"]


@pytest.mark.parametrize(("odd", "given"), [(7, 1), (8, 2), (2, 0), (3, 1), (0, 0), (10, 2)])
def test_ropta_3_2_seven_chips_of_100_make_one_of_500_eight_make_two(odd, given):
    assert chips_to_give(odd, 100, 500, HALF) == given


def test_ropta_3_2_the_highest_cards_win_one_chip_each_spades_beating_hearts_on_equal_cards():
    odd = {"siege1": 3, "siege2": 3, "siege3": 2}  # 8 × 100 → two chips of 500
    cards = {"siege1": parse("As 2c 3d"), "siege2": parse("Ah Kd 4c"), "siege3": parse("Ks 5h")}
    raced = race(odd, cards, 100, 500, HALF, ONE_EACH, SUITS, {"siege1": 5000, "siege2": 5000, "siege3": 5000})
    assert raced.new_chips == 2 and raced.winners == ("siege1", "siege2") and raced.saved == ()


def test_ropta_3_2_a_player_wins_one_chip_at_most_and_no_player_is_raced_out():
    odd = {"gros": 4, "court": 1, "moyen": 3}  # 8 × 100 → two of 500
    cards = {"gros": parse("As Ah Ad Ac"), "court": parse("2c"), "moyen": parse("3c 4d 5h")}
    raced = race(odd, cards, 100, 500, HALF, ONE_EACH, SUITS, {"gros": 20000, "court": 0, "moyen": 800})
    assert raced.winners == ("gros", "moyen")  # the aces win one chip, the next best card the other
    assert raced.saved == ("court",)  # lost the last chip: one of the smallest value still in play


def test_ropta_1_10_players_out_on_the_same_hand_are_placed_by_their_stacks_at_its_start():
    assert placed({"A": 12000, "B": 30000}, 10) == [(9, ("B",)), (10, ("A",))]
    assert placed({"A": 12000, "B": 12000, "C": 500}, 12) == [(10, ("A", "B")), (12, ("C",))]


def test_ropta_2_7_equal_stacks_on_the_bubble_share_the_combined_prizes_to_the_cent():
    prizes = [500_00, 300_00, 200_00, 100_01]  # 4 places paid
    tied = placed({"A": 8000, "B": 8000}, 5)  # 5 left: A and B tie for 4th, the bubble
    assert tied == [(4, ("A", "B"))]
    assert shares(prizes, tied) == {"A": 50_01, "B": 50_00}  # 100.01 between two: the odd cent to the first


@given(st.lists(st.integers(0, 10**7), min_size=1, max_size=12), st.data())
def test_prizes_always_add_up_to_the_prize_pool_to_the_cent_whatever_the_ties(prizes, data):
    players = len(prizes) + data.draw(st.integers(0, 6))
    left, paid = players, {}
    while left:  # the whole tournament, busted in groups of any size with any stacks
        count = data.draw(st.integers(1, left))
        out = {f"j{left}-{n}": data.draw(st.sampled_from((100, 200, 300))) for n in range(count)}
        won = shares(prizes, placed(out, left))
        assert sorted(won) == sorted(out) and all(amount >= 0 for amount in won.values())
        paid |= won
        left -= count
    assert sum(paid.values()) == sum(prizes) and len(paid) == players


# --- the money: fees in = prize pool + the house's part (QC RJC art. 124, 127) -----------------------------------

THIRTY = Decimal("0.30")


def test_qc_rjc_art_127_the_return_is_at_least_30_per_cent_of_the_fees_sold():
    from games.tournaments.prize_pool import collected, return_shortfall

    fair = collected(entries=40, fee=100_00, to_pool=30_00)
    assert fair.returned == Decimal("0.3") and return_shortfall(fair, THIRTY) == 0
    short = collected(entries=40, fee=100_00, to_pool=29_99)
    assert return_shortfall(short, THIRTY) == 40  # 40 cents under 30 % of 4,000.00


def test_qc_rjc_art_124_the_grand_prix_fee_is_at_least_30_per_cent_of_the_supplementary_bet():
    from games.tournaments.prize_pool import grand_prix_fee_ok

    assert grand_prix_fee_ok(30, 100, THIRTY) and grand_prix_fee_ok(100, 100, THIRTY)
    assert not grand_prix_fee_ok(29, 100, THIRTY) and not grand_prix_fee_ok(101, 100, THIRTY)


@given(st.integers(0, 5000), st.integers(0, 10**6), st.data())
def test_fees_in_are_the_prize_pool_plus_the_house_s_part(entries, fee, data):
    from games.tournaments.prize_pool import collected, return_shortfall

    money = collected(entries, fee, data.draw(st.integers(0, fee)))
    assert money.fees == money.pool + money.house and money.pool >= 0 and money.house >= 0
    short = return_shortfall(money, THIRTY)
    assert (money.pool + short) * 100 >= 30 * money.fees  # topped up, the pool returns the 30 %
    assert short == 0 or (money.pool + short - 1) * 100 < 30 * money.fees  # and not a cent more than it lacked


# --- players out at several tables, the clock and the prizes from the shares --------------------------------------


def test_ropta_2_7_hand_for_hand_players_out_at_two_tables_are_tied_at_one_table_by_stacks():
    from games.tournaments.places import placed_at_tables

    assert placed_at_tables({"Eva": ("T1", 7000), "Tom": ("T2", 12000)}, 5) == [(4, ("Eva", "Tom"))]
    # two out at T1 (told apart by stacks), one at T2: the best of each table share the better places
    assert placed_at_tables({"A": ("T1", 500), "B": ("T1", 300), "C": ("T2", 400)}, 9) == [
        (7, ("A", "C")), (9, ("B",))]
    assert placed_at_tables({"A": ("T1", 500), "B": ("T1", 300)}, 9) == placed({"A": 500, "B": 300}, 9)


def test_ropta_1_8_late_registration_ends_with_the_second_level_and_the_level_follows_the_clock():
    import datetime

    from games.tournaments.structure import late_until, level_at

    start = datetime.datetime(2026, 11, 20, 19, 0, tzinfo=datetime.UTC)
    minutes = [20, 20, 30]
    assert late_until(minutes, start, 2) == start + datetime.timedelta(minutes=40)
    assert [level_at(minutes, start, start + datetime.timedelta(minutes=m)) for m in (-1, 0, 19, 20, 45, 70, 500)] \
        == [0, 1, 1, 2, 3, 3, 3]


def test_prizes_from_the_shares_round_down_and_the_cents_left_go_to_the_best_placed():
    from games.tournaments.structure import prizes

    assert prizes(630_00, [Decimal("0.5"), Decimal("0.3"), Decimal("0.2")]) == [315_00, 189_00, 126_00]
    assert prizes(100_01, [Decimal("0.5"), Decimal("0.5")]) == [50_01, 50_00]
    assert prizes(10_00, [Decimal(1) / 3, Decimal(1) / 3, 1 - 2 * (Decimal(1) / 3)]) == [3_34, 3_33, 3_33]
    with pytest.raises(ValueError):
        prizes(100, [Decimal("0.5"), Decimal("0.4")])


@given(st.integers(0, 10**9), st.lists(st.integers(1, 1000), min_size=1, max_size=15), st.data())
def test_prizes_of_any_pool_and_shares_tied_across_tables_add_up_to_the_pool_to_the_cent(pool, weights, data):
    from games.tournaments.places import placed_at_tables
    from games.tournaments.structure import prizes

    total = sum(weights)
    parts = [Decimal(w) / Decimal(total) for w in weights[:-1]]
    parts.append(1 - sum(parts))
    if parts[-1] <= 0:
        return
    paid_places = prizes(pool, parts)
    assert sum(paid_places) == pool and all(p >= 0 for p in paid_places)
    players = len(weights) + data.draw(st.integers(0, 8))
    left = players - 1
    placed_so_far = [(1, ("winner",))]
    while left:
        count = data.draw(st.integers(1, left))
        out = {f"j{left}-{n}": (data.draw(st.sampled_from(("T1", "T2", "T3"))), data.draw(st.sampled_from((1, 2))))
               for n in range(count)}
        placed_so_far.extend(placed_at_tables(out, left + 1))  # the winner is still in
        left -= count
    won = shares(paid_places, placed_so_far)
    assert len(won) == players and sum(won.values()) == pool
