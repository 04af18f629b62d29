"""The OpenAPI schema says what validation says: every write operation under /api/v1/ documents exactly the body it
accepts (required fields, JSON types, enums, patterns, lengths) and every answer it gives (its success, and the
one error body for 400, 401, 403, 404 …), so a client can check a request before sending it. A body the schema
refuses is refused with a 400 naming the field; a body it accepts reaches the service."""

import copy
import datetime
import json
import re
import unicodedata

import jsonschema
import pytest
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from rest_framework.test import APIClient

from compliance.errors import DomainError
from games.hands.distributions import KINDS
from games.poker.jackpots import HIGHEST_FIRST, ROUNDINGS
from registers.appareils.selectors import EVENTS
from registers.fields import NAME_MAX, TEXT_MAX, clean_text
from registers.models import Entry, PendingEntry, SlotRequest
from registers.money import parse_amount
from registers.orphelins.selectors import SOURCES
from tests.conftest import api_client_for, install_machines, lu_today, make_user

V1 = "/api/v1/"
R = "/api/v1/registers/{casino}/"


@pytest.fixture(scope="module")
def schema() -> dict:
    generated = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(OpenApiJsonRenderer().render(generated))


def resolved(schema: dict, node):
    """`node` with every $ref and allOf of one replaced by what it names (OpenAPI 3.0, as generated here)."""
    if isinstance(node, list):
        return [resolved(schema, item) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        return resolved(schema, {**schema["components"]["schemas"][name], **{k: v for k, v in node.items()
                                                                             if k != "$ref"}})
    if len(node.get("allOf", [])) == 1:
        inner = resolved(schema, node["allOf"][0])
        return resolved(schema, {**inner, **{k: v for k, v in node.items() if k != "allOf"}})
    return {key: resolved(schema, value) for key, value in node.items()}


def json_schema(schema: dict, node) -> dict:
    """The OpenAPI 3.0 schema `node` as a JSON Schema (`nullable` → a type that admits null)."""
    node = copy.deepcopy(resolved(schema, node))

    def convert(item):
        if isinstance(item, dict):
            if item.pop("nullable", False):
                if "type" in item:
                    item["type"] = [item["type"], "null"]
                if "enum" in item:
                    item["enum"] = [*item["enum"], None]
            for value in item.values():
                convert(value)
        elif isinstance(item, list):
            for value in item:
                convert(value)
        return item

    return convert(node)


def operation(schema: dict, path: str) -> dict:
    return schema["paths"][path]["post"]


def body(schema: dict, path: str) -> dict:
    return resolved(schema, operation(schema, path)["requestBody"]["content"]["application/json"]["schema"])


def valid(schema: dict, path: str, data, status: str | None = None) -> bool:
    """Whether `data` is a valid request body of the POST on `path` (or its answer with `status`)."""
    op = operation(schema, path)
    node = (op["responses"][status]["content"]["application/json"]["schema"] if status
            else op["requestBody"]["content"]["application/json"]["schema"])
    try:
        jsonschema.validate(data, json_schema(schema, node), format_checker=jsonschema.FormatChecker())
    except jsonschema.ValidationError:
        return False
    return True


def posts(schema: dict) -> list[str]:
    return sorted(path for path, methods in schema["paths"].items() if path.startswith(V1) and "post" in methods)


# --- every write operation ---------------------------------------------------------------------------------


# Uploads: a file as the part of a multipart/form-data body (415 otherwise), documented field by field.
UPLOADS = {R + "tables/import/": {"required": {"file"}, "format": {"file": "binary"}},
           R + "poker/import/": {"required": {"file"}, "format": {"file": "binary"}},
           "/api/v1/approvals/{reference}/attachments/": {"required": {"item", "file"}, "format": {"file": "binary"}}}


def test_every_post_documents_its_json_body_its_answer_and_the_error_body(schema):
    paths = posts(schema)
    with_body = {path for path in paths if "requestBody" in operation(schema, path)}
    assert with_body == set(CASES) | set(UPLOADS) | set(ONE_OF), "every write operation with a body has its case below"
    error = {"$ref": "#/components/schemas/ErrorOutput"}
    for path in paths:
        op = operation(schema, path)
        responses = op["responses"]
        assert [code for code in responses if code.startswith("2")], path
        for code in ("400", "429"):
            assert responses[code]["content"]["application/json"]["schema"] == error, (path, code)
        if path != "/api/v1/auth/token/":  # the one operation open to all
            assert "401" in responses, path
        if "requestBody" in op and path in UPLOADS:
            form = resolved(schema, op["requestBody"]["content"]["multipart/form-data"]["schema"])
            assert list(op["requestBody"]["content"]) == ["multipart/form-data"], path
            assert set(form["required"]) == UPLOADS[path]["required"], path
            for name, kind in UPLOADS[path]["format"].items():
                assert form["properties"][name]["format"] == kind, (path, name)
            assert "415" in responses, path
        elif "requestBody" in op:
            assert list(op["requestBody"]["content"]) == ["application/json"], path  # JSON only: 415 otherwise
            assert "415" in responses, path
    for path in [p for p in paths if p.startswith("/api/v1/registers/")]:
        assert {"403", "404"} <= set(operation(schema, path)["responses"]), path
    for path in ("/api/v1/slots/debit/", "/api/v1/slots/credit/"):
        assert {"401", "403", "404", "409", "429"} <= set(operation(schema, path)["responses"])
    batch = body(schema, "/api/v1/slots/batch/")["properties"]["operations"]
    assert (batch["minItems"], batch["maxItems"]) == (1, 500)
    sent = resolved(schema, batch["items"])
    assert set(sent["required"]) == {"operation", "key", "card", "amount", "currency", "machine"}
    assert resolved(schema, sent["properties"]["operation"])["enum"] == ["debit", "credit"]
    error_body = resolved(schema, error)
    assert error_body["required"] == ["code", "field_errors", "message"]
    assert error_body["properties"]["field_errors"]["additionalProperties"] == {"type": "array",
                                                                               "items": {"type": "string"}}


def test_every_input_of_a_post_has_a_type(schema):
    def typed(node, where):
        for variant in node.get("oneOf", []):  # a body per kind (ONE_OF)
            typed(resolved(schema, variant), where)
        if "oneOf" in node:
            return
        assert "type" in node, where
        for name, prop in node.get("properties", {}).items():
            typed(prop, f"{where}.{name}")
        if "items" in node:
            typed(node["items"], f"{where}[]")

    for path in posts(schema):
        if "requestBody" in operation(schema, path) and path not in UPLOADS:
            typed(body(schema, path), path)


def test_the_documented_error_body_is_the_one_returned(schema, world, rules):
    api = api_client_for(world.accountant_c)
    refused = api.post(R.format(casino=world.c.code) + "cagnotte/", {"gaming_day": "x"}, format="json")
    assert refused.status_code == 400
    assert valid(schema, R + "cagnotte/", refused.json(), "400")
    foreign = api_client_for(world.accountant_a).post(R.format(casino=world.c.code) + "cagnotte/", {}, format="json")
    assert foreign.status_code == 404 and valid(schema, R + "cagnotte/", foreign.json(), "404")
    regulator = api_client_for(world.regulator_lu).post(R.format(casino=world.c.code) + "cagnotte/", {},
                                                        format="json")
    assert regulator.status_code == 403 and valid(schema, R + "cagnotte/", regulator.json(), "403")
    form = api.post(R.format(casino=world.c.code) + "cagnotte/", {"table": "P1"})  # multipart, not JSON
    assert form.status_code == 415 and valid(schema, R + "cagnotte/", form.json(), "415")


# --- what each operation requires and takes -----------------------------------------------------------------

CASES = {
    R + "orphelins/": {
        "required": {"gaming_day", "source", "amount", "currency", "location"},
        "enum": {"source": list(SOURCES)},
        "maxLength": {"location": 200, "description": TEXT_MAX},
        "pattern": {"currency": "^[A-Z]{3}$"},
    },
    R + "orphelins/{seq}/return/": {
        "required": {"owner_name", "owner_document", "right_established"},
        "maxLength": {"owner_name": 200, "owner_document": 200, "evidence": 2000},
        "type": {"right_established": "boolean", "gaming_day": "string"},
    },
    R + "jackpots/": {
        "required": {"gaming_day", "machine", "amount", "receipt_number", "receipt_in_cabinet"},
        "maxLength": {"machine": 60, "receipt_number": 60},
        "type": {"card_excess": "integer", "receipt_in_cabinet": "boolean"},
    },
    R + "appareils/install/": {
        "required": {"machine", "manufacturer", "certificate", "condition"},
        "maxLength": {"machine": 60, "manufacturer": NAME_MAX, "certificate": NAME_MAX, "approval": 200},
        "type": {"games": "array", "server_based": "boolean"},
    },
    R + "appareils/conditions/": {
        "required": {"machine", "condition"},
        "enum": {"condition": ["neuf", "remis_a_neuf"]},
        "maxLength": {"machine": 60, "approval": 200},
    },
    R + "appareils/notices/": {
        "required": {"machine", "event", "effective", "reference", "sent_on"},
        "enum": {"event": list(EVENTS)},
        "maxLength": {"reference": 200},
    },
    R + "appareils/moves/": {
        "required": {"gaming_day", "machine", "event"},
        "enum": {"event": [*EVENTS, "destruction"]},  # destruction: accepted by shape, refused by art. 18-1
    },
    R + "cagnotte/": {
        "required": {"gaming_day", "table", "house", "bad_beat", "box_count"},
        "maxLength": {"table": 60},
    },
    R + "bad_beat/": {
        "required": {"gaming_day", "game", "table", "won_at", "loser", "loser_cards", "winner_cards", "board", "pot",
                     "amount", "players", "restart_at"},
        "type": {"players": "array", "rivals": "array"},
    },
    R + "jackpot_progressif/configure/": {
        "required": {"name", "small_blind", "blinds", "levels", "increment_kind", "increment_value", "rounding"},
        "enum": {"increment_kind": ["fixe", "pourcentage"], "rounding": list(ROUNDINGS)},
        "maxLength": {"name": NAME_MAX},
        "type": {"blinds": "array"},
    },
    R + "jackpot_progressif/statements/": {"required": {"name", "displayed", "increments"},
                                            "type": {"displayed": "object", "increments": "object"}},
    R + "jackpot_progressif/wins/": {
        "required": {"gaming_day", "name", "level", "game", "table", "deal", "won_at", "board", "hands", "amount",
                     "chef_de_salle"},
        "maxLength": {"deal": 60},
        "type": {"level": "integer", "hands": "array"},
    },
    R + "jackpot_progressif/stops/": {
        "required": {"name"},
        "maxLength": {"reason": TEXT_MAX},
        "type": {"voluntary": "boolean", "minister_notified_on": "string"},
    },
    # the bad-beat jackpot as an account (registers/poker/api_bad_beat.py, LU 49-12 to 49-15)
    R + "bad_beat/openings/": {"required": {"start"}, "maxLength": {"late_reason": TEXT_MAX}},
    R + "bad_beat/notices/": {"required": {"minister_notified_on", "reference"}, "maxLength": {"reference": 200}},
    R + "bad_beat/stops/": {"required": set(), "maxLength": {"reason": TEXT_MAX},
                            "type": {"voluntary": "boolean", "minister_notified_on": "string"}},
    R + "bad_beat/restarts/": {"required": {"restart_at"}},
    R + "bad_beat/carnet/": {"required": {"table", "amount"}, "maxLength": {"table": 60}},
    R + "bad_beat/statements/": {"required": {"amount", "history_reference"}, "maxLength": {"history_reference": 200}},
    # Keno (registers/keno/api.py, QC RJC art. 86): a ticket sold, a draw's result, a winning ticket paid
    R + "keno/tickets/": {"required": {"number", "draws", "stake", "currency"}, "maxLength": {"number": 40},
                          "type": {"draws": "array"}},
    R + "keno/draws/": {"required": {"number", "currency"}, "type": {"number": "integer", "winners": "object"}},
    R + "keno/payments/": {"required": {"number"}, "maxLength": {"number": 40}},
    R + "keno/closings/": {"required": {"effective_from", "hour", "reference"},
                           "maxLength": {"hour": 5, "reference": 200}, "type": {"next_day": "boolean"}},
    # the blackjack's progressive lot (registers/tables/progressif/api.py, QC RJC art. 21.2)
    R + "tables/progressif/lots/": {"required": {"name", "tables", "start", "rate", "reference"},
                                    "maxLength": {"name": 60, "rate": 5, "reference": 200},
                                    "type": {"tables": "array"}},
    R + "tables/progressif/readings/": {"required": {"session", "lot", "bets", "displayed"}, "maxLength": {"lot": 60},
                                       "type": {"session": "integer", "bets": "integer"}},
    R + "tables/progressif/wins/": {"required": {"session", "lot", "hand"}, "maxLength": {"lot": 60, "hand": 80},
                                   "type": {"session": "integer"}},
    # the Minister's arrêté values (registers/arretes/api.py, LU 9, 21, 37-9 … 49-7)
    # admissions and exclusions (registers/admissions/api.py; LU 75 as the draft amends it, QC RJC 67.109)
    R + "admissions/": {"required": {"kind", "last_name", "first_name", "birth_date", "document", "document_end"},
                        "enum": {"kind": ["journaliere", "annuelle"],
                                 "document": ["carte_identite", "passeport", "titre_sejour", "permis_conduire"]},
                        "maxLength": {"last_name": 120, "first_name": 120, "document_end": 4},
                        "type": {"guest": "boolean"}},
    R + "admissions/politique/": {"required": {"minimum_age", "age_reference", "retention_days", "retention_reference",
                                               "effective_from"},
                                  "maxLength": {"age_reference": 200, "retention_reference": 200},
                                  "type": {"minimum_age": "integer", "retention_days": "integer"}},
    R + "exclusions/": {"required": {"last_name", "first_name", "birth_date", "scope", "source", "starts_on"},
                        "enum": {"scope": ["etablissement", "salon_poker"]},
                        "maxLength": {"last_name": 120, "first_name": 120, "source": 200}},
    R + "arretes/": {"required": {"concept", "value", "effective_from", "reference"},
                     "maxLength": {"concept": 80, "value": 40, "reference": 200}},
    # the playing-card stock (registers/decks/api.py, LU 6, 37-9 … 49-5; MC AM 2007-668 art. 1)
    R + "decks/receipts/": {"required": {"supplier", "description", "colour", "packs", "per_pack", "seals",
                                         "plain_back"},
                            "maxLength": {"supplier": 120, "description": 120, "colour": 40},
                            "type": {"packs": "integer", "per_pack": "integer", "seals": "array",
                                     "plain_back": "boolean"}},
    R + "decks/issues/": {"required": {"lot", "decks", "new", "family", "table", "counted"},
                          "enum": {"family": ["tables", "poker"]}, "maxLength": {"lot": 20, "table": 60},
                          "type": {"decks": "integer", "new": "boolean", "counted": "boolean"}},
    R + "decks/returns/": {"required": {"issue", "decks", "perfect"}, "maxLength": {"reason": TEXT_MAX},
                           "type": {"issue": "integer", "decks": "integer", "perfect": "boolean"}},
    # the notices the texts require (registers/notices/api.py: LU 74, 3-4 11), 49-13 (projet); QC 67.91, 120, 21.2,
    # 125)
    R + "notices/postings/": {"required": {"kind", "place"},
                              "enum": {"kind": ["salles", "cartes", "bad_beat", "salon_poker", "roue", "lot_progressif",
                                                "tournoi"], "size": ["A4", "A3"]},
                              "maxLength": {"place": 120}, "type": {"texts": "object"}},
    R + "notices/withdrawals/": {"required": {"posting", "reason"}, "maxLength": {"reason": 300},
                                 "type": {"posting": "integer"}},
    # the direction's register (registers/direction/api.py, LU 51 § I, 52 al. 2, 18-6 al. 3 as the draft words them)
    R + "direction/committee/": {"required": {"change", "name", "effective_from", "reference"},
                                 "enum": {"change": ["nomination", "depart"]},
                                 "maxLength": {"name": 120, "reference": 200}, "type": {"director": "boolean"}},
    R + "direction/duties/": {"required": {"member", "starts_at", "ends_at"}, "maxLength": {"member": 120}},
    R + "direction/duties/corrections/": {"required": {"duty", "reason"},
                                          "maxLength": {"reason": 500, "member": 120},
                                          "type": {"duty": "integer", "set_aside": "boolean"}},
    R + "direction/designations/": {"required": {"employee", "act", "first_day", "reference"},
                                    "maxLength": {"employee": 150, "reference": 200}},
    R + "direction/designations/ends/": {"required": {"designation", "last_day", "reason"},
                                         "maxLength": {"reason": 500}, "type": {"designation": "integer"}},
    # the poker séance's close and the waiting list (registers/poker_room, LU 49-1 to 49-8)
    R + "poker/seances/close/": {"required": {"gaming_day", "table", "caisse"},
                                 "maxLength": {"table": 60, "caisse": 30, "explanation": TEXT_MAX}},
    R + "poker/waiting/": {"required": {"gaming_day", "player"}, "maxLength": {"player": 60}},
    R + "poker/waiting/calls/": {"required": {"gaming_day", "table", "free_seats", "quality"},
                                 "maxLength": {"table": 60, "chef_de_partie": 120},
                                 "type": {"free_seats": "array", "absent": "array"}},
    R + "sessions/": {"required": {"gaming_day"}},
    R + "tables/": {"required": {"game", "number", "pit"}, "maxLength": {"number": 20, "pit": 40}},
    R + "tables/sessions/": {
        "required": {"table", "minimum", "maximum", "denominations", "signatures"},
        "maxLength": {"table": 20},
        "type": {"denominations": "object", "signatures": "object", "float_amount": "string"},
    },
    R + "tables/sessions/{id}/slips/": {
        "required": {"kind", "serial", "amount", "denominations", "signatures"},
        "enum": {"kind": ["approvisionnement", "credit"]},
        "type": {"serial": "integer", "denominations": "object", "signatures": "object"},
    },
    R + "tables/sessions/{id}/close/": {"required": {"denominations", "signatures"}},
    R + "tables/sessions/{id}/limits/": {"required": {"minimum", "maximum", "decided_by", "displayed"},
                                          "maxLength": {"spot": 40, "decided_by": 120},
                                          "type": {"displayed": "boolean"}},
    R + "tables/sessions/{id}/drop/": {"required": {"amount", "denominations", "signatures"}},
    R + "tables/sessions/{id}/commissions/": {"required": {"rounds", "amount", "signatures"},
                                               "type": {"rounds": "array"}},
    R + "tables/slips/{id}/void/": {"required": {"countersigner", "countersigner_password", "reason"},
                                    "maxLength": {"reason": TEXT_MAX}},
    R + "{kind}/{seq}/correct/": {"required": {"reason"}, "maxLength": {"reason": TEXT_MAX}},
    "/api/v1/slots/debit/": {"required": {"card", "amount", "currency", "machine"}, "maxLength": {"machine": 60}},
    "/api/v1/slots/credit/": {"required": {"card", "amount", "currency", "machine"}, "maxLength": {"card": 32}},
    "/api/v1/slots/batch/": {"required": {"operations"}},
    # the second factor's code: optional in the shape, required by the service of a person who gives one (issue 40)
    "/api/v1/auth/token/": {"required": {"username", "password"}, "maxLength": {"otp": 40}},
    "/api/v1/rules/rtp/roue-de-fortune/": {"required": {"segments"}, "type": {"segments": "array"}},
    "/api/v1/rules/hands/evaluate/": {"required": {"kind", "hands"}, "enum": {"kind": list(KINDS)}},
    # the approvals (compliance/approvals/api.py): a step that says why takes its note blank or left out, and the
    # service refuses it (`note_required`, under the body's field)
    "/api/v1/approvals/": {"required": {"casino", "kind"}, "maxLength": {"casino": 40, "kind": 40, "title": 200},
                           "type": {"items": "object"}},
    "/api/v1/approvals/{reference}/ask/": {"required": set(), "maxLength": {"question": 5000}},
    "/api/v1/approvals/{reference}/answer/": {"required": set(), "maxLength": {"answer": 5000},
                                              "type": {"items": "object"}},
    "/api/v1/approvals/{reference}/withdraw/": {"required": set(), "maxLength": {"reason": 5000}},
    "/api/v1/approvals/{reference}/findings/": {
        "required": {"citation", "severity", "message_fr"},
        "enum": {"severity": ["bloquant", "avertissement", "information"]},
        "maxLength": {"citation": 300, "found": 300, "required": 300, "message_fr": 5000, "message_en": 5000},
    },
    "/api/v1/approvals/{reference}/decide/": {
        "required": {"decision"},
        "enum": {"decision": ["approuver", "approuver_sous_conditions", "refuser", "avis_favorable", "avis_defavorable",
                              "accuser_reception", "objecter"]},
        "maxLength": {"reason": 5000, "conditions": 5000}, "type": {"effective_from": "string"},
    },
    "/api/v1/approvals/{reference}/revoke/": {"required": set(), "maxLength": {"reason": 5000}},
}


# Operations whose body is one of several, told apart by a discriminator: each kind's body in its own test
ONE_OF = {"/api/v1/jobs/": "tests/test_job_kinds.py"}


@pytest.mark.parametrize("path", list(CASES))
def test_each_operation_documents_its_required_fields_enums_and_bounds(schema, path):
    case, documented = CASES[path], body(schema, path)
    assert set(documented.get("required", [])) == case["required"]
    props = documented["properties"]
    for name, values in case.get("enum", {}).items():
        assert props[name]["enum"] == values, name
    for name, length in case.get("maxLength", {}).items():
        assert props[name]["maxLength"] == length, name
    for name, pattern in case.get("pattern", {}).items():
        assert props[name]["pattern"] == pattern, name
    for name, kind in case.get("type", {}).items():
        assert props[name]["type"] == kind, name
    for name, prop in props.items():
        if prop.get("format") == "date":
            assert prop["type"] == "string", name


def test_amounts_are_documented_as_the_services_take_them(schema):
    filing = body(schema, R + "orphelins/")["properties"]
    cagnotte = body(schema, R + "cagnotte/")["properties"]
    configure = body(schema, R + "jackpot_progressif/configure/")["properties"]
    positive, any_amount = filing["amount"]["pattern"], cagnotte["house"]["pattern"]
    assert configure["small_blind"]["pattern"] == positive  # the small blind is more than 0
    assert configure["levels"]["items"]["properties"]["start"]["pattern"] == any_amount  # a start may be 0
    for name in ("pot", "amount"):
        assert body(schema, R + "bad_beat/")["properties"][name]["pattern"] == positive
    assert body(schema, R + "bad_beat/")["properties"]["restart_at"]["pattern"] == any_amount
    assert body(schema, "/api/v1/slots/debit/")["properties"]["amount"]["pattern"] == positive
    samples = ["0", "0,00", "0.5", "0,05", "1", "12.5", "1234,50", "1234.50", "1 234,50", "1\u202f234,50",
               "1\u00a0234.50", "999 999 999 999,99", "123456789012", "1234567890123", "-1", "+1", "1e3", "01",
               "1.234", "1,", ".5", "1 2345", "12 345 678 901 234", "abc", "", " 1", "1\n", "NaN", "1_000"]
    for sample in samples:
        for pattern, allow_zero in ((positive, False), (any_amount, True)):
            if re.search(pattern, sample):  # documented as valid: the service takes it, as written
                value = parse_amount(sample, allow_zero=allow_zero)
                assert value == parse_amount(sample.replace(",", ".").replace("\u202f", "").replace(
                    "\u00a0", "").replace(" ", ""), allow_zero=True), sample
    assert re.search(positive, "0,01") and not re.search(positive, "0.00") and re.search(any_amount, "0.00")


def test_the_text_pattern_refuses_what_a_register_refuses(schema):
    """Every character of the Basic Multilingual Plane but the unassigned ones (which the pattern cannot list, and
    the check refuses): the documented pattern takes a name holding it exactly when the register does."""
    props = body(schema, R + "jackpot_progressif/stops/")["properties"]
    name, reason = re.compile(props["name"]["pattern"]), re.compile(props["reason"]["pattern"])
    for code in range(0x10000):
        char = chr(code)
        if unicodedata.category(char) == "Cn":
            continue
        for pattern, multiline in ((name, False), (reason, True)):
            try:
                clean_text(f"a{char}b", field="x", max_length=10, multiline=multiline)
                taken = True
            except DomainError:
                taken = False
            assert bool(pattern.search(f"a{char}b")) == taken, (hex(code), multiline)
    assert not name.search("   ") and not name.search("") and name.search(" a ")
    assert reason.search("") and reason.search("ligne 1\nligne 2")


def test_levels_and_their_amounts(schema):
    configure = body(schema, R + "jackpot_progressif/configure/")["properties"]
    assert (configure["levels"]["minItems"], configure["levels"]["maxItems"]) == (1, 3)
    assert configure["levels"]["items"]["properties"]["combination"]["enum"] == list(HIGHEST_FIRST)
    assert configure["levels"]["items"]["required"] == ["combination", "start"]
    displayed = body(schema, R + "jackpot_progressif/statements/")["properties"]["displayed"]
    assert set(displayed["properties"]) == {"1", "2", "3"} and displayed["additionalProperties"] is False
    level = body(schema, R + "jackpot_progressif/wins/")["properties"]["level"]
    assert (level["minimum"], level["maximum"]) == (1, 3)
    board = body(schema, R + "bad_beat/")["properties"]["board"]["pattern"]
    assert re.search(board, "7h 7s Th Jh 2c") and re.search(board, "7h7sThJh2c") and not re.search(board, "7h 7s")


def test_the_slot_operations_document_their_idempotency_key(schema):
    for path in ("/api/v1/slots/debit/", "/api/v1/slots/credit/"):
        (key,) = [p for p in operation(schema, path)["parameters"] if p["name"] == "Idempotency-Key"]
        assert key["in"] == "header" and key["required"] is True
        assert (key["schema"]["minLength"], key["schema"]["maxLength"]) == (1, 200)


# --- the API does what the schema says ------------------------------------------------------------------------




def yesterday() -> str:
    return (lu_today() - datetime.timedelta(days=1)).isoformat()


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def filing(**changes) -> dict:
    return {"gaming_day": yesterday(), "source": "table", "amount": "100,00", "currency": "EUR",
            "location": "Table de roulette 3", "description": "Plaque de 100 €", **changes}


def orphelins(w) -> str:
    return reverse("api-registers-orphelins", kwargs={"casino": w.c.code})


@pytest.mark.parametrize("amount", ["1234,50", "1234.50", "1 234,50", "1\u202f234,50"])
def test_an_amount_in_the_documented_format_reaches_the_service(schema, lu, amount):
    data = filing(amount=amount)
    assert valid(schema, R + "orphelins/", data)
    response = api_client_for(lu.accountant_c).post(orphelins(lu), data, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["payload"]["amount"] == "1234.50"
    assert valid(schema, R + "orphelins/", response.json(), "201")


@pytest.mark.parametrize(
    ("changes", "field", "code"),
    [
        ({"amount": 100}, "amount", "invalid_amount"),  # a number, not a string
        ({"amount": "1e3"}, "amount", "invalid_amount"),
        ({"amount": "{x}"}, "amount", "invalid_amount"),
        ({"amount": "0100"}, "amount", "invalid_amount"),
        ({"amount": "100.001"}, "amount", "invalid_amount"),
        ({"amount": "0"}, "amount", "amount_not_positive"),
        ({"amount": None}, "amount", "required"),
        ({"currency": "eur"}, "currency", "invalid"),
        ({"source": 1}, "source", "unknown_source"),
        ({"location": 12}, "location", "invalid"),
        ({"location": "x" * 201}, "location", "too_long"),
        ({"location": "Table\u202e 3"}, "location", "unprintable"),
        ({"description": "ligne\x07"}, "description", "unprintable"),
        ({"gaming_day": "20260101"}, "gaming_day", "invalid"),
        ({"found_on": "2026-1-5"}, "found_on", "invalid"),
    ],
)
def test_a_filing_the_schema_refuses_is_refused_by_its_field(schema, lu, changes, field, code):
    data = filing(**changes)
    assert not valid(schema, R + "orphelins/", data)
    response = api_client_for(lu.accountant_c).post(orphelins(lu), data, format="json")
    assert response.status_code == 400
    body_ = response.json()
    assert (list(body_["field_errors"]), body_["code"]) == ([field], code), body_
    assert body_["message"] == body_["field_errors"][field][0]
    assert valid(schema, R + "orphelins/", body_, "400")
    assert PendingEntry.objects.count() == 0


def test_a_missing_field_is_required_and_a_whole_list_of_faults_is_invalid(lu):
    api = api_client_for(lu.accountant_c)
    data = filing()
    del data["location"]
    missing = api.post(orphelins(lu), data, format="json").json()
    assert missing["code"] == "required" and missing["field_errors"] == {"location": ["Ce champ est obligatoire."]}
    several = api.post(orphelins(lu), filing(amount="abc", location=""), format="json").json()
    assert several["code"] == "invalid" and set(several["field_errors"]) == {"amount", "location"}
    assert several["message"] == "Certaines données sont invalides ; rien n'a été enregistré."


def jackpots(w, path: str) -> str:
    return reverse(f"api-registers-jackpot-{path}", kwargs={"casino": w.c.code})


LEVELS = [{"combination": "royal_flush", "start": "500.00"}, {"combination": "straight_flush", "start": "200"},
          {"combination": "four_of_a_kind", "start": "0"}]
CONFIG = {"name": "Hold'em 1-2", "tables": ["P1"], "small_blind": "1,00",
          "blinds": [{"table": "P1", "small_blind": "1,00", "big_blind": "2,00"}], "levels": LEVELS,
          "increment_kind": "fixe", "increment_value": "0.50", "rounding": "inferieur"}


def test_the_progressive_jackpot_operations_refuse_what_their_schema_refuses(schema, lu):
    manager = api_client_for(lu.manager_c)
    path = R + "jackpot_progressif/configure/"
    for changes, field, code in (
        ({"levels": [*LEVELS, {"combination": "full_house", "start": "1"}]}, "levels", "too_many_levels"),
        ({"levels": []}, "levels", "too_many_levels"),
        ({"levels": [LEVELS[0], {"combination": "straight_flush", "start": "abc"}]}, "levels[1].start",
         "invalid_amount"),
        ({"levels": [LEVELS[0], {"combination": "quinte", "start": "1"}]}, "levels[1].combination", "combination"),
        ({"rounding": "au_hasard"}, "rounding", "increment"),
        ({"small_blind": "0"}, "small_blind", "amount_not_positive"),
        ({"tables": ["P1", " "]}, "tables[1]", "required"),
        ({"blinds": [{"table": "P1", "small_blind": "1,00", "big_blind": "abc"}]}, "blinds[0].big_blind",
         "invalid_amount"),
    ):
        data = {**CONFIG, **changes}
        assert not valid(schema, path, data), changes
        response = manager.post(jackpots(lu, "configure"), data, format="json")
        assert response.status_code == 400 and response.json()["code"] == code, response.json()
        assert list(response.json()["field_errors"]) == [field], response.json()
    assert valid(schema, path, CONFIG)
    configured = manager.post(jackpots(lu, "configure"), {**CONFIG, "gaming_day": yesterday()}, format="json")
    assert configured.status_code == 201 and valid(schema, path, configured.json(), "201")

    path = R + "jackpot_progressif/statements/"
    for displayed, field, code in (({"1": "1.00", "2": "1.00", "3": "1.00", "4": "1.00"}, "displayed[4]",
                                    "unknown_level"),
                                   ({"1": 1, "2": "1.00", "3": "1.00"}, "displayed[1]", "invalid_amount")):
        data = {"name": "Hold'em 1-2", "displayed": displayed, "increments": {"P1": "0"}}
        assert not valid(schema, path, data)
        response = manager.post(jackpots(lu, "statement"), data, format="json").json()
        assert (list(response["field_errors"]), response["code"]) == ([field], code), response
    statement = {"name": "Hold'em 1-2", "displayed": {"1": "500,00", "2": "200", "3": "0"}, "increments": {"P1": 12}}
    assert not valid(schema, path, statement)  # an amount is a string
    response = manager.post(jackpots(lu, "statement"), statement, format="json").json()
    assert (list(response["field_errors"]), response["code"]) == (["increments[P1]"], "invalid_amount"), response
    statement["increments"] = {"P1": "12,40"}
    assert valid(schema, path, statement)
    assert manager.post(jackpots(lu, "statement"), statement, format="json").status_code == 201

    path = R + "jackpot_progressif/wins/"
    win = {"gaming_day": yesterday(), "name": "Hold'em 1-2", "level": 1, "game": "Hold'em", "table": "P1",
           "deal": "4711", "won_at": "22:10", "board": "Ah Kh Qh 2c 3d",
           "hands": [{"player": "Ana", "cards": "Jh Th"}, {"player": "Tom", "cards": "4d 5c"}], "amount": "500.00",
           "chef_de_salle": "Paul Thill"}
    for changes, field in (({"hands": []}, "hands"), ({"hands": [{"player": "Ana", "cards": "Jh"}]}, "hands[0].cards"),
                           ({"board": "Ah Kh Qh"}, "board"), ({"deal": "4" * 61}, "deal")):
        assert not valid(schema, path, {**win, **changes}), changes
        response = api_client_for(lu.accountant_c).post(jackpots(lu, "win"), {**win, **changes}, format="json")
        assert response.status_code == 400 and list(response.json()["field_errors"]) == [field], response.json()
    for level in ("1", True, 1.5, 4):
        assert not valid(schema, path, {**win, "level": level})
        response = api_client_for(lu.accountant_c).post(jackpots(lu, "win"), {**win, "level": level}, format="json")
        assert response.status_code == 400 and list(response.json()["field_errors"]) == ["level"], level
    assert valid(schema, path, win)
    filed = api_client_for(lu.accountant_c).post(jackpots(lu, "win"), win, format="json")
    assert filed.status_code == 201 and valid(schema, path, filed.json(), "201")

    stop = {"name": "Hold'em 1-2", "voluntary": "on"}
    assert not valid(schema, R + "jackpot_progressif/stops/", stop)
    refused = manager.post(jackpots(lu, "stop"), stop, format="json")
    assert refused.status_code == 400 and list(refused.json()["field_errors"]) == ["voluntary"]


def test_the_hand_paid_jackpot_and_the_machines_refuse_what_their_schema_refuses(schema, lu):
    api = api_client_for(lu.accountant_c)
    url = reverse("api-registers-jackpots", kwargs={"casino": lu.c.code})
    payout = {"gaming_day": yesterday(), "machine": "M07", "amount": "4 250,00", "receipt_number": "Q-1",
              "receipt_in_cabinet": True}
    for changes, field in (({"receipt_in_cabinet": "on"}, "receipt_in_cabinet"), ({"card_excess": "3"}, "card_excess"),
                           ({"card_excess": 0}, "card_excess"), ({"currency": ""}, "currency"),
                           ({"machine": "M" * 61}, "machine")):
        assert not valid(schema, R + "jackpots/", {**payout, **changes}), changes
        response = api.post(url, {**payout, **changes}, format="json")
        assert response.status_code == 400 and list(response.json()["field_errors"]) == [field], response.json()
    assert valid(schema, R + "jackpots/", payout)  # the currency left out is the casino's
    install_machines(lu.c, lu.accountant_c, "M07")
    filed = api.post(url, payout, format="json")
    assert filed.status_code == 201 and filed.json()["payload"]["currency"] == "EUR"

    install = reverse("api-registers-appareil-install", kwargs={"casino": lu.c.code})
    machine = {"machine": "M01", "manufacturer": "Novomatic", "certificate": "CE-1", "games": ["Book of Ra"],
               "condition": "neuf"}
    for changes, field in (({"games": "Book of Ra"}, "games"), ({"games": [""]}, "games[0]"),
                           ({"server_based": 1}, "server_based")):
        assert not valid(schema, R + "appareils/install/", {**machine, **changes})
        response = api.post(install, {**machine, **changes}, format="json")
        assert response.status_code == 400 and list(response.json()["field_errors"]) == [field], response.json()
    assert api.post(install, machine, format="json").status_code == 201
    move = reverse("api-registers-appareil-move", kwargs={"casino": lu.c.code})
    unknown = {"gaming_day": yesterday(), "machine": "M01", "event": "demolition"}
    assert not valid(schema, R + "appareils/moves/", unknown)
    refused = api.post(move, unknown, format="json").json()
    assert (refused["code"], list(refused["field_errors"])) == ("unknown_event", ["event"])
    destruction = {**unknown, "event": "destruction"}
    assert valid(schema, R + "appareils/moves/", destruction)  # by shape; the service refuses it (art. 18-1)
    assert api.post(move, destruction, format="json").json()["code"] == "destruction_forbidden"


def test_the_slot_api_refuses_a_body_of_another_shape_before_taking_its_key(schema, world, rules):
    from tests.test_slot_api import DEBIT, _op, _post, slot_setup

    slots = slot_setup(world)
    for body_, field, code in ((_op(slots.card, 10), "amount", "invalid_amount"),
                               (_op(slots.card, "10.00", currency="euro"), "currency", "invalid"),
                               (_op(slots.card, "10.00", machine=""), "machine", "required")):
        assert not valid(schema, "/api/v1/slots/debit/", body_)
        response = _post(slots, DEBIT, body_, "shape")
        assert response.status_code == 400 and response.json()["code"] == code, response.json()
        assert list(response.json()["field_errors"]) == [field]
        assert valid(schema, "/api/v1/slots/debit/", response.json(), "400")
    assert not SlotRequest.objects.exists()
    debit = _op(slots.card, "10,00")
    assert valid(schema, "/api/v1/slots/debit/", debit)
    response = _post(slots, DEBIT, debit, "shape")  # the same key, now with a body of the documented shape
    assert response.status_code == 201 and valid(schema, "/api/v1/slots/debit/", response.json(), "201")
    assert response.json()["amount"] == "10.00"


def test_the_rules_calculators_and_the_token_take_their_documented_shape(schema, world, rules):
    api = api_client_for(world.regulator_lu)
    wheel = reverse("api-rules-rtp-wheel")
    path = "/api/v1/rules/rtp/roue-de-fortune/"
    segments = [{"symbol": "1 $", "count": 24, "odds": "1 à 1"}, {"symbol": "2 $", "count": 15, "odds": "2 à 1"},
                {"symbol": "5 $", "count": 7, "odds": "5 A 1"}, {"symbol": "10 $", "count": 4, "odds": "10 à 1"},
                {"symbol": "20 $", "count": 2, "odds": "20 à 1"}, {"symbol": "Joker", "count": 2, "odds": "40,0 à 1"}]
    for bad in ({**segments[0], "count": "24"}, {**segments[0], "odds": "0 à 1"}, {**segments[0], "symbol": " "}):
        data = {"segments": [bad, *segments[1:]]}
        assert not valid(schema, path, data), bad
        response = api.post(wheel, data, format="json")
        assert response.status_code == 400 and list(response.json()["field_errors"]) == ["segments[0]"]
        assert response.json()["code"] == "invalid_segment"
    assert valid(schema, path, {"segments": segments})
    assert api.post(wheel, {"segments": segments}, format="json").status_code == 200
    # a day before the wheel's rules (found by tests/test_api_fuzz.py): the day is at fault, a documented 400 on it
    before = api.post(wheel, {"segments": segments, "on": "0525-12-31"}, format="json")
    assert before.status_code == 400 and list(before.json()["field_errors"]) == ["on"], before.json()
    assert before.json()["code"] == "not_in_force" and "roue de fortune" in before.json()["message"]

    hands = reverse("api-rules-hands-evaluate")
    path = "/api/v1/rules/hands/evaluate/"
    for data, field in (({"kind": "six_cartes", "hands": []}, "kind"),
                        ({"kind": "cinq_cartes", "hands": ["Ah Kh Qh Jh Xh"]}, "hands[0]"),
                        ({"kind": "cinq_cartes", "hands": "Ah Kh Qh Jh Th"}, "hands")):
        assert not valid(schema, path, data)
        response = api.post(hands, data, format="json")
        assert response.status_code == 400 and list(response.json()["field_errors"]) == [field], response.json()
    ok = {"kind": "cinq_cartes", "hands": ["Ah Kh Qh Jh Th", "2c,3c,4c,5c,6c", "AhKhQhJh9h"]}
    assert valid(schema, path, ok) and api.post(hands, ok, format="json").status_code == 200

    token = reverse("api-token")
    for data, field in (({"username": 12, "password": "x"}, "username"), ({"username": "a", "password": ""},
                                                                            "password"),
                        ({"username": "a", "password": "x", "otp": ""}, "otp")):
        assert not valid(schema, "/api/v1/auth/token/", data)
        response = APIClient().post(token, data, format="json")
        assert response.status_code == 400 and list(response.json()["field_errors"]) == [field]


def test_a_countersigned_filing_answers_as_documented(schema, lu):
    api = api_client_for(lu.accountant_c)
    pending = api.post(orphelins(lu), filing(), format="json").json()
    url = reverse("api-registers-countersign", kwargs={"pk": pending["id"]})
    entry = api_client_for(lu.manager_c).post(url)
    assert entry.status_code == 201 and entry.json()["refers_to"] is None
    assert valid(schema, "/api/v1/registers/pending/{id}/countersign/", entry.json(), "201")
    again = api_client_for(lu.manager_c).post(url)
    assert again.status_code == 400 and valid(schema, "/api/v1/registers/pending/{id}/countersign/", again.json(),
                                               "400")
    assert Entry.objects.count() == 1


def test_a_shape_refusal_speaks_the_requests_language(lu):
    api = api_client_for(lu.accountant_c)
    currency = api.post(orphelins(lu), filing(currency="eur"), format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    assert currency["message"] == "A currency code is expected: three capital letters (ISO 4217), e.g. EUR."
    amount = api.post(orphelins(lu), filing(amount="1e3"), format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    assert amount["message"] == "Invalid amount: “1e3”."
    level = api_client_for(lu.manager_c).post(jackpots(lu, "statement"), {"name": "X", "displayed": {"9": "1"},
                                                                           "increments": {"P1": "0"}},
                                              format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    assert level["field_errors"] == {"displayed[9]": ["Unknown level “9”: a progressive jackpot has at most levels "
                                                      "1, 2 and 3."]}


def test_reads_document_their_refusals_and_nullable_fields(schema):
    """Found by tests/test_api_fuzz.py: a GET answered 404 (an unknown casino), 401 or 403 while its schema named
    only 200, and fields answered null while their schema said string or integer."""
    for path, operations in schema["paths"].items():
        if "get" in operations:
            assert {"401", "403", "404", "429"} <= set(operations["get"]["responses"]), path
    components = schema["components"]["schemas"]
    for component, name in [("OrphelinOutput", "closed_by"), ("GameOutput", "jurisdiction"),
                            ("GameOutput", "ranking"), ("InstrumentOutput", "jurisdiction")]:
        assert components[component]["properties"][name].get("nullable") is True, (component, name)


@pytest.mark.django_db
def test_an_unknown_api_path_answers_the_error_body(client):
    """Found by tests/test_api_fuzz.py: a path no route matches (a casino code with a space) answered the site's
    HTML page under /api/."""
    response = client.get("/api/v1/casinos/not a slug/")
    assert response.status_code == 404
    assert response.json() == {"code": "not_found", "message": "Non trouvé.", "field_errors": {}}


def test_an_article_no_other_article_introduced_answers_as_its_schema_says(schema, lu):
    """A dispositif article has no `introduced_by`: null, which the schema must admit (the fuzz once met it)."""
    response = api_client_for(lu.accountant_c).get("/api/v1/rules/articles/", {"q": "avance"})
    assert response.status_code == 200
    articles = [hit["article"] for hit in response.json()]
    assert any(article["introduced_by"] is None for article in articles), articles  # « dispositif » articles
    node = schema["paths"]["/api/v1/rules/articles/"]["get"]["responses"]["200"]["content"]["application/json"]
    jsonschema.validate(response.json(), json_schema(schema, node["schema"]), format_checker=jsonschema.FormatChecker())
