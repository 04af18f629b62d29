"""Pai Gow tiles (QC RJC art. 100–113): the set, the hands and the splits, each test after its article."""

from itertools import combinations
from pathlib import Path

import pytest

from games.hands import pai_gow
from games.hands.pai_gow import Split, compare, hand_value, house_way, settle, splits, tile, tiles
from games.rules.yamlfile import read

VALUES = Path(pai_gow.__file__).resolve().parent.parent / "rules" / "values" / "qc" / "pai_gow"

# QC RJC art. 101, first to twentieth, written out here independently of the rule file.
ART_101 = [
    ("supreme", "2-4 1-2"),
    ("paire_6_6", "6-6 6-6"),
    ("paire_1_1", "1-1 1-1"),
    ("paire_4_4", "4-4 4-4"),
    ("paire_1_3", "1-3 1-3"),
    ("paire_5_5", "5-5 5-5"),
    ("paire_3_3", "3-3 3-3"),
    ("paire_2_2", "2-2 2-2"),
    ("paire_5_6", "5-6 5-6"),
    ("paire_4_6", "4-6 4-6"),
    ("paire_1_6", "1-6 1-6"),
    ("paire_1_5", "1-5 1-5"),
    ("melange_neuf", "3-6 4-5"),
    ("melange_huit", "3-5 2-6"),
    ("melange_sept", "3-4 2-5"),
    ("melange_cinq", "1-4 2-3"),
    ("wong_6_6", "6-6 4-5"),
    ("wong_1_1", "1-1 4-5"),
    ("gong_6_6", "6-6 2-6"),
    ("gong_1_1", "1-1 2-6"),
]

# QC RJC art. 105, strongest first; tiles of one rank are of equal value.
ART_105 = [
    "6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5",
    "3-6 4-5", "2-6 3-5", "2-5 3-4", "2-4", "1-4 2-3", "1-2",
]  # fmt: skip


def _value_of(name: str):
    document = read(VALUES / f"{name}.yaml")
    return document["values"][max(document["values"])]["value"]


def test_art_100_the_set_has_32_tiles_eleven_of_them_doubled():
    found = pai_gow.tile_set()
    assert len(found) == _value_of("tuiles") == 32
    doubled = {t for t in found if found.count(t) == 2}
    assert doubled == set(tiles("6-6 1-1 4-4 1-3 5-5 3-3 2-2 5-6 4-6 1-6 1-5"))
    assert all(found.count(t) == 1 for t in tiles("3-6 4-5 2-6 3-5 2-5 3-4 2-4 1-4 2-3 1-2"))


def test_art_101_the_twenty_combinations_come_in_the_order_of_the_text():
    assert pai_gow.rules().combination_keys == tuple(key for key, _ in reversed(ART_101))
    values = [hand_value(tiles(hand)) for _, hand in ART_101]
    assert values == sorted(values, reverse=True) and len(set(values)) == 20
    for key, hand in ART_101:
        assert pai_gow.hand_name(tiles(hand)) == key


def test_art_101_the_weakest_combination_beats_the_best_hand_without_one():
    best_without = max(
        hand_value(pair) for pair in combinations(pai_gow.tile_set(), 2) if pai_gow.combination(pair) is None
    )
    assert best_without == hand_value(tiles("6-6 1-6"))  # nine points with the douze
    assert hand_value(tiles("1-1 2-6")) > best_without


def test_art_101_wongs_and_gongs_take_either_nine_or_any_eight_at_the_same_rank():
    assert hand_value(tiles("6-6 4-5")) == hand_value(tiles("6-6 3-6"))
    assert hand_value(tiles("1-1 2-6")) == hand_value(tiles("1-1 3-5")) == hand_value(tiles("1-1 4-4"))
    assert pai_gow.hand_name(tiles("4-4 1-1")) == "gong_1_1"


def test_art_101_a_melange_is_two_different_tiles_of_the_same_total_the_text_names():
    assert pai_gow.hand_name(tiles("4-5 3-6")) == "melange_neuf"
    # Two tens (5-5 and 4-6) are no mélange of the text: zero points.
    assert pai_gow.combination(tiles("5-5 4-6")) is None and pai_gow.points(tiles("5-5 4-6")) == 0
    assert pai_gow.combination(tiles("4-4 2-6")) is None  # the 4-4 is an eight of the Gongs, not of a mélange


