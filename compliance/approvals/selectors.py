"""What the approvals' pages, API and the rest of the product read: a casino's requests, a regulator's queue with
each request's age and deadline, whose turn it is, a request with its findings beside what was asked, and the
casino's approved configuration on a day (the approvals in force)."""

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from compliance.models import Casino, User
from compliance.profiles import concept_or_none, feature_codes
from compliance.search import PER_SEARCHER, Hit, Query
from registers.appareils.controls import Fleet
from registers.appareils.selectors import machines_register, machines_state

from . import controls, workflow
from .kinds import FILED_POWERS, KINDS, Form, form_of, rule_power
from .models import ApprovalRequest, RequestAttachment, RequestFinding, RequestStep, WheelPublication
from .references import MACHINE_NOTICE


def requests_visible(user: User) -> QuerySet[ApprovalRequest]:
    """A casino's staff see its requests; a regulator those of its jurisdiction's casinos, once filed (a draft is
    the casino's own)."""
    found = ApprovalRequest.objects.visible_to(user).select_related("casino__jurisdiction", "created_by",
                                                                    "decided_by")
    return found.exclude(state=workflow.DRAFT) if user.is_regulator else found


def request_get(user: User, reference: str) -> ApprovalRequest | None:
    return requests_visible(user).filter(reference=reference).first()


def search_requests(user: User, query: Query) -> list[Hit]:
    """A request by its reference (« LA-MOSELLE-2026-0007 »), or by its number alone (« 7 »: each casino's and
    year's n° 7), or the references that hold what was typed: one query, the user's requests only."""
    text = query.text
    matches = Q(reference__iexact=text)
    if query.number is not None:
        matches |= Q(reference__iendswith=f"-{query.number:04d}")
    if len(text) >= 3:
        matches |= Q(reference__icontains=text)
    kind = gettext("Demande d'approbation")
    hits = []
    for request in requests_visible(user).filter(matches).order_by("-created_at")[:PER_SEARCHER]:
        exact = request.reference.upper() == text.upper() or (
            query.number is not None and request.reference.endswith(f"-{query.number:04d}"))
        hits.append(Hit(kind, request.reference, reverse("approvals-detail", kwargs={"reference": request.reference}),
                        exact=exact, casino=request.casino.name,
                        detail=f"{request.title} · {request.get_state_display()}"))
    return hits


@dataclass(frozen=True)
class QueueRow:
    request: ApprovalRequest
    age_days: int  # since it was filed
    due_on: datetime.date | None  # a notice's date (a jackpot stop, a machine's change), when it has one
    next_actor: str | None
    last_step: RequestStep | None
    blocking: int  # blocking findings of the last run of the checks
    days_left: int | None = None  # to the due date, while someone must still act (negative: past it)


def _due(request: ApprovalRequest) -> datetime.date | None:
    for key in ("date_arret", "date_evenement", "date_debut", "date_effet"):
        if key in request.items:
            return datetime.date.fromisoformat(request.items[key])
    return None


def _last_run(request: ApprovalRequest) -> list[RequestFinding]:
    findings = list(request.findings.all())
    runs = [f.run for f in findings if f.source == RequestFinding.Source.CHECK]
    last = max(runs, default=0)
    return [f for f in findings if f.source == RequestFinding.Source.REGULATOR or f.run == last]


def queue(user: User, *, state: str = "", casino: Casino | None = None) -> list[QueueRow]:
    """The requests as a list: a regulator's queue (oldest first among those waiting for it), a casino's list (the
    newest first), each with its age, its deadline and whose turn it is."""
    found = requests_visible(user).prefetch_related("findings", "steps__actor")
    if state:
        found = found.filter(state=state)
    if casino is not None:
        found = found.filter(casino=casino)
    today = timezone.localdate()
    rows = []
    for request in found.order_by("filed_at" if user.is_regulator else "-created_at"):
        steps, due, actor = list(request.steps.all()), _due(request), workflow.next_actor(request.state)
        rows.append(QueueRow(request, (today - timezone.localdate(request.filed_at)).days if request.filed_at else 0,
                             due, actor, steps[-1] if steps else None,
                             sum(f.severity == RequestFinding.Severity.BLOCKING for f in _last_run(request)),
                             (due - today).days if due and actor else None))
    if user.is_regulator:  # waiting for the regulator first, the nearest due date first among them
        rows.sort(key=lambda row: (row.next_actor != workflow.REGULATOR,
                                   row.days_left if row.days_left is not None else 10**6))
    return rows


