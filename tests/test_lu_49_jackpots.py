"""Issue 13, items 3 and 4: the progressive jackpot (LU RGD 1979 art. 49-9, 49-10) and the bad-beat jackpot (49-12 to
49-15) as the draft writes them, their figures read from the rule data, through the services, the API and the pages;
the arithmetic (who wins, how a jackpot splits) as pure functions, with properties that always hold."""

import json
from decimal import Decimal

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from compliance.errors import DomainError
from games.hands.cards import text
from games.models import RuleValueVersion
from games.poker.jackpots import (
    bad_beat_hand,
    bad_beat_split,
    bad_beat_strongest,
    progressive_award,
    split_equally,
)
from registers.chain.services import pending_countersign
from registers.management.audit import audit
from registers.models import Entry, PendingEntry
from registers.poker.services import (
    bad_beat_win_file,
    progressive_configure,
    progressive_statement,
    progressive_win_file,
)
from tests.conftest import api_client_for, lu_today, make_user
from tests.test_lu_49_house_rules import open_bad_beat, record_house_rules

TODAY = lu_today
LEVELS = [{"combination": "royal_flush", "start": "500.00"}, {"combination": "straight_flush", "start": "200.00"},
          {"combination": "four_of_a_kind", "start": "50.00"}]
BLINDS = [{"table": "P1", "small_blind": "1.00", "big_blind": "2.00"},
          {"table": "P2", "small_blind": "1.00", "big_blind": "2.00"}]
DRAFT = "(projet)"


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    record_house_rules(world)  # the bad beat's minimum pot, 100.00
    open_bad_beat(world)  # at 10 000,00 (art. 49-13 al. 1)
    return world


def _refused(call, **kwargs) -> DomainError:
    with pytest.raises(DomainError) as refused:
        call(**kwargs)
    return refused.value


def _written() -> tuple[int, int]:
    return Entry.objects.count(), PendingEntry.objects.count()


def _api(w, name: str, body: dict, user=None):
    url = reverse(name, kwargs={"casino": w.c.code})
    return api_client_for(user or w.accountant_c).post(url, body, format="json")


def _configure(w, **changes):
    fields = {"casino": w.c, "actor": w.manager_c, "gaming_day": TODAY(), "name": "Hold'em 1-2",
              "tables": ["P1", "P2"], "small_blind": "1.00", "blinds": BLINDS, "levels": LEVELS,
              "increment_kind": "pourcentage", "increment_value": "1.00", "rounding": "inferieur"}
    return progressive_configure(**(fields | changes))


def _state(w, displayed=("742.10", "260.00", "81.20")):
    _configure(w)
    progressive_statement(casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), name="Hold'em 1-2",
                          displayed=dict(zip(("1", "2", "3"), displayed, strict=True)),
                          increments={"P1": "12.40", "P2": "0"})


def _win(w, **changes) -> dict:
    return {"casino": w.c, "actor": w.accountant_c, "gaming_day": TODAY(), "name": "Hold'em 1-2", "level": 3,
            "game": "Texas hold'em", "table": "P2", "deal": "4711", "won_at": "23h41", "board": "Qh Qs 2d 3c 9c",
            "hands": [{"player": "Marie Weber", "cards": "Qd Qc"}, {"player": "Luc Hoffmann", "cards": "4d 5c"}],
            "amount": "81.20", "currency": "EUR", "chef_de_salle": "Paul Thill"} | changes


def _no_finding(w):
    for register in audit(casino_code=w.c.code):
        assert register.invalid == [], [str(p) for f in register.invalid for p in f.problems]


# --- item 4: the progressive jackpot ------------------------------------------------------------------------------


