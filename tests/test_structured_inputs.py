"""Structured inputs instead of typed syntax (issue 36, item 8): the counting grid of the tables' slips, a rate typed
as a percent, the desks and poker tables chosen from the lists the management keeps (registers/house_lists), the
fields shown only when they apply, the pay lines' rows. The services take what they took (the API keeps its format):
each test checks what reaches the service, exactly, and that a refusal still names its field."""

import datetime
import json
import re
from decimal import Decimal

import pytest
from django.urls import reverse

from compliance.approvals.models import ApprovalRequest
from compliance.formatting import money
from compliance.models import AuditAction, AuditEvent
from registers.house_lists.services import denomination_add, denomination_retire, station_add, station_retire
from registers.models import Denomination, Entry, PokerSession, Slip, Station
from registers.poker_room.services import poker_session_open
from tests.conftest import lu_today, make_user
from tests.tables_world import SLIP_SIGNED, grid, keep_chips, lu_table, open_lu

pytestmark = pytest.mark.django_db

DAY = lu_today() - datetime.timedelta(days=1)


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def eur(w, amount: str) -> str:
    return money(Decimal(amount), currency="EUR", jurisdiction=w.c.jurisdiction)


def error(response, field: str) -> str:
    found = re.search(rf'data-testid="error-{field}">([^<]*)<', response.content.decode())
    assert found, f"no error under {field}"
    return found.group(1)


def prefixed(action: str, data: dict) -> dict:
    return {"action": action, **{f"{action}-{key}": value for key, value in data.items()}}


# --- the counting grid --------------------------------------------------------------------------------------------


def test_the_grid_offers_one_row_per_kept_value_and_gives_the_service_its_counts_exactly(w, client, monkeypatch):
    keep_chips(w.c, w.manager_c, ("2.50", "25", "100"))
    denomination_add(casino=w.c, actor=w.manager_c, value="100", kind="billet")
    retired = denomination_add(casino=w.c, actor=w.manager_c, value="5000", kind="jeton")
    denomination_retire(denomination=retired, actor=w.manager_c)  # a row retired is no longer offered
    session = open_lu(w, lu_table(w), DAY, denominations={"100": 35}, float_amount="3500")
    client.force_login(w.accountant_c)
    url = reverse("tables-session", kwargs={"casino": w.c.code, "pk": session.pk})
    page = client.get(url).content.decode()
    rows = re.findall(r'name="slip-denominations-([0-9.]+)"', page)
    assert rows == ["100.00", "25.00", "2.50"]  # highest first; the chip and the banknote of 100 share a row
    assert "jeton, billet" in page and 'name="slip-denominations-5000.00"' not in page
    assert 'data-testid="grid-total-slip-denominations"' in page and 'type="number"' in page

    seen = {}

    def spy(**kwargs):
        seen.update(kwargs)
        raise AssertionError("stop")  # what the form hands over is all this test reads

    monkeypatch.setattr("registers.tables.views.slip_file", spy)
    data = {"kind": "approvisionnement", "serial": "1", "amount": "1 057,50", **grid({"100": 10, "2.50": 23}),
            "slip-denominations-25.00": "", **{f"signature_{role}": name for role, name in SLIP_SIGNED.items()}}
    with pytest.raises(AssertionError, match="stop"):
        client.post(url, prefixed("slip", {key.replace("slip-", ""): value for key, value in data.items()}))
    assert seen["denominations"] == {"100.00": "10", "2.50": "23"}  # the empty row dropped, the values as keyed
    monkeypatch.undo()

    filed = client.post(url, prefixed("slip", data))
    assert filed.status_code == 302, error(filed, "denominations")
    slip = Slip.objects.get(kind="approvisionnement")
    assert slip.amount == Decimal("1057.50") and slip.denominations == {"2.50": 23, "100.00": 10}


def test_a_refused_slip_shows_its_grid_again_with_the_line_totals_and_the_total_counted(w, client):
    keep_chips(w.c, w.manager_c, ("2.50", "100"))
    session = open_lu(w, lu_table(w), DAY, denominations={"100": 35}, float_amount="3500")
    client.force_login(w.accountant_c)
    url = reverse("tables-session", kwargs={"casino": w.c.code, "pk": session.pk})
    data = {"kind": "approvisionnement", "serial": "1", "amount": "1 000", **grid({"100": 10, "2.50": 3}),
            **{f"signature_{role}": name for role, name in SLIP_SIGNED.items()}}
    refused = client.post(url, prefixed("slip", data))
    page = refused.content.decode()
    assert eur(w, "1007.50") in error(refused, "amount") and not Slip.objects.filter(kind="approvisionnement").exists()
    assert 'value="10"' in page and 'value="3"' in page  # the counts kept
    assert eur(w, "7.50") in page and eur(w, "1000.00") in page  # the lines' totals
    total = re.search(r'data-testid="grid-total-slip-denominations"[^>]*>([^<]*)<', page).group(1)
    assert total == eur(w, "1007.50")


