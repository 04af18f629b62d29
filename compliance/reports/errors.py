"""The refusals of the signed reports, in French (English in locale/en); their codes are compliance's ErrorCode."""

from django.utils.translation import gettext_lazy as _

NOT_ADMIN = _("Seul un administrateur de la plateforme délivre ou révoque un certificat de signature.")
NO_HOLDER = _("Un certificat de signature est délivré à un casino ou à une autorité de régulation, pas aux deux.")
ALREADY_REVOKED = _("Ce certificat est déjà révoqué depuis le {at}.")
NOT_CURRENT = _("Seul le certificat en cours d'un titulaire est renouvelé : celui-ci est révoqué ou déjà remplacé.")
REASON_REQUIRED = _("Donnez le motif de la révocation.")
KIND_UNKNOWN = _("Nature de rapport inconnue.")
DAY_REQUIRED = _("Donnez le jour (ou le mois) du rapport.")
FUTURE = _("Le {day} n'est pas encore passé : un rapport porte sur des journées de jeu écoulées ou en cours.")
PERIOD_REVERSED = _("La fin de la période précède son début.")
CASINO_REQUIRED = _("Choisissez le casino.")
REGISTER_REQUIRED = _("Choisissez un registre de ce casino.")
CARD_REQUIRED = _("Donnez le numéro de la carte.")
CARD_UNKNOWN = _("Aucune carte n° {number} dans votre périmètre.")
PAYTABLE_REQUIRED = _("Donnez la table de paiement.")
PAYTABLE_UNKNOWN = _("Table de paiement inconnue : {key}.")
NO_SIGNER = _("Le taux de retour d'une table est signé par le certificat d'un casino ou d'une autorité de régulation : "
              "un administrateur de la plateforme n'en a pas.")
REISSUE_UNSIGNED = _("Seul un rapport signé se refait en nouvelle version ; celui-ci ne l'est pas.")
