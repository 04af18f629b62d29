"""The tournaments' pages (/tournois/): the list of the user's scope with the management's form to set one up (a
refusal under its field, nothing written), a tournament's page with its rules, structure, money, standing and the
forms of its steps by role and state, and its public page, open to anyone once the rules are published. Another
casino's tournament is a 404; a regulator reads only."""

import datetime
import re
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from compliance import formatting
from registers.models import ChipRace, Tournament, TournamentEntry, TournamentOut, TournamentPayout
from registers.tournaments.services import chip_race_record, tournament_publish
from tests.conftest import make_casino, make_user
from tests.tournament_world import out, setup, started

pytestmark = pytest.mark.django_db

PLAYERS = ["Ana", "Tom", "Eva", "Luc", "Marc", "Sara", "Nina"]


@pytest.fixture
def w(world, rules):
    world.m = make_casino("casino-m", "MC")
    world.manager_m = make_user("direction.m", "manager", casino=world.m)
    world.cashier_m = make_user("caisse.m", "accountant", casino=world.m)
    world.regulator_mc = make_user("commission.mc", "regulator", jurisdiction="MC")
    return world


def detail_url(tournament) -> str:
    return reverse("tournaments-detail", kwargs={"casino": tournament.casino.code, "slug": tournament.slug})


def public_url(tournament) -> str:
    return reverse("tournaments-public", kwargs={"casino": tournament.casino.code, "slug": tournament.slug})


def text(response) -> str:
    return re.sub(r"[ \t\r\n]+", " ", response.content.decode())


def finished(w):
    """Casino M's tournament played to its end: Eva and Tom out on the same deal at two tables on the bubble, tied for
    3rd; a chip race at T1 on the way."""
    tournament = started(w.m, w.manager_m, w.cashier_m, PLAYERS, minutes_ago=100)
    seat = {entry.player: entry.number for entry in tournament.entries.all()}
    out(tournament, w.manager_m, "T2-40", (seat["Sara"], "T2", 3000), minutes_ago=30)
    chip_race_record(tournament=tournament, actor=w.manager_m, table="T1", old_value=100, new_value=500,
                     odd_chips={"Ana": 3, "Tom": 3, "Eva": 2}, cards={"Ana": "As 2c 3d", "Tom": "Ah Kd 4c",
                                                                      "Eva": "Ks 5h"},
                     left={"Ana": 5000, "Tom": 5000, "Eva": 5000})
    out(tournament, w.manager_m, "T1-52", (seat["Luc"], "T1", 5000), (seat["Marc"], "T1", 9000), minutes_ago=20)
    out(tournament, w.manager_m, "MPM-3", (seat["Eva"], "T1", 7000), (seat["Tom"], "T2", 12000), minutes_ago=10)
    out(tournament, w.manager_m, "TF-88", (seat["Nina"], "T1", 30000), minutes_ago=1)
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.FINISHED
    return tournament


CREATE = {"game": "qc.salon_poker", "name": "Tournoi du samedi", "duration": "Une soirée, de 19 h à 1 h",
          "participation": "Ouvert aux personnes majeures.", "distribution": "Aux trois premiers.",
          "fee": "100.00", "to_pool": "90.00", "shares": "0.5, 0.3, 0.2", "starting_stack": "20000",
          "levels": "100/200/200/20\n200/400/400/20\n300/600/600/20", "ante_format": "big_blind",
          "late_levels": "", "reentries": "1", "capacity": "40", "tables": "T1, T2", "guaranteed": "",
          "supplementary_bet": "", "house_changes": "Pas de pause avant le niveau 4.\nAnte payée par le bouton.",
          "ropta_adopted": "on"}


def create_data(**changes) -> dict:
    values = {**CREATE, "starts_at": (timezone.localtime() + datetime.timedelta(days=10)).strftime("%Y-%m-%dT%H:%M"),
              **changes}
    return {"action": "create", **{f"create-{key}": value for key, value in values.items()}}


def test_each_page_renders_for_the_casino_s_staff_and_its_regulator_and_is_a_404_outside(w, client):
    tournament = setup(w.a, w.manager_a)
    tournament_publish(tournament=tournament, actor=w.manager_a)
    for user in (w.accountant_a, w.manager_a, w.regulator_qc):
        client.force_login(user)
        listed = client.get(reverse("tournaments-list"))
        assert listed.status_code == 200 and tournament.name in listed.content.decode(), user.username
        page = client.get(detail_url(tournament))
        assert page.status_code == 200, user.username
        body = text(page)
        assert "Une soirée, de 19 h à 1 h" in body and 'data-testid="level-4"' in body
        assert "art. 125" in body and "art. 126" in body  # from the rule data
        assert ("Tournoi du jeudi" in body) and (public_url(tournament) in body)
    client.force_login(w.regulator_qc)
    assert 'data-testid="read-only"' in text(client.get(detail_url(tournament)))
    assert 'data-testid="form-' not in text(client.get(detail_url(tournament)))
    client.force_login(w.accountant_a)
    assert 'data-testid="form-sell"' in text(client.get(detail_url(tournament)))
    assert 'data-testid="form-start"' not in text(client.get(detail_url(tournament)))  # the management's
    assert 'data-testid="form-create"' not in text(client.get(reverse("tournaments-list")))
    for user in (w.accountant_b, w.regulator_lu, w.manager_m):
        client.force_login(user)
        assert client.get(detail_url(tournament)).status_code == 404, user.username
        assert tournament.name not in client.get(reverse("tournaments-list")).content.decode()


