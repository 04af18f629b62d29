"""The notices the casino owes and does not display today, on the management's « À faire » home: two queries whatever
the number of notices (the rule values in force, the casino's board)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from compliance.models import User
from compliance.todo import Task

from . import catalogue, selectors


def to_post(user: User) -> list[Task]:
    casino = user.casino
    if casino is None:
        return []
    today = casino.today()
    return [Task(key=f"notice-missing:{casino.pk}:{problem.field}", group=_("Avis à afficher"),
                 label=str(catalogue.KINDS[problem.field].title),
                 url=reverse("notices", kwargs={"casino": casino.code}),
                 section="notices-home", casino=casino.name, due=today, due_citation=problem.citation,
                 severity="warning")
            for problem in selectors.missing(casino, today)]
