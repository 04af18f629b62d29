"""The tables still open, for the « À faire » home: one left open past its gaming day first (the reconciliation
will find it « non fermée »), then today's, each closed on its session's page with its closing inventory."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from compliance.formatting import date
from compliance.models import User
from compliance.todo import Task

from .. import controls
from .selectors import open_sessions


def tables_to_close(user: User) -> list[Task]:
    casino = user.casino
    if casino is None:
        return []
    today, tasks = casino.today(), []
    for session in open_sessions(casino):
        left_open = session.gaming_day < today
        values = {"table": session.table.number, "day": date(session.gaming_day, jurisdiction=casino.jurisdiction)}
        tasks.append(Task(
            key=f"table-session:{session.pk}",
            group=_("Tables restées ouvertes") if left_open else _("Tables à fermer"),
            label=(_("Table %(table)s ouverte depuis le %(day)s") if left_open
                   else _("Table %(table)s, journée du %(day)s")) % values,
            url=reverse("tables-session", kwargs={"casino": casino.code, "pk": session.pk}),
            section="tables-home", casino=casino.name, due=session.gaming_day,
            due_citation=controls.written(controls.TABLE_CLOSED), since=session.opened_at,
            severity="danger" if left_open else "info"))
    return tasks