def test_a_manager_sets_a_tournament_up_through_the_form(w, client):
    client.force_login(w.manager_a)
    assert 'data-testid="form-create"' in client.get(reverse("tournaments-list")).content.decode()
    response = client.post(reverse("tournaments-list"), create_data(), follow=True)
    tournament = Tournament.objects.get(casino=w.a)
    assert response.redirect_chain[-1][0] == detail_url(tournament)
    assert tournament.state == Tournament.State.DRAFT and tournament.game.key == "qc.salon_poker"
    assert tournament.shares == ["0.5", "0.3", "0.2"] and tournament.tables == ["T1", "T2"]
    assert tournament.levels[2] == {"petite_blinde": 300, "grosse_blinde": 600, "ante": 600, "minutes": 20}
    assert tournament.late_levels == 2 and tournament.reentries == 1  # the ROPTA's default, the ROPTA adopted
    assert tournament.ropta_adopted
    assert tournament.house_changes == ["Pas de pause avant le niveau 4.", "Ante payée par le bouton."]
    body = text(response)
    assert "enregistré comme brouillon" in body and body.count('data-testid="house-change"') == 2
    assert 'data-testid="form-publish"' in body


def test_a_return_below_the_quebec_minimum_is_refused_under_its_field_and_nothing_is_created(w, client):
    client.force_login(w.manager_a)
    response = client.post(reverse("tournaments-list"), create_data(fee="100", to_pool="20"))
    assert response.status_code == 200
    body = text(response)
    error = re.search(r'data-testid="error-to_pool">([^<]*)<', body)
    assert error and "127" in error.group(1) and "20,00 %" in error.group(1), body
    assert 'data-testid="refused"' in body and 'value="Tournoi du samedi"' in body  # the input kept
    assert not Tournament.objects.exists()
    unreadable = client.post(reverse("tournaments-list"), create_data(levels="100/200/200/20\n400/x"))
    assert "Structure invalide au niveau 2" in text(unreadable) and not Tournament.objects.exists()


def test_only_the_management_sets_a_tournament_up_and_a_regulator_s_post_is_403(w, client):
    for user in (w.accountant_a, w.regulator_qc):
        client.force_login(user)
        assert client.post(reverse("tournaments-list"), create_data()).status_code == 403
    tournament = setup(w.a, w.manager_a)
    tournament_publish(tournament=tournament, actor=w.manager_a)
    client.force_login(w.regulator_qc)
    assert client.post(detail_url(tournament), {"action": "sell", "sell-player": "Ana"}).status_code == 403
    assert not Tournament.objects.exclude(pk=tournament.pk).exists() and not TournamentEntry.objects.exists()


def test_an_entry_sold_through_the_form_and_a_re_entry_refused_for_a_player_in_play(w, client):
    tournament = setup(w.a, w.manager_a)
    tournament_publish(tournament=tournament, actor=w.manager_a)
    client.force_login(w.accountant_a)
    response = client.post(detail_url(tournament), {"action": "sell", "sell-player": "Ana"}, follow=True)
    seat = TournamentEntry.objects.get(tournament=tournament)
    assert (seat.number, seat.player, seat.cashier) == (1, "Ana", w.accountant_a)
    body = text(response)
    assert "Inscription n° 1 vendue à Ana" in body and 'data-testid="entry" data-number="1"' in body
    assert 'data-testid="register-entry"' in body  # the publication and the entry, in the register
    register = reverse("registers-register", kwargs={"casino": w.a.code, "kind": "tournois"})
    assert f'href="{register}"' in body and client.get(register).status_code == 200
    refused = client.post(detail_url(tournament), {"action": "sell", "sell-player": "Ana"})
    assert refused.status_code == 200 and "Ana est encore en jeu" in text(refused)
    assert TournamentEntry.objects.count() == 1


