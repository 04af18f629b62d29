from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReconciliationConfig(AppConfig):
    name = "compliance.reconciliation"
    label = "reconciliation"
    verbose_name = _("Rapprochements des tables")

    def ready(self) -> None:
        # this app's contributions to the points of compliance/hooks.py
        from . import hooks

        hooks.contribute()
