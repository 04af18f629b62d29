"""The signed reports' pages: the list (per casino and period, with the progress of those being rendered), the
download, and the verification page anyone may use without signing in, which shows nothing but the verdict. Also
what anyone checking a report without Vigie needs: the platform's root certificate and its current CRL."""

from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from compliance import selectors as compliance_selectors
from compliance.errors import DomainError, ErrorCode
from compliance.hooks import DOCUMENTS
from compliance.paging import cursor, keyset
from registers.kinds import RegisterKind

from . import pki, selectors, services
from .models import Report
from .verification import verify_report

# the page open to anyone takes what a day's report or a 1,000-page book weighs; a signed-in user (the casino's
# staff, its regulator) may check a month's book of the cards register at a casino-year's size (85 MB, 13,265 pages,
# checked in 9 s, 0.7 GB at its peak: benchmarks/scale.py)
MAX_UPLOAD_MB = {False: 50, True: 128}
PAGE = 50  # reports a page of the list


def _root_named(name: str) -> str:
    """A root the platform has had (`reports-root-of`, `reports-crl-of`); none other."""
    if name not in pki.root_names():
        raise Http404
    return name


@require_GET
def root_certificate(request, name: str = ""):
    """The root in use, or a root by its name."""
    name = _root_named(name) if name else ""
    response = HttpResponse(pki.pem(pki.root_certificate(name)), content_type="application/x-pem-file")
    response["Content-Disposition"] = f'attachment; filename="vigie-racine{"-" + name if name else ""}.pem"'
    return response


@require_GET
def crl(request, name: str = pki.ROOT_KEY):
    """The CRL a certificate names: the first root's at /pki/crl/, a later root's under its name."""
    response = HttpResponse(selectors.crl_der(_root_named(name)), content_type="application/pkix-crl")
    response["Content-Disposition"] = f'attachment; filename="vigie{"" if name == pki.ROOT_KEY else "-" + name}.crl"'
    response["Cache-Control"] = "no-cache"  # a revocation shows at once
    return response


