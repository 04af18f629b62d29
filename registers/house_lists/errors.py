"""Messages of the casino's kept lists: constants so tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _

MANAGER_ONLY = _("Seule la direction du casino tient ses listes de caisses, de tables et de coupures.")
KIND_UNKNOWN = _("« {value} » n'est pas une liste du casino.")
NAME_TAKEN = _("« {name} » est déjà dans la liste ({kind}).")
ALREADY_RETIRED = _("« {name} » est déjà retiré de la liste.")
DENOMINATION_INVALID = _("« {value} » n'est pas une valeur en {currency} : un montant positif, au centime, est "
                         "attendu.")
DENOMINATION_KIND_UNKNOWN = _("« {value} » n'est ni un jeton ni un billet.")
DENOMINATION_TAKEN = _("La coupure {value} ({kind}) est déjà dans la liste.")
# a form's choice that is not (or no longer) in the casino's list
NOT_LISTED = _("« {value} » n'est pas dans la liste des {list} en service du casino (champ « {field} »).")
