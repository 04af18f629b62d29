"""Pages of the poker room (LU RGD 1979 art. 49-1 to 49-13; QC RJC art. 67.88 to 67.108), under /poker/: the rooms of
the user's scope, a room's gaming day (each table's sessions and deals added up, our rake beside the room's, the
cagnotte counted, the day's findings), the day's deals page by page, and one deal replayed. Thin callers: the reads
come from the selectors (and pages.py, which lays a replayed deal out), the writes go to the services through the
shared `web_actions` (a refusal comes back under the field it names, nothing written; a regulator's POST is a 403).
Another casino's room or deal is a 404."""

import datetime
from functools import cached_property
from urllib.parse import urlencode

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from compliance import formatting
from compliance import selectors as compliance_selectors
from compliance.errors import DomainError
from compliance.hooks import POKER_DAY_FINDINGS, RECONCILIATION_REQUEST
from compliance.models import User
from compliance.permissions import can_write
from registers.errors import ErrorCode

from ..arretes import selectors as arretes
from ..forms import DATE, ActionForm, BootstrapForm
from ..tables import selectors as tables_selectors
from ..tables.imports import countersigner_present
from ..web_actions import chosen, submit, verify_writable
from . import pages, rules, selectors
from .forms import ConsignForm, ImportForm, RebuyForm, SeanceCloseForm, SessionOpenForm, StakesRaiseForm
from .imports import hands_import
from .services import poker_rebuy, poker_seance_close, poker_session_open, poker_session_stakes_raise, stake_consign

PAGE_SIZE = 50


class DayForm(BootstrapForm):
    jour = forms.DateField(label=gettext_lazy("Journée de jeu"), required=False, widget=DATE, error_messages={
        "invalid": gettext_lazy("Journée de jeu : date invalide, attendue sous la forme aaaa-mm-jj (2026-11-28).")})
    # the recent days narrowed to those with findings (a link, kept through the days' links)
    constats = forms.ChoiceField(required=False, choices=[("", ""), ("1", "1")], widget=forms.HiddenInput,
                                 error_messages={"invalid_choice": gettext_lazy(
                                     "Avec constats : « %(value)s » n'est pas compris (1 ou rien).")})


class ReconcileForm(ActionForm):
    """The button that asks the worker to reconcile the day."""

    action = "reconcile"


class RoomPage:
    """What the forms of a poker room's page need: the casino, the gaming day shown, its sessions."""

    def __init__(self, *, user: User, casino, day: datetime.date, tables=None, prefill=None, request=None):
        self.user, self.casino, self.day, self.request = user, casino, day, request
        self.tables, self.prefill = tables or [], prefill or {}

    @property
    def jurisdiction(self) -> str:
        return self.casino.jurisdiction.code

    @property
    def variants(self) -> list[str]:
        return list(rules.games_dealt(self.casino.jurisdiction))

    @cached_property
    def sessions(self):
        return [session for table in self.tables for session in table.sessions]

    @cached_property
    def closes(self):
        """The day's séances closed, by table (their caisse de change counted)."""
        return selectors.day_closes(self.casino, self.day)

    @cached_property
    def open_tables(self) -> list[str]:
        """The day's tables with a séance still open, in their order."""
        return [table.table for table in self.tables if table.sessions and table.table not in self.closes]

    def session(self, pk):
        found = next((session for session in self.sessions if str(session.pk) == str(pk)), None)
        if found is None:
            raise DomainError(_("Choisissez une séance de la journée."), code=ErrorCode.REQUIRED, field="session")
        return found

    @cached_property
    def managers(self):
        """Who may countersign a late import: the casino's other managers."""
        return [user for user in tables_selectors.countersigners(self.casino, self.user)
                if user.role == User.Role.MANAGER]


def _day_url(casino, day: datetime.date) -> str:
    return f"{reverse('poker-day', kwargs={'casino': casino.code})}?jour={day.isoformat()}"


def _hands_url(casino, day: datetime.date) -> str:
    return reverse("poker-hands", kwargs={"casino": casino.code, "day": day.isoformat()})


# --- what the forms file ----------------------------------------------------------------------------------


def _open(page, form, user):
    session = poker_session_open(casino=page.casino, actor=user, **form.values())
    return (_("Séance n° %(n)s de la table « %(table)s » ouverte pour la journée du %(day)s, portée au registre de "
              "la cagnotte.") % {"n": session.number, "table": session.table, "day": session.gaming_day.isoformat()},
            _day_url(page.casino, session.gaming_day))


