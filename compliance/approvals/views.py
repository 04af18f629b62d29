"""The approvals' pages, under /approbations/: the requests of the user's scope (a casino's own, or the queue of the
regulator's jurisdiction) with what waits for the user above them; a new draft from its kind's items; a request's
page, what was asked beside what the rules say of it (the checks' findings with their articles), its steps and the
forms of the steps the user may take; its documents. Thin callers: the reads come from the selectors, the writes go
to the services (compliance/approvals/services.py), a refusal comes back under the field it names with nothing
written. Another casino's request, or a request of another jurisdiction, is a 404; a step of the other side, or of
an accountant, is a 403."""

import contextlib
import datetime
import mimetypes
from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from compliance import formatting, two_person
from compliance.errors import READ_ONLY_ROLE, DomainError, PermissionDeniedError
from compliance.models import User
from compliance.permissions import can_write
from games.selectors import paytable_data, paytable_list, rule_value_at
from registers.forms import ActionForm
from registers.kinds import RegisterKind
from registers.web_actions import submit

from . import controls, errors, selectors, services, workflow
from .errors import Code
from .forms import (
    DECISIONS,
    AnswerForm,
    AskForm,
    AttachForm,
    DecideForm,
    DraftForm,
    FileForm,
    FindingForm,
    ItemsPage,
    RequestPage,
    RevokeForm,
    WithdrawForm,
)
from .kinds import KINDS, form_of
from .models import STATE_LABELS, ApprovalRequest, RequestFinding

EVENTS = "appareils_a_sous.evenements_information_prealable"
TRANSITION_LABELS = {
    workflow.FILE.name: gettext_lazy("Dépôt"),
    workflow.CHECK.name: gettext_lazy("Contrôles automatiques"),
    workflow.EXAMINE.name: gettext_lazy("Mise en examen"),
    workflow.ASK.name: gettext_lazy("Complément demandé"),
    workflow.ANSWER.name: gettext_lazy("Réponse du casino"),
    workflow.APPROVE.name: gettext_lazy("Approbation"),
    workflow.APPROVE_WITH_CONDITIONS.name: gettext_lazy("Approbation sous conditions"),
    workflow.REFUSE.name: gettext_lazy("Refus"),
    workflow.WITHDRAW.name: gettext_lazy("Retrait"),
    workflow.SUPERSEDE.name: gettext_lazy("Remplacement"),
    workflow.REVOKE.name: gettext_lazy("Révocation"),
    workflow.GIVE_FAVOURABLE.name: gettext_lazy("Avis favorable"),
    workflow.GIVE_UNFAVOURABLE.name: gettext_lazy("Avis défavorable"),
    workflow.ACKNOWLEDGE.name: gettext_lazy("Accusé de réception"),
    workflow.OBJECT.name: gettext_lazy("Objection"),
}


# --- who the user is to a request -------------------------------------------------------------------------------


def _is_manager(user: User, casino=None) -> bool:
    return can_write(user, casino) and user.role == User.Role.MANAGER


def _side(user: User) -> str | None:
    """The side of the workflow the user takes steps for: the authority, a casino's management, or none (an
    accountant, a platform administrator read)."""
    if user.is_regulator:
        return workflow.REGULATOR
    return workflow.CASINO if _is_manager(user) else None


def _next_actor(approval: ApprovalRequest, actor: str | None) -> str:
    if actor == workflow.REGULATOR:
        return approval.casino.jurisdiction.regulator
    if actor == workflow.CASINO:
        return _("Direction du casino")
    return _("Personne : la demande est décidée ou close")


def _next_side(actor: str | None) -> str:
    """Whose turn it is, in a word (a list's column)."""
    return {workflow.REGULATOR: _("Autorité"), workflow.CASINO: _("Casino")}.get(actor, "—")


def _kind_label(key: str) -> str:
    kind = KINDS.get(key)
    return str(kind.label) if kind else key


def _approval(request, reference: str) -> ApprovalRequest:
    approval = selectors.request_get(request.user, reference)
    if approval is None:
        raise Http404(reference)
    return approval


def _detail_url(approval: ApprovalRequest) -> str:
    return reverse("approvals-detail", kwargs={"reference": approval.reference})


