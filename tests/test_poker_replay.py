"""The replay of a poker deal (games/poker/replay.py) on worked examples: the side pots of the ROPTA rulebook (§9.7
and the big blind ante of §4.2, with its figures), the odd chip to the player nearest the button (LU RGD 1979
art. 49-5; ROPTA §10.8), the pots awarded from the outermost (ROPTA §10.7, which the house's cap follows), the main
pot and the « pot extérieur » of art. 49-1, the rake within 10 % of the game's pot (QC RJC art. 67.108), the uncalled
bet given back unraked, high-low, and each refusal and irregularity on a deal that makes it."""

from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from games.hands.cards import parse
from games.poker.hand import HOLDEM, LIMIT, NO_LIMIT, OMAHA_HILO, POT_LIMIT, Action, DeclaredPot, Hand, Seat
from games.poker.outcome import EACH
from games.poker.replay import (
    ACTIONS_DONT_ADD_UP,
    BAD_DEAL,
    OUT_OF_TURN,
    POT_MISMATCH,
    HandError,
    JackpotRule,
    Rules,
    replay,
    settle,
)

NO_RAKE = Rules(rate=Decimal(0))
STREET = {"pre": "preflop", "flop": "flop", "turn": "turn", "river": "river", "sd": "showdown"}
KIND = {"sb": "post_sb", "bb": "post_bb", "option": "post_option", "ante": "post_ante", "dead": "post_dead"}


def actions(script: str) -> tuple[Action, ...]:
    """« pre A sb 1; pre B bb 2 allin; sd A show AhKh »: street, player, action, then an amount, « allin », cards."""
    found = []
    for line in filter(None, (part.strip() for part in script.replace("\n", ";").split(";"))):
        street, player, kind, *rest = line.split()
        amount = int(rest[0]) if rest and rest[0].isdigit() else 0
        cards = parse(rest[0]) if kind == "show" and rest else ()
        found.append(Action(STREET[street], player, KIND.get(kind, kind), amount, "allin" in rest, cards))
    return tuple(found)


def deal(seats: str, script: str, *, button: int, blinds=(1, 2), board: str = "", game=HOLDEM, version=NO_LIMIT,
         ante: int = 0, cap: int = 0, pots=()) -> Hand:
    """`seats`: « 1 A 100 AhKh, 2 B 50 »: seat, player, stack, the hole cards when known."""
    made = []
    for text in seats.split(","):
        number, player, stack, *cards = text.split()
        made.append(Seat(int(number), player, int(stack), parse(cards[0]) if cards else ()))
    return Hand(number="1", table="T1", started_at=datetime(2026, 1, 5, 20, tzinfo=UTC), game=game, version=version,
                currency="EUR", small_blind=blinds[0], big_blind=blinds[1], button=button, seats=tuple(made),
                actions=actions(script), board=parse(board) if board else (), pots=tuple(pots), ante=ante, cap=cap)


def settled(hand: Hand, rules: Rules = NO_RAKE):
    """The deal replayed as an honest room declares it, step by step."""
    return replay(replace(hand, pots=settle(hand, rules)), rules, trace=True)


def amounts(outcome) -> list[tuple[int, tuple[str, ...]]]:
    return [(pot.amount, pot.eligible) for pot in outcome.pots]


def checks(*players: str, streets=("flop", "turn", "river")) -> str:
    return "; ".join(f"{street} {player} check" for street in streets for player in players)


# --- ROPTA §9.7: the blinds 5 000 / 10 000, side pots with a short blind, a short opener, the antes ---------------

BOARD = "2c 7d 9h Js Kc"


def test_ropta_9_7_a_small_blind_all_in_for_3000_makes_a_6000_main_pot_and_the_7000_is_given_back_at_once():
    hand = deal("1 BU 50000 QhQd, 2 SB 3000 AhAd, 3 BB 50000 8c8d", """
        pre SB sb 3000 allin; pre BB bb 10000; pre BU fold""", button=1, blinds=(5000, 10000), board=BOARD)
    outcome = settled(hand)
    assert amounts(outcome) == [(6000, ("SB", "BB"))]
    assert outcome.returned == {"BB": 7000}
    assert outcome.pots[0].wins == {"SB": 6000}
    assert outcome.stacks_after == {"BU": 50000, "SB": 6000, "BB": 47000}


