"""The table games' API: the casino's tables, the sessions of a gaming day with their slips and figures, a table
created, a session opened, a fill or credit filed and voided, the table closed and its drop counted, Pai Gow
commissions, all through the services; regulators read and never write, another casino is a 404, a body of another
shape is refused by its field and writes nothing."""

import datetime
import json
from decimal import Decimal

import pytest
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer

from registers.models import Entry, GamingTable, Slip, SlipVoid, TableSession
from registers.tables.services import session_open, table_create
from tests.conftest import PASSWORD, api_client_for, lu_today, make_user
from tests.tables_world import COUNTED, FLOAT, SIGNED, SLIP_SIGNED, fill, lu_table, open_lu
from tests.test_api_schema import R, body, valid

pytestmark = pytest.mark.django_db

DAY = lu_today() - datetime.timedelta(days=1)


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.cashier2_c = make_user("compta2.c", "accountant", casino=world.c)
    return world


def url(name, w, **kwargs):
    return reverse(f"api-registers-tables{name}", kwargs={"casino": w.c.code, **kwargs})


def counts():
    return (Entry.objects.count(), Slip.objects.count(), TableSession.objects.count(), GamingTable.objects.count(),
            SlipVoid.objects.count())


def refused(api, path, body, field, code=None):
    before = counts()
    response = api.post(path, body, format="json")
    assert response.status_code == 400, (response.status_code, response.json())
    answer = response.json()
    assert field in answer["field_errors"], answer
    if code:
        assert answer["code"] == code, answer
    assert counts() == before
    return answer


def opening(**changes):
    return {"table": "HC-01", "gaming_day": DAY.isoformat(), "minimum": "10", "maximum": "500",
            "float_amount": "3500,00", "denominations": FLOAT, "signatures": SIGNED, **changes}


