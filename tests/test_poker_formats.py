"""Hand-history files (games/poker/formats/, docs/poker-import.md): what we write reads back as the same deal, in OHH
and in PokerStars text; the fixtures (a room's OHH export, PokerStars hands with side pots, antes, dead blinds, Omaha
Hi/Lo and Limit) read to the cent; a file of any size is read hand by hand in bounded memory; and each refusal names
the hand, its line, the field and why, in French and in English."""

import dataclasses
import io
import json
import pathlib
import tracemalloc
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.hands.cards import parse
from games.poker import hand as h
from games.poker.formats import FormatError, Position, detect, ohh, pokerstars
from games.poker.formats import errors as e
from games.poker.hand import Action, DeclaredPot, Hand, Seat

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "poker"
LUX, TORONTO = ZoneInfo("Europe/Luxembourg"), ZoneInfo("America/Toronto")
FORMATS = [ohh, pokerstars]


def a(street, player, kind, amount=0, all_in=False, cards=""):
    return Action(street, player, kind, amount, all_in, parse(cards) if cards else ())


def side_pots_hand(number="1001") -> Hand:
    """Antes, the option, an all-in for less, two pots, rake and both jackpot drops on the main pot."""
    seats = (Seat(1, "alice", 20000), Seat(2, "bob", 15025, parse("Qs Qd")), Seat(3, "carol", 30000, parse("As Ad")),
             Seat(4, "dave", 1350, parse("Kc Kd")), Seat(5, "erin", 10000), Seat(6, "frank", 9000))
    actions = (a("preflop", "carol", h.POST_ANTE, 50), a("preflop", "dave", h.POST_ANTE, 50),
               a("preflop", "bob", h.POST_SMALL_BLIND, 100), a("preflop", "carol", h.POST_BIG_BLIND, 200),
               a("preflop", "dave", h.POST_OPTION, 400), a("preflop", "erin", h.RAISE, 1200),
               a("preflop", "frank", h.FOLD), a("preflop", "alice", h.CALL, 1200), a("preflop", "bob", h.FOLD),
               a("preflop", "carol", h.CALL, 1000), a("preflop", "dave", h.CALL, 800),
               a("flop", "carol", h.BET, 2550), a("flop", "dave", h.CALL, 100, True), a("flop", "erin", h.FOLD),
               a("flop", "alice", h.CALL, 2550), a("turn", "carol", h.CHECK), a("turn", "alice", h.CHECK),
               a("river", "carol", h.BET, 5000), a("river", "alice", h.FOLD),
               a("showdown", "carol", h.SHOW, cards="As Ad"), a("showdown", "dave", h.SHOW, cards="Kc Kd"))
    return Hand(number, "TH-01", datetime(2026, 11, 20, 21, 5, tzinfo=LUX), h.HOLDEM, h.NO_LIMIT, "EUR", 100, 200, 3,
                seats, actions, parse("Ah Kh 2c 7s 9h"),
                (DeclaredPot(0, 5900, 150, 50, 25, (("carol", 5675),)),
                 DeclaredPot(1, 9150, 0, 0, 0, (("carol", 9150),))), ante=50, extra={"x_session": "S-1"})


def omaha_hilo_hand() -> Hand:
    """Pot limit Omaha Hi/Lo, a dead blind and a big blind posted together, one pot split high and low."""
    seats = (Seat(1, "gilles", 10000, parse("Ad 6c Kh Ks")), Seat(2, "helene", 8540, parse("Ac 4d 8h 8d")),
             Seat(4, "jules", 12000))
    actions = (a("preflop", "helene", h.POST_SMALL_BLIND, 50), a("preflop", "jules", h.POST_BIG_BLIND, 100),
               a("preflop", "gilles", h.POST_DEAD, 50), a("preflop", "gilles", h.POST_BIG_BLIND, 100),
               a("preflop", "helene", h.CALL, 50), a("preflop", "jules", h.CHECK), a("preflop", "gilles", h.CHECK),
               a("flop", "helene", h.BET, 375), a("flop", "jules", h.FOLD), a("flop", "gilles", h.RAISE, 1500),
               a("flop", "helene", h.CALL, 1125), a("turn", "helene", h.CHECK), a("turn", "gilles", h.CHECK),
               a("river", "helene", h.CHECK), a("river", "gilles", h.CHECK),
               a("showdown", "gilles", h.SHOW, cards="Ad 6c Kh Ks"),
               a("showdown", "helene", h.MUCK, cards="Ac 4d 8h 8d"))
    return Hand("774411", "OHL-1", datetime(2026, 3, 7, 19, 30, tzinfo=TORONTO), h.OMAHA_HILO, h.POT_LIMIT, "CAD", 50,
                100, 2, seats, actions, parse("8s 5d 2h Kc 3c"),
                (DeclaredPot(0, 3450, 150, 0, 0, (("gilles", 1650), ("helene", 1650))),))