def test_ropta_9_7_the_button_opens_all_in_for_3000_main_pot_9000_side_pot_14000_between_the_blinds():
    hand = deal("1 BU 3000 AhAd, 2 SB 50000 QhQd, 3 BB 50000 8c8d", f"""
        pre SB sb 5000; pre BB bb 10000; pre BU call 3000 allin; pre SB call 5000; pre BB check;
        {checks("SB", "BB")}""", button=1, blinds=(5000, 10000), board=BOARD)
    outcome = settled(hand)
    assert amounts(outcome) == [(9000, ("BU", "SB", "BB")), (14000, ("SB", "BB"))]
    # the all-in player's best hand takes the main pot alone; the side pot goes to the better of the others
    assert [pot.wins for pot in outcome.pots] == [{"BU": 9000}, {"SB": 14000}]


def test_ropta_9_7_a_button_ante_all_in_for_3000_main_pot_3000_side_pot_20000():
    hand = deal("1 BU 3000 AhAd, 2 SB 50000 QhQd, 3 BB 50000 8c8d, 4 UTG 50000", f"""
        pre BU ante 3000 allin; pre SB sb 5000; pre BB bb 10000; pre UTG fold; pre SB call 5000; pre BB check;
        {checks("SB", "BB")}""", button=1, blinds=(5000, 10000), ante=10000, board=BOARD)
    outcome = settled(hand)
    assert amounts(outcome) == [(3000, ("BU", "SB", "BB")), (20000, ("SB", "BB"))]
    assert outcome.pots[0].wins == {"BU": 3000}  # « s'il gagne, il ne reprend que les 3 000 de son ante »
    assert outcome.irregularities == ()


def test_ropta_9_7_a_button_ante_and_utg_all_in_for_3000_main_pot_19000_side_pot_14000():
    hand = deal("1 BU 50000, 2 SB 50000 QhQd, 3 BB 50000 8c8d, 4 UTG 3000 AhAd", f"""
        pre BU ante 10000; pre SB sb 5000; pre BB bb 10000; pre UTG call 3000 allin; pre BU fold; pre SB call 5000;
        pre BB check; {checks("SB", "BB")}""", button=1, blinds=(5000, 10000), ante=10000, board=BOARD)
    outcome = settled(hand)
    assert amounts(outcome) == [(19000, ("SB", "BB", "UTG")), (14000, ("SB", "BB"))]


def test_ropta_9_7_a_big_blind_all_in_on_its_ante_for_3000_main_pot_3000_side_pot_20000():
    hand = deal("1 BU 50000 QhQd, 2 SB 50000 8c8d, 3 BB 3000 AhAd, 4 UTG 50000", f"""
        pre BB ante 3000 allin; pre SB sb 5000; pre UTG fold; pre BU call 10000; pre SB call 5000;
        {checks("SB", "BU")}""", button=1, blinds=(5000, 10000), ante=10000, board=BOARD)
    outcome = settled(hand)
    assert amounts(outcome) == [(3000, ("BU", "SB", "BB")), (20000, ("BU", "SB"))]
    assert outcome.irregularities == ()


def test_ropta_9_7_a_big_blind_of_13000_antes_10000_and_is_all_in_for_3000_main_pot_19000_side_pot_14000():
    hand = deal("1 BU 50000 QhQd, 2 SB 50000 8c8d, 3 BB 13000 AhAd, 4 UTG 50000", f"""
        pre BB ante 10000; pre SB sb 5000; pre BB bb 3000 allin; pre UTG fold; pre BU call 10000;
        pre SB call 5000; {checks("SB", "BU")}""", button=1, blinds=(5000, 10000), ante=10000, board=BOARD)
    outcome = settled(hand)
    assert amounts(outcome) == [(19000, ("BU", "SB", "BB")), (14000, ("BU", "SB"))]
    assert outcome.pots[0].wins == {"BB": 19000} and outcome.pots[1].wins == {"BU": 14000}


# --- ROPTA §4.2: the big blind ante, blinds 500 / 1 000 and an ante of 1 000 ---------------------------------------


