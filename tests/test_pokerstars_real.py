"""PokerStars hand histories as the client writes them (issue 41), one file per construct in
tests/hand_histories/pokerstars/: each imported as written, whole, and every amount stored equal to the file's (the
pots, the rake, each win, the cash-outs and their fees). The files are ours, written in the client's exact form:
the older « PokerStars Game # » header, a Zoom header without its currency, the zones WET, PT and a player's own
(CUST) checked against the Eastern time in brackets, trailing blanks, a requested history's « *********** # N »
separators, a player entering with the big blind, one coming back with « posts small & big blinds », a missed small
blind posted dead, a board run twice, side pots written after their rake, cash-outs (lost, and won with the pot kept
by the room), « No low hand qualified », a winner showing once everyone folded, one card shown, a capped table."""

import datetime
import json
from decimal import Decimal
from pathlib import Path

import pytest

from games.poker import hand as deal
from registers.chain import services as chain
from registers.models import PokerHand
from registers.poker_room import imports
from registers.poker_room.imports import hands_import
from tests.conftest import make_user
from tests.poker_world import session

FILES = Path(__file__).parent / "hand_histories" / "pokerstars"
HOLDEM_NL, HILO_PL = (deal.HOLDEM, deal.NO_LIMIT), (deal.OMAHA_HILO, deal.POT_LIMIT)


