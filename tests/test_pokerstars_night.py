"""A night of consecutive deals at one table, in the PokerStars client's own form (issue 41, acceptance): several
hundred deals with players entering and leaving, blinds missed and posted again, side pots, boards run twice and
cash-outs import whole, each amount stored is the file's, and the reconciliation finds only what was planted: a rake
over the schedule's cap per hand, a rake taken on a deal that never saw a flop, an option (a straddle) posted at a
session whose house rules allow none (LU RGD 1979 art. 49-1)."""

import datetime
from collections import Counter

import pytest

from compliance.reconciliation.services import reconciliation_run
from games.poker import hand as deal
from games.poker.faults import overraked
from games.poker.replay import replay
from registers.chain.services import pending_countersign
from registers.models import PokerHand
from registers.poker.services import cagnotte_file
from registers.poker_room import rules as room
from registers.poker_room.imports import hands_import
from tests.conftest import lu_today, make_user
from tests.poker_world import cents, session
from tests.pokerstars_night import night, written
from tests.test_lu_49_house_rules import record_house_rules

DAY = lu_today() - datetime.timedelta(days=1)
DEALS, STRADDLE_AT = 400, 37


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _planted(dealt, rules):
    """A rake 1,00 € over the cap on a capped deal, 0,20 € taken on a deal with no flop (the room's own schedule
    says no flop, no drop): the first such deals whose pot has a sole winner to pay it."""
    capped = next(k for k, one in enumerate(dealt) if replay(one, rules).rake == rules.cap and not one.cash_outs
                  and not one.runs
                  and any(len(pot.wins) == 1 and pot.wins[0][1] >= 100 for pot in one.pots))
    no_flop = next(k for k, one in enumerate(dealt) if not one.board and one.pots[0].wins[0][1] >= 20)
    dealt[capped], dealt[no_flop] = overraked(dealt[capped], 100), overraked(dealt[no_flop], 20)
    return dealt[capped].number, dealt[no_flop].number


def test_a_night_at_one_table_imports_whole_and_its_reconciliation_finds_only_what_was_planted(lu):
    record_house_rules(lu, day=DAY, no_flop_no_drop=True, rake_per_pot=False, straddle=False)
    opened = session(lu.c, lu.manager_c, DAY, minimum="1", small="0.50", big="1", rate="0.05", rake_cap="3", hour=12)
    rules = room.session_rules(opened, None)
    assert (rules.no_flop_no_drop, rules.per_pot, rules.cap, rules.straddle_allowed) == (True, False, 300, False)
    dealt = night(DEALS, table=opened.table, currency="EUR", small=50, big=100, rules=rules, seed=3,
                  start=opened.opened_at + datetime.timedelta(minutes=5), straddles=(STRADDLE_AT,))
    kinds = Counter(construct for one in dealt for construct, present in (
        ("entry", sum(a.kind == deal.POST_BIG_BLIND for a in one.actions) > 1),
        ("dead", any(a.kind == deal.POST_DEAD for a in one.actions)), ("side pot", len(one.pots) > 1),
        ("run twice", bool(one.runs)), ("cash-out", bool(one.cash_outs)), ("no flop", not one.board)) if present)
    assert all(kinds[name] >= 2 for name in ("entry", "dead", "side pot", "run twice", "cash-out", "no flop")), kinds
    assert all(replay(one, rules).rake == 0 for one in dealt if not one.board)  # no flop, no drop
    over_cap, raked_no_flop = _planted(dealt, rules)
    straddled = next(one.number for one in dealt if any(a.kind == deal.POST_OPTION for a in one.actions))

    result = hands_import(casino=lu.c, actor=lu.manager_c, source=written(dealt), file_format="pokerstars")
    assert (result.hands, result.created) == (DEALS, DEALS)
    stored = {row.number: row for row in PokerHand.objects.filter(casino=lu.c)}
    for one in dealt:  # every amount stored is the file's
        declared = replay(one, rules)
        assert (stored[one.number].rake_declared, stored[one.number].pot) == (
            cents(declared.declared_rake), cents(sum(pot.amount for pot in declared.pots)))
    house = sum(replay(one, rules).declared_rake for one in dealt)
    cashier = make_user("caisse.c", "accountant", casino=lu.c)
    pending_countersign(pending=cagnotte_file(
        casino=lu.c, actor=cashier, gaming_day=DAY, table=opened.table, house=str(cents(house)), bad_beat="0",
        box_count=str(cents(house)), currency="EUR"), countersigner=lu.manager_c)

    reconciliation = reconciliation_run(casino=lu.c, gaming_day=DAY, actor=lu.manager_c)
    found = {finding.kind: finding for finding in reconciliation.findings.filter(kind__startswith="poker_")}
    assert sorted(found) == ["poker_retenue", "poker_version"]
    raked = found["poker_retenue"]
    assert (raked.params["count"], raked.amount) == ("2", cents(120))
    assert {over_cap, raked_no_flop} == set(raked.params["listed"].split(", "))
    option = found["poker_version"]
    assert (option.params["code"], option.params["count"], option.params["hands"]) == ("option", "1", straddled)
