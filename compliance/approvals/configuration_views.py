"""The casino's approved configuration as pages: a pay table as the casino runs it on a day, the approved payouts in
place from the decision's date, beside the jurisdiction's table and with its approvals. Thin: the selectors decide."""

import datetime
from zoneinfo import ZoneInfo

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from compliance import selectors as compliance_selectors
from compliance.errors import DomainError

from . import selectors
from .configuration import casino_paytable
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
