"""The reconciliation's pages: the reconciled days of the casinos the user sees, and a day's findings with the forms
that follow them up (explained by the accounts, accepted by the management) and the button that asks the worker to
run the day again. Thin callers: reads from the selectors, writes through the services; another casino's day is a
404, a regulator reads only (a POST is a 403), a refusal comes back under the field it names."""

import datetime

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from compliance import selectors as compliance_selectors
from compliance import two_person
from compliance.errors import DomainError
from compliance.permissions import can_write
from registers.fields import TEXT_MAX
from registers.forms import TEXT, BootstrapForm
from registers.kinds import RegisterKind
from registers.web_actions import submit, verify_writable

from . import selectors, services
from .models import Finding


class ExplainForm(BootstrapForm):
    # not required here: the service names the field it refuses
    explanation = forms.CharField(label=gettext_lazy("Explication"), required=False, max_length=TEXT_MAX,
                                  widget=TEXT)


class AcceptForm(BootstrapForm):
    pass


class ListFilter(forms.Form):
    """The list's filters, from the address; a value refused names its field and the others still apply."""

    casino = forms.ChoiceField(required=False, error_messages={
        "invalid_choice": gettext_lazy("Casino : aucun casino « %(value)s » dans votre périmètre.")})
    ouverts = forms.ChoiceField(required=False, choices=[("", ""), ("1", "1")], error_messages={
        "invalid_choice": gettext_lazy("Ouverts seulement : « %(value)s » n'est pas compris (cochez la case ou non).")})

    def __init__(self, *args, casinos, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["casino"].choices = [("", ""), *((casino.code, casino.name) for casino in casinos)]

    def applied(self) -> dict:
        self.is_valid()
        return {name: value for name, value in self.cleaned_data.items() if value}


def _day_url(casino, day: datetime.date) -> str:
    return reverse("reconciliation-day", kwargs={"casino": casino.code, "day": day.isoformat()})


@login_required
@require_safe
def reconciliation_list(request):
    casinos = compliance_selectors.casino_list(user=request.user).order_by("name")
    code, day = request.GET.get("casino") or None, request.GET.get("jour") or ""
    if day:  # « Ouvrir la journée »: its page, where it is run (a casino's staff need not name their casino)
        casino = casinos.filter(code=code).first() if code else (casinos.first() if len(casinos) == 1 else None)
        try:
            gaming_day = datetime.date.fromisoformat(day)
        except ValueError:
            messages.error(request, _("Journée de jeu invalide : « %(day)s ».") % {"day": day})
        else:
            if casino is not None:
                return redirect(_day_url(casino, gaming_day))
    filters = ListFilter(request.GET, casinos=casinos)
    values = filters.applied()
    rows = list(selectors.reconciliation_list(user=request.user, casino_code=values.get("casino"),
                                              open_only=bool(values.get("ouverts")))[:200])
    counts = selectors.finding_counts(rows)
    for row in rows:
        row.counts = dict(counts[row.pk])
    return render(request, "compliance/reconciliation/list.html", {
        "rows": rows, "casinos": casinos, "casino_code": values.get("casino", ""), "filters": filters,
        "open_only": bool(values.get("ouverts")),
        "today": request.user.casino.today() if request.user.casino_id else None})


def _day_page(request, casino, day, reconciliation, refused: dict[int, BootstrapForm] | None = None):
    refused = refused or {}
    writable = can_write(request.user, casino)
    findings = selectors.findings_of(reconciliation)
    for finding in findings:
        finding.explain_form = (refused.get(finding.pk) or ExplainForm(prefix=f"f{finding.pk}")
                                if writable and finding.state == Finding.State.OPEN else None)
        # the acceptance offered only to whom the two-person rule lets take it; the others see why not
        verdict = two_person.may_take(request.user, "accepter_constat", finding)
        explained = writable and finding.state == Finding.State.EXPLAINED
        finding.accept_form = (refused.get(finding.pk) or AcceptForm(prefix=f"a{finding.pk}")
                               if explained and verdict.allowed else None)
        finding.accept_refused = verdict.reason if explained and not verdict.allowed else ""
    job = selectors.day_job(casino, day)
    return render(request, "compliance/reconciliation/day.html", {
        "casino": casino, "day": day, "reconciliation": reconciliation, "findings": findings,
        "standing": [f for f in findings if f.state != Finding.State.LIFTED],
        "lifted": [f for f in findings if f.state == Finding.State.LIFTED], "job": job,
        "job_running": job is not None and job.status in ("queued", "running"), "writable": writable,
        "register_kind": RegisterKind.CARNETS_SPECIAUX})


@login_required
@require_safe
def reconciliation_day(request, casino: str, day: str):
    casino, day, reconciliation = selectors.day_get(user=request.user, casino_code=casino, day=day)
    return _day_page(request, casino, day, reconciliation)


def _posted(request, casino: str, day: str):
    """The day (another casino's is a 404, whatever the method), then only a POST by someone who may write."""
    found = selectors.day_get(user=request.user, casino_code=casino, day=day)
    if request.method != "POST":
        return found, HttpResponseNotAllowed(["POST"])
    verify_writable(request, found[0])
    return found, None


@login_required
def reconciliation_run(request, casino: str, day: str):
    (casino, day, _reconciliation), refused = _posted(request, casino, day)
    if refused:
        return refused
    try:
        services.reconciliation_request(casino=casino, gaming_day=day, actor=request.user)
    except DomainError as exc:
        messages.error(request, str(exc.message))
    else:
        messages.success(request, _("Rapprochement demandé : son avancement s'affiche ci-dessous."))
    return redirect(_day_url(casino, day))


def _follow(request, casino: str, day: str, pk: str, form_class, prefix: str, act):
    (casino, day, reconciliation), refused = _posted(request, casino, day)
    if refused:
        return refused
    finding = selectors.finding_get(user=request.user, reconciliation=reconciliation, pk=int(pk))
    form = form_class(request.POST, prefix=f"{prefix}{finding.pk}")
    done = submit(request, form, lambda form: (act(finding, form), _day_url(casino, day)))
    return done or _day_page(request, casino, day, reconciliation, refused={finding.pk: form})


@login_required
def finding_explain(request, casino: str, day: str, pk: str):
    def act(finding, form):
        services.finding_explain(finding=finding, actor=request.user, explanation=form.cleaned_data["explanation"])
        return _("Explication portée aux carnets spéciaux.")

    return _follow(request, casino, day, pk, ExplainForm, "f", act)


@login_required
def finding_accept(request, casino: str, day: str, pk: str):
    def act(finding, form):
        services.finding_accept(finding=finding, actor=request.user)
        return _("Constat accepté, porté aux carnets spéciaux.")

    return _follow(request, casino, day, pk, AcceptForm, "a", act)
