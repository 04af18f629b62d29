"""Pages of the table games (LU RGD 1979 art. 9, 21, 37-9 to 37-18, 97-1; QC RJC art. 9, 111, 116): the pit view of
a gaming day, a session with its slips, the hold's trend by table and month, the CSV of a day's or a month's
sessions. Thin callers: the reads come from the selectors, the writes go to the services through the shared
`web_actions` (a refusal comes back under the field it names, nothing written; a regulator's POST is a 403).
Another casino's page, session or slip is a 404."""

import datetime
from functools import cached_property

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from compliance import selectors as compliance_selectors
from compliance.models import User
from compliance.permissions import can_write
from compliance.profiles import game_engine

from ..arretes import selectors as arretes
from ..forms import DATE, BootstrapForm
from ..house_lists import selectors as house_lists
from ..kinds import register_kind_label
from ..models import BankMode
from ..register_page import csv_response
from ..web_actions import chosen, submit, verify_writable
from . import controls, pai_gow, rules, selectors
from .chart import hold_chart, month_label
from .forms import (
    CloseForm,
    CommissionForm,
    DropForm,
    LimitsForm,
    SessionOpenForm,
    SlipForm,
    TableCreateForm,
    VoidForm,
)
from .limits import spot_values
from .limits_page import session_limits
from .services import (
    commission_file,
    drop_count,
    limits_change,
    session_close,
    session_open,
    slip_file,
    slip_void,
    table_create,
)


class DayForm(BootstrapForm):
    jour = forms.DateField(label=gettext_lazy("Journée de jeu"), required=False, widget=DATE)


class MonthForm(BootstrapForm):
    mois = forms.DateField(label=gettext_lazy("Dernier mois"), required=False, input_formats=["%Y-%m"],
                           widget=forms.DateInput(attrs={"type": "month"}, format="%Y-%m"))


class TablesPage:
    """What the forms of a casino's tables need: the casino, the gaming day shown, the session of the page."""

    def __init__(self, *, user: User, casino, day: datetime.date, session=None, prefill=None, request=None):
        self.user, self.casino, self.day, self.session, self.request = user, casino, day, session, request
        self.prefill = prefill or {}

    @cached_property
    def tables(self):
        return selectors.tables_of(self.casino)

    @cached_property
    def games(self):
        return [(game, selectors.game_name(game)) for game in selectors.table_games(self.casino)]

    @cached_property
    def closed_tables(self):
        """The tables with no open session, which may open (the service refuses the others anyway)."""
        open_ = {session.table_id for session in selectors.open_sessions(self.casino)}
        return [(table, f"{table.number} · {selectors.game_name(table.game)} ({_('îlot')} {table.pit})")
                for table in sorted(self.tables, key=lambda t: (t.pit, t.number)) if table.pk not in open_]

    @cached_property
    def denominations(self):
        """The rows of the counting grids: the chips and banknotes the casino keeps in service."""
        return house_lists.grid(self.casino)

    @cached_property
    def bank(self):
        return rules.bank(self.casino, self.day)

    @property
    def keeps_float(self) -> bool:
        return self.bank.mode == BankMode.AVANCE

    def table(self, pk):
        return selectors.table_get(self.casino, pk)

    @cached_property
    def expected_serial(self):
        return selectors.expected_serial(self.casino, (self.session.gaming_day if self.session else self.day).year)

    @cached_property
    def voidable(self):
        return selectors.voidable_slips(self.session) if self.session else []

    def slip(self, pk):
        return next(slip for slip in self.voidable if str(slip.pk) == str(pk))

    @cached_property
    def countersigners(self):
        return selectors.countersigners(self.casino, self.user)

    def countersigner(self, username, password):
        return selectors.countersigner_find(self.casino, self.user, username, password, self.request)


def _is_manager(user) -> bool:
    return user.role == User.Role.MANAGER


def _pit_url(casino, day: datetime.date) -> str:
    return f"{reverse('tables-pit', kwargs={'casino': casino.code})}?jour={day.isoformat()}"


def _session_url(session) -> str:
    return reverse("tables-session", kwargs={"casino": session.table.casino.code, "pk": session.pk})


# --- what the forms file ----------------------------------------------------------------------------------


def _create(page, form, user):
    table = table_create(casino=page.casino, actor=user, **form.cleaned_data)
    return (_("Table « %(number)s » créée dans l'îlot « %(pit)s ».") % {"number": table.number, "pit": table.pit},
            _pit_url(page.casino, page.day))


def _open(page, form, user):
    session = session_open(actor=user, **form.values())
    return (_("Table « %(number)s » ouverte (séance n° %(n)s du %(day)s), portée au carnet d'avances.") % {
        "number": session.table.number, "n": session.number, "day": session.gaming_day.isoformat()},
        _pit_url(page.casino, session.gaming_day))