def test_ropta_4_2_example_1_a_big_blind_of_800_is_all_in_on_its_ante_and_can_win_800_only():
    hand = deal("1 BU 20000 QhQd, 2 SB 20000 8c8d, 3 A 800 AhAd", f"""
        pre A ante 800 allin; pre SB sb 500; pre BU call 1000; pre SB call 500; {checks("SB", "BU")}""",
                button=1, blinds=(500, 1000), ante=1000, board=BOARD)
    outcome = settled(hand)
    assert amounts(outcome) == [(800, ("BU", "SB", "A")), (2000, ("BU", "SB"))]
    assert outcome.stacks_after["A"] == 800


def test_ropta_4_2_example_2_a_big_blind_of_1400_wins_1000_and_400_from_each_opponent():
    hand = deal("1 BU 20000 QhQd, 2 SB 20000 8c8d, 3 A 1400 AhAd", f"""
        pre A ante 1000; pre SB sb 500; pre A bb 400 allin; pre BU call 1000; pre SB call 500;
        {checks("SB", "BU")}""", button=1, blinds=(500, 1000), ante=1000, board=BOARD)
    outcome = settled(hand)
    assert amounts(outcome) == [(1000 + 3 * 400, ("BU", "SB", "A")), (2 * 600, ("BU", "SB"))]


def test_ropta_4_2_example_2_1_a_walk_the_small_blind_gives_400_and_takes_back_100():
    hand = deal("1 BU 20000, 2 SB 20000, 3 A 1400", """
        pre A ante 1000; pre SB sb 500; pre A bb 400 allin; pre BU fold; pre SB fold""",
                button=1, blinds=(500, 1000), ante=1000)
    outcome = settled(hand)
    assert outcome.returned == {"SB": 100}
    assert outcome.stacks_after == {"BU": 20000, "SB": 20000 - 400, "A": 1400 + 400}


def test_ropta_4_2_example_2_2_the_button_alone_pays_and_the_all_in_plays_for_2200():
    """The rulebook gives the small blind's 100 above the all-in back to it; games.poker.pots keeps a folded player's
    chips in the pots they reached, so it stays in the button's side pot with the button's own 100."""
    hand = deal("1 BU 20000 QhQd, 2 SB 20000, 3 A 1400 AhAd", """
        pre A ante 1000; pre SB sb 500; pre A bb 400 allin; pre BU call 1000; pre SB fold""",
                button=1, blinds=(500, 1000), ante=1000, board=BOARD)
    outcome = settled(hand)
    assert outcome.returned == {"BU": 500}
    assert amounts(outcome) == [(2200, ("BU", "A")), (200, ("BU",))]


# --- ROPTA §9.6, §9.8, §9.9: the sizes of bets and raises, reported when outside the version's ---------------------


def raise_sizes(outcome) -> list[tuple[str, int, int]]:
    return [(i.detail["reason"], i.detail["to"], i.detail["limit"]) for i in outcome.irregularities
            if i.code == "raise_size"]


@pytest.mark.parametrize(("to", "faults"), [(100, []), (99, [("below_minimum", 99, 100)])])
def test_ropta_9_6_with_only_the_blinds_25_50_in_the_least_raise_is_to_100(to, faults):
    hand = deal("1 A 5000, 2 B 5000, 3 C 5000", f"pre B sb 25; pre C bb 50; pre A raise {to}; pre B fold; pre C fold",
                button=1, blinds=(25, 50))
    assert raise_sizes(settled(hand)) == faults


def test_ropta_9_6_after_a_bet_of_250_the_least_raise_is_to_500():
    base = "pre B sb 25; pre C bb 50; pre A call 50; pre B call 25; pre C check; flop B bet 250; flop C raise {}"
    fine = deal("1 A 5000, 2 B 5000, 3 C 5000", base.format(500) + "; flop A fold; flop B fold", button=1,
                blinds=(25, 50), board=BOARD[:8])
    short = deal("1 A 5000, 2 B 5000, 3 C 5000", base.format(499) + "; flop A fold; flop B fold", button=1,
                 blinds=(25, 50), board=BOARD[:8])
    assert raise_sizes(settled(fine)) == [] and raise_sizes(settled(short)) == [("below_minimum", 499, 500)]


def test_ropta_9_8_an_all_in_short_of_a_full_raise_does_not_reopen_the_betting_for_who_has_spoken():
    hand = deal("1 BU 5000, 2 SB 5000, 3 BB 5000, 4 A 5000 AhAd, 5 D 250 QhQd", """
        pre SB sb 50; pre BB bb 100; pre A raise 200; pre D raise 250 allin; pre BU fold; pre SB fold; pre BB fold;
        pre A raise 800""", button=1, blinds=(50, 100), board=BOARD)
    # D's 250 is no full raise (a raise to 300 at least): A, who had raised, may call or fold, not raise again
    assert raise_sizes(settled(hand)) == [("not_reopened", 1000, 250)]