def _items_page(user: User, casino, form) -> ItemsPage:
    """The choices of the kind's items: the pay tables of the casino's jurisdiction, the changes of a machine's state
    the Minister is told of (LU RGD 1979 art. 18-1)."""
    types = {item.type for item in form.items}
    english = (get_language() or "fr").startswith("en")
    paytables = [(table.key, (english and table.title_en) or table.title)
                 for table in paytable_list(user=user).filter(game__jurisdiction=casino.jurisdiction)] \
        if "paytable" in types else []
    events = list(rule_value_at(jurisdiction=casino.jurisdiction, key=EVENTS, on=casino.today(), drafts=True).value) \
        if "event" in types else []
    return ItemsPage(form, paytables, events)


def _attached(user: User, approval: ApprovalRequest, uploads: dict[str, list]) -> int:
    """Each document stored with the request, a refusal shown on its item's field."""
    count = 0
    for key, files in uploads.items():
        for upload in files:
            try:
                services.request_attach(actor=user, request=approval, item=key, filename=upload.name or "",
                                        content=upload.read())
            except PermissionDeniedError:
                raise
            except DomainError as exc:
                raise DomainError(exc.message, code=exc.code, field=key) from exc
            count += 1
    return count


# --- the list -----------------------------------------------------------------------------------------------------


def _row(row: selectors.QueueRow, side: str | None) -> dict:
    last, kind = row.last_step, _kind_label(row.request.kind)
    return {"row": row, "request": row.request, "kind": kind,
            "kind_note": "" if row.request.title.startswith(kind) else kind,  # a title of its own: its kind beside
            "next_actor": _next_actor(row.request, row.next_actor), "next_side": _next_side(row.next_actor),
            "mine": side is not None and row.next_actor == side,
            "last_label": TRANSITION_LABELS.get(last.transition, last.transition) if last else ""}


@login_required
@require_safe
def approvals_list(request):
    user = request.user
    state = request.GET.get("etat", "")
    if state not in STATE_LABELS:
        state = ""
    side = _side(user)
    rows = [_row(row, side) for row in selectors.queue(user, state=state)]
    return render(request, "approvals/list.html", {
        "rows": rows,
        "inbox": [_row(row, side) for row in selectors.inbox(user)],
        "state": state,
        "states": list(STATE_LABELS.items()),
        "kinds": selectors.kinds_for(user.casino) if _is_manager(user) else [],
        "side": side,
    })


# --- a new draft --------------------------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def approvals_new(request, kind: str):
    """A draft of `kind` for the manager's casino: a kind its jurisdiction does not have, or does not file (a
    publication, a kind the texts give no power over), is a 404, anyone but the casino's management a 403."""
    user = request.user
    casino = user.casino if user.is_casino_staff else None
    if casino is None:
        raise PermissionDenied(str(READ_ONLY_ROLE))
    try:
        form = form_of(kind, casino, casino.today())
    except DomainError:
        raise Http404(kind) from None
    if not form.filed:  # a publication, or a kind the texts give no power over: nothing to file
        raise Http404(kind)
    if not _is_manager(user, casino):
        raise PermissionDenied(str(errors.NOT_A_MANAGER))
    draft = DraftForm(request.POST if request.method == "POST" else None, files=request.FILES or None,
                      page=_items_page(user, casino, form))
    if request.method == "POST":

        def create(bound):
            with transaction.atomic():  # a document refused undoes the draft
                approval = services.request_create(actor=user, casino=casino, kind=kind, items=bound.items(),
                                                   title=bound.cleaned_data["intitule"])
                attached = _attached(user, approval, bound.uploads())
            return (_("Brouillon %(reference)s enregistré (%(count)s document(s) joint(s)) : vérifiez-le, puis "
                      "déposez-le auprès de l'autorité.") % {"reference": approval.reference, "count": attached},
                    _detail_url(approval))

        done = submit(request, draft, create)
        if done is not None:
            return done
    return render(request, "approvals/new.html", {
        "kind": form.kind, "form": draft, "citation": form.citation, "casino": casino,
        "refused": draft.is_bound})


# --- a request's page ---------------------------------------------------------------------------------------------


