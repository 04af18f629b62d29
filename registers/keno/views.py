"""The Keno page, /keno/<casino>/ (QC RJC art. 86): the casino's closing hour as its manager recorded it, the tickets
sold with their draws and what they won, the draws' results, and the winning tickets not paid, listed at each
deadline (those past it « échus sans paiement »). The cashiers and the management sell, record a draw and pay; the
management records the closing hour; the regulator reads."""

import datetime
from dataclasses import dataclass, field
from itertools import groupby

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from compliance import selectors as compliance_selectors
from compliance.models import Casino, User
from compliance.permissions import can_write

from ..web_actions import casino_home, chosen, submit, verify_writable
from . import controls, errors, selectors, services
from .forms import ClosingForm, DrawForm, PayForm, TicketForm


@dataclass
class KenoPage:
    casino: Casino
    keno: controls.Keno
    delays: controls.Delays
    now: datetime.datetime
    rows: list = field(default_factory=list)  # (ticket, its deadline or None, its state's (colour, label))
    deadlines: list = field(default_factory=list)  # (deadline, passed, [unpaid tickets]) the nearest first
    closings: list = field(default_factory=list)
    draws: list = field(default_factory=list)


STATES = {"paid": ("success", gettext_lazy("Payé")), "to_draw": ("light", gettext_lazy("Tirage à venir")),
          "not_winning": ("secondary", gettext_lazy("Non gagnant")),
          "no_closing": ("warning", gettext_lazy("Gagnant : heure de fermeture à enregistrer")),
          "expired": ("danger", gettext_lazy("Échu sans paiement")),
          "to_pay": ("warning", gettext_lazy("Gagnant, à payer"))}


def _page(casino: Casino) -> KenoPage:
    keno = selectors.keno_of(selectors.register_of(casino))
    zone = selectors.zone_of(casino)
    page = KenoPage(casino, keno, selectors.delays_on(casino, casino.today()), datetime.datetime.now(zone))
    for ticket in sorted(keno.tickets.values(), key=lambda item: item.seq, reverse=True):
        deadline = controls.deadline_of(ticket, keno, page.delays, zone)
        page.rows.append((ticket, deadline, STATES[controls.ticket_state(ticket, keno, deadline, page.now)]))
    dated = [item for item in controls.unpaid_winners(keno, page.delays, zone) if item.deadline is not None]
    for moment, items in groupby(dated, key=lambda item: item.deadline.moment):
        page.deadlines.append((moment, page.now >= moment, [item.ticket for item in items]))
    page.closings = sorted(keno.closings, key=lambda item: (item.effective, item.seq), reverse=True)
    page.draws = sorted(keno.draws.values(), key=lambda item: item.number, reverse=True)
    return page


def _url(page: KenoPage) -> str:
    return reverse("keno", kwargs={"casino": page.casino.code})


def _closing(page, form, user):
    data = form.cleaned_data
    services.keno_closing_record(casino=page.casino, actor=user, effective_from=data["effective_from"],
                                 hour=data["hour"], next_day=data["next_day"], reference=data["reference"])
    return _("Heure de fermeture enregistrée."), _url(page)


def _ticket(page, form, user):
    entry = services.keno_ticket_issue(casino=page.casino, actor=user, **form.values())
    return _("Billet enregistré (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


def _draw(page, form, user):
    entry = services.keno_draw_record(casino=page.casino, actor=user, **form.values())
    return _("Tirage enregistré (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


def _pay(page, form, user):
    entry = services.keno_ticket_pay(casino=page.casino, actor=user, **form.values())
    return _("Billet payé (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


ACTIONS = {"fermeture": (ClosingForm, _closing), "billet": (TicketForm, _ticket), "tirage": (DrawForm, _draw),
           "paiement": (PayForm, _pay)}


@login_required
@require_safe
def keno_home(request):
    """A casino's staff land on their casino's Keno where it applies; a regulator picks one of the casinos where it
    applies (none: the page says so)."""
    return casino_home(request, selectors.keno_applies, keno, "registers/keno/home.html")


@login_required
def keno(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    if not selectors.keno_applies(casino):
        raise Http404(str(errors.NOT_APPLICABLE))
    page = _page(casino)
    bound = {}
    if request.method == "POST":
        verify_writable(request, casino)
        action, (form_class, call) = chosen(request, ACTIONS)
        bound[action] = form_class(request.POST, page=page)
        done = submit(request, bound[action], lambda form: call(page, form, request.user))
        if done is not None:
            return done
    writable = can_write(request.user, casino) and request.user.role in services.ROLES
    forms_ = {}
    if writable:
        forms_ = {"paiement": PayForm(page=page), "billet": TicketForm(page=page), "tirage": DrawForm(page=page)}
        if request.user.role == User.Role.MANAGER:
            forms_["fermeture"] = ClosingForm(page=page)
    forms_.update(bound)
    return render(request, "registers/keno/page.html", {
        "casino": casino, "page": page, "forms": forms_, "writable": writable, "citation": page.delays.citation,
        "closing_control": controls.CLOSING})
