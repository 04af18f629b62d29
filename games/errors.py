"""Messages of the rules app: constants so tests assert them and translators find them."""

from enum import StrEnum

from django.utils.translation import gettext_lazy as _


class ErrorCode(StrEnum):
    """The `code` of every refusal of this app, as the API returns it: clients branch on it, so a value is never
    renamed."""

    BAD_DATE = "bad_date"
    BELOW_MINIMUM_RETURN = "below_minimum_return"
    INVALID = "invalid"
    INVALID_HAND = "invalid_hand"
    INVALID_SEGMENT = "invalid_segment"
    NO_SEGMENTS = "no_segments"
    NOT_FOUND = "not_found"
    NOT_IN_FORCE = "not_in_force"
    RTP_UNAVAILABLE = "rtp_unavailable"
    RULE_VALUE_NOT_FOUND = "rule_value_not_found"
    SEGMENTS_OUT_OF_RANGE = "segments_out_of_range"
    TOO_MANY = "too_many"
    UNKNOWN_KIND = "unknown_kind"
    WRONG_JURISDICTION = "wrong_jurisdiction"


RULE_VALUE_NOT_FOUND = _("Aucune valeur en vigueur pour « {key} » le {on}.")
RULE_VALUE_WRONG_JURISDICTION = _("La valeur « {key} » n'appartient pas à la juridiction {jurisdiction}.")
PAYTABLE_NOT_FOUND = _("Table de paiement inconnue : « {key} ».")
RANKING_NOT_IN_FORCE = _("Aucun classement des mains « {key} » en vigueur le {on}.")
RANKING_ON_DRAFT = _("Le classement des mains « {key} » repose sur un projet ({citation}) : il ne s'applique que si "
                     "le projet est demandé.")
RANKING_WRONG_JURISDICTION = _("Le classement des mains « {key} » n'appartient pas à la juridiction {jurisdiction}.")
PAYTABLE_NOT_IN_FORCE = _("La table « {key} » n'a aucune version en vigueur le {on}.")
BAD_DATE = _("Date invalide : « {value} » (format attendu AAAA-MM-JJ).")
WHEEL_BELOW_FLOOR = _(
    "Le taux de retour de la mise « {symbol} » est de {rate} %, sous le minimum de {floor} % ({citation})."
)
WHEEL_SEGMENTS_RANGE = _("La roue compte {count} parties ; il en faut de {min} à {max} ({citation}).")
WHEEL_SEGMENT_INVALID = _("Partie n° {index} : {problem}.")
WHEEL_NO_SEGMENTS = _("Aucune partie de roue n'est décrite.")
WHEEL_NOT_IN_FORCE = _("Aucune règle de la roue de fortune n'est en vigueur le {on}.")
HANDS_INVALID = _("Main n° {index} : {problem}.")
HANDS_TOO_MANY = _("Au plus {limit} mains par requête.")
HANDS_UNKNOWN_KIND = _("Type de main inconnu : « {kind} ».")
RTP_UNAVAILABLE = _("Le taux de retour de « {key} » ne peut pas être calculé : {problem}.")
BAD_AMOUNT = _("Montant invalide : « {value} ».")
