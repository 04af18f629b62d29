"""A tournament's life as a state machine (registers/tournaments/controls.py), on the demo's tournaments: each step
only from its named states, each moment bounded, each reference of the right kind, through the services; the same
controls in registers_audit, which finds the steps a register holds that no service would have taken."""

import datetime
import json

import pytest
from django.utils import timezone

from compliance.errors import DomainError
from compliance.models import User
from registers.chain.services import entry_append, register_for
from registers.errors import ErrorCode
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Tournament, TournamentEntry
from registers.tournaments.controls import offered, transition_problems
from registers.tournaments.selectors import state_of
from registers.tournaments.services import (
    chip_race_record,
    entry_sell,
    players_out,
    prize_pay,
    tournament_close,
    tournament_finish,
    tournament_start,
)
from tests.tournament_world import setup, started

pytestmark = pytest.mark.django_db

HOUSE = "Contrôle interne du casino : un tournoi publié, commencé, terminé puis clos"


def user(name: str) -> User:
    return User.objects.get(username=name)


def tournament(code: str, state: str) -> Tournament:
    return Tournament.objects.select_related("casino__jurisdiction").get(casino__code=code, state=state)


def refused(call, code, field=None) -> str:
    with pytest.raises(DomainError) as caught:
        call()
    assert caught.value.code == code, caught.value.message
    if field is not None:
        assert caught.value.field == field, caught.value.field
    return str(caught.value.message)


def running(code: str, manager: str, cashier: str) -> Tournament:
    """A tournament of the demo casino started twenty minutes ago with four players, through the services."""
    casino = tournament(code, Tournament.State.DRAFT).casino
    return started(casino, user(manager), user(cashier), ["Ana", "Tom", "Eva", "Luc"], minutes_ago=20, name="Cycle",
                   game="ropta.tournoi", fee="0.00", to_pool="0.00")


# --- each step from its named states -------------------------------------------------------------------------------


def test_qc_rjc_art_125_a_tournament_whose_rules_are_not_public_does_not_start(demo, rules):
    """QC RJC art. 125: the rules « doivent être mises à la disposition du public au moins une semaine avant la date du
    début du tournoi »: the demo's draft at Lac-Bleu, its rules never published, cannot start."""
    draft = tournament("lac-bleu", Tournament.State.DRAFT)
    message = refused(lambda: tournament_start(tournament=draft, actor=user("qc.direction"), seated={"T1": 3}),
                      ErrorCode.TOURNAMENT_STATE, "state")
    assert "Brouillon" in message and "125" in message
    assert Tournament.objects.get(pk=draft.pk).state == Tournament.State.DRAFT


def test_house_control_a_closed_tournament_sells_no_entry(demo, rules):
    """The casino's internal control: a tournament published, started, finished then closed, each step once and in
    that order; the demo's closed tournament at Lac-Bleu takes no entry fee."""
    closed = tournament("lac-bleu", Tournament.State.CLOSED)
    count = closed.entries.count()
    message = refused(lambda: entry_sell(tournament=closed, actor=user("qc.caissier"), player="Nora"),
                      ErrorCode.TOURNAMENT_STATE, "state")
    assert "Clos" in message and HOUSE in message and closed.entries.count() == count


def test_house_control_a_closed_tournament_is_not_closed_twice(demo, rules):
    closed = tournament("la-moselle", Tournament.State.CLOSED)
    message = refused(lambda: tournament_close(tournament=closed, actor=user("lu.direction")),
                      ErrorCode.TOURNAMENT_STATE, "state")
    assert "le clore" in message and HOUSE in message


def test_house_control_no_prize_is_paid_again_once_the_tournament_is_closed(demo, rules):
    closed = tournament("les-rochers", Tournament.State.CLOSED)
    place = closed.places.select_related("seat").filter(prize__gt=0).first()
    message = refused(lambda: prize_pay(place=place, actor=user("mc.caissier"), winner=place.seat.player,
                                        identity="Passeport 1"), ErrorCode.TOURNAMENT_STATE, "state")
    assert "y payer un lot" in message


def test_house_control_a_running_tournament_does_not_finish_while_several_players_are_in_play(demo, rules):
    cycle = running("les-rochers", "mc.direction", "mc.caissier")
    message = refused(lambda: tournament_finish(tournament=cycle, actor=user("mc.direction")),
                      ErrorCode.TOURNAMENT_STATE, "state")
    assert "il en reste 4" in message


def test_house_control_a_published_tournament_has_no_chip_race_before_it_starts(demo, rules):
    coming = tournament("les-rochers", Tournament.State.PUBLISHED)
    players = list(coming.entries.values_list("player", flat=True)[:2])
    message = refused(lambda: chip_race_record(
        tournament=coming, actor=user("mc.direction"), table="T1", old_value=100, new_value=500,
        odd_chips={player: 1 for player in players}, cards={player: "As" for player in players}, left={}),
        ErrorCode.TOURNAMENT_STATE, "state")
    assert "chip race" in message