def test_a_casino_that_keeps_no_denomination_is_told_where_they_are_kept(w, client):
    session = open_lu(w, lu_table(w), DAY, denominations={"100": 35}, float_amount="3500")
    client.force_login(w.accountant_c)
    page = client.get(reverse("tables-session", kwargs={"casino": w.c.code, "pk": session.pk})).content.decode()
    assert 'data-testid="grid-empty-slip-denominations"' in page
    assert reverse("house-lists", kwargs={"casino": w.c.code}) in page


# --- percents --------------------------------------------------------------------------------------------------


def _poker_open(rate: str) -> dict:
    return prefixed("open", {"table": "TH-1", "gaming_day": DAY.isoformat(), "variant": "holdem",
                             "version": "no_limit", "minimum": "10", "small_blind": "5", "big_blind": "10",
                             "rake_rate": rate, "bad_beat_rounding": "inferieur"})


def test_the_rake_is_typed_as_a_percent_and_kept_as_its_exact_fraction(w, client, monkeypatch):
    station_add(casino=w.c, actor=w.manager_c, kind="table_poker", name="TH-1", game="Texas hold'em")
    client.force_login(w.manager_c)
    url = f"{reverse('poker-day', kwargs={'casino': w.c.code})}?jour={DAY.isoformat()}"
    page = client.get(url).content.decode()
    assert re.search(r'name="open-rake_rate"[^>]*>\s*<span class="input-group-text">%</span>', page)
    refused = client.post(url, _poker_open("cinq"))
    assert "« cinq » n&#x27;est pas un pourcentage" in error(refused, "rake_rate")
    seen = []

    def spy(**kwargs):
        seen.append(kwargs["rake_rate"])
        return poker_session_open(**kwargs)

    monkeypatch.setattr("registers.poker_room.views.poker_session_open", spy)
    assert client.post(url, _poker_open("5")).status_code == 302
    assert seen == ["0.05"] and PokerSession.objects.get(table="TH-1").rake_rate == Decimal("0.05")


def test_a_ratio_item_of_a_request_is_typed_as_a_percent(w, client):
    client.force_login(w.manager_c)
    client.post(reverse("approvals-new", kwargs={"kind": "jeu_annexe"}), {
        "brouillon-nom": "Lucky Ladies", "brouillon-jeu_de_base": "Blackjack", "brouillon-taux_retour": "95,5 %"})
    assert ApprovalRequest.objects.get().items["taux_retour"] == "0.955"


# --- desks and tables from the casino's lists --------------------------------------------------------------------


def test_a_desk_not_in_the_casino_s_list_is_refused_naming_its_field(w, client):
    from tests.test_cards_web import a_card, certify, post_action

    for desk in ("Caisse 1", "Caisse 2"):
        station_add(casino=w.c, actor=w.manager_c, kind="caisse", name=desk)
    certify(w)
    card = a_card(w, kind="journaliere")
    client.force_login(w.accountant_c)
    page = client.get(reverse("cards-card", kwargs={"number": card.number})).content.decode()
    assert "form-select" in re.search(r'<select name="load-desk"[^>]*>', page).group(0)
    assert '<option value="Caisse 1">' in page and '<option value="Caisse 2">' in page
    refused = post_action(client, card, "load", amount="100", desk="Caisse 9")
    assert error(refused, "desk") == ("« Caisse 9 » n&#x27;est pas dans la liste des caisses en service du casino "
                                      "(champ « Caisse »).")
    station_retire(station=Station.objects.get(casino=w.c, name="Caisse 2"), actor=w.manager_c)
    assert '<option value="Caisse 2">' not in client.get(reverse("cards-card", kwargs={"number": card.number})
                                                          ).content.decode()
    assert "n&#x27;est pas dans la liste" in error(post_action(client, card, "load", amount="100", desk="Caisse 2"),
                                                    "desk")
    card.refresh_from_db()
    assert card.balance == 0
    assert post_action(client, card, "load", amount="100", desk="Caisse 1").status_code == 302


# --- conditional fields ----------------------------------------------------------------------------------------


def test_a_late_filing_s_reason_is_shown_only_past_the_delay_and_still_required_by_the_service(w, client):
    station_add(casino=w.c, actor=w.manager_c, kind="table_poker", name="Poker 1")
    client.force_login(w.accountant_c)
    url = reverse("registers-other", kwargs={"casino": w.c.code, "kind": "cagnotte"})
    page = client.get(url).content.decode()
    cutoff = (w.c.today() - datetime.timedelta(days=w.c.late_filing_days)).isoformat()
    reason = re.search(r'<textarea name="cagnotte-late_reason"[^>]*>', page).group(0)
    assert 'data-show-if="cagnotte-gaming_day"' in reason and f'data-show-before="{cutoff}"' in reason
    late = (w.c.today() - datetime.timedelta(days=w.c.late_filing_days + 2)).isoformat()
    data = {"gaming_day": late, "table": "Poker 1", "house": "100", "bad_beat": "0", "box_count": "100"}
    refused = client.post(url, prefixed("cagnotte", data))
    assert "motif" in error(refused, "late_reason").lower()
    assert client.post(url, prefixed("cagnotte", {**data, "late_reason": "Fiche retrouvée"})).status_code == 302


