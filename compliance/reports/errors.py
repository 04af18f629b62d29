"""The refusals of the signed reports, in French (English in locale/en); their codes are compliance's ErrorCode."""

from django.utils.translation import gettext_lazy as _

NOT_ADMIN = _("Seul un administrateur de la plateforme délivre ou révoque un certificat de signature.")
NO_HOLDER = _("Un certificat de signature est délivré à un casino ou à une autorité de régulation, pas aux deux.")
ALREADY_REVOKED = _("Ce certificat est déjà révoqué depuis le {at}.")
REASON_REQUIRED = _("Donnez le motif de la révocation.")