def limit_hand() -> Hand:
    """Limit with a cap, a small blind that is not half the big blind, antes of the table posted for less."""
    seats = (Seat(2, "karim", 8000, parse("Tc Jc")), Seat(7, "lea", 6400), Seat(10, "marc", 30))
    actions = (a("preflop", "marc", h.POST_ANTE, 25), a("preflop", "karim", h.POST_ANTE, 25),
               a("preflop", "lea", h.POST_ANTE, 25), a("preflop", "karim", h.POST_SMALL_BLIND, 50, True),
               a("preflop", "lea", h.POST_BIG_BLIND, 200), a("preflop", "marc", h.CALL, 5, True),
               a("flop", "lea", h.BET, 200), a("flop", "karim", h.FOLD))
    return Hand("99", "TH-L1", datetime(2026, 11, 21, 0, 15, tzinfo=UTC), h.HOLDEM, h.LIMIT, "EUR", 150, 200, 10, seats,
                actions, parse("Qc 9c 3d"), (DeclaredPot(0, 330, 30, 0, 0, (("lea", 300),)),), ante=50, cap=2000)


HANDS = [side_pots_hand(), omaha_hilo_hand(), limit_hand()]


def written(module, hands) -> str:
    out = io.StringIO()
    assert module.write(hands, out) == len(hands)
    return out.getvalue()


def read(module, text: str, **options) -> list[Hand]:
    return list(module.read(io.BytesIO(text.encode()), **options))


@pytest.mark.parametrize("module", FORMATS, ids=["ohh", "pokerstars"])
def test_what_is_written_reads_back_as_the_same_deals_side_pots_antes_option_omaha_hi_lo_limit(module):
    assert read(module, written(module, HANDS)) == HANDS
    out = io.BytesIO()
    module.write(HANDS, out)  # a binary stream too
    assert list(module.read(io.StringIO(out.getvalue().decode()))) == HANDS


def test_the_same_lines_met_again_read_the_same_the_readers_remembering_them_or_not():
    """Both readers keep the actions they have met (the hot path); a dead and a big blind posted on one line are
    two actions every time, and a raise depends on what the player already has in."""
    text = (FIXTURES / "pokerstars.txt").read_text()
    first, again = read(pokerstars, text), read(pokerstars, text + "\n\n" + text)
    assert again == first + first and again[5].actions[7:9] == first[1].actions[7:9]
    assert read(ohh, written(ohh, HANDS * 3)) == HANDS * 3


@pytest.mark.parametrize("module", FORMATS, ids=["ohh", "pokerstars"])
def test_a_file_that_is_not_utf8_is_refused_where_it_stops_being_so(module):
    data = written(module, HANDS[:1]).encode() + b"\xff\xfe" + written(module, HANDS[1:2]).encode()
    hands = module.read(io.BytesIO(data))
    assert next(hands) == HANDS[0]
    with pytest.raises(FormatError) as error:
        next(hands)
    assert (error.value.ordinal, error.value.field, error.value.message_en) == (2, "encoding", e.ENCODING.en)


NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_-", min_size=1, max_size=8)
BETS = (h.POST_SMALL_BLIND, h.POST_BIG_BLIND, h.POST_OPTION, h.POST_ANTE, h.POST_DEAD, h.CALL, h.BET, h.RAISE)


