"""The playing-card stock's page (/registres/<casino>/cartes-a-jouer/): the decks on hand by kind and by lot, what is
issued to today's tables and poker tables with what the opening control finds there, the latest movements, and the
forms. The casino's staff file receipts, issues, returns and destructions (a destruction waits for a second person of
the direction in the register's countersignature queue); the direction sets the days the opening control applies
from; the regulator of its jurisdiction reads it (a POST of theirs is a 403, another casino's page a 404)."""

import json
from collections import defaultdict

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from compliance import formatting
from compliance import selectors as compliance_selectors
from compliance.models import User
from compliance.permissions import can_write
from compliance.profiles import applies

from ..kinds import RegisterKind, entry_kind_label
from ..web_actions import chosen, submit, verify_writable
from . import errors, rules, selectors
from .controls import FAMILIES
from .forms import ControlForm, DestroyForm, IssueForm, ReceiptForm, ReturnForm
from .rules import FEATURE
from .services import deck_control_set, deck_destroy, deck_issue, deck_receive, deck_return


class DecksPage:
    def __init__(self, casino):
        self.casino = casino
        self.today = casino.today()
        self.stock = selectors.stock_of(casino)
        self.lots = sorted(self.stock.lots.values(), key=lambda lot: lot.lot)
        self.out = [issue for issue in self.stock.issues.values() if issue.left > 0]
        sixain = rules.pack_size(casino, self.today)
        self.sixain = int(sixain.value) if sixain else None
        self.sixain_citation = str(sixain.citation) if sixain else ""

    @property
    def url(self) -> str:
        return reverse("decks", kwargs={"casino": self.casino.code})

    @staticmethod
    def lot_label(lot) -> str:
        return _("%(lot)s — %(description)s, dos %(colour)s (%(new)s neufs, %(used)s rendus)") % {
            "lot": lot.lot, "description": lot.description, "colour": lot.colour, "new": lot.new, "used": lot.used}

    def issue_label(self, issue) -> str:
        return _("%(table)s, %(day)s — %(left)s jeux du lot %(lot)s") % {
            "table": issue.table, "left": issue.left, "lot": issue.lot,
            "day": formatting.date(issue.day, jurisdiction=self.casino.jurisdiction, style="short")}


def _received(page, form, user):
    entry = deck_receive(casino=page.casino, actor=user, gaming_day=page.today, **form.values())
    return _("Réception enregistrée (écriture n° %(seq)s).") % {"seq": entry.seq}, page.url


def _issued(page, form, user):
    entry = deck_issue(casino=page.casino, actor=user, gaming_day=page.today, **form.values())
    return _("Remise enregistrée (écriture n° %(seq)s).") % {"seq": entry.seq}, page.url


def _returned(page, form, user):
    entry = deck_return(casino=page.casino, actor=user, gaming_day=page.today, **form.values())
    return _("Retour enregistré (écriture n° %(seq)s).") % {"seq": entry.seq}, page.url


def _destroyed(page, form, user):
    pending = deck_destroy(casino=page.casino, actor=user, gaming_day=page.today, **form.values())
    return _("Destruction déposée (dépôt n° %(pk)s) : elle entre au registre dès la contresignature d'un membre de "
             "la direction.") % {"pk": pending.pk}, page.url


def _control(page, form, user):
    entry = deck_control_set(casino=page.casino, actor=user, gaming_day=page.today, **form.values())
    return _("Contrôle à l'ouverture enregistré (écriture n° %(seq)s).") % {"seq": entry.seq}, page.url


ACTIONS = {ReceiptForm.action: (ReceiptForm, _received), IssueForm.action: (IssueForm, _issued),
           ReturnForm.action: (ReturnForm, _returned), DestroyForm.action: (DestroyForm, _destroyed),
           ControlForm.action: (ControlForm, _control)}
MANAGERS_ONLY = (ControlForm.action,)


def _by_kind(lots) -> list[dict]:
    """The stock on hand by kind of deck (what was received, its back's colour), all lots together."""
    kinds = defaultdict(lambda: {"new": 0, "used": 0, "out": 0, "retired": 0, "destroyed": 0})
    for lot in lots:
        row = kinds[(lot.description, lot.colour)]
        for name in row:
            row[name] += getattr(lot, name)
    return [{"description": description, "colour": colour, **counts}
            for (description, colour), counts in sorted(kinds.items())]


@login_required
def decks_page(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    if not rules.keeps_stock(casino, casino.today()):
        raise Http404(str(errors.NOT_HERE))
    page = DecksPage(casino)
    writes = can_write(request.user, casino)
    manages = writes and request.user.role == User.Role.MANAGER
    bound = None
    if request.method == "POST":
        verify_writable(request, casino)
        action, (form_class, call) = chosen(request, ACTIONS)
        if action in MANAGERS_ONLY and not manages:
            raise PermissionDenied(str(errors.MANAGER_ONLY))
        bound = form_class(request.POST, page=page)
        done = submit(request, bound, lambda form: call(page, form, request.user))
        if done is not None:
            return done

    def form(form_class):
        return bound if bound is not None and bound.action == form_class.action else form_class(page=page)

    forms = {}
    if writes:
        forms = {"receipt": form(ReceiptForm), "issue": form(IssueForm), "return": form(ReturnForm),
                 "destroy": form(DestroyForm)}
        if manages:
            forms["control"] = form(ControlForm)
    return render(request, "registers/decks.html", {
        "casino": casino, "page": page, "writes": writes, "manages": manages, "forms": forms,
        "refused": bound is not None, "kinds": _by_kind(page.lots),
        "sessions": selectors.today_sessions(casino, page.today, page.stock),
        "movements": [{"entry": entry, "label": entry_kind_label(entry.kind), "payload": json.loads(entry.payload)}
                      for entry in selectors.movements(casino, 50)],
        "pending": selectors.destructions_pending(casino), "reference": page.stock.reference,
        "control": [(family, label, page.stock.control.get(family)) for family, label in FAMILIES.items()],
        "register_kind": RegisterKind.JEUX_DE_CARTES,
        "tables": selectors.table_numbers(casino)})


@login_required
def decks_home(request):
    """A casino's staff land on their casino's page where its texts keep a stock; a regulator picks one of the casinos
    whose texts do (a casino's staff whose texts keep none read that none is kept there)."""
    if request.user.casino_id and rules.keeps_stock(request.user.casino, request.user.casino.today()):
        return decks_page(request, request.user.casino.code)
    casinos = [casino for casino in compliance_selectors.casino_list(user=request.user).select_related("jurisdiction")
               .order_by("name") if applies(casino.jurisdiction, FEATURE)]
    return render(request, "registers/decks_home.html", {"casinos": casinos})
