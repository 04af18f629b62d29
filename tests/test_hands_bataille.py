"""Bataille (LU RGD 1979 art. 37-16): card order and shoe."""

from games.hands import bataille
from games.hands.cards import card


def test_art_37_16_cards_rank_from_the_ace_down_to_the_deux():
    order = [card(f"{r}c") for r in "AKQJT98765432"]
    strengths = [bataille.strength(c) for c in order]
    assert strengths == list(range(12, -1, -1))
    assert bataille.compare(card("Ah"), card("Kh")) == 1
    assert bataille.compare(card("2s"), card("3d")) == -1


def test_art_37_16_suits_do_not_count_two_cards_of_a_rank_are_a_bataille():
    assert bataille.compare(card("Qh"), card("Qs")) == 0
    assert bataille.compare(card("2c"), card("2d")) == 0


def test_art_37_16_the_shoe_holds_six_decks_of_52_cards():
    shoe = bataille.shoe(6)
    assert len(shoe) == 312
    assert bataille.rank_counts(6) == (24,) * 13


def test_the_order_cites_the_article():
    assert bataille.ranking_citation() == "LU RGD 1979 art. 37-16"