def _shown(item, value, user):
    """An item's value as the page shows it: a date, a pay table with its title, the lines asked."""
    if value in (None, "", [], {}):
        return None
    if item.type == "date":
        try:
            return datetime.date.fromisoformat(value)
        except (TypeError, ValueError):
            return value
    if item.type == "paytable":
        table = paytable_list(user=user).filter(key=value).first()
        return {"key": value, "title": table.title if table else ""}
    if item.type == "payouts" and isinstance(value, dict):
        return [{"position": position, "asked": odds} for position, odds in value.items()]
    if item.type == "casinos" and isinstance(value, list):
        return ", ".join(value)
    return value


def _payout_lines(rows: list[dict], table_key, user, on: datetime.date) -> list[dict]:
    """The lines asked, each beside the hand and the odds of the table in force on the day of filing."""
    try:
        current = paytable_data(user=user, key=table_key, on=on) if table_key else None
    except DomainError:
        current = None
    lines = {str(line["position"]): line for line in current["lines"]} if current else {}
    return [{**row, "label": (lines.get(row["position"]) or {}).get("label", ""),
             "current": (lines.get(row["position"]) or {}).get("odds", "")} for row in rows]


def _items(view: selectors.RequestView, user) -> list[dict]:
    approval = view.request
    on = approval.filed_at.date() if approval.filed_at else approval.casino.today()
    rows = []
    for item, beside in zip(view.form.items, view.items, strict=True):
        shown = _shown(item, beside.asked, user)
        if item.type == "payouts" and shown:
            shown = _payout_lines(shown, approval.items.get("table"), user, on)
        rows.append({"key": item.key, "type": item.type, "label": beside.label, "value": shown,
                     "attachments": beside.attachments})
    return rows


def _added(view: selectors.RequestView, items: dict) -> list[tuple[str, str]]:
    """An answer's items, labelled, as text."""
    shown = []
    for key, value in items.items():
        item = view.form.item(key)
        if isinstance(value, dict):
            value = " · ".join(f"{line} : {odds}" for line, odds in value.items())
        elif isinstance(value, list):
            value = ", ".join(str(one) for one in value)
        elif item and item.type == "date" and value:
            with contextlib.suppress(ValueError):  # a day as people write it, a text as it was given
                value = formatting.date(datetime.date.fromisoformat(value), jurisdiction=None)
        shown.append((item.label if item else key, str(value)))
    return shown


def _steps(view: selectors.RequestView) -> list[dict]:
    casino = view.request.casino
    return [{"step": step, "label": TRANSITION_LABELS.get(step.transition, step.transition),
             "from": STATE_LABELS.get(step.from_state, step.from_state),
             "to": STATE_LABELS.get(step.to_state, step.to_state),
             "added": _added(view, step.items) if step.transition == workflow.ANSWER.name else [],
             "entry_url": reverse("registers-entry", kwargs={"casino": casino.code, "kind": RegisterKind.APPROBATIONS,
                                                              "seq": step.entry.seq}) if step.entry else None}
            for step in view.steps]


def _runs(findings: list[RequestFinding]) -> list[tuple[int, list[RequestFinding]]]:
    runs: dict[int, list[RequestFinding]] = {}
    for finding in findings:
        runs.setdefault(finding.run, []).append(finding)
    return sorted(runs.items(), reverse=True)


def _asked_effective(approval: ApprovalRequest) -> datetime.date | None:
    """The effective date the request asks for, offered to the decision when it is not before the filing."""
    try:
        asked = datetime.date.fromisoformat(approval.items.get("date_effet", ""))
    except (TypeError, ValueError):
        return None
    filed = approval.filed_at and approval.casino.today(approval.filed_at)
    return asked if filed and asked >= filed else None


def _request_page(user: User, approval: ApprovalRequest, view: selectors.RequestView | None = None) -> RequestPage:
    """What the request's irreversible forms restate before they are confirmed."""
    view = view or selectors.request_view(user, approval)
    return RequestPage(approval, _kind_label(approval.kind), view.findings, _asked_effective(approval),
                       _detail_url(approval))


