"""The levy book's page, /prelevements/<casino>/ (LU RGD 1979 art. 88, 97-1, the draft's wording): a month's gaming
days with their revenue by source, the levy, the funds set aside, the due date of the transfer and the transfer that
paid it; the parameters recorded by the manager, each with the act the casino cites. The accountant and the manager
file (the month computed, a transfer; the parameters: the manager), the regulator reads."""

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

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
from compliance.profiles import applies

from .. import controls as house
from ..web_actions import casino_home, staff_post
from . import controls, selectors, services
from .forms import ComputeForm, ParametersForm, TransferForm

ZERO = Decimal(0)
FEATURE = "prelevements"
STATES = {"paid": ("success", controls.PAID_ON_TIME), "late": ("danger", controls.PAID_LATE),
          "overdue": ("danger", controls.OVERDUE), "due": ("warning", controls.TO_TRANSFER),
          "nil": ("secondary", controls.NOTHING),
          "to_compute": ("info", gettext_lazy("À calculer")), "open": ("light", gettext_lazy("Journée ouverte"))}


@dataclass
class LevyPage:
    casino: Casino
    month: str
    first: datetime.date
    last: datetime.date
    lines: list = field(default_factory=list)
    parameters: list = field(default_factory=list)
    unpaid: list = field(default_factory=list)
    totals: dict = field(default_factory=dict)
    rows: list = field(default_factory=list)  # (the day's line, its revenue per source in SOURCES' order, its state)
    open_days: int = 0  # the month's days not closed yet (not shown one by one)


def _month(raw: str | None, casino: Casino) -> tuple[str, datetime.date, datetime.date]:
    today = casino.today()
    try:
        first, last = selectors.month_bounds(raw or "")
    except (ValueError, TypeError):
        first, last = selectors.month_bounds(today.strftime("%Y-%m"))
    return first.strftime("%Y-%m"), first, last


def _page(casino: Casino, raw_month: str | None) -> LevyPage:
    month, first, last = _month(raw_month, casino)
    book = selectors.book_of(selectors.register_of(casino))
    lines = selectors.month_lines(casino, book, first, last)
    levied = [line.levied for line in lines if line.levied]
    page = LevyPage(casino, month, first, last, lines, sorted(book.parameters, key=lambda p: (p.effective, p.seq)))
    page.unpaid = [line for line in lines if line.state in ("due", "overdue")]
    page.rows = [(line, [line.levied.revenue.get(source) if line.levied else None for source in controls.SOURCES],
                  STATES[line.state]) for line in lines]
    page.open_days = sum(line.state == "open" for line in lines)
    page.totals = {"revenue": sum((item.total_revenue for item in levied), ZERO),
                   "levy": sum((item.total_levy for item in levied), ZERO),
                   "set_aside": sum((item.set_aside for item in levied), ZERO),
                   "paid": sum((item.set_aside for item in levied if item.paid_by), ZERO)}
    page.totals["outstanding"] = page.totals["set_aside"] - page.totals["paid"]
    return page


def _url(page: LevyPage) -> str:
    return f"{reverse('levies', kwargs={'casino': page.casino.code})}?mois={page.month}"


def _parameters(page, form, user):
    services.levy_parameters_record(casino=page.casino, actor=user, effective_from=form.cleaned_data["effective_from"],
                                    rates=form.rates(), act=form.cleaned_data["act"])
    return _("Paramètres de prélèvement enregistrés."), _url(page)


def _compute(page, form, user):
    written = services.levies_compute(casino=page.casino, month=form.cleaned_data["month"], actor=user)
    return (_("Carnet calculé : %(count)s journée(s) écrite(s).") % {"count": len(written)},
            f"{reverse('levies', kwargs={'casino': page.casino.code})}?mois={form.cleaned_data['month']}")


def _transfer(page, form, user):
    entry = services.levy_transfer_record(casino=page.casino, actor=user, days=form.chosen_days(),
                                          amount=form.cleaned_data["amount"], made_on=form.cleaned_data["made_on"],
                                          reference=form.cleaned_data["reference"])
    return _("Virement enregistré au carnet (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


ACTIONS = {"parametres": (ParametersForm, _parameters), "calcul": (ComputeForm, _compute),
           "virement": (TransferForm, _transfer)}


@login_required
@require_safe
def levies_home(request):
    """A casino's staff land on their casino's book where it applies; a regulator picks one of the casinos where it
    applies (none: the page says so)."""
    return casino_home(request, lambda casino: applies(casino.jurisdiction, FEATURE), levies,
                       "registers/prelevements/home.html")


@login_required
def levies(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    if not applies(casino.jurisdiction, FEATURE, casino.today()):
        raise Http404(_("Le carnet de prélèvement ne s'applique pas dans la juridiction de ce casino."))
    page = _page(casino, request.GET.get("mois"))
    bound, done = staff_post(request, casino, page, ACTIONS)
    if done is not None:
        return done
    writable = can_write(request.user, casino)
    forms_ = {}
    if writable and request.user.role in services.ROLES_TRANSFER:
        forms_ = {"calcul": ComputeForm(page=page), "virement": TransferForm(page=page)}
        if request.user.role == User.Role.MANAGER:
            forms_["parametres"] = ParametersForm(page=page)
    forms_.update(bound)
    day = page.last if page.last < casino.today() else casino.today()
    citations = {"delay": house.concept_cited(casino, selectors.DELAY, day, house.BOOKS),
                 "payment": house.concept_cited(casino, selectors.PAYMENT, day, house.BOOKS),
                 "book": house.concept_cited(casino, selectors.BOOK, day, house.BOOKS)}
    payment = selectors.rule(casino, selectors.PAYMENT, day).value  # « virement bancaire », as the text says
    delay_days = selectors.rule(casino, selectors.DELAY, day).value
    return render(request, "registers/prelevements/page.html", {
        "casino": casino, "page": page, "forms": forms_, "writable": writable, "citations": citations,
        "payment": payment, "delay_days": delay_days, "sources": controls.SOURCES, "states": STATES,
        "rounding": controls.ROUNDING, "day_start": controls.DAY_START, "bases": controls.BASES,
        "act_cited": controls.ACT_CITED})
