"""Messages of the poker room registers: cagnotte, progressive and bad-beat jackpots (LU RGD 1979 art. 49-9 to 49-15,
97-1): constants so tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _

CAGNOTTE_EMPTY = _("Au moins un montant doit être positif.")
JACKPOT_TOO_MANY_LEVELS = _("Au plus {max} niveaux ({citation}).")
JACKPOT_COMBINATION = _("Un niveau ne peut porter que sur les trois combinaisons les plus hautes du jeu ({citation}).")
JACKPOT_START_TOO_HIGH = _(
    "Niveau {level} : valeur de départ {start} au-delà de {limit} ({multiple} fois la small blind, {citation})."
)
JACKPOT_INCREMENT = _("Incrément invalide : montant fixe positif, ou pourcentage entre 0 et 100 ({citation}).")
JACKPOT_ACTIVE = _("Ce jackpot est en cours : ses conditions ne peuvent être modifiées avant son arrêt ({citation}).")
JACKPOT_STOPPED = _(
    "Le jackpot « {name} » est arrêté : ni relevé, ni gain, ni nouvel arrêt avant qu'il soit configuré à nouveau "
    "({citation})."
)
JACKPOT_UNKNOWN = _("Aucun jackpot « {name} » n'est configuré dans ce registre ({citation}).")
JACKPOT_UNKNOWN_LEVEL = _("Le jackpot n'a pas de niveau « {level} » : ses niveaux sont {levels} ({citation}).")
JACKPOT_UNKNOWN_TABLE = _("La table « {table} » n'est pas reliée au jackpot « {name} » : ses tables sont {tables} "
                          "({citation}).")
JACKPOT_ABOVE_AMOUNT = _("Le paiement de {amount} dépasse le montant du jackpot, {available} ({citation}).")
JACKPOT_NOTICE = _(
    "Arrêt volontaire refusé : le Ministre doit être informé au moins {days} jours avant (avis du {notice}, arrêt le "
    "{day}) ({citation})."
)
BAD_BEAT_NOT_QUALIFIED = _("Main non qualifiante pour le bad beat jackpot : {reason} ({citation}).")
BAD_BEAT_POT_TOO_SMALL = _(
    "Pot de {pot} inférieur au minimum de {minimum} fixé par le règlement intérieur ({citation})."
)
BAD_BEAT_PLAYERS_TWICE = _(
    "Chaque joueur assis n'est nommé qu'une fois : un bon de paiement par joueur (LU RGD 1979 art. 49-15)."
)