def day(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


# file: casino (« c » Luxembourg in euros, « a » Québec in dollars), game, its table and gaming day, and for each hand
# as the file writes it: the total pot, the rake, each pot's amount (after its rake where the room writes it so),
# who collected what (each board's lines added), and the cash-outs (paid, fee)
EXPECTED = {
    "01_game_header_et_chat.txt": ("a", HOLDEM_NL, "Mirabel II", "2026-10-14", {
        "61230045871": ("3.50", "0.15", ["3.50"], {"lapin_vif": "3.35"}, {}),
        "61230051204": ("1.25", "0", ["1.25"], {"Rosalie77": "1.25"}, {})}),
    "02_zoom_no_currency.txt": ("a", HOLDEM_NL, "Donati", "2026-10-14", {
        "178845120336": ("6.20", "0.17", ["6.20"], {"tor.dugas": "6.03"}, {})}),
    "03_zones_wet_pt_cust_trailing_blanks.txt": ("c", HOLDEM_NL, "Lisboa I", "2026-10-16", {
        "240112348801": ("2.50", "0", ["2.50"], {"tomas.v": "2.50"}, {}),
        "240112361457": ("3", "0.15", ["3"], {"Zé_do_Porto": "2.85"}, {}),
        "240112377020": ("1", "0", ["1"], {"Zé_do_Porto": "1"}, {})}),
    "04_requested_history_separators.txt": ("c", HOLDEM_NL, "Vianden III", "2026-10-18", {
        "240200100001": ("31", "0.50", ["31"], {"Jhemp": "30.50"}, {}),
        "240200100057": ("6", "0.30", ["6"], {"Raoul.K": "5.70"}, {})}),
    "05_entering_big_blind.txt": ("c", HOLDEM_NL, "Wiltz", "2026-10-19", {
        "240300200011": ("7.50", "0.35", ["7.50"], {"Anouk.M": "7.15"}, {})}),
    "06_small_and_big_blinds_returning.txt": ("c", HOLDEM_NL, "Clervaux", "2026-10-19", {
        "240300200012": ("18", "0.90", ["18"], {"Jules_B": "17.10"}, {})}),
    "07_missed_small_blind_dead.txt": ("c", HOLDEM_NL, "Echternach", "2026-10-19", {
        "240300200013": ("3.50", "0.15", ["3.50"], {"Paul.D": "3.35"}, {})}),
    "08_run_it_twice.txt": ("c", HOLDEM_NL, "Remich", "2026-10-20", {
        "240400300044": ("243", "4.49", ["243"], {"Sophie_A": "119.26", "Quentin": "119.25"}, {})}),
    "09_side_pots_after_rake.txt": ("c", HOLDEM_NL, "Mondorf", "2026-10-21", {
        "240500400071": ("20.50", "1.02", ["7.60", "7.13", "4.75"],
                         {"Ana_K": "7.60", "Ben.O": "7.13", "Dan_W": "4.75"}, {})}),
    "10_cash_out.txt": ("a", HOLDEM_NL, "Laval", "2026-10-20", {
        "250500300101": ("128.90", "2.50", ["128.90"], {"Ugo": "126.40"}, {"Valerie_T": ("38.15", "0.39", "0")}),
        "250500300164": ("76.80", "2.50", ["76.80"], {}, {"Valerie_T": ("60.10", "0.61", "74.30")})}),
    "11_omaha_hilo_no_low.txt": ("a", HILO_PL, "Terrebonne", "2026-10-21", {
        "250600400022": ("10.50", "0.50", ["10.50"], {"Bruno": "10"}, {})}),
    "12_shows_after_everyone_folded.txt": ("c", HOLDEM_NL, "Mersch", "2026-10-22", {
        "240700500031": ("13", "0.60", ["13"], {"Dario_V": "12.40"}, {})}),
    "13_one_card_shown.txt": ("c", HOLDEM_NL, "Mersch", "2026-10-22", {
        "240700500068": ("5", "0", ["5"], {"Emma.J": "5"}, {})}),
    "14_capped_no_limit.txt": ("a", HOLDEM_NL, "Sorel", "2026-10-23", {
        "52390011475": ("20.50", "1", ["20.50"], {"Josee": "19.50"}, {})}),
}


def cents(text: str) -> int:
    return int(Decimal(text) * 100)


@pytest.fixture
def rooms(world, rules, monkeypatch):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    # the files' days are fixed, and get older: filed however late, no reason asked (tests/test_poker_import.py
    # tests the delay)
    for module in (chain, imports):
        monkeypatch.setattr(module, "days_late", lambda *args, **kwargs: 0)
    return world


def test_every_construct_has_its_file_and_nothing_else_is_there():
    assert sorted(path.name for path in FILES.glob("*.txt")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_real_hand_history_imports_as_written_every_amount_the_files(rooms, name):
    where, (variant, version), table, gaming_day, hands = EXPECTED[name]
    casino = rooms.c if where == "c" else rooms.a
    manager = rooms.manager_c if where == "c" else rooms.manager_a
    accountant = rooms.accountant_c if where == "c" else rooms.accountant_a
    opened = session(casino, manager, day(gaming_day), table=table, variant=variant, version=version)
    with open(FILES / name, "rb") as source:
        result = hands_import(casino=casino, actor=accountant, source=source, file_format="pokerstars", name=name)
    assert (result.hands, result.created, result.days) == (len(hands), len(hands), [day(gaming_day)])
    stored = {row.number: row for row in PokerHand.objects.filter(casino=casino)}
    assert set(stored) == set(hands)
    for number, (pot, rake, pots, collected, cash_outs) in hands.items():
        row = stored[number]
        data = row.data if isinstance(row.data, dict) else json.loads(row.data)
        assert row.session_id == opened.pk
        assert (row.pot, row.rake_declared) == (Decimal(pot), Decimal(rake)), number
        assert [pot_row[1] for pot_row in data["p"]] == [cents(amount) for amount in pots], number
        won: dict[str, int] = {}
        for pot_row in data["p"]:
            for player, amount in pot_row[5]:
                won[player] = won.get(player, 0) + amount
        assert won == {player: cents(amount) for player, amount in collected.items()}, number
        assert row.cash_out == sum((Decimal(paid) for paid, _, _ in cash_outs.values()), Decimal(0))
        assert row.cash_out_fee == sum((Decimal(fee) for _, fee, _ in cash_outs.values()), Decimal(0))
        assert {player: (paid, fee, kept) for player, paid, fee, kept in data.get("co", [])} == {
            player: (cents(paid), cents(fee), cents(kept)) for player, (paid, fee, kept) in cash_outs.items()}
        # what the rake and the wins come to is what the players put in: the pot the replay made from the actions
        assert cents(pot) == sum(pot_row[1] for pot_row in data["p"]) + (cents(rake) if data.get("ar") else 0)
