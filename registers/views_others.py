"""Pages of the registers other than orphelins: hand-paid jackpots (LU RGD 1979 art. 18-10), cagnotte,
slot machines (art. 17, 18-1), poker progressive jackpots (art. 49-9 to 49-11) and the bad-beat
jackpot (art. 49-12 to 49-15). Each is the generic register page (registers/register_detail.html) with
its filing forms above the queue and what the register holds (fleet, totals, vouchers …) above the
entries.

As registers/views.py: reads are scoped through `visible_to` (another casino's register is a 404),
writes go to the services, which check everything and raise a DomainError naming the field at fault;
a refused form comes back (200) with the input kept and the message under its field. Regulators read
only: their POST is a 403."""

import datetime
import json
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from compliance import formatting
from compliance import selectors as compliance_selectors
from compliance.errors import READ_ONLY_ROLE, DomainError, PermissionDeniedError
from compliance.models import Casino, User
from compliance.permissions import can_write

from . import forms_others as f
from . import queries
from .appareils import INSTALL, MOVE, NOTICE, appareil_install, appareil_move, appareil_notice, machines
from .jackpots import CAGNOTTE_COUNTED, JACKPOT_PAID, cagnotte_file, jackpot_manual_payout_file
from .models import Entry, Register, RegisterKind
from .poker_jackpots import (
    CONFIGURED,
    STATEMENT,
    STOPPED,
    WON,
    bad_beat_win_file,
    jackpot_state,
    jackpot_stop,
    progressive_configure,
    progressive_statement,
    progressive_win_file,
)
from .services import checkpoint_create, session_close

OTHER_KINDS = (
    RegisterKind.JACKPOTS,
    RegisterKind.CAGNOTTE,
    RegisterKind.APPAREILS,
    RegisterKind.JACKPOT_PROGRESSIF,
    RegisterKind.BAD_BEAT,
)
KIND_PATTERN = "|".join(OTHER_KINDS)  # the URL segment of these pages
ENTRY_KINDS = {
    JACKPOT_PAID: gettext_lazy("Paiement manuel d'un jackpot"),
    CAGNOTTE_COUNTED: gettext_lazy("Comptage de la cagnotte"),
    INSTALL: gettext_lazy("Installation d'un appareil"),
    NOTICE: gettext_lazy("Avis écrit au Ministre"),
    MOVE: gettext_lazy("Changement d'état d'un appareil"),
    CONFIGURED: gettext_lazy("Configuration du jackpot"),
    STATEMENT: gettext_lazy("Relevé de fin de séance"),
    WON: gettext_lazy("Gain du jackpot"),
    STOPPED: gettext_lazy("Arrêt du jackpot"),
}
AMOUNT_KEYS = ("amount", "house", "bad_beat", "box_count", "difference", "pot", "restart_at", "small_blind")
DATE_KEYS = ("effective", "sent_on", "minister_notified_on")


def entry_kind_label(kind: str) -> str:
    return str(ENTRY_KINDS.get(kind, kind))


# --- what a page shows ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PayloadRow:
    """An entry and its payload, with the amounts as Decimals and the dates as dates."""

    entry: Entry

    @cached_property
    def payload(self) -> dict:
        return json.loads(self.entry.payload)

    @cached_property
    def amounts(self) -> dict[str, Decimal]:
        """The payload's amounts (kept as text in the chain) as Decimals."""
        return {key: Decimal(self.payload[key]) for key in AMOUNT_KEYS if self.payload.get(key) not in (None, "")}

    @cached_property
    def dates(self) -> dict[str, datetime.date]:
        return {key: datetime.date.fromisoformat(self.payload[key]) for key in DATE_KEYS if self.payload.get(key)}

    @property
    def kind_label(self) -> str:
        return entry_kind_label(self.entry.kind)

    @property
    def event_label(self) -> str:
        event = self.payload.get("event", "")
        return str(f.EVENTS.get(event, event))

    @property
    def vouchers(self) -> list[tuple[str, Decimal]]:
        return [(v["player"], Decimal(v["amount"])) for v in self.payload.get("vouchers", [])]


