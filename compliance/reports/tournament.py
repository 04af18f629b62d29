"""A tournament's signed results (registers/tournaments/report.py gathers what they show): the document the reports
sign, and its request, asked from the tournament's page through the point compliance.hooks.TOURNAMENT_RESULTS_REQUEST
(this app's hooks.py contributes both), so that the registers never import the reports."""

import datetime

from registers.kinds import RegisterKind
from registers.models import Tournament
from registers.tournaments.report import source

from .documents import Document
from .models import Report

TEMPLATE = "compliance/reports/tournament_results.html"


def build(report: Report) -> Document:
    """The report's document: its date is its data's, the close (or the end, before the close)."""
    tournament = Tournament.objects.select_related("casino__jurisdiction", "game", "approval").get(
        casino=report.casino, slug=report.subject)
    made = tournament.closed_at or tournament.finished_at or report.requested_at
    return Document(source(tournament), TEMPLATE, made.astimezone(datetime.UTC).replace(microsecond=0),
                    f"{Report.Kind.TOURNAMENT_RESULTS.label} · {tournament.name}", report.register,
                    {"casino": tournament.casino})


def request(*, actor, casino, subject: str, day: datetime.date) -> Report:
    """The results of the tournament `subject` asked of the worker, for the casino's tournament register."""
    # the reports' services bring WeasyPrint and pyHanko: only a process that asks for a report pays for them
    from .services import letter_request

    return letter_request(actor=actor, kind=Report.Kind.TOURNAMENT_RESULTS, casino=casino,
                          register_kind=RegisterKind.TOURNOIS, subject=subject, day=day)