def test_the_management_records_players_out_and_a_chip_race_from_lines_of_text(w, client):
    tournament = started(w.m, w.manager_m, w.cashier_m, PLAYERS[:4], minutes_ago=30)
    client.force_login(w.manager_m)
    url = detail_url(tournament)
    refused = client.post(url, {"action": "out", "out-hand": "T1-8", "out-out": "9 ; T1 ; 4000"})
    assert "inscription n° 9 n" in text(refused) and not TournamentOut.objects.exists()
    client.post(url, {"action": "out", "out-hand": "T1-9", "out-out": "1 ; T1 ; 4000\n2 ; T1 ; 6000"})
    assert sorted(TournamentOut.objects.values_list("seat__number", "stack")) == [(1, 4000), (2, 6000)]
    response = client.post(url, {"action": "chip_race", "chip_race-table": "T1", "chip_race-old_value": "100",
                                 "chip_race-new_value": "500",
                                 "chip_race-players": "Eva ; 3 ; As 2c 3d ; 5000\nLuc ; 3 ; Ah Kd 4c ; 5000"},
                           follow=True)
    race = ChipRace.objects.get()
    assert race.odd_chips == {"Eva": 3, "Luc": 3} and race.new_chips == 1 and race.winners == ["Eva"]
    body = text(response)
    assert 'data-testid="chip-race"' in body and "ROPTA §3.2" in body
    assert 'data-place="4"' in body and 'data-place="3"' in body  # the provisional standing: Ana 4th, Tom 3rd


def test_a_finished_tournament_shows_ties_and_its_prizes_are_paid_then_closed_through_the_forms(w, client):
    tournament = finished(w)
    client.force_login(w.cashier_m)
    body = text(client.get(detail_url(tournament)))
    assert body.count("3<sup>e</sup> <span class=\"badge text-bg-light border\">ex aequo</span>") == 2
    assert 'data-testid="form-pay"' in body and 'data-testid="form-close"' not in body
    places = {line.place: line for line in tournament.places.filter(prize__gt=0).select_related("seat")}
    refused = client.post(detail_url(tournament), {"action": "pay", "pay-place": str(places[1].pk),
                                                   "pay-winner": "Tom", "pay-identity": "CNI 1"})
    assert "revient à Ana" in text(refused) and not TournamentPayout.objects.exists()
    for line in tournament.places.filter(prize__gt=0).select_related("seat"):
        client.post(detail_url(tournament), {"action": "pay", "pay-place": str(line.pk),
                                             "pay-winner": line.seat.player, "pay-identity": "Passeport 12AB34"})
    assert TournamentPayout.objects.count() == 4
    client.force_login(w.manager_m)
    response = client.post(detail_url(tournament), {"action": "close"}, follow=True)
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.CLOSED
    assert "équilibrés" in text(response)


def test_the_public_page_is_open_to_anyone_once_the_rules_are_published_and_a_draft_is_a_404(w, client):
    draft = setup(w.a, w.manager_a)
    assert client.get(public_url(draft)).status_code == 404
    tournament_publish(tournament=draft, actor=w.manager_a)
    response = client.get(public_url(draft))
    assert response.status_code == 200
    body = text(response)
    assert w.a.name in body and "Ouvert aux personnes majeures" in body and 'data-testid="level-4"' in body
    assert "50,00 %" in body and 'data-testid="results"' not in body
    assert reverse("tournaments-public", kwargs={"casino": w.b.code, "slug": draft.slug}) != public_url(draft)
    assert client.get(reverse("tournaments-public", kwargs={"casino": w.b.code, "slug": draft.slug})).status_code \
        == 404


def test_the_public_page_of_a_finished_tournament_shows_places_and_prizes_without_names(w, client):
    tournament = finished(w)
    body = text(client.get(public_url(tournament)))
    assert 'data-testid="results"' in body
    assert body.count('data-tied="2"') == 2 and "315,00" in body and "63,00" in body
    assert "Nina" not in body and "Sara" not in body


def test_qc_rjc_art_125_the_casino_s_public_page_lists_its_tournaments_with_the_publication_vigie_recorded(w, client):
    """« elles doivent être mises à la disposition du public au moins une semaine avant la date du début du
    tournoi » : a public page per casino, open to anyone, each tournament with the moment Vigie recorded its
    publication (not a date anyone typed); a draft is not on it."""
    draft = setup(w.a, w.manager_a, name="Brouillon")
    published = tournament_publish(tournament=setup(w.a, w.manager_a), actor=w.manager_a)
    url = reverse("tournaments-public-casino", kwargs={"casino": w.a.code})
    response = client.get(url)
    assert response.status_code == 200
    body = text(response)
    assert w.a.name in body and published.name in body and draft.name not in body
    assert f'data-slug="{published.slug}"' in body and public_url(published) in body
    recorded = re.search(r'data-testid="published-at">([^<]*)<', body).group(1)
    with timezone.override(ZoneInfo(w.a.jurisdiction.timezone)):
        assert recorded == formatting.date(published.published_at, jurisdiction=w.a.jurisdiction, style="medium")
    assert client.get(reverse("tournaments-public-casino", kwargs={"casino": "nowhere"})).status_code == 404
