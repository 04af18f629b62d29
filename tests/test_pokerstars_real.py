"""PokerStars hand histories as the client writes them (issue 41), one file per construct in
tests/hand_histories/pokerstars/: each imported as written, whole, every amount stored equal to the file's (the pots,
the rake, each win, the cash-outs and their fees), and, the session opened with the room's own schedule (its blinds,
rate, cap per hand, no flop no drop, smallest chip, option), nothing for the reconciliation to find. The files are
ours, written in the client's exact form: the older « PokerStars Game # » header, a Zoom header without its currency,
the zones WET, PT, UTC and a player's own (CUST) checked against the Eastern time in brackets, trailing blanks, a
requested history's « *********** # N » separators, a player entering with the big blind, one coming back with
« posts small & big blinds », a missed small blind posted dead, a straddle, boards run twice and three times, side
pots written after their rake, cash-outs (lost, and won with the pot kept by the room), « No low hand qualified », a
winner showing once everyone folded, one card shown, a capped table, a four-way split in a table's 0,05 chips, and five
consecutive hands of pot-limit Omaha at one table (an entry, a player sitting out and coming back, a leaver, side
pots)."""

import datetime
import io
import json
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import NamedTuple

import pytest

from compliance.reconciliation.services import reconciliation_run
from games.poker import hand as deal
from games.poker.formats import FormatError, pokerstars
from games.poker.outcome import ONE_EACH
from games.poker.replay import Rules, replay
from registers.chain import services as chain
from registers.chain.services import pending_countersign
from registers.models import PokerHand
from registers.poker.services import cagnotte_file
from registers.poker_room import imports
from registers.poker_room import rules as room
from registers.poker_room.imports import hands_import
from tests.conftest import make_user
from tests.poker_world import session

FILES = Path(__file__).parent / "hand_histories" / "pokerstars"
HOLDEM_NL, HILO_PL, OMAHA_PL = (deal.HOLDEM, deal.NO_LIMIT), (deal.OMAHA_HILO, deal.POT_LIMIT), (
    deal.OMAHA, deal.POT_LIMIT)


class Case(NamedTuple):
    """A file: its casino (« c » Luxembourg in euros, « a » Québec in dollars), game, table and gaming day, the session
    the room opened (its blinds and the rest of its schedule, as poker_session_open takes them), and for each hand as
    the file writes it: the total pot, the rake, each pot's amount (after its rake where the room writes it so), who
    collected what (each board's lines added), and the cash-outs (paid, fee, kept by the room)."""

    where: str
    game: tuple[str, str]
    table: str
    day: str
    terms: dict
    hands: dict


def blinds(small: str, big: str, **schedule) -> dict:
    """The session's blinds, its minimum twice its small blind (LU art. 49-1), and the rest of its schedule."""
    return {"small": small, "big": big, "minimum": str(2 * Decimal(small)), **schedule}


