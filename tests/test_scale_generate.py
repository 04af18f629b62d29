"""Issue 19: the scale generator, on one casino-month at a hundredth of a real casino's volumes (the benchmark,
./scripts/bench scale, runs the casino-year): what it writes is what the services and imports would have written —
every chain verifies, the audit finds nothing, each card's balance is its ledger's, every day is closed and the
cards' register signed at each close."""

import datetime
import json
from io import StringIO
from types import SimpleNamespace

import pytest
from django.core.management import call_command

from compliance.models import Casino
from compliance.reports.models import Report
from registers.chain.audit import register_audit
from registers.chain.verification import register_verify
from registers.kinds import ABOUT_THE_REGISTER, RegisterKind
from registers.management.audit import CHECKS
from registers.models import Card, CardMovement, Checkpoint, Entry, GamingSession, PokerHand, Register, Slip
from registers.scale import services as scale_services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def month(rules):
    out = StringIO()
    call_command("scale_generate", "--days", "30", "--density", "0.01", "--json", stdout=out, stderr=StringIO())
    return json.loads(out.getvalue())


def test_a_generated_month_is_what_the_services_would_have_written(month):
    (made,) = month["casinos"]
    casino = Casino.objects.get(code=made["casino"])
    assert made["days"] == 30 and made["cards"] > 30 and made["movements"] > 1000
    assert made["slips"] > 0 and made["hands"] > 0
    cards = Register.objects.get(casino=casino, kind=RegisterKind.CARTES)
    played = Entry.objects.filter(register=cards).exclude(kind__in=ABOUT_THE_REGISTER)  # not its reports' records
    assert played.count() == made["entries"] == made["cards"] + made["movements"]
    assert CardMovement.objects.filter(card__casino=casino).count() == made["movements"]
    assert Slip.objects.filter(casino=casino).count() == made["slips"]
    assert PokerHand.objects.filter(casino=casino).count() == made["hands"]
    assert made["jackpots"] > 0 and made["orphelins"] > 0
    for kind, count in ((RegisterKind.JACKPOTS, made["jackpots"]), (RegisterKind.ORPHELINS, made["orphelins"])):
        written = Entry.objects.filter(register__casino=casino, register__kind=kind, countersigner__isnull=False)
        assert written.count() == count, kind
    for card in Card.objects.filter(casino=casino):
        last = CardMovement.objects.filter(card=card).order_by("-id").values_list("balance_after", flat=True).first()
        assert card.balance == (last or 0) and 0 <= card.balance <= card.cap
    assert GamingSession.objects.filter(casino=casino).count() == 30
    # the last day's daily report of each register, signed (no whole month in these 30 days: no book)
    last = GamingSession.objects.filter(casino=casino).latest("gaming_day").gaming_day
    signed = Report.objects.filter(casino=casino, status=Report.Status.SUCCEEDED)
    assert made["reports"] == signed.count() == Register.objects.filter(casino=casino).count()
    assert {(r.kind, r.period_start, r.register.kind) for r in signed} == {
        (Report.Kind.REGISTER_DAILY, last, register.kind) for register in Register.objects.filter(casino=casino)}
    assert all(r.pdf and r.pages >= 1 for r in signed)
    assert Checkpoint.objects.filter(register=cards, reason="session_close").count() == 30
    for register in Register.objects.filter(casino=casino):
        verified = register_verify(register, full=True)
        assert verified.ok, (register.kind, verified.problems[:3])
        audited = register_audit(register, CHECKS)
        assert audited.findings == [], (register.kind, audited.findings[:3])


def test_the_command_refuses_what_it_cannot_generate():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="--density"):
        call_command("scale_generate", "--density", "0", stdout=StringIO(), stderr=StringIO())
    assert not Casino.objects.filter(code__startswith="echelle-").exists()


def test_a_poker_evening_ends_before_the_next_one_opens_and_within_the_day_the_import_gives_it():
    """The generator's deals, one to three minutes apart from five minutes after the session opens, end before the
    next evening's session (23 hours later on the day the clocks go forward) and within the 24 hours the import gives
    a session, so none falls in the hour that belongs to no session on the day the clocks go back (25 hours)."""
    longest = datetime.timedelta(minutes=5) + (scale_services.DEALS - 1) * datetime.timedelta(minutes=3)
    assert longest <= scale_services.LONGEST_SESSION < datetime.timedelta(hours=23)
    casino = SimpleNamespace(jurisdiction=SimpleNamespace(timezone="Europe/Luxembourg"))
    for day in (datetime.date(2026, 3, 28), datetime.date(2026, 10, 24), datetime.date(2026, 11, 24)):  # 23, 25, 24 h
        opened, following = (scale_services._at(casino, d, scale_services.SESSION_OPENS)
                             for d in (day, day + datetime.timedelta(days=1)))
        assert longest < following - opened <= datetime.timedelta(hours=25)
