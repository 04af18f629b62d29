"""The pages and API of the registers other than orphelins (hand-paid jackpots, cagnotte, slot machines,
poker progressive and bad-beat jackpots) in a Luxembourg casino: each form files through its service, a
refusal names its field, keeps the input and writes nothing; regulators read only; another casino's
register is a 404."""

import datetime
import json

import pytest
from django.urls import reverse

from registers.appareils.services import appareil_install, appareil_move, appareil_notice
from registers.chain.services import pending_countersign
from registers.house_lists.services import station_add
from registers.models import Checkpoint, Entry, GamingSession, PendingEntry
from registers.poker.services import progressive_configure
from tests.conftest import api_client_for, install_machines, lu_today, make_user
from tests.test_lu_49_house_rules import open_bad_beat, record_house_rules

pytestmark = pytest.mark.django_db

LEVELS = [
    {"combination": "royal_flush", "start": "500.00"},
    {"combination": "straight_flush", "start": "200.00"},
    {"combination": "four_of_a_kind", "start": "50.00"},
]




def days_ago(days: int) -> datetime.date:
    return lu_today() - datetime.timedelta(days=days)


@pytest.fixture
def lu(world, rules):
    """Casino C (Luxembourg, EUR): its cashier, a manager; the world's regulators and other casinos.

    The services called here directly run without the casino's time zone (the pages activate it): what
    they file is dated a day back, a past day wherever the server's clock is."""
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    for table in ("Poker 1", "Poker 2", "Poker 3"):  # the cagnotte's tables, from the casino's kept list
        station_add(casino=world.c, actor=world.manager_c, kind="table_poker", name=table)
    return world


def page_url(w, kind: str) -> str:
    return reverse("registers-other", kwargs={"casino": w.c.code, "kind": kind})


def counts() -> tuple[int, int]:
    return PendingEntry.objects.count(), Entry.objects.count()


def post(client, w, kind: str, action: str, data: dict):
    """A form of the page, as the browser posts it (prefixed fields, the action alongside)."""
    body = {"action": action, **{f"{action}-{name}": value for name, value in data.items()}}
    return client.post(page_url(w, kind), body)


def refused(response, field: str, *snippets: str) -> str:
    assert response.status_code == 200, response.status_code  # the form again, refused
    page = response.content.decode()
    assert f'data-testid="error-{field}"' in page, page[page.find("is-invalid") - 500 :][:1500]
    for snippet in snippets:
        assert snippet in page, snippet
    return page


def install(w, *numbers: str) -> None:
    for number in numbers:
        appareil_install(
            casino=w.c,
            actor=w.accountant_c,
            gaming_day=days_ago(1),
            machine=number,
            manufacturer="Novomatic",
            certificate=f"CE-{number}",
            condition="neuf",
        )


def configure(w, name="Hold'em 1-2"):
    return progressive_configure(
        casino=w.c,
        actor=w.manager_c,
        gaming_day=days_ago(1),
        name=name,
        tables=["P1", "P2"],
        small_blind="1.00",
        blinds=[{"table": table, "small_blind": "1.00", "big_blind": "2.00"} for table in ("P1", "P2")],
        levels=LEVELS,
        increment_kind="pourcentage",
        increment_value="1.00",
        rounding="inferieur",
    )


JACKPOT = {
    "gaming_day": None,
    "machine": "M07",
    "amount": "4 250,00",
    "currency": "EUR",
    "receipt_number": "Q-2026-0042",
    "receipt_in_cabinet": "on",
}
CAGNOTTE = {"gaming_day": None, "table": "Poker 2", "house": "812,50", "bad_beat": "87,50", "box_count": "898,00"}
BAD_BEAT = {
    "gaming_day": None,
    "game": "Texas hold'em",
    "table": "Poker 1",
    "won_at": "23:41",
    "loser": "Luc",
    "loser_cards": "7c 7d",
    "winner_cards": "8h 9h",
    "board": "7h 7s Th Jh 2c",
    "pot": "150,00",
    "amount": "3000,00",
    "players": "Luc, Ana, Tom, Eva",
    "restart_at": "0",
}


def with_day(data: dict, **changes) -> dict:
    return {**data, "gaming_day": days_ago(1).isoformat(), **changes}


# --- hand-paid jackpots (art. 18-10) ------------------------------------------------------------------