def test_art_102_a_hand_without_combination_counts_the_units_of_its_pips():
    assert pai_gow.points(tiles("5-6 4-6")) == 1
    assert pai_gow.points(tiles("3-3 1-1")) == 8
    assert pai_gow.hand_name(tiles("5-6 4-6")) == "1 point"


def test_art_103_supreme_tiles_count_three_or_six():
    assert pai_gow.points(tiles("1-2 5-6")) == 7  # 6 + 11, better than 3 + 11
    assert pai_gow.points(tiles("2-4 1-5")) == 9  # 3 + 6, better than 6 + 6
    assert pai_gow.points(tiles("2-4 5-5")) == 6
    assert pai_gow.points(tiles("1-2 1-6")) == 3


def test_art_104_the_higher_single_tile_settles_equal_hands():
    # Eight points each; the douze (6-6) ranks first of art. 105.
    assert pai_gow.points(tiles("6-6 1-5")) == pai_gow.points(tiles("5-5 3-5")) == 8
    assert compare(tiles("6-6 1-5"), tiles("5-5 3-5")) == 1
    assert compare(tiles("5-5 3-5"), tiles("6-6 1-5")) == -1


def test_art_104_identical_hands_go_to_the_bank():
    # Three points each, best tile the 2-2 in both.
    player, bank = tiles("4-5 2-2"), tiles("3-6 2-2")
    assert hand_value(player) == hand_value(bank)
    assert compare(player, bank) == compare(bank, player) == -1
    assert compare(tiles("6-6 4-5"), tiles("6-6 3-6")) == -1  # the same Wong


def test_art_105_single_tiles_rank_in_the_order_of_the_text():
    strength = pai_gow.rules().strength
    groups = [[strength[t] for t in tiles(group)] for group in ART_105]
    assert all(len(set(group)) == 1 for group in groups)
    assert [group[0] for group in groups] == list(range(16, -1, -1))


def test_art_108_to_110_both_higher_wins_one_higher_pushes_none_loses():
    bank = Split(tiles("6-6 1-6"), tiles("3-3 1-1"))  # nine / eight
    assert settle(Split(tiles("2-4 1-2"), tiles("1-1 1-1")), bank) == 1  # art. 110
    assert settle(Split(tiles("2-4 1-2"), tiles("5-6 4-6")), bank) == 0  # art. 109 1°
    assert settle(Split(tiles("5-6 4-6"), tiles("1-1 1-1")), bank) == 0  # art. 109 2°
    assert settle(bank, bank) == -1  # art. 108: equal counts against the player
    assert settle(Split(tiles("5-6 4-6"), tiles("5-5 4-6")), bank) == -1


def test_art_113_every_split_keeps_the_main_forte_not_below_the_main_faible():
    seen = set()
    for four in combinations(pai_gow.tile_set(), 4):
        if four in seen:
            continue
        seen.add(four)
        options = splits(four)
        assert 1 <= len(options) <= 3
        assert all(hand_value(s.high) >= hand_value(s.low) for s in options)
        assert house_way(four) in options
        assert sorted(four) == sorted(house_way(four).high + house_way(four).low)
    assert len(seen) == 8130


def test_four_different_tiles_split_three_ways_two_equal_pairs_two_ways():
    assert len(splits(tiles("5-6 4-6 1-6 2-5"))) == 3
    assert len(splits(tiles("6-6 6-6 1-1 1-1"))) == 2


def test_the_house_way_keeps_a_combination_together_with_the_best_main_faible():
    assert house_way(tiles("6-6 6-6 1-2 2-3")) == Split(tiles("6-6 6-6"), tiles("1-2 2-3"))
    # Wongs or the nine mélange: the mélange leaves 1-1 2-2 (six) against three.
    assert house_way(tiles("1-1 4-5 3-6 2-2")) == Split(tiles("4-5 3-6"), tiles("1-1 2-2"))


def test_the_house_way_without_combination_makes_the_best_main_faible():
    chosen = house_way(tiles("5-6 4-6 1-6 2-5"))
    assert pai_gow.points(chosen.low) == 7 and pai_gow.points(chosen.high) == 8


@pytest.mark.parametrize("text", ["douze (6-6)", "6-6", " 6 - 6 "])
def test_tiles_read_from_the_text_or_written_short(text):
    assert tile(text) == tile("6-6") and str(tile(text)) == "6-6"


@pytest.mark.parametrize("text", ["7-1", "0-3", "six", ""])
def test_an_invalid_tile_is_refused(text):
    with pytest.raises(ValueError):
        tile(text)