CHIP5, NO_FLOP = {"chip": "0.05"}, {"no_flop_no_drop": True}
EXPECTED = {
    "01_game_header_et_chat.txt": Case("a", HOLDEM_NL, "Mirabel II", "2026-10-14", blinds(
        "0.25", "0.50", **CHIP5, **NO_FLOP), {
        "61230045871": ("3.50", "0.15", ["3.50"], {"lapin_vif": "3.35"}, {}),
        "61230051204": ("1.25", "0", ["1.25"], {"Rosalie77": "1.25"}, {})}),
    "02_zoom_no_currency.txt": Case("a", HOLDEM_NL, "Donati", "2026-10-14", blinds("0.10", "0.25", **CHIP5), {
        "178845120336": ("6.20", "0.30", ["6.20"], {"tor.dugas": "5.90"}, {})}),
    "03_zones_wet_pt_cust_trailing_blanks.txt": Case("c", HOLDEM_NL, "Lisboa I", "2026-10-16", blinds(
        "0.50", "1", **NO_FLOP), {
        "240112348801": ("2.50", "0", ["2.50"], {"tomas.v": "2.50"}, {}),
        "240112361457": ("3", "0.15", ["3"], {"Zé_do_Porto": "2.85"}, {}),
        "240112377020": ("1", "0", ["1"], {"Zé_do_Porto": "1"}, {})}),
    "04_requested_history_separators.txt": Case("c", HOLDEM_NL, "Vianden III", "2026-10-18", blinds(
        "1", "2", **CHIP5), {
        "240200100001": ("31", "1.55", ["31"], {"Jhemp": "29.45"}, {}),
        "240200100057": ("6", "0.30", ["6"], {"Raoul.K": "5.70"}, {})}),
    "05_entering_big_blind.txt": Case("c", HOLDEM_NL, "Wiltz", "2026-10-19", blinds("0.50", "1", **CHIP5), {
        "240300200011": ("7.50", "0.35", ["7.50"], {"Anouk.M": "7.15"}, {})}),
    "06_small_and_big_blinds_returning.txt": Case("c", HOLDEM_NL, "Clervaux", "2026-10-19", blinds(
        "0.50", "1", **CHIP5), {
        "240300200012": ("18", "0.90", ["18"], {"Jules_B": "17.10"}, {})}),
    "07_missed_small_blind_dead.txt": Case("c", HOLDEM_NL, "Echternach", "2026-10-19", blinds(
        "0.50", "1", **CHIP5), {
        "240300200013": ("3.50", "0.15", ["3.50"], {"Paul.D": "3.35"}, {})}),
    "08_run_it_twice.txt": Case("c", HOLDEM_NL, "Remich", "2026-10-20", blinds("1", "2", rake_cap="10"), {
        "240400300044": ("122.60", "6.13", ["122.60"], {"Sophie_A": "58.24", "Quentin": "58.23"}, {})}),
    "09_side_pots_after_rake.txt": Case("c", HOLDEM_NL, "Mondorf", "2026-10-21", blinds("0.10", "0.20"), {
        "240500400071": ("20.50", "1.02", ["7.60", "7.13", "4.75"],
                         {"Ana_K": "7.60", "Ben.O": "7.13", "Dan_W": "4.75"}, {})}),
    "10_cash_out.txt": Case("a", HOLDEM_NL, "Laval", "2026-10-20", blinds("0.50", "1", rake_cap="2.50"), {
        "250500300101": ("128.90", "2.50", ["128.90"], {"Ugo": "126.40"}, {"Valerie_T": ("38.15", "0.39", "0")}),
        "250500300164": ("76.80", "2.50", ["76.80"], {}, {"Valerie_T": ("60.10", "0.61", "74.30")})}),
    "11_omaha_hilo_no_low.txt": Case("a", HILO_PL, "Terrebonne", "2026-10-21", blinds("0.25", "0.50", **CHIP5), {
        "250600400022": ("10.50", "0.50", ["10.50"], {"Bruno": "10"}, {})}),
    "12_shows_after_everyone_folded.txt": Case("c", HOLDEM_NL, "Mersch", "2026-10-22", blinds(
        "1", "2", chip="0.10", **NO_FLOP), {
        "240700500031": ("13", "0.60", ["13"], {"Dario_V": "12.40"}, {})}),
    "13_one_card_shown.txt": Case("c", HOLDEM_NL, "Mersch", "2026-10-22", blinds("1", "2", chip="0.10", **NO_FLOP), {
        "240700500068": ("5", "0", ["5"], {"Emma.J": "5"}, {})}),
    "14_capped_no_limit.txt": Case("a", HOLDEM_NL, "Sorel", "2026-10-23", blinds("0.25", "0.50", **CHIP5), {
        "52390011475": ("20.50", "1", ["20.50"], {"Josee": "19.50"}, {})}),
    "15_run_three_times.txt": Case("c", HOLDEM_NL, "Grevenmacher", "2026-10-24", blinds("0.50", "1", rake_cap="5"), {
        "240800600012": ("111.30", "5", ["111.30"], {"Bettina": "70.87", "Cyril_K": "35.43"}, {})}),
    "16_straddle.txt": Case("c", HOLDEM_NL, "Bettembourg", "2026-10-25", blinds("1", "2", option=True, **CHIP5), {
        "240900700025": ("13", "0.65", ["13"], {"Hugo.P": "12.35"}, {})}),
    "17_smallest_chip_split.txt": Case("a", HOLDEM_NL, "Chambly", "2026-10-26", blinds("0.25", "0.50", **CHIP5), {
        "52391200814": ("2", "0.10", ["2"], {"Marc-Andre": "0.50", "Nadia_B": "0.50", "Olivier.T": "0.45",
                                             "Pascale": "0.45"}, {})}),
    "18_five_hands_one_table.txt": Case("a", OMAHA_PL, "Beloeil", "2026-10-25", blinds(
        "0.25", "0.50", rake_cap="3", **CHIP5, **NO_FLOP), {
        "260100700001": ("3.25", "0.15", ["3.25"], {"Denis": "3.10"}, {}),
        "260100700019": ("80.05", "3", ["80.05"], {"Étienne": "77.05"}, {}),
        "260100700044": ("1.75", "0", ["1.75"], {"Chantal": "1.75"}, {}),
        "260100700061": ("25.50", "1.25", ["25.50"], {"Fabien": "24.25"}, {}),
        "260100700083": ("8.05", "0.40", ["3.80", "3.85"], {"Denis": "3.80", "Étienne": "3.85"}, {})}),
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


def _people(rooms, where: str):
    if where == "c":
        return rooms.c, rooms.manager_c, rooms.accountant_c
    return rooms.a, rooms.manager_a, rooms.accountant_a


def _imported(rooms, name: str, **terms):
    """The room's session opened for the file (`terms` over its own), then the file imported as written."""
    case = EXPECTED[name]
    casino, manager, accountant = _people(rooms, case.where)
    variant, version = case.game
    opened = session(casino, manager, datetime.date.fromisoformat(case.day), table=case.table, variant=variant,
                     version=version, **{**case.terms, **terms})
    with open(FILES / name, "rb") as source:
        result = hands_import(casino=casino, actor=accountant, source=source, file_format="pokerstars", name=name)
    return opened, result, {row.number: row for row in PokerHand.objects.filter(casino=casino)}


def _read(name: str) -> list[deal.Hand]:
    where = EXPECTED[name].where
    with open(FILES / name, "rb") as source:
        return list(pokerstars.read(source, default_currency="CAD" if where == "a" else None))


def test_every_construct_has_its_file_and_nothing_else_is_there():
    assert sorted(path.name for path in FILES.glob("*.txt")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_real_hand_history_imports_as_written_every_amount_the_files_and_nothing_to_find(rooms, name):
    case = EXPECTED[name]
    opened, result, stored = _imported(rooms, name)
    day = datetime.date.fromisoformat(case.day)
    assert (result.hands, result.created, result.days) == (len(case.hands), len(case.hands), [day])
    assert set(stored) == set(case.hands)
    for number, (pot, rake, pots, collected, cash_outs) in case.hands.items():
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
        # the room raked by its own schedule and paid the right players: what the reconciliation reads is clean
        # (compliance/reconciliation/poker.py: the flags, a declared rake not ours, a rake over the law's cap)
        assert (row.flags, row.rake) == ([], row.rake_declared), number
        assert row.rake_legal is None or row.rake_declared <= row.rake_legal, number


def test_consecutive_hands_at_one_table_each_starts_with_the_stacks_the_last_one_left(rooms):
    """Five hands of pot-limit Omaha at one table, as a player's client wrote them: a player joins and posts the big
    blind to enter, another sits out two hands and comes back with « posts small & big blinds », one leaves, the last
    hand has a side pot written after its share of the once-a-hand rake. Each hand starts with the stacks the one
    before left, and the day's reconciliation, the cagnotte counted, finds nothing."""
    name = "18_five_hands_one_table.txt"
    opened, result, stored = _imported(rooms, name)
    schedule = room.session_rules(opened, None)
    dealt = _read(name)
    assert result.created == len(dealt) == 5
    for one, following in zip(dealt, dealt[1:], strict=False):
        after, seated = replay(one, schedule).stacks_after, {seat.player: seat.stack for seat in following.seats}
        assert {player: after[player] for player in seated if player in after} == {
            player: stack for player, stack in seated.items() if player in after}, following.number
    kinds = [(sum(a.kind == deal.POST_BIG_BLIND for a in one.actions) > 1, any(
        a.kind == deal.POST_DEAD for a in one.actions), len(one.pots) > 1, not one.board) for one in dealt]
    assert [any(column) for column in zip(*kinds, strict=True)] == [True, True, True, True]
    house = sum((row.rake_declared for row in stored.values()), Decimal(0))
    casino, manager, accountant = _people(rooms, "a")
    pending_countersign(pending=cagnotte_file(
        casino=casino, actor=accountant, gaming_day=opened.gaming_day, table=opened.table, house=str(house),
        bad_beat="0", box_count=str(house), currency="CAD"), countersigner=manager)
    reconciliation = reconciliation_run(casino=casino, gaming_day=opened.gaming_day, actor=manager)
    assert list(reconciliation.findings.filter(kind__startswith="poker_").values_list("kind", flat=True)) == []


def test_a_straddle_where_the_session_allows_none_is_a_finding(rooms):
    """The same straddle (« posts straddle €4 », the third seat's option) at a session opened without an option: the
    deal imports as written, and the reconciliation reports it once (LU RGD 1979 art. 49-1: the option only where the
    house rules allow it)."""
    opened, _, stored = _imported(rooms, "16_straddle.txt", option=False)
    assert [flag[0] for flag in stored["240900700025"].flags] == ["option"]
    reconciliation = reconciliation_run(casino=rooms.c, gaming_day=opened.gaming_day, actor=rooms.manager_c)
    found = reconciliation.findings.get(kind="poker_version")
    assert (found.params["code"], found.params["count"], found.params["hands"]) == ("option", "1", "240900700025")


def test_the_odd_chips_of_a_split_are_the_tables_smallest_chip_not_a_cent():
    """1,90 $ split four ways at a table whose smallest chip is 0,05 $: 0,50 / 0,50 / 0,45 / 0,45, the two odd chips
    to the first winners left of the button; the same split in cents would have been 0,48 / 0,48 / 0,47 / 0,47."""
    (split,) = _read("17_smallest_chip_split.txt")
    schedule = Rules(rate=Decimal("0.05"), legal_rate=Decimal("0.10"), per_pot=False, chip=5,
                          raise_minimums=False, odd_chips=ONE_EACH)
    assert replay(split, schedule).irregularities == ()
    assert [item.code for item in replay(split, replace(schedule, chip=1)).irregularities] == ["wins"]


def test_a_malformed_line_in_a_real_file_is_refused_naming_the_deal_the_line_and_the_field():
    """One amount mistyped in the fourth hand of the five: the reading stops there, naming the hand's number, its rank
    in the file, the line and the field; the three hands before it were read."""
    text = (FILES / "18_five_hands_one_table.txt").read_text(encoding="utf-8")
    lines = text.split("\n")
    at = lines.index("Fabien: bets $7")
    lines[at] = "Fabien: bets $7,O0"
    read = []
    with pytest.raises(FormatError) as refused:
        read.extend(pokerstars.read(io.BytesIO("\n".join(lines).encode()), default_currency="CAD"))
    error = refused.value
    assert (error.number, error.ordinal, error.line, error.field) == ("260100700061", 4, at + 1, "amount")
    assert "$7,O0" in error.message_fr and "$7,O0" in error.message_en
    assert [one.number for one in read] == ["260100700001", "260100700019", "260100700044"]