def inbox(user: User) -> list[QueueRow]:
    """What waits for this person: for a regulator, requests to review; for a casino's management, drafts to file
    and questions to answer."""
    side = workflow.REGULATOR if user.is_regulator else workflow.CASINO
    if side == workflow.CASINO and user.role != User.Role.MANAGER:
        return []
    return [row for row in queue(user) if row.next_actor == side]


@dataclass(frozen=True)
class AskedBeside:
    """One item of the request beside what the rules say of it (the checks' finding on it, when there is one)."""

    label: str
    asked: object
    attachments: list[RequestAttachment]


@dataclass(frozen=True)
class RequestView:
    request: ApprovalRequest
    form: Form
    items: list[AskedBeside]
    answers: list[RequestStep]
    findings: list[RequestFinding]  # the last run of the checks, and the regulator's own
    earlier_findings: list[RequestFinding]
    steps: list[RequestStep]
    next_actor: str | None
    allowed: list[workflow.Transition]


def request_view(user: User, request: ApprovalRequest) -> RequestView:
    form = form_of(request.kind, request.casino, timezone.localdate(request.filed_at or request.created_at))
    attachments = list(request.attachments.all())
    items = [AskedBeside(item.label, request.items.get(item.key), [a for a in attachments if a.item == item.key])
             for item in form.items]
    steps = list(request.steps.select_related("actor"))
    current = _last_run(request)
    side = workflow.REGULATOR if user.is_regulator else (
        workflow.CASINO if user.casino_id == request.casino_id and user.role == User.Role.MANAGER else None)
    return RequestView(request, form, items, [s for s in steps if s.transition == workflow.ANSWER.name], current,
                       [f for f in request.findings.all() if f not in current], steps,
                       workflow.next_actor(request.state),
                       workflow.allowed(request.state, side, form.power) if side else [])


def approvals_in_force(casino: Casino, on: datetime.date, kind: str = "") -> QuerySet[ApprovalRequest]:
    """The casino's approved configuration on `on`: the approvals in force that day (approved, from their date, and
    not yet ended by a successor's taking effect or a revocation)."""
    found = ApprovalRequest.objects.filter(casino=casino, state__in=workflow.EVER_IN_FORCE, effective_from__lte=on)
    found = found.filter(Q(ended_on__isnull=True) | Q(ended_on__gt=on))
    return found.filter(kind=kind) if kind else found


def approved(casino: Casino, kind: str, subject: str, on: datetime.date) -> ApprovalRequest | None:
    """The approval in force on `on` for this subject (a pay table's key, a tournament's name …), or None."""
    return approvals_in_force(casino, on, kind).filter(subject=subject).order_by("-effective_from", "-pk").first()


def notified(casino: Casino, kind: str, subject: str, on: datetime.date) -> ApprovalRequest | None:
    """A notice in effect on `on` for this subject: the casino's latest filed (not withdrawn) from the date it
    declared, whatever the authority answered (MC AM 2007-668 art. 1: the change is notified, not approved)."""
    found = ApprovalRequest.objects.filter(casino=casino, kind=kind, subject=subject, effective_from__lte=on,
                                           filed_at__isnull=False).exclude(state=workflow.WITHDRAWN)
    found = found.filter(Q(ended_on__isnull=True) | Q(ended_on__gt=on))
    return found.order_by("-effective_from", "-filed_at", "-pk").first()


def kinds_for(casino: Casino) -> list:
    """The kinds a casino files: those its jurisdiction has, as requests (not publications, nor retired kinds)."""
    keys = [(kind, concept_or_none(casino.jurisdiction, kind.concept)) for kind in KINDS.values()]
    return [kind for kind, key in keys if key and rule_power(key) in FILED_POWERS]