def test_a_hand_paid_jackpot_is_filed_then_countersigned_from_the_queue(lu, client):
    install_machines(lu.c, lu.accountant_c, "M07")
    client.force_login(lu.accountant_c)
    page = client.get(page_url(lu, "jackpots")).content.decode()
    assert "Déclarer un jackpot payé manuellement" in page and "armoire à deux clés" in page
    assert 'name="jackpot-currency"' in page and 'value="EUR"' in page

    response = post(client, lu, "jackpots", "jackpot", with_day(JACKPOT))
    assert response.status_code == 302, response.content.decode()[:3000]
    pending = PendingEntry.objects.get()
    assert pending.register.kind == "jackpots" and pending.countersigner_role == "manager"
    assert json.loads(pending.payload)["amount"] == "4250.00" and counts() == (1, 1)  # and M07's installation
    page = client.get(response.url).content.decode()
    assert "contresignature" in page and f'data-testid="pending-{pending.pk}"' in page

    client.force_login(lu.manager_c)
    url = reverse("registers-countersign", kwargs={"casino": lu.c.code, "kind": "jackpots", "pk": pending.pk})
    assert client.post(url).status_code == 302
    page = client.get(page_url(lu, "jackpots")).content.decode()
    assert 'data-testid="payout-1"' in page and "4\u202f250,00\u00a0€" in page and "Q-2026-0042" in page


def test_a_jackpot_without_the_receipt_in_the_cabinet_is_refused_and_keeps_the_input(lu, client):
    install_machines(lu.c, lu.accountant_c, "M07")
    client.force_login(lu.accountant_c)
    data = with_day(JACKPOT)
    del data["receipt_in_cabinet"]
    page = refused(post(client, lu, "jackpots", "jackpot", data), "receipt_in_cabinet", "LU RGD 1979 art. 18-10")
    assert 'value="M07" selected' in page and 'value="Q-2026-0042"' in page and 'value="4 250,00"' in page
    assert counts() == (0, 1)  # M07's installation only


# --- cagnotte -----------------------------------------------------------------------------------------


def test_a_cagnotte_count_is_filed_and_the_list_shows_the_difference_and_totals(lu, client):
    client.force_login(lu.accountant_c)
    assert post(client, lu, "cagnotte", "cagnotte", with_day(CAGNOTTE)).status_code == 302
    pending = PendingEntry.objects.get()
    assert json.loads(pending.payload)["difference"] == "-2.00" and json.loads(pending.payload)["currency"] == "EUR"
    pending_countersign(pending=pending, countersigner=lu.manager_c)
    second = with_day(CAGNOTTE, table="Poker 3", box_count="900")
    assert post(client, lu, "cagnotte", "cagnotte", second).status_code == 302
    pending_countersign(pending=PendingEntry.objects.get(entry__isnull=True), countersigner=lu.manager_c)

    page = client.get(page_url(lu, "cagnotte")).content.decode()
    assert 'data-testid="difference-1"' in page and "-2,00\u00a0€" in page
    totals = page[page.find('data-testid="count-totals"') :]
    assert "1\u202f625,00\u00a0€" in totals and "175,00\u00a0€" in totals and "1\u202f798,00\u00a0€" in totals
    assert "-2,00\u00a0€" in totals  # the two differences, -2.00 and 0.00


def test_a_cagnotte_count_with_a_negative_share_is_refused(lu, client):
    client.force_login(lu.accountant_c)
    page = refused(post(client, lu, "cagnotte", "cagnotte", with_day(CAGNOTTE, house="-1")), "house")
    assert 'value="Poker 2"' in page and 'value="-1"' in page
    assert counts() == (0, 0)


# --- slot machines (art. 17, 18-1) -----------------------------------------------------------------------


def test_a_machine_is_installed_announced_and_put_out_of_service(lu, client):
    client.force_login(lu.accountant_c)
    installed = post(
        client,
        lu,
        "appareils",
        "install",
        {
            "machine": "S-1",
            "manufacturer": "IGT",
            "certificate": "CE-S1",
            "server_based": "on",
            "games": "Poker, Keno",
            "certified_games": "Keno, Poker",
            "condition": "neuf",
        },
    )
    assert installed.status_code == 302
    payload = json.loads(Entry.objects.get().payload)
    assert payload["games"] == ["Keno", "Poker"] and payload["server_based"] is True

    notice = {
        "machine": "S-1",
        "event": "hors_service",
        "effective": lu_today().isoformat(),
        "reference": "Lettre n° 114",
        "sent_on": lu_today().isoformat(),  # the day the machine was installed: not before it
    }
    assert post(client, lu, "appareils", "notice", notice).status_code == 302
    move = {"machine": "S-1", "event": "hors_service", "gaming_day": lu_today().isoformat()}
    assert post(client, lu, "appareils", "move", move).status_code == 302
    assert [e.kind for e in Entry.objects.order_by("seq")] == [
        "appareil.installation",
        "appareil.avis_ministre",
        "appareil.mouvement",
    ]
    page = client.get(page_url(lu, "appareils")).content.decode()
    row = page[page.find('data-testid="machine-S-1"') :][:2500]
    assert "hors service" in row and "Changement d&#x27;état d&#x27;un appareil" in row and "n° 3" in row