@st.composite
def hands(draw) -> Hand:
    """Any deal the formats can carry (not necessarily a legal one: that is games/poker/replay.py's business)."""
    game, version = draw(st.sampled_from(h.GAMES)), draw(st.sampled_from(h.VERSIONS))
    count = draw(st.integers(2, 9))
    names = draw(st.lists(NAMES, min_size=count, max_size=count, unique=True))
    numbers = sorted(draw(st.lists(st.integers(1, 10), min_size=count, max_size=count, unique=True)))
    each = 2 if game == h.HOLDEM else 4
    deck = draw(st.permutations(range(52)))
    holes = {name: tuple(deck[k * each:(k + 1) * each]) for k, name in enumerate(names)}
    board = tuple(deck[count * each:count * each + draw(st.sampled_from((0, 3, 4, 5)))])
    reached = {0: 1, 3: 2, 4: 3, 5: 4}[len(board)]
    actions, shown = [], set()
    for street in (*h.STREETS[:reached], "showdown"):
        for _ in range(draw(st.integers(0, 5))):
            player, kind = draw(st.sampled_from(names)), draw(st.sampled_from(h.ACTIONS))
            amount = draw(st.integers(0, 10**7)) if kind in BETS else 0
            cards = holes[player] if kind == h.SHOW or kind == h.MUCK and draw(st.booleans()) else ()
            shown |= {player} if cards else set()
            actions.append(Action(street, player, kind, amount, draw(st.booleans()), cards))
    seats = tuple(Seat(number, name, draw(st.integers(0, 10**7)),
                       holes[name] if name in shown or draw(st.booleans()) else ())
                  for number, name in zip(numbers, names, strict=True))
    money = st.integers(0, 10**6)
    pots = tuple(DeclaredPot(number, draw(money), draw(money), draw(money), draw(money),
                             tuple(draw(st.lists(st.tuples(st.sampled_from(names), money), max_size=3))))
                 for number in range(draw(st.integers(1, 3))))
    at = datetime(2020, 1, 1, tzinfo=UTC) + timedelta(seconds=draw(st.integers(0, 400_000_000)))
    return Hand(str(draw(st.integers(1, 10**12))), draw(NAMES), at.astimezone(draw(st.sampled_from((UTC, LUX,
                TORONTO)))), game, version, draw(st.sampled_from(("EUR", "CAD", "USD"))), draw(money), draw(money),
                draw(st.sampled_from(numbers)), seats, tuple(actions), board, pots, draw(money), draw(money))


@settings(max_examples=150, deadline=None)
@given(hands())
def test_any_deal_written_reads_back_the_same_in_both_formats(deal):
    assert read(ohh, written(ohh, [deal])) == [deal]
    assert read(pokerstars, written(pokerstars, [deal])) == [deal]


def test_a_pokerstars_fixture_reads_to_the_cent():
    first, side, hilo, limit = pokerstars.read(open(FIXTURES / "pokerstars.txt", "rb"))  # noqa: SIM115
    assert first == Hand(
        "2389471234", "TH-01", datetime(2026, 11, 20, 20, 5, tzinfo=UTC), h.HOLDEM, h.NO_LIMIT, "EUR", 100, 200, 3,
        (Seat(1, "alice", 20000, parse("9c 9d")), Seat(2, "bob", 15025), Seat(3, "carol", 31000),
         Seat(4, "dave", 9550), Seat(5, "erin", 12000)),  # frank is sitting out: not dealt in
        (a("preflop", "dave", h.POST_SMALL_BLIND, 100), a("preflop", "erin", h.POST_BIG_BLIND, 200),
         a("preflop", "alice", h.RAISE, 600), a("preflop", "bob", h.FOLD), a("preflop", "carol", h.CALL, 600),
         a("preflop", "dave", h.FOLD), a("preflop", "erin", h.CALL, 400), a("flop", "erin", h.CHECK),
         a("flop", "alice", h.BET, 1000), a("flop", "carol", h.FOLD), a("flop", "erin", h.FOLD)),  # uncalled: none
        parse("Ah Kd 2c"), (DeclaredPot(0, 1900, 150, 0, 0, (("alice", 1750),)),))
    assert first.extra == {"sitting_out": ["frank"]} and first.started_at.tzinfo == LUX
    # €1,250; antes; "posts small & big blinds €7" = €2 dead + €5 live; "raises €130 to €150" from the big blind
    assert side.started_at == datetime(2026, 7, 14, 21, 40, 12, tzinfo=UTC) and side.ante == 50
    assert side.seats[0].stack == 125000 and [s.cards for s in side.seats][1:4] == [
        parse("Ah Ad"), parse("Ks Kd"), parse("Qh Qc")]
    assert side.actions[7:11] == (a("preflop", "erin", h.POST_DEAD, 200), a("preflop", "erin", h.POST_BIG_BLIND, 500),
                                  a("preflop", "dave", h.RAISE, 2000), a("preflop", "erin", h.CALL, 1500))
    assert side.actions[12:16] == (a("preflop", "bob", h.CALL, 3750, True), a("preflop", "carol", h.RAISE, 14500),
                                   a("preflop", "dave", h.CALL, 12950, True), a("preflop", "erin", h.CALL, 13000))
    assert side.actions[18] == a("turn", "carol", h.BET, 14950, True)
    assert side.pots == (DeclaredPot(0, 16050, 300, 0, 0, (("carol", 15750),)),
                         DeclaredPot(1, 33000, 0, 0, 0, (("carol", 33000),)),
                         DeclaredPot(2, 40300, 0, 0, 0, (("carol", 40300),)))
    assert (hilo.game, hilo.version, hilo.currency) == (h.OMAHA_HILO, h.POT_LIMIT, "CAD")
    assert hilo.started_at == datetime(2026, 3, 8, 0, 30, tzinfo=UTC)  # ET in March before the change: UTC-5
    assert hilo.pots == (DeclaredPot(0, 7300, 300, 0, 0, (("gilles", 3500), ("helene", 3500))),)
    assert hilo.seats[0].cards == parse("Ad 6c Kh Ks") and hilo.actions[2] == a("preflop", "gilles", h.RAISE, 350)
    # Limit: "(€2/€4)" are the bets; the blinds are €1/€2; "karim: raises €2 to €6" after betting €2 adds €4
    assert (limit.version, limit.small_blind, limit.big_blind, limit.cap) == (h.LIMIT, 100, 200, 0)
    assert limit.actions[8] == a("flop", "karim", h.RAISE, 400) and limit.actions[13] == a("river", "lea", h.RAISE, 800)
    assert limit.pots == (DeclaredPot(0, 4800, 250, 0, 0, (("karim", 4550),)),)
    assert [s.seat for s in limit.seats] == [2, 7, 10] and limit.board == parse("Qc 9c 3d 8h 2s")