class FilterForm(forms.Form):
    """The list's filters, read from the address (a bookmark keeps them); a value refused names its field and leaves
    the others applied."""

    casino = forms.ChoiceField(label=_("Casino"), required=False,
                               error_messages={"invalid_choice": _("Casino : aucun casino « %(value)s » dans votre "
                                                                   "périmètre.")})
    kind = forms.ChoiceField(label=_("Nature"), required=False, choices=[("", _("Toutes")), *Report.Kind.choices],
                             error_messages={"invalid_choice": _("Nature : « %(value)s » n'est pas une nature de "
                                                                 "rapport.")})
    register = forms.ChoiceField(label=_("Registre"), required=False, choices=[("", _("Tous")), *RegisterKind.choices],
                                 error_messages={"invalid_choice": _("Registre : « %(value)s » n'est pas un "
                                                                     "registre.")})
    start = forms.DateField(label=_("Du"), required=False, widget=forms.DateInput(attrs={"type": "date"}),
                            error_messages={"invalid": _("Du : date invalide, attendue sous la forme aaaa-mm-jj "
                                                         "(2026-11-28).")})
    end = forms.DateField(label=_("Au"), required=False, widget=forms.DateInput(attrs={"type": "date"}),
                          error_messages={"invalid": _("Au : date invalide, attendue sous la forme aaaa-mm-jj "
                                                       "(2026-11-28).")})

    def __init__(self, *args, casinos, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["casino"].choices = [("", _("Tous")), *((casino.code, casino.name) for casino in casinos)]
        for field in self.fields.values():
            select = isinstance(field.widget, forms.Select)
            field.widget.attrs["class"] = "form-select form-select-sm" if select else "form-control form-control-sm"

    def clean(self):
        data = super().clean()
        if data.get("start") and data.get("end") and data["start"] > data["end"]:
            self.add_error("end", _("Au : la fin de la période précède son début."))
        return data

    def applied(self) -> dict:
        """The values kept (a refused one is dropped, the others filter), as the selector takes them."""
        if not hasattr(self, "_applied"):
            self.is_valid()
            for name in self.errors:
                if name in self.fields:
                    self.fields[name].widget.attrs["class"] += " is-invalid"
            self._applied = {name: value for name, value in self.cleaned_data.items() if value}
        return self._applied

    def query(self) -> str:
        """The kept filters as an address's query, for the pages after the first."""
        return urlencode({name: (value.isoformat() if hasattr(value, "isoformat") else value)
                          for name, value in self.applied().items()})


class RequestForm(forms.Form):
    """What a report is about; which fields a kind needs is the service's to say (it names the missing one)."""

    kind = forms.ChoiceField(label=_("Rapport"), choices=Report.Kind.choices)
    casino = forms.CharField(label=_("Casino"), required=False, max_length=50)
    register = forms.ChoiceField(label=_("Registre"), required=False,
                                 choices=[("", "—"), *RegisterKind.choices])
    start = forms.DateField(label=_("Jour, ou début"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("Fin (relevé de carte)"), required=False,
                          widget=forms.DateInput(attrs={"type": "date"}))
    subject = forms.CharField(label=_("Carte ou table de paiement"), required=False, max_length=100)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            select = isinstance(field.widget, forms.Select)
            field.widget.attrs["class"] = "form-select form-select-sm" if select else "form-control form-control-sm"
        # a decision letter or a tournament's results are asked from their own pages (compliance.hooks.DOCUMENTS)
        self.fields["kind"].choices = [(kind, label) for kind, label in Report.Kind.choices
                                       if kind not in DOCUMENTS]
        if not user.is_casino_staff:  # a regulator signs pay tables' returns only
            self.fields["kind"].choices = [(Report.Kind.PAYTABLE_RETURN, Report.Kind.PAYTABLE_RETURN.label)]


def _list(request, request_form=None):
    casinos = list(compliance_selectors.casino_list(user=request.user).order_by("name"))
    form = FilterForm(request.GET, casinos=casinos)
    values = form.applied()
    page = keyset(selectors.report_list(user=request.user, casino_code=values.get("casino"), kind=values.get("kind"),
                                        register_kind=values.get("register"), start=values.get("start"),
                                        end=values.get("end")), cursor(request.GET.get("avant")), size=PAGE)
    return render(request, "compliance/reports/list.html", {
        "form": form, "reports": page.rows, "page": page, "query": form.query(), "casinos": casinos,
        "filtered": bool(values),
        "request_form": request_form or RequestForm(user=request.user, initial={
            "casino": request.user.casino.code if request.user.casino_id else ""}),
        "can_request": request.user.is_casino_staff or request.user.is_regulator,
        "running": any(report.status in ("pending", "running") for report in page.rows),
    })


@login_required
@require_GET
def report_list(request):
    return _list(request)


@login_required
@require_POST
def report_new(request):
    """A report asked for from the list: back to the list, where its progress shows; a refusal names its field."""
    form = RequestForm(request.POST, user=request.user)
    if form.is_valid():
        data = form.cleaned_data
        casino = compliance_selectors.casino_list(user=request.user).filter(code=data["casino"]).first()
        try:
            report = services.report_request(actor=request.user, kind=data["kind"], casino=casino,
                                             register_kind=data["register"], start=data["start"], end=data["end"],
                                             subject=data["subject"])
        except DomainError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(request, _("Rapport demandé : il apparaît ci-dessous dès qu'il est signé."))
            return redirect(reverse("reports-list") + (f"?casino={report.casino.code}" if report.casino else ""))
    return _list(request, form)


@login_required
@require_GET
def report_progress(request, pk: int):
    report = selectors.report_get(user=request.user, pk=pk)
    return JsonResponse({"status": report.status, "progress": report.progress})


@login_required
@require_GET
def report_download(request, pk: int):
    report = selectors.report_get(user=request.user, pk=pk)
    if report.status != report.Status.SUCCEEDED:
        return HttpResponse(status=404)
    size = selectors.pdf_size(report)
    response = StreamingHttpResponse(selectors.pdf_chunks(report, size), content_type="application/pdf")
    response["Content-Length"] = str(size)
    name = f"{report.kind}-{report.casino.code if report.casino else 'vigie'}-{report.period_start.isoformat()}"
    response["Content-Disposition"] = f'attachment; filename="{name}-{report.pk}.pdf"'
    return response


class VerifyForm(forms.Form):
    file = forms.FileField(label=_("Rapport PDF"))

    def __init__(self, *args, signed_in: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.limit_mb = MAX_UPLOAD_MB[signed_in]
        self.fields["file"].help_text = _("Le fichier tel qu'il a été reçu, %(mb)s Mo au plus.") % {"mb": self.limit_mb}

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.limit_mb * 1024 * 1024:
            raise forms.ValidationError(_("Fichier trop volumineux : %(mb)s Mo au plus.") % {"mb": self.limit_mb},
                                        code=ErrorCode.TOO_LARGE)
        head = upload.read(5)
        upload.seek(0)
        if head != b"%PDF-":
            raise forms.ValidationError(_("Ce fichier n'est pas un PDF."), code=ErrorCode.NOT_PDF)
        return upload


@require_http_methods(["GET", "POST"])
def report_verify(request):
    """Anyone, signed in or not: upload a report, read the verdict. Nothing is stored."""
    form = VerifyForm(request.POST or None, request.FILES or None, signed_in=request.user.is_authenticated)
    check = None
    if request.method == "POST" and form.is_valid():
        try:
            check = verify_report(form.cleaned_data["file"].read())
        except DomainError as exc:
            form.add_error("file", exc.message)
    return render(request, "compliance/reports/verify.html", {"form": form, "check": check})
