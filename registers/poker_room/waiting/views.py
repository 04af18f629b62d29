"""The waiting list's page, /poker/<casino>/<day>/attente/: the day's list in order of inscription, each call with
its seats drawn (the seed and the method, to run the draw again), and for the casino's staff the two forms. Thin: the
reads come from selectors.py, the writes go to services.py through the shared `web_actions` (a refusal comes back
under the field it names; a regulator's POST is a 403). Another casino's room is a 404."""

import datetime
from functools import cached_property

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from compliance import selectors as compliance_selectors
from compliance.errors import DomainError
from compliance.permissions import can_write
from registers.errors import ErrorCode

from ...models import PokerSession
from ...web_actions import chosen, submit, verify_writable
from .. import draw
from . import rules, selectors
from .forms import QUALITIES, CallForm, InscribeForm
from .services import waiting_list_add, waiting_list_call


class WaitingPage:
    """What the forms need: the casino, the gaming day, its sessions."""

    def __init__(self, user, casino, day: datetime.date):
        self.user, self.casino, self.day = user, casino, day

    @cached_property
    def sessions(self):
        return list(PokerSession.objects.filter(casino=self.casino, gaming_day=self.day).order_by("table", "number"))

    def session(self, pk):
        found = next((session for session in self.sessions if str(session.pk) == str(pk)), None)
        if found is None:
            raise DomainError(_("Choisissez une séance de la journée."), code=ErrorCode.REQUIRED, field="session")
        return found


def _url(casino, day: datetime.date) -> str:
    return reverse("poker-waiting", kwargs={"casino": casino.code, "day": day.isoformat()})


def _inscribe(page, form, user):
    entry = waiting_list_add(casino=page.casino, actor=user, gaming_day=page.day, **form.values())
    return (_("%(player)s inscrit sur la liste d'attente (écriture n° %(seq)s du registre de la cagnotte).")
            % {"player": form.cleaned_data["player"], "seq": entry.seq}, _url(page.casino, page.day))


def _call(page, form, user):
    entry = waiting_list_call(actor=user, **form.values())
    return (_("Liste appelée, places tirées au sort (écriture n° %(seq)s du registre de la cagnotte).")
            % {"seq": entry.seq}, _url(page.casino, page.day))


ACTIONS = {form.action: (form, call) for form, call in ((InscribeForm, _inscribe), (CallForm, _call))}


@login_required
def waiting(request, casino, day):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    try:
        day = datetime.date.fromisoformat(day)
    except ValueError:
        raise Http404(day) from None
    page = WaitingPage(request.user, casino, day)
    bound = None
    if request.method == "POST":
        verify_writable(request, casino)
        _action, (form_class, act) = chosen(request, ACTIONS)
        bound = form_class(request.POST, page=page)
        done = submit(request, bound, lambda form: act(page, form, request.user))
        if done is not None:
            return done
    writable = can_write(request.user, casino)
    forms_ = {}
    if writable:
        forms_ = {"inscribe": InscribeForm(page=page)}
        if page.sessions:
            forms_["call"] = CallForm(page=page)
    if bound is not None:
        forms_[bound.action] = bound
    entries = selectors.day_entries(casino, day)
    return render(request, "registers/poker_room/waiting.html", {
        "casino": casino, "day": day, "day_iso": day.isoformat(), "can_write": writable, "forms": forms_,
        "bound_action": bound.action if bound is not None else None,
        "day_url": reverse("poker-day", kwargs={"casino": casino.code}) + f"?jour={day.isoformat()}",
        "waiting": selectors.waiting_list(casino, day, entries), "draws": selectors.draws(entries),
        "qualities": QUALITIES, "method": draw.METHOD, "citation": rules.listed(casino, day),
        "here": _("Liste d'attente"),
    })