def _import(page, form, user):
    data = form.cleaned_data
    upload = data["file"]
    if not upload:
        raise DomainError(_("Choisissez le fichier des mains à importer."), code=ErrorCode.REQUIRED, field="file")
    countersigner = None
    if data["countersigner"]:  # outside the import's transaction: a wrong password stays counted
        countersigner = countersigner_present(page.casino, user, data["countersigner"],
                                              data["countersigner_password"], page.request)
    result = hands_import(casino=page.casino, actor=user, source=upload, file_format=data["file_format"],
                          name=upload.name or "", late_reason=data["late_reason"], countersigner=countersigner)
    message = _("Fichier « %(name)s » importé : %(read)s mains lues, %(new)s nouvelles, %(known)s déjà "
                "importées.") % {"name": upload.name, "read": result.hands, "new": result.created,
                                 "known": result.known}
    return message, _day_url(page.casino, result.days[-1] if result.days else page.day)


def _consign(page, form, user):
    stake = stake_consign(actor=user, **form.values())
    return (_("Mise de %(player)s (place %(seat)s) consignée à la table « %(table)s » : portez-la aux orphelins si "
              "elle n'est pas réclamée en fin de séance.") % {"player": stake.player, "seat": stake.seat,
                                                              "table": stake.session.table},
            _day_url(page.casino, page.day))


def _raise(page, form, user):
    session = poker_session_stakes_raise(actor=user, **form.values())
    return (_("Minimum de la table « %(table)s » relevé à %(minimum)s (séance n° %(n)s), décidé par %(who)s, porté au "
              "registre de la cagnotte.") % {"table": session.table, "minimum": session.minimum, "n": session.number,
                                             "who": session.decided_by},
            _day_url(page.casino, page.day))


def _close(page, form, user):
    closed, casino = poker_seance_close(actor=user, **form.values()), page.casino
    return (_("Séance du %(day)s de la table « %(table)s » fermée, caisse de change comptée : %(caisse)s, portée au "
              "registre de la cagnotte.") % {
                "day": formatting.date(closed.gaming_day, jurisdiction=casino.jurisdiction), "table": closed.table,
                "caisse": formatting.money(closed.caisse_counted, currency=casino.currency,
                                           jurisdiction=casino.jurisdiction)},
            _day_url(page.casino, page.day))


def _rebuy(page, form, user):
    rebuy, casino = poker_rebuy(actor=user, **form.values()), page.casino
    return (_("Recave de %(player)s (place %(seat)s) de %(amount)s à la table « %(table)s », portée au registre de la "
              "cagnotte.") % {"player": rebuy.player, "seat": rebuy.seat, "table": rebuy.session.table,
                              "amount": formatting.money(rebuy.amount, currency=casino.currency,
                                                         jurisdiction=casino.jurisdiction)},
            _day_url(page.casino, page.day))


def _reconcile(page, form, user):
    # the reconciliation's service (compliance/reconciliation), which the registers never import
    RECONCILIATION_REQUEST(casino=page.casino, gaming_day=page.day, actor=user)
    return (_("Rapprochement demandé : son avancement s'affiche ci-dessous."), _day_url(page.casino, page.day))


ACTIONS = {form.action: (form, call) for form, call in (
    (SessionOpenForm, _open), (ImportForm, _import), (ConsignForm, _consign), (StakesRaiseForm, _raise),
    (SeanceCloseForm, _close), (RebuyForm, _rebuy), (ReconcileForm, _reconcile))}


def _posted(request, casino, page):
    """A POST of one of the page's forms: (the bound form, None) when refused, (None, the redirect) when filed."""
    verify_writable(request, casino)
    _action, (form_class, call) = chosen(request, ACTIONS)
    bound = form_class(request.POST, files=request.FILES, page=page)
    return bound, submit(request, bound, lambda form: call(page, form, request.user))


