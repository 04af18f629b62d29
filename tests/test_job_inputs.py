"""A job's inputs are checked when it is asked, by the service the jobs API calls (compliance.services.job_enqueue,
JOB_PARAMETERS): a reconciliation without its gaming day, or with a day the worker would refuse, a parameter its kind
does not take, a kind that does not exist: refused with the field named, and nothing written (no job, no audit
event, no task). Before, `{"kind": "reconciliation"}` made a job that failed in the worker with `KeyError`."""

import datetime

import pytest

from compliance.errors import DomainError, ErrorCode
from compliance.models import AuditEvent, JobRun
from compliance.services import job_enqueue, job_execute
from registers.errors import ErrorCode as RegisterCode
from tests.conftest import OPENED_ON, api_client_for

pytestmark = pytest.mark.django_db

JOBS = "/api/v1/jobs/"


def _written() -> tuple[int, int]:
    return JobRun.objects.count(), AuditEvent.objects.count()


def _yesterday(casino) -> datetime.date:
    return casino.today() - datetime.timedelta(days=1)


# (kind, parameters, the field named, its code): every kind with a parameter missing or bad, through the service
REFUSED = [
    ("reconciliation", {}, "gaming_day", ErrorCode.REQUIRED),
    ("reconciliation", {"gaming_day": "2026-01-01"}, "gaming_day", RegisterCode.INVALID),  # a text, not a day
    ("reconciliation", {"gaming_day": "tomorrow"}, "gaming_day", RegisterCode.FUTURE_DAY),
    ("reconciliation", {"gaming_day": "before"}, "gaming_day", RegisterCode.BEFORE_OPENING),
    ("reconciliation", {"gaming_day": "yesterday", "table": "BJ-1"}, "table", ErrorCode.PARAMETER_NOT_TAKEN),
    ("pipeline_check", {"gaming_day": "yesterday"}, "gaming_day", ErrorCode.PARAMETER_NOT_TAKEN),
    ("inconnu", {}, "kind", ErrorCode.INVALID),
]


def _day(casino, value):
    days = {"tomorrow": casino.today() + datetime.timedelta(days=1), "yesterday": _yesterday(casino),
            "before": OPENED_ON - datetime.timedelta(days=1)}
    return days.get(value, value)


@pytest.mark.parametrize(("kind", "parameters", "field", "code"), REFUSED)
def test_the_service_refuses_a_job_s_missing_or_bad_parameter_and_writes_nothing(world, rules, kind, parameters,
                                                                                  field, code):
    parameters = {name: _day(world.a, value) for name, value in parameters.items()}
    before = _written()
    with pytest.raises(DomainError) as refused:
        job_enqueue(kind=kind, casino=world.a, requested_by=world.accountant_a, parameters=parameters)
    assert refused.value.field == field and refused.value.code == code
    assert _written() == before


def test_the_messages_name_what_is_missing_and_what_is_not_taken(world, rules):
    with pytest.raises(DomainError) as missing:
        job_enqueue(kind="reconciliation", casino=world.a, requested_by=world.accountant_a)
    assert str(missing.value.message) == "Un rapprochement se demande avec sa journée de jeu (« gaming_day »)."
    with pytest.raises(DomainError) as extra:
        job_enqueue(kind="pipeline_check", casino=world.a, requested_by=world.accountant_a,
                    parameters={"gaming_day": _yesterday(world.a)})
    assert str(extra.value.message) == ("« Vérification de la chaîne de traitement » ne prend pas de paramètre "
                                        "« gaming_day ».")


def test_a_reconciliation_asked_with_its_day_runs_in_the_worker(world, rules):
    day = _yesterday(world.a)
    job = job_enqueue(kind="reconciliation", casino=world.a, requested_by=world.accountant_a,
                      parameters={"gaming_day": day})
    assert job.result == {"journee": day.isoformat()} and job.gaming_day == day
    event = AuditEvent.objects.filter(target_type="job", target_id=str(job.pk)).get()
    assert event.details == {"kind": "reconciliation", "journee": day.isoformat()}
    done = job_execute(job_id=str(job.pk), worker="test")
    assert done.status == JobRun.Status.SUCCEEDED and done.result["journee"] == day.isoformat()


@pytest.mark.parametrize(("raised", "level", "traceback"), [
    (DomainError("Journée de jeu refusée : l'année est archivée."), "WARNING", False),
    (KeyError("journee"), "ERROR", True),
])
def test_a_job_refused_by_a_rule_logs_its_message_and_a_fault_of_the_code_its_traceback(
        world, rules, monkeypatch, caplog, raised, level, traceback):
    from compliance import services

    def handler(*, job, worker):
        raise raised

    monkeypatch.setitem(services.JOB_HANDLERS, JobRun.Kind.PIPELINE_CHECK, handler)
    job = job_enqueue(kind="pipeline_check", casino=world.a, requested_by=world.accountant_a)
    with pytest.raises(type(raised)):
        job_execute(job_id=str(job.pk), worker="test")
    (record,) = [r for r in caplog.records if str(job.pk) in r.getMessage()]
    assert record.levelname == level and (record.exc_info is not None) == traceback
    assert JobRun.objects.get(pk=job.pk).status == JobRun.Status.FAILED


# --- through the API: the same refusals, under the body's field --------------------------------------------------


def _body(casino, kind, parameters):
    return {"kind": kind, **{name: str(_day(casino, value)) for name, value in parameters.items()}}


@pytest.mark.parametrize(("kind", "parameters", "field", "code"), [
    ("reconciliation", {}, "gaming_day", "required"),
    ("reconciliation", {"gaming_day": "tomorrow"}, "gaming_day", "future_day"),
    ("reconciliation", {"gaming_day": "before"}, "gaming_day", "before_opening"),
    ("pipeline_check", {"gaming_day": "yesterday"}, "gaming_day", "parameter_not_taken"),
])
def test_the_api_refuses_the_same_with_the_field_named_and_creates_nothing(world, rules, kind, parameters, field,
                                                                          code):
    before = _written()
    response = api_client_for(world.accountant_a).post(JOBS, _body(world.a, kind, parameters), format="json")
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == code and list(body["field_errors"]) == [field] and body["message"]
    assert _written() == before


def test_the_api_refuses_a_day_that_is_not_one_and_a_kind_that_is_not_one(world, rules):
    api, before = api_client_for(world.accountant_a), _written()
    for body, field in (({"kind": "reconciliation", "gaming_day": "hier"}, "gaming_day"),
                        ({"kind": "reconciliation", "gaming_day": 20260101}, "gaming_day"),
                        ({"kind": "inconnu"}, "kind")):
        response = api.post(JOBS, body, format="json")
        assert response.status_code == 400 and field in response.json()["field_errors"], response.content
    assert _written() == before


def test_the_api_asks_a_reconciliation_with_its_day(world, rules):
    day = _yesterday(world.a)
    response = api_client_for(world.accountant_a).post(JOBS, {"kind": "reconciliation", "gaming_day": str(day)},
                                                       format="json")
    assert response.status_code == 201, response.content
    job = JobRun.objects.get(pk=response.json()["id"])
    assert job.kind == JobRun.Kind.RECONCILIATION and job.gaming_day == day and job.requested_by == world.accountant_a
    assert response.json()["result"] == {"journee": day.isoformat()}
