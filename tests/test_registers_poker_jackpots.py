"""Poker progressive jackpots (LU RGD 1979 art. 49-9 to 49-11) and the bad-beat jackpot (49-12 to 49-15)."""

import datetime
import json
from decimal import Decimal

import pytest

from compliance.errors import DomainError
from games.poker.jackpots import bad_beat_hand, bad_beat_split, increment
from registers.chain.services import pending_countersign
from registers.models import Register
from registers.poker.selectors import jackpot_state
from registers.poker.services import (
    bad_beat_win_file,
    jackpot_stop,
    progressive_configure,
    progressive_statement,
    progressive_win_file,
)
from tests.conftest import lu_today, make_user
from tests.test_lu_49_house_rules import open_bad_beat, record_house_rules

pytestmark = pytest.mark.django_db
TODAY = lu_today

LEVELS = [{"combination": "royal_flush", "start": "500.00"}, {"combination": "straight_flush", "start": "200.00"},
          {"combination": "four_of_a_kind", "start": "50.00"}]
BLINDS = [{"table": table, "small_blind": "1.00", "big_blind": "2.00"} for table in ("P1", "P2")]
INCREMENTS = {"P1": "12.40", "P2": "3.10"}
HANDS = [{"player": "Marie Weber", "cards": "Qd Qc"}, {"player": "Luc Hoffmann", "cards": "4d 5c"}]
QUEENS = {"deal": "17", "board": "Qh Qs 2d 3c 9c", "hands": HANDS, "chef_de_salle": "Paul Thill"}


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _configure(world, **overrides):
    fields = {"casino": world.c, "actor": world.manager_c, "gaming_day": TODAY(), "name": "Hold'em 1-2",
              "tables": ["P1", "P2"], "small_blind": "1.00", "blinds": BLINDS, "levels": LEVELS,
              "increment_kind": "pourcentage",
              "increment_value": "1.00", "rounding": "inferieur"} | overrides
    return progressive_configure(**fields)


def _refused(call, **kwargs):
    with pytest.raises(DomainError) as refused:
        call(**kwargs)
    return refused.value


def test_49_9_three_levels_on_the_three_highest_combinations_within_500_200_50_small_blinds(lu):
    assert _refused(_configure, world=lu, levels=LEVELS + [{"combination": "full_house", "start": "1"}]).code == \
        "too_many_levels"
    assert _refused(_configure, world=lu, levels=[{"combination": "full_house", "start": "1"}]).code == "combination"
    high = [dict(LEVELS[0]), dict(LEVELS[1], start="200.01")]
    error = _refused(_configure, world=lu, levels=high)
    assert error.code == "start_too_high" and error.field == "levels[1].start" and "200" in str(error.message)
    entry = _configure(lu)
    assert json.loads(entry.payload)["levels"][2] == {"level": 3, "combination": "four_of_a_kind", "start": "50.00"}
    assert _refused(_configure, world=lu).code == "jackpot_active"  # conditions fixed until the jackpot stops


def test_49_9_increment_fixed_or_percent_of_the_pot_after_rake_with_its_rounding():
    assert increment(Decimal("87.35"), "pourcentage", Decimal("1"), "inferieur") == Decimal("0.87")
    assert increment(Decimal("87.50"), "pourcentage", Decimal("1"), "plus_proche") == Decimal("0.88")
    assert increment(Decimal("0.40"), "fixe", Decimal("0.50"), "inferieur") == Decimal("0.40")  # never above the pot


