"""The certificates that sign reports, as the platform issued them (their keys are files: pki.py)."""

from cryptography import x509
from cryptography.x509.oid import NameOID
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino, Jurisdiction
from compliance.scoping import ScopedQuerySet, scoped_queryset


class _CertificateQuerySet(ScopedQuerySet):
    """A casino's certificate is its staff's and its regulator's; a regulator authority's, that regulator's."""

    def jurisdiction_q(self, jurisdiction_id: int) -> Q:
        return Q(casino__jurisdiction=jurisdiction_id) | Q(jurisdiction=jurisdiction_id)


class SigningCertificate(models.Model):
    """A casino's or a regulator's signing certificate, issued by the platform's root. One at most is current per
    holder; a revoked one stays on record (its reports then verify as signed by a revoked certificate)."""

    class Holder(models.TextChoices):
        CASINO = "casino", _("Casino")
        REGULATOR = "regulator", _("Autorité de régulation")

    holder = models.CharField(_("titulaire"), max_length=20, choices=Holder.choices)
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                               verbose_name=_("casino"))
    jurisdiction = models.ForeignKey(Jurisdiction, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                                     verbose_name=_("juridiction"))
    serial = models.CharField(_("numéro de série"), max_length=64, unique=True)  # hexadecimal, as readers show it
    subject = models.CharField(_("sujet"), max_length=300)
    pem = models.TextField(_("certificat (PEM)"))
    key_name = models.CharField(_("clé"), max_length=100, unique=True)  # its file in the keys folder
    not_before = models.DateTimeField(_("valide du"))
    not_after = models.DateTimeField(_("valide jusqu'au"))
    issued_at = models.DateTimeField(_("délivré le"))
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                  verbose_name=_("délivré par"))
    revoked_at = models.DateTimeField(_("révoqué le"), null=True, blank=True)
    revoked_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="+", verbose_name=_("révoqué par"))
    revocation_reason = models.CharField(_("motif de révocation"), max_length=300, blank=True)
    # rotated (the key ceremony): a newer certificate signs from then on, this one still verifies what it signed
    superseded_at = models.DateTimeField(_("remplacé le"), null=True, blank=True)

    objects = _CertificateQuerySet.as_manager()

    class Meta:
        verbose_name = _("certificat de signature")
        verbose_name_plural = _("certificats de signature")
        ordering = ["-issued_at"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(holder="casino", casino__isnull=False, jurisdiction__isnull=True)
                           | Q(holder="regulator", casino__isnull=True, jurisdiction__isnull=False)),
                name="signing_certificate_one_holder"),
            models.CheckConstraint(condition=Q(revoked_at__isnull=True) | ~Q(revocation_reason=""),
                                   name="signing_certificate_revoked_with_reason"),
            models.UniqueConstraint(fields=["casino"], condition=Q(revoked_at__isnull=True, superseded_at__isnull=True,
                                                                       casino__isnull=False),
                                    name="signing_certificate_one_current_per_casino"),
            models.UniqueConstraint(fields=["jurisdiction"],
                                    condition=Q(revoked_at__isnull=True, superseded_at__isnull=True,
                                              jurisdiction__isnull=False),
                                    name="signing_certificate_one_current_per_regulator"),
        ]

    def __str__(self) -> str:
        return f"{self.subject} ({self.serial})"

    @property
    def common_name(self) -> str:
        """The holder's name as the certificate gives it (its CN), for pages."""
        names = x509.Name.from_rfc4514_string(self.subject).get_attributes_for_oid(NameOID.COMMON_NAME)
        return str(names[0].value) if names else self.subject


EDITION = 2  # the pages' wording since issue 35 (their citations: only what the texts say)


