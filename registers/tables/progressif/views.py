"""The progressive lot's page, /tables/<casino>/progressif/ (QC RJC art. 21.2 as the rule data cites it): the bet and
its prizes as the rule data gives them, each lot with the start value and rate the casino's decision fixes, its account
close by close (the bets' revenue, the contributions, the lot's wins and resets, the fixed prizes, the board's reading
against the account), and the forms: a lot configured by the management, the board read at a séance's close and a
win paid by the casino's staff. The regulator reads."""

import datetime
from dataclasses import dataclass, field

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from compliance import selectors as compliance_selectors
from compliance.models import Casino, User
from compliance.permissions import can_write
from compliance.profiles import applies

from ...models import TableSession
from ...web_actions import staff_post
from . import controls, selectors, services
from .forms import ConfigureForm, ReadingForm, WinForm

FEATURE = selectors.FEATURE
RECENT_DAYS = 7  # the séances a reading or a win is offered for (a later one is filed late, as any entry)


@dataclass
class LotPage:
    casino: Casino
    lots: dict = field(default_factory=dict)
    accounts: list = field(default_factory=list)
    eligible: list = field(default_factory=list)  # the tables whose game has the bet, in no lot yet
    to_read: list = field(default_factory=list)
    recent: list = field(default_factory=list)
    bet: controls.Bet | None = None

    @property
    def prizes(self) -> tuple:
        return self.bet.prizes if self.bet else ()


def _page(casino: Casino) -> LotPage:
    today = casino.today()
    lots = selectors.lots_of(casino)
    known = selectors.games_with_bet(casino)
    page = LotPage(casino, lots, selectors.accounts(casino, lots, today))
    page.eligible = sorted(table for table, has in known.items()
                           if has and controls.lot_of_table(lots, table) is None)
    since = today - datetime.timedelta(days=RECENT_DAYS)
    page.to_read = selectors.to_read(casino, lots, since)
    page.recent = selectors.recent(casino, lots, since)
    page.bet = next((kept.bet for kept in page.accounts if kept.bet), None) or selectors.any_bet(casino, known, today)
    return page


def _url(page: LotPage) -> str:
    return reverse("tables-progressive", kwargs={"casino": page.casino.code})


def _session(page: LotPage, form) -> TableSession:
    return selectors.session_of(page.casino, form.cleaned_data["session"])


def _configure(page, form, user):
    data = form.cleaned_data
    entry = services.lot_configure(casino=page.casino, actor=user, name=data["name"], tables=data["tables"],
                                   start=data["start"], rate=data["rate"], reference=data["reference"])
    return _("Lot progressif configuré (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


def _reading(page, form, user):
    data = form.cleaned_data
    entry = services.progressive_reading_file(session=_session(page, form), actor=user, lot=data["lot"],
                                              bets=data["bets"], displayed=data["displayed"])
    return _("Relevé du panneau enregistré (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


def _win(page, form, user):
    data = form.cleaned_data
    entry = services.progressive_win_file(session=_session(page, form), actor=user, lot=data["lot"],
                                          hand=data["hand"], amount=data["amount"])
    return _("Gain enregistré (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


ACTIONS = {"configurer": (ConfigureForm, _configure), "releve": (ReadingForm, _reading), "gain": (WinForm, _win)}


@login_required
def progressive_page(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    if not applies(casino.jurisdiction, FEATURE, casino.today()):
        raise Http404(_("Les textes de la juridiction de ce casino ne prévoient pas de mise progressive."))
    page = _page(casino)
    bound, done = staff_post(request, casino, page, ACTIONS)
    if done is not None:
        return done
    writable = can_write(request.user, casino)
    forms_ = {}
    if writable:
        if page.lots:
            forms_ = {"releve": ReadingForm(page=page), "gain": WinForm(page=page)}
        if request.user.role == User.Role.MANAGER:
            forms_["configurer"] = ConfigureForm(page=page)
    forms_.update(bound)
    return render(request, "registers/tables/progressif.html", {
        "casino": casino, "page": page, "forms": forms_, "writable": writable,
        "rounding": controls.ROUNDING, "casino_data": controls.CASINO_DATA})
