"""The arrêté values' page (/registres/<casino>/arretes/): what the casino's texts leave to an arrêté du Ministre des
Finances, article by article, the value in force today with the arrêté's reference, and every version filed. The
casino's management files a version; everyone of the casino's scope reads it, the regulator of its jurisdiction
included (a regulator's POST is a 403, another casino's page a 404)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from compliance import formatting
from compliance import selectors as compliance_selectors
from games.models import Game

from ..web_actions import management_post
from . import errors, rules, selectors
from .controls import shown
from .forms import ArreteValueForm, concept_label
from .services import arrete_value_file


class ArretesPage:
    def __init__(self, casino):
        self.casino = casino
        self.today = casino.today()
        self.delegations = rules.delegations(casino.jurisdiction, self.today)
        games = {found.game for found in self.delegations}
        self.game_names = dict(Game.objects.filter(key__in=games).values_list("key", "name")) if games else {}

    @property
    def url(self) -> str:
        return reverse("arretes", kwargs={"casino": self.casino.code})


def _file(page, form, user):
    data = form.cleaned_data
    filed = arrete_value_file(casino=page.casino, actor=user, concept=data["concept"], value=data["value"],
                              effective_from=data["effective_from"], reference=data["reference"])
    return _("Valeur saisie, en vigueur le %(day)s (arrêté « %(reference)s »).") % {
        "day": formatting.date(filed.effective_from, jurisdiction=page.casino.jurisdiction),
        "reference": filed.reference}, page.url


ACTIONS = {ArreteValueForm.action: (ArreteValueForm, _file)}


@login_required
def arretes_page(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    page = ArretesPage(casino)
    posted = management_post(request, casino, page, ACTIONS, errors.MANAGER_ONLY)
    if posted.done is not None:
        return posted.done
    bound, manages = posted.form, posted.manages
    percent = {found.concept: found.kind.percent for found in page.delegations}
    labels = {found.concept: concept_label(found, page.game_names) for found in page.delegations}
    in_force = selectors.in_force(casino, page.today)
    rows = [{"delegation": found, "game": page.game_names.get(found.game, found.game),
             "measure": found.kind.label, "filed": in_force.get(found.concept),
             "value": _said(casino, in_force[found.concept].value, found.kind.percent)
             if found.concept in in_force else None} for found in page.delegations]
    versions = [{"version": version, "label": labels.get(version.concept, version.concept),
                 "value": _said(casino, version.value, percent.get(version.concept, False))}
                for version in selectors.versions_of(casino)]
    return render(request, "registers/arretes.html", {
        "casino": casino, "page": page, "manages": manages, "rows": rows, "versions": versions,
        "form": (bound or ArreteValueForm(page=page)) if manages and page.delegations else None,
        "refused": bound is not None}, status=200)


def _said(casino, value, percent: bool) -> str:
    said = shown(value, percent=percent, currency=casino.currency, jurisdiction=casino.jurisdiction)
    return said() if callable(said) else said.said()


@login_required
def arretes_home(request):
    """A casino's staff land on their casino's page; a regulator picks one of the jurisdiction's casinos."""
    if request.user.casino_id:
        return arretes_page(request, request.user.casino.code)
    casinos = compliance_selectors.casino_list(user=request.user).select_related("jurisdiction").order_by("name")
    return render(request, "registers/arretes_home.html", {"casinos": casinos})