def test_a_table_s_day_through_the_api(w):
    manager, cashier = api_client_for(w.manager_c), api_client_for(w.accountant_c)
    created = manager.post(url("", w), {"game": "lu.holdem_casino", "number": "HC-01", "pit": "A"}, format="json")
    assert created.status_code == 201 and created.json()["open_session"] is None
    refused(cashier, url("", w), {"game": "lu.holdem_casino", "number": "HC-02", "pit": "A"}, "actor", "wrong_role")
    refused(manager, url("", w), {"game": "lu.holdem_casino", "number": "HC-01", "pit": "A"}, "number", "duplicate")

    refused(cashier, url("-sessions", w), opening(table="XX"), "table", "unknown_table")
    refused(cashier, url("-sessions", w), opening(maximum="600"), "maximum")
    refused(cashier, url("-sessions", w), opening(float_amount=None), "float_amount")
    refused(cashier, url("-sessions", w), opening(denominations={"100": "20"}), "denominations[100]")
    refused(cashier, url("-sessions", w), opening(denominations={"1 00": 20}), "denominations[1 00]")
    refused(cashier, url("-sessions", w), opening(denominations={"999999999999": 2}), "denominations",
            "invalid_amount")
    refused(cashier, url("-sessions", w), opening(signatures={"croupier": "Anne"}), "signatures.superviseur",
            "required")
    opened = cashier.post(url("-sessions", w), opening(), format="json")
    assert opened.status_code == 201, opened.json()
    session = opened.json()
    assert (session["bank_mode"], session["float_amount"], session["maximum_per"]) == ("avance", "3500.00", "case")
    assert session["limits_citation"].startswith("LU RGD 1979 art. 37-11") and session["win"] is None
    pk = session["id"]

    slip = {"kind": "approvisionnement", "serial": 1001, "amount": "1 000,00", "denominations": {"100": 10},
            "signatures": SLIP_SIGNED}
    assert cashier.post(url("-slip", w, pk=pk), slip, format="json").status_code == 201
    refused(cashier, url("-slip", w, pk=pk), {**slip, "serial": 1003}, "serial", "invalid")
    refused(cashier, url("-slip", w, pk=pk), {**slip, "serial": 1001}, "serial", "duplicate")
    refused(cashier, url("-slip", w, pk=pk), {**slip, "serial": "1002"}, "serial")  # an integer, not a string
    refused(cashier, url("-slip", w, pk=pk), {**slip, "serial": 1002, "kind": "drop"}, "kind")
    credit = cashier.post(url("-slip", w, pk=pk), {**slip, "serial": 1002, "kind": "credit", "amount": "200",
                                                   "denominations": {"100": 2}}, format="json")
    assert credit.status_code == 201 and credit.json()["serial"] == 1002
    void_url = url("-void", w, pk=credit.json()["id"])
    signs = {"countersigner_password": PASSWORD}
    refused(cashier, void_url, {"countersigner": w.accountant_c.username, **signs, "reason": "Erreur"}, "countersigner")
    refused(cashier, void_url, {"countersigner": w.accountant_a.username, **signs, "reason": "Erreur"}, "countersigner")
    refused(cashier, void_url, {"countersigner": w.manager_c.username, **signs, "reason": " "}, "reason", "required")
    refused(cashier, void_url, {"countersigner": w.manager_c.username, "countersigner_password": "x",
                                "reason": "Erreur"}, "countersigner_password")
    voided = cashier.post(void_url, {"countersigner": w.manager_c.username, **signs, "reason": "Saisi deux fois"},
                          format="json")
    assert voided.status_code == 201 and voided.json()["voided"] is True
    assert voided.json()["void_reason"] == "Saisi deux fois"

    refused(cashier, url("-drop", w, pk=pk), {"amount": "0", "denominations": {}, "signatures": COUNTED}, "session")
    closed = cashier.post(url("-close", w, pk=pk), {"denominations": FLOAT, "signatures": SIGNED}, format="json")
    assert closed.status_code == 201 and closed.json()["closed"] is True
    refused(cashier, url("-drop", w, pk=pk), {"amount": "3000", "denominations": {"100": 30},
                                              "signatures": {"compteur_1": "Ines", "compteur_2": "INES"}},
            "signatures.compteur_2")
    counted = cashier.post(url("-drop", w, pk=pk), {"amount": "3000", "denominations": {"100": 30},
                                                    "signatures": COUNTED}, format="json")
    assert counted.status_code == 201, counted.json()
    figures = counted.json()
    # win = 3000 − 1000 + 0 (the credit voided) + 0; hold = 2000 / 3000
    assert (figures["win"], figures["hold"], figures["drop"]) == ("2000.00", "0.6667", "3000.00")

    day = cashier.get(url("-sessions", w), {"day": DAY.isoformat()}).json()
    assert [row["id"] for row in day] == [pk]
    assert [(s["kind"], s["serial"], s["voided"]) for s in day[0]["slips"]] == [
        ("ouverture", None, False), ("approvisionnement", 1001, False), ("credit", 1002, True),
        ("fermeture", None, False), ("drop", None, False)]
    assert day[0]["slips"][1]["register"] == "avances" and day[0]["slips"][4]["register"] == "carnets_speciaux"
    tables = cashier.get(url("", w)).json()
    assert [(t["number"], t["open_session"]) for t in tables] == [("HC-01", None)]
    assert cashier.get(url("-sessions", w), {"day": "hier"}).status_code == 400


def test_regulators_read_and_never_write_and_another_casino_is_a_404(w):
    session = open_lu(w, lu_table(w), DAY)
    slip = fill(w, session, 1, {"100": 1})
    regulator = api_client_for(w.regulator_lu)
    assert regulator.get(url("", w)).status_code == 200
    listed = regulator.get(url("-sessions", w), {"day": DAY.isoformat()}).json()
    assert listed[0]["running"] == "-100.00" and listed[0]["closed"] is False
    before = counts()
    for path, data in ((url("", w), {"game": "lu.bataille", "number": "B", "pit": "B"}),
                       (url("-sessions", w), opening(table="HC-01")),
                       (url("-slip", w, pk=session.pk), {}), (url("-close", w, pk=session.pk), {}),
                       (url("-drop", w, pk=session.pk), {}), (url("-commission", w, pk=session.pk), {}),
                       (url("-void", w, pk=slip.pk), {})):
        response = regulator.post(path, data, format="json")
        assert response.status_code == 403 and response.json()["code"] == "permission_denied", path
    assert counts() == before
    foreign = api_client_for(w.accountant_a)
    for path in (url("", w), url("-sessions", w)):
        assert foreign.get(path).status_code == 404
    for path in (url("-slip", w, pk=session.pk), url("-close", w, pk=session.pk), url("-void", w, pk=slip.pk)):
        assert foreign.post(path, {}, format="json").status_code == 404
    # casino C's session under casino A's address: a 404 for casino A's own staff too
    own = reverse("api-registers-tables-close", kwargs={"casino": w.a.code, "pk": session.pk})
    assert foreign.post(own, {"denominations": {}, "signatures": SIGNED}, format="json").status_code == 404
    assert api_client_for(w.regulator_qc).get(url("-sessions", w)).status_code == 404
    assert counts() == before