def test_an_ohh_export_pretty_printed_in_one_array_reads_to_the_cent():
    hold_em, hilo = ohh.read(open(FIXTURES / "ohh.json", "rb"))  # noqa: SIM115
    assert hold_em.started_at == datetime(2026, 11, 20, 20, 5, tzinfo=UTC)  # no zone written: the field says UTC
    assert [s.player for s in hold_em.seats] == ["Player1", "Player3", "Player5", "Hero", "Player8"]  # 10 sits out
    assert hold_em.seats[3] == Seat(6, "Hero", 20000, parse("Ah Kh"))  # from "Dealt Cards", not an action
    assert hold_em.actions[2] == a("preflop", "Player5", h.POST_OPTION, 400)  # "Straddle"
    assert hold_em.actions[3] == a("preflop", "Hero", h.RAISE, 1200)
    assert hold_em.actions[14] == a("turn", "Hero", h.RAISE, 16250, True)  # what the raise adds
    assert hold_em.board == parse("Kd 7c 2s 9h 3d") and hold_em.extra["x_session"] == "LM-2026-11-20-TH01"
    assert hold_em.pots == (DeclaredPot(0, 41300, 400, 100, 50, (("Hero", 40750),)),)
    assert (hilo.number, hilo.game, hilo.ante, hilo.small_blind, hilo.big_blind) == ("774411", h.OMAHA_HILO, 25, 50,
                                                                                     100)
    assert hilo.actions[6:8] == (a("preflop", "gilles", h.POST_DEAD, 50), a("preflop", "gilles", h.POST_OPTION, 100))
    assert hilo.seats[1].cards == parse("Ac 4d 8h 8d")  # shown, never dealt in the file
    assert hilo.pots == (DeclaredPot(0, 1250, 50, 0, 0, (("gilles", 600), ("helene", 600))),)


def test_amounts_are_read_exactly_from_the_files_text():
    document = ohh.document(HANDS[0])
    for text, cents in (("0.07", 7), ("1.10", 110), ("1e2", 10000), ("150.25", 15025), ("0.1", 10)):
        line = json.dumps(document).replace('"small_blind_amount": 1', f'"small_blind_amount": {text}')
        assert read(ohh, line)[0].small_blind == cents


def test_a_file_is_read_hand_by_hand_in_bounded_memory(tmp_path):
    deals = (dataclasses.replace(HANDS[0], number=str(n)) for n in range(10_000))
    path = tmp_path / "hands.ohh"
    with open(path, "w") as out:
        ohh.write(deals, out)
    assert path.stat().st_size > 20_000_000
    tracemalloc.start()
    try:
        with open(path, "rb") as stream:
            count = sum(1 for _ in ohh.read(stream))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert count == 10_000 and peak < 3_000_000, peak


