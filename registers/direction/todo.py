"""The direction's register on the management's « À faire » home (LU RGD 1979 art. 51 § I al. 1, 18-6 al. 3 as the
draft words them):

- today's play no presence of the duty log covers: a table or poker table opened today with nobody written present
  (art. 51 § I al. 1: « doit être présent en permanence au casino pendant toute la période de fonctionnement des
  jeux »). A table still open counts to the end of the hour it opened in (selectors.played): the nearest hours of
  play ahead that Vigie knows of; the casino's opening hours to come are not in its data, so no later hour is asked.
- a designation whose last day falls within the week, with no later one for the same employee and act: from the next
  day an act of that kind by the employee is the night's finding (art. 18-6 al. 3: « un employé du casino agréé à
  cette fin par le directeur »). The last day is the director's own, not a deadline of the text.

One query when the casino keeps no direction's register in Vigie, two when it does and nothing opened today (its book,
whether a table opened today), four more when a table did (the day's play)."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils.translation import gettext as _

from compliance.models import User
from compliance.todo import Task

from .. import controls as house
from ..kinds import entry_kind_label
from . import selectors
from .controls import COMMITTEE

SOON = datetime.timedelta(days=7)  # how far ahead a designation's last day is listed


def _uncovered_today(casino, book, today, url) -> list[Task]:
    if not selectors.plays_on(casino, today):
        return []
    gaps = [gap for gap in selectors.gaps(casino, book, today, today) if gap.start is not None]
    if not gaps:
        return []
    zone, citation = selectors.zone_of(casino), house.concept_cited(casino, selectors.PRESENCE, today, COMMITTEE)
    return [Task(key=f"direction-gap:{casino.pk}:{gap.start.isoformat(timespec='minutes')}",
                 group=_("Présence de la direction"),
                 label=_("Jeux sans présence inscrite de %(start)s à %(end)s (tables %(tables)s)") % {
                     "start": gap.start.astimezone(zone).strftime("%H:%M"),
                     "end": gap.end.astimezone(zone).strftime("%H:%M"), "tables": ", ".join(gap.tables)},
                 url=url, section="direction-home", casino=casino.name, due=today, due_citation=citation,
                 severity="danger")
            for gap in gaps]


def _ending_soon(casino, book, today, url) -> list[Task]:
    tasks = []
    for one in book.designations:
        if one.last is None or not today <= one.last <= today + SOON:
            continue
        following = one.last + datetime.timedelta(days=1)
        if any(other.covers(one.employee, one.act, following) for other in book.designations):
            continue
        citation = house.concept_cited(casino, selectors.AGREED, one.last, COMMITTEE)
        tasks.append(Task(
            key=f"direction-designation:{casino.pk}:{one.seq}", group=_("Présence de la direction"),
            label=_("Désignation de %(employee)s (%(act)s) : dernier jour le %(day)s") % {
                "employee": one.employee_name, "act": entry_kind_label(one.act), "day": one.last.strftime("%d/%m/%Y")},
            url=url, section="direction-home", casino=casino.name, due=one.last, due_citation=citation,
            severity="warning"))
    return tasks


def direction_to_do(user: User) -> list[Task]:
    casino = user.casino
    if casino is None or not selectors.applies_to(casino):
        return []
    book = selectors.book_for(casino)
    if not (book.terms or book.shifts or book.designations):
        return []
    today = casino.today()
    url = reverse("direction", kwargs={"casino": casino.code})
    return _uncovered_today(casino, book, today, url) + _ending_soon(casino, book, today, url)