def test_49_10_win_voucher_signed_by_cashier_and_management_and_never_above_the_jackpot(lu):
    _configure(lu)
    progressive_statement(casino=lu.c, actor=lu.accountant_c, gaming_day=TODAY(), name="Hold'em 1-2",
                          displayed={"1": "742.10", "2": "260.00", "3": "81.20"}, increments=INCREMENTS)
    win = {"casino": lu.c, "actor": lu.accountant_c, "gaming_day": TODAY(), "name": "Hold'em 1-2", "level": 3,
           "game": "Texas hold'em", "table": "P2", "won_at": "23:41", "currency": "EUR", **QUEENS}
    error = _refused(progressive_win_file, **win, amount="81.21")
    assert error.code == "above_jackpot" and error.field == "amount" and "LU RGD 1979 art. 49-10" in str(error.message)
    entry = pending_countersign(pending=progressive_win_file(**win, amount="81.20"), countersigner=lu.manager_c)
    payload = json.loads(entry.payload)
    assert (payload["vouchers"], payload["table"], payload["restart_at"]) == (
        [{"player": "Marie Weber", "amount": "81.20"}], "P2", "50.00")
    assert jackpot_state(Register.objects.get(kind="jackpot_progressif"), "Hold'em 1-2")["amounts"]["3"] == \
        Decimal("50.00")


def test_49_11_involuntary_stop_ends_wins_and_voluntary_stop_needs_15_days_notice(lu):
    _configure(lu)
    error = _refused(jackpot_stop, casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), name="Hold'em 1-2",
                     voluntary=True, reason="fin", minister_notified_on=TODAY() - datetime.timedelta(days=14))
    assert error.code == "notice_too_late" and "15" in str(error.message)
    jackpot_stop(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), name="Hold'em 1-2", voluntary=False,
                 reason="panne du système d'affichage")
    error = _refused(progressive_win_file, casino=lu.c, actor=lu.accountant_c, gaming_day=TODAY(), name="Hold'em 1-2",
                     level=1, game="Hold'em", table="P1", won_at="22:00", amount="10.00", currency="EUR",
                     **QUEENS)
    assert error.code == "not_active"
    _configure(lu)  # restarted with a new configuration


@pytest.mark.parametrize(("loser", "winner", "board", "qualified"), [
    ("7c 7d", "8h 9h", "7h 7s Th Jh 2c", True),      # four sevens beaten by a straight flush
    ("7c 7d", "8c 8d", "7h 7s 8h 8s 2c", True),      # four sevens beaten by four eights
    ("6c 6d", "8h 9h", "6h 6s Th Jh 2c", False),     # four sixes: below four sevens
    ("7c 2d", "8h 9h", "7h 7s 7d Th Jh", False),     # the loser's 2 does not play
    ("7c 7d", "Ah Kc", "7h 7s Th Jh Qh", False),     # the K of clubs makes no royal flush: a flush, lower
])
def test_49_12_qualification_four_sevens_or_better_both_hole_cards_of_both_players(loser, winner, board, qualified):
    judged = bad_beat_hand(loser, winner, board, minimum=["four_of_a_kind", "7"], both_hole_cards=True)
    assert judged.qualifies is qualified


def test_49_12_half_to_the_loser_half_shared_by_everyone_seated_cents_to_the_loser():
    vouchers = bad_beat_split(Decimal("1000.01"), ["A", "B", "C", "D", "E", "F"], "B", loser_share=Decimal("0.5"),
                              table_share=Decimal("0.5"))
    by_player = {v["player"]: v["amount"] for v in vouchers}
    assert by_player["A"] == Decimal("83.33") and by_player["B"] == Decimal("500.00") + Decimal("83.36")
    assert sum(by_player.values()) == Decimal("1000.01") and len(vouchers) == 6


def test_49_15_bad_beat_win_one_voucher_per_seated_player_signed_by_two_and_minimum_pot(lu):
    record_house_rules(lu)  # its minimum pot, 100.00
    open_bad_beat(lu)  # its start value, 10 000,00 (art. 49-13 al. 1)
    fields = {"casino": lu.c, "actor": lu.accountant_c, "gaming_day": TODAY(), "game": "Texas hold'em",
              "table": "P1", "won_at": "23:41", "loser": "Luc",
              "loser_cards": "7c 7d", "winner_cards": "8h 9h", "board": "7h 7s Th Jh 2c",
              "amount": "3000.00", "currency": "EUR", "players": ["Luc", "Ana", "Tom", "Eva"], "restart_at": "0"}
    assert _refused(bad_beat_win_file, **fields, pot="99.99").code == "pot_too_small"
    assert _refused(bad_beat_win_file, **(fields | {"loser_cards": "6c 6d", "board": "6h 6s Th Jh 2c"}),
                    pot="150.00").code == "not_qualified"
    entry = pending_countersign(pending=bad_beat_win_file(**fields, pot="150.00"), countersigner=lu.manager_c)
    payload = json.loads(entry.payload)
    assert len(payload["vouchers"]) == 4 and payload["vouchers"][0]["player"] == "Luc"
    assert payload["vouchers"][0]["amount"] == "1875.00" and payload["vouchers"][0]["won_at"] == "23:41"
    assert payload["restart_at"] == "0.00" and entry.countersigner == lu.manager_c