@pytest.mark.parametrize("module", FORMATS, ids=["ohh", "pokerstars"])
def test_the_first_hand_comes_before_the_rest_of_the_file_is_read(module):
    class Counting(io.BytesIO):
        def read(self, size=-1):
            assert size != -1, "the whole file at once"
            return super().read(size)

        def readline(self, size=-1):
            return super().readline(size)

    text = written(module, [dataclasses.replace(HANDS[0], number=str(n)) for n in range(200)])
    stream = Counting(text.encode())
    first = next(iter(module.read(stream)))
    assert first.number == "0" and stream.tell() < len(text) / 4


def test_an_array_or_hands_one_per_line_or_with_blank_lines_between_read_alike():
    lines = written(ohh, HANDS).splitlines()
    documents = [json.loads(line) for line in lines]
    for text in (json.dumps(documents, indent=2), "\n\n".join(lines), " ".join(lines), "\ufeff" + "\n".join(lines)):
        for chunk in (5, 1 << 16):
            assert list(ohh.read(io.StringIO(text), chunk)) == HANDS
    assert read(ohh, "") == read(ohh, "[]") == read(ohh, "  \n") == []


def test_pokerstars_text_with_windows_line_ends_and_a_default_zone():
    text = written(pokerstars, HANDS).replace(" CET [", " [").replace("\n", "\r\n")
    with pytest.raises(FormatError) as error:
        read(pokerstars, text)
    assert (error.value.field, error.value.message_en) == ("date", e.NO_ZONE.en)
    assert read(pokerstars, text, default_tz=LUX) == HANDS
    summer = text.replace("2026/11/20 21:05:00 [2026/11/20 15:05:00", "2026/07/20 21:05:00 [2026/07/20 15:05:00")
    assert read(pokerstars, summer, default_tz=LUX)[0].started_at == datetime(2026, 7, 20, 19, 5, tzinfo=UTC)


def test_the_hour_that_happens_twice_is_told_apart_by_cet_and_cest():
    first, second = read(pokerstars, written(pokerstars, [
        dataclasses.replace(HANDS[0], number=str(hour), started_at=datetime(2026, 10, 25, hour, 30, tzinfo=UTC)
                            .astimezone(LUX)) for hour in (0, 1)]))
    assert "02:30:00 CEST" in written(pokerstars, [first]) and "02:30:00 CET" in written(pokerstars, [second])
    assert (first.started_at.astimezone(UTC).hour, second.started_at.astimezone(UTC).hour) == (0, 1)


def test_the_format_is_told_from_the_first_characters():
    assert detect(b"\xef\xbb\xbf  {\"ohh\"") == detect("[{") == "ohh"
    assert detect("PokerStars Hand #1") == "pokerstars" and detect("Hand #1") is None


# Refusals: (file text, hand ordinal, its number, line, field, message, values)
OHH_GOOD = written(ohh, [HANDS[0]]).strip()


def ohh_with(change) -> str:
    document = json.loads(OHH_GOOD)
    change(document["ohh"])
    return OHH_GOOD + "\n" + json.dumps(document) + "\n"


def action(document, street, index):
    return document["rounds"][street]["actions"][index]