def test_a_server_based_machine_with_uncertified_games_is_refused(lu, client):
    client.force_login(lu.accountant_c)
    data = {
        "machine": "S-2",
        "manufacturer": "IGT",
        "certificate": "CE-S2",
        "server_based": "on",
        "games": "Poker, Roulette, Keno",
        "certified_games": "Poker, Roulette",
    }
    page = refused(post(client, lu, "appareils", "install", data), "games", "Keno",
                   "LU RGD 1979 art. 17 al. 2 3° (projet)")
    assert 'value="Poker, Roulette, Keno"' in page and 'value="S-2"' in page and "checked" in page
    assert counts() == (0, 0)


def test_a_late_notice_and_a_move_without_notice_are_refused(lu, client):
    install(lu, "M01")
    client.force_login(lu.accountant_c)
    late = {
        "machine": "M01",
        "event": "reserve",
        "effective": days_ago(1).isoformat(),
        "reference": "Lettre n° 7",
        "sent_on": lu_today().isoformat(),
    }
    page = refused(post(client, lu, "appareils", "notice", late), "sent_on", "LU RGD 1979 art. 18-1")
    assert 'value="Lettre n° 7"' in page and '<option value="reserve" selected>' in page
    move = {"machine": "M01", "event": "hors_service", "gaming_day": lu_today().isoformat()}
    refused(post(client, lu, "appareils", "move", move), "event", "Aucun avis écrit au Ministre")
    assert counts() == (0, 1)  # the installation only


def out_of_service(w, number: str) -> None:
    appareil_notice(
        casino=w.c,
        actor=w.manager_c,
        gaming_day=days_ago(1),
        machine=number,
        event="hors_service",
        effective=days_ago(1),
        reference=f"Lettre {number}",
        sent_on=days_ago(1),  # the day the machine was installed (`install`): not before it
    )
    appareil_move(casino=w.c, actor=w.manager_c, gaming_day=days_ago(1), machine=number, event="hors_service")


def test_destruction_is_always_refused_with_its_article(lu, client):
    install(lu, "M01", "M02")
    out_of_service(lu, "M01")
    client.force_login(lu.manager_c)
    page = client.get(page_url(lu, "appareils")).content.decode()
    assert 'data-testid="destroy-M01"' in page  # offered for a machine off the floor only
    assert 'data-testid="destroy-M02"' not in page
    response = post(client, lu, "appareils", "destroy", {"machine": "M01"})
    assert response.status_code == 200
    page = response.content.decode()
    error = page[page.find('data-testid="destroy-error"') :][:600]
    assert "M01" in error and "LU RGD 1979 art. 18-1" in error and "destruction" in error.lower()
    assert counts() == (0, 4)
    assert post(client, lu, "appareils", "destroy", {"machine": "M02"}).status_code == 200  # the service refuses
    assert counts() == (0, 4)


# --- poker progressive jackpot (art. 49-9 to 49-11) --------------------------------------------------------


CONFIGURE = {
    "name": "Hold'em 1-2",
    "tables": ["Poker 1", "Poker 2"],  # ticked among the casino's kept poker tables
    "small_blind": "1,00",
    "big_blind": "2,00",
    "level_1_combination": "royal_flush",
    "level_1_start": "500",
    "level_2_combination": "straight_flush",
    "level_2_start": "200",
    "level_3_combination": "four_of_a_kind",
    "level_3_start": "50",
    "increment_kind": "pourcentage",
    "increment_percent": "1",  # typed as a percent (« 1 % »), as the service keeps it
    "rounding": "inferieur",
}


