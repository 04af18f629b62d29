from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def _after_close(session, user):
    # services bring WeasyPrint and pyHanko (1.7 s to import): only a process that closes a day pays for them
    from .services import reports_after_close

    return reports_after_close(session, user)


class ReportsConfig(AppConfig):
    name = "compliance.reports"
    label = "reports"
    verbose_name = _("Rapports signés")

    def ready(self) -> None:
        # a closed gaming day asks for the daily report of each register of its casino
        from registers.chain.services import SESSION_CLOSED

        if _after_close not in SESSION_CLOSED:
            SESSION_CLOSED.append(_after_close)

        # the signed reports to read and the certificates to renew, on the « À faire » home
        from compliance.todo import ACCOUNTANT, ADMIN, MANAGER, REGULATOR, provider_register

        from . import todo

        provider_register(todo.yesterday, roles=(ACCOUNTANT, MANAGER), order=90)
        provider_register(todo.new_reports, roles=(REGULATOR,), order=90)
        provider_register(todo.certificates, roles=(ADMIN,), order=20)
