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

        # the header's search finds cards, clients, register entries (live, then of the archived years) and poker deals,
        # the core importing none of them
        from compliance.search import searcher_register

        from .cards.selectors import search_cards, search_clients
        from .chain.kept import search_archived_entries
        from .chain.selectors import search_entries
        from .poker_room.selectors import search_hands

        searchers = (search_cards, search_clients, search_entries, search_archived_entries, search_hands)
        for order, searcher in enumerate(searchers, start=10):
            searcher_register(searcher, order=order)

        _todo_providers()


def _todo_providers():
    """What waits in the registers for each person, on the « À faire » home and in the menu's counts."""
    from compliance.todo import ACCOUNTANT, MANAGER, provider_register

    from .cards import todo as cards
    from .chain import todo as chain
    from .orphelins import todo as orphelins
    from .tables import todo as tables
    from .tournaments import todo as tournaments

    provider_register(chain.countersignatures, roles=(ACCOUNTANT, MANAGER), order=10)
    provider_register(orphelins.deadlines, roles=(ACCOUNTANT,), order=20)
    provider_register(tables.tables_to_close, roles=(ACCOUNTANT,), order=21)
    provider_register(cards.desks_to_count, roles=(ACCOUNTANT,), order=22)
    provider_register(cards.excesses_to_pay, roles=(MANAGER,), order=40)
    provider_register(cards.blocked_cards, roles=(MANAGER,), order=41)
    provider_register(tournaments.to_publish, roles=(MANAGER,), order=45)


def _tournament_results(report):
    from compliance.reports.documents import Document

    from .tournaments.report import document

    return Document(**document(report))


def _letter_request(**kwargs):
    # the reports' services bring WeasyPrint and pyHanko: only a process that asks for a report pays for them
    from compliance.reports.services import letter_request

    return letter_request(**kwargs)