def test_a_progressive_jackpot_is_configured_and_its_state_shown(lu, client):
    client.force_login(lu.manager_c)
    assert post(client, lu, "jackpot_progressif", "configure", CONFIGURE).status_code == 302
    payload = json.loads(Entry.objects.get().payload)
    assert payload["tables"] == ["Poker 1", "Poker 2"] and payload["levels"][2]["start"] == "50.00"
    assert payload["blinds"][1] == {"table": "Poker 2", "small_blind": "1.00", "big_blind": "2.00"}
    page = client.get(page_url(lu, "jackpot_progressif")).content.decode()
    state = page[page.find('data-testid="jackpot-state"') :]
    assert "Hold&#x27;em 1-2" in state and "en cours" in state and "Quinte flush royale" in state
    assert "500,00\u00a0€" in state and 'data-testid="form-statement"' in page and 'data-testid="form-win"' in page


def test_a_start_value_too_high_is_refused_under_its_level_even_out_of_order(lu, client):
    client.force_login(lu.manager_c)
    # level 1 of the form carries the four of a kind: the service counts it third
    data = {
        **CONFIGURE,
        "level_1_combination": "four_of_a_kind",
        "level_1_start": "50.01",
        "level_3_combination": "royal_flush",
        "level_3_start": "500",
    }
    response = post(client, lu, "jackpot_progressif", "configure", data)
    page = refused(response, "level_1_start", "50 fois la small blind", "LU RGD 1979 art. 49-9")
    assert 'id="id_configure-level_1_start-error"' in page and 'value="50.01"' in page
    assert counts() == (0, 0)


def test_a_statement_a_win_and_a_stop(lu, client):
    configure(lu)
    client.force_login(lu.accountant_c)
    statement = {
        "gaming_day": lu_today().isoformat(),
        "name": "Hold'em 1-2",
        "displayed_1": "742,10",
        "displayed_2": "260",
        "displayed_3": "81,20",
        "increments-table": ["P1", "P2"],  # one row per linked table
        "increments-montant": ["12,40", "0"],
    }
    assert post(client, lu, "jackpot_progressif", "statement", statement).status_code == 302
    win = {
        "gaming_day": lu_today().isoformat(),
        "name": "Hold'em 1-2",
        "level": "3",
        "game": "Texas hold'em",
        "table": "P2",
        "deal": "17",
        "won_at": "23:41",
        "board": "Qh Qs 2d 3c 9c",
        "chef_de_salle": "Paul Thill",
        "hands": "Marie Weber ; Qd Qc\nLuc Hoffmann ; 4d 5c",
        "amount": "81,20",
    }
    assert post(client, lu, "jackpot_progressif", "win", win).status_code == 302
    pending = PendingEntry.objects.get()
    assert pending.kind == "jackpot.gain" and json.loads(pending.payload)["restart_at"] == "50.00"
    pending_countersign(pending=pending, countersigner=lu.manager_c)
    page = client.get(page_url(lu, "jackpot_progressif")).content.decode()
    level3 = page[page.find('data-testid="level-3"') :][:400]
    assert "50,00\u00a0€" in level3  # restarted at its start value
    assert "Marie Weber" in page

    stop = {"gaming_day": lu_today().isoformat(), "name": "Hold'em 1-2", "reason": "panne de l'affichage"}
    assert post(client, lu, "jackpot_progressif", "stop", stop).status_code == 302
    page = client.get(page_url(lu, "jackpot_progressif")).content.decode()
    assert "arrêté" in page and 'data-testid="form-win"' not in page


def test_a_blank_statement_level_a_win_above_the_jackpot_and_a_voluntary_stop_too_soon_are_refused(lu, client):
    configure(lu)
    client.force_login(lu.accountant_c)
    statement = {"gaming_day": lu_today().isoformat(), "name": "Hold'em 1-2", "displayed_1": "742,10"}
    refused(post(client, lu, "jackpot_progressif", "statement", statement), "displayed_2", "Montant invalide")
    win = {
        "gaming_day": lu_today().isoformat(),
        "name": "Hold'em 1-2",
        "level": "3",
        "game": "Texas hold'em",
        "table": "P2",
        "deal": "17",
        "won_at": "23:41",
        "board": "Qh Qs 2d 3c 9c",
        "chef_de_salle": "Paul Thill",
        "hands": "Marie Weber ; Qd Qc\nLuc Hoffmann ; 4d 5c",
        "amount": "50,01",
    }
    page = refused(post(client, lu, "jackpot_progressif", "win", win), "amount", "LU RGD 1979 art. 49-10")
    assert "Marie Weber ; Qd Qc" in page
    stop = {
        "gaming_day": lu_today().isoformat(),
        "name": "Hold'em 1-2",
        "voluntary": "on",
        "minister_notified_on": days_ago(14).isoformat(),
        "reason": "fin de l'offre",
    }
    page = refused(post(client, lu, "jackpot_progressif", "stop", stop), "minister_notified_on", "15 jours")
    assert "fin de l&#x27;offre</textarea>" in page
    assert counts() == (0, 1)  # the configuration only


