"""The règlement intérieur's versions (/registres/<casino>/reglement-interieur/): every version a casino's direction
recorded, with what each sets and the article that leaves each value to the house, and the difference between two
(`?de=N&a=M`, the versions' n°): each value changed, old → new. Everyone of the casino's scope reads it, the regulator
of its jurisdiction included (another casino's page is a 404); the direction records a version on the cagnotte
register's page, where the form is."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from compliance import selectors as compliance_selectors
from compliance.models import User
from compliance.permissions import can_write

from ..kinds import RegisterKind
from .house_rules import JACKPOT_TERMS, TERMS, changes, house_rules_at, house_rules_versions, term_citations

UNKNOWN_VERSION = _("« %(field)s » : le casino n'a pas de version n° %(value)s du règlement intérieur.")


def _chosen(request, versions: dict, field: str, default):
    """The version a parameter names (its n°), the default where it names none; (version, error)."""
    raw = request.GET.get(field, "").strip()
    if not raw:
        return default, ""
    version = versions.get(int(raw)) if raw.isdigit() else None
    return version, "" if version else str(UNKNOWN_VERSION) % {"field": field, "value": raw[:12]}


@login_required
def house_rules_page(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    versions = house_rules_versions(casino)
    today = casino.today()
    now = house_rules_at(casino, today, versions)
    by_seq = {version.seq: version for version in versions}
    # by default, what the latest version changed from the one before it
    old, old_error = _chosen(request, by_seq, "de", versions[-2] if len(versions) > 1 else None)
    new, new_error = _chosen(request, by_seq, "a", versions[-1] if len(versions) > 1 else None)
    citations = term_citations(casino, today)
    terms = [{"name": term.name, "label": term.label, "citation": citations.get(term.name) or "",
              "values": [term.shown(getattr(version, term.name), casino) for version in versions[::-1]]}
             for term in JACKPOT_TERMS + TERMS]
    diff = None
    if old and new:
        diff = changes(old, new, term_citations(casino, new.effective_from) if new.effective_from != today
                       else citations, casino)
    manages = can_write(request.user, casino) and request.user.role == User.Role.MANAGER
    return render(request, "registers/poker/house_rules_versions.html", {
        "casino": casino, "versions": versions[::-1], "now": now, "terms": terms, "old": old, "new": new,
        "diff": diff, "errors": [error for error in (old_error, new_error) if error], "manages": manages,
        "record_url": reverse("registers-other", kwargs={"casino": casino.code, "kind": RegisterKind.CAGNOTTE}),
        "today": today})


@login_required
def house_rules_home(request):
    """A casino's staff land on their casino's versions; a regulator picks one of the jurisdiction's casinos."""
    if request.user.casino_id:
        return house_rules_page(request, request.user.casino.code)
    casinos = compliance_selectors.casino_list(user=request.user).select_related("jurisdiction").order_by("name")
    return render(request, "registers/poker/house_rules_home.html", {"casinos": casinos})
