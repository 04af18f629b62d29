import datetime
import uuid
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.contrib.auth.models import UserManager as DjangoUserManager
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from .scoping import ScopedQuerySet, scoped_queryset

SYSTEM_USERNAME = "vigie-automate"  # the actor of what the platform does by itself; it can never sign in


class Jurisdiction(models.Model):
    """A regulating territory; reference data loaded from games/rules/jurisdictions.yaml."""

    code = models.CharField(_("code"), max_length=2, unique=True)
    name_fr = models.CharField(_("nom (français)"), max_length=100)
    name_en = models.CharField(_("nom (anglais)"), max_length=100)
    currency = models.CharField(_("devise"), max_length=3)
    locale = models.CharField(_("locale française"), max_length=10)
    locale_en = models.CharField(_("locale anglaise"), max_length=10)
    timezone = models.CharField(_("fuseau horaire"), max_length=64)
    regulator_fr = models.CharField(_("autorité (français)"), max_length=200)
    regulator_en = models.CharField(_("autorité (anglais)"), max_length=200)

    objects = scoped_queryset(casino="casinos", jurisdiction="pk").as_manager()

    class Meta:
        ordering = ["code"]
        verbose_name = _("juridiction")
        verbose_name_plural = _("juridictions")
        constraints = [
            models.CheckConstraint(condition=Q(currency__regex=r"^[A-Z]{3}$"), name="jurisdiction_currency_iso"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.name_en if (get_language() or "fr").startswith("en") else self.name_fr

    @property
    def regulator(self) -> str:
        return self.regulator_en if (get_language() or "fr").startswith("en") else self.regulator_fr


LATE_FILING_DAYS_MAX = 366  # a year and a day: a register that waits longer is no longer kept day by day


class Casino(models.Model):
    """A licensed casino; it belongs to exactly one jurisdiction and keeps its currency."""

    jurisdiction = models.ForeignKey(Jurisdiction, on_delete=models.PROTECT, related_name="casinos",
                                     verbose_name=_("juridiction"))
    code = models.SlugField(_("code"), max_length=40, unique=True)
    name = models.CharField(_("nom"), max_length=200)
    operator_name = models.CharField(_("société exploitante"), max_length=200)
    licence_number = models.CharField(_("numéro d'autorisation"), max_length=60)
    address = models.CharField(_("adresse"), max_length=300)
    share_capital = models.DecimalField(_("capital social"), max_digits=18, decimal_places=2)
    # the first gaming day its registers may hold: nothing is filed for a day before it
    opened_on = models.DateField(_("registres tenus dans Vigie depuis le"))
    # house rule: a filing for a gaming day older than this needs its reason and a manager's countersignature
    late_filing_days = models.PositiveSmallIntegerField(
        _("délai de saisie (jours)"), default=7, validators=[MaxValueValidator(LATE_FILING_DAYS_MAX)],
        help_text=_("Au-delà, une écriture doit donner le motif de son retard et être contresignée par un responsable "
                    "(contrôle interne du casino)."))
    # where the jurisdiction's text is still a draft (LU), the decision under which the casino applies it, and since
    draft_basis = models.CharField(_("base d'application du projet"), max_length=300, blank=True)
    draft_basis_since = models.DateField(_("appliqué depuis le"), null=True, blank=True)
    # the casino's choice: its cashiers sign in with a second factor too (its managers always do)
    second_facteur_caisse = models.BooleanField(
        _("double authentification des caissiers"), default=False,
        help_text=_("Les caissiers de ce casino saisissent aussi un code à usage unique à la connexion ; la direction, "
                    "les régulateurs et les administrateurs le font toujours."))
    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)

    objects = scoped_queryset(casino="pk", jurisdiction="jurisdiction").as_manager()

    class Meta:
        ordering = ["jurisdiction__code", "name"]
        verbose_name = _("casino")
        verbose_name_plural = _("casinos")
        constraints = [
            models.CheckConstraint(condition=Q(share_capital__gte=0), name="casino_share_capital_not_negative"),
            models.CheckConstraint(condition=Q(late_filing_days__lte=LATE_FILING_DAYS_MAX),
                                   name="casino_late_filing_days_bounded"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def currency(self) -> str:
        return self.jurisdiction.currency

    def today(self, moment: datetime.datetime | None = None) -> datetime.date:
        """The casino's own date (now, or at `moment`), whoever asks and from wherever: a Luxembourg filing at
        00:30 is on the new day even when the server, a worker or an API client's session runs in UTC."""
        return timezone.localdate(moment, timezone=ZoneInfo(self.jurisdiction.timezone))


class CasinoOrJurisdictionQuerySet(ScopedQuerySet):
    """Rows that belong to a casino or, with no casino, to a jurisdiction itself (a regulator, an event about one)."""

    casino_lookup = "casino"

    def jurisdiction_q(self, jurisdiction_id: int) -> Q:
        return Q(casino__jurisdiction=jurisdiction_id) | Q(jurisdiction=jurisdiction_id)


class UserManager(DjangoUserManager.from_queryset(CasinoOrJurisdictionQuerySet)):
    def create_superuser(self, username, email=None, password=None, **extra_fields):
        extra_fields.setdefault("role", User.Role.ADMIN)
        return super().create_superuser(username, email, password, **extra_fields)


class User(AbstractUser):
    class Role(models.TextChoices):
        ACCOUNTANT = "accountant", _("Caissier / comptable")  # files registers, counts, imports
        MANAGER = "manager", _("Direction")  # issues cards, countersigns, files approval requests
        REGULATOR = "regulator", _("Régulateur")  # reviews, reads every casino of one jurisdiction
        ADMIN = "admin", _("Administrateur de la plateforme")  # runs the platform, sees no casino by role

    CASINO_ROLES = (Role.ACCOUNTANT, Role.MANAGER)

    role = models.CharField(_("rôle"), max_length=20, choices=Role.choices)
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, null=True, blank=True, related_name="users",
                               verbose_name=_("casino"))
    jurisdiction = models.ForeignKey(Jurisdiction, on_delete=models.PROTECT, null=True, blank=True,
                                     related_name="regulators", verbose_name=_("juridiction"))
    preferred_language = models.CharField(_("langue"), max_length=5, choices=settings.LANGUAGES, default="fr")
    # when the person last marked their notifications read (compliance/notifications.py): what waits for them since is
    # « nouveau ». On the user's row, which every page loads anyway: the bell costs no query of its own
    notifications_seen_at = models.DateTimeField(_("notifications lues jusqu'au"), null=True, blank=True)

    objects = UserManager()

    class Meta:
        verbose_name = _("utilisateur")
        verbose_name_plural = _("utilisateurs")
        constraints = [
            models.CheckConstraint(
                name="user_scope_matches_role",
                condition=(
                    Q(role__in=["accountant", "manager"], casino__isnull=False, jurisdiction__isnull=True)
                    | Q(role="regulator", casino__isnull=True, jurisdiction__isnull=False)
                    | Q(role="admin", casino__isnull=True, jurisdiction__isnull=True)
                ),
            ),
            models.CheckConstraint(name="user_staff_only_admin", condition=Q(is_staff=False) | Q(role="admin")),
        ]

    @property
    def is_regulator(self) -> bool:
        return self.role == self.Role.REGULATOR

    @property
    def is_platform_admin(self) -> bool:
        return self.role == self.Role.ADMIN

    @property
    def is_casino_staff(self) -> bool:
        return self.role in self.CASINO_ROLES

    @property
    def home_jurisdiction(self) -> Jurisdiction | None:
        return self.jurisdiction if self.is_regulator else (self.casino.jurisdiction if self.casino_id else None)


class JobRun(models.Model):
    """One background job and its progress, as the people who asked for it see it."""

    class Kind(models.TextChoices):
        PIPELINE_CHECK = "pipeline_check", _("Vérification de la chaîne de traitement")  # broker → worker → DB
        # a casino's gaming day reconciled (compliance/reconciliation): the day in `result` from the start
        RECONCILIATION = "reconciliation", _("Rapprochement des tables")

    class Status(models.TextChoices):
        QUEUED = "queued", _("En attente")  # written, task sent on commit
        RUNNING = "running", _("En cours")  # a worker has taken it
        SUCCEEDED = "succeeded", _("Terminé")  # result written
        FAILED = "failed", _("Échec")  # error written; may be retried

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="jobs", verbose_name=_("casino"))
    kind = models.CharField(_("type"), max_length=40, choices=Kind.choices)
    status = models.CharField(_("statut"), max_length=20, choices=Status.choices, default=Status.QUEUED)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                     verbose_name=_("demandé par"))
    progress_done = models.PositiveIntegerField(_("étapes faites"), default=0)
    progress_total = models.PositiveIntegerField(_("étapes"), default=1)
    message = models.CharField(_("message"), max_length=300, blank=True)
    result = models.JSONField(_("résultat"), default=dict, blank=True)
    error = models.TextField(_("erreur"), blank=True)
    attempts = models.PositiveIntegerField(_("tentatives"), default=0)
    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)
    started_at = models.DateTimeField(_("commencé le"), null=True, blank=True)
    finished_at = models.DateTimeField(_("terminé le"), null=True, blank=True)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("traitement")
        verbose_name_plural = _("traitements")
        constraints = [
            models.CheckConstraint(condition=Q(progress_done__lte=models.F("progress_total")),
                                   name="jobrun_progress_within_total"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.get_status_display()})"

    @property
    def percent(self) -> int:
        return 100 * self.progress_done // self.progress_total if self.progress_total else 0

    @property
    def gaming_day(self) -> datetime.date | None:
        """The gaming day a job works on, when it works on one (a reconciliation names it in `result` from the
        start)."""
        day = (self.result or {}).get("journee")
        return datetime.date.fromisoformat(day) if isinstance(day, str) else None

    @property
    def failure(self) -> str:
        """What a person reads of a failed job, in their language: what failed and what to do. The exception itself
        (`error`, its traceback) is for the administrator and the server's log, never for a page."""
        if self.status != self.Status.FAILED:
            return ""
        return gettext("« %(kind)s » n'a pas abouti : une erreur l'a arrêté à la tentative n° %(attempt)s. "
                       "L'administrateur de la plateforme en a le détail ; relancez-le, ou prévenez-le si l'échec "
                       "se répète.") % {
            "kind": self.get_kind_display(), "attempt": self.attempts}


