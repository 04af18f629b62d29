from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegistersConfig(AppConfig):
    name = "registers"
    verbose_name = _("Registres électroniques")

    def ready(self):
        # the registers' contributions to the points of compliance/hooks.py (the apps above contribute theirs)
        from . import hooks

        hooks.contribute()