def test_lu_49_9_linked_tables_have_the_same_compulsory_blinds(lu):
    before = _written()
    other = [BLINDS[0], {"table": "P2", "small_blind": "1.00", "big_blind": "4.00"}]
    error = _refused(_configure, w=lu, blinds=other)
    assert (error.code, error.field) == ("invalid", "blinds[1].big_blind")
    assert "« P2 »" in str(error.message) and f"LU RGD 1979 art. 49-9 al. 1 {DRAFT}" in str(error.message)
    assert _refused(_configure, w=lu, blinds=BLINDS[:1]).field == "blinds"  # each linked table has its line
    assert _refused(_configure, w=lu, blinds=[*BLINDS, {**BLINDS[0], "table": "P9"}]).field == "blinds[2].table"
    assert _refused(_configure, w=lu, small_blind="2.00").field == "small_blind"  # the tables' small blind
    assert _written() == before
    body = {"name": "Hold'em 1-2", "tables": ["P1", "P2"], "small_blind": "1.00", "blinds": other, "levels": LEVELS,
            "increment_kind": "fixe", "increment_value": "0.50", "rounding": "inferieur"}
    response = _api(lu, "api-registers-jackpot-configure", body, user=lu.manager_c)
    assert response.status_code == 400 and list(response.json()["field_errors"]) == ["blinds[1].big_blind"]
    assert _written() == before
    response = _api(lu, "api-registers-jackpot-configure", {**body, "blinds": BLINDS}, user=lu.manager_c)
    assert response.status_code == 201, response.json()
    assert response.json()["payload"]["blinds"][1] == {"table": "P2", "small_blind": "1.00", "big_blind": "2.00"}
    _no_finding(lu)


def test_lu_49_9_the_sums_taken_are_recorded_per_table_at_the_end_of_the_session(lu):
    _configure(lu)
    before = _written()
    statement = {"casino": lu.c, "actor": lu.accountant_c, "gaming_day": TODAY(), "name": "Hold'em 1-2",
                 "displayed": {"1": "742.10", "2": "260.00", "3": "81.20"}}
    error = _refused(progressive_statement, **statement, increments={"P1": "12.40"})
    assert (error.code, error.field) == ("required", "increments[P2]")
    error = _refused(progressive_statement, **statement, increments={"P1": "12.40", "P2": "1", "P7": "1"})
    assert (error.code, error.field) == ("unknown_table", "increments[P7]") and "49-9 al. 5" in str(error.message)
    body = {"name": "Hold'em 1-2", "displayed": statement["displayed"], "increments": {"P1": "12.40"}}
    response = _api(lu, "api-registers-jackpot-statement", body)
    assert response.status_code == 400 and list(response.json()["field_errors"]) == ["increments[P2]"]
    assert _written() == before
    response = _api(lu, "api-registers-jackpot-statement", {**body, "increments": {"P1": "12,40", "P2": "0"}})
    assert response.status_code == 201
    payload = response.json()["payload"]
    assert payload["increments"] == {"P1": "12.40", "P2": "0.00"}
    assert payload["citation"] == f"LU RGD 1979 art. 49-10 al. 5 {DRAFT} ; LU RGD 1979 art. 49-9 al. 5 {DRAFT}"
    _no_finding(lu)


def test_lu_49_10_one_win_of_each_level_per_table_and_deal(lu):
    _state(lu)
    pending = progressive_win_file(**_win(lu))
    payload = json.loads(pending.payload)
    assert (payload["won_at"], payload["deal"], payload["combination"]) == ("23:41", "4711", "four_of_a_kind:Q-9")
    assert payload["vouchers"] == [{"player": "Marie Weber", "amount": "81.20"}] and pending.countersigner_role == \
        "manager"
    twin = progressive_win_file(**_win(lu, amount="10.00"))  # filed before the first is countersigned
    pending_countersign(pending=pending, countersigner=lu.manager_c)
    error = _refused(pending_countersign, pending=twin, countersigner=lu.manager_c)
    assert (error.code, error.field) == ("duplicate", "deal") and "LU RGD 1979 art. 49-10" in str(error.message)
    before = _written()
    error = _refused(progressive_win_file, **_win(lu, amount="10.00"))
    assert (error.code, error.field) == ("duplicate", "deal")
    body = {key: value for key, value in _win(lu, amount="10.00").items() if key not in {"casino", "actor"}}
    body["gaming_day"] = TODAY().isoformat()
    response = _api(lu, "api-registers-jackpot-win", body)
    assert response.status_code == 400 and response.json()["code"] == "duplicate"
    assert _written() == before
    another = _api(lu, "api-registers-jackpot-win", {**body, "deal": "4712", "table": "P1"})
    assert another.status_code == 201, another.json()  # another deal: the level (back at 50.00) is won again
    _no_finding(lu)


