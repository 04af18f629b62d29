"""The deadlines as a calendar: every item waiting for a person that has a legal or house deadline (Task.due, cited by
Task.due_citation), by month and week on the page, and as an iCalendar feed (RFC 5545) the person subscribes to in
their own calendar application at a private address (CalendarFeed: the random token is the credential)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

import icalendar
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from .models import CalendarFeed, User
from .todo import Task, tasks_for


def deadlines(tasks: list[Task]) -> list[Task]:
    """The items with a deadline, the earliest first (then by key, so the order is stable)."""
    return sorted((task for task in tasks if task.due is not None), key=lambda task: (task.due, task.key))


@dataclass
class Week:
    monday: datetime.date
    tasks: list[Task] = field(default_factory=list)


@dataclass
class Month:
    first: datetime.date
    weeks: list[Week] = field(default_factory=list)

    @property
    def count(self) -> int:
        return sum(len(week.tasks) for week in self.weeks)


def by_month_and_week(tasks: list[Task]) -> list[Month]:
    """Deadlines (sorted) under their month, then their week (Monday to Sunday, shown by its Monday). A week across
    two months appears under each, with that month's days only: a month reads as the calendar's page."""
    months: list[Month] = []
    for task in tasks:
        first = task.due.replace(day=1)
        if not months or months[-1].first != first:
            months.append(Month(first=first))
        monday = task.due - datetime.timedelta(days=task.due.weekday())
        weeks = months[-1].weeks
        if not weeks or weeks[-1].monday != monday:
            weeks.append(Week(monday=monday))
        weeks[-1].tasks.append(task)
    return months


# --- the private address --------------------------------------------------------------------------------------------

def feed_in_use(user) -> CalendarFeed | None:
    """The person's private address in use, if they have one."""
    return CalendarFeed.objects.visible_to(user).filter(revoked_at__isnull=True).first()


def feed_owner(token: str) -> User | None:
    """Whose address `token` is, if it is in use: a revoked or unknown token is nobody's."""
    feed = (CalendarFeed.objects.filter(token=token, revoked_at__isnull=True, user__is_active=True)
            .select_related("user__casino__jurisdiction", "user__jurisdiction").first())
    return feed.user if feed is not None else None


def feed_ical(user, *, absolute) -> bytes:
    """The person's deadlines as an iCalendar file: one all-day event per deadline, its UID stable across fetches (the
    item's key), its summary in the person's language, its URL the page where it is done, its description the article
    or house control the deadline comes from. `absolute` turns a page's path into the address a calendar opens."""
    with translation.override(user.preferred_language or "fr"):
        calendar = icalendar.Calendar()
        calendar.add("prodid", "-//Vigie//Echeances//FR")
        calendar.add("version", "2.0")
        calendar.add("calscale", "GREGORIAN")
        calendar.add("method", "PUBLISH")
        calendar.add("x-wr-calname", _("Vigie — échéances de %(name)s") % {
            "name": user.get_full_name() or user.username})
        stamp = timezone.now()
        for task in deadlines(tasks_for(user)):
            calendar.add_component(_event(task, stamp=stamp, absolute=absolute))
        return calendar.to_ical()


def _event(task: Task, *, stamp: datetime.datetime, absolute) -> icalendar.Event:
    event = icalendar.Event()
    event.add("uid", f"{task.key}@vigie")
    event.add("dtstamp", stamp)
    event.add("dtstart", task.due)  # a date: an all-day event (VALUE=DATE)
    event.add("dtend", task.due + datetime.timedelta(days=1))
    event.add("summary", f"{task.label} ({task.casino})" if task.casino else task.label)
    event.add("url", absolute(task.url))
    lines = [_("Échéance : %(citation)s") % {"citation": task.due_citation}] if task.due_citation else []
    lines += [line for line in (task.group, task.detail, absolute(task.url)) if line]
    event.add("description", "\n".join(lines))
    event.add("transp", "TRANSPARENT")  # a deadline does not make the person busy
    return event
