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
