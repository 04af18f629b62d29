"""Messages of the slot machine and hand-paid jackpot registers (LU RGD 1979 art. 17, 18-1, 18-10): constants so
tests assert them and translators find them. The controls (controls.py) fill them; the article each rests on is the
problem's citation, which the service's refusal adds before the full stop."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

APPAREIL_DESTRUCTION = _("La destruction d'un appareil mis hors service n'est pas permise.")
APPAREIL_UNKNOWN = _("Appareil inconnu dans le registre : « {machine} ».")
APPAREIL_EXISTS = _("L'appareil « {machine} » est déjà inscrit au registre (écriture n° {seq}).")
APPAREIL_BAD_MOVE = _("Un appareil « {state} » ne peut pas être « {event} ».")
UNKNOWN_EVENT = _("Changement d'état inconnu : « {event} ».")


def in_reserve(count: int) -> str:
    """« 1 appareil en réserve », « 3 appareils en réserve »."""
    return ngettext("%(n)s appareil en réserve", "%(n)s appareils en réserve", count) % {"n": count}


def installed(count: int) -> str:
    return ngettext("%(n)s installé", "%(n)s installés", count) % {"n": count}


APPAREIL_RESERVE_FULL = _("Réserve pleine : {reserve} pour {installed}, au plus {limit} %.")
APPAREIL_NO_NOTICE = _("Aucun avis écrit au Ministre n'est enregistré avant ce changement pour « {event} » de "
                       "l'appareil « {machine} » avec effet le {day}.")
NOT_ITS_NOTICE = _("L'écriture ne se rapporte pas à l'avis qui annonce ce changement (avis n° {notices}).")
APPAREIL_NOTICE_LATE = _("L'avis doit précéder la date d'effet : envoyé le {sent}, effet le {day}.")
APPAREIL_GAMES_NOT_CERTIFIED = _("Jeux chargeables non couverts par le certificat de conformité : {games}.")
# a notice's dates: sent (never after today, never before the machine was installed), effective (never before the
# machine's latest change)
NOTICE_NOT_SENT_YET = _("Avis « envoyé » le {sent}, après aujourd'hui ({today}) : un avis se porte au registre une "
                        "fois envoyé.")
NOTICE_BEFORE_INSTALLATION = _("Avis envoyé le {sent}, avant l'installation de l'appareil « {machine} » au registre, "
                               "le {day}.")
NOTICE_BEFORE_LAST_CHANGE = _("Date d'effet le {day}, avant le dernier changement de l'appareil « {machine} », le "
                              "{changed}.")
# one announced change at a time
APPAREIL_ANNOUNCED_TWICE = _("« {event} » de l'appareil « {machine} » est déjà annoncé, avec effet le {day} (avis "
                             "n° {seq}).")
APPAREIL_ANNOUNCED = _("Un autre changement de l'appareil « {machine} » est déjà annoncé : « {event} » avec effet le "
                       "{day} (avis n° {seq}) ; un nouvel avis vient après qu'il est porté au registre, ou une fois "
                       "cette date passée.")
# what a notice's reference names
REFERENCE_TAKEN = _("La référence « {reference} » est déjà celle de l'avis n° {seq} (appareil « {machine} », envoyé "
                    "le {sent}) : une lettre a une date et annonce une fois le changement de chaque appareil.")
REFERENCE_OTHER_OBJECT = _("La référence « {reference} » est celle d'une demande « {what} », pas d'un avis de "
                           "changement d'état d'un appareil.")
REFERENCE_OTHER_CASINO = _("La référence « {reference} » est celle d'une demande « {what} » d'un autre casino.")
REFERENCE_OTHER_CHANGE = _("La référence « {reference} » est l'avis d'un autre changement : « {event} » de "
                           "l'appareil « {machine} » avec effet le {day}.")
# a machine's condition at its installation (art. 17 al. 2 5°)
APPAREIL_CONDITION_UNKNOWN = _("État de l'appareil inconnu : « {condition} » (neuf, ou usagé et remis à neuf).")
REFURBISHED_APPROVAL_REQUIRED = _("L'appareil « {machine} » est remis à neuf : indiquer la référence de l'approbation "
                                  "en vigueur de sa remise à neuf par une entreprise agréée par le Ministre.")
REFURBISHED_APPROVAL_UNKNOWN = _("La référence « {reference} » ne nomme aucune approbation de l'appareil « {machine} » "
                                 "remis à neuf.")
REFURBISHED_APPROVAL_OTHER_OBJECT = _("La référence « {reference} » est celle d'une demande « {what} », pas de "
                                      "l'approbation d'un appareil remis à neuf.")
REFURBISHED_APPROVAL_OTHER_MACHINE = _("La référence « {reference} » approuve la remise à neuf de l'appareil "
                                       "« {other} », pas de « {machine} ».")
REFURBISHED_APPROVAL_NOT_IN_FORCE = _("La référence « {reference} » n'est pas une approbation en vigueur ce jour de "
                                      "l'appareil « {machine} » remis à neuf (non décidée, refusée, révoquée ou pas "
                                      "encore en vigueur).")
# the condition of a machine installed before Vigie asked it, recorded later by the management
CONDITION_NOT_ASKED = _("Les textes du casino ne demandent pas l'état d'un appareil installé : rien à enregistrer pour "
                        "« {machine} » (champ « état »).")
CONDITION_MACHINE_UNKNOWN = _("L'appareil « {machine} » n'est pas au parc du casino d'après le registre (champ "
                              "« appareil »).")
CONDITION_ALREADY = _("L'état de l'appareil « {machine} » est déjà au registre : « {condition} » (champ « appareil »).")
CONDITION_NOT_RECORDED = _("Appareil « {machine} » : état non enregistré (installation n° {seq}, écrite avant que "
                           "Vigie ne le demande) ; la direction l'enregistre.")
CONDITION_MANAGER_ONLY = _("Seule la direction du casino enregistre l'état d'un appareil déjà installé.")
# hand-paid jackpots
RECEIPT_NOT_IN_CABINET = _(
    "L'original de la quittance doit être conservé dans l'armoire à deux clés du chef de salle et du caissier."
)
RECEIPT_TAKEN = _("La quittance « {receipt} » est déjà celle du paiement n° {seq} : une quittance documente un seul "
                  "paiement.")
JACKPOT_MACHINE_NOT_ON_FLOOR = _(
    "L'appareil « {machine} » n'était pas sur l'aire de jeu le {day} d'après le registre des appareils : un jackpot "
    "ne se paie que sur un appareil installé, ni en réserve ni sorti du parc."
)