OHH_REFUSALS = [
    ("amount not a number", lambda d: action(d, 0, 2).update(amount="1,5"), "rounds[0].actions[2].amount",
     e.NOT_AN_AMOUNT, {"value": "1,5"}),
    ("negative", lambda d: d.update(big_blind_amount=-2), "big_blind_amount", e.NEGATIVE, {"value": -2}),
    ("fraction of a cent", lambda d: d["players"][1].update(starting_stack=0.005), "players[1].starting_stack",
     e.FRACTION_OF_CENT, {"value": Decimal("0.005")}),
    ("unknown action", lambda d: action(d, 1, 0).update(action="Sits Down"), "rounds[1].actions[0].action",
     e.UNKNOWN_ACTION, {"value": "Sits Down"}),
    ("unknown player", lambda d: action(d, 1, 0).update(player_id=42), "rounds[1].actions[0].player_id",
     e.UNKNOWN_PLAYER, {"value": 42}),
    ("card twice", lambda d: d["rounds"][1].update(cards=["Qs", "Kh", "2c"]), "cards", e.CARD_TWICE, {"value": "Qs"}),
    ("bad card", lambda d: d["players"][0].update(cards=["Zz", "Ah"]), "players[0].cards", e.BAD_CARD,
     {"value": "Zz"}),
    ("missing date", lambda d: d.pop("start_date_utc"), "start_date_utc", e.MISSING, {}),
    ("bad date", lambda d: d.update(start_date_utc="20/11/2026"), "start_date_utc", e.BAD_DATE,
     {"value": "20/11/2026"}),
    ("unknown game", lambda d: d.update(game_type="Stud"), "game_type", e.UNKNOWN_VALUE,
     {"value": "Stud", "expected": "Holdem, Omaha, OmahaHiLo"}),
    ("streets out of order", lambda d: d["rounds"].reverse(), "rounds[1].street", e.STREET_ORDER,
     {"value": "River", "after": "showdown"}),
    ("duplicate seat", lambda d: d["players"][1].update(seat=1), "players[1].seat", e.DUPLICATE, {"value": 1}),
    ("not a boolean", lambda d: action(d, 0, 0).update(is_allin="no"), "rounds[0].actions[0].is_allin",
     e.WRONG_TYPE, {"expected": "bool", "value": "no"}),
    ("winner unknown", lambda d: d["pots"][0]["player_wins"][0].update(player_id=9),
     "pots[0].player_wins[0].player_id", e.UNKNOWN_PLAYER, {"value": 9}),
    ("board cards", lambda d: d["rounds"][2].update(cards=["3c", "4c"]), "rounds[2].cards", e.BOARD_CARDS,
     {"street": "turn", "count": 2, "expected": 1}),
]


@pytest.mark.parametrize(("change", "field", "message", "values"), [case[1:] for case in OHH_REFUSALS],
                         ids=[case[0] for case in OHH_REFUSALS])
def test_ohh_refusals_name_the_hand_its_line_the_field_and_why(change, field, message, values):
    stream = ohh.read(io.StringIO(ohh_with(change)))
    assert next(stream) == HANDS[0]  # the hands before the bad one are read
    with pytest.raises(FormatError) as error:
        next(stream)
    assert (error.value.number, error.value.position, error.value.field) == ("1001", Position(2, 2), field)
    assert error.value.message_fr == message.fr.format(**values)
    assert error.value.message_en == message.en.format(**values)
    assert "1001" in str(error.value) and field in str(error.value)


def test_ohh_syntax_an_array_left_open_and_nan_are_refused_at_their_line():
    with pytest.raises(FormatError) as error:
        read(ohh, OHH_GOOD + '\n{"ohh": {"game_number": "77",\n "table_name": oops}}\n')
    assert (error.value.number, error.value.position, error.value.field) == ("77", Position(2, 3), "json")
    assert error.value.message_en.startswith("Unreadable JSON: Expecting value")
    with pytest.raises(FormatError) as error:
        read(ohh, "[" + OHH_GOOD + ",\n")
    assert error.value.position == Position(2, 2)
    with pytest.raises(FormatError) as error:
        read(ohh, OHH_GOOD.replace('"ante_amount":0.5', '"ante_amount":NaN'))
    assert (error.value.field, error.value.message_en) == ("ante_amount", e.NOT_AN_AMOUNT.en.format(value="NaN"))


PS_GOOD = written(pokerstars, [HANDS[0]])
PS_LINES = PS_GOOD.strip().splitlines()  # the hand's lines, the file's first
SECOND = len((PS_GOOD + "\n").splitlines()) + 1  # where ps_with's second hand starts


def ps_with(old: str, new: str) -> str:
    assert old in PS_GOOD
    return PS_GOOD + "\n" + PS_GOOD.replace("#1001", "#1002").replace(old, new, 1)


def line_of(text: str) -> int:
    """The line of `text` in the second hand of ps_with's file."""
    return SECOND + next(index for index, line in enumerate(PS_LINES) if text in line)


