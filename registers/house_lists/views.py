"""The casino's lists page (/registres/<casino>/listes/): its desks, its poker tables and the chips and banknotes of
its counts, which the forms offer as choices. Everyone of the casino's scope reads it; its management adds and
retires items (a regulator's POST is a 403, another casino's page a 404)."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from compliance import selectors as compliance_selectors

from ..models import StationKind
from ..web_actions import management_post
from . import errors, selectors
from .forms import DenominationForm, RetireForm, StationForm
from .services import denomination_add, denomination_retire, station_add, station_retire


class ListsPage:
    def __init__(self, casino):
        self.casino = casino

    @property
    def url(self) -> str:
        return reverse("house-lists", kwargs={"casino": self.casino.code})


def _station(page, form, user):
    station = station_add(casino=page.casino, actor=user, **form.cleaned_data)
    return _("« %(name)s » ajouté à la liste (%(kind)s).") % {"name": station.name,
                                                            "kind": station.get_kind_display()}, page.url


def _denomination(page, form, user):
    found = denomination_add(casino=page.casino, actor=user, **form.cleaned_data)
    return _("Coupure %(value)s (%(kind)s) ajoutée à la grille de comptage.") % {
        "value": found.value, "kind": found.get_kind_display()}, page.url


def _retire(page, form, user):
    kind, _sep, pk = form.cleaned_data["item"].partition("-")
    if kind == "poste" and (station := selectors.station_get(page.casino, pk)) is not None:
        station_retire(station=station, actor=user)
        return _("« %(name)s » retiré de la liste.") % {"name": station.name}, page.url
    if kind == "coupure" and (found := selectors.denomination_get(page.casino, pk)) is not None:
        denomination_retire(denomination=found, actor=user)
        return _("Coupure %(value)s retirée de la grille de comptage.") % {"value": found.value}, page.url
    raise BadRequest(form.cleaned_data["item"])


ACTIONS = {StationForm.action: (StationForm, _station), DenominationForm.action: (DenominationForm, _denomination),
           RetireForm.action: (RetireForm, _retire)}


@login_required
def lists_page(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    page = ListsPage(casino)
    posted = management_post(request, casino, page, ACTIONS, errors.MANAGER_ONLY)
    if posted.done is not None:
        return posted.done
    bound, bound_action, manages = posted.form, posted.action, posted.manages
    forms_ = {}
    if manages:
        forms_ = {action: (bound if action == bound_action else form_class(page=page))
                  for action, (form_class, _call) in ACTIONS.items()}
    stations = selectors.stations_of(casino)
    return render(request, "registers/house_lists.html", {
        "casino": casino, "forms": forms_, "manages": manages, "bound_action": bound_action,
        "desks": [s for s in stations if s.kind == StationKind.DESK],
        "poker_tables": [s for s in stations if s.kind == StationKind.POKER_TABLE],
        "denominations": selectors.denominations_of(casino)}, status=200)


@login_required
def lists_home(request):
    """A casino's staff land on their casino's lists; a regulator picks one of the jurisdiction's casinos."""
    if request.user.casino_id:
        return lists_page(request, request.user.casino.code)
    casinos = compliance_selectors.casino_list(user=request.user).order_by("name")
    return render(request, "registers/house_lists_home.html", {"casinos": casinos})
