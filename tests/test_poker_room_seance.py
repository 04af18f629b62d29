"""The poker room's séance and table settings (issue 35, items 4 and 6): the version fixed for the séance (LU RGD 1979
art. 49-4, 49-8), the minimum and blinds raised during it by the chef de salle responsable as an event of the séance
(art. 49-3, 49-7), Omaha's nine seats (art. 49-5); in Québec the time charge beside the rake and the least stack shown
at the table (QC RJC art. 67.108 al. 2, 67.94)."""

import datetime
import json
from dataclasses import replace
from decimal import Decimal

import pytest

from compliance.errors import DomainError
from compliance.reconciliation.services import reconciliation_run
from games.poker import hand as deal
from registers.kinds import EntryKind
from registers.models import Entry, PokerHand, PokerSession
from registers.poker_room.imports import HandRefused, hands_import
from registers.poker_room.services import poker_session_open, poker_session_stakes_raise
from tests.conftest import lu_today, make_user, yesterday_everywhere
from tests.poker_world import hands, ohh_file, session

DAY = lu_today() - datetime.timedelta(days=1)


@pytest.fixture
def staff(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _payload(opened: PokerSession) -> dict:
    return json.loads(Entry.objects.get(pk=opened.entry_id).payload)


def test_lu_49_4_the_version_chosen_at_the_start_of_the_seance_holds_until_the_next(staff):
    """« Le directeur responsable a la possibilité de déterminer, à chaque début de séance, la version de Texas
    hold'em pratiquée à la table de jeu. La version de jeu choisie ne pourra plus être modifiée avant la prochaine
    séance. » A table opened again the same day deals the version its séance opened with."""
    session(staff.c, staff.manager_c, DAY, version=deal.NO_LIMIT, hour=19)
    before = (PokerSession.objects.count(), Entry.objects.count())
    with pytest.raises(DomainError) as refused:
        session(staff.c, staff.manager_c, DAY, version=deal.POT_LIMIT, hour=22)
    assert refused.value.field == "version"
    message = str(refused.value.message)
    assert "49-4" in message and "(projet)" in message and "ne pourra plus être modifiée" in message
    assert (PokerSession.objects.count(), Entry.objects.count()) == before
    again = session(staff.c, staff.manager_c, DAY, version=deal.NO_LIMIT, hour=22)
    assert again.number == 2
    nextday = session(staff.c, staff.manager_c, DAY - datetime.timedelta(days=1), version=deal.POT_LIMIT)
    assert nextday.version == deal.POT_LIMIT  # another séance
    # Omaha likewise (art. 49-8)
    session(staff.c, staff.manager_c, DAY, table="OM-1", variant=deal.OMAHA, version=deal.POT_LIMIT, minimum="4",
            small="2", big="4", hour=19)
    with pytest.raises(DomainError) as refused:
        poker_session_open(casino=staff.c, actor=staff.manager_c, gaming_day=DAY, table="OM-1", variant=deal.OMAHA,
                           version=deal.LIMIT, minimum="4", small_blind="2", big_blind="4", cap="8",
                           rake_rate="0.05", opened_at=again.opened_at)
    assert refused.value.field == "version" and "49-8" in str(refused.value.message)


def test_lu_49_3_the_chef_de_salle_raises_the_minimum_during_the_seance_as_an_event_not_a_finding(staff):
    """« Le chef de salle responsable a la possibilité d'augmenter, à l'ouverture des tables ou en cours de séance, le
    minimum des mises fixé par l'arrêté ministériel. » The rise is recorded with who decided it; the deals after it
    are replayed with the new blinds, and the day's reconciliation finds nothing about them."""
    opened = session(staff.c, staff.manager_c, DAY, minimum="10", small="5", big="10", hour=19)
    early = hands(opened, 20, seed=3)
    raised = poker_session_stakes_raise(
        session=opened, actor=staff.manager_c, minimum="20", small_blind="10", big_blind="20",
        decided_by="Jean Muller", raised_at=early[-1].started_at + datetime.timedelta(minutes=2))
    assert (raised.number, raised.version, raised.big_blind, raised.raised_from) == (2, opened.version, 20, opened)
    payload = _payload(raised)
    assert payload["releve"]["decide_par"] == "Jean Muller"
    assert payload["releve"]["qualite"] == "chef de salle responsable"
    assert "49-3" in payload["citation"] and "(projet)" in payload["citation"]
    assert Entry.objects.get(pk=raised.entry_id).kind == EntryKind.POKER_SESSION
    late = [replace(one, number=f"late-{k}", started_at=one.started_at) for k, one in
            enumerate(hands(raised, 20, seed=4))]
    hands_import(casino=staff.c, actor=staff.manager_c, source=ohh_file(early + late))
    assert set(PokerHand.objects.filter(number__startswith="late-").values_list("session_id", flat=True)) == {
        raised.pk}
    # the two runs of generated deals are dealt apart, their stacks not continued: only the stack check (QC 67.95,
    # tests/test_qc_67_95_stacks.py) may flag the first deal after the rise, nothing about the rake or the version
    flags = [flag[0] for one in PokerHand.objects.exclude(flags=[]) for flag in one.flags]
    assert set(flags) <= {"stack_break", "stack_gap"}, flags
    reconciliation = reconciliation_run(casino=staff.c, gaming_day=DAY, actor=staff.manager_c)
    assert not reconciliation.findings.filter(kind="poker_version").exists()
    with pytest.raises(DomainError) as refused:  # « augmenter »: never lowered during the séance
        poker_session_stakes_raise(session=raised, actor=staff.manager_c, minimum="10", small_blind="5",
                                   big_blind="10", decided_by="Jean Muller")
    assert refused.value.field == "minimum" and "49-3" in str(refused.value.message)


def test_lu_49_5_omaha_seats_at_most_nine(staff):
    """« Le nombre de joueurs assis, seuls susceptibles d'avoir une main, est au maximum de neuf. »"""
    opened = session(staff.c, staff.manager_c, DAY, table="OM-1", variant=deal.OMAHA, version=deal.POT_LIMIT,
                     minimum="4", small="2", big="4")
    dealt = hands(opened, 3, seed=5)
    crowded = dealt[1]
    free = [seat for seat in range(1, 11) if seat not in {s.seat for s in crowded.seats}]
    extra = tuple(deal.Seat(seat, f"Extra {seat}", 1000) for seat in free)  # sitting at the table, dealt nothing
    crowded = replace(crowded, seats=tuple(sorted(crowded.seats + extra, key=lambda s: s.seat)))
    with pytest.raises(HandRefused) as refused:
        hands_import(casino=staff.c, actor=staff.manager_c, source=ohh_file([dealt[0], crowded]))
    message = str(refused.value.message)
    assert "au plus 9" in message and "49-5" in message and crowded.number in message
    assert not PokerHand.objects.exists()


def test_qc_67_108_the_time_charge_with_its_limits_beside_the_rake(staff):
    """« Il peut aussi exiger de chaque joueur, à titre de commission, un montant établi en fonction de son temps de
    jeu selon les limites indiquées à la table. » « aussi », and a commission « provenant de la cagnotte, des joueurs
    ou des deux à la fois » (art. 67.88 5°): a session has a rake rate and a time charge, with its amount and
    period."""
    day = yesterday_everywhere()

    def opened(**charge):
        return poker_session_open(casino=staff.a, actor=staff.manager_a, gaming_day=day, table="SP-1",
                                  variant=deal.HOLDEM, version=deal.NO_LIMIT, minimum="2", small_blind="1",
                                  big_blind="2", rake_rate="0.05", time_charge=True, minimum_stack="40", **charge,
                                  opened_at=datetime.datetime.combine(day, datetime.time(19), tzinfo=datetime.UTC))

    with pytest.raises(DomainError) as refused:
        opened()
    assert refused.value.field == "time_charge_amount" and "67.108" in str(refused.value.message)
    charged = opened(time_charge_amount="6.00", time_charge_minutes=30)
    assert (charged.rake_rate, charged.time_charge_amount, charged.time_charge_minutes) == (Decimal("0.05"), 6, 30)
    payload = _payload(charged)
    assert payload["commission_au_temps_limites"] == {"montant": "6.00", "minutes": 30}
    assert payload["avoir_minimum"] == "40.00" and "67.108" in payload["citation"]


def test_qc_67_94_a_player_below_the_least_stack_shown_at_the_table_is_reported(staff):
    """« Pour participer à une partie, un joueur doit posséder au moins le montant d'avoit minimum indiqué à la table
    de jeu. »"""
    day = yesterday_everywhere()
    opened = poker_session_open(casino=staff.a, actor=staff.manager_a, gaming_day=day, table="SP-1",
                                variant=deal.HOLDEM, version=deal.NO_LIMIT, minimum="2", small_blind="1",
                                big_blind="2", rake_rate="0.05", minimum_stack="1000",
                                opened_at=datetime.datetime.combine(day, datetime.time(19), tzinfo=datetime.UTC))
    dealt = hands(opened, 10, seed=2)  # stacks of 50 to 200 big blinds: below 1000 $
    hands_import(casino=staff.a, actor=staff.manager_a, source=ohh_file(dealt))
    reconciliation = reconciliation_run(casino=staff.a, gaming_day=day, actor=staff.manager_a)
    found = reconciliation.findings.get(kind="poker_avoir")
    assert "67.94" in found.citation and "SP-1" in found.message and found.params["count"] == "10"


def test_lu_49_7_the_rise_is_filed_through_the_room_s_page_with_who_decided_it(staff, client):
    """« Le chef de salle responsable a la possibilité d'augmenter, à l'ouverture des tables ou en cours de séance, le
    minimum des mises fixé par l'arrêté ministériel. » (art. 49-7, Omaha)"""
    from django.urls import reverse

    opened = session(staff.c, staff.manager_c, DAY, table="OM-1", variant=deal.OMAHA, version=deal.POT_LIMIT,
                     minimum="4", small="2", big="4", hour=19)
    url = f"{reverse('poker-day', kwargs={'casino': staff.c.code})}?jour={DAY.isoformat()}"
    client.force_login(staff.manager_c)
    assert 'name="raise-decided_by"' in client.get(url).content.decode()
    refused = client.post(url, {"action": "raise", "raise-session": str(opened.pk), "raise-minimum": "2",
                                "raise-small_blind": "1", "raise-big_blind": "2", "raise-decided_by": "Léa Thill"})
    assert 'data-testid="error-minimum"' in refused.content.decode()
    response = client.post(url, {"action": "raise", "raise-session": str(opened.pk), "raise-minimum": "10",
                                 "raise-small_blind": "5", "raise-big_blind": "10", "raise-decided_by": "Léa Thill"},
                           follow=True)
    raised = PokerSession.objects.get(raised_from=opened)
    assert (raised.minimum, raised.decided_by) == (10, "Léa Thill") and "Léa Thill" in response.content.decode()
    assert "49-7" in _payload(raised)["citation"]


def test_qc_67_95_chips_added_during_a_game_refuse_the_file_with_the_article(staff):
    """« Un joueur ne peut participer à une partie qu'avec le montant de l'avoit qu'il possède au début de cette
    partie : 1° un joueur ne peut augmenter le montant de son avoir qu'entre les parties »."""
    import io

    day = yesterday_everywhere()
    opened = session(staff.a, staff.manager_a, day, table="SP-1", minimum="2", small="1", big="2", rate="0.05")
    lines = ohh_file(hands(opened, 3, seed=4)).getvalue().decode().splitlines()
    second = json.loads(lines[1])
    moves = second["ohh"]["rounds"][0]["actions"]
    moves.insert(2, {"action_number": 99, "player_id": moves[0]["player_id"], "action": "Added Chips",
                     "amount": 100})
    lines[1] = json.dumps(second)
    with pytest.raises(HandRefused) as refused:
        hands_import(casino=staff.a, actor=staff.manager_a, source=io.BytesIO("\n".join(lines).encode()))
    message = str(refused.value.message)
    assert "entre les mains" in message and "67.95 1°" in message and "(main 2 du fichier" in message
    assert not PokerHand.objects.exists()
