"""A player's stack from one deal to the next, as the import reads the room's deals: QC RJC art. 67.95 « Un joueur ne
peut participer à une partie qu'avec le montant de l'avoit qu'il possède au début de cette partie : 1° un joueur ne
peut augmenter le montant de son avoir qu'entre les parties ; 2° à une table sans limite ou cagnotte limite, un joueur
ne peut retirer de son avoir aucun montant autre que ceux utilisés pour exercer ses options et ce pour toute sa durée
de jeu à la table »; LU RGD 1979 art. 49-1, 49-5 « Au cours d'une partie, le joueur a la possibilité de se recaver.
Aucune recave n'est acceptée pendant un coup. »

A player's starting stack in a deal is what the deal before at the same table and séance left them, plus a recave
between the two: a stack below it is a break the deal keeps for the reconciliation, with the deal before, the seat
and the player; a stack above it is a recave the file shows, counted in the day's entry."""

import datetime
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compliance.reconciliation.services import reconciliation_run
from games.poker import hand as deal
from games.poker.faults import stack_short
from registers.kinds import EntryKind
from registers.models import Entry, PokerHand
from registers.poker_room import rules as room
from registers.poker_room import stacks
from registers.poker_room.controls import Dealt, recaves_seen, stacks_problems
from registers.poker_room.imports import hands_import
from tests.conftest import lu_today, make_user, yesterday_everywhere
from tests.poker_world import hands, ohh_file, session, stars_file

DAY = lu_today() - datetime.timedelta(days=1)