# --- bad beat (art. 49-12 to 49-15) ----------------------------------------------------------------------


def test_a_bad_beat_win_is_filed_and_its_vouchers_shown_once_countersigned(lu, client):
    record_house_rules(lu, day=days_ago(1))  # the bad beat's minimum pot, 100.00 (LU RGD 1979 art. 49-12)
    open_bad_beat(lu, days_ago=1)  # put in service at its start value the day of the win (art. 49-13 al. 1)
    client.force_login(lu.accountant_c)
    assert post(client, lu, "bad_beat", "badbeat", with_day(BAD_BEAT)).status_code == 302
    pending = PendingEntry.objects.filter(actor=lu.accountant_c).get()
    assert [v["player"] for v in json.loads(pending.payload)["vouchers"]] == ["Luc", "Ana", "Tom", "Eva"]
    pending_countersign(pending=pending, countersigner=lu.manager_c)
    page = client.get(page_url(lu, "bad_beat")).content.decode()
    vouchers = page[page.find('data-testid="vouchers"') :][:1500]
    assert "1\u202f875,00\u00a0€" in vouchers and "375,00\u00a0€" in vouchers and "Eva" in vouchers


def test_a_hand_that_does_not_qualify_is_refused(lu, client):
    client.force_login(lu.accountant_c)
    data = with_day(BAD_BEAT, loser_cards="6c 6d", board="6h 6s Th Jh 2c")
    page = refused(post(client, lu, "bad_beat", "badbeat", data), "loser_cards", "carré de 7", "art. 49-12")
    assert 'value="Luc, Ana, Tom, Eva"' in page and 'value="6h 6s Th Jh 2c"' in page
    assert counts() == (0, 0)


# --- signature of the head, closing a gaming day -----------------------------------------------------------


def test_the_head_is_signed_and_a_gaming_day_closed_once(lu, client):
    install(lu, "M01")
    client.force_login(lu.manager_c)
    assert post(client, lu, "appareils", "checkpoint", {}).status_code == 302
    assert Checkpoint.objects.get().size == 1
    refused(post(client, lu, "appareils", "session", {"gaming_day": days_ago(1).isoformat()}), "confirm")
    day = {"gaming_day": days_ago(1).isoformat(), "confirm": "on"}
    assert post(client, lu, "appareils", "session", day).status_code == 302
    assert GamingSession.objects.get().gaming_day == days_ago(1)
    refused(post(client, lu, "appareils", "session", day), "gaming_day", "déjà close")
    tomorrow = {"gaming_day": (lu_today() + datetime.timedelta(days=2)).isoformat(), "confirm": "on"}
    refused(post(client, lu, "appareils", "session", tomorrow), "gaming_day", "pas encore commencé")
    assert GamingSession.objects.count() == 1
    install_machines(lu.c, lu.accountant_c, "M07")
    late = with_day(JACKPOT)
    refused(post(client, lu, "jackpots", "jackpot", late), "gaming_day", "est close")


# --- who may see and write -----------------------------------------------------------------------------


KINDS = ("jackpots", "cagnotte", "appareils", "jackpot_progressif", "bad_beat")
FORMS = {
    "jackpots": ("jackpot", with_day(JACKPOT)),
    "cagnotte": ("cagnotte", with_day(CAGNOTTE)),
    "appareils": ("install", {"machine": "X", "manufacturer": "IGT", "certificate": "CE", "condition": "neuf"}),
    "jackpot_progressif": ("configure", CONFIGURE),
    "bad_beat": ("badbeat", with_day(BAD_BEAT)),
}


@pytest.mark.parametrize("kind", KINDS)
def test_regulators_read_without_forms_and_every_post_is_403(lu, client, kind):
    install(lu, "M01")
    client.force_login(lu.regulator_lu)
    page = client.get(page_url(lu, kind))
    assert page.status_code == 200
    assert 'name="action"' not in page.content.decode()
    action, data = FORMS[kind]
    before = counts()
    assert post(client, lu, kind, action, data).status_code == 403
    assert post(client, lu, kind, "checkpoint", {}).status_code == 403
    assert counts() == before and Checkpoint.objects.count() == 0


