"""The Poker des Caraïbes as QC RJC art. 67.20 writes it (« Les mises gagnantes sont payées de la manière
suivante »: the initial bet on the table too, 1 à 1 the flagged alternative), and the poker grand prix's evaluation
ranking its hands with the Québec texts' own ranking (art. 67.2, 67.11)."""

import datetime

import numpy as np
import pytest

from games.hands.cards import parse
from games.hands.fast import evaluate_many
from games.models import Game
from games.rtp import games_poker, grand_prix
from games.rules.validate import RULES_DIR
from games.rules.yamlfile import read
from games.selectors import rule_value_at

pytestmark = pytest.mark.django_db

ON = datetime.date(2026, 11, 21)
YES = np.array([True])


def _five(text):
    return evaluate_many(np.array([parse(text)]), "qc.cinq_cartes")


def _settled(arrays):
    return [float(a[0]) for a in arrays]


def test_qc_67_20_les_mises_gagnantes_pay_the_initial_bet_on_the_table_and_1_a_1_is_the_flagged_alternative(rules):
    """« Les mises sont gagnantes si la main du joueur a une plus haute valeur que celle du croupier. Les mises
    gagnantes sont payées de la manière suivante » : « les mises », the initial and the additional bet, on the table;
    at even money only « Si le croupier ne peut ouvrir » (67.17)."""
    rule = rule_value_at(jurisdiction="QC", key="qc.caraibes.mise_initiale_gagnante", on=ON)
    assert rule.value == "bareme" and rule.citation.label == "QC RJC art. 67.20"
    dealer = _five("Ac Kd 9s 7h 3c")  # opens
    trips = _five("Tc Th Td 4c 2s")  # Brelan, 3 à 1
    assert _settled(games_poker.settle_caraibes(trips, dealer, YES, on=ON)) == [3.0, 6.0]
    assert _settled(games_poker.settle_caraibes(trips, dealer, YES, initial="1_a_1", on=ON)) == [1.0, 6.0]
    assert _settled(games_poker.settle_caraibes(trips, _five("Qc Jd 9s 7h 3c"), YES, on=ON)) == [1.0, 0.0]  # 67.17
    ambiguity = next(item for item in read(RULES_DIR / "ambiguities.yaml")["ambiguities"]
                     if item["key"] == "qc.caraibes.mise_initiale_gagnante")
    assert ambiguity["applied"]["reading"] == 1 and "« les mises gagnantes »" in ambiguity["readings"][0]["text"]
    result = games_poker.evaluate_caraibes(rounds=40_000, seed=1, on=ON)
    assert result.details["initial_win"] == "bareme"
    usual = result.details["variants"]["initial_even_money"]
    assert usual["flagged"] and usual["expected"] < result.expected  # the text's reading pays the player more
    assert "67.20" in result.details["variants_described"]["initial_even_money"]


def test_qc_67_2_the_grand_prix_evaluation_ranks_hands_with_the_quebec_ranking(rules):
    """« Les combinaisons au poker grand prix, dans l'ordre décroissant, sont les suivantes » (67.2), the Québec texts'
    own ranking (qc.cinq_cartes, 67.11's order), not another jurisdiction's."""
    game = Game.objects.select_related("ranking").get(key="qc.grand_prix")
    assert grand_prix.RANKING == game.ranking.key == "qc.cinq_cartes"
    _version, lines = grand_prix.paytable(grand_prix.PAYTABLE, ON)
    table = grand_prix.line_by_key(grand_prix.RANKING, lines)
    labels = [line.label for line in lines]

    def line_of(cards: str) -> str:
        found = int(table[int(_five(cards)[0]) >> 16])
        return labels[found] if found < len(lines) else "perdue"

    assert line_of("Ac Kc Qc Jc Tc") == "Quinte royale" and line_of("9c 8c 7c 6c 5c") == "Quinte"
    assert line_of("Ac 2d 3h 4s 5c") == "Séquence"  # the ace low in A-2-3-4-5 (67.1)
    assert line_of("Tc Td 9h Jc 2s").startswith("Paire") and line_of("9c 9d Th Jc 2s") == "perdue"  # from tens (67.7)
