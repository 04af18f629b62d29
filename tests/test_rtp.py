"""Exact returns of the loaded pay tables: `manage.py rtp --json`, the API, the roue de fortune floor
(QC RJC art. 122) and the distributions kept in the database."""

import json
from fractions import Fraction
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.models import HandDistribution
from games.rtp.engine import models
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db

INDEPENDENT = sorted(key for key, m in models().items() if m["model"] != "strategy" and not m.get("frequency_only"))


def _rtp_json(key, *args):
    out = StringIO()
    call_command("rtp", key, "--json", "--on", "2026-11-21", *args, stdout=out)
    return json.loads(out.getvalue())


def _fraction(data):
    return Fraction(data["fraction"])


def test_every_pay_table_has_a_model():
    from games.models import PayTable

    assert set(PayTable.objects.values_list("key", flat=True)) <= set(models())


@pytest.mark.parametrize("key", INDEPENDENT)
def test_rtp_json_gives_both_readings_the_literal_one_and_contributions_summing_exactly(rules, key):
    report = _rtp_json(key)
    assert set(report["readings"]) == {"a", "pour"}
    assert report["literal_reading"] in {"a", "pour", None}
    # the reading given first is the one the text supports: net for every table (« à », or « pour » read so)
    assert list(report["readings"]) == [report["default_reading"], report["alternative_reading"]] == ["a", "pour"]
    assert report["selected_reading"] == "a"
    assert report["reading"]["supported_by_text"] == (report["literal_reading"] == "pour")
    assert report["citation"]["label"]
    for reading in ("a", "pour"):
        for variant in report["readings"][reading]:
            contributions = [_fraction(line["contribution"]) for line in variant["lines"]]
            assert sum(contributions) == _fraction(variant["return"])
            assert 1 - _fraction(variant["return"]) == _fraction(variant["house_edge"])
            assert 0 < _fraction(variant["hit_frequency"]) < 1
    for a, pour in zip(report["readings"]["a"], report["readings"]["pour"], strict=True):
        # the gap between the readings is exactly the hit frequency: one stake per winning hand
        gap = _fraction(a["return"]) - _fraction(pour["return"])
        assert gap == _fraction(a["hit_frequency"])
        assert (a["label"] in {f["variant"] for f in report["flags"]}) == (gap > Fraction(1, 100))


def test_67_48_three_card_table_returns_5332_over_5525_read_as_written(rules):
    report = _rtp_json("qc.357.trois_cartes")
    assert report["literal_reading"] == "a"
    assert report["readings"]["a"][0]["return"]["fraction"] == "5332/5525"  # 96.5068 %
    assert report["flags"][0]["variant"] == "Toutes les mains"


def test_37_14_trips_return_is_the_published_98_096_percent(rules):
    report = _rtp_json("lu.uth.trips")
    assert report["readings"]["a"][0]["house_edge"]["decimal"] == "0.019040"


def test_mc_trips_writes_pour_and_its_literal_reading_is_pour(rules):
    report = _rtp_json("mc.uth.trips", "--reading", "pour")
    assert report["literal_reading"] == "pour" and report["selected_reading"] == "pour"
    assert _rtp_json("mc.uth.trips", "--reading", "literal")["selected_reading"] == "pour"
    assert _rtp_json("mc.uth.trips")["selected_reading"] == report["default_reading"] == "a"


def test_72_1_doubled_and_tripled_bets_on_37_and_38_pockets(rules):
    double = {v["label"]: v["return"]["fraction"] for v in _rtp_json("qc.roulette.double")["readings"]["a"]}
    assert double["37 cases — si la mise triplée n'est pas permise"] == "1201/1369"
    assert double["38 cases — en cas contraire"] == "1001/1444"
    triple = {v["label"]: v["return"]["fraction"] for v in _rtp_json("qc.roulette.triple")["readings"]["a"]}
    assert triple == {"37 cases": "10001/50653", "38 cases": "10001/54872"}


def test_37_16_tie_bet_with_six_decks(rules):
    report = _rtp_json("lu.bataille.egalite")
    assert report["readings"]["a"][0]["return"]["fraction"] == "253/311"  # 11 × 23/311
    assert report["readings"]["pour"][0]["return"]["fraction"] == "230/311"
    assert report["literal_reading"] == "pour" and report["default_reading"] == "a"


def test_21_1_side_bet_for_one_to_eight_decks(rules):
    report = _rtp_json("qc.blackjack.douze_seize")
    assert [v["parameters"]["decks"] for v in report["readings"]["a"]] == list(range(1, 9))


def test_67_9_and_21_2_fixed_amounts_on_the_one_dollar_bet(rules):
    grand_prix = _rtp_json("qc.grand_prix.supplementaire")
    assert grand_prix["literal_reading"] is None  # amounts, neither « à » nor « pour »
    straight = next(line for line in grand_prix["readings"]["pour"][0]["lines"] if line["hand"] == "straight")
    assert straight["paid"]["fraction"] == "25/1"
    low, high = (_rtp_json("qc.blackjack.progressive", "--progressive", amount) for amount in ("10000", "250000"))
    assert _fraction(high["readings"]["a"][0]["return"]) > _fraction(low["readings"]["a"][0]["return"])