def test_49_13_end_of_session_bad_beat_sum_written_by_the_cashier_under_management_control(lu):
    from registers.poker.services import bad_beat_statement_file

    with pytest.raises(DomainError) as refused:
        bad_beat_statement_file(casino=lu.c, actor=lu.accountant_c, gaming_day=TODAY(), amount="1250.40",
                                currency="EUR", history_reference=" ")
    assert refused.value.field == "history_reference"
    pending = bad_beat_statement_file(casino=lu.c, actor=lu.accountant_c, gaming_day=TODAY(), amount="1250.40",
                                      currency="EUR", history_reference="Historique certifié n° 2026-325")
    entry = pending_countersign(pending=pending, countersigner=lu.manager_c)
    assert json.loads(entry.payload)["amount"] == "1250.40" and entry.register.kind == "bad_beat"


# --- what a filing refers to must exist and be in a state that allows it (issue 20) --------------------------

FOUND_BY_THE_FUZZER = ["0", "Casino de la Moselle", "Baccara", "Jeux semi-automatiques", "Bataille"]


def _entries() -> int:
    from registers.models import Entry

    return Entry.objects.filter(register__kind="jackpot_progressif").count()


def _api(lu, path: str, body: dict, user=None):
    from django.urls import reverse

    from tests.conftest import api_client_for

    url = reverse(f"api-registers-jackpot-{path}", kwargs={"casino": lu.c.code})
    return api_client_for(user or lu.accountant_c).post(url, body, format="json")


@pytest.mark.parametrize("name", FOUND_BY_THE_FUZZER)
def test_49_10_a_statement_names_a_jackpot_the_register_configured(lu, name):
    _configure(lu)
    before = _entries()
    error = _refused(progressive_statement, casino=lu.c, actor=lu.accountant_c, gaming_day=TODAY(), name=name,
                     displayed={}, increments={})
    assert (error.code, error.field) == ("unknown_jackpot", "name") and "LU RGD 1979 art. 49-9" in str(error.message)
    response = _api(lu, "statement", {"name": name, "displayed": {}, "increments": {}})
    assert response.status_code == 400 and response.json()["code"] == "unknown_jackpot"
    assert list(response.json()["field_errors"]) == ["name"] and _entries() == before


def test_49_10_a_statement_gives_an_amount_for_each_level_of_the_jackpot_and_no_other(lu):
    _configure(lu)
    before = _entries()
    for displayed, field, code in (
        ({}, "displayed[1]", "required"),
        ({"1": "742.10", "2": "260.00"}, "displayed[3]", "required"),
        ({"1": "742.10", "2": "260.00", "3": ""}, "displayed[3]", "invalid_amount"),
        ({"1": "742.10", "2": "260.00", "3": "81.20", "4": "1.00"}, "displayed[4]", "unknown_level"),
        ({"1": "742.10", "2": "260.00", "3": "-1"}, "displayed[3]", "amount_not_positive"),
    ):
        error = _refused(progressive_statement, casino=lu.c, actor=lu.accountant_c, gaming_day=TODAY(),
                         name="Hold'em 1-2", displayed=displayed, increments=INCREMENTS)
        assert (error.field, error.code) == (field, code), displayed
        response = _api(lu, "statement", {"name": "Hold'em 1-2", "displayed": displayed, "increments": INCREMENTS})
        assert response.status_code == 400 and list(response.json()["field_errors"]) == [field]
    assert _entries() == before