@pytest.mark.parametrize(("to", "faults"), [(130, []), (120, [("below_minimum", 120, 130)])])
def test_ropta_9_9_after_the_flop_an_all_in_bet_of_30_can_be_raised_to_130_at_least(to, faults):
    hand = deal("1 A 5000, 2 B 130 AhAd, 3 C 5000 QhQd", f"""
        pre B sb 50; pre C bb 100; pre A call 100; pre B call 50; pre C check;
        flop B bet 30 allin; flop C raise {to}; flop A fold""", button=1, blinds=(50, 100), board=BOARD)
    assert raise_sizes(settled(hand)) == faults


def test_lu_49_4_pot_limit_raises_to_at_most_the_pot_after_the_call_and_limit_by_the_cap():
    # pot 300 before the flop; a bet of 100 may be raised to 100 + (300 + 100 + 100) = 600 at most
    pot_limit = "pre B sb 50; pre C bb 100; pre A call 100; pre B call 50; pre C check; flop B bet 100; flop C raise {}"
    for to, faults in ((600, []), (601, [("above_pot", 601, 600)])):
        hand = deal("1 A 5000, 2 B 5000, 3 C 5000", pot_limit.format(to) + "; flop A fold; flop B fold", button=1,
                    blinds=(50, 100), version=POT_LIMIT, board=BOARD[:8])
        assert raise_sizes(settled(hand)) == faults
    limit = deal("1 A 5000, 2 B 5000, 3 C 5000", "pre B sb 50; pre C bb 100; pre A raise 400; pre B fold; pre C fold",
                 button=1, blinds=(50, 100), version=LIMIT, cap=200)
    assert raise_sizes(settled(limit)) == [("above_cap", 400, 300)]


def test_a_blind_of_the_wrong_amount_is_reported_a_short_all_in_one_is_not():
    hand = deal("1 A 5000, 2 B 5000, 3 C 1", "pre B sb 2; pre C bb 1 allin; pre A fold; pre B fold", button=1)
    blinds = [i for i in settled(hand).irregularities if i.code == "blinds"]
    assert [(i.amount, i.detail["player"], i.detail["expected"]) for i in blinds] == [(1, "B", 1)]


# --- LU RGD 1979 art. 49-1: the main pot and the side pot (« pot principal », « pot extérieur ») ------------------


def test_lu_49_1_the_all_in_player_with_the_best_hand_takes_the_main_pot_the_second_best_the_side_pot():
    seats = "1 A 50 {a}, 2 B 200 {b}, 3 C 200 {c}"
    script = "pre B sb 1; pre C bb 2; pre A raise 50 allin; pre B call 49; pre C raise 198 allin; pre B call 150"
    best_all_in = settled(deal(seats.format(a="AhAd", b="QhQd", c="8c8d"), script, button=1, board=BOARD))
    assert amounts(best_all_in) == [(150, ("A", "B", "C")), (300, ("B", "C"))]
    assert [pot.wins for pot in best_all_in.pots] == [{"A": 150}, {"B": 300}]
    # « si la main la plus forte est celle d'un autre joueur … le croupier lui remettra tous les pots »
    other_best = settled(deal(seats.format(a="QhQd", b="AhAd", c="8c8d"), script, button=1, board=BOARD))
    assert [pot.wins for pot in other_best.pots] == [{"B": 150}, {"B": 300}]


# --- LU RGD 1979 art. 49-5, ROPTA §10.8: the odd chip; ROPTA §10.7: the outermost pot first -----------------------