@dataclass(frozen=True)
class FleetRow:
    number: str
    state: str
    installed: PayloadRow | None
    last: PayloadRow

    @property
    def state_label(self) -> str:
        return str(f.MACHINE_STATES.get(self.state, self.state))


@dataclass(frozen=True)
class JackpotCard:
    name: str
    state: dict
    casino: Casino

    @property
    def active(self) -> bool:
        return self.state["active"]

    @property
    def config(self) -> dict:
        return self.state["config"] or {}

    @property
    def levels(self) -> list[tuple[int, str, Decimal, Decimal | None]]:
        """(level, combination, start value, current amount) of each configured level."""
        amounts = self.state["amounts"]
        return [
            (
                level["level"],
                str(f.COMBINATIONS.get(level["combination"], level["combination"])),
                Decimal(level["start"]),
                amounts.get(str(level["level"])),
            )
            for level in self.config.get("levels", [])
        ]

    @property
    def increment_label(self) -> str:
        """« Pourcentage du pot après cagnotte · 1,00 % · Au centime inférieur »."""
        increment = self.config.get("increment") or {}
        kind, value = increment.get("kind", ""), Decimal(increment.get("value") or "0")
        shown = (
            f"{number_format(value, 2)}\u00a0%"
            if kind == "pourcentage"
            else formatting.money(value, currency=self.casino.currency, jurisdiction=self.casino.jurisdiction)
        )
        rounding = f.ROUNDINGS.get(increment.get("rounding"), increment.get("rounding", ""))
        return f"{f.INCREMENT_KINDS.get(kind, kind)} · {shown} · {rounding}"


class Page:
    """The register of one kind in one casino, and what its forms need."""

    def __init__(self, *, user: User, casino: Casino, kind: str, prefill=None):
        self.user, self.casino, self.kind = user, casino, kind
        self.prefill = prefill or {}  # query parameters an empty form starts from (the jackpot form's)
        self.register: Register | None = queries.register_find(user=user, casino=casino, kind=kind)
        self.applies = queries.kind_applies(casino, kind)

    def rows(self, *kinds: str) -> list[PayloadRow]:
        if self.register is None:
            return []
        entries = Entry.objects.filter(register=self.register, kind__in=kinds).select_related("actor", "countersigner")
        return [PayloadRow(entry) for entry in entries.order_by("seq")]

    # slot machines
    @cached_property
    def fleet(self) -> list[FleetRow]:
        if self.register is None or self.kind != RegisterKind.APPAREILS:
            return []
        rows = []
        for number, machine in sorted(machines(self.register).items()):
            install = next((PayloadRow(e) for e in machine.entries if e.kind == INSTALL), None)
            rows.append(FleetRow(number, machine.state, install, PayloadRow(machine.entries[-1])))
        return rows

    @property
    def machine_numbers(self) -> list[str]:
        return [row.number for row in self.fleet if row.state != "sorti"]

    # poker progressive jackpots
    @cached_property
    def jackpots(self) -> list[JackpotCard]:
        if self.register is None or self.kind != RegisterKind.JACKPOT_PROGRESSIF:
            return []
        names = dict.fromkeys(row.payload["jackpot"] for row in self.rows(CONFIGURED))
        return [JackpotCard(name, jackpot_state(self.register, name), self.casino) for name in names]

    @property
    def active_jackpot_names(self) -> list[str]:
        return [card.name for card in self.jackpots if card.active]

    def jackpot_levels(self, name: str) -> list[int]:
        card = next((card for card in self.jackpots if card.name == name), None)
        return [level for level, *_rest in card.levels] if card else []


def _sum(rows: list[PayloadRow], key: str) -> Decimal:
    return sum((row.amounts.get(key, Decimal("0.00")) for row in rows), Decimal("0.00"))