class AuditAction(models.TextChoices):
    CASINO_CREATED = "casino_created", _("Casino créé")  # a licensed casino added to the platform
    CASINO_CHANGED = "casino_changed", _("Casino modifié")  # its descriptive fields, each as [before, after]
    USER_CREATED = "user_created", _("Utilisateur créé")  # an account, its role and its scope; never its password
    USER_CHANGED = "user_changed", _("Utilisateur modifié")  # names, role, scope, access, each as [before, after]
    USER_PASSWORD_CHANGED = "user_password_changed", _("Mot de passe modifié")  # no details: never the password
    JURISDICTIONS_LOADED = "jurisdictions_loaded", _("Juridictions chargées")  # jurisdictions.yaml changed rows
    RULES_LOADED = "rules_loaded", _("Textes et règles chargés")  # the rule files changed the database
    JOB_ENQUEUED = "job_enqueued", _("Traitement demandé")  # a person queued a background job
    JOB_SUCCEEDED = "job_succeeded", _("Traitement terminé")  # the worker wrote the job's result
    JOB_FAILED = "job_failed", _("Traitement en échec")  # the worker wrote the job's error
    API_TOKEN_ISSUED = "api_token_issued", _("Jeton d'API délivré")  # a new API credential, never its key
    CLIENT_REGISTERED = "client_registered", _("Client identifié")  # identity checked at a desk (LU art. 3-3)
    # the card system's certificate on record, before any card is issued (LU art. 3-2)
    CARD_CERTIFICATE_RECORDED = "card_certificate_recorded", _("Certificat du système de cartes enregistré")
    # a slot management system and its API key (only the key's hash is kept)
    SLOT_SYSTEM_REGISTERED = "slot_system_registered", _("Système de gestion des machines enregistré")
    # the calls per minute a slot management system may make on the slot API
    SLOT_SYSTEM_RATE_SET = "slot_system_rate_set", _("Débit du système de gestion des machines modifié")
    # a signing certificate of a casino or a regulator authority, issued by the platform's root (signed reports)
    CERTIFICATE_ISSUED = "certificate_issued", _("Certificat de signature délivré")
    CERTIFICATE_REVOKED = "certificate_revoked", _("Certificat de signature révoqué")  # with its reason
    REPORT_REQUESTED = "report_requested", _("Rapport signé demandé")  # its kind and what it covers
    REPORT_SIGNED = "report_signed", _("Rapport signé")  # one with no register (a pay table's return): its hash
    TABLE_CREATED = "table_created", _("Table de jeu créée")  # its game, number and pit (registers/tables)
    # an approval request drafted, a document attached to it, a finding of the regulator's (compliance/approvals);
    # its steps from the filing on are entries of the casino's register of approvals
    APPROVAL_DRAFTED = "approval_drafted", _("Demande d'approbation préparée")
    APPROVAL_ATTACHED = "approval_attached", _("Document joint à une demande d'approbation")
    APPROVAL_FINDING_ADDED = "approval_finding_added", _("Constat de l'autorité ajouté à une demande")
    # a tournament set up as a draft (registers/tournaments); from its rules' publication on, its steps are entries of
    # the casino's tournament register
    TOURNAMENT_DRAFTED = "tournament_drafted", _("Tournoi préparé")
    # a casino's closed year of card movements and poker deals detached and kept read-only (registers/archive)
    YEAR_ARCHIVED = "year_archived", _("Année archivée")
    # a person's private address of their deadlines' calendar (compliance/calendar.py), issued anew or revoked; the
    # token itself is a credential and is never recorded
    CALENDAR_FEED_ISSUED = "calendar_feed_issued", _("Adresse privée du calendrier délivrée")
    CALENDAR_FEED_REVOKED = "calendar_feed_revoked", _("Adresse privée du calendrier révoquée")
    # an e-mail digest of what is new for a person (compliance/notifications.py): its recipient and its items
    DIGEST_SENT = "digest_sent", _("Résumé envoyé par courriel")
    # an item of a casino's kept lists (a desk, a poker table, a chip or a banknote: registers/house_lists) added or
    # put back in service, and retired
    HOUSE_LIST_ADDED = "house_list_added", _("Élément ajouté aux listes du casino")
    HOUSE_LIST_RETIRED = "house_list_retired", _("Élément retiré des listes du casino")
    ARRETE_FILED = "arrete_filed", _("Valeur fixée par arrêté saisie")
    # a notice the texts require displayed, and withdrawn (registers/notices): each with its day and place
    NOTICE_POSTED = "notice_posted", _("Avis affiché")
    NOTICE_WITHDRAWN = "notice_withdrawn", _("Avis retiré")
    # the casino's admission policy, an admission card issued, an exclusion recorded, each reading of the exclusion
    # list (a person checked at the door, a card's issue, a tournament's entry, or the list shown) and the personal
    # data deleted once the casino's retention has run (registers/admissions); never a person's name in the details
    ADMISSION_POLICY_SET = "admission_policy_set", _("Politique d'admission saisie")
    ADMISSION_ISSUED = "admission_issued", _("Carte d'admission délivrée")
    EXCLUSION_RECORDED = "exclusion_recorded", _("Exclusion enregistrée")
    EXCLUSION_READ = "exclusion_read", _("Liste d'exclusion consultée")
    # a person refused under the casino's minimum age (at the door, a card's issue): the age and the casino's act only
    AGE_REFUSED = "age_refused", _("Personne refusée sous l'âge minimum")
    PERSONAL_DATA_PURGED = "personal_data_purged", _("Données personnelles supprimées")
    # a step of the key ceremony (compliance/reports/ceremony.py): a token initialised, a key created in it, a
    # certificate exported, the file keys migrated into the token; each with the key's label, never a PIN
    KEY_CEREMONY = "key_ceremony", _("Cérémonie des clés")
    # the second factor of a person's sign-in (compliance/second_factor): an authenticator enrolled, a code accepted,
    # a code refused, a recovery code spent, new recovery codes, and an administrator's reset; never a code or a secret
    SECOND_FACTOR_ENROLLED = "second_factor_enrolled", _("Double authentification activée")
    SECOND_FACTOR_VERIFIED = "second_factor_verified", _("Code de connexion accepté")
    SECOND_FACTOR_REFUSED = "second_factor_refused", _("Code de connexion refusé")
    RECOVERY_CODE_USED = "recovery_code_used", _("Code de secours utilisé")
    RECOVERY_CODES_ISSUED = "recovery_codes_issued", _("Codes de secours renouvelés")
    SECOND_FACTOR_RESET = "second_factor_reset", _("Double authentification réinitialisée")


