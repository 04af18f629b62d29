"""Messages of the slot machine and hand-paid jackpot registers (LU RGD 1979 art. 17, 18-1, 18-10): constants so
tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

APPAREIL_DESTRUCTION = _("La destruction d'un appareil mis hors service n'est pas permise ({citation}).")
APPAREIL_UNKNOWN = _("Appareil inconnu dans le registre : « {machine} ».")
APPAREIL_EXISTS = _("L'appareil « {machine} » est déjà inscrit au registre.")
APPAREIL_BAD_MOVE = _("Un appareil « {state} » ne peut pas être « {event} » ({citation}).")


def in_reserve(count: int) -> str:
    """« 1 appareil en réserve », « 3 appareils en réserve »."""
    return ngettext("%(n)s appareil en réserve", "%(n)s appareils en réserve", count) % {"n": count}


def installed(count: int) -> str:
    return ngettext("%(n)s installé", "%(n)s installés", count) % {"n": count}


APPAREIL_RESERVE_FULL = _(
    "Réserve pleine : {reserve} pour {installed}, au plus {limit} % ({citation})."
)
APPAREIL_NO_NOTICE = _(
    "Aucun avis écrit au Ministre n'est enregistré pour « {event} » de l'appareil « {machine} » au plus tard le "
    "{day} ({citation})."
)
APPAREIL_NOTICE_LATE = _("L'avis doit précéder la date d'effet : envoyé le {sent}, effet le {day} ({citation}).")
APPAREIL_GAMES_NOT_CERTIFIED = _(
    "Jeux chargeables non couverts par le certificat de conformité : {games} ({citation})."
)
RECEIPT_NOT_IN_CABINET = _(
    "L'original de la quittance doit être conservé dans l'armoire à deux clés du chef de salle et du caissier "
    "({citation})."
)
JACKPOT_MACHINE_NOT_ON_FLOOR = _(
    "L'appareil « {machine} » n'était pas sur l'aire de jeu le {day} d'après le registre des appareils ({citation}) : "
    "un jackpot ne se paie que sur un appareil installé, ni en réserve ni sorti du parc."
)