@pytest.mark.parametrize("kind", KINDS)
def test_another_casinos_register_is_a_404_to_read_and_to_write(lu, client, kind):
    install(lu, "M01")
    for user in (lu.accountant_a, lu.regulator_qc):
        client.force_login(user)
        assert client.get(page_url(lu, kind)).status_code == 404, user
    client.force_login(lu.accountant_a)
    action, data = FORMS[kind]
    assert post(client, lu, kind, action, data).status_code == 404
    assert counts() == (0, 1)


def test_the_luxembourg_registers_are_not_offered_to_a_quebec_casino(lu, client):
    client.force_login(lu.accountant_a)
    for kind in ("appareils", "jackpot_progressif", "bad_beat"):
        assert client.get(reverse("registers-other", kwargs={"casino": lu.a.code, "kind": kind})).status_code == 404
    assert client.get(reverse("registers-other", kwargs={"casino": lu.a.code, "kind": "jackpots"})).status_code == 200


def test_the_pages_in_english(lu, client):
    install(lu, "M01", "M02")
    out_of_service(lu, "M02")
    client.force_login(lu.manager_c)
    client.cookies["django_language"] = "en"
    page = client.get(page_url(lu, "appareils")).content.decode()
    assert "Slot machine fleet" in page and "Destroy" in page and "out of service" in page
    assert "Machine change of state" in page and "Record the written notice to the Minister" in page
    page = client.get(page_url(lu, "jackpots")).content.decode()
    assert "Original of the receipt placed in the two-key cabinet" in page


# --- the API (no casino time zone is activated there: explicit days are a day back) ---------------------


def api_url(name: str, w, **kwargs) -> str:
    return reverse(name, kwargs={"casino": w.c.code, **kwargs})


def api_refused(response, field: str, code: str | None = None) -> dict:
    assert response.status_code == 400, response.json()
    body = response.json()
    assert list(body["field_errors"]) == [field], body
    if code:
        assert body["code"] == code, body
    return body


def test_api_jackpot_cagnotte_and_bad_beat_filings(lu):
    record_house_rules(lu, day=days_ago(1))  # the bad beat's minimum pot, 100.00 (LU RGD 1979 art. 49-12)
    open_bad_beat(lu, days_ago=1)  # put in service at its start value the day of the win (art. 49-13 al. 1)
    install_machines(lu.c, lu.accountant_c, "M07")
    api = api_client_for(lu.accountant_c)
    data = {**with_day(JACKPOT), "receipt_in_cabinet": True}
    response = api.post(api_url("api-registers-jackpots", lu), data, format="json")
    assert response.status_code == 201 and response.json()["payload"]["amount"] == "4250.00"
    assert response.json()["citation"] == "Contrôle interne du casino : paiement manuel signé par deux personnes"
    body = api_refused(
        api.post(api_url("api-registers-jackpots", lu), {**data, "receipt_in_cabinet": False}, format="json"),
        "receipt_in_cabinet",
        "receipt_not_in_cabinet",
    )
    assert "LU RGD 1979 art. 18-10" in body["message"]

    response = api.post(api_url("api-registers-cagnotte", lu), with_day(CAGNOTTE), format="json")
    assert response.status_code == 201 and response.json()["payload"]["difference"] == "-2.00"
    api_refused(
        api.post(api_url("api-registers-cagnotte", lu), with_day(CAGNOTTE, currency="CAD"), format="json"),
        "currency",
        "wrong_currency",
    )

    bad_beat = with_day(BAD_BEAT, players=["Luc", "Ana", "Tom", "Eva"])
    response = api.post(api_url("api-registers-bad-beat", lu), bad_beat, format="json")
    assert response.status_code == 201 and len(response.json()["payload"]["vouchers"]) == 4
    api_refused(
        api.post(api_url("api-registers-bad-beat", lu), {**bad_beat, "pot": "99.99"}, format="json"),
        "pot",
        "pot_too_small",
    )
    assert counts() == (3, 3)  # and M07's installation, the house rules' version and the bad beat's opening

    for pending in PendingEntry.objects.all():
        pending_countersign(pending=pending, countersigner=lu.manager_c)
    listed = api_client_for(lu.regulator_lu).get(api_url("api-registers-jackpots", lu)).json()
    assert [(e["seq"], e["kind"], e["payload"]["receipt"]) for e in listed] == [
        (1, "jackpot.paiement_manuel", "Q-2026-0042")
    ]
    listed = api.get(api_url("api-registers-cagnotte", lu)).json()
    counted = [row for row in listed if row["kind"] == "cagnotte.comptage"]
    assert counted[0]["payload"]["box_count"] == "898.00"


