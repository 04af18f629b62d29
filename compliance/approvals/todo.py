"""The approvals' work for the « À faire » home: for a regulator, the requests and notices of the jurisdiction's
casinos to decide or acknowledge, with their due dates; for a casino's management, the drafts to file and the
authority's questions to answer."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from compliance.errors import DomainError
from compliance.models import User
from compliance.todo import Task

from . import workflow
from .kinds import KINDS, form_of
from .models import ApprovalRequest
from .selectors import due_of, waiting_for

SOON = 7  # days before a due date from which the request is shown as due soon


def _citation(request: ApprovalRequest) -> str:
    """The article the kind rests on, as the rule data cites it on the day of filing."""
    try:
        return form_of(request.kind, request.casino,
                       timezone.localdate(request.filed_at or request.created_at)).citation
    except DomainError:
        return ""


_lazy_citation = lazy(_citation, str)  # read only when an item is shown, never for the menu's counts


def _group(user: User, request: ApprovalRequest) -> str:
    if user.is_regulator:
        notice = KINDS.get(request.kind) is not None and KINDS[request.kind].notice
        return _("Avis et documents à recevoir") if notice else _("Demandes à examiner et décider")
    if request.state == workflow.INFORMATION:
        return _("Questions de l'autorité à répondre")
    return _("Demandes préparées à déposer")


def waiting(user: User) -> list[Task]:
    today, tasks = timezone.localdate(), []
    for request in waiting_for(user):
        due = due_of(request) if request.state != workflow.DRAFT else None
        left = (due - today).days if due else None
        tasks.append(Task(
            key=f"approval:{request.reference}:{request.state}", group=_group(user, request),
            label=f"{request.reference} · {request.title}",
            url=reverse("approvals-detail", kwargs={"reference": request.reference}), section="approvals-list",
            casino=request.casino.name, due=due, due_citation=_lazy_citation(request) if due else "",
            since=request.filed_at or request.created_at,
            severity="danger" if left is not None and left < 0 else "warning" if left is not None and left <= SOON
            else "info", detail=request.get_state_display()))
    return tasks
