"""A poker session opened with what the texts fix for it (issue 16, item 1): the version among the game's (LU RGD 1979
art. 49-4, 49-8), the blinds from the table's minimum (art. 49-1), the retention at the session's rate or within the
QC cap of 10 % (QC RJC art. 67.108); a stake set aside for an absent player (art. 49-1). Each refusal names its field
and its article, and writes nothing."""

import datetime

import pytest

from compliance.errors import DomainError
from games.poker import hand as deal
from registers.kinds import EntryKind
from registers.models import Entry, PokerSession
from registers.poker_room.services import stake_consign
from tests.conftest import lu_today, make_user, yesterday_everywhere
from tests.poker_world import session

DAY = lu_today() - datetime.timedelta(days=1)


@pytest.fixture
def staff(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _refused(casino, actor, field: str, **changes):
    before = (PokerSession.objects.count(), Entry.objects.count())
    with pytest.raises(DomainError) as refused:
        session(casino, actor, DAY, **changes)
    assert refused.value.field == field
    assert (PokerSession.objects.count(), Entry.objects.count()) == before
    return str(refused.value.message)


def test_lu_art_49_1_the_small_blind_is_half_the_table_minimum(staff):
    message = _refused(staff.c, staff.manager_c, "small_blind", minimum="10", small="4", big="8")
    assert "5" in message and "49-1" in message


def test_lu_art_49_1_the_big_blind_is_one_to_two_small_blinds(staff):
    message = _refused(staff.c, staff.manager_c, "big_blind", minimum="10", small="5", big="15")
    assert "49-1" in message
    opened = session(staff.c, staff.manager_c, DAY, minimum="10", small="5", big="10")
    assert (opened.small_blind, opened.big_blind) == (5, 10) and "49-1" in opened.citation


def test_lu_art_49_4_no_limit_hold_em_and_art_49_8_no_no_limit_omaha(staff):
    assert session(staff.c, staff.manager_c, DAY, version=deal.NO_LIMIT).version == deal.NO_LIMIT
    message = _refused(staff.c, staff.manager_c, "version", table="OM-1", variant=deal.OMAHA, version=deal.NO_LIMIT,
                       minimum="4", small="2", big="4")
    assert "49-8" in message


def test_lu_art_49_4_the_version_is_fixed_for_the_session_and_recorded(staff):
    opened = session(staff.c, staff.manager_c, DAY, version=deal.POT_LIMIT)
    entry = Entry.objects.get(pk=opened.entry_id)
    assert entry.kind == EntryKind.POKER_SESSION and '"version":"pot_limit"' in entry.payload.replace(" ", "")


def test_qc_art_67_108_a_rake_above_ten_percent_is_refused(staff):
    manager_a = staff.manager_a
    message = _refused(staff.a, manager_a, "rake_rate", minimum="2", small="1", big="2", rate="0.12")
    assert "67.108" in message and "10" in message
    opened = session(staff.a, manager_a, yesterday_everywhere(), minimum="2", small="1", big="2", rate="0.10",
                     rake_cap="5")
    assert str(opened.rake_rate) == "0.10" and "67.108" in opened.citation


def test_a_session_cannot_open_in_the_future_nor_by_a_regulator(staff):
    with pytest.raises(DomainError):
        session(staff.c, staff.regulator_lu, DAY)
    with pytest.raises(DomainError) as refused:
        session(staff.c, staff.manager_c, DAY + datetime.timedelta(days=3))
    assert refused.value.field in ("gaming_day", "opened_at")


def test_lu_art_49_1_a_stake_set_aside_is_recorded_with_its_player(staff):
    opened = session(staff.c, staff.manager_c, DAY)
    stake = stake_consign(session=opened, actor=staff.manager_c, seat=4, player="Jo Reuter", amount="140.00",
                          currency="EUR")
    entry = Entry.objects.get(pk=stake.entry_id)
    assert entry.kind == EntryKind.STAKE_CONSIGNED and "49-1" in entry.payload
    with pytest.raises(DomainError) as refused:
        stake_consign(session=opened, actor=staff.manager_c, seat=11, player="Jo", amount="1", currency="EUR")
    assert refused.value.field == "seat"