def test_the_session_s_bad_beat_and_time_charge_fields_show_with_what_they_depend_on(w, client):
    station_add(casino=w.c, actor=w.manager_c, kind="table_poker", name="TH-1")
    client.force_login(w.manager_c)
    page = client.get(f"{reverse('poker-day', kwargs={'casino': w.c.code})}?jour={DAY.isoformat()}").content.decode()
    for name in ("bad_beat_value", "bad_beat_rounding", "bad_beat_minimum"):
        field = re.search(rf'<(input|select)[^>]*name="open-{name}"[^>]*>', page).group(0)
        assert 'data-show-if="open-bad_beat_kind"' in field, name


# --- the lists' page -------------------------------------------------------------------------------------------


def test_the_management_keeps_the_lists_and_everyone_else_reads_them(w, client):
    url = reverse("house-lists", kwargs={"casino": w.c.code})
    client.force_login(w.manager_c)
    added = client.post(url, prefixed("poste", {"kind": "caisse", "name": " Caisse  3 ", "game": ""}))
    assert added.status_code == 302
    desk = Station.objects.get(casino=w.c, kind="caisse")
    assert desk.name == "Caisse 3" and desk.active
    twice = client.post(url, prefixed("poste", {"kind": "caisse", "name": "Caisse 3"}))
    assert "déjà dans la liste" in error(twice, "name")
    assert "au centime" in error(client.post(url, prefixed("coupure", {"value": "0,001", "kind": "jeton"})), "value")
    assert client.post(url, prefixed("coupure", {"value": "2,50", "kind": "jeton"})).status_code == 302
    chip = Denomination.objects.get(casino=w.c)
    assert chip.value == Decimal("2.50")
    assert client.post(url, prefixed("retirer", {"item": f"poste-{desk.pk}"})).status_code == 302
    desk.refresh_from_db()
    assert not desk.active
    events = AuditEvent.objects.filter(casino=w.c, action__startswith="house_list").order_by("pk")
    assert [(e.action, e.actor) for e in events] == [(AuditAction.HOUSE_LIST_ADDED, w.manager_c),
                                                      (AuditAction.HOUSE_LIST_ADDED, w.manager_c),
                                                      (AuditAction.HOUSE_LIST_RETIRED, w.manager_c)]
    again = client.post(url, prefixed("poste", {"kind": "caisse", "name": "Caisse 3"}))  # back in service
    assert again.status_code == 302 and Station.objects.get(pk=desk.pk).active
    page = client.get(url).content.decode()
    assert 'data-testid="form-poste"' in page and "Caisse 3" in page and eur(w, "2.50") in page

    client.force_login(w.accountant_c)
    page = client.get(url).content.decode()
    assert "Caisse 3" in page and 'data-testid="form-' not in page and 'data-testid="read-only"' in page
    assert client.post(url, prefixed("poste", {"kind": "caisse", "name": "Caisse 4"})).status_code == 403
    client.force_login(w.regulator_lu)
    assert client.get(url).status_code == 200
    assert client.post(url, prefixed("poste", {"kind": "caisse", "name": "Caisse 4"})).status_code == 403
    client.force_login(w.accountant_a)
    assert client.get(url).status_code == 404
    assert not Station.objects.filter(name="Caisse 4").exists()


def test_the_demo_s_casinos_keep_the_names_their_entries_use(demo, rules):
    for code in ("la-moselle", "lac-bleu"):
        kept = Station.objects.filter(casino__code=code, active=True)
        desks = set(kept.filter(kind="caisse").values_list("name", flat=True))
        tables = set(kept.filter(kind="table_poker").values_list("name", flat=True))
        payloads = (json.loads(text) for text in Entry.objects.filter(
            register__casino__code=code, register__kind="cartes").values_list("payload", flat=True).iterator())
        used_desks = {payload["desk"] for payload in payloads if payload.get("desk")}
        used_tables = set(PokerSession.objects.filter(casino__code=code).values_list("table", flat=True))
        assert used_desks <= desks and used_tables <= tables, code
        assert Denomination.objects.filter(casino__code=code, active=True).count() >= 10
    assert {"Caisse 1", "Caisse 2"} <= set(Station.objects.filter(casino__code="la-moselle", kind="caisse")
                                            .values_list("name", flat=True))
