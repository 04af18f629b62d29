"""Issue 14, the reports beside the daily one: a register's monthly book (LU RGD 1979 art. 89-1, 97-1), the caisse
spéciale's daily statement (art. 18-14), a client's card statement (art. 3-1) and a pay table's exact return; each
signed, its hash where it belongs, verified; a refused request names its field and writes nothing."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from compliance.errors import DomainError
from compliance.models import AuditEvent
from compliance.reports import render, signing
from compliance.reports.models import Report
from compliance.reports.selectors import crl_der
from compliance.reports.services import report_generate, report_request
from compliance.reports.verification import verify_report
from registers.cards.caisse.services import desk_count_file
from registers.cards.ledger import card_bet, card_load
from registers.cards.services import card_issue
from registers.chain.verification import register_verify
from registers.models import Entry, Register
from tests.test_cards import _setup
from tests.test_reports_daily import closed_day  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def _signed(report: Report) -> bytes:
    assert report.status == "succeeded", report.error
    signed = bytes(report.pdf)
    verdict = signing.verify(signed, crl_der())
    assert verdict.valid and verdict.long_term, verdict.details
    return signed


def test_lu_89_1_the_monthly_book_holds_the_month_s_entries_and_is_recorded(closed_day):  # noqa: F811
    world, register, day = closed_day
    report = report_generate(report_request(actor=world.accountant_c, kind="register_monthly", casino=world.c,
                                            register_kind="orphelins", start=day))
    assert (report.period_start, report.period_end) == (day.replace(day=1), day)
    source = render.source_of(_signed(report))
    assert source["report"] == "register_monthly" and report.covered == [1, 2]
    assert source["days"][0]["entries"] == 2 and source["closed_days"] == 1 and source["checkpoints"]
    recorded = json.loads(Entry.objects.get(register=register, kind="rapport.signe").payload)
    assert (recorded["report"], recorded["sha256"]) == ("register_monthly", report.sha256)
    assert verify_report(bytes(report.pdf)).valid and register_verify(register).ok


@pytest.fixture
def cards_day(world, rules):
    manager, client = _setup(world)
    day = world.c.today()
    card = card_issue(casino=world.c, actor=manager, kind="nominative", client=client, gaming_day=day)
    card_load(card=card, actor=world.accountant_c, amount="300.00", desk="Caisse 1", gaming_day=day)
    card_bet(card=card, actor=world.accountant_c, amount="20.00", machine="AS-01", gaming_day=day)
    desk_count_file(casino=world.c, actor=world.accountant_c, gaming_day=day, desk="Caisse 1", cash="300.00",
                    tokens="0")
    return world, card, day


def test_lu_18_14_the_caisse_statement_is_signed_and_covers_the_day_s_card_entries(cards_day):
    world, card, day = cards_day
    report = report_generate(report_request(actor=world.accountant_c, kind="caisse_daily", casino=world.c,
                                            start=day))
    source = render.source_of(_signed(report))
    day_entries = list(Entry.objects.filter(register__casino=world.c, register__kind="cartes", gaming_day=day)
                       .exclude(kind="rapport.signe").order_by("seq").values_list("seq", flat=True))
    assert report.covered == day_entries and len(day_entries) == 4  # issue, load, bet, desk count
    assert source["statement"]["desks"]["encaisse"] == "580.00"  # 300 cash + 280 on the card (art. 18-14 al. 2)
    assert verify_report(bytes(report.pdf)).valid


def test_lu_3_1_a_client_s_card_statement_lists_its_operations_and_balances(cards_day):
    world, card, day = cards_day
    report = report_generate(report_request(actor=world.accountant_c, kind="card_statement", subject=card.number))
    assert (report.casino, report.period_start, report.period_end) == (world.c, card.gaming_day, day)
    source = render.source_of(_signed(report))
    assert [row["kind"] for row in source["entries"]] == ["carte.emission", "carte.chargement", "carte.mise"]
    assert (source["opening"], source["closing"], source["balanced"]) == ("0.00", "280.00", True)
    assert verify_report(bytes(report.pdf)).valid


def test_a_pay_table_s_return_is_signed_by_the_regulator_and_kept_in_the_audit_log(world, rules):
    report = report_generate(report_request(actor=world.regulator_lu, kind="paytable_return", subject="lu.uth.trips"))
    source = render.source_of(_signed(report))
    assert report.casino is None and report.certificate.jurisdiction.code == "LU"
    assert source["rtp"]["key"] == "lu.uth.trips" and {r["reading"] for r in source["variants"][0]["readings"]} == {
        "a", "pour"}
    audited = AuditEvent.objects.get(action="report_signed", target_id=str(report.pk))
    assert audited.details["sha256"] == report.sha256
    assert verify_report(bytes(report.pdf)).reason == "ok"


@pytest.mark.parametrize(("kwargs", "field", "code"), [
    ({"kind": "register_daily", "register_kind": "orphelins", "days": 1}, "start", "future_day"),
    ({"kind": "register_daily", "days": 0}, "register", "required"),
    ({"kind": "card_statement", "subject": "0000-NONE"}, "subject", "not_found"),
    ({"kind": "paytable_return", "subject": "lu.nothing"}, "subject", "not_found"),
    ({"kind": "register_monthly", "register_kind": "orphelins"}, "start", "required"),
])
def test_a_refused_request_names_its_field_and_writes_nothing(closed_day, kwargs, field, code):  # noqa: F811
    import datetime

    world, kwargs = closed_day[0], dict(kwargs)
    days = kwargs.pop("days", None)
    if days is not None:
        kwargs["start"] = world.c.today() + datetime.timedelta(days=days)
    before = (Report.objects.count(), AuditEvent.objects.count())
    with pytest.raises(DomainError) as refused:
        report_request(actor=world.accountant_c, casino=world.c, **kwargs)
    assert (refused.value.field, refused.value.code) == (field, code)
    assert (Report.objects.count(), AuditEvent.objects.count()) == before


def test_a_platform_admin_has_no_certificate_to_sign_a_pay_table(world, rules):
    with pytest.raises(DomainError) as refused:
        report_request(actor=world.admin, kind="paytable_return", subject="lu.uth.trips")
    assert refused.value.code == "no_holder" and not Report.objects.exists()


def test_the_list_page_asks_for_a_report_and_names_the_missing_field(closed_day, client):  # noqa: F811
    world, register, day = closed_day
    client.force_login(world.accountant_c)
    refused = client.post(reverse("reports-new"), {"kind": "register_monthly", "casino": world.c.code,
                                                   "start": day.isoformat()})
    assert refused.status_code == 200 and 'data-field-error="register"' in refused.content.decode()
    assert not Report.objects.filter(kind="register_monthly").exists()
    asked = client.post(reverse("reports-new"), {"kind": "register_monthly", "casino": world.c.code,
                                                 "register": "orphelins", "start": day.isoformat()})
    assert asked.status_code == 302
    assert Report.objects.get(kind="register_monthly").status == "pending"  # the worker takes it (test_worker)
    client.force_login(world.regulator_lu)
    page = client.get(reverse("reports-list")).content.decode()
    asking = page[page.index('data-testid="report-request"'):page.index('data-testid="report-filter"')]
    assert 'value="paytable_return"' in asking and 'value="register_monthly"' not in asking


def test_reports_generate_writes_a_file_that_reports_verify_accepts(closed_day, tmp_path):  # noqa: F811
    world, register, day = closed_day
    out, target = StringIO(), tmp_path / "livre.pdf"
    call_command("reports_generate", "register_monthly", "--casino", world.c.code, "--register", "orphelins",
                 "--day", day.isoformat(), "--out", str(target), "--json", stdout=out)
    result = json.loads(out.getvalue())
    assert result["status"] == "succeeded" and result["covered"] == 2 and target.read_bytes()[:5] == b"%PDF-"
    verdict = StringIO()
    call_command("reports_verify", str(target), stdout=verdict)  # exits 1 (SystemExit) when it is not valid
    assert verdict.getvalue().startswith("Rapport authentique")
    assert Register.objects.get(casino=world.c, kind="orphelins").entries.filter(kind="rapport.signe").exists()
