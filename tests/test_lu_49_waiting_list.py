"""The poker room's waiting list and its seats drawn at random, LU RGD 1979 art. 49-1 (Texas hold'em) and 49-5
(Omaha): « Avant le début de la séance ou lorsque toutes les places aux tables de jeu sont attribuées, les joueurs ont
la possibilité de se faire inscrire sur une liste d'attente qui est placée sous la responsabilité du chef de partie ou
d'un membre du comité de direction. Ce dernier procède à l'appel, par ordre d'inscription, des joueurs qui se sont
inscrits à l'avance. Si l'un ou plusieurs de ces joueurs ne répondent pas à l'appel, celui-ci continue jusqu'à ce
que l'un d'entre eux y réponde et prenne place à la table de jeu. L'attribution des places assises est effectuée par
le chef de partie ou un membre du comité de direction, de façon aléatoire. » (49-5: « par le chef de partie de façon
aléatoire »)."""

import datetime
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compliance.errors import DomainError
from games.poker import hand as deal
from registers.chain.services import entry_append, register_for
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry
from registers.poker_room import draw
from registers.poker_room.waiting import selectors
from registers.poker_room.waiting.services import waiting_list_add, waiting_list_call
from tests.conftest import lu_today, make_user
from tests.poker_world import session

DAY = lu_today() - datetime.timedelta(days=1)


