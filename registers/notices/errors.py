"""The notices' refusals that are not a control's problem (registers/notices/controls.py holds those): French source,
English in locale/en."""

from django.utils.translation import gettext_lazy as _

MANAGER_ONLY = _("Seule la direction du casino affiche et retire les avis.")
UNKNOWN_KIND = _("« {kind} » n'est pas un avis que Vigie sait composer (champ « avis »).")
DAY_INVALID = _("« {day} » n'est pas une date (AAAA-MM-JJ) (champ « jour »).")
DAY_PUBLIC = _("« {day} » n'est pas une date (AAAA-MM-JJ) : la page montre les avis affichés aujourd'hui.")