def _kind_context(page: Page) -> dict:
    kind = page.kind
    if kind == RegisterKind.JACKPOTS:
        rows = page.rows(JACKPOT_PAID)
        return {"payouts": rows, "payouts_total": _sum(rows, "amount")}
    if kind == RegisterKind.CAGNOTTE:
        rows = page.rows(CAGNOTTE_COUNTED)
        keys = ("house", "bad_beat", "box_count", "difference")
        return {"counts": rows, "count_totals": {key: _sum(rows, key) for key in keys}}
    if kind == RegisterKind.APPAREILS:
        states = [row.state for row in page.fleet]
        summary = [(label, states.count(state)) for state, label in f.MACHINE_STATES.items() if state in states]
        return {"fleet": page.fleet, "fleet_summary": summary}
    if kind == RegisterKind.JACKPOT_PROGRESSIF:
        return {"jackpots": page.jackpots, "wins": page.rows(WON), "stops": page.rows(STOPPED)}
    return {"wins": page.rows(WON)}


# --- what each form does -----------------------------------------------------------------------------


def _file_jackpot(page, form, user):
    pending = jackpot_manual_payout_file(casino=page.casino, actor=user, **form.values())
    if form.cleaned_data.get("card_excess"):
        return _(
            "Paiement manuel du gain au-delà du plafond n° %(excess)s déclaré (dépôt n° %(pk)s) : il entre au "
            "registre dès sa contresignature."
        ) % {"excess": form.cleaned_data["card_excess"], "pk": pending.pk}
    return _("Paiement manuel déclaré (dépôt n° %(pk)s) : il entre au registre dès sa contresignature.") % {
        "pk": pending.pk
    }


def _file_cagnotte(page, form, user):
    pending = cagnotte_file(casino=page.casino, actor=user, currency=page.casino.currency, **form.values())
    return _("Comptage de la cagnotte déclaré (dépôt n° %(pk)s) : il entre au registre dès sa contresignature.") % {
        "pk": pending.pk
    }


def _install(page, form, user):
    entry = appareil_install(casino=page.casino, actor=user, gaming_day=timezone.localdate(), **form.values())
    return _("Appareil %(machine)s inscrit au registre (écriture n° %(seq)s).") % {
        "machine": form.values()["machine"],
        "seq": entry.seq,
    }


def _notice(page, form, user):
    entry = appareil_notice(casino=page.casino, actor=user, gaming_day=timezone.localdate(), **form.values())
    return _("Avis au Ministre enregistré (écriture n° %(seq)s).") % {"seq": entry.seq}


def _move(page, form, user):
    values = form.values()
    entry = appareil_move(casino=page.casino, actor=user, **values)
    return _("Appareil %(machine)s : « %(event)s » enregistré (écriture n° %(seq)s).") % {
        "machine": values["machine"],
        "event": f.EVENTS.get(values["event"], values["event"]),
        "seq": entry.seq,
    }


def _destroy(page, form, user):
    appareil_move(
        casino=page.casino,
        actor=user,
        gaming_day=timezone.localdate(),
        machine=form.cleaned_data["machine"],
        event="destruction",
    )
    return ""  # never reached where the rule data forbids destruction; otherwise the service refuses the event


def _configure(page, form, user):
    entry = progressive_configure(casino=page.casino, actor=user, gaming_day=timezone.localdate(), **form.values())
    return _("Jackpot « %(name)s » configuré (écriture n° %(seq)s).") % {
        "name": form.values()["name"],
        "seq": entry.seq,
    }


def _statement(page, form, user):
    entry = progressive_statement(casino=page.casino, actor=user, **form.values())
    return _("Relevé de fin de séance enregistré (écriture n° %(seq)s).") % {"seq": entry.seq}


def _win(page, form, user):
    pending = progressive_win_file(casino=page.casino, actor=user, currency=page.casino.currency, **form.values())
    return _("Gain déclaré (dépôt n° %(pk)s) : il entre au registre dès sa contresignature.") % {"pk": pending.pk}


def _stop(page, form, user):
    entry = jackpot_stop(casino=page.casino, actor=user, **form.values())
    return _("Arrêt du jackpot enregistré (écriture n° %(seq)s).") % {"seq": entry.seq}


def _bad_beat(page, form, user):
    pending = bad_beat_win_file(casino=page.casino, actor=user, currency=page.casino.currency, **form.values())
    return _("Gain du bad beat jackpot déclaré (dépôt n° %(pk)s) : il entre au registre dès sa contresignature.") % {
        "pk": pending.pk
    }


