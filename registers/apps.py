from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegistersConfig(AppConfig):
    name = "registers"
    verbose_name = _("Registres électroniques")

    def ready(self):
        # the part of a card win past the cap is paid as a hand-paid jackpot: the cards register their check of
        # that payment with the jackpots (cards → appareils, never the reverse)
        from .cards import excess  # noqa: F401

        # a late filing is audited against its register when a manager countersigns it
        from .chain.audit import entry_problems
        from .chain.services import LATE_AUDIT
        from .management.audit import CHECKS

        # a progressive win is checked again at its countersignature (registers/chain/services.py)
        from .poker import services  # noqa: F401

        LATE_AUDIT[:] = [lambda entry: entry_problems(entry, CHECKS)]

        # a tournament's signed results: the reports sign what documents.BUILDERS names, and the tournaments ask for
        # it through the reports' request, neither importing the other (the reports sit above the registers)
        from compliance.reports import documents
        from compliance.reports.models import Report

        from .tournaments import services as tournaments

        documents.BUILDERS[Report.Kind.TOURNAMENT_RESULTS] = _tournament_results
        tournaments.REPORTS.letter_request = _letter_request

        # a new casino's partitions of the entries and movements, made in their own transaction once it exists (made
        # by its first entry otherwise, which would lock every writer out until that entry's commit)
        from compliance import services as compliance_services

        from .archive.services import casino_partitions_open

        compliance_services.CASINO_CREATED[:] = [lambda casino: casino_partitions_open(casino, ahead=0)]


def _tournament_results(report):
    from compliance.reports.documents import Document

    from .tournaments.report import document

    return Document(**document(report))


def _letter_request(**kwargs):
    # the reports' services bring WeasyPrint and pyHanko: only a process that asks for a report pays for them
    from compliance.reports.services import letter_request

    return letter_request(**kwargs)