def _forms(user: User, approval: ApprovalRequest, view: selectors.RequestView) -> dict[str, ActionForm]:
    """The forms of the steps this user may take on the request now (a decision, not to the person who filed it:
    `_decide_refused` says why)."""
    page = _request_page(user, approval, view)
    allowed = {transition.name for transition in view.allowed}
    forms_: dict[str, ActionForm] = {}
    if workflow.FILE.name in allowed and not _file_refused(approval, view):
        forms_[FileForm.action] = FileForm(page=None)
        if any(item.type == "file" for item in view.form.items):
            forms_[AttachForm.action] = AttachForm(page=ItemsPage(view.form, [], []))
    if workflow.ANSWER.name in allowed:
        forms_[AnswerForm.action] = AnswerForm(page=_items_page(user, approval.casino, view.form))
    if workflow.WITHDRAW.name in allowed:
        forms_[WithdrawForm.action] = WithdrawForm(page=page)
    if workflow.ASK.name in allowed:
        forms_[AskForm.action] = AskForm(page=None)
    if user.is_regulator and approval.state in (*workflow.WAITING_FOR_REGULATOR, workflow.INFORMATION):
        forms_[FindingForm.action] = FindingForm(page=None)
    if allowed & set(DECISIONS) and not _decide_refused(user, approval, view):
        decisions = tuple(t.name for t in view.allowed if t.name in DECISIONS)
        forms_[DecideForm.action] = DecideForm(page=page, decisions=decisions)
    if workflow.REVOKE.name in allowed:
        forms_[RevokeForm.action] = RevokeForm(page=page)
    return forms_


def _file_refused(approval: ApprovalRequest, view: selectors.RequestView) -> str:
    """Why the draft is not offered to be filed, by its filing's control (the same request waits for its decision),
    or ""."""
    if workflow.FILE.name not in {t.name for t in view.allowed}:
        return ""
    problems = controls.filing_problems(selectors.state_of(approval, others=True),
                                        controls.Step(workflow.FILE.name, workflow.CASINO))
    return problems[0].text() if problems else ""


def _decide_refused(user: User, approval: ApprovalRequest, view: selectors.RequestView) -> str:
    """Why this user, whose side decides now, may not decide this request (they filed it), or ""."""
    if not {t.name for t in view.allowed} & set(DECISIONS):
        return ""
    return two_person.may_take(user, "decider_demande", approval).reason


def _detail_page(request, approval: ApprovalRequest, bound: ActionForm | None = None):
    user = request.user
    view = selectors.request_view(user, approval)
    forms_ = _forms(user, approval, view)
    if bound is not None:
        forms_[bound.action] = bound
    checks = [f for f in view.findings if f.source == RequestFinding.Source.CHECK]
    return render(request, "approvals/detail.html", {
        "approval": approval,
        "view": view,
        "casino": approval.casino,
        "kind": _kind_label(approval.kind),
        "items": _items(view, user),
        "checks": checks,
        "run": max((f.run for f in checks), default=0),
        "blocking": sum(f.severity == RequestFinding.Severity.BLOCKING for f in checks),
        "authority": [f for f in view.findings if f.source == RequestFinding.Source.REGULATOR],
        "earlier": _runs(view.earlier_findings),
        "steps": _steps(view),
        "next_actor": _next_actor(approval, view.next_actor),
        "mine": view.next_actor is not None and view.next_actor == _side(user),
        "forms": forms_,
        "decide_refused": _decide_refused(user, approval, view),
        "file_refused": _file_refused(approval, view),
        "bound_action": bound.action if bound is not None else None,
        "side": _side(user),
    })


@login_required
@require_safe
def approvals_detail(request, reference: str):
    return _detail_page(request, _approval(request, reference))


def _verify_side(user: User, approval: ApprovalRequest, side: str) -> None:
    """A step of the casino's management, or of the authority: anyone else is refused (the service's own check)
    before the form is read."""
    try:
        services.verify_side(user, approval, side)
    except PermissionDeniedError as refused:
        raise PermissionDenied(str(refused.message)) from None


def _step(request, reference: str, side: str, form_class: type[ActionForm],
          act: Callable[[ApprovalRequest, ActionForm], str],
          page: Callable[[ApprovalRequest], ItemsPage | RequestPage | None] = lambda approval: None):
    """A POST of one of the request's forms (another scope's request is a 404 whatever the method): the service
    called, then back to the request's page with the confirmation, or the page again with the refusal on its
    field."""
    approval = _approval(request, reference)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    _verify_side(request.user, approval, side)
    form = form_class(request.POST, files=request.FILES, page=page(approval))
    done = submit(request, form, lambda bound: (act(approval, bound), _detail_url(approval)))
    return done or _detail_page(request, approval, bound=form)