def test_lu_49_5_ropta_10_8_the_odd_chip_goes_to_the_tied_player_nearest_the_button_on_its_left():
    # A and B both play ace-king-jack-nine-seven; 9 shared, the odd chip to B at seat 5, first left of the button 3
    hand = deal("1 A 100 Ah3d, 3 BU 100, 5 B 100 As4d, 7 C 100 Qh3c", f"""
        pre B sb 1; pre C bb 2; pre A call 2; pre BU fold; pre B call 1; pre C check;
        flop B check; flop C bet 1; flop A call 1; flop B call 1; {checks("B", "C", "A", streets=("turn", "river"))}""",
                button=3, board=BOARD)
    assert settled(hand).pots[0].wins == {"B": 5, "A": 4}
    # the button at seat 7: A at seat 1 is now the first on its left
    assert settled(replace(hand, button=7, actions=actions(f"""
        pre A sb 1; pre BU bb 2; pre B call 2; pre C call 2; pre A call 1; pre BU fold;
        flop A check; flop B bet 1; flop C call 1; flop A call 1; {checks("A", "B", "C", streets=("turn", "river"))}
        """))).pots[0].wins == {"A": 6, "B": 5}


def test_lu_49_5_whole_chips_the_odd_chips_to_the_players_nearest_the_button():
    rules = Rules(rate=Decimal(0), chip=5)
    hand = deal("1 A 1000 2h3d, 2 B 1000 4h5d, 3 C 1000 6h6d", f"""
        pre B sb 50; pre C bb 100; pre A call 100; pre B call 50; pre C check; {checks("B", "C", "A")}""",
                button=1, blinds=(50, 100), board="9c Td Jh Qs Kc")
    assert settled(hand, rules).pots[0].wins == {"B": 100, "C": 100, "A": 100}
    odd = replace(hand, actions=actions("pre A dead 15") + hand.actions)
    # 315 in chips of 5: 63 chips, 21 each
    assert settled(odd, rules).pots[0].wins == {"B": 105, "C": 105, "A": 105}
    odder = replace(hand, actions=actions("pre A dead 10") + hand.actions)
    assert settled(odder, rules).pots[0].wins == {"B": 105, "C": 105, "A": 100}


def test_ropta_10_7_the_houses_cap_on_a_deals_rake_is_met_from_the_outermost_pot_inwards():
    rules = Rules(rate=Decimal("0.10"), cap=40)
    hand = deal("1 A 100 AhAd, 2 B 300 QhQd, 3 C 300 8c8d", """
        pre B sb 1; pre C bb 2; pre A raise 100 allin; pre B raise 299 allin; pre C call 298 allin""",
                button=1, board=BOARD)
    outcome = settled(hand, rules)
    assert amounts(outcome) == [(300, ("A", "B", "C")), (400, ("B", "C"))]
    assert [pot.rake for pot in outcome.pots] == [0, 40]  # 30 and 40 by the rate: the side pot is raked first
    assert outcome.rake == 40 and outcome.irregularities == ()


# --- QC RJC art. 67.108: at most 10 % of the game's whole pot ------------------------------------------------------


def test_qc_67_108_the_rake_is_taken_on_the_whole_pot_and_a_declared_rake_above_10_per_cent_is_reported():
    rules = Rules(rate=Decimal("0.10"), legal_rate=Decimal("0.10"), per_pot=False)
    hand = deal("1 A 100 AhAd, 2 B 300 QhQd, 3 C 300 8c8d", """
        pre B sb 1; pre C bb 2; pre A raise 100 allin; pre B raise 299 allin; pre C call 298 allin""",
                button=1, board=BOARD)
    honest = settled(hand, rules)
    assert honest.legal_max_rake == 70 and honest.rake == 70
    assert [pot.rake for pot in honest.pots] == [30, 40]  # 70 apportioned: 300 / 700 and 400 / 700 of it
    greedy = replace(hand, pots=(DeclaredPot(0, 300, 31, wins=(("A", 269),)), DeclaredPot(1, 400, 40, wins=(
        ("B", 360),))))
    outcome = replay(greedy, rules)
    assert [(i.code, i.amount) for i in outcome.irregularities] == [("rake_declared", 1), ("rake_above_legal", 1)]
    assert outcome.declared_rake == 71 and outcome.stacks_after == {"A": 269, "B": 360, "C": 0}


def test_qc_67_108_a_rake_of_10_per_cent_rounds_down_to_the_smallest_chip():
    rules = Rules(rate=Decimal("0.10"), legal_rate=Decimal("0.10"), per_pot=False, chip=25)
    hand = deal("1 A 10000 AhAd, 2 B 10000 QhQd",
                "pre A sb 475; pre B bb 950; pre A call 475; pre B check; " + checks("B", "A"),
                button=1, blinds=(475, 950), board=BOARD)
    outcome = settled(hand, rules)
    assert outcome.pots[0].amount == 1900 and outcome.rake == 175 and outcome.legal_max_rake == 175


