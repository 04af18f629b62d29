"""The machines whose condition (LU RGD 1979 art. 17 al. 2 5°, as the draft completes it) the register does not say,
on the management's « À faire » home: installed before Vigie asked it, each recorded once by the management. Two
queries whatever the number of machines (the register's entries, the rule value)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from compliance.models import User
from compliance.todo import Task

from ..kinds import RegisterKind
from .selectors import conditions_missing


def conditions_to_record(user: User) -> list[Task]:
    casino = user.casino
    if casino is None:
        return []
    url = reverse("registers-other", kwargs={"casino": casino.code, "kind": RegisterKind.APPAREILS})
    return [Task(key=f"machine-condition:{casino.pk}:{problem.params['machine']}",
                 group=_("États d'appareils à enregistrer"),
                 label=_("Appareil %(machine)s : condition non enregistrée") % {"machine": problem.params["machine"]},
                 url=url, section="registers-list", casino=casino.name, due_citation=problem.citation,
                 severity="warning")
            for problem in conditions_missing(casino, casino.today())]
