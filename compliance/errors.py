"""Domain errors and their messages: constants so tests assert them and translators find them."""

from enum import StrEnum

from django.utils.translation import gettext_lazy as _


class ErrorCode(StrEnum):
    """The `code` of every refusal of this app, as the API returns it: clients branch on it, so a value is never
    renamed."""

    ACCOUNT_LOCKED = "account_locked"
    ALREADY_REVOKED = "already_revoked"  # a signing certificate (compliance/reports)
    NO_HOLDER = "no_holder"
    NOT_PDF = "not_pdf"  # an upload to the report verification page
    NOT_PLATFORM_ADMIN = "not_platform_admin"
    REQUIRED = "required"
    DUPLICATE = "duplicate"
    FUTURE_DAY = "future_day"  # a report of a day not yet come
    NOT_FOUND = "not_found"
    INVALID = "invalid"
    INVALID_CREDENTIALS = "invalid_credentials"
    NEGATIVE_AMOUNT = "negative_amount"
    OTP_INVALID = "otp_invalid"  # a second factor's code wrong, already used, or missing where it is needed
    OTP_THROTTLED = "otp_throttled"  # a code tried too soon after a wrong one
    OUT_OF_SCOPE = "out_of_scope"
    PARAMETER_NOT_TAKEN = "parameter_not_taken"  # a job asked with a parameter its kind does not take
    PERMISSION_DENIED = "permission_denied"
    SCOPE_MISMATCH = "scope_mismatch"
    TOO_LARGE = "too_large"
    UNKNOWN_JURISDICTION = "unknown_jurisdiction"
    UNKNOWN_ROLE = "unknown_role"
    UNPRINTABLE = "unprintable"  # U+0000 in an input (compliance/middleware.py), as the registers' texts call it
    WEAK_PASSWORD = "weak_password"  # nosec B105  # an error code


ROLE_NEEDS_CASINO = _("Un caissier ou un membre de la direction doit être rattaché à un casino.")
ROLE_NEEDS_JURISDICTION = _("Un régulateur doit être rattaché à une juridiction, et à aucun casino.")
ADMIN_HAS_NO_SCOPE = _("Un administrateur de la plateforme n'est rattaché à aucun casino ni juridiction.")
UNKNOWN_ROLE = _("Rôle inconnu.")
USERNAME_TAKEN = _("Cet identifiant est déjà utilisé.")
CASINO_CODE_TAKEN = _("Ce code de casino est déjà utilisé.")
OPENED_IN_THE_FUTURE = _("Les registres d'un casino ne peuvent être tenus à partir d'un jour à venir.")
DRAFT_BASIS_INCOMPLETE = _("La base d'application du projet se donne avec sa référence et le jour d'où elle vaut.")
LATE_FILING_DAYS = _("Le délai de saisie est un nombre entier de jours, de 0 à {max}.")
CASINO_IDENTITY_FIXED = _(
    "Le code, la juridiction et le premier jour des registres d'un casino ne changent plus après sa création."
)
SYSTEM_USER_FIXED = _(
    "Le compte du traitement automatique ne se modifie pas : il agit pour la plateforme elle-même et ne "
    "se connecte jamais."
)
MACHINE_ACCOUNT_NO_PASSWORD = _(
    "Ce compte a été créé sans mot de passe : c'est celui d'un système (gestion des machines à sous), qui ne se "
    "connecte jamais aux pages."
)
UNKNOWN_JURISDICTION = _("Juridiction inconnue.")
NEGATIVE_AMOUNT = _("Le montant ne peut pas être négatif.")
READ_ONLY_ROLE = _("Votre rôle donne un accès en lecture seule.")
NOT_YOUR_CASINO = _("Ce casino ne fait pas partie de votre périmètre.")
INVALID_CREDENTIALS = _("Identifiant ou mot de passe incorrect.")
ACCOUNT_LOCKED = _(
    "Compte verrouillé après trop de tentatives de connexion infructueuses. Réessayez après le délai de "
    "sécurité ou adressez-vous à votre administrateur."
)
OTP_REQUIRED = _("Saisissez le code à six chiffres de votre application d'authentification, ou un code de secours.")
OTP_INVALID = _(
    "Ce code n'est pas valable : il est faux, expiré ou déjà utilisé. Saisissez le code affiché maintenant par votre "
    "application d'authentification, ou un code de secours."
)
OTP_THROTTLED = _("Trop de codes refusés d'affilée : attendez quelques secondes avant d'en saisir un nouveau.")
OTP_ENROLMENT_INVALID = _(
    "Ce code ne correspond pas à la clé affichée : vérifiez l'heure de votre téléphone et saisissez le code affiché "
    "maintenant."
)
SECOND_FACTOR_RESET_ADMIN_ONLY = _("Seul un administrateur de la plateforme réinitialise la double authentification.")
DEMO_ONLY = _("Cette commande ne sert qu'à la démonstration : elle est refusée sur cette installation.")
JOB_KIND_UNKNOWN = _("Type de traitement inconnu : « {kind} ».")
JOB_PARAMETER_NOT_TAKEN = _("« {kind} » ne prend pas de paramètre « {field} ».")
JOB_NOT_FAILED = _("Seul un traitement en échec se relance : celui-ci est « {status} ».")

# A programming error, never shown to a user: an audit event written outside its caller's transaction could
# outlive a change that was rolled back, or be missing from one that was committed.
AUDIT_OUTSIDE_TRANSACTION = "audit_record() runs inside the transaction of the change it records"


class DomainError(Exception):
    """A refused operation: `code` for machines, `message` for people, `field` when one input is at fault."""

    status = 400

    def __init__(self, message, *, code: str = ErrorCode.INVALID, field: str | None = None,
                 status: int | None = None):
        super().__init__(str(message))
        self.message, self.code, self.field = message, code, field
        if status is not None:
            self.status = status

    @property
    def field_errors(self) -> dict[str, list[str]]:
        return {self.field: [str(self.message)]} if self.field else {}


class PermissionDeniedError(DomainError):
    status = 403

    def __init__(self, message=READ_ONLY_ROLE, *, code: str = ErrorCode.PERMISSION_DENIED):
        super().__init__(message, code=code)