def wheel_published(casino_code: str) -> tuple[Casino, list[WheelPublication]]:
    """Anyone's read: a Québec casino's wheel of fortune as it made it public (QC RJC art. 120), the latest first,
    each with the moment Vigie put it up; an unknown casino, or one outside Québec, is a 404."""
    casino = get_object_or_404(Casino.objects.select_related("jurisdiction"), code=casino_code,
                               jurisdiction__code__in=feature_codes("roue_de_fortune.publication"))
    return casino, list(WheelPublication.objects.filter(casino=casino).order_by("-published_at", "-pk"))


def wheel_on(casino: Casino, day: datetime.date) -> dict | None:
    """The wheel's configuration the casino had made public by the end of `day` (QC RJC art. 120), as the notices
    compose its poster (compliance.hooks.WHEEL_PUBLISHED): its bets, its parts in all, the moment Vigie put it up; one
    query."""
    for publication in WheelPublication.objects.filter(casino=casino).order_by("-published_at", "-pk"):
        if casino.today(publication.published_at) <= day:
            report = publication.report or {}
            return {"bets": [(bet["symbol"], bet["segments"], bet["odds"]) for bet in report.get("bets", [])],
                    "parts": report.get("segments"), "published_at": publication.published_at}
    return None


def waiting_for(user: User) -> QuerySet[ApprovalRequest]:
    """The requests waiting for this person's side (the « À faire » home and the menu's count): a regulator's to
    review, decide or acknowledge; a casino's management's drafts to file and questions to answer. One query."""
    if user.is_regulator:
        states = workflow.WAITING_FOR_REGULATOR
    elif user.role == User.Role.MANAGER:
        states = workflow.WAITING_FOR_CASINO
    else:
        return ApprovalRequest.objects.none()
    return requests_visible(user).filter(state__in=states).order_by("filed_at", "created_at", "pk")


def due_of(request: ApprovalRequest) -> datetime.date | None:
    """The date a notice must precede (a jackpot stop, a machine's change), as recorded or as its items say."""
    return request.due_on or _due(request)


def state_of(request: ApprovalRequest, *, others: bool = False) -> controls.RequestState:
    """The request as its controls read it (controls.py); with the other requests of its kind and subject when
    `others` (its filing's control)."""
    form = form_of(request.kind, request.casino, timezone.localdate(request.filed_at or request.created_at))
    same = ()
    if others:
        same = tuple(controls.Other(reference, state, controls.items_digest(items)) for reference, state, items in (
            ApprovalRequest.objects.filter(casino_id=request.casino_id, kind=request.kind, subject=request.subject)
            .exclude(pk=request.pk).order_by("created_at").values_list("reference", "state", "items")))
    return controls.RequestState(request.reference, request.kind, request.subject, request.state, form.power,
                                 form.citation, timezone.localdate(request.filed_at) if request.filed_at else None,
                                 controls.items_digest(request.items), same)


def machines_of(casino: Casino) -> Fleet:
    """The casino's register of machines as its entries leave it (empty where it keeps none)."""
    return machines_state(machines_register(casino))


def declared(casino: Casino, form: Form, items: dict, today: datetime.date,
             machines: Callable[[], Fleet] | None = None, *, about: dict | None = None) -> controls.Declared:
    """The dates `items` declare as their control reads them (controls.py `declared_dates_problems`): the casino's
    registers' first day and, for the notice of a machine's change, the machine's installation (`machines`: the
    register of machines, read only then; the machine named in `about`, the request's items, else in `items`)."""
    dates = controls.dated(form.items, items)
    named = (about if about is not None else items).get("numero_serie")
    machine = str(named or "").strip() if form.kind.key == MACHINE_NOTICE else ""
    found = (machines or (lambda: machines_of(casino)))().machines.get(machine) if machine and dates else None
    return controls.Declared(dates, today, casino.opened_on, machine, found.installed_on if found else None)