def _slip(page, form, user):
    slip = slip_file(session=page.session, actor=user, **form.values())
    return (_("%(kind)s n° %(serial)s enregistré au carnet d'avances.") % {"kind": slip.get_kind_display(),
                                                                          "serial": slip.serial},
            _session_url(page.session))


def _void(page, form, user):
    void = slip_void(actor=user, **form.values())
    return (_("%(kind)s n° %(serial)s annulé, contresigné par %(who)s.") % {
        "kind": void.slip.get_kind_display(), "serial": void.slip.serial,
        "who": void.entry.countersigner.get_full_name() or void.entry.countersigner.username},
        _session_url(page.session))


def _close(page, form, user):
    slip = session_close(session=page.session, actor=user, **form.values())
    return (_("Table « %(number)s » fermée : inventaire de fermeture de %(amount)s.") % {
        "number": page.session.table.number, "amount": slip.amount}, _session_url(page.session))


def _drop(page, form, user):
    slip = drop_count(session=page.session, actor=user, **form.values())
    return (_("Drop de la table « %(number)s » compté : %(amount)s, porté aux carnets spéciaux.") % {
        "number": page.session.table.number, "amount": slip.amount}, _session_url(page.session))


def _commission(page, form, user):
    slip = commission_file(session=page.session, actor=user, **form.values())
    return (_("Commissions de la séance déclarées : %(amount)s.") % {"amount": slip.amount},
            _session_url(page.session))


def _limits(page, form, user):
    change = limits_change(session=page.session, actor=user, **form.values())
    return (_("Nouvelles limites de la table « %(number)s » : %(minimum)s – %(maximum)s, indiquées à la table.") % {
        "number": page.session.table.number, "minimum": change.minimum, "maximum": change.maximum},
        _session_url(page.session))


PIT_ACTIONS = {TableCreateForm.action: (TableCreateForm, _create), SessionOpenForm.action: (SessionOpenForm, _open)}
# the steps of a session's page, each offered where its session's stage allows it (tables/controls.py)
STEPS = {"slip": (SlipForm, gettext_lazy("Approvisionnement ou crédit")),
         "close": (CloseForm, gettext_lazy("Fermer la table")),
         "drop": (DropForm, gettext_lazy("Compter le drop")),
         "commission": (CommissionForm, gettext_lazy("Commissions de Pai Gow")),
         "limits": (LimitsForm, gettext_lazy("Changer les limites pendant la séance"))}
SESSION_ACTIONS = {form.action: (form, call) for form, call in (
    (SlipForm, _slip), (VoidForm, _void), (CloseForm, _close), (DropForm, _drop), (CommissionForm, _commission),
    (LimitsForm, _limits))}


def _posted(request, casino, page, actions):
    """A POST of one of the page's forms: (the bound form, None) when refused, (None, the redirect) when filed."""
    verify_writable(request, casino)
    _action, (form_class, call) = chosen(request, actions)
    bound = form_class(request.POST, page=page)
    return bound, submit(request, bound, lambda form: call(page, form, request.user))


# --- the pages ----------------------------------------------------------------------------------------------


@login_required
@require_safe
def tables_home(request):
    """A casino's staff land on their casino's pit view; a regulator picks one of the jurisdiction's casinos."""
    if request.user.casino_id:
        return pit(request, request.user.casino.code)
    casinos = compliance_selectors.casino_list(user=request.user).order_by("name")
    return render(request, "registers/tables/home.html", {"casinos": casinos})