def test_lu_49_10_equal_hands_and_hands_made_by_the_board_share_a_four_of_a_kind_goes_by_its_fifth_card(lu):
    _state(lu, displayed=("742.10", "260.00", "81.21"))
    players = [{"player": "Ana", "cards": "Ah 3d"}, {"player": "Tom", "cards": "Kd 4c"}, {"player": "Eva",
                                                                                         "cards": "As 5d"}]
    # four sevens on the board: the aces of Ana and Eva are the highest fifth card, the cent left over is Ana's
    pending = progressive_win_file(**_win(lu, board="7h 7s 7d 7c 2c", hands=players, amount="81.21"))
    payload = json.loads(pending.payload)
    assert payload["vouchers"] == [{"player": "Ana", "amount": "40.61"}, {"player": "Eva", "amount": "40.60"}]
    assert payload["combination"] == "four_of_a_kind:7-A" and payload["board_made"] is False
    pending_countersign(pending=pending, countersigner=lu.manager_c)
    # a royal flush on the board: every player still in play shares
    board_made = progressive_win_file(**_win(lu, level=1, deal="4712", board="Ah Kh Qh Jh Th", amount="742.10",
                                             hands=[{"player": "Ana", "cards": "2c 3d"},
                                                    {"player": "Tom", "cards": "4d 5c"}]))
    assert json.loads(board_made.payload)["vouchers"] == [{"player": "Ana", "amount": "371.05"},
                                                         {"player": "Tom", "amount": "371.05"}]
    assert json.loads(board_made.payload)["board_made"] is True
    # two straight flushes: the higher one wins alone
    higher = progressive_win_file(**_win(lu, level=2, deal="4713", board="5h 6h 7h 8h 2c", amount="260.00",
                                         hands=[{"player": "Ana", "cards": "4h 2d"}, {"player": "Tom",
                                                                                      "cards": "9h 3d"}]))
    assert json.loads(higher.payload)["vouchers"] == [{"player": "Tom", "amount": "260.00"}]
    before = _written()
    error = _refused(progressive_win_file, **_win(lu, deal="4714", board="7h 7s 2d 3c 9c", amount="1.00"))
    assert (error.code, error.field) == ("not_qualified", "hands") and "Carré" in str(error.message)
    error = _refused(progressive_win_file, **_win(lu, deal="4714", board="Qd Qs 2d 3c 9c", amount="1.00"))
    assert (error.code, error.field) == ("bad_cards", "hands")  # the queen of diamonds twice
    assert _written() == before
    for pending in PendingEntry.objects.filter(entry__isnull=True):
        pending_countersign(pending=pending, countersigner=lu.manager_c)
    _no_finding(lu)


def test_lu_49_10_a_win_and_its_vouchers_on_the_page(lu, client):
    _state(lu)
    pending_countersign(pending=progressive_win_file(**_win(lu)), countersigner=lu.manager_c)
    client.force_login(lu.accountant_c)
    page = client.get(reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "jackpot_progressif"}))
    page = page.content.decode()
    wins = page[page.find('data-testid="wins"'):]
    assert "partie 4711" in wins and "23:41" in wins and "carré de Q, cinquième carte 9" in wins
    assert "Bon : Marie Weber, 81,20\u00a0€" in wins
    statements = page[page.find('data-testid="increments"'):][:200]
    assert "P1 : 12,40\u00a0€" in statements and f"LU RGD 1979 art. 49-9, 49-10 {DRAFT}" in page


# --- item 3: the bad-beat jackpot ---------------------------------------------------------------------------------


BAD_BEAT = {"game": "Texas hold'em", "table": "P1", "won_at": "01:12", "loser": "Luc", "loser_cards": "7c 7d",
            "winner_cards": "8h 9h", "board": "7h 7s Th Jh 2c", "pot": "150.00",
            "amount": "3000.01", "currency": "EUR", "players": ["Luc", "Ana", "Tom", "Eva"], "restart_at": "0"}


def _bad_beat(w, **changes):
    return bad_beat_win_file(casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), **(BAD_BEAT | changes))


def _rule(key: str, value) -> None:
    assert RuleValueVersion.objects.filter(rule__key=key).update(value=value) == 1