def test_pai_gow_commissions_through_the_api(w):
    table = table_create(casino=w.a, actor=w.manager_a, game="qc.pai_gow", number="PG-1", pit="Pai Gow")
    session = session_open(table=table, actor=w.manager_a, gaming_day=w.a.today(), minimum="10", maximum="500",
                           denominations={"100": 35}, signatures=SIGNED)
    api = api_client_for(w.accountant_a)
    path = reverse("api-registers-tables-commission", kwargs={"casino": w.a.code, "pk": session.pk})
    rounds = [{"banque": "croupier", "joueurs": ["1", "2"], "gagnantes": {"1": "25", "2": "30"}}]
    refused(api, path, {"rounds": [{**rounds[0], "banque": "2"}], "amount": "3.00", "signatures": SIGNED}, "rounds")
    refused(api, path, {"rounds": [{**rounds[0], "banque": "²"}], "amount": "3.00", "signatures": SIGNED},
            "rounds[0].banque")
    refused(api, path, {"rounds": rounds, "amount": "3.50", "signatures": SIGNED}, "amount", "invalid_amount")
    refused(api, path, {"rounds": [], "amount": "0", "signatures": SIGNED}, "rounds")
    done = api.post(path, {"rounds": rounds, "amount": "3.00", "signatures": SIGNED}, format="json")
    assert done.status_code == 201 and done.json()["amount"] == "3.00" and done.json()["register"] == \
        "carnets_speciaux"
    assert Slip.objects.get(kind="commission").amount == Decimal("3.00")


def test_the_schema_documents_the_tables_bodies_as_they_are_checked(w):
    schema = json.loads(OpenApiJsonRenderer().render(SchemaGenerator().get_schema(request=None, public=True)))
    sessions = body(schema, R + "tables/sessions/")["properties"]
    assert sessions["denominations"]["additionalProperties"] == {"type": "integer", "minimum": 0,
                                                                 "maximum": 1_000_000}
    assert set(sessions["signatures"]["required"]) == {"croupier", "superviseur"}
    slip = body(schema, R + "tables/sessions/{id}/slips/")["properties"]
    assert set(slip["signatures"]["required"]) == {"demandeur", "caissier", "porteur", "croupier", "superviseur"}
    drop = body(schema, R + "tables/sessions/{id}/drop/")["properties"]
    assert set(drop["signatures"]["required"]) == {"compteur_1", "compteur_2"}
    rounds = body(schema, R + "tables/sessions/{id}/commissions/")["properties"]["rounds"]
    assert rounds["items"]["required"] == ["banque"] and rounds["minItems"] == 1
    assert rounds["items"]["properties"]["banque"]["pattern"] == "^(?:croupier|[0-9]{1,2})$"
    # what the schema refuses, the API refuses by its field; what it takes reaches the service
    table_create(casino=w.c, actor=w.manager_c, game="lu.holdem_casino", number="HC-01", pit="A")
    api = api_client_for(w.accountant_c)
    for changes, field in (({"minimum": 10}, "minimum"), ({"denominations": {"100": -1}}, "denominations[100]"),
                           ({"signatures": {"croupier": "A"}}, "signatures.superviseur"),
                           ({"table": "x" * 21}, "table"), ({"float_amount": "3500.001"}, "float_amount")):
        data = opening(**changes)
        assert not valid(schema, R + "tables/sessions/", data), changes
        refused(api, url("-sessions", w), data, field)
    assert valid(schema, R + "tables/sessions/", opening())
    response = api.post(url("-sessions", w), opening(), format="json")
    assert response.status_code == 201 and valid(schema, R + "tables/sessions/", response.json(), "201")
    pk = response.json()["id"]
    slip = {"kind": "credit", "serial": 1, "amount": "25", "denominations": {"25": 1}, "signatures": SLIP_SIGNED}
    assert valid(schema, R + "tables/sessions/{id}/slips/", slip)
    filed = api.post(url("-slip", w, pk=pk), slip, format="json")
    assert filed.status_code == 201 and valid(schema, R + "tables/sessions/{id}/slips/", filed.json(), "201")
    refused_body = api.post(url("-slip", w, pk=pk), {**slip, "serial": 0}, format="json").json()
    assert valid(schema, R + "tables/sessions/{id}/slips/", refused_body, "400")
