"""The bad beat jackpot's voluntary stop against the day its information of the Minister announced (LU RGD 1979, draft
« projet », art. 49-14 al. 2: « Un arrêt volontaire du bad beat jackpot peut intervenir à tout moment sous réserve d'en
informer le Ministre des Finances dans les quinze jours qui précèdent. »). The information is the request filed with
the Minister (compliance/approvals, kind `arret_bad_beat`, its « Date de l'arrêt »); the bad beat's register records
it by its reference. A stop on another day than the one announced is not the stop the Minister was told of: refused
by the service, found by the audit, shown on the register's page, which links each notice to its request (the reading:
games/rules/ambiguities.yaml lu.bad_beat_jackpot.jour_de_l_arret_annonce)."""

import datetime

import pytest
from django.urls import reverse

from compliance.approvals.models import ApprovalRequest
from compliance.approvals.services import request_create, request_file
from compliance.errors import DomainError
from registers.errors import ErrorCode
from registers.kinds import RegisterKind
from registers.management.audit import audit
from registers.poker.controls.bad_beat_notices import StopNotice, stop_day_problems
from registers.poker.services import bad_beat_notice, bad_beat_stop
from tests.conftest import lu_today, make_user
from tests.test_lu_49_house_rules import open_bad_beat, record_house_rules

TODAY = lu_today


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    record_house_rules(world)
    open_bad_beat(world, days_ago=30)
    return world


def _informed(lu, announced: datetime.date, days_before: int) -> ApprovalRequest:
    """The request informing the Minister of a stop on `announced`, filed `days_before` it (its filing moved back in
    time, as a request filed then would stand), recorded in the bad beat's register as its notice."""
    draft = request_create(actor=lu.manager_c, casino=lu.c, kind="arret_bad_beat", items={
        "table": "P1 · bad beat jackpot", "motif": "Travaux", "date_arret": announced.isoformat()})
    request = request_file(actor=lu.manager_c, request=draft)
    filed = announced - datetime.timedelta(days=days_before)
    ApprovalRequest.objects.filter(pk=request.pk).update(
        filed_at=datetime.datetime.combine(filed, datetime.time(12), tzinfo=datetime.UTC))
    bad_beat_notice(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), minister_notified_on=filed,
                    reference=request.reference)
    return request


def _invalid(lu) -> list[str]:
    return [str(problem) for register in audit(casino_code=lu.c.code, kind=RegisterKind.BAD_BEAT)
            for found in register.invalid for problem in found.problems]


def test_lu_rgd_art_49_14_al_2_the_stop_day_is_compared_with_the_day_the_request_announced():
    """Art. 49-14 al. 2: « sous réserve d'en informer le Ministre des Finances »: the request told the Minister of a
    stop on its « Date de l'arrêt »; a stop that day passes, another day is not the stop told of; a letter's own
    reference (no request) or a request without its day is not compared."""
    day = datetime.date(2026, 3, 10)
    named = StopNotice("C-2026-0003", "Arrêt volontaire du bad beat jackpot", own=True, stop=True,
                       filed_on=day - datetime.timedelta(days=20), announced=day)
    assert stop_day_problems(named, day, "LU art. 49-14 al. 2") == []
    (problem,) = stop_day_problems(named, day + datetime.timedelta(days=1), "LU art. 49-14 al. 2")
    assert (problem.field, problem.code, problem.citation) == ("gaming_day", ErrorCode.WRONG_REFERENCE,
                                                               "LU art. 49-14 al. 2")
    assert problem.params["announced"] == day and problem.params["reference"] == "C-2026-0003"
    assert stop_day_problems(None, day, "LU art. 49-14 al. 2") == []
    undated = StopNotice("C-2026-0003", "Arrêt volontaire", own=True, stop=True, filed_on=day, announced=None)
    assert stop_day_problems(undated, day + datetime.timedelta(days=1), "LU art. 49-14 al. 2") == []


def test_lu_rgd_art_49_14_al_2_a_voluntary_stop_on_another_day_than_announced_is_refused(lu):
    """« Un arrêt volontaire du bad beat jackpot peut intervenir à tout moment sous réserve d'en informer le Ministre
    des Finances dans les quinze jours qui précèdent » (art. 49-14 al. 2): the Minister was told of a stop tomorrow;
    the stop today is refused (the register unchanged), citing the article; the stop on the day a request announced is
    taken, and the audit finds nothing."""
    today = TODAY()
    tomorrow = _informed(lu, today + datetime.timedelta(days=1), days_before=20)
    with pytest.raises(DomainError) as refused:
        bad_beat_stop(casino=lu.c, actor=lu.manager_c, gaming_day=today, voluntary=True, reason="Travaux")
    assert refused.value.field == "gaming_day" and refused.value.code == ErrorCode.WRONG_REFERENCE
    message = str(refused.value.message)
    assert tomorrow.reference in message and "49-14" in message, message
    _informed(lu, today, days_before=16)
    bad_beat_stop(casino=lu.c, actor=lu.manager_c, gaming_day=today, voluntary=True, reason="Travaux")
    assert _invalid(lu) == []


def test_lu_rgd_art_49_14_al_2_the_audit_and_the_page_compare_the_stop_with_the_announced_day(lu, client):
    """Art. 49-14 al. 2 (« sous réserve d'en informer le Ministre des Finances dans les quinze jours qui précèdent »):
    the page links each notice to the request filed with the Minister and says the day it announced; once the request
    names another day than the stop's, the audit finds the stop and the page says so, citing the article."""
    today = TODAY()
    request = _informed(lu, today, days_before=16)
    bad_beat_stop(casino=lu.c, actor=lu.manager_c, gaming_day=today, voluntary=True, reason="Travaux")
    url = reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "bad_beat"})
    client.force_login(lu.manager_c)
    page = client.get(url).content.decode()
    link = reverse("approvals-detail", kwargs={"reference": request.reference})
    assert f'href="{link}"' in page and 'data-testid="bad-beat-notice-announced"' in page
    assert 'data-testid="bad-beat-stop-off-day"' not in page
    later = (today + datetime.timedelta(days=3)).isoformat()
    ApprovalRequest.objects.filter(pk=request.pk).update(items={**request.items, "date_arret": later})
    (problem,) = _invalid(lu)
    assert request.reference in problem and "49-14" in problem, problem
    page = client.get(url).content.decode()
    warned = page[page.index('data-testid="bad-beat-stop-off-day"'):]
    assert request.reference in warned[:600] and "49-14" in warned[:600], warned[:600]