def test_lu_49_12_the_minimum_hand_and_the_shares_are_the_rule_data_s(lu):
    payload = json.loads(_bad_beat(lu).payload)
    assert [v["amount"] for v in payload["vouchers"]] == ["1875.01", "375.00", "375.00", "375.00"]
    _rule("lu.bad_beat_jackpot.part_perdant", "0.6")
    _rule("lu.bad_beat_jackpot.part_table", "0.4")
    payload = json.loads(_bad_beat(lu).payload)
    assert [v["amount"] for v in payload["vouchers"]] == ["2100.01", "300.00", "300.00", "300.00"]
    _rule("lu.bad_beat_jackpot.main_qualifiante", ["four_of_a_kind", "8"])
    before = _written()
    error = _refused(_bad_beat, w=lu)
    assert (error.code, error.field) == ("not_qualified", "loser_cards")
    assert "carré de 7" in str(error.message) and "carré de 8" in str(error.message)
    assert f"LU RGD 1979 art. 49-12 al. 2 {DRAFT}" in str(error.message)
    _rule("lu.bad_beat_jackpot.main_qualifiante", ["four_of_a_kind", "7"])
    assert _refused(_bad_beat, w=lu, loser_cards="7c 2d", board="7h 7s 7d Th Jh").code == "not_qualified"
    assert _written() == before
    _rule("lu.bad_beat_jackpot.cartes_privatives_utiles", False)  # the loser's 2 need not play any more
    assert json.loads(_bad_beat(lu, loser_cards="7c 2d", board="7h 7s 7d Th Jh").payload)["hand"] == \
        "four_of_a_kind:7"


def test_lu_49_12_among_tables_claiming_at_once_the_strongest_losing_hand_wins(lu):
    before = _written()
    rival = {"table": "P3", "loser_cards": "8c 8d", "winner_cards": "9s Ts", "board": "8h 8s Js Qs 2c"}
    error = _refused(_bad_beat, w=lu, rivals=[rival])
    assert (error.code, error.field) == ("not_qualified", "table")
    assert "« P3 »" in str(error.message) and f"LU RGD 1979 art. 49-12 al. 5 et 6 {DRAFT}" in str(error.message)
    body = {**BAD_BEAT, "gaming_day": TODAY().isoformat(), "rivals": [rival]}
    response = _api(lu, "api-registers-bad-beat", body)
    assert response.status_code == 400 and response.json()["code"] == "not_qualified"
    assert _written() == before
    # the table where four eights lost files it, the four sevens of P1 beside it
    mine = {"table": "P1", "loser_cards": "7c 7d", "winner_cards": "8h 9h", "board": "7h 7s Th Jh 2c"}
    response = _api(lu, "api-registers-bad-beat", {**body, "table": "P3", "loser_cards": "8c 8d",
                                                   "winner_cards": "9s Ts", "board": "8h 8s Js Qs 2c",
                                                   "rivals": [mine, {**mine, "table": "P4", "loser_cards": "3c 4c"}]})
    assert response.status_code == 201, response.json()
    rivals = response.json()["payload"]["rivals"]
    assert [(r["table"], r["hand"]) for r in rivals] == [("P1", "four_of_a_kind:7"), ("P4", None)]
    pending_countersign(pending=PendingEntry.objects.get(), countersigner=lu.manager_c)
    _no_finding(lu)


def test_lu_49_15_the_register_and_each_voucher_bear_the_game_and_the_time(lu, client):
    before = _written()
    for changes, field in (({"game": " "}, "game"), ({"won_at": "25:00"}, "won_at"), ({"won_at": ""}, "won_at")):
        assert _refused(_bad_beat, w=lu, **changes).field == field
        response = _api(lu, "api-registers-bad-beat", {**BAD_BEAT, "gaming_day": TODAY().isoformat(), **changes})
        assert response.status_code == 400 and list(response.json()["field_errors"]) == [field]
    assert _written() == before
    response = _api(lu, "api-registers-bad-beat", {**BAD_BEAT, "gaming_day": TODAY().isoformat(), "won_at": "1h12"})
    assert response.status_code == 201
    payload = response.json()["payload"]
    assert (payload["game"], payload["won_at"], payload["hand"]) == ("Texas hold'em", "01:12", "four_of_a_kind:7")
    assert payload["vouchers"][1] == {"player": "Ana", "amount": "375.00", "game": "Texas hold'em", "table": "P1",
                                      "hand": "four_of_a_kind:7", "date": TODAY().isoformat(), "won_at": "01:12"}
    assert payload["citation"] == (f"LU RGD 1979 art. 49-12 al. 2 {DRAFT} ; LU RGD 1979 art. 49-12 al. 7 {DRAFT} ; "
                                   f"LU RGD 1979 art. 49-15 al. 2 {DRAFT} ; LU RGD 1979 art. 49-15 al. 3 {DRAFT}")
    pending = PendingEntry.objects.get()
    assert pending.citation == f"LU RGD 1979 art. 49-15 al. 3 {DRAFT}"
    pending_countersign(pending=pending, countersigner=lu.manager_c)
    _no_finding(lu)
    client.force_login(lu.accountant_c)
    page = client.get(reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "bad_beat"})).content.decode()
    win = page[page.find('data-testid="bad-beat-wins"'):]
    assert 'data-testid="won-at">01:12' in win and "Texas hold&#x27;em" in win and "carré de 7" in win
    assert win.count('data-testid="voucher"') == 4 and "Bon n° 2 · Texas hold&#x27;em · table P1" in win
    assert f"LU RGD 1979 art. 49-12 à 49-15 {DRAFT}" in page and "50 % au perdant" in page