# --- the uncalled bet, the jackpots' drops, the steps --------------------------------------------------------------


def test_an_uncalled_bet_is_given_back_before_the_rake_and_is_not_raked():
    rules = Rules(rate=Decimal("0.05"))
    hand = deal("1 A 10000, 2 B 10000, 3 C 10000", "pre B sb 100; pre C bb 200; pre A raise 5000; pre B fold; "
                "pre C fold", button=1, blinds=(100, 200))
    outcome = settled(hand, rules)
    assert outcome.returned == {"A": 4800}
    assert amounts(outcome) == [(500, ("A",))] and outcome.rake == 25
    assert outcome.contributions == {"A": 200, "B": 100, "C": 200}
    assert outcome.stacks_after == {"A": 10000 + 300 - 25, "B": 9900, "C": 9800}


def test_lu_49_9_49_13_the_jackpots_drops_are_taken_after_the_rake_the_bad_beats_once_on_the_whole_pot():
    """The progressive on each pot where the house rules say so (art. 49-9 al. 3), the bad beat once: « Le croupier
    soumet globalement le pot au bad beat jackpot » (art. 49-13 al. 4), its 0,50 € shared by the pots in proportion."""
    rules = Rules(rate=Decimal("0.05"), progressive=JackpotRule("pourcentage", Decimal("1"), "plus_proche"),
                  bad_beat=JackpotRule("fixe", Decimal(50), "inferieur", minimum_pot=1000), progressive_pots=EACH)
    hand = deal("1 A 100 AhAd, 2 B 3000 QhQd, 3 C 3000 8c8d", """
        pre B sb 10; pre C bb 20; pre A raise 100 allin; pre B raise 2990 allin; pre C call 2980 allin""",
                button=1, board=BOARD, blinds=(10, 20))
    outcome = settled(hand, rules)
    main, side = outcome.pots
    assert (main.amount, main.rake, main.progressive, main.bad_beat) == (300, 15, 3, 3)  # 1 % of 285: 2.85 → 3
    assert (side.amount, side.rake, side.progressive, side.bad_beat) == (5800, 290, 55, 47)  # 1 % of 5510: 55.1
    assert sum(outcome.stacks_after.values()) + outcome.rake + outcome.progressive + outcome.bad_beat == 6100
    wrong = replace(hand, pots=tuple(replace(pot, progressive=pot.progressive + 1, wins=((pot.wins[0][0],
                    pot.wins[0][1] - 1),)) for pot in settle(hand, rules)))
    found = replay(wrong, rules).irregularities
    assert [(i.code, i.amount, i.detail["jackpot"]) for i in found] == [("drop_declared", 2, "progressive")]


def test_the_steps_follow_the_pot_and_the_stacks_street_by_street():
    hand = deal("1 A 100 AhAd, 2 B 100 QhQd", f"""
        pre A sb 1; pre B bb 2; pre A call 1; pre B check; flop B bet 10; flop A call 10; {checks("B", "A",
        streets=("turn", "river"))}; sd B show QhQd; sd A show AhAd""", button=1, board=BOARD)
    steps = settled(hand).steps
    assert [(s.street, s.player, s.kind, s.amount, s.pot, s.stack) for s in steps[:6]] == [
        ("preflop", "A", "post_sb", 1, 1, 99), ("preflop", "B", "post_bb", 2, 3, 98),
        ("preflop", "A", "call", 1, 4, 98), ("preflop", "B", "check", 0, 4, 98), ("flop", "", "street", 0, 4, 0),
        ("flop", "B", "bet", 10, 14, 88)]
    assert steps[4].cards == parse("2c 7d 9h") and steps[4].action is None and steps[5].action == 4
    assert [s.cards for s in steps if s.kind == "street"][1:] == [parse("Js"), parse("Kc"), ()]
    assert steps[-1].kind == "show" and steps[-1].cards == parse("AhAd")


# --- turn order ------------------------------------------------------------------------------------------------------


