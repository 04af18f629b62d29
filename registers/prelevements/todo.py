"""The levies to transfer, for the « À faire » home of the casino's accounts and its management (LU RGD 1979 art. 88,
the draft's wording: « payés exactement au receveur des Contributions par un virement bancaire … dans un délai maximum
de trois jours ouvrables »): each levied day not transferred yet, with its due date, those past it first (the list is
ordered by due date; a levy past its due is a finding of the reconciliation of that day). The list reads the book's
last two months, whatever its age: a levy older than that and never transferred stays the reconciliation's finding."""

from __future__ import annotations

import datetime

from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from compliance.formatting import date, money
from compliance.models import User
from compliance.profiles import applies
from compliance.todo import Task

from .. import controls as house
from . import selectors

FEATURE = "prelevements"
WINDOW = datetime.timedelta(days=62)


def levies_to_transfer(user: User) -> list[Task]:
    casino = user.casino
    if casino is None or not applies(casino.jurisdiction, FEATURE):
        return []
    today = casino.today()
    # the article of the delay, read from the rule data only when an item is shown (the menu's counts never read it)
    citation = lazy(lambda: house.concept_cited(casino, selectors.DELAY, today, house.BOOKS), str)()
    tasks = []
    for levied in selectors.casino_book(casino, today - WINDOW).days.values():
        state = levied.state(today)
        if state not in ("due", "overdue"):
            continue
        values = {"day": date(levied.day, jurisdiction=casino.jurisdiction),
                  "amount": money(levied.set_aside, currency=casino.currency, jurisdiction=casino.jurisdiction)}
        tasks.append(Task(
            key=f"levy:{casino.pk}:{levied.day.isoformat()}", group=_("Prélèvements à virer au receveur"),
            label=_("Journée du %(day)s : %(amount)s à virer") % values,
            url=f"{reverse('levies', kwargs={'casino': casino.code})}?mois={levied.day:%Y-%m}#day-{levied.day}",
            section="levies-home", casino=casino.name, due=levied.due, due_citation=citation,
            severity="danger" if state == "overdue" else "warning",
            detail=_("Échéance dépassée : virement en retard") if state == "overdue" else ""))
    return tasks
