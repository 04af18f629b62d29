"""Each kind of job has its own body in the OpenAPI schema (a `oneOf` with its discriminator on `kind`), its parameters
typed and required as the kind takes them (JOB_PARAMETERS, checked by job_enqueue); the request the fuzzer sent six
times, `POST /api/v1/jobs/ {"kind": "reconciliation"}`, which made jobs that failed in the worker with
`KeyError('journee')`, is a 400 naming `gaming_day` with nothing written and no task sent; a job that still fails says
so in people's words, on the API and on its page, the exception left to the log."""

import datetime
import html
import json
import logging

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer

from compliance import services
from compliance.api.views import JOB_INPUTS
from compliance.models import AuditEvent, JobRun
from compliance.services import JOB_PARAMETERS, job_enqueue, job_execute
from tests.conftest import api_client_for
from tests.test_api_schema import json_schema, resolved

JOBS = "/api/v1/jobs/"
EXCEPTION = ("KeyError", "journee", "Traceback", "Error(")


@pytest.fixture(scope="module")
def schema() -> dict:
    return json.loads(OpenApiJsonRenderer().render(SchemaGenerator().get_schema(request=None, public=True)))


def _body(schema: dict) -> dict:
    node = schema["paths"][JOBS]["post"]["requestBody"]["content"]["application/json"]["schema"]
    return schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]


def test_each_kind_of_job_has_its_own_body_with_its_parameters_as_the_kind_takes_them(schema):
    body = _body(schema)
    assert body["discriminator"]["propertyName"] == "kind"
    mapping = body["discriminator"]["mapping"]
    assert set(mapping) == {str(kind) for kind in JobRun.Kind} == set(JOB_INPUTS) == set(JOB_PARAMETERS)
    assert [variant["$ref"] for variant in body["oneOf"]] == list(mapping.values())
    for kind, ref in mapping.items():
        variant = resolved(schema, {"$ref": ref})
        names, _check = JOB_PARAMETERS[kind]
        assert set(variant["properties"]) == {"kind", *names}, kind
        assert set(variant["required"]) == {"kind", *names}, kind  # every parameter of a kind is required
        assert variant["properties"]["kind"]["enum"] == [kind]
        for name in names:
            assert "type" in variant["properties"][name], (kind, name)
    reconciliation = resolved(schema, {"$ref": mapping["reconciliation"]})["properties"]["gaming_day"]
    assert (reconciliation["type"], reconciliation["format"]) == ("string", "date")


def test_the_schema_refuses_what_the_api_refuses_and_takes_what_it_takes(schema):
    import jsonschema

    checked = json_schema(schema, schema["paths"][JOBS]["post"]["requestBody"]["content"]["application/json"]
                          ["schema"])
    checked["components"] = schema["components"]  # its $refs
    for body, valid in (({"kind": "reconciliation"}, False), ({"kind": "reconciliation", "gaming_day": "2026-01-01"},
                                                              True),
                        ({"kind": "pipeline_check"}, True), ({"kind": "inconnu"}, False)):
        errors = list(jsonschema.Draft202012Validator(checked).iter_errors(body))
        assert (not errors) == valid, (body, errors)


def test_the_fuzzer_s_reconciliation_without_its_day_is_a_400_naming_gaming_day_and_nothing_is_sent(
        world, rules, django_capture_on_commit_callbacks):
    api = api_client_for(world.accountant_a)
    jobs, events = JobRun.objects.count(), AuditEvent.objects.count()
    with django_capture_on_commit_callbacks(execute=False) as sent:
        for _time in range(6):  # as the fuzzer sent it
            response = api.post(JOBS, {"kind": "reconciliation"}, format="json")
            assert response.status_code == 400, response.content
            body = response.json()
            assert (body["code"], list(body["field_errors"])) == ("required", ["gaming_day"]), body
    assert (JobRun.objects.count(), AuditEvent.objects.count(), sent) == (jobs, events, [])


def test_a_parameter_a_kind_does_not_take_is_refused_by_its_name(world, rules):
    before = JobRun.objects.count()
    response = api_client_for(world.accountant_a).post(JOBS, {"kind": "pipeline_check", "journee": "2026-01-01"},
                                                       format="json")
    assert response.status_code == 400 and response.json()["field_errors"].keys() == {"journee"}, response.content
    assert response.json()["code"] == "parameter_not_taken" and JobRun.objects.count() == before


def test_a_reconciliation_that_still_fails_in_the_worker_says_so_in_people_s_words(world, rules, monkeypatch,
                                                                                    caplog):
    job = job_enqueue(kind="reconciliation", casino=world.a, requested_by=world.accountant_a,
                      parameters={"gaming_day": world.a.today() - datetime.timedelta(days=1)})

    def broken(*, job, worker):
        raise KeyError("journee")

    monkeypatch.setitem(services.JOB_HANDLERS, JobRun.Kind.RECONCILIATION, broken)
    with caplog.at_level(logging.ERROR, logger="compliance.services"), pytest.raises(KeyError):
        job_execute(job_id=str(job.pk), worker="w1")
    assert [r.exc_info[0] for r in caplog.records if r.name == "compliance.services"] == [KeyError]  # the log's
    client = Client()
    client.force_login(world.accountant_a)
    for language in ("fr", "en"):
        answer = api_client_for(world.accountant_a).get(reverse("api-job-detail", kwargs={"pk": job.pk}),
                                                        HTTP_ACCEPT_LANGUAGE=language).json()
        with translation.override(language):
            assert answer["status"] == "failed" and answer["error"] == JobRun.objects.get(pk=job.pk).failure
        client.cookies["django_language"] = language
        page = html.unescape(client.get(reverse("job-detail", kwargs={"pk": job.pk})).content.decode())
        assert answer["error"] in page
        for shown in (answer["error"], page):
            assert not [word for word in EXCEPTION if word in shown], (language, shown[:300])
    assert answer["error"] != JobRun.objects.get(pk=job.pk).error  # the exception stays the administrator's
