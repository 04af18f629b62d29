"""Messages of the orphelins register (LU RGD 1979 art. 8, 18-12, 3-4 8)): constants so tests assert them and
translators find them."""

from django.utils.translation import gettext_lazy as _

UNKNOWN_SOURCE = _("Origine inconnue : « {value} ».")
ORPHAN_NOT_OPEN = _("Cet orphelin n'est plus en attente : il a été restitué ou est devenu définitif.")
ORPHAN_DEADLINE = _(
    "Délai de restitution dépassé : enregistré le {registered}, restituable jusqu'au {deadline} inclus, "
    "demande du {day} ({citation})."
)
ORPHAN_DEADLINE_NOT_REACHED = _("Le délai de restitution court jusqu'au {deadline} inclus ({citation}).")
RIGHT_NOT_ESTABLISHED = _("Le droit du propriétaire doit être établi sans contestation possible ({citation}).")
CARD_STILL_HELD = _(
    "Une carte nominative trouvée est gardée à disposition de son titulaire ; son solde devient orphelin à partir du "
    "{until} (date où la carte a été trouvée requise) ({citation})."
)
UNKNOWN_STATUS = _("Statut inconnu : « {value} » (attendu : registered, returned ou final).")