def test_the_page_offers_the_steps_of_the_state_machine_and_says_why_an_entry_is_not(demo, rules, client):
    """The detail page's forms are the steps the state leads to (a manager's for a manager); an entry that the
    controls refuse whatever is typed is not offered, and the page says why."""
    closed = tournament("lac-bleu", Tournament.State.CLOSED)
    assert offered(state_of(closed), manager=True) == []
    coming = tournament("lac-bleu", Tournament.State.PUBLISHED)
    assert [t.name for t in offered(state_of(coming), manager=True)] == ["start", "sell"]
    assert [t.name for t in offered(state_of(coming), manager=False)] == ["sell"]
    cycle = running("les-rochers", "mc.direction", "mc.caissier")
    client.force_login(user("mc.caissier"))
    url = f"/tournois/{cycle.casino.code}/{cycle.slug}/"
    with_late = client.get(url).content.decode()
    assert 'data-testid="form-sell"' in with_late and 'data-testid="not-offered"' not in with_late
    Tournament.objects.filter(pk=cycle.pk).update(started_at=timezone.now() - datetime.timedelta(hours=5))
    after = client.get(url).content.decode()
    assert 'data-testid="form-sell"' not in after and 'data-testid="not-offered"' in after
    assert "Les inscriptions tardives ont pris fin" in after and "ROPTA §1.8" in after


# --- each moment bounded ------------------------------------------------------------------------------------------


def test_house_control_an_entry_is_not_dated_before_the_rules_were_published(demo, rules):
    coming = tournament("la-moselle", Tournament.State.PUBLISHED)
    before = coming.published_at - datetime.timedelta(minutes=1)
    message = refused(lambda: entry_sell(tournament=coming, actor=user("lu.caissier"), player="Nora",
                                         entered_at=before), ErrorCode.INVALID, "entered_at")
    assert "avant la publication des règles" in message and HOUSE in message


def test_house_control_an_entry_is_not_recorded_ahead(demo, rules):
    coming = tournament("la-moselle", Tournament.State.PUBLISHED)
    refused(lambda: entry_sell(tournament=coming, actor=user("lu.caissier"), player="Nora",
                               entered_at=timezone.now() + datetime.timedelta(days=12)), ErrorCode.FUTURE_DAY,
            "entered_at")


def test_house_control_a_tournament_does_not_start_at_a_moment_before_its_rules_were_published(demo, rules):
    """Monaco has no week of publication: a tournament set up to start two hours ago and published now may start now,
    never at a moment before its publication."""
    casino = tournament("les-rochers", Tournament.State.DRAFT).casino
    manager = user("mc.direction")
    early = setup(casino, manager, name="Partie improvisée", starts_at=timezone.now() - datetime.timedelta(hours=2),
                  game="ropta.tournoi")
    from registers.tournaments.services import tournament_publish

    tournament_publish(tournament=early, actor=manager)
    for player in ("Ana", "Tom", "Eva"):
        entry_sell(tournament=early, actor=user("mc.caissier"), player=player)
    message = refused(lambda: tournament_start(tournament=early, actor=manager, started_at=early.starts_at,
                                               seated={"T1": 3}), ErrorCode.INVALID, "started_at")
    assert "avant la publication de ses règles" in message
    assert tournament_start(tournament=early, actor=manager, seated={"T1": 3}).state == Tournament.State.RUNNING


def test_house_control_players_out_are_not_dated_before_the_start(demo, rules):
    cycle = running("les-rochers", "mc.direction", "mc.caissier")
    message = refused(lambda: players_out(
        tournament=cycle, actor=user("mc.direction"), hand="12", out=[{"inscription": 1, "table": "T1", "tapis": 10}],
        at=cycle.started_at - datetime.timedelta(minutes=1)), ErrorCode.INVALID, "at")
    assert "avant le début du tournoi" in message


# --- references of the right kind, duplicates ------------------------------------------------------------------------


def test_house_control_players_out_name_entries_in_play_in_this_tournament(demo, rules):
    """An entry number of another tournament, or one already out, is not a player of this one in play."""
    cycle = running("les-rochers", "mc.direction", "mc.caissier")
    manager = user("mc.direction")
    closed = tournament("les-rochers", Tournament.State.CLOSED)
    elsewhere = closed.entries.order_by("-number").first().number  # beyond the four of this one
    assert not cycle.entries.filter(number=elsewhere).exists()
    refused(lambda: players_out(tournament=cycle, actor=manager, hand="7",
                                out=[{"inscription": elsewhere, "table": "T1", "tapis": 10}]),
            ErrorCode.NOT_IN_PLAY, "out")
    players_out(tournament=cycle, actor=manager, hand="8", out=[{"inscription": 1, "table": "T1", "tapis": 10}])
    refused(lambda: players_out(tournament=cycle, actor=manager, hand="9",
                                out=[{"inscription": 1, "table": "T1", "tapis": 10}]), ErrorCode.NOT_IN_PLAY, "out")


