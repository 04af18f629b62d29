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