def test_api_slot_machines(lu):
    api = api_client_for(lu.accountant_c)
    # installed three days back: the letter (two days back) and the change (yesterday) come after it
    install_data = {"machine": "M01", "manufacturer": "Novomatic", "certificate": "CE-1", "condition": "neuf",
                    "gaming_day": days_ago(3).isoformat()}
    assert api.post(api_url("api-registers-appareil-install", lu), install_data, format="json").status_code == 201
    api_refused(
        api.post(api_url("api-registers-appareil-install", lu), install_data, format="json"),
        "machine",
        "machine_exists",
    )
    notice = {
        "machine": "M01",
        "event": "hors_service",
        "effective": days_ago(1).isoformat(),
        "reference": "L-1",
        "sent_on": days_ago(2).isoformat(),
    }
    assert api.post(api_url("api-registers-appareil-notice", lu), notice, format="json").status_code == 201
    move = {"machine": "M01", "event": "hors_service", "gaming_day": days_ago(1).isoformat()}
    moved = api.post(api_url("api-registers-appareil-move", lu), move, format="json")
    assert moved.status_code == 201 and moved.json()["refers_to"] == 2
    body = api_refused(
        api.post(api_url("api-registers-appareil-move", lu), {**move, "event": "destruction"}, format="json"),
        "event",
        "destruction_forbidden",
    )
    assert "LU RGD 1979 art. 18-1" in body["message"]
    fleet = api_client_for(lu.regulator_lu).get(api_url("api-registers-machines", lu)).json()
    assert [(m["machine"], m["state"], m["last_entry"]) for m in fleet] == [("M01", "hors_service", 3)]
    entries = api.get(api_url("api-registers-appareils", lu)).json()
    assert [e["kind"] for e in entries] == ["appareil.installation", "appareil.avis_ministre", "appareil.mouvement"]
    assert api.get(api_url("api-registers-appareil-install", lu)).status_code == 405


def test_api_progressive_jackpot(lu):
    manager = api_client_for(lu.manager_c)
    config = {
        "name": "Hold'em 1-2",
        "tables": ["P1", "P2"],
        "small_blind": "1.00",
        "blinds": [{"table": table, "small_blind": "1.00", "big_blind": "2.00"} for table in ("P1", "P2")],
        "levels": LEVELS,
        "increment_kind": "pourcentage",
        "increment_value": "1.00",
        "rounding": "inferieur",
    }
    high = {**config, "levels": [LEVELS[0], {"combination": "straight_flush", "start": "200.01"}]}
    api_refused(
        manager.post(api_url("api-registers-jackpot-configure", lu), high, format="json"),
        "levels[1].start",
        "start_too_high",
    )
    assert manager.post(api_url("api-registers-jackpot-configure", lu), config, format="json").status_code == 201
    statement = {"name": "Hold'em 1-2", "displayed": {"1": "742.10", "2": "260.00", "3": "81.20"},
                 "increments": {"P1": "12.40", "P2": "0"}}
    assert manager.post(api_url("api-registers-jackpot-statement", lu), statement, format="json").status_code == 201
    win = {
        "gaming_day": lu_today().isoformat(),  # the jackpot is configured today: nothing is won of it before
        "name": "Hold'em 1-2",
        "level": 1,
        "game": "Texas hold'em",
        "table": "P1",
        "deal": "17",
        "won_at": "22:10",
        "board": "Ah Kh Qh 2c 3d",
        "hands": [{"player": "Ana", "cards": "Jh Th"}, {"player": "Tom", "cards": "4c 5c"}],
        "amount": "742.11",
        "chef_de_salle": "Paul Thill",
    }
    api_refused(
        api_client_for(lu.accountant_c).post(api_url("api-registers-jackpot-win", lu), win, format="json"),
        "amount",
        "above_jackpot",
    )
    filed = api_client_for(lu.accountant_c).post(
        api_url("api-registers-jackpot-win", lu), {**win, "amount": "742.10"}, format="json"
    )
    assert filed.status_code == 201 and filed.json()["countersigner_role"] == "manager"
    state = api_client_for(lu.regulator_lu).get(api_url("api-registers-jackpot-state", lu)).json()
    assert state[0]["active"] is True and [lv["amount"] for lv in state[0]["levels"]] == ["742.10", "260.00", "81.20"]
    stop = {"name": "Hold'em 1-2", "voluntary": True, "minister_notified_on": days_ago(3).isoformat()}
    api_refused(
        manager.post(api_url("api-registers-jackpot-stop", lu), stop, format="json"),
        "minister_notified_on",
        "notice_too_late",
    )
    stopped = manager.post(api_url("api-registers-jackpot-stop", lu), {**stop, "voluntary": False}, format="json")
    assert stopped.status_code == 201
    assert manager.get(api_url("api-registers-jackpot-state", lu)).json()[0]["active"] is False
    assert len(manager.get(api_url("api-registers-jackpot-progressif", lu)).json()) == 3