class Report(models.Model):
    """A signed report: what it covers, who asked, its progress while Celery renders it, then its bytes and their
    hash, also written in the register it covers (so a later report cannot silently replace it)."""

    class Kind(models.TextChoices):
        REGISTER_DAILY = "register_daily", _("Rapport quotidien d'un registre")
        REGISTER_MONTHLY = "register_monthly", _("Livre mensuel d'un registre")
        CAISSE_DAILY = "caisse_daily", _("Relevé quotidien de la caisse spéciale")
        PAYTABLE_RETURN = "paytable_return", _("Taux de retour d'une table de paiement")
        CARD_STATEMENT = "card_statement", _("Relevé de carte d'un client")
        # the authority's signed decision on a request (compliance/approvals), signed with its certificate
        APPROVAL_DECISION = "approval_decision", _("Lettre de décision d'une demande d'approbation")
        # a tournament's results, standing and cash flows (registers/tournaments), signed with the casino's certificate
        TOURNAMENT_RESULTS = "tournament_results", _("Résultats d'un tournoi")
        # a notice the texts require, as the casino posted it (registers/notices), on A4 or A3
        NOTICE_POSTER = "notice_poster", _("Affiche d'un avis")

    class Status(models.TextChoices):
        PENDING = "pending", _("En attente")
        RUNNING = "running", _("En cours")
        SUCCEEDED = "succeeded", _("Signé")
        FAILED = "failed", _("En échec")

    kind = models.CharField(_("nature"), max_length=30, choices=Kind.choices)
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                               verbose_name=_("casino"))
    register = models.ForeignKey("registers.Register", on_delete=models.PROTECT, null=True, blank=True,
                                 related_name="+", verbose_name=_("registre"))
    subject = models.CharField(_("objet"), max_length=100, blank=True)  # a pay table's key, a card's number
    period_start = models.DateField(_("du"))
    period_end = models.DateField(_("au"))
    status = models.CharField(_("état"), max_length=20, choices=Status.choices, default=Status.PENDING)
    progress = models.PositiveSmallIntegerField(_("avancement"), default=0)  # percent
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                     verbose_name=_("demandé par"))
    requested_at = models.DateTimeField(_("demandé le"))
    finished_at = models.DateTimeField(_("terminé le"), null=True, blank=True)
    error = models.TextField(_("erreur"), blank=True)
    pdf = models.BinaryField(_("PDF signé"), null=True, blank=True)
    sha256 = models.CharField(_("empreinte SHA-256"), max_length=64, blank=True, db_index=True)
    pages = models.PositiveIntegerField(_("pages"), null=True, blank=True)
    certificate = models.ForeignKey(SigningCertificate, on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="reports", verbose_name=_("certificat"))
    covered = models.JSONField(_("écritures couvertes"), default=list, blank=True)  # their numbers in the register
    chain_entry = models.ForeignKey("registers.Entry", on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="+", verbose_name=_("écriture au registre"))
    # the wording of Vigie's pages it was printed with: a page that cited wrongly is reissued from a later edition
    # (registers/chain/recitations.yaml, `reports`); 1: before issue 35
    edition = models.PositiveSmallIntegerField(_("édition"), default=EDITION)
    # a new version of a signed report (its entries' citations rectified since): the old stays as signed
    supersedes = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="superseded_by", verbose_name=_("remplace le rapport"))

    # a casino's reports are its staff's and its regulator's; a pay table's return (no casino) every signed-in user's
    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        verbose_name = _("rapport signé")
        verbose_name_plural = _("rapports signés")
        ordering = ["-requested_at"]
        constraints = [
            models.CheckConstraint(condition=Q(period_start__lte=models.F("period_end")), name="report_period_ordered"),
            models.CheckConstraint(condition=Q(progress__lte=100), name="report_progress_percent"),
            models.CheckConstraint(condition=~Q(status="succeeded") | (Q(pdf__isnull=False) & ~Q(sha256="")),
                                   name="report_signed_has_its_bytes"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.period_start}–{self.period_end}"

    @property
    def failure(self) -> str:
        """What a person reads of a report that could not be signed; the exception (`error`) is the administrator's
        and the server log's."""
        if self.status != self.Status.FAILED:
            return ""
        return gettext("Le rapport n'a pu être rendu ni signé : rien n'a été écrit au registre. L'administrateur de "
                       "la plateforme en a le détail ; demandez-le à nouveau, ou prévenez-le si l'échec se répète.")
