"""A tournament's signed results report (registers/tournaments/report.py): asked once the tournament is over, through
the reports' request, signed by the casino's certificate, its hash in the tournament register; it shows the rules as
published, the cash flows, the standing with the bubble's tie, who was paid, the chip race and the articles the
register's entries cite. Page 1 is rendered to var/screenshots/tournament-report.png to look at."""

import datetime
import json
import shutil
import subprocess
from decimal import Decimal

import pytest
from django.conf import settings
from django.utils import timezone

from compliance.errors import DomainError
from compliance.reports import render, signing
from compliance.reports.models import Report
from compliance.reports.selectors import crl_der
from compliance.reports.services import report_generate, report_request
from compliance.reports.verification import verify_report
from registers.chain.verification import register_verify
from registers.errors import ErrorCode
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry
from registers.tournaments.services import chip_race_record, prize_pay, tournament_close, tournament_report_request
from tests.conftest import make_user
from tests.tournament_world import out, started

PLAYERS = ["Ana", "Tom", "Eva", "Luc", "Marc", "Sara", "Nina"]


@pytest.fixture
def played(world, rules):
    """Lac-Bleu's kind of evening at casino A (Québec): seven players, three paid; Sara out first, Luc and Marc on one
    deal at T1, then the bubble hand for hand, Eva at T1 and Tom at T2 on the same deal (tied 3rd–4th), a chip race of
    the 100s before it, Nina second; each prize paid at the cash desk by the cashier."""
    manager = world.manager_a
    tournament = started(world.a, manager, world.accountant_a, PLAYERS, minutes_ago=100)
    seat = {entry.player: entry.number for entry in tournament.entries.all()}
    out(tournament, manager, "T2-40", (seat["Sara"], "T2", 3000), minutes_ago=50)
    chip_race_record(tournament=tournament, actor=manager, table="T1", old_value=100, new_value=500,
                     odd_chips={"Ana": 3, "Tom": 3, "Eva": 2}, cards={"Ana": "As 2c 3d", "Tom": "Ah Kd 4c",
                                                                      "Eva": "Ks 5h"},
                     left={"Ana": 25000, "Tom": 12000, "Eva": 7000},
                     at=timezone.now() - datetime.timedelta(minutes=45))
    out(tournament, manager, "T1-52", (seat["Luc"], "T1", 5000), (seat["Marc"], "T1", 9000), minutes_ago=20)
    out(tournament, manager, "MPM-3", (seat["Eva"], "T1", 7000), (seat["Tom"], "T2", 12000), minutes_ago=10)
    out(tournament, manager, "TF-88", (seat["Nina"], "T1", 30000), minutes_ago=1)
    tournament.refresh_from_db()
    for line in tournament.places.filter(prize__gt=0).select_related("seat"):
        prize_pay(place=line, actor=world.accountant_a, winner=line.seat.player, identity="Permis de conduire Q-1234")
    return world, manager, tournament_close(tournament=tournament, actor=manager)


