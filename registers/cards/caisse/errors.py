"""Messages of the caisse spéciale (LU RGD 1979 art. 3-4 9) and 18-14): constants so tests assert them and
translators find them."""

from django.utils.translation import gettext_lazy as _

DESK_REQUIRED = _("Indiquez la caisse comptée ({citation}).")
DESK_TOO_LONG = _("Le nom de la caisse ne peut dépasser {max} caractères.")
MOMENT_UNKNOWN = _("Moment du comptage inconnu : « {value} » (attendu : ouverture ou clôture).")
DAY_REQUIRED = _("Indiquez la journée de jeu du comptage.")
NO_CARD_SYSTEM = _(
    "Le casino {casino} n'exploite pas de système de cartes de jeu électroniques : pas de caisse spéciale à "
    "tenir pour ces cartes ({citation})."
)
BAD_DAY = _("Date invalide : « {value} » (attendu : AAAA-MM-JJ).")
