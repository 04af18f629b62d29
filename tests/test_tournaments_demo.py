"""The demo's tournaments (registers/tournaments/demo.py): at each demo casino one tournament played today and closed,
its bubble tied hand for hand at two tables and a chip race, its cash flows balanced and its results report signed;
one open for registration, its rules published (a week ahead at least in Québec, approved by the Minister in
Luxembourg); and one set up, its rules to publish; the tournament registers audit clean; a second load creates
nothing."""

import datetime

import pytest
from django.utils import timezone

from compliance.approvals.configuration import tournament_rules_approval
from compliance.reports.models import Report
from compliance.reports.services import report_generate
from compliance.reports.verification import verify_report
from registers.kinds import RegisterKind
from registers.management.audit import audit
from registers.models import Tournament
from registers.tournaments.selectors import money_of, results
from registers.tournaments.services import rules_published

pytestmark = pytest.mark.django_db

CASINOS = ("la-moselle", "lac-bleu", "les-rochers")


@pytest.fixture
def demo(rules, monkeypatch):
    """The platform's casinos and users, then the approvals' last part alone (the tournaments, whose Luxembourg rules
    the approvals approve): the other parts take seconds and build nothing it needs (tests/test_registers_audit.py
    loads the whole demo)."""
    import compliance.approvals.demo
    import compliance.demo

    monkeypatch.setattr(compliance.demo, "module_has_submodule",
                        lambda module, name: module.__name__ == "compliance.approvals" and name == "demo")
    monkeypatch.setattr(compliance.approvals.demo, "demo_load", lambda: [])
    return compliance.demo.demo_load()


def test_each_demo_casino_closes_a_tournament_with_a_tied_bubble_a_chip_race_its_signed_report_audited_clean(demo):
    assert sum("closed, its results report asked" in line for line in demo) == 3
    for code in CASINOS:
        (closed,) = Tournament.objects.filter(casino__code=code, state=Tournament.State.CLOSED)
        standing = results(closed)
        tied = [line for line in standing.lines if line.tied == 2]
        assert len(tied) == 2 and tied[0].place == tied[1].place == 4, code  # the last paid place and the next
        assert tied[0].prize == tied[1].prize > 0 and {line.seat.out.table for line in tied} == {"T1", "T2"}
        assert len(standing.lines) == 14 and closed.entries.count() == 17  # three re-entries
        (race,) = closed.chip_races.all()
        assert (race.old_value, race.new_value, race.new_chips) == (100, 500, 2) and len(race.winners) == 2
        money = money_of(closed)
        assert money.balanced and money.paid == money.prizes == money.pool > 0, code
        assert closed.places.filter(prize__gt=0, payout__isnull=True).count() == 0
        (report,) = Report.objects.filter(casino__code=code, kind=Report.Kind.TOURNAMENT_RESULTS)
        assert report.status == Report.Status.PENDING  # asked of the worker, which signs it as here
        report_generate(report)
        report.refresh_from_db()
        assert report.status == Report.Status.SUCCEEDED and report.subject == closed.slug, report.error
        assert verify_report(bytes(report.pdf)).valid
        assert closed.started_at >= timezone.now() - datetime.timedelta(hours=3, minutes=5)
        assert closed.casino.today(closed.started_at) == closed.casino.today()
        (register,) = audit(casino_code=code, kind=RegisterKind.TOURNOIS)
        assert register.entries > 30 and register.findings == [], (code, register.findings)
    import compliance.demo

    assert compliance.demo.demo_load() == [] and Tournament.objects.count() == 9  # a second load creates nothing


def test_each_demo_casino_has_a_tournament_open_for_registration(demo):
    for code in CASINOS:
        (coming,) = Tournament.objects.filter(casino__code=code, state=Tournament.State.PUBLISHED)
        casino = coming.casino
        start = casino.today(coming.starts_at)
        assert (start - casino.today()).days == 10 and coming.entries.count() >= 3
        assert (start - casino.today(coming.published_at)).days >= 7  # QC RJC art. 125's week, kept everywhere
        played = Tournament.objects.get(casino=casino, state=Tournament.State.CLOSED)
        # the played one's publication recorded ten days before its start (the demo's clock set back for it)
        assert (casino.today(played.started_at) - casino.today(played.published_at)).days == 10
        assert played.ropta_adopted and coming.ropta_adopted  # each demo casino adopts the ROPTA as house rules
        if code == "la-moselle":  # LU RGD art. 49-17: the rules it published approved, in force on its day
            digest = rules_published(coming)["empreinte_regles"]
            assert tournament_rules_approval(casino, digest, start, field="approval") is not None
            assert played.approval is not None
            assert played.approval.items["empreinte_regles"] == rules_published(played)["empreinte_regles"]


def test_each_demo_casino_has_a_tournament_set_up_its_rules_to_publish(demo):
    from registers.tournaments.services import tournament_publish

    for code in CASINOS:
        (draft,) = Tournament.objects.filter(casino__code=code, state=Tournament.State.DRAFT)
        casino = draft.casino
        assert draft.published_at is None and (casino.today(draft.starts_at) - casino.today()).days == 21
        manager = casino.users.get(role="manager")
        published = tournament_publish(tournament=draft, actor=manager)  # three weeks ahead: the week is kept
        assert published.state == Tournament.State.PUBLISHED
