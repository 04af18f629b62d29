"""The recaves the imported deals show, checked against the règlement intérieur: LU RGD 1979 art. 49-1 « Au cours
d'une partie, le joueur a la possibilité de se recaver. Aucune recave n'est acceptée pendant un coup. Le montant
maximum de la recave est fixé par le règlement intérieur. »

The import follows each player's stack from one deal to the next (registers/poker_room/stacks.py): a stack above what
the deal before left is a recave between the two deals. Each is checked with the séance's own control
(controls.rebuy_problems) against the maximum of the règlement intérieur in force on the deal's gaming day; one above
it is kept on the deal and reported by the nightly reconciliation, citing the article that leaves the maximum to the
règlement (from the rule data, as the séance's refusal cites it)."""

import datetime
from decimal import Decimal

import pytest

from compliance.reconciliation.models import Finding
from compliance.reconciliation.services import reconciliation_run
from games.poker.faults import recave_above
from registers.poker_room import rules as room
from registers.poker_room import stacks
from registers.poker_room.imports import hands_import
from tests.conftest import lu_today, make_user
from tests.poker_world import hands, ohh_file, session
from tests.test_lu_49_house_rules import record_house_rules
from tests.test_qc_67_95_stacks import _flags

DAY = lu_today() - datetime.timedelta(days=1)


@pytest.fixture
def staff(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _imported(staff, maximum, cents):
    """Deals where a player brings `cents` between two of them, imported with `maximum` in force (None: none)."""
    opened = session(staff.c, staff.manager_c, DAY)
    if maximum is not None:  # the règlement intérieur in force that day, through the service
        record_house_rules(staff, day=DAY, recave_maximum=maximum)
    dealt, k = recave_above(hands(opened, 30, seed=5), cents)
    result = hands_import(casino=staff.c, actor=staff.accountant_c, source=ohh_file(dealt))
    assert result.created == 30  # the file taken whole: a recave above the maximum is a finding, not a refusal
    return dealt, k


def test_lu_49_1_a_recave_the_deals_show_above_the_house_rules_maximum_is_kept_on_the_deal(staff):
    """« Le montant maximum de la recave est fixé par le règlement intérieur »: with 2 000 € in force, a player starting
    a deal 2 500 € above what the deal before left them is flagged on that deal, with the player, the seat, the recave,
    the maximum and the règlement; the stacks stay whole (no break)."""
    dealt, k = _imported(staff, "2000.00", 250_000)
    ((number, (code, above, detail)),) = _flags(staff.c, stacks.ABOVE)
    seat = next(s for s in dealt[k].seats if s.player == detail["player"])
    assert number == dealt[k].number and code == stacks.ABOVE
    assert detail["seat"] == seat.seat and detail["maximum"] == 200_000 and detail["amount"] >= 250_000
    assert above == detail["amount"] - 200_000
    assert detail["house"] == room.rebuy_terms(staff.c, "texas_holdem", DAY).house
    assert not _flags(staff.c, stacks.GAP) and not _flags(staff.c, stacks.BREAK)


def test_lu_49_1_the_reconciliation_reports_the_recave_above_the_maximum_citing_the_article(staff):
    """« Le montant maximum de la recave est fixé par le règlement intérieur »: the nightly reconciliation reports the
    deal, citing art. 49-1 from the rule data (the article that delegates the value, as the séance's refusal does)."""
    dealt, k = _imported(staff, "2000.00", 250_000)
    run = reconciliation_run(casino=staff.c, gaming_day=DAY, actor=staff.manager_c)
    found = run.findings.get(kind=Finding.Kind.POKER_RECAVE)
    terms = room.rebuy_terms(staff.c, "texas_holdem", DAY)
    assert found.citation == terms.citation and "49-1" in found.citation
    assert found.params["count"] == "1" and dealt[k].number in found.params["hands"] and found.table == "TH-1"
    assert found.amount == Decimal(_flags(staff.c, stacks.ABOVE)[0][1][1]) / 100


def test_lu_49_1_a_recave_within_the_maximum_is_no_finding(staff):
    """« Le montant maximum de la recave est fixé par le règlement intérieur »: a recave within the maximum is a recave
    the day's entry counts, never a finding."""
    _imported(staff, "100000.00", 250_000)
    assert not _flags(staff.c, stacks.ABOVE)
    run = reconciliation_run(casino=staff.c, gaming_day=DAY, actor=staff.manager_c)
    assert not run.findings.filter(kind=Finding.Kind.POKER_RECAVE).exists()


def test_lu_49_1_without_a_maximum_in_force_no_recave_is_flagged(staff):
    """Where the règlement intérieur in force sets no maximum, the import has nothing to check the recave against."""
    _imported(staff, None, 250_000)
    assert not _flags(staff.c, stacks.ABOVE)