def test_strategy_tables_have_no_return_of_their_own(rules):
    report = _rtp_json("qc.caraibes.main")
    assert report["strategy_dependent"] and report["strategy_game"] == "qc.caraibes"
    assert all(v["return"] is None for v in report["readings"]["a"])


def test_18_1_bonus_on_the_main_bet_shows_frequencies_only(rules):
    report = _rtp_json("qc.blackjack.bonus")
    one_deck = report["readings"]["a"][0]
    assert one_deck["return"] is None
    assert [line["probability"]["fraction"] for line in one_deck["lines"]] == ["1/5525", "1/5525"]


def test_rtp_command_refuses_an_unknown_table_and_a_bad_amount(rules):
    with pytest.raises(Exception, match="inconnue"):
        _rtp_json("qc.nope")
    with pytest.raises(Exception, match="progressive"):
        _rtp_json("qc.blackjack.progressive", "--progressive", "-5")


def test_distributions_are_counted_once_and_kept_in_the_database(rules):
    from games.rtp import selectors

    HandDistribution.objects.all().delete()
    selectors._MEMO.clear()
    _rtp_json("lu.uth.trips")
    row = HandDistribution.objects.get(kind="cinq_parmi_sept")
    assert row.total == 133_784_560 and row.counts["straight_flush:A"] == 4_324
    selectors._MEMO.clear()
    _rtp_json("mc.uth.trips")
    assert HandDistribution.objects.get(kind="cinq_parmi_sept").pk == row.pk


def test_rtp_api_answers_with_both_readings(world, rules):
    response = api_client_for(world.regulator_lu).get(reverse("api-rules-rtp-detail", args=["lu.holdem_casino.bonus"]))
    assert response.status_code == 200
    assert response.json()["literal_reading"] == "pour"
    assert list(response.json()["readings"]) == ["a", "pour"] and response.json()["default_reading"] == "a"
    assert api_client_for(world.regulator_lu).get(reverse("api-rules-rtp-detail", args=["xx"])).status_code == 404


BIG_SIX = [
    {"symbol": "1 $", "count": 24, "odds": "1 à 1"},
    {"symbol": "2 $", "count": 15, "odds": "2 à 1"},
    {"symbol": "5 $", "count": 7, "odds": "5 à 1"},
    {"symbol": "10 $", "count": 4, "odds": "10 à 1"},
    {"symbol": "20 $", "count": 2, "odds": "20 à 1"},
    {"symbol": "Joker", "count": 2, "odds": "40 à 1"},
]


def _wheel(world, segments):
    # a regulator checks a submitted wheel: the calculator stores nothing, read-only roles may post
    client = api_client_for(world.regulator_lu)
    return client.post(reverse("api-rules-rtp-wheel"), {"segments": segments}, format="json")


def test_122_wheel_at_74_percent_is_refused_citing_the_article(world, rules):
    response = _wheel(
        world, [{"symbol": "Étoile", "count": 1, "odds": "36 à 1"}, {"symbol": "Lune", "count": 49, "odds": "1 à 2"}]
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "below_minimum_return"
    assert "QC RJC art. 122" in body["message"] and "74,00 %" in body["message"]
    assert body["field_errors"] == {"segments[0]": [body["message"]]}


def test_122_wheel_at_76_percent_passes(world, rules):
    response = _wheel(
        world, [{"symbol": "Étoile", "count": 1, "odds": "37 à 1"}, {"symbol": "Lune", "count": 49, "odds": "1 à 2"}]
    )
    assert response.status_code == 200
    assert response.json()["bets"][0]["return"]["fraction"] == "19/25"


def test_117_wheel_needs_nine_to_sixty_segments_and_valid_odds(world, rules):
    ok = _wheel(world, BIG_SIX)
    assert ok.status_code == 200 and ok.json()["segments"] == 54
    too_small = _wheel(world, [{"symbol": "A", "count": 8, "odds": "1 à 1"}])
    assert too_small.status_code == 400 and "QC RJC art. 117" in too_small.json()["message"]
    bad = _wheel(world, [{"symbol": "A", "count": 10, "odds": "beaucoup"}])
    assert bad.status_code == 400 and bad.json()["field_errors"].keys() == {"segments[0]"}


def test_hands_api_evaluates_a_batch_and_names_the_bad_hand(world, rules):
    client = api_client_for(world.accountant_a)
    url = reverse("api-rules-hands-evaluate")
    ok = client.post(
        url, {"kind": "cinq_parmi_sept", "hands": ["Ah Kh Qh Jh Th 2c 3d", "2c 2d 2h 2s 9c 9d 9h"]}, format="json"
    )
    assert [r["class"] for r in ok.json()["results"]] == ["straight_flush:A", "four_of_a_kind:2"]
    bad = client.post(
        url, {"kind": "cinq_parmi_sept", "hands": ["Ah Kh Qh Jh Th 2c 3d", "Ah Ah 2c 3c 4c 5c 6c"]}, format="json"
    )
    assert bad.status_code == 400 and list(bad.json()["field_errors"]) == ["hands[1]"]
    anonymous = api_client_for(world.accountant_a)
    anonymous.force_authenticate(None)
    assert anonymous.post(url, {"kind": "cinq_cartes", "hands": []}, format="json").status_code in {401, 403}