# (id, line replaced, by what, the hand's number as read, field, message, its values, the line at fault)
PS_REFUSALS = [
    ("missing header", "PokerStars Hand #", "PokerStars Main #", None, "header",
     e.MISSING_HEADER, None, "this"),
    ("amount not a number", "carol: bets €25.50", "carol: bets €25,5O", "1002", "amount", e.NOT_AN_AMOUNT,
     {"value": "€25,5O"}, "this"),
    ("fraction of a cent", "erin: raises €8 to €12", "erin: raises €8 to €12.005", "1002", "amount",
     e.FRACTION_OF_CENT, {"value": "€12.005"}, "this"),
    ("unknown action", "frank: folds", "frank: sings", "1002", "action", e.UNKNOWN_ACTION, {"value": "sings"}, "this"),
    ("card twice", "carol: shows [As Ad]", "carol: shows [As Ah]", "1002", "cards", e.CARD_TWICE, {"value": "Ah"},
     "last"),
    ("a zone's time that is not the Eastern time", "21:05:00 CET", "21:05:00 WET", "1002", "date",
     e.ZONE_DISAGREES, {"local": "2026/11/20 21:05:00", "zone": "WET", "eastern": "2026/11/20 15:05:00"}, "this"),
    ("unknown zone", "21:05:00 CET [2026/11/20 15:05:00 ET]", "21:05:00 XYZ", "1002", "date", e.UNKNOWN_ZONE,
     {"value": "XYZ"}, "this"),
    ("unknown currency", "€2 EUR)", "€2 GBP)", "1002", "currency", e.UNKNOWN_VALUE,
     {"value": "GBP", "expected": "EUR, CAD, USD"}, "this"),
    ("pots that do not add up", "Total pot €150.50", "Total pot €151.50", "1002", "total pot", e.POTS_TOTAL,
     {"total": "€151.50", "pots": "Main pot €59. Side pot-1 €91.50."}, "this"),
    ("a win from no pot", "carol collected €91.50 from side pot-1", "carol collected €91.50 from side pot-7",
     "1002", "collected", e.UNKNOWN_POT, {"value": 7}, "last"),
    ("a line read as nothing", "*** HOLE CARDS ***", "*** HOLE CARDS ***\nthe dealer sneezes", "1002", "line",
     e.UNREADABLE_LINE, {"value": "the dealer sneezes"}, "next"),
    ("a turn of two cards", "*** TURN *** [Ah Kh 2c] [7s]", "*** TURN *** [Ah Kh 2c] [7s 8s]", "1002", "board",
     e.BOARD_CARDS, {"street": "turn", "count": 2, "expected": 1}, "this"),
]


@pytest.mark.parametrize(("old", "new", "number", "field", "message", "values", "at"), [c[1:] for c in PS_REFUSALS],
                         ids=[c[0] for c in PS_REFUSALS])
def test_pokerstars_refusals_name_the_hand_its_line_the_field_and_why(old, new, number, field, message, values, at):
    stream = pokerstars.read(io.StringIO(ps_with(old, new)))
    assert next(stream) == HANDS[0]  # the hands before the bad one are read
    with pytest.raises(FormatError) as error:
        next(stream)
    assert (error.value.number, error.value.ordinal, error.value.field) == (number, 2, field)
    # the line at fault; what only the whole hand shows (a card twice, a pot no line made) at its last line
    last = SECOND + len(PS_LINES) - 1 + new.count("\n")
    assert error.value.line == {"this": line_of(old), "next": line_of(old) + 1, "last": last}[at]
    if values is not None:
        assert (error.value.message_fr, error.value.message_en) == (message.fr.format(**values),
                                                                    message.en.format(**values))


def test_pokerstars_rake_and_drops_per_pot_must_match_their_totals():
    text = PS_GOOD.replace("Board [", "Rake by pot: €1 | €1\nBoard [")
    with pytest.raises(FormatError) as error:
        read(pokerstars, text)
    assert (error.value.number, error.value.field, error.value.line) == ("1001", "rake", len(PS_LINES) + 1)
    assert error.value.message_en == e.BY_POT.en.format(count=2, pots=2, total=150)
    reread = read(pokerstars, PS_GOOD.replace("Board [", "Rake by pot: €0.50 | €1\nBoard ["))[0]
    assert [pot.rake for pot in reread.pots] == [50, 100]


def test_a_hand_without_its_summary_is_refused_at_its_last_line():
    text = PS_GOOD.split("*** SUMMARY ***")[0]
    with pytest.raises(FormatError) as error:
        read(pokerstars, text)
    assert (error.value.number, error.value.field, error.value.line) == ("1001", "summary", len(text.splitlines()))
    assert error.value.message_fr == e.MISSING_SUMMARY.fr