@login_required
def approvals_file(request, reference: str):
    def act(approval, form):
        filed = services.request_file(actor=request.user, request=approval)
        return _("Demande %(reference)s déposée auprès de l'autorité : les contrôles automatiques ont été faits, "
                 "elle est en examen.") % {"reference": filed.reference}

    return _step(request, reference, workflow.CASINO, FileForm, act)


@login_required
def approvals_attach(request, reference: str):
    def act(approval, form):
        files = form.cleaned_data["files"]
        if not files:
            raise DomainError(_("Choisissez le document à joindre."), code=Code.ITEM_MISSING, field="files")
        try:
            count = _attached(request.user, approval, {form.cleaned_data["item"]: files})
        except PermissionDeniedError:
            raise
        except DomainError as exc:
            raise DomainError(exc.message, code=exc.code, field="files") from exc
        return _("%(count)s document(s) joint(s) à la demande %(reference)s.") % {"count": count,
                                                                                  "reference": approval.reference}

    return _step(request, reference, workflow.CASINO, AttachForm, act, lambda approval: ItemsPage(
        form_of(approval.kind, approval.casino, approval.created_at.date()), [], []))


@login_required
def approvals_answer(request, reference: str):
    def act(approval, form):
        with transaction.atomic():  # the documents go with the answer, or not at all
            _attached(request.user, approval, form.uploads())
            services.request_answer(actor=request.user, request=approval, answer=form.cleaned_data["note"],
                                    items=form.items())
        return _("Réponse envoyée à l'autorité : les contrôles ont été refaits, la demande est de nouveau en "
                 "examen.")

    return _step(request, reference, workflow.CASINO, AnswerForm, act, lambda approval: _items_page(
        request.user, approval.casino, form_of(approval.kind, approval.casino, approval.casino.today())))


@login_required
def approvals_withdraw(request, reference: str):
    def act(approval, form):
        services.request_withdraw(actor=request.user, request=approval, reason=form.cleaned_data["note"])
        return _("Demande %(reference)s retirée.") % {"reference": approval.reference}

    return _step(request, reference, workflow.CASINO, WithdrawForm, act,
                 lambda approval: _request_page(request.user, approval))


@login_required
def approvals_ask(request, reference: str):
    def act(approval, form):
        services.request_ask(actor=request.user, request=approval, question=form.cleaned_data["note"])
        return _("Question envoyée au casino : la demande attend sa réponse.")

    return _step(request, reference, workflow.REGULATOR, AskForm, act)


@login_required
def approvals_finding(request, reference: str):
    def act(approval, form):
        services.finding_add(actor=request.user, request=approval, **form.cleaned_data)
        return _("Constat de l'autorité ajouté à la demande.")

    return _step(request, reference, workflow.REGULATOR, FindingForm, act)


@login_required
def approvals_decide(request, reference: str):
    def act(approval, form):
        data = form.cleaned_data
        decided = services.request_decide(actor=request.user, request=approval, decision=data["decision"],
                                          reason=data["reason"], conditions=data.get("conditions", ""),
                                          effective_from=data.get("effective_from"))
        return _("Décision portée à la demande %(reference)s : %(state)s.") % {
            "reference": decided.reference, "state": decided.state_label.lower()}

    return _step(request, reference, workflow.REGULATOR, DecideForm, act,
                 lambda approval: _request_page(request.user, approval))


@login_required
def approvals_revoke(request, reference: str):
    def act(approval, form):
        services.request_revoke(actor=request.user, request=approval, reason=form.cleaned_data["note"])
        return _("Approbation %(reference)s révoquée.") % {"reference": approval.reference}

    return _step(request, reference, workflow.REGULATOR, RevokeForm, act,
                 lambda approval: _request_page(request.user, approval))


# --- a document ---------------------------------------------------------------------------------------------------


@login_required
@require_safe
def approvals_attachment(request, reference: str, pk: int):
    approval = _approval(request, reference)
    attachment = approval.attachments.filter(pk=pk).first()
    if attachment is None:
        raise Http404(pk)
    content_type = mimetypes.guess_type(attachment.filename)[0] or "application/octet-stream"
    response = HttpResponse(bytes(attachment.content), content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(True, attachment.filename)
    return response
