"""Messages of the orphelins register (LU RGD 1979 art. 8, 18-12, 3-4 8)): constants so tests assert them and
translators find them. The controls' messages (controls.py) say no article: the service adds it in brackets, the
audit beside them."""

from django.utils.translation import gettext_lazy as _

UNKNOWN_SOURCE = _("Origine inconnue : « {value} ».")
UNKNOWN_STATUS = _("Statut inconnu : « {value} » (attendu : registered, returned ou final).")
NOT_AN_ORPHAN = _("L'écriture ne se rapporte à aucun orphelin enregistré de ce registre.")
ORPHAN_CLOSED = _("L'orphelin n° {orphan} n'est plus en attente : il a été restitué ou est devenu définitif (écriture "
                  "n° {seq}).")
ORPHAN_SET_ASIDE = _("L'orphelin n° {orphan} est écarté par une correction (écriture n° {seq}) : il n'est ni restitué "
                     "ni rendu définitif.")
ORPHAN_DEADLINE = _("Délai de restitution dépassé : orphelin enregistré le {registered}, restituable jusqu'au "
                    "{deadline} inclus, restitué le {day}.")
RETURN_BEFORE_REGISTRATION = _("L'orphelin n° {orphan} est enregistré le {registered} : il n'est pas restitué avant, "
                               "le {day}.")
NOT_YET_FINAL = _("Le délai de restitution de l'orphelin n° {orphan} court jusqu'au {deadline} inclus : il ne devient "
                  "pas définitif le {day}.")
RIGHT_NOT_ESTABLISHED = _("Le droit du propriétaire n'est pas déclaré établi sans contestation possible.")
CARD_STILL_HELD = _("Une carte nominative trouvée (le {found}) est gardée à la disposition de son titulaire : son "
                    "solde ne devient orphelin qu'à partir du {until}.")
FOUND_AFTER_FILING = _("Trouvé le {found}, après la journée de jeu de sa déclaration, le {day} : on ne déclare que ce "
                       "qui est déjà trouvé.")
