"""The tournaments to publish, for the management's « À faire » home: a draft's rules go public before it starts."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from compliance.formatting import date
from compliance.models import User
from compliance.todo import Task

from .selectors import drafts_to_publish


def to_publish(user: User) -> list[Task]:
    tasks = []
    for tournament in drafts_to_publish(user=user):
        casino = tournament.casino
        starts = casino.today(tournament.starts_at)  # the day it starts, in the casino's zone
        tasks.append(Task(
            key=f"tournament-draft:{tournament.pk}", group=_("Tournois à publier"),
            label=_("%(name)s, le %(day)s") % {"name": tournament.name,
                                               "day": date(starts, jurisdiction=casino.jurisdiction)},
            url=reverse("tournaments-detail", kwargs={"casino": casino.code, "slug": tournament.slug}),
            section="tournaments-list", casino=casino.name, due=starts, due_citation=tournament.citation,
            since=tournament.created_at, severity="warning"))
    return tasks
