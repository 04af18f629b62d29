"""The notices' API (/api/v1/registers/<casino>/notices/): what the casino owes, displays and records on a day, read by
everyone of its scope; postings and withdrawals by its management through the services (LU RGD 1979 art. 74 al. 1 as
the draft replaces it; QC RJC art. 67.91)."""

import datetime

import pytest
from django.urls import reverse

from registers.models import NoticeEvent
from tests.conftest import api_client_for
from tests.test_notices import ROOMS, lu_manager

pytestmark = pytest.mark.django_db


def _urls(casino):
    return (reverse("api-registers-notices", kwargs={"casino": casino.code}),
            reverse("api-registers-notices-posting", kwargs={"casino": casino.code}),
            reverse("api-registers-notices-withdrawal", kwargs={"casino": casino.code}))


def test_lu_74_the_management_posts_and_withdraws_through_the_api_and_the_regulator_reads_the_day(world, rules):
    """Art. 74 al. 1 (draft): « Le directeur est tenu d'afficher au casino de façon lisible et facilement visible les
    informations suivantes ». Posted with the casino's texts (201), read back by the Minister's regulator as owed and
    displayed that day, then withdrawn with its reason: the day's two rows, the notice owed and no longer displayed."""
    read, post, withdraw = _urls(world.c)
    manager = api_client_for(lu_manager(world))
    answer = manager.post(post, {"kind": "salles", "place": "Salle des jeux de table", "size": "A3", "texts": ROOMS},
                          format="json")
    assert answer.status_code == 201, answer.json()
    posted = answer.json()
    assert posted["action"] == "pose" and posted["posting"] is None and len(posted["sha256"]) == 64
    regulator = api_client_for(world.regulator_lu)
    body = regulator.get(read).json()
    owed = {row["kind"]: row for row in body["owed"]}
    assert owed["salles"]["displayed"] and owed["salles"]["citation"] == "LU RGD 1979 art. 74 al. 1 (projet)"
    assert not owed["cartes"]["displayed"]
    (shown,) = body["displayed"]
    assert shown["number"] == posted["number"] and shown["size"] == "A3"
    assert any(line == "Tout enjeu sur parole est interdit." for section in shown["sections"]
               for line in section["lines"])
    taken = manager.post(withdraw, {"posting": posted["number"], "reason": "Texte remplacé"}, format="json")
    assert taken.status_code == 201 and taken.json()["posting"] == posted["number"]
    body = regulator.get(read).json()
    assert body["displayed"] == [] and [row["action"] for row in body["events"]] == ["pose", "retrait"]
    yesterday = (world.c.today() - datetime.timedelta(days=1)).isoformat()
    assert regulator.get(read, {"day": yesterday}).json()["events"] == []


def test_lu_74_the_api_refuses_naming_the_field_and_only_the_management_writes(world, rules):
    """Art. 74 al. 1 (c): « l'information que tout enjeu sur parole est interdit »: without its text, a 400 naming
    the field (`required`); a notice the casino's texts do not require (QC 67.91's poker room at a Luxembourg casino)
    is `not_offered`; a withdrawal of what is not displayed `wrong_state`; the accountant (`wrong_role`) and the
    regulator (read-only, 403) may not write; another casino's notices are a 404."""
    read, post, withdraw = _urls(world.c)
    manager = api_client_for(lu_manager(world))
    refused = manager.post(post, {"kind": "salles", "place": "Salle", "texts": {**ROOMS, "point_4": ""}},
                           format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "required"
    assert set(refused.json()["field_errors"]) == {"point_4"}
    other = manager.post(post, {"kind": "salon_poker", "place": "Salon", "texts": {}}, format="json")
    assert other.status_code == 400 and other.json()["code"] == "not_offered"
    gone = manager.post(withdraw, {"posting": 999999, "reason": "x"}, format="json")
    assert gone.status_code == 400 and gone.json()["code"] == "wrong_state"
    for someone, status, code in ((world.accountant_c, 400, "wrong_role"), (world.regulator_lu, 403, None)):
        answer = api_client_for(someone).post(post, {"kind": "salles", "place": "Salle", "texts": ROOMS},
                                              format="json")
        assert answer.status_code == status and code in (None, answer.json()["code"]), answer.json()
    assert not NoticeEvent.objects.exists()
    assert api_client_for(world.manager_a).get(read).status_code == 404