class AuditEvent(models.Model):
    """Who changed what, when: one row per state change outside the registers, written by the service in the
    same transaction as the change (`compliance.services.audit_record`). PostgreSQL refuses UPDATE, DELETE and
    TRUNCATE (migration 0002_audit_event)."""

    at = models.DateTimeField(_("horodatage"))
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                              verbose_name=_("auteur"))
    action = models.CharField(_("action"), max_length=40, choices=AuditAction.choices)
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                               verbose_name=_("casino"))
    jurisdiction = models.ForeignKey(Jurisdiction, on_delete=models.PROTECT, null=True, blank=True,
                                     related_name="+", verbose_name=_("juridiction"))
    target_type = models.CharField(_("type d'objet"), max_length=40)
    target_id = models.CharField(_("identifiant de l'objet"), max_length=100)
    details = models.JSONField(_("détails"), default=dict, blank=True)

    # a casino's events are its staff's and its regulator's; a jurisdiction's its regulator's; the rest the platform's
    objects = CasinoOrJurisdictionQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("événement d'audit")
        verbose_name_plural = _("événements d'audit")
        constraints = [
            # the casino already names its jurisdiction: one scope, so the scoping has one answer
            models.CheckConstraint(condition=Q(casino__isnull=True) | Q(jurisdiction__isnull=True),
                                   name="auditevent_one_scope"),
        ]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.target_type} {self.target_id}"


