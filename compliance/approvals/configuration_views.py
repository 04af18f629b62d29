"""The casino's configuration as pages: a pay table as the casino runs it on a day (the text's, or in Monaco the change
notified from its date) with its proposals, notices and decisions; the Québec wheel of fortune's public page (QC RJC
art. 120, anyone, no login) and the management's form that publishes it. Thin: the selectors and services decide."""

import datetime
from zoneinfo import ZoneInfo

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from compliance import selectors as compliance_selectors
from compliance.errors import DomainError
from compliance.models import User
from compliance.profiles import feature_codes
from registers.web_actions import submit

from . import errors, selectors, services
from .configuration import casino_paytable
from .forms import WheelForm
from .kinds import form_of


@login_required
@require_safe
def casino_paytable_page(request, casino: str, key: str):
    found = compliance_selectors.casino_list(user=request.user).filter(code=casino).first()
    if found is None:
        raise Http404
    try:
        on = datetime.date.fromisoformat(request.GET.get("jour") or found.today().isoformat())
    except ValueError:
        on = found.today()
    try:
        table = casino_paytable(request.user, found, key, on)
    except DomainError as refused:
        if refused.status == 404:
            raise Http404 from None
        raise
    return render(request, "approvals/casino_paytable.html", {"casino": found, "on": on, "run": table,
                                                               "key": key})


@require_safe
def wheel_public_page(request, casino: str):
    """Anyone, signed in or not: the casino's wheel of fortune, its prizes and each bet's chances and return as the
    casino declared them, and the moment Vigie put each version up (QC RJC art. 120), in the casino's time zone."""
    found, publications = selectors.wheel_published(casino)
    timezone.activate(ZoneInfo(found.jurisdiction.timezone))
    return render(request, "approvals/wheel_public.html", {
        "casino": found, "current": publications[0] if publications else None, "earlier": publications[1:],
        "citation": form_of("roue_de_fortune", found, found.today()).citation,
        "home_jurisdiction": found.jurisdiction})


@login_required
@require_http_methods(["GET", "POST"])
def wheel_publish_page(request, casino: str):
    """The management of a Québec casino publishes its wheel's configuration (QC RJC art. 120); Vigie dates it and
    checks each bet's return (art. 122) and the segments (art. 117), refusing under the field."""
    found = compliance_selectors.casino_list(user=request.user).filter(
        code=casino, jurisdiction__code__in=feature_codes("roue_de_fortune.publication")).first()
    if found is None:
        raise Http404
    if request.user.casino_id != found.pk or request.user.role != User.Role.MANAGER:  # the casino's management only
        raise PermissionDenied(str(errors.NOT_A_MANAGER))
    form = WheelForm(request.POST if request.method == "POST" else None, page=None)
    if request.method == "POST":

        def publish(bound):
            services.wheel_publish(actor=request.user, casino=found, segments=bound.cleaned_data["segments"])
            return (_("Configuration de la roue mise en ligne sur la page publique du casino."),
                    reverse("approvals-wheel-public", kwargs={"casino": found.code}))

        done = submit(request, form, publish)
        if done:
            return done
    return render(request, "approvals/wheel_publish.html", {"casino": found, "form": form})
