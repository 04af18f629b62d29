from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportsConfig(AppConfig):
    name = "compliance.reports"
    label = "reports"
    verbose_name = _("Rapports signés")

    def ready(self) -> None:
        # a closed gaming day asks for the daily report of each register of its casino
        from registers.chain.services import SESSION_CLOSED

        from .services import reports_after_close

        if reports_after_close not in SESSION_CLOSED:
            SESSION_CLOSED.append(reports_after_close)
