"""Domain errors and their messages: constants so tests assert them and translators find them."""

from django.utils.translation import gettext_lazy as _

ROLE_NEEDS_CASINO = _("Un caissier ou un membre de la direction doit être rattaché à un casino.")
ROLE_NEEDS_JURISDICTION = _("Un régulateur doit être rattaché à une juridiction, et à aucun casino.")
ADMIN_HAS_NO_SCOPE = _("Un administrateur de la plateforme n'est rattaché à aucun casino ni juridiction.")
UNKNOWN_ROLE = _("Rôle inconnu.")
USERNAME_TAKEN = _("Cet identifiant est déjà utilisé.")
CASINO_CODE_TAKEN = _("Ce code de casino est déjà utilisé.")
UNKNOWN_JURISDICTION = _("Juridiction inconnue.")
NEGATIVE_AMOUNT = _("Le montant ne peut pas être négatif.")
READ_ONLY_ROLE = _("Votre rôle donne un accès en lecture seule.")
NOT_YOUR_CASINO = _("Ce casino ne fait pas partie de votre périmètre.")
INVALID_CREDENTIALS = _("Identifiant ou mot de passe incorrect.")
ACCOUNT_LOCKED = _(
    "Compte verrouillé après trop de tentatives de connexion infructueuses. Réessayez après le délai de "
    "sécurité ou adressez-vous à votre administrateur."
)


class DomainError(Exception):
    """A refused operation: `code` for machines, `message` for people, `field` when one input is at fault."""

    status = 400

    def __init__(self, message, *, code: str = "invalid", field: str | None = None, status: int | None = None):
        super().__init__(str(message))
        self.message, self.code, self.field = message, code, field
        if status is not None:
            self.status = status

    @property
    def field_errors(self) -> dict[str, list[str]]:
        return {self.field: [str(self.message)]} if self.field else {}


class PermissionDeniedError(DomainError):
    status = 403

    def __init__(self, message=READ_ONLY_ROLE, *, code: str = "permission_denied"):
        super().__init__(message, code=code)