@login_required
def pit(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    today = casino.today()
    chosen_day = DayForm(request.GET or None)
    day = (chosen_day.cleaned_data.get("jour") if chosen_day.is_valid() else None) or today
    page = TablesPage(user=request.user, casino=casino, day=day, prefill=request.GET)
    bound = None
    if request.method == "POST":
        bound, done = _posted(request, casino, page, PIT_ACTIONS)
        if done is not None:
            return done
    writable = can_write(request.user, casino)
    forms_ = {}
    if writable:
        forms_["open"] = SessionOpenForm(page=page)
        if _is_manager(request.user):
            forms_["table"] = TableCreateForm(page=page)
    if bound is not None:
        forms_[bound.action] = bound
    view = selectors.pit_day(casino, day)
    return render(request, "registers/tables/pit.html", {
        "casino": casino,
        "view": view,
        "day": day,
        "today": today,
        "previous": day - datetime.timedelta(days=1),
        "next": day + datetime.timedelta(days=1) if day < today else None,
        "day_form": chosen_day if chosen_day.is_bound else DayForm(initial={"jour": day}),
        "can_write": writable,
        "forms": forms_,
        "bound_action": bound.action if bound is not None else None,
        "month": day.strftime("%Y-%m"),
        "day_iso": day.isoformat(),
        "registers": _registers(casino),
    })


def _registers(casino) -> list[tuple[str, str]]:
    """The books the slips are entered in, once opened: the carnet d'avances and the carnets spéciaux."""
    return [(register_kind_label(kind), reverse("registers-register", kwargs={"casino": casino.code, "kind": kind}))
            for kind in selectors.books(casino)]


@login_required
def session_detail(request, casino, pk):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    session = selectors.session_get(casino, pk)
    page = TablesPage(user=request.user, casino=casino, day=session.gaming_day, session=session, prefill=request.GET,
                      request=request)
    bound = None
    if request.method == "POST":
        bound, done = _posted(request, casino, page, SESSION_ACTIONS)
        if done is not None:
            return done
    line = selectors.session_line(session)
    slips = selectors.session_slips(session)
    forms_ = {}
    day_closed = selectors.day_closed(casino, session.gaming_day)
    pai_gow_game = game_engine(session.table.game.key) == pai_gow.ENGINE
    steps = {action: step for action, step in STEPS.items() if action != "commission" or pai_gow_game}
    # each step the session's stage does not allow, with why: the services' own controls (tables/controls.py)
    refused = {action: problem for action, problem in controls.not_offered(
        selectors.session_state(session, slips)).items() if action in steps}
    if can_write(request.user, casino) and not day_closed:
        forms_.update({action: form(page=page) for action, (form, _label) in steps.items() if action not in refused})
        if page.voidable and len(page.countersigners):
            forms_["void"] = VoidForm(page=page)
    not_offered = [(steps[action][1], problem.text(casino.jurisdiction), problem.citation, action)
                   for action, problem in refused.items()] if can_write(request.user, casino) and not day_closed \
        else []
    if bound is not None:
        forms_[bound.action] = bound
    # what it opened with otherwise than the arrêté in force that day (registers/arretes): said, never refused
    differences = arretes.opening_differences(casino, session.table.game, session.gaming_day, {
        "float_amount": session.float_amount, "minimum": session.minimum, "maximum": session.maximum,
        **spot_values(session.spots)})
    return render(request, "registers/tables/session.html", {
        "casino": casino,
        "session": session,
        "table": session.table,
        "game": selectors.game_name(session.table.game),
        "line": line,
        "figures": line.figures,
        "slips": slips,
        "can_write": can_write(request.user, casino),
        "forms": forms_,
        "bound_action": bound.action if bound is not None else None,
        "per_label": line.per_label,
        "day_closed": day_closed,
        "not_offered": not_offered,
        "pit_url": _pit_url(casino, session.gaming_day),
        "arrete_differences": [(problem.text(casino.jurisdiction), problem.citation) for problem in differences],
        "limits": session_limits(session, request.user),
    })


@login_required
@require_safe
def trends(request, casino):
    """The hold of each table by month over twelve months, as a chart and as figures."""
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    chosen_month = MonthForm(request.GET or None)
    last = (chosen_month.cleaned_data.get("mois") if chosen_month.is_valid() else None) or casino.today()
    trend = selectors.hold_trend(casino, last)
    return render(request, "registers/tables/trends.html", {
        "casino": casino,
        "trend": trend,
        "chart": hold_chart(trend, casino, _("Casino (toutes tables)")),
        "months": [month_label(month, casino) for month in trend.months],
        # the figures, a month a line (oldest first): each table's group, then the casino's
        "lines": list(zip([month_label(month, casino) for month in trend.months],
                          zip(*[row.months for row in trend.rows], strict=True) if trend.rows
                          else [()] * len(trend.months),
                          trend.total.months, strict=True)),
        "month_form": chosen_month if chosen_month.is_bound else MonthForm(initial={"mois": last}),
        "first": trend.months[0],
        "last": trend.months[-1],
        "pit_url": _pit_url(casino, casino.today()),
    })


@login_required
@require_safe
def sessions_csv(request, casino):
    """A day's sessions (?jour=AAAA-MM-JJ) or a month's (?mois=AAAA-MM) with their win and hold."""
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    if request.GET.get("mois"):
        chosen_month = MonthForm(request.GET)
        if not chosen_month.is_valid() or chosen_month.cleaned_data["mois"] is None:
            raise BadRequest(_("Mois invalide : « %(value)s » (AAAA-MM attendu).") % {"value": request.GET["mois"]})
        first = selectors.month_start(chosen_month.cleaned_data["mois"])
        last, name = selectors.month_end(first), first.strftime("%Y-%m")
    else:
        chosen_day = DayForm(request.GET)
        if not chosen_day.is_valid():
            raise BadRequest(_("Journée invalide : « %(value)s » (AAAA-MM-JJ attendu).") % {
                "value": request.GET.get("jour", "")})
        first = last = chosen_day.cleaned_data["jour"] or casino.today()
        name = first.isoformat()
    return csv_response(selectors.sessions_csv(casino, first, last), f"tables-{casino.code}-{name}.csv")
