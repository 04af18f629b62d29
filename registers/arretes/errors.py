"""Messages of the arrêté values: constants so tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _

MANAGER_ONLY = _("Seule la direction du casino saisit les valeurs fixées par arrêté du Ministre.")
NO_DELEGATION = _("Les textes de la juridiction du casino ne renvoient « {concept} » à aucun arrêté du Ministre "
                  "(champ « valeur »).")
VALUE_INVALID = _("« {value} » n'est pas un montant ou un taux positif, à quatre décimales au plus (champ "
                  "« montant ou taux »).")
RATE_RANGE = _("Un taux de retenue s'écrit en pour cent, au-dessus de 0 et sous 100 : « {value} » (champ « montant "
               "ou taux »).")
REFERENCE_REQUIRED = _("La référence de l'arrêté (son numéro ou sa date, tels qu'il les porte) est requise (champ "
                       "« référence de l'arrêté »).")
BEFORE_DELEGATION = _("Le {day}, l'article qui renvoie « {concept} » à un arrêté n'est pas en vigueur (champ « en "
                      "vigueur le »).")
SAME_VERSION = _("« {concept} » a déjà une version en vigueur le {day} : une nouvelle version prend effet un autre "
                 "jour (champ « en vigueur le »).")

# a session opened otherwise than the arrêté in force fixes (controls.arrete_problems), by how the text compares
DIFFERENCE = {
    "egal": _("{what} à l'ouverture : {observed}, au lieu de {configured}, la valeur fixée par l'arrêté "
              "« {reference} » en vigueur depuis le {since}."),
    "plancher": _("{what} à l'ouverture : {observed}, sous le minimum de {configured} fixé par l'arrêté "
                  "« {reference} » en vigueur depuis le {since}."),
    "plafond": _("{what} à l'ouverture : {observed}, au-delà du maximum de {configured} fixé par l'arrêté "
                 "« {reference} » en vigueur depuis le {since}."),
}
