from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportsConfig(AppConfig):
    name = "compliance.reports"
    label = "reports"
    verbose_name = _("Rapports signés")

    def ready(self) -> None:
        # this app's contributions to the points of compliance/hooks.py
        from . import hooks

        hooks.contribute()
