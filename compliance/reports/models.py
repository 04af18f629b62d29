"""The certificates that sign reports, as the platform issued them (their keys are files: pki.py)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino, Jurisdiction


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
            models.UniqueConstraint(fields=["casino"], condition=Q(revoked_at__isnull=True, casino__isnull=False),
                                    name="signing_certificate_one_current_per_casino"),
            models.UniqueConstraint(fields=["jurisdiction"],
                                    condition=Q(revoked_at__isnull=True, jurisdiction__isnull=False),
                                    name="signing_certificate_one_current_per_regulator"),
        ]

    def __str__(self) -> str:
        return f"{self.subject} ({self.serial})"