def _checkpoint(page, form, user):
    if page.register is None:
        raise Http404
    checkpoint = checkpoint_create(register=page.register, user=user)
    return _("Tête du registre signée : %(size)s écriture(s).") % {"size": checkpoint.size}


def _session(page, form, user):
    session = session_close(casino=page.casino, user=user, **form.values())
    return _("Journée de jeu du %(day)s close : la tête de chaque registre est signée.") % {
        "day": session.gaming_day.isoformat()
    }


COMMON = {f.CheckpointForm: _checkpoint, f.SessionCloseForm: _session}
ACTIONS = {
    RegisterKind.JACKPOTS: {f.JackpotPayoutForm: _file_jackpot},
    RegisterKind.CAGNOTTE: {f.CagnotteForm: _file_cagnotte},
    RegisterKind.APPAREILS: {
        f.AppareilInstallForm: _install,
        f.AppareilNoticeForm: _notice,
        f.AppareilMoveForm: _move,
        f.AppareilDestroyForm: _destroy,
    },
    RegisterKind.JACKPOT_PROGRESSIF: {
        f.ProgressiveConfigureForm: _configure,
        f.ProgressiveStatementForm: _statement,
        f.ProgressiveWinForm: _win,
        f.ProgressiveStopForm: _stop,
    },
    RegisterKind.BAD_BEAT: {f.BadBeatWinForm: _bad_beat},
}


def _actions(kind: str) -> dict[str, tuple[type, object]]:
    return {form.action: (form, call) for form, call in {**ACTIONS[kind], **COMMON}.items()}


# --- the page ----------------------------------------------------------------------------------------


@login_required
def register_page(request, casino, kind):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    page = Page(user=request.user, casino=casino, kind=kind, prefill=request.GET)
    if page.register is None and not page.applies:
        raise Http404
    if request.GET.get("format") == "csv" and page.register is not None:
        response = HttpResponse(queries.register_csv(page.register, entry_kind_label),
                                content_type="text/csv; charset=utf-8")
        name = f"{kind}-{casino.code}-{timezone.localdate().isoformat()}.csv"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    bound = None
    if request.method == "POST":
        if not can_write(request.user, casino):
            raise PermissionDenied(str(READ_ONLY_ROLE))
        action = request.POST.get("action", "")
        if action not in _actions(kind) or not (page.applies or action in {"checkpoint", "session"}):
            return HttpResponseBadRequest()
        form_class, call = _actions(kind)[action]
        bound = form_class(request.POST, page=page)
        if bound.is_valid():
            try:
                message = call(page, bound, request.user)
            except PermissionDeniedError as exc:
                raise PermissionDenied(str(exc.message)) from exc
            except DomainError as exc:
                bound.refuse(exc)
            else:
                messages.success(request, message)
                return redirect("registers-other", casino=casino.code, kind=kind)
    return _render(request, page, bound)


def _labelled(register: Register | None) -> list[Entry]:
    """The register's latest entries, each with the label of its kind."""
    if register is None:
        return []
    entries = list(register.entries.select_related("actor", "countersigner").order_by("-seq")[:500])
    for entry in entries:
        entry.kind_label = entry_kind_label(entry.kind)
    return entries


def _render(request, page: Page, bound=None):
    writable = can_write(request.user, page.casino)
    forms = {}
    if writable:
        for action, (form_class, _call) in _actions(page.kind).items():
            if form_class in COMMON or page.applies:
                forms[action] = bound if bound is not None and bound.action == action else form_class(page=page)
    register = page.register or Register(casino=page.casino, kind=page.kind)  # not opened yet: nothing to list
    return render(
        request,
        "registers/register_detail.html",
        {
            "register": register,
            "casino": page.casino,
            "kind_label": queries.register_kind_label(page.kind),
            "entries": _labelled(page.register),
            "queue": queries.pending_list(user=request.user, register=page.register) if page.register else [],
            "can_write": writable,
            "countersign_error": None,
            "others_forms": f"registers/others/{page.kind}_forms.html",
            "others_list": f"registers/others/{page.kind}_list.html",
            "forms": forms,
            "page": page,
            "bound_action": bound.action if bound is not None else None,
            "today": timezone.localdate(),
            **_kind_context(page),
        },
    )
