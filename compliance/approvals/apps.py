from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApprovalsConfig(AppConfig):
    name = "compliance.approvals"
    label = "approvals"
    verbose_name = _("Demandes d'approbation")

    def ready(self):
        from compliance.reports import documents
        from compliance.reports.models import Report

        from . import letter

        documents.BUILDERS[Report.Kind.APPROVAL_DECISION] = letter.build
        documents.REISSUE[Report.Kind.APPROVAL_DECISION] = letter.outdated

        # the header's search finds a request by its reference (compliance/search.py)
        from compliance.search import searcher_register

        from .selectors import search_requests

        searcher_register(search_requests, order=50)

        # the requests waiting for each person, on the « À faire » home and in the menu's count
        from compliance.todo import MANAGER, REGULATOR, provider_register

        from . import todo

        provider_register(todo.waiting, roles=(MANAGER, REGULATOR), order=20)