def test_api_checkpoint_and_session_close(lu):
    install(lu, "M01")
    api = api_client_for(lu.manager_c)
    signed = api.post(api_url("api-registers-checkpoint", lu, kind="appareils"))
    assert signed.status_code == 201 and signed.json()["size"] == 1 and signed.json()["signed_by"] == "direction.c"
    day = {"gaming_day": days_ago(1).isoformat()}
    closed = api.post(api_url("api-registers-session-close", lu), day, format="json")
    assert closed.status_code == 201 and closed.json()["gaming_day"] == days_ago(1).isoformat()
    api_refused(
        api.post(api_url("api-registers-session-close", lu), day, format="json"), "gaming_day", "session_closed"
    )
    assert Checkpoint.objects.filter(reason="session_close").count() == 1


def test_api_regulators_read_but_every_write_is_403_and_other_casinos_get_404(lu):
    install(lu, "M01")
    writes = [
        ("api-registers-jackpots", {}),
        ("api-registers-cagnotte", {}),
        ("api-registers-bad-beat", {}),
        ("api-registers-appareil-install", {}),
        ("api-registers-appareil-notice", {}),
        ("api-registers-appareil-move", {}),
        ("api-registers-jackpot-configure", {}),
        ("api-registers-jackpot-statement", {}),
        ("api-registers-jackpot-win", {}),
        ("api-registers-jackpot-stop", {}),
        ("api-registers-session-close", {}),
        ("api-registers-checkpoint", {"kind": "appareils"}),
    ]
    regulator, other = api_client_for(lu.regulator_lu), api_client_for(lu.accountant_a)
    for name, kwargs in writes:
        url = api_url(name, lu, **kwargs)
        response = regulator.post(url, {"gaming_day": days_ago(1).isoformat()}, format="json")
        assert response.status_code == 403 and response.json()["code"] == "permission_denied", name
        assert other.post(url, {"gaming_day": days_ago(1).isoformat()}, format="json").status_code == 404, name
    assert counts() == (0, 1) and Checkpoint.objects.count() == 0 and GamingSession.objects.count() == 0
    for name in (
        "api-registers-jackpots",
        "api-registers-appareils",
        "api-registers-machines",
        "api-registers-jackpot-state",
    ):
        assert regulator.get(api_url(name, lu)).status_code == 200, name
        assert other.get(api_url(name, lu)).status_code == 404, name
        assert api_client_for(lu.regulator_qc).get(api_url(name, lu)).status_code == 404, name


def test_api_the_luxembourg_registers_are_404_in_quebec(lu):
    api = api_client_for(lu.accountant_a)
    assert api.get(reverse("api-registers-machines", kwargs={"casino": lu.a.code})).status_code == 404
    install_data = {"machine": "M01", "manufacturer": "Novomatic", "certificate": "CE-1"}
    url = reverse("api-registers-appareil-install", kwargs={"casino": lu.a.code})
    assert api.post(url, install_data, format="json").status_code == 404
    assert api.get(reverse("api-registers-jackpots", kwargs={"casino": lu.a.code})).json() == []


def test_every_register_exports_its_entries_as_a_french_spreadsheet(world, rules, client):
    from registers.appareils.jackpots import jackpot_manual_payout_file

    manager = make_user("direction.csv", "manager", casino=world.c)
    install_machines(world.c, world.accountant_c, "M07")
    pending = jackpot_manual_payout_file(casino=world.c, actor=world.accountant_c, gaming_day=world.c.today(),
                                         machine="M07", amount="4250.00", currency="EUR", receipt_number="Q-1",
                                         receipt_in_cabinet=True)
    pending_countersign(pending=pending, countersigner=manager)
    client.force_login(world.accountant_c)
    response = client.get(reverse("registers-other", kwargs={"casino": world.c.code, "kind": "jackpots"}),
                          {"format": "csv"})
    assert response.streaming  # sent as it is read: a year of a register is millions of lines
    text = b"".join(response.streaming_content).decode("utf-8")
    assert response["Content-Type"].startswith("text/csv") and text.startswith("\ufeffN°;Journée de jeu;Nature")
    assert "4\u202f250,00;EUR" in text or "4 250,00;EUR" in text or "4250,00;EUR" in text