class OwnRowsQuerySet(ScopedQuerySet):
    """Rows that belong to one person, each seen by that person only, an administrator included: a calendar's
    token is a credential, and what was new for someone is theirs."""

    def visible_to(self, user) -> "OwnRowsQuerySet":
        if user is None or not user.is_authenticated or not user.is_active:
            return self.none()
        return self.filter(user=user.pk)


class CalendarFeed(models.Model):
    """A person's private address of their deadlines as an iCalendar feed. A calendar application cannot sign in, so
    the random token in the address is the credential: revoked, the address answers 404 (compliance/calendar.py)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="calendar_feeds",
                             verbose_name=_("utilisateur"))
    token = models.CharField(_("jeton"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("délivré le"))
    revoked_at = models.DateTimeField(_("révoqué le"), null=True, blank=True)

    objects = OwnRowsQuerySet.as_manager()

    class Meta:
        verbose_name = _("adresse de calendrier")
        verbose_name_plural = _("adresses de calendrier")
        constraints = [
            models.UniqueConstraint(fields=["user"], condition=Q(revoked_at__isnull=True),
                                    name="calendarfeed_one_in_use_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.created_at:%Y-%m-%d})"  # never the token


class Digest(models.Model):
    """One e-mail digest sent to a person, with the items it carried (DigestItem): an item goes out once."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="digests",
                             verbose_name=_("utilisateur"))
    sent_at = models.DateTimeField(_("envoyé le"))
    recipient = models.EmailField(_("destinataire"))
    subject = models.CharField(_("objet"), max_length=200)

    objects = OwnRowsQuerySet.as_manager()

    class Meta:
        ordering = ["-sent_at"]
        verbose_name = _("résumé envoyé")
        verbose_name_plural = _("résumés envoyés")

    def __str__(self) -> str:
        return f"{self.recipient} {self.sent_at:%Y-%m-%d %H:%M}"


class DigestItem(models.Model):
    """One item of a digest, by its Task.key: never sent to the same person twice."""

    digest = models.ForeignKey(Digest, on_delete=models.PROTECT, related_name="items", verbose_name=_("résumé"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                             verbose_name=_("utilisateur"))
    key = models.CharField(_("clé"), max_length=200)

    objects = OwnRowsQuerySet.as_manager()

    class Meta:
        verbose_name = _("élément d'un résumé")
        verbose_name_plural = _("éléments des résumés")
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="digestitem_once_per_user")]

    def __str__(self) -> str:
        return self.key