def _day_of(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise Http404(text) from None


# --- the pages ----------------------------------------------------------------------------------------------


@login_required
@require_safe
def poker_home(request):
    """A casino's staff land on their room's day; a regulator picks one of the rooms of the jurisdiction."""
    if request.user.casino_id:
        return room_day(request, request.user.casino.code)
    return render(request, "registers/poker_room/home.html", {"casinos": pages.rooms(request.user)})


@login_required
def room_day(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    today = casino.today()
    chosen_day = DayForm(request.GET or None)
    chosen_day.is_valid()  # a refused value is shown under its field, the others apply
    day = (chosen_day.cleaned_data.get("jour") if chosen_day.is_bound else None) or pages.last_day(casino, today)
    with_findings = chosen_day.is_bound and chosen_day.cleaned_data.get("constats") == "1"
    tables = selectors.room_day(casino, day)
    page = RoomPage(user=request.user, casino=casino, day=day, tables=tables, prefill=request.GET, request=request)
    bound = None
    if request.method == "POST":
        bound, done = _posted(request, casino, page)
        if done is not None:
            return done
    writable = can_write(request.user, casino)
    forms_ = {}
    if writable:
        forms_ = {"open": SessionOpenForm(page=page), "import": ImportForm(page=page),
                  "reconcile": ReconcileForm(page=page)}
        if page.sessions:
            forms_["consign"] = ConsignForm(page=page)
            forms_["raise"] = StakesRaiseForm(page=page)
            if page.open_tables:
                forms_["close"] = SeanceCloseForm(page=page)
                forms_["rebuy"] = RebuyForm(page=page)
    if bound is not None:
        forms_[bound.action] = bound
    # the day's reconciliation, read by its own app (compliance/reconciliation/poker_room.py)
    reconciled = POKER_DAY_FINDINGS(user=request.user, casino=casino, day=day)
    # what each séance opened with otherwise than the arrêté in force that day (registers/arretes): said, never refused
    differences = arretes.day_differences(casino, day, [
        (session.pk, session.game, {"minimum": session.minimum, "rake_rate": session.rake_rate * 100,
                                    "cave": session.cave, "caisse": session.caisse})
        for session in page.sessions])
    for session in page.sessions:
        session.label = pages.session_label(session)
        session.arrete_differences = [(problem.text(casino.jurisdiction), problem.citation)
                                      for problem in differences.get(session.pk, [])]
    pages.seances_shown(casino, day, tables, page.closes)  # each table's caisse de change, its close and recaves
    totals = {name: sum((getattr(table, name) for table in tables), 0)
              for name in ("hands", "pot", "rake", "rake_declared", "progressive_declared", "bad_beat_declared",
                           "flagged")}
    totals["variance"] = totals["rake_declared"] - totals["rake"]
    return render(request, "registers/poker_room/day.html", {
        "casino": casino,
        "day": day,
        "today": today,
        "previous": day - datetime.timedelta(days=1),
        "next": day + datetime.timedelta(days=1) if day < today else None,
        "day_form": chosen_day if chosen_day.is_bound else DayForm(initial={"jour": day}),
        "tables": tables,
        "totals": totals,
        "days": selectors.room_days_marked(casino, today, with_findings=with_findings),
        "with_findings": with_findings,
        **reconciled,  # reconciliation, findings, standing, job, job_running
        "can_write": writable,
        "forms": forms_,
        "bound_action": bound.action if bound is not None else None,
        "day_iso": day.isoformat(),
        "hands_url": _hands_url(casino, day),
    })


@login_required
@require_safe
def hands(request, casino, day):
    """The day's deals in the order dealt, PAGE_SIZE at a time by key (?apres=<the last id seen>), filtered by table
    (?table=) and to the flagged ones (?signalees=1)."""
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    day = _day_of(day)
    table = request.GET.get("table") or None
    flagged = request.GET.get("signalees") == "1"
    after = request.GET.get("apres", "")
    after = int(after) if after.isdigit() else None
    rows = selectors.hands_page(casino, day, table, after, size=PAGE_SIZE + 1, flagged=flagged)
    more = len(rows) > PAGE_SIZE
    rows = rows[:PAGE_SIZE]
    for row in rows:
        row.flag_labels = pages.flag_labels(row.flags, casino)
    query = {"table": table or "", "signalees": "1" if flagged else ""}
    return render(request, "registers/poker_room/hands.html", {
        "casino": casino,
        "day": day,
        "hands": rows,
        "tables": [row.table for row in selectors.room_day(casino, day)],
        "table": table,
        "flagged": flagged,
        "after": after,
        "next_after": rows[-1].pk if more else None,
        "query": urlencode({key: value for key, value in query.items() if value}),
        "day_url": _day_url(casino, day),
    })


@login_required
@require_safe
def hand_detail(request, casino, day, number):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    day = _day_of(day)
    replayed = pages.hand_replayed(casino, day, number)
    return render(request, "registers/poker_room/hand.html", {
        "casino": casino,
        "day": day,
        "replayed": replayed,
        "row": replayed.row,
        "hand": replayed.hand,
        "session": replayed.session,
        "variant": pages.session_label(replayed.session),
        "day_url": _day_url(casino, day),
        "hands_url": _hands_url(casino, day),
    })

