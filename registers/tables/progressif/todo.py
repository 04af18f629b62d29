"""The boards to read, for the « À faire » home of the casino's cashiers and management (QC RJC art. 21.2 as the rule
data cites it: « Un panneau d'affichage indiquant de façon continue le montant du lot progressif »): each closed séance
of a lot's tables that indicated the bet and whose board's displayed lot is not read yet, the latest first, one click
from the progressive lot's page where it is read. Nothing is read before a lot is configured (one query)."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils.translation import gettext as _

from compliance.formatting import date
from compliance.models import User
from compliance.profiles import applies
from compliance.todo import Task

from . import selectors

WINDOW = datetime.timedelta(days=7)  # the séances the page offers a reading for (views.RECENT_DAYS)


def boards_to_read(user: User) -> list[Task]:
    casino = user.casino
    if casino is None or not applies(casino.jurisdiction, selectors.FEATURE, casino.today()):
        return []
    lots = selectors.lots_of(casino)
    if not lots:
        return []
    today = casino.today()
    sessions = selectors.to_read(casino, lots, today - WINDOW)
    citation = selectors.citation_of(casino, lots, today) if sessions else ""
    url = reverse("tables-progressive", kwargs={"casino": casino.code})
    return [Task(
        key=f"progressive-board:{session.pk}", group=_("Panneaux du lot progressif à relever"),
        label=_("Table %(table)s, séance %(number)s du %(day)s : lot affiché à la fermeture non relevé") % {
            "table": session.table.number, "number": session.number,
            "day": date(session.gaming_day, jurisdiction=casino.jurisdiction)},
        url=url, section="tables-home", casino=casino.name, due=session.gaming_day,
        due_citation=citation, since=session.opened_at, severity="warning") for session in sessions]
