"""Text PostgreSQL cannot store (U+0000, the NUL character) refused with a 400 wherever it comes in, nothing written:
a query string (`GET /api/v1/rules/articles/?q=%00` answered 500, the NUL sent to PostgreSQL), a page's search, a
form, a JSON body (however deep), a path, a header used as input (the slot API's Idempotency-Key), and the text of
an imported file (a table system's CSV, a poker room's hand history), the line named. One check for every request
(compliance/middleware.py, NulRefusedMiddleware), the files' in their imports."""

import html
import io

import pytest
from django.urls import reverse
from django.utils import translation

from compliance.middleware import NUL_REFUSED
from compliance.models import AuditEvent, JobRun
from registers.models import CardMovement, Entry, HandImport, PokerHand, Slip, SlotRequest
from tests.conftest import PASSWORD, api_client_for
from tests.poker_world import ohh_file, stars_file
from tests.test_poker_import import room  # noqa: F401  (fixture)
from tests.test_slot_api import _op, _post, slot_setup
from tests.test_tables_import import (
    HEADER,
    session_lines,
    w,  # noqa: F401  (fixture)
)

pytestmark = pytest.mark.django_db


def _written() -> tuple:
    return (AuditEvent.objects.count(), JobRun.objects.count(), Entry.objects.count(), Slip.objects.count(),
            PokerHand.objects.count(), HandImport.objects.count(), SlotRequest.objects.count(),
            CardMovement.objects.count())


def _in(language: str, field: str) -> str:
    with translation.override(language):
        return str(NUL_REFUSED).format(field=field)


def _refused(response, field: str) -> dict:
    assert response.status_code == 400, (response.status_code, response.content[:500])
    body = response.json()
    assert body["code"] == "unprintable" and list(body["field_errors"]) == [field], body
    assert "U+0000" in body["message"] and field in body["message"]
    return body


def test_the_articles_search_with_a_nul_is_a_400_naming_q_not_a_500(world, rules):
    api = api_client_for(world.accountant_a)
    french = _refused(api.get("/api/v1/rules/articles/?q=%00"), "q")
    assert french["message"].startswith("« q » contient le caractère nul (U+0000)")
    english = _refused(api.get("/api/v1/rules/articles/?q=jeu%00", HTTP_ACCEPT_LANGUAGE="en"), "q")
    assert english["message"] == _in("en", "q")  # the catalogue's English (locale/en)
    assert api.get("/api/v1/rules/articles/?q=jeu").status_code == 200  # the same search without it


def test_a_path_holding_a_nul_is_a_400(world, rules):
    _refused(api_client_for(world.accountant_a).get("/api/v1/rules/games/lu%00/"), "path")


def test_a_page_s_search_with_a_nul_is_a_400_page_in_the_person_s_language(world, client):
    client.force_login(world.accountant_a)
    response = client.get(reverse("search"), {"q": "carte\x00"})
    assert response.status_code == 400 and response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "Demande refusée" in page and "caractère nul (U+0000)" in page and "« q »" in page
    client.cookies["django_language"] = "en"
    english = html.unescape(client.get(reverse("search"), {"q": "carte\x00"}).content.decode())
    assert _in("en", "q") in english and '<html lang="en">' in english


def test_a_form_post_with_a_nul_is_refused_and_nothing_is_written(world, client):
    before = _written()
    response = client.post(reverse("login"), {"username": "compta.a\x00", "password": PASSWORD})
    assert response.status_code == 400 and "« username »" in response.content.decode()
    assert _written() == before


@pytest.mark.parametrize(("body", "field"), [
    ({"kind": "pipeline_check\x00"}, "kind"),
    ({"kind": "reconciliation", "gaming_day": "2026-01-01", "note": ["a", {"deep\x00": 1}]}, "note[1].deep\\u0000"),
])
def test_a_json_body_with_a_nul_anywhere_is_refused_naming_it_and_nothing_is_written(world, rules, body, field):
    before = _written()
    _refused(api_client_for(world.accountant_a).post("/api/v1/jobs/", body, format="json"), field)
    assert _written() == before


def test_a_slot_api_call_with_a_nul_in_its_idempotency_key_or_body_writes_nothing(world, rules):
    slots = slot_setup(world)
    before = _written()
    _refused(_post(slots, reverse("api-slots-debit"), _op(slots.card, "5.00"), "clé\x001"), "Idempotency-Key")
    _refused(_post(slots, reverse("api-slots-debit"), _op(slots.card, "5.00", machine="AS\x00042"), "clé-2"),
             "machine")
    assert _written() == before
    assert _post(slots, reverse("api-slots-debit"), _op(slots.card, "5.00"), "clé-3").status_code == 201


def test_a_table_system_s_csv_with_a_nul_is_refused_naming_its_line(w):  # noqa: F811
    lines = session_lines()
    lines[2] = lines[2].replace("Luc Caisse", "Luc\x00Caisse")
    upload = io.BytesIO(("\n".join([HEADER, *lines]) + "\n").encode())
    upload.name = "bordereaux.csv"
    before = _written()
    url = reverse("api-registers-tables-import", kwargs={"casino": w.c.code})
    response = api_client_for(w.accountant_c).post(url, {"file": upload}, format="multipart")
    assert response.status_code == 400, response.content
    body = response.json()
    # the line and its column named by the check every text of a slip passes (registers/fields.py)
    assert body["code"] == "unprintable" and list(body["field_errors"]) == ["lignes[4].caissier"], body
    assert body["message"].startswith("Ligne 4, colonne « caissier »")
    assert _written() == before


@pytest.mark.parametrize("file_format", ["ohh", "pokerstars"])
def test_a_hand_history_with_a_nul_is_refused_naming_its_line(room, file_format):  # noqa: F811
    if file_format == "ohh":  # one deal a line; a player's name with an escaped NUL on the third
        lines = ohh_file(room.hands).getvalue().decode().split("\n")
        lines[2] = lines[2].replace('"Ana"', '"An\\u0000a"', 1).replace('"Tom"', '"To\\u0000m"', 1)
        at = 3
    else:  # a raw NUL byte in the text of the second deal
        lines = stars_file(room.hands).getvalue().decode().split("\n")
        at = [n for n, line in enumerate(lines, 1) if line.startswith("PokerStars")][1] + 2
        lines[at - 1] = lines[at - 1] + "\x00"
    upload = io.BytesIO("\n".join(lines).encode())
    upload.name = f"nuit.{file_format}"
    before = _written()
    url = reverse("api-registers-poker-import", kwargs={"casino": room.c.code})
    response = api_client_for(room.accountant_c).post(url, {"file": upload, "format": file_format},
                                                      format="multipart")
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "unprintable" and "U+0000" in body["message"], body
    assert f"ligne {at}" in body["message"], body
    assert _written() == before
