"""The platform administrator's signing certificates: the list of those in use and those revoked, and a revocation,
its reason required, restated and confirmed before it is recorded (registers/web_actions.submit, as every act that
cannot be undone), then audited by the service (services.certificate_revoke)."""

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods

from compliance import formatting
from registers.forms import ActionForm, Restated
from registers.web_actions import submit

from . import errors, selectors, services
from .models import SigningCertificate

REASON_MAX = 300  # as the certificate keeps it (SigningCertificate.revocation_reason)


def holder_name(certificate: SigningCertificate) -> str:
    """The holder as people name it: the casino, or the jurisdiction's authority in the page's language."""
    return certificate.casino.name if certificate.casino_id else certificate.jurisdiction.regulator


class CertificateRevokeForm(ActionForm):
    """The reason is the service's to require (`reason`), so a blank one is refused under its field as any refusal."""

    action = "revoquer"
    confirmation = True
    reason = forms.CharField(label=gettext_lazy("Motif de la révocation"), required=False, max_length=REASON_MAX,
                             widget=forms.Textarea(attrs={"rows": 3}),
                             help_text=gettext_lazy("Par exemple : clé compromise, casino fermé, titulaire changé. "
                                                    "Il figure au journal d'audit et sur la liste des certificats."))

    def restate(self) -> Restated:
        certificate: SigningCertificate = self.page
        facts = [
            (_("Titulaire"), f"{holder_name(certificate)} ({certificate.get_holder_display()})"),
            (_("Sujet"), certificate.subject),
            (_("N° de série"), certificate.serial),
            (_("Valide jusqu'au"), formatting.date(certificate.not_after, jurisdiction=None, style="short")),
            (_("Rapports signés"), str(certificate.signed)),
            (_("Motif de la révocation"), self.cleaned_data["reason"]),
        ]
        signed = _("Il n'a signé aucun rapport.")
        if certificate.signed:
            signed = ngettext("Le rapport qu'il a signé se vérifiera désormais comme signé par un certificat révoqué.",
                              "Les %(count)s rapports qu'il a signés se vérifieront désormais comme signés par un "
                              "certificat révoqué.", certificate.signed) % {"count": certificate.signed}
        act = _("Le certificat sera révoqué dès la confirmation : la liste de révocation de la plateforme le "
                "publiera. %(signed)s") % {"signed": signed}
        return Restated(
            title=_("Révoquer le certificat de signature de %(holder)s") % {"holder": holder_name(certificate)},
            act=act, facts=facts, button=_("Confirmer la révocation"), back=reverse("reports-certificates"),
            consequence=_("Une révocation est définitive : un certificat révoqué ne se rétablit pas. Le prochain "
                          "rapport de ce titulaire sera signé par un nouveau certificat, délivré alors."))


def _verify_admin(request) -> None:
    """The platform administrator's pages: anyone else is refused before anything is read."""
    if not request.user.is_platform_admin:
        raise PermissionDenied(str(errors.NOT_ADMIN))


@login_required
@require_GET
def certificate_list(request):
    _verify_admin(request)
    return render(request, "compliance/reports/certificates.html", {"certificates": selectors.certificate_list(),
                                                                    "keys": selectors.key_store_in_use(),
                                                                    "roots": selectors.roots_listed()})


@login_required
@require_http_methods(["GET", "POST"])
def certificate_revoke(request, pk: int):
    _verify_admin(request)
    certificate = selectors.certificate_get(pk=pk)
    form = CertificateRevokeForm(request.POST if request.method == "POST" else None, page=certificate)
    if request.method == "POST":
        def act(bound):
            services.certificate_revoke(actor=request.user, certificate=certificate,
                                        reason=bound.cleaned_data["reason"])
            said = _("Certificat de %(holder)s révoqué : la liste de révocation le publie.") % {
                "holder": holder_name(certificate)}
            return said, reverse("reports-certificates") + f"#certificate-{certificate.serial}"

        done = submit(request, form, act)
        if done is not None:
            return done
    return render(request, "compliance/reports/certificate_revoke.html", {
        "certificate": certificate, "holder": holder_name(certificate), "form": form})