def _text(document: bytes, tmp_path) -> str:
    path = tmp_path / "report.pdf"
    path.write_bytes(document)
    return subprocess.run([shutil.which("pdftotext"), "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def test_the_results_report_is_signed_by_the_casino_and_shows_the_places_the_prizes_and_the_tie(played, tmp_path):
    world, manager, tournament = played
    asked = tournament_report_request(tournament=tournament, actor=manager)
    assert (asked.kind, asked.status, asked.subject) == (Report.Kind.TOURNAMENT_RESULTS, "pending", tournament.slug)
    assert asked.register.kind == RegisterKind.TOURNOIS and asked.period_start == world.a.today()
    report = report_generate(asked)
    assert report.status == "succeeded", report.error
    signed = bytes(report.pdf)
    verdict = signing.verify(signed, crl_der())
    assert verdict.valid and verdict.long_term, verdict.details
    assert report.certificate.holder == "casino" and report.certificate.casino == world.a
    check = verify_report(signed)
    assert check.valid and check.reason == "ok" and check.covered == len(report.covered) > 15

    shots = settings.BASE_DIR / "var" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    (shots / "tournament-report.pdf").write_bytes(signed)
    subprocess.run([shutil.which("pdftoppm"), "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile",
                    str(shots / "tournament-report.pdf"), str(shots / "tournament-report")], check=True)
    assert (shots / "tournament-report.png").stat().st_size > 0

    source = render.source_of(signed)
    standing = {line["player"]: (line["place"], line["tied"], line["prize"]) for line in source["standing"]}
    assert standing["Ana"] == (1, 1, "315.00") and standing["Nina"] == (2, 1, "189.00")
    assert standing["Eva"] == standing["Tom"] == (3, 2, "63.00")  # the bubble: (126 + 0) / 2
    assert source["money"]["fees"] == "700.00" and source["money"]["paid"] == "630.00" and source["money"]["balanced"]
    (race,) = source["chip_races"]
    assert race["winners"] == ["Ana", "Tom"] and race["new_chips"] == 2
    assert any("127" in citation for citation in source["citations"])  # the return, from the entries' payloads
    assert any("§3.2" in citation for citation in source["citations"])
    paid = {line["player"]: line["paid"] for line in source["standing"] if line["paid"]}
    assert set(paid) == {"Ana", "Nina", "Eva", "Tom"} and paid["Tom"]["amount"] == "63.00"

    text = _text(signed, tmp_path)
    for shown in ("Ana", "Nina", "Eva", "Tom", "3–4 ex aequo", "315,00", "189,00", "63,00", "700,00", "630,00",
                  "As 2c 3d", tournament.name):
        assert shown in text, shown
    recorded = json.loads(Entry.objects.get(register=report.register, kind=EntryKind.REPORT_SIGNED).payload)
    assert (recorded["report"], recorded["sha256"], recorded["subject"]) == (
        "tournament_results", report.sha256, tournament.slug)
    assert register_verify(report.register).ok
    assert [result.findings for result in audit(casino_code=world.a.code, kind=RegisterKind.TOURNOIS)] == [[]]


def test_the_report_waits_for_the_end_and_is_asked_through_the_tournament_not_the_reports_form(world, rules):
    manager = world.manager_a
    tournament = started(world.a, manager, world.accountant_a, PLAYERS[:3], minutes_ago=30)
    with pytest.raises(DomainError) as refused:
        tournament_report_request(tournament=tournament, actor=manager)
    assert (refused.value.code, refused.value.field) == (ErrorCode.TOURNAMENT_STATE, "state")
    with pytest.raises(DomainError) as generic:
        report_request(actor=manager, kind=Report.Kind.TOURNAMENT_RESULTS, casino=world.a,
                       register_kind=RegisterKind.TOURNOIS, start=world.a.today())
    assert generic.value.field == "kind"
    other = make_user("direction.b", "manager", casino=world.b)
    with pytest.raises(DomainError):
        tournament_report_request(tournament=tournament, actor=other)
    assert not Report.objects.exists()


def test_a_finished_tournament_not_yet_closed_shows_the_prizes_still_to_pay(world, rules):
    manager = world.manager_a
    tournament = started(world.a, manager, world.accountant_a, PLAYERS[:3], minutes_ago=100)
    out(tournament, manager, "T1-9", (3, "T1", 1000), minutes_ago=3)
    out(tournament, manager, "T1-10", (2, "T1", 1000), minutes_ago=2)
    report = report_generate(tournament_report_request(tournament=tournament, actor=world.accountant_a))
    source = render.source_of(bytes(report.pdf))
    assert source["tournament"]["state"] == "termine" and not source["money"]["balanced"]
    assert Decimal(source["money"]["unpaid"]) == Decimal("270.00") and not source["ties"]
    assert verify_report(bytes(report.pdf)).valid