@pytest.fixture
def staff(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _inscribe(w, *players):
    return [waiting_list_add(casino=w.c, actor=w.accountant_c, gaming_day=DAY, player=player) for player in players]


def test_lu_49_1_players_are_called_in_order_of_inscription_and_the_one_who_answers_takes_a_seat(staff):
    """« Ce dernier procède à l'appel, par ordre d'inscription [...] celui-ci continue jusqu'à ce que l'un d'entre eux
    y réponde et prenne place à la table de jeu »: Ana does not answer, Tom and Eva take the two free seats, Luc waits
    on; the entry holds the call, the seed, the method and the seats."""
    opened = session(staff.c, staff.manager_c, DAY)
    _inscribe(staff, "Ana", "Tom", "Eva", "Luc")
    entry = waiting_list_call(session=opened, actor=staff.accountant_c, free_seats=[7, 3], absent=[1],
                              quality="chef de partie", chef_de_partie="M. Schmit", seed="graine-fixe")
    payload = json.loads(entry.payload)
    assert [(c["joueur"], c["repond"]) for c in payload["appel"]] == [("Ana", False), ("Tom", True), ("Eva", True)]
    assert payload["tirage"] == {"methode": draw.METHOD, "graine": "graine-fixe",
                                 "places": draw.seats_drawn("graine-fixe", [3, 7])}
    assert [c["place"] for c in payload["appel"][1:]] == payload["tirage"]["places"]
    assert payload["responsable"] == {"qualite": "chef de partie", "nom": "M. Schmit"} and "49-1" in payload["citation"]
    waiting = selectors.waiting_list(staff.c, DAY)
    assert [w.player for w in waiting.waiting()] == ["Ana", "Luc"]


def test_lu_49_1_the_seats_are_drawn_at_random_from_a_recorded_seed_anyone_runs_again(staff):
    """« L'attribution des places assises est effectuée [...] de façon aléatoire »: the seed comes from `secrets`, is
    written with the method, and the draw run again from it gives the seats written."""
    opened = session(staff.c, staff.manager_c, DAY)
    _inscribe(staff, "Ana", "Tom")
    payload = json.loads(waiting_list_call(session=opened, actor=staff.manager_c, free_seats=[2, 5, 9],
                                           quality="membre du comité de direction").payload)
    drawn = payload["tirage"]
    assert len(drawn["graine"]) == 2 * draw.SEED_BYTES and drawn["methode"] == draw.METHOD
    assert draw.seats_drawn(drawn["graine"], payload["places_libres"]) == drawn["places"]
    assert payload["responsable"]["nom"] == staff.manager_c.get_full_name() or staff.manager_c.username


@settings(max_examples=60, deadline=None)
@given(seed=st.text(min_size=1, max_size=40), seats=st.sets(st.integers(1, 10), min_size=1, max_size=10))
def test_lu_49_1_a_draw_is_a_permutation_of_the_free_seats_and_the_same_seed_gives_the_same_seats(seed, seats):
    """« de façon aléatoire », re-run: every free seat once, the same seed the same order, whatever order the free
    seats are given in."""
    drawn = draw.seats_drawn(seed, seats)
    assert sorted(drawn) == sorted(seats)
    assert draw.seats_drawn(seed, sorted(seats, reverse=True)) == drawn


def test_lu_49_1_a_comite_member_attributes_the_seats_only_as_the_direction(staff):
    """« sous la responsabilité du chef de partie ou d'un membre du comité de direction »: a cashier cannot call the
    list as a member of the direction (Vigie's manager role), and one who names no chef de partie is refused;
    nothing is written."""
    opened = session(staff.c, staff.manager_c, DAY)
    _inscribe(staff, "Ana")
    before = Entry.objects.count()
    attempts = (("membre du comité de direction", "", "quality"), ("chef de partie", "", "responsible"),
                ("croupier", "Nora", "quality"))
    for quality, named, field in attempts:
        with pytest.raises(DomainError) as refused:
            waiting_list_call(session=opened, actor=staff.accountant_c, free_seats=[4], quality=quality,
                              chef_de_partie=named)
        assert refused.value.field == field and "49-1" in str(refused.value.message)
    assert Entry.objects.count() == before


def test_lu_49_5_at_omaha_the_chef_de_partie_attributes_the_seats(staff):
    """Omaha, art. 49-5: « L'attribution des places assises est effectuée par le chef de partie de façon aléatoire »:
    a member of the direction is not named there."""
    opened = session(staff.c, staff.manager_c, DAY, table="OM-1", variant=deal.OMAHA, version=deal.POT_LIMIT,
                     minimum="4", small="2", big="4")
    _inscribe(staff, "Ana")
    with pytest.raises(DomainError) as refused:
        waiting_list_call(session=opened, actor=staff.manager_c, free_seats=[4],
                          quality="membre du comité de direction")
    assert refused.value.field == "quality" and "49-5" in str(refused.value.message)
    assert waiting_list_call(session=opened, actor=staff.manager_c, free_seats=[4], quality="chef de partie",
                             chef_de_partie="Mme Faber")


def test_lu_49_1_a_player_waits_once_and_a_call_needs_someone_who_answers(staff):
    """« se faire inscrire sur une liste d'attente »: once while waiting (whatever the case or spaces); a call where
    no one answers seats no one and is refused; a player noted absent after the seats were taken was never called:
Ana answers for the one seat, Tom is not called."""
    opened = session(staff.c, staff.manager_c, DAY)
    _inscribe(staff, "Ana Lopes", "Tom")
    with pytest.raises(DomainError) as refused:
        _inscribe(staff, "ana  lopes")
    assert refused.value.field == "player" and "rang 1" in str(refused.value.message)
    for absent, text in (([1, 2], "Personne n'a répondu"), ([2, 9], "Rang 9"), ([2], "Rang 2 : les places étaient"),
                         ([1], None)):
        if text is None:
            waiting_list_call(session=opened, actor=staff.accountant_c, free_seats=[1], absent=absent,
                              quality="chef de partie", chef_de_partie="M. Schmit")
            continue
        with pytest.raises(DomainError) as refused:
            waiting_list_call(session=opened, actor=staff.accountant_c, free_seats=[1], absent=absent,
                              quality="chef de partie", chef_de_partie="M. Schmit")
        assert text in str(refused.value.message)


def test_registers_audit_draws_the_seats_again_and_names_a_call_written_past_the_services(staff):
    """The audit replays the list and runs each draw again from its seed: the service's entries pass; an entry whose
    seats are not the seed's, or whose call skips the order of inscription, is named."""
    opened = session(staff.c, staff.manager_c, DAY)
    _inscribe(staff, "Ana", "Tom", "Eva", "Luc")
    good = waiting_list_call(session=opened, actor=staff.accountant_c, free_seats=[2, 6], quality="chef de partie",
                             chef_de_partie="M. Schmit")
    payload = json.loads(good.payload)
    register = register_for(casino=staff.c, kind=RegisterKind.CAGNOTTE)
    seats = draw.seats_drawn(payload["tirage"]["graine"], [1, 4])[::-1]  # not the seed's order
    forged = {**payload, "appel": [{"rang": 4, "joueur": "Luc", "repond": True, "place": seats[0]}],  # Eva skipped
              "tirage": {**payload["tirage"], "places": seats}, "places_libres": [1, 4]}
    bad = entry_append(register=register, kind=EntryKind.SEATS_DRAWN, gaming_day=DAY, actor=staff.accountant_c,
                       payload=forged)
    (result,) = audit(casino_code=staff.c.code, kind=RegisterKind.CAGNOTTE)
    found = {finding.seq: [problem.fr for problem in finding.problems] for finding in result.invalid}
    assert good.seq not in found
    assert any("ordre d'inscription" in text for text in found[bad.seq]), found
    assert any("la graine et la méthode" in text for text in found[bad.seq]), found
