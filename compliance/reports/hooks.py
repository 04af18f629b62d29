"""What the signed reports contribute to the points of compliance/hooks.py, connected at start-up by this app's
apps.py (the registers and the core never import the reports)."""

from compliance.hooks import (
    DOCUMENTS,
    NOTICE_POSTER_REQUEST,
    NOTICE_POSTERS,
    SCALE_GENERATED,
    SESSION_CLOSED,
    TOURNAMENT_RESULTS_REQUEST,
)
from compliance.todo import ACCOUNTANT, ADMIN, MANAGER, REGULATOR, provider_register

from . import notices, scale, todo, tournament
from .models import Report


def contribute() -> None:
    # a closed gaming day asks for the daily report of each register of its casino (before its reconciliation)
    SESSION_CLOSED.add(after_close, order=10)
    # a tournament's signed results: made here from the tournament's data, asked from its page
    DOCUMENTS.add(Report.Kind.TOURNAMENT_RESULTS, tournament.build)
    TOURNAMENT_RESULTS_REQUEST.set(tournament.request)
    # a notice's signed poster: made here from the notice as posted, asked by the posting's service
    DOCUMENTS.add(Report.Kind.NOTICE_POSTER, notices.build)
    NOTICE_POSTER_REQUEST.set(notices.request)
    NOTICE_POSTERS.set(notices.posters)
    # a generated casino's reports of its last day and month (the scale generator)
    SCALE_GENERATED.add(scale.reports_generate)

    # the signed reports to read and the certificates to renew, on the « À faire » home
    provider_register(todo.yesterday, roles=(ACCOUNTANT, MANAGER), order=90)
    provider_register(todo.new_reports, roles=(REGULATOR,), order=90)
    provider_register(todo.certificates, roles=(ADMIN,), order=20)


def after_close(session, user):
    # the services bring WeasyPrint and pyHanko (1.7 s to import): only a process that closes a day pays for them
    from .services import reports_after_close

    return reports_after_close(session, user)
