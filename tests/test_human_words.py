"""Issue 36, item 9: the product speaks people's words. A failed job or report says what failed, in French and in
English, and its exception goes to the server's log (and the administrator), never to a page or an API answer; dates
read « 28 nov. 2026 », never ISO, in the zone the page names; counts of days agree with their number."""

import datetime
import html
import logging
from decimal import Decimal

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from compliance import formatting
from compliance.models import JobRun, Jurisdiction
from compliance.reports.models import Report
from compliance.services import JOB_HANDLERS, job_execute
from games.templatetags.rules import rule_value
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db

EXCEPTION = ("KeyError", "'journee'", "Traceback", "Error(")


def _broken(*, job, worker):
    raise KeyError("journee")


def _page(user, url: str, language: str) -> str:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_a_failed_job_says_what_failed_and_its_exception_goes_to_the_log(world, monkeypatch, caplog):
    monkeypatch.setitem(JOB_HANDLERS, JobRun.Kind.PIPELINE_CHECK, _broken)
    with caplog.at_level(logging.ERROR, logger="compliance.services"), pytest.raises(KeyError):
        job_execute(job_id=str(world.job_a.pk), worker="w1")
    job = JobRun.objects.get(pk=world.job_a.pk)
    assert job.status == JobRun.Status.FAILED and "KeyError" in job.error  # the administrator's, in the admin
    [logged] = [record for record in caplog.records if record.name == "compliance.services"]
    assert logged.exc_info and logged.exc_info[0] is KeyError  # the traceback, in the server's log

    url = reverse("job-detail", kwargs={"pk": job.pk})
    french = _page(world.accountant_a, url, "fr")
    assert "« Vérification de la chaîne de traitement » n'a pas abouti" in french and "tentative n° 1" in french
    english = _page(world.accountant_a, url, "en")
    for page in (french, english):
        assert not [word for word in EXCEPTION if word in page]
    for language in ("fr", "en"):
        with translation.override(language):
            expected = job.failure
        answer = api_client_for(world.accountant_a).get(reverse("api-job-detail", kwargs={"pk": job.pk}),
                                                        HTTP_ACCEPT_LANGUAGE=language).json()
        assert answer["error"] == expected and "KeyError" not in str(answer)


def test_a_failed_report_says_so_in_people_s_words(world):
    report = Report.objects.create(kind="register_daily", casino=world.a, period_start=world.a.today(),
                                   period_end=world.a.today(), requested_by=world.accountant_a,
                                   requested_at=timezone.now(), status=Report.Status.FAILED,
                                   error="ValueError: unsupported operand type(s)")
    page = _page(world.accountant_a, reverse("reports-list"), "fr")
    assert "Le rapport n'a pu être rendu ni signé" in page
    assert "ValueError" not in page and "operand" not in page
    assert report.failure


def test_times_read_as_people_write_them_in_the_zone_the_page_names(world):
    quebec, luxembourg = (Jurisdiction.objects.get(code=code) for code in ("QC", "LU"))
    moment = datetime.datetime(2026, 11, 28, 18, 15, tzinfo=datetime.UTC)
    with translation.override("fr"), timezone.override(quebec.timezone):
        assert formatting.date(moment, jurisdiction=quebec, style="short") == "28 nov. 2026 13 h 15"  # not 2026-11-28
        assert formatting.date(moment.date(), jurisdiction=quebec, style="short") == "28 nov. 2026"
        assert formatting.date(moment.date(), jurisdiction=quebec) == "28 novembre 2026"
        assert formatting.zone_name(quebec, moment) == "heure du Québec (UTC-05:00)"
    with translation.override("fr"), timezone.override(luxembourg.timezone):
        assert formatting.date(moment, jurisdiction=luxembourg, style="short") == "28 nov. 2026 19:15"
        assert formatting.zone_name(luxembourg, moment) == "heure du Luxembourg (UTC+01:00)"
        assert formatting.money(Decimal("48805.00"), currency="EUR", jurisdiction=luxembourg) == "48\u202f805,00\xa0€"
    assert formatting.zone_name(None) == "temps universel (UTC)"
    page = _page(world.accountant_a, reverse("job-list"), "fr")
    assert "Heures : heure du Québec (UTC" in page
    assert "Heures : temps universel (UTC)" in _page(world.admin, reverse("admin:index"), "fr")  # the admin's UTC


def test_a_count_of_days_agrees_with_its_number():
    with translation.override("fr"):
        assert (formatting.days(1), formatting.days(6)) == ("1 jour", "6 jours")
        assert rule_value(1, "days") == "1 jour" and rule_value(7, "calendar_days") == "7 jours calendaires"
        assert "(s)" not in rule_value(3, "weeks") + rule_value(2, "hours") + rule_value(15, "working_days")