def test_lu_49_15_the_forms_take_the_game_the_time_and_the_other_claims(lu, client):
    client.force_login(lu.accountant_c)
    url = reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "bad_beat"})
    data = {**{f"badbeat-{k}": v for k, v in BAD_BEAT.items() if k not in {"players", "currency"}},
            "badbeat-players": "Luc, Ana, Tom, Eva", "badbeat-gaming_day": TODAY().isoformat(), "action": "badbeat",
            "badbeat-rivals": "P3 ; 8c 8d ; 9s Ts ; 8h 8s Js Qs 2c"}
    response = client.post(url, data)
    assert response.status_code == 200 and 'data-testid="error-table"' in response.content.decode()
    assert client.post(url, {**data, "badbeat-rivals": ""}).status_code == 302
    payload = json.loads(PendingEntry.objects.get().payload)
    assert (payload["game"], payload["won_at"], payload["rivals"]) == ("Texas hold'em", "01:12", [])


# --- the arithmetic, for every amount -----------------------------------------------------------------------------

AMOUNTS = st.decimals(min_value=Decimal("0"), max_value=Decimal("10000000"), places=2)
NAMES = st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=4), min_size=1, max_size=10, unique=True)


@given(AMOUNTS, NAMES)
def test_lu_49_10_a_split_always_adds_up_to_the_jackpot_and_differs_by_the_remainder_only(amount, players):
    shares = split_equally(amount, players)
    assert sum(share for _player, share in shares) == amount and [p for p, _share in shares] == players
    assert max(s for _p, s in shares) - min(s for _p, s in shares) < Decimal("0.01") * len(players)
    assert all(share == shares[-1][1] for _player, share in shares[1:])


@given(AMOUNTS, NAMES, st.data(), st.decimals(min_value=Decimal("0"), max_value=Decimal("1"), places=2))
def test_lu_49_12_the_vouchers_always_add_up_to_the_jackpot(amount, players, data, share):
    loser = data.draw(st.sampled_from(players))
    vouchers = bad_beat_split(amount, players, loser, loser_share=share, table_share=1 - share)
    assert sum(v["amount"] for v in vouchers) == amount and all(v["amount"] >= 0 for v in vouchers)
    others = {v["amount"] for v in vouchers if v["player"] != loser}
    assert len(others) <= 1


CARDS = st.permutations(range(52)).map(lambda deck: [text(card) for card in deck])


@given(CARDS, st.integers(min_value=2, max_value=6))
def test_lu_49_10_the_winners_of_a_deal_hold_the_level_s_combination_or_the_board_makes_it(deck, players):
    board = " ".join(deck[:5])
    hands = [(f"J{i}", " ".join(deck[5 + 2 * i: 7 + 2 * i])) for i in range(players)]
    for combination in ("four_of_a_kind", "straight_flush", "royal_flush", "full_house"):
        award = progressive_award(combination, board, hands)
        if award is not None:
            assert award.winners and set(award.winners) <= {player for player, _cards in hands}
            assert award.hand.startswith(combination.replace("royal_flush", "straight_flush"))
            assert not award.board_made or len(award.winners) == players


def test_lu_49_12_the_strongest_of_several_claims():
    minimum = ["four_of_a_kind", "7"]
    claims = [bad_beat_hand("7c 7d", "8h 9h", "7h 7s Th Jh 2c", minimum=minimum, both_hole_cards=True),
              bad_beat_hand("8c 8d", "9s Ts", "8h 8s Js Qs 2c", minimum=minimum, both_hole_cards=True),
              bad_beat_hand("6c 6d", "8h 9h", "6h 6s Th Jh 2c", minimum=minimum, both_hole_cards=True)]
    assert [claim.qualifies for claim in claims] == [True, True, False] and bad_beat_strongest(claims) == [1]
    assert bad_beat_strongest(claims[2:]) == [] and bad_beat_strongest([claims[0], claims[0]]) == [0, 1]
