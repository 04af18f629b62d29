"""Issue 36, item 8: no syntax to type. The wheel of fortune's segments are rows (a symbol, its number of parts, its
odds) added and removed, not « symbole ; nombre ; cote » lines; a progressive jackpot's linked tables are ticked among
the poker tables the casino's management keeps (registers/house_lists), its percentage increment typed as a percent,
and a statement's sums taken one row per table. Each works without JavaScript; a refusal names its field, in French
and in English."""

import html
import json

import pytest
from django.test import Client
from django.urls import reverse

from compliance.approvals.models import WheelPublication
from registers.house_lists.services import station_add
from registers.models import Entry
from registers.poker.services import progressive_configure
from tests.conftest import lu_today, make_user
from tests.test_approvals_powers import WHEEL, wheel_rows

pytestmark = pytest.mark.django_db

LEVELS = [{"combination": "royal_flush", "start": "500.00"}, {"combination": "straight_flush", "start": "200.00"}]
CONFIGURE = {"name": "Hold'em 1-2", "small_blind": "1,00", "big_blind": "2,00", "level_1_combination": "royal_flush",
             "level_1_start": "500", "level_2_combination": "straight_flush", "level_2_start": "200",
             "level_3_combination": "", "level_3_start": "", "increment_kind": "pourcentage",
             "increment_percent": "1,5", "increment_value": "", "rounding": "inferieur"}


def _client(user, language: str = "fr") -> Client:
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def _post(client: Client, url: str, action: str, data: dict):
    body = {"action": action, **{f"{action}-{name}": value for name, value in data.items()}}
    return client.post(url, body)


def _text(response) -> str:
    return html.unescape(response.content.decode())


# --- the wheel of fortune (QC RJC art. 117, 120) --------------------------------------------------------------------


def test_the_wheel_is_published_from_its_rows_and_a_row_is_refused_naming_it(world, rules):
    url = f"/approbations/roue/{world.a.code}/publier/"
    client = _client(world.manager_a)
    page = client.get(url).content.decode()
    assert 'data-testid="rows-publier-segments"' in page and "<textarea" not in page
    assert 'name="publier-segments-symbole"' in page and 'name="publier-segments-parties"' in page
    rows = wheel_rows(WHEEL)
    bad = {**rows, "publier-segments-parties": ["24", "quinze", *rows["publier-segments-parties"][2:]]}
    refused = _text(client.post(url, bad))
    assert "Ligne 2 : « quinze » n'est pas un nombre de parties (un nombre entier positif)." in refused
    assert 'data-testid="error-segments"' in refused and 'value="quinze"' in refused  # kept, under its field
    half = {**rows, "publier-segments-cote": ["", *rows["publier-segments-cote"][1:]]}
    missing = _text(client.post(url, half))
    assert "Ligne 1 : « Cote » manque." in missing and 'data-testid="error-segments"' in missing
    assert not WheelPublication.objects.exists()
    assert client.post(url, rows).status_code == 302
    published = WheelPublication.objects.get()
    assert published.report["segments"] == 54  # the service read the rows as the lines it always read


# --- the progressive jackpot (LU RGD 1979 art. 49-9, 49-10) ----------------------------------------------------------


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    for table in ("Poker 1", "Poker 2", "Poker 3"):
        station_add(casino=world.c, actor=world.manager_c, kind="table_poker", name=table)
    return world


def _url(w) -> str:
    return reverse("registers-other", kwargs={"casino": w.c.code, "kind": "jackpot_progressif"})


def test_the_linked_tables_are_ticked_from_the_casinos_list_and_the_increment_typed_as_a_percent(lu):
    client = _client(lu.manager_c)
    page = client.get(_url(lu)).content.decode()
    for table in ("Poker 1", "Poker 2", "Poker 3"):
        assert f'type="checkbox" name="configure-tables" value="{table}"' in page
    assert 'data-show-if="configure-increment_kind" data-show-values="pourcentage"' in page
    assert '<span class="input-group-text">%</span>' in page
    response = _post(client, _url(lu), "configure", {**CONFIGURE, "tables": ["Poker 1", "Poker 3"]})
    assert response.status_code == 302
    payload = json.loads(Entry.objects.get(kind="jackpot.configuration").payload)
    assert payload["tables"] == ["Poker 1", "Poker 3"]
    assert payload["increment"]["kind"] == "pourcentage" and payload["increment"]["value"] == "1.50"


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_table_not_in_the_list_and_a_percent_too_high_are_refused_under_their_fields(lu, language):
    client = _client(lu.manager_c, language)
    stray = _post(client, _url(lu), "configure", {**CONFIGURE, "tables": ["Poker 1", "P9"]})
    page = _text(stray)
    assert stray.status_code == 200 and 'data-testid="error-tables"' in page
    assert ("« P9 » n'est pas dans la liste des tables de poker" if language == "fr" else "“P9” is not") in page
    high = _post(client, _url(lu), "configure", {**CONFIGURE, "tables": ["Poker 1"], "increment_percent": "100"})
    page = _text(high)
    assert high.status_code == 200 and 'data-testid="error-increment_percent"' in page
    assert 'data-testid="error-increment_value"' not in page
    assert not Entry.objects.filter(kind="jackpot.configuration").exists()


def test_a_statement_takes_one_row_per_linked_table_and_refuses_a_table_given_twice(lu):
    progressive_configure(casino=lu.c, actor=lu.manager_c, gaming_day=lu_today(), name="Hold'em 1-2",
                          tables=["Poker 1", "Poker 2"], small_blind="1.00",
                          blinds=[{"table": t, "small_blind": "1.00", "big_blind": "2.00"} for t in ("Poker 1",
                                                                                                   "Poker 2")],
                          levels=LEVELS, increment_kind="fixe", increment_value="0.50", rounding="inferieur")
    client = _client(lu.accountant_c)
    page = client.get(_url(lu)).content.decode()
    assert 'data-testid="rows-statement-increments"' in page
    assert page.count('<option value="Poker 1" selected>') == 1 and page.count('<option value="Poker 2" selected>') == 1
    statement = {"gaming_day": lu_today().isoformat(), "name": "Hold'em 1-2", "displayed_1": "742,10",
                 "displayed_2": "260", "displayed_3": ""}
    twice = _post(client, _url(lu), "statement", {**statement, "increments-table": ["Poker 1", "Poker 1"],
                                                  "increments-montant": ["12,40", "3"]})
    assert "La table « Poker 1 » est donnée deux fois." in _text(twice)
    done = _post(client, _url(lu), "statement", {**statement, "increments-table": ["Poker 1", "Poker 2"],
                                                 "increments-montant": ["12,40", "0"]})
    assert done.status_code == 302
    payload = json.loads(Entry.objects.get(kind="jackpot.releve").payload)
    assert payload["increments"] == {"Poker 1": "12.40", "Poker 2": "0.00"}
