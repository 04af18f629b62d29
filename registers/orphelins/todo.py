"""The orphelins' deadlines for the « À faire » home: each found sum still registered, until the day its owner may
still come forward for it (LU RGD 1979 art. 8 al. 3, the period read from the rule data)."""

from __future__ import annotations

from decimal import Decimal

from django.urls import reverse
from django.utils.translation import gettext as _

from compliance.formatting import money
from compliance.models import User
from compliance.todo import Task

from ..kinds import RegisterKind
from .selectors import awaiting_owner

SOON = 2  # days before the deadline from which the item is shown as due soon


def deadlines(user: User) -> list[Task]:
    tasks = []
    for state in awaiting_owner(user=user):
        entry, casino = state.entry, state.entry.register.casino
        left = (state.deadline - casino.today()).days
        amount = money(Decimal(state.payload["amount"]), currency=casino.currency, jurisdiction=casino.jurisdiction)
        tasks.append(Task(
            key=f"orphelin:{entry.pk}", group=_("Échéances à venir"),
            label=_("Orphelin n° %(seq)s (%(amount)s) : restitution possible jusqu'à l'échéance") % {
                "seq": entry.seq, "amount": amount},
            url=reverse("registers-entry", kwargs={"casino": casino.code, "kind": RegisterKind.ORPHELINS,
                                                   "seq": entry.seq}),
            section="registers-list", casino=casino.name, due=state.deadline, due_citation=state.citation,
            since=entry.recorded_at, detail=state.payload.get("location", ""),
            severity="danger" if left < 0 else "warning" if left <= SOON else "info"))
    return tasks
