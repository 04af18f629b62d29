"""What changed for me: the bell in the header, the notifications page and the e-mail digest all read what waits
for a person (compliance/todo.py) against when they last marked it read (User.notifications_seen_at).

An item is « nouveau » when it began to wait (Task.since) after that mark; an item with no `since` is never news.
The digest carries the new items no earlier digest carried (DigestItem), once each."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .models import DigestItem, User
from .todo import Task, tasks_for, tasks_for_request


def seen_at(user) -> datetime | None:
    """When `user` last marked their notifications read (None: never): a field of the user's row, no query."""
    return user.notifications_seen_at


def is_new(task: Task, seen: datetime | None) -> bool:
    return task.since is not None and (seen is None or task.since > seen)


def new_tasks(tasks: list[Task], seen: datetime | None) -> list[Task]:
    """The items begun after `seen`, the latest first."""
    return sorted((task for task in tasks if is_new(task, seen)), key=lambda task: task.since, reverse=True)


@dataclass(frozen=True)
class Bell:
    count: int


def bell(request) -> dict:
    """Context processor: the bell's count, computed only when a page shows it (the API renders no template)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"bell": SimpleLazyObject(lambda: Bell(count=len(new_tasks(tasks_for_request(request), seen_at(user))))),
            "local_mailbox": bool(settings.LOCAL_MAILBOX_DIR)}


# --- the e-mail digest ----------------------------------------------------------------------------------------------

def digest_recipients():
    """Every person who may sign in and has an e-mail address (the platform's own actor has none)."""
    return User.objects.filter(is_active=True).exclude(email="").select_related("casino", "jurisdiction").order_by(
        "pk")


def digest_items(user) -> list[Task]:
    """The new items for `user` that no digest has carried yet, their words in the user's language."""
    with translation.override(user.preferred_language or settings.LANGUAGE_CODE):
        fresh = new_tasks(tasks_for(user), seen_at(user))
    if not fresh:
        return []
    sent = set(DigestItem.objects.filter(user=user.pk, key__in=[task.key for task in fresh]).values_list(
        "key", flat=True))
    return [task for task in fresh if task.key not in sent]


def absolute(url: str) -> str:
    """A page's address as a mail client opens it: on the platform's public address (settings.PUBLIC_URL)."""
    return url if "://" in url else settings.PUBLIC_URL.rstrip("/") + "/" + url.lstrip("/")


def digest_message(user, tasks: list[Task]) -> EmailMultiAlternatives:
    """The digest of `tasks` for `user`, in the user's language (French unless they chose English): plain text and
    HTML, each item with its link, its deadline and the article the deadline comes from."""
    with translation.override(user.preferred_language or settings.LANGUAGE_CODE):
        subject = ngettext("Vigie : %(count)d nouveauté pour vous", "Vigie : %(count)d nouveautés pour vous",
                           len(tasks)) % {"count": len(tasks)}
        groups: dict[str, list[dict]] = {}
        for task in tasks:
            groups.setdefault(task.group, []).append({"task": task, "url": absolute(task.url)})
        context = {"user": user, "groups": groups, "count": len(tasks), "subject": subject,
                   "home_jurisdiction": user.home_jurisdiction, "LANGUAGE_CODE": translation.get_language(),
                   "notifications_url": absolute(reverse("notifications")),
                   "greeting": _("Bonjour %(name)s,") % {"name": user.get_full_name() or user.username}}
        text = render_to_string("compliance/email/digest.txt", context)
        html = render_to_string("compliance/email/digest.html", context)
    message = EmailMultiAlternatives(subject=subject, body=text, to=[user.email])
    message.attach_alternative(html, "text/html")
    return message