def test_heads_up_the_button_posts_the_small_blind_speaks_first_before_the_flop_and_last_after():
    fine = deal("1 A 100 AhAd, 2 B 100 QhQd", "pre A sb 1; pre B bb 2; pre A call 1; pre B check; " + checks("B", "A"),
                button=1, board=BOARD)
    assert settled(fine).pots[0].wins == {"A": 4}
    wrong = replace(fine, actions=fine.actions[:4] + actions("flop A check; flop B check"))
    with pytest.raises(HandError) as refused:
        replay(wrong, NO_RAKE)
    assert refused.value.code == OUT_OF_TURN and refused.value.action == 4 and "B is to act" in str(refused.value)


def test_lu_49_1_the_option_is_the_third_blind_of_two_big_blinds_and_the_player_left_of_it_speaks_first():
    hand = deal("1 BU 100, 2 SB 100, 3 BB 100, 4 OP 100, 5 E 100", """
        pre SB sb 1; pre BB bb 2; pre OP option 4; pre E fold; pre BU fold; pre SB fold; pre BB fold""", button=1)
    outcome = settled(hand)
    assert outcome.returned == {"OP": 2} and outcome.pots[0].wins == {"OP": 5} and outcome.irregularities == ()
    with pytest.raises(HandError) as refused:
        replay(replace(hand, actions=hand.actions[:3] + actions("pre BU fold")), NO_RAKE)
    assert refused.value.code == OUT_OF_TURN and "E is to act" in refused.value.message_en


# --- high-low (QC RJC art. 67.88 15°) ------------------------------------------------------------------------------


def test_qc_67_88_high_low_the_pot_is_halved_with_the_best_low_of_eight_or_under_the_odd_chip_to_the_high():
    rules = Rules(rate=Decimal(0), hilo=True)
    script = "pre A dead 1; pre A sb 1; pre B bb 2; pre A call 1; pre B check; " + checks("B", "A")
    hand = deal("1 A 100 AhAdKhKd, 2 B 100 3c8hQcJc", script, button=1, board="As Ks 7d 4c 2h", game=OMAHA_HILO,
                version=POT_LIMIT)
    assert settled(hand, rules).pots[0].wins == {"A": 3, "B": 2}  # trips aces high; 8-7-4-3-2 low
    no_low = replace(hand, board=parse("As Ks Qd 9c 2h"))
    assert settled(no_low, rules).pots[0].wins == {"A": 5}


# --- refusals --------------------------------------------------------------------------------------------------------

THREE = "1 A 100 AhAd, 2 B 100 QhQd, 3 C 100 8c8d"


@pytest.mark.parametrize(("script", "index"), [
    ("pre B sb 1; pre C bb 2; pre A call 3", 2),  # a call that is not the bet to match
    ("pre B sb 1; pre C bb 2; pre A check", 2),  # a check facing the big blind
    ("pre B sb 1; pre C bb 2; pre A raise 2", 2),  # a raise that does not exceed the bet
    ("pre B sb 1; pre C bb 2; pre A raise 150", 2),  # more than the stack
    ("pre B sb 1; pre C bb 2; pre A raise 50 allin", 2),  # said all-in with chips left
    ("pre B sb 1; pre C bb 2; pre A fold 2", 2),  # a fold that moves chips
])
def test_actions_that_do_not_add_up_are_refused(script, index):
    with pytest.raises(HandError) as refused:
        replay(deal(THREE, script, button=1), NO_RAKE)
    assert (refused.value.code, refused.value.action) == (ACTIONS_DONT_ADD_UP, index)


@pytest.mark.parametrize(("script", "index", "due"), [
    ("pre B sb 1; pre C bb 2; pre B fold", 2, "A"),  # the small blind speaks before the player left of the big one
    ("pre B sb 1; pre C bb 2; pre A fold; pre B fold; pre C check", 4, None),  # the deal is over
    ("pre B sb 1; pre C bb 2; pre A call 2; pre B call 1; flop B check", 4, "C"),  # the preflop is not over
    ("pre B sb 1; pre C bb 2; pre A call 2; pre B fold; pre C check; pre A sb 1", 5, None),  # a post too late
    ("pre B sb 1; pre C bb 2; pre A call 2; pre B call 1; pre C check", None, "B"),  # it stops before the flop
])
def test_actions_out_of_turn_are_refused_naming_who_should_have_spoken(script, index, due):
    with pytest.raises(HandError) as refused:
        replay(deal(THREE, script, button=1, board=BOARD), NO_RAKE)
    assert (refused.value.code, refused.value.action) == (OUT_OF_TURN, index)
    if due:
        assert f"{due} is to act" in refused.value.message_en and f"« {due} »" in refused.value.message_fr


