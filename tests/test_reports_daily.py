"""Issue 14, the daily report of a register: rendered as PDF/A-3b with its data attached, signed, its hash and the
entries it covers written in the register itself, which still verifies and passes the audit."""

import hashlib
import json

import pytest

from compliance.reports import render, signing
from compliance.reports.models import Report
from compliance.reports.selectors import crl_der
from compliance.reports.services import report_generate, report_request
from registers.chain.services import pending_countersign, session_close
from registers.chain.verification import register_verify
from registers.management.audit import audit
from registers.models import Entry, Register
from registers.orphelins.services import orphelin_file
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed_day(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    day = world.c.today()
    for amount in ("12.50", "40.00"):
        pending = orphelin_file(casino=world.c, actor=world.accountant_c, gaming_day=day, source="table",
                                amount=amount, currency="EUR", location="Table 3")
        pending_countersign(pending=pending, countersigner=world.manager_c)
    session_close(casino=world.c, gaming_day=day, user=world.manager_c)
    return world, Register.objects.get(casino=world.c, kind="orphelins"), day


def test_lu_89_1_the_daily_report_carries_the_day_s_entries_and_is_recorded_in_the_register(closed_day):
    world, register, day = closed_day
    report = report_generate(report_request(actor=world.accountant_c, kind="register_daily",
            casino=register.casino, register_kind=register.kind, start=day))
    assert report.status == "succeeded" and report.progress == 100 and report.pages >= 1
    signed = bytes(report.pdf)
    assert hashlib.sha256(signed).hexdigest() == report.sha256
    verdict = signing.verify(signed, crl_der())
    assert verdict.valid and verdict.signer == "Casino CASINO-C" and verdict.long_term, verdict.details
    source = render.source_of(signed)
    assert [row["seq"] for row in source["entries"]] == report.covered == [1, 2]
    assert source["totals"]["amounts"] == {"EUR": "52.50"} and source["checkpoint"]["size"] == 2
    recorded = Entry.objects.get(register=register, kind="rapport.signe")
    payload = json.loads(recorded.payload)
    assert (recorded.seq, payload["sha256"], payload["covered"]) == (3, report.sha256, [1, 2])
    assert recorded.gaming_day == day and report.chain_entry == recorded  # after the day's close, about the register
    assert register_verify(register).ok
    (audited,) = audit(casino_code=world.c.code, kind="orphelins")
    assert not audited.invalid


def test_the_same_day_renders_to_the_same_document_before_it_is_signed(closed_day):
    from compliance.reports import daily

    _world, register, day = closed_day
    first, second = (render.pdf(daily.TEMPLATE, {}, daily.source(register, day),
                                created=daily.created(daily.source(register, day))) for _ in range(2))
    assert first == second


def test_a_regulator_cannot_ask_for_a_report_and_nothing_is_written(closed_day):
    from compliance.errors import PermissionDeniedError

    world, register, day = closed_day
    before = Report.objects.count()
    with pytest.raises(PermissionDeniedError):
        report_request(actor=world.regulator_lu, kind="register_daily",
                casino=register.casino, register_kind=register.kind, start=day)
    assert Report.objects.count() == before


def test_closing_the_day_asks_for_the_daily_report_of_each_register(closed_day):
    world, register, day = closed_day
    (asked,) = Report.objects.all()  # one register in this casino so far
    assert (asked.register, asked.period_start, asked.requested_by, asked.status) == (
        register, day, world.manager_c, "pending")