@pytest.fixture
def staff(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _flags(casino, code):
    return [(number, flag) for number, flags in PokerHand.objects.filter(casino=casino).values_list("number", "flags")
            for flag in flags if flag[0] == code]


def test_lu_49_1_a_stack_short_of_what_the_deal_before_left_is_kept_as_a_break_with_the_seat(staff):
    """Chips gone between two deals at a Luxembourg table: the LU texts allow a recave between deals and say nothing
    of chips taken off, so the break is cited to the casino's control; the deal, the one before, the seat, the player
    and the amount short are kept; the file is taken whole."""
    opened = session(staff.c, staff.manager_c, DAY)
    dealt, k = stack_short(hands(opened, 30, seed=5), room.session_rules(opened, None), 150)
    result = hands_import(casino=staff.c, actor=staff.accountant_c, source=ohh_file(dealt))
    assert result.created == 30
    ((number, (code, short, detail)),) = _flags(staff.c, stacks.GAP)
    seat = next(s for s in dealt[k].seats if s.player == detail["player"])
    assert number == dealt[k].number and short == 150 and detail["previous"] == dealt[k - 1].number
    assert detail["seat"] == seat.seat and detail["stack"] == seat.stack and detail["expected"] == seat.stack + 150
    assert not _flags(staff.c, stacks.BREAK)
    found = reconciliation_run(casino=staff.c, gaming_day=DAY, actor=staff.manager_c).findings.get(kind="poker_tapis")
    assert found.citation == str(stacks.CONTROL) and str(found.amount) == "1.50"
    assert dealt[k].number in found.params["hands"]


def test_qc_67_95_2_at_a_no_limit_table_the_break_cites_the_article(staff):
    """QC art. 67.95 2°, « à une table sans limite ou cagnotte limite »: the same break at a Québec no-limit table is
    flagged under the article's own code, read from the rule data (avoir_retire), in the PokerStars text too."""
    day = yesterday_everywhere()
    opened = session(staff.a, staff.manager_a, day, table="SP-1", minimum="2", small="1", big="2", rate="0.05")
    dealt, k = stack_short(hands(opened, 20, seed=3), room.session_rules(opened, None), 100)
    hands_import(casino=staff.a, actor=staff.accountant_a, source=stars_file(dealt), file_format="pokerstars")
    ((number, (_code, short, _detail)),) = _flags(staff.a, stacks.BREAK)
    assert number == dealt[k].number and short == 100
    found = reconciliation_run(casino=staff.a, gaming_day=day, actor=staff.manager_a).findings.get(kind="poker_tapis")
    assert "67.95" in found.citation and found.params["count"] == "1" and dealt[k].number in found.params["hands"]
    versions, cited = stacks.withdrawal_versions(staff.a, "salon_poker", day)
    assert deal.NO_LIMIT in versions and deal.LIMIT not in versions and "67.95" in cited


def test_qc_67_95_1_honest_deals_show_no_break_and_their_recaves_are_counted_in_the_day_entry(staff):
    """« un joueur ne peut augmenter le montant de son avoir qu'entre les parties »: the simulator's players buy in
    again between deals only; a night of deals has no break, and what the stacks show brought between deals is
    counted in the day's entry of the cagnotte register, as many as the deals show."""
    opened = session(staff.c, staff.manager_c, DAY, minimum="2", small="1", big="2")
    dealt = hands(opened, 200, seed=11)
    settle = room.session_rules(opened, None)
    from games.poker.replay import replay

    seen = [recaves_seen(stacks.dealt(a, replay(a, settle)), stacks.dealt(b, replay(b, settle)))
            for a, b in zip(dealt, dealt[1:], strict=False)]
    hands_import(casino=staff.c, actor=staff.accountant_c, source=ohh_file(dealt))
    assert not _flags(staff.c, stacks.GAP) and not _flags(staff.c, stacks.BREAK)
    payload = json.loads(Entry.objects.get(register__casino=staff.c, kind=EntryKind.HANDS_IMPORTED).payload)
    count = sum(len(one) for one in seen)
    assert count > 0, "the seed plays a rebuy"
    assert payload["recaves_entre_les_mains"]["nombre"] == count


# --- the control itself: chips conserved across deals --------------------------------------------------------------

PLAYERS = ("Ana", "Tom", "Eva")
STEP = st.tuples(st.integers(0, 5_000), st.integers(0, 10_000), st.integers(0, 3_000))  # bet, won, recave


@settings(max_examples=200, deadline=None)
@given(start=st.integers(5_000, 50_000), steps=st.lists(st.fixed_dictionaries({p: STEP for p in PLAYERS}),
                                                        min_size=2, max_size=12))
def test_qc_67_95_chips_are_conserved_across_deals(start, steps):
    """stack(n+1) = stack(n) − bets + winnings + the recaves recorded between the deals: no break found, whether the
    recaves are recorded apart or only shown by the stacks; a stack one cent short is found, at its deal and seat."""
    stacks_now = dict.fromkeys(PLAYERS, start)
    deals = []
    for n, step in enumerate(steps):
        started = {p: (i + 1, stacks_now[p]) for i, p in enumerate(PLAYERS)}
        after = {p: stacks_now[p] - min(step[p][0], stacks_now[p]) + step[p][1] for p in PLAYERS}
        recaves = {p: step[p][2] for p in PLAYERS if step[p][2]}
        deals.append((Dealt(str(n), started, after), recaves))
        stacks_now = {p: after[p] + recaves.get(p, 0) for p in PLAYERS}
    for (before, recaves), (now, _next) in zip(deals, deals[1:], strict=False):
        assert stacks_problems(before, now, recaves, "67.95") == []
        assert stacks_problems(before, now, None, "67.95") == []
        assert recaves_seen(before, now) == recaves
        seat, stack = now.started["Tom"]
        short = Dealt(now.number, {**now.started, "Tom": (seat, stack - 1)}, now.after)
        (problem,) = stacks_problems(before, short, recaves, "67.95")
        assert (problem.params["number"], problem.params["seat"], problem.params["player"]) == (now.number, 2, "Tom")


def test_qc_67_95_a_stack_above_the_recaves_recorded_is_a_break_once_they_are_recorded_apart():
    """Where the recaves are recorded apart (the room's floor files them), a stack above what the deal before left
    plus them is a break too: chips came from nowhere the registers know."""
    before = Dealt("1", {"Ana": (1, 1_000)}, {"Ana": 1_200})
    now = Dealt("2", {"Ana": (1, 1_700)}, {"Ana": 1_700})
    assert stacks_problems(before, now, {"Ana": 500}, "49-1") == []
    (problem,) = stacks_problems(before, now, {"Ana": 400}, "49-1")
    assert problem.params["expected"] == 16 and problem.params["found"] == 17
    assert stacks_problems(before, now, None, "49-1") == [] and recaves_seen(before, now) == {"Ana": 500}