@pytest.mark.parametrize(("seats", "script", "board"), [
    (THREE, "pre B sb 1; pre C bb 2; pre X fold", ""),  # an unknown player
    ("1 A 100 AhAd, 2 B 100 AhKd, 3 C 100", "pre B sb 1; pre C bb 2; pre A fold; pre B fold", ""),  # a card twice
    ("1 A -5, 2 B 100, 3 C 100", "pre B sb 1; pre C bb 2; pre A fold; pre B fold", ""),  # a negative stack
    (THREE, "pre A sb 1; pre C bb 2; pre A fold; pre B fold", ""),  # the small blind from the button
    (THREE, "pre B sb 1; pre C bb 2; pre A fold; pre B fold", "2c 7d 9h"),  # a flop the deal never saw
    (THREE, "pre B sb 1; pre C bb 2; pre A fold; pre B call 1; pre C check; flop B check; flop C check; turn B check;"
     " turn C check; river B check; river C check", "2c 7d 9h Js"),  # a river missing
    ("1 A 100 AhAdKs, 2 B 100, 3 C 100", "pre B sb 1; pre C bb 2; pre A fold; pre B fold", ""),  # three hole cards
])
def test_a_deal_that_cannot_have_been_dealt_is_refused(seats, script, board):
    with pytest.raises(HandError) as refused:
        replay(deal(seats, script, button=1, board=board), NO_RAKE)
    assert refused.value.code == BAD_DEAL


SHORT = "1 A 50 AhAd, 2 B 100 QhQd, 3 C 100 8c8d"


def test_declared_pots_that_are_not_the_actions_or_do_not_add_up_are_refused():
    hand = deal(SHORT, "pre B sb 1; pre C bb 2; pre A raise 50 allin; pre B raise 99 allin; pre C call 98 allin",
                button=1, board=BOARD)
    honest = settle(hand, NO_RAKE)
    assert honest == (DeclaredPot(0, 150, wins=(("A", 150),)), DeclaredPot(1, 100, wins=(("B", 100),)))
    cases = {
        "pot(s)": honest[:1],  # one pot where the actions make two
        "main pot: declared 1.60 EUR, the actions give 1.50 EUR": (replace(honest[0], amount=160), honest[1]),
        "side pot 1: wins 0.90 EUR, rake 0.05 EUR": (honest[0], replace(honest[1], rake=5, wins=(("B", 90),))),
        "side pot 1: A is paid but cannot win it": (honest[0], replace(honest[1], wins=(("A", 100),))),
    }
    for message, pots in cases.items():
        with pytest.raises(HandError) as refused:
            replay(replace(hand, pots=pots), NO_RAKE)
        assert refused.value.code == POT_MISMATCH and message in refused.value.message_en, message
    with pytest.raises(HandError) as no_pots:
        replay(hand, NO_RAKE)
    assert no_pots.value.code == POT_MISMATCH


def test_wins_other_than_the_cards_give_are_reported_and_the_stacks_follow_the_room():
    hand = deal(SHORT, "pre B sb 1; pre C bb 2; pre A raise 50 allin; pre B raise 99 allin; pre C call 98 allin",
                button=1, board=BOARD)
    wrong = (DeclaredPot(0, 150, wins=(("B", 150),)), DeclaredPot(1, 100, wins=(("B", 100),)))
    outcome = replay(replace(hand, pots=wrong), NO_RAKE)
    assert [(i.code, i.amount, i.detail) for i in outcome.irregularities] == [
        ("wins", 150, {"pot": 0, "declared": "B=150", "ours": "A=150"})]
    assert outcome.pots[0].wins == {"A": 150}  # ours, the cards being known
    assert outcome.stacks_after == {"A": 0, "B": 250, "C": 0}
    unknown = replace(hand, seats=tuple(replace(seat, cards=()) for seat in hand.seats), pots=wrong)
    blind = replay(unknown, NO_RAKE)
    assert blind.irregularities == () and blind.pots[0].wins == {"B": 150}  # the room's, no cards to judge by
    with pytest.raises(HandError) as refused:
        settle(unknown, NO_RAKE)
    assert refused.value.code == BAD_DEAL
