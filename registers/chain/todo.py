"""What waits in the countersignature queue, for the « À faire » home (compliance/todo.py): the filings waiting for
this person's countersignature, and this person's own filings waiting for someone else's."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from compliance.formatting import date, money
from compliance.models import User
from compliance.todo import Task

from .selectors import PendingRow, pending_list
from .services import ANY_STAFF

SECTION = "registers-list"


def _url(row: PendingRow) -> str:
    register = row.pending.register
    page = reverse("registers-register", kwargs={"casino": register.casino.code, "kind": register.kind})
    return f"{page}#pending-{row.pending.pk}"


def _label(row: PendingRow) -> str:
    pending, casino = row.pending, row.pending.register.casino
    label = _("%(kind)s du %(day)s, dépôt n° %(pk)s") % {
        "kind": row.kind_label, "day": date(pending.gaming_day, jurisdiction=casino.jurisdiction), "pk": pending.pk}
    amount = row.amount
    if amount is not None:
        label += f" · {money(amount, currency=casino.currency, jurisdiction=casino.jurisdiction)}"
    return label


def _detail(row: PendingRow) -> str:
    late = row.payload.get("late_filing")
    if isinstance(late, dict) and late.get("reason"):
        return _("Saisie tardive : %(reason)s") % {"reason": late["reason"]}
    return row.where


def countersignatures(user: User) -> list[Task]:
    """One query: the casino's open queue, split between what this person may countersign and what they filed."""
    tasks = []
    for row in pending_list(user=user):
        pending = row.pending
        late = isinstance(row.payload.get("late_filing"), dict)
        common = dict(url=_url(row), section=SECTION, casino=pending.register.casino.name, since=pending.created_at,
                      detail=_detail(row), severity="warning" if late else "info")
        if pending.actor_id == user.pk:
            tasks.append(Task(key=f"pending:{pending.pk}:mine", group=_("Vos saisies en attente de contresignature"),
                              label=_label(row), to_read=True, **common))
        elif pending.countersigner_role in (user.role, ANY_STAFF):
            who = pending.actor.get_full_name() or pending.actor.username
            tasks.append(Task(key=f"pending:{pending.pk}", group=_("Contresignatures qui vous attendent"),
                              label=_("%(what)s, déposée par %(who)s") % {"what": _label(row), "who": who},
                              **common))
    return tasks