def test_49_11_a_statement_win_or_stop_of_a_stopped_jackpot_is_refused_and_a_jackpot_stops_once(lu):
    _configure(lu)
    jackpot_stop(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), name="Hold'em 1-2", voluntary=False,
                 reason="panne")
    before = _entries()
    again = _refused(jackpot_stop, casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), name="Hold'em 1-2",
                     voluntary=False, reason="panne")
    assert (again.code, again.field) == ("not_active", "name") and "LU RGD 1979 art. 49-11" in str(again.message)
    statement = _refused(progressive_statement, casino=lu.c, actor=lu.accountant_c, gaming_day=TODAY(),
                         name="Hold'em 1-2", displayed={"1": "1.00", "2": "1.00", "3": "1.00"}, increments=INCREMENTS)
    assert statement.code == "not_active"
    for _repeat in range(5):
        response = _api(lu, "stop", {"name": "Hold'em 1-2", "reason": "panne"}, user=lu.manager_c)
        assert response.status_code == 400 and response.json()["code"] == "not_active"
    assert _entries() == before


@pytest.mark.parametrize("name", [*FOUND_BY_THE_FUZZER, "Hold'em\x00\x1b[2J"])
def test_49_11_a_stop_names_a_jackpot_the_register_configured(lu, name):
    _configure(lu)
    before = _entries()
    error = _refused(jackpot_stop, casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), name=name,
                     voluntary=False, reason="panne")
    assert error.field == "name" and error.code in {"unknown_jackpot", "unprintable"}
    response = _api(lu, "stop", {"name": name, "reason": "panne"}, user=lu.manager_c)
    assert response.status_code == 400 and list(response.json()["field_errors"]) == ["name"]
    assert _entries() == before


def test_49_10_a_win_names_a_level_the_jackpot_has(lu):
    _configure(lu, levels=LEVELS[:2])
    win = {"name": "Hold'em 1-2", "game": "Hold'em", "table": "P1", "won_at": "22:00", "amount": "10.00",
           "currency": "EUR", "gaming_day": TODAY().isoformat(), **QUEENS}
    for level in (3, 0, -1):
        error = _refused(progressive_win_file, casino=lu.c, actor=lu.accountant_c, **{**win, "level": level,
                                                                                       "gaming_day": TODAY()})
        assert (error.code, error.field) == ("unknown_level", "level")
        response = _api(lu, "win", {**win, "level": level})
        assert response.status_code == 400 and response.json()["code"] == "unknown_level"


def test_texts_entering_the_register_refuse_control_characters_and_are_bounded(lu):
    for name, code in (("Hold'em\x07", "unprintable"), ("Hold'em\u202e1-2", "unprintable"), ("x" * 121, "too_long"),
                       ("  ", "required")):
        error = _refused(_configure, world=lu, name=name)
        assert (error.field, error.code) == ("name", code), name
    _configure(lu)
    error = _refused(jackpot_stop, casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), name="Hold'em 1-2",
                     voluntary=False, reason="panne\x1b[2J")
    assert (error.field, error.code) == ("reason", "unprintable") and "U+001B" in str(error.message)


@pytest.mark.parametrize("day", ["2000-01-01", "1996-01-04"])
def test_49_10_a_statement_is_dated_within_the_casino_s_registers(lu, day):
    _configure(lu)
    before = _entries()
    displayed = {"1": "742.10", "2": "260.00", "3": "81.20"}
    error = _refused(progressive_statement, casino=lu.c, actor=lu.accountant_c,
                     gaming_day=datetime.date.fromisoformat(day), name="Hold'em 1-2", displayed=displayed,
                     increments=INCREMENTS)
    assert (error.code, error.field) == ("before_opening", "gaming_day")
    response = _api(lu, "statement", {"name": "Hold'em 1-2", "displayed": displayed, "gaming_day": day,
                                      "increments": INCREMENTS})
    assert response.status_code == 400 and response.json()["code"] == "before_opening"
    assert list(response.json()["field_errors"]) == ["gaming_day"] and _entries() == before
