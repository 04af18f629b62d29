from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApprovalsConfig(AppConfig):
    name = "compliance.approvals"
    label = "approvals"
    verbose_name = _("Demandes d'approbation")

    def ready(self):
        # this app's contributions to the points of compliance/hooks.py
        from . import hooks

        hooks.contribute()
