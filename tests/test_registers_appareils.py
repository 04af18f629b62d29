"""Slot machine register, after LU RGD 1979 art. 18-1 and 17."""

import datetime

import pytest

from compliance.errors import DomainError
from registers.appareils.selectors import appareils_of
from registers.appareils.services import appareil_install, appareil_move, appareil_notice
from registers.models import Entry, Register
from tests.conftest import lu_today

pytestmark = pytest.mark.django_db
TODAY = lu_today


@pytest.fixture
def floor(world, rules):
    """Twenty machines installed in casino C (Luxembourg) two days ago: before the letters about them are sent."""
    for number in range(1, 21):
        appareil_install(casino=world.c, actor=world.accountant_c, gaming_day=TODAY() - datetime.timedelta(days=2),
                         machine=f"M{number:02}",
                         manufacturer="Novomatic", certificate=f"CE-{number}", condition="neuf")
    return world


def _notice_and_move(world, machine, event, day=None):
    day = day or TODAY()
    appareil_notice(casino=world.c, actor=world.accountant_c, gaming_day=day, machine=machine, event=event,
                    effective=day, reference=f"Lettre {machine}-{event}", sent_on=day - datetime.timedelta(days=2))
    return appareil_move(casino=world.c, actor=world.accountant_c, gaming_day=day, machine=machine, event=event)


def _refused(code, **kwargs):
    with pytest.raises(DomainError) as refused:
        kwargs.pop("call")(**kwargs)
    assert refused.value.code == code
    return refused.value


def test_17_3_a_server_based_machine_needs_every_downloadable_game_certified(world, rules):
    error = _refused("games_not_certified", call=appareil_install, casino=world.c, actor=world.accountant_c,
                     gaming_day=TODAY(), machine="S1", manufacturer="IGT", certificate="CE-S1", server_based=True,
                     games=["Poker", "Roulette", "Keno"], certified_games=["Poker", "Roulette"], condition="neuf")
    assert "Keno" in str(error.message) and error.field == "games"
    assert "LU RGD 1979 art. 17 al. 2 3° (projet)" in str(error.message)
    appareil_install(casino=world.c, actor=world.accountant_c, gaming_day=TODAY(), machine="S1", manufacturer="IGT",
                     certificate="CE-S1", server_based=True, games=["Poker", "Keno"], certified_games=["Keno", "Poker"],
                     condition="neuf")
    assert appareils_of(Register.objects.get(kind="appareils"))["S1"].state == "en_service"


def test_18_1_each_move_needs_a_prior_written_notice_recorded_first(floor):
    before = Entry.objects.count()
    error = _refused("no_notice", call=appareil_move, casino=floor.c, actor=floor.accountant_c, gaming_day=TODAY(),
                     machine="M01", event="hors_service")
    assert "LU RGD 1979 art. 18-1 a) à d)" in str(error.message) and "mis hors service" in str(error.message)
    assert Entry.objects.count() == before
    late = _refused("notice_late", call=appareil_notice, casino=floor.c, actor=floor.accountant_c,
                    gaming_day=TODAY(), machine="M01", event="hors_service", effective=TODAY(), reference="L1",
                    sent_on=TODAY() + datetime.timedelta(days=1))
    assert late.field == "sent_on"
    move = _notice_and_move(floor, "M01", "hors_service")
    assert move.refers_to.kind == "appareil.avis_ministre"
    _notice_and_move(floor, "M01", "remise_en_service")
    assert appareils_of(Register.objects.get(kind="appareils"))["M01"].state == "en_service"


def test_18_1_the_reserve_holds_at_most_15_percent_of_installed_machines(floor):
    _notice_and_move(floor, "M01", "reserve")  # 1 reserve for 19 installed: 1 ≤ 2.85
    _notice_and_move(floor, "M02", "reserve")  # 2 for 18: 2 ≤ 2.7
    appareil_notice(casino=floor.c, actor=floor.accountant_c, gaming_day=TODAY(), machine="M03", event="reserve",
                    effective=TODAY(), reference="L3", sent_on=TODAY())
    error = _refused("reserve_full", call=appareil_move, casino=floor.c, actor=floor.accountant_c,
                     gaming_day=TODAY(), machine="M03", event="reserve")  # 3 for 17: 3 > 2.55
    assert "15 %" in str(error.message) and "LU RGD 1979 art. 18-1" in str(error.message)


def test_18_1_destruction_is_refused_and_a_machine_leaves_only_returned_or_sold(floor):
    error = _refused("destruction_forbidden", call=appareil_move, casino=floor.c, actor=floor.accountant_c,
                     gaming_day=TODAY(), machine="M05", event="destruction")
    assert "LU RGD 1979 art. 18-1" in str(error.message)
    _refused("bad_move", call=appareil_move, casino=floor.c, actor=floor.accountant_c, gaming_day=TODAY(),
             machine="M05", event="vente")  # still in service: out of service first
    _notice_and_move(floor, "M05", "hors_service")
    _notice_and_move(floor, "M05", "vente")
    assert appareils_of(Register.objects.get(kind="appareils"))["M05"].state == "sorti"
