"""Messages of the rules app: constants so tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _

RULE_VALUE_NOT_FOUND = _("Aucune valeur en vigueur pour « {key} » le {on}.")
RULE_VALUE_WRONG_JURISDICTION = _("La valeur « {key} » n'appartient pas à la juridiction {jurisdiction}.")
PAYTABLE_NOT_FOUND = _("Table de paiement inconnue : « {key} ».")
PAYTABLE_NOT_IN_FORCE = _("La table « {key} » n'a aucune version en vigueur le {on}.")
BAD_DATE = _("Date invalide : « {value} » (format attendu AAAA-MM-JJ).")