def test_published_rules_a_player_in_play_is_not_entered_twice(demo, rules):
    """The tournament's published rules (règlement intérieur): a player enters again only once out, within the
    re-entries they allow; the demo's Luxembourg players already entered are in play."""
    coming = tournament("la-moselle", Tournament.State.PUBLISHED)
    player = coming.entries.first().player
    message = refused(lambda: entry_sell(tournament=coming, actor=user("lu.caissier"), player=player),
                      ErrorCode.REENTRY_NOT_ALLOWED, "player")
    assert player in message and "Règlement intérieur du casino : règles du tournoi publiées" in message


# --- the audit asks the same controls ---------------------------------------------------------------------------


def test_the_audit_finds_the_steps_the_chain_accepted_bypassing_the_services(demo, rules):
    """The chain takes any entry it is given: an entry sold after the close, a second close, a prize paid in a
    tournament whose places are not set. registers_audit replays the register into the tournaments' states and asks the
    same controls as the services: it names each one, and nothing else."""
    casino = tournament("la-moselle", Tournament.State.CLOSED).casino
    closed, coming = (tournament("la-moselle", state) for state in (Tournament.State.CLOSED,
                                                                    Tournament.State.PUBLISHED))
    register = register_for(casino=casino, kind=RegisterKind.TOURNOIS)
    cashier, manager = user("lu.caissier"), user("lu.direction")
    assert audit(casino_code=casino.code, kind=RegisterKind.TOURNOIS)[0].findings == []
    now = timezone.now()
    base = {"devise": "EUR", "citation": "—"}
    sold = entry_append(register=register, kind=EntryKind.TOURNAMENT_ENTRY, gaming_day=casino.today(), actor=cashier,
                        payload={"tournoi": closed.slug, "nom": closed.name, "inscription": 99, "joueur": "Nora",
                                 "re_entree": 0, "niveau": 0, "droit_entree": "0.00", "aux_lots": "0.00",
                                 "inscrit_le": now.isoformat(), **base})
    again = entry_append(register=register, kind=EntryKind.TOURNAMENT_CLOSED, gaming_day=casino.today(), actor=manager,
                         payload={"tournoi": closed.slug, "nom": closed.name, "etape": "cloture",
                                  "droits_vendus": "0.00", "lots": "0.00", "ajout_maison": "0.00",
                                  "part_maison": "0.00", "lots_payes": "0.00", "equilibre": True, **base})
    prize = entry_append(register=register, kind=EntryKind.TOURNAMENT_PAYOUT, gaming_day=casino.today(), actor=cashier,
                         payload={"tournoi": coming.slug, "nom": coming.name, "place": 1, "ex_aequo": 1,
                                  "inscription": 1, "gagnant": coming.entries.get(number=1).player,
                                  "piece_identite": "CNI 1", "montant": "10.00", "paye_le": now.isoformat(), **base})
    (result,) = audit(casino_code=casino.code, kind=RegisterKind.TOURNOIS)
    found = {finding.seq: finding.problems for finding in result.findings}
    assert set(found) == {sold.seq, again.seq, prize.seq}
    for seq, doing in ((sold.seq, "y inscrire un joueur"), (again.seq, "le clore"), (prize.seq, "y payer un lot")):
        states = [p for p in found[seq] if "Le tournoi est" in p.fr]
        assert len(states) == 1 and doing in states[0].fr and states[0].citation.startswith(HOUSE), found[seq]
        assert states[0].en.startswith("The tournament is") or "tournament" in states[0].en
    assert not TournamentEntry.objects.filter(entry_id=sold.pk).exists()  # no row: the service never sold it
    assert json.loads(sold.payload)["joueur"] == "Nora"


def test_the_state_machine_s_transitions_leave_only_from_named_states(demo, rules):
    """Each step's refusal from any state but its sources, read off the demo's tournaments in each state."""
    from registers.tournaments import controls

    by_state = {state: state_of(tournament("lac-bleu", state)) for state in (
        Tournament.State.DRAFT, Tournament.State.PUBLISHED, Tournament.State.CLOSED)}
    for transition in controls.TRANSITIONS.values():
        for state, read in by_state.items():
            problems = transition_problems(read, transition)
            assert (state in transition.sources) == (not problems), (transition.name, state)
