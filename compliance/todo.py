"""What waits for each person: the « À faire » home, the menu's counts, the deadlines calendar, the bell and the
e-mail digest all read this one list.

The core knows no register, request or report: each app adds the providers of its own work to the point
`hooks.TODO_PROVIDERS` (from its hooks.py, at start-up, through `provider_register`), and a provider reads only through
its app's selectors, scoped to the user it is given."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from . import hooks

ACCOUNTANT, MANAGER, REGULATOR, ADMIN = "accountant", "manager", "regulator", "admin"


@dataclass(frozen=True)
class Task:
    """One thing a person has to do (or to read), one click from where it is done."""

    key: str  # stable across requests: "<provider>:<id>" (the bell and the calendar tell items apart by it)
    group: str  # the heading it is listed under on the home, e.g. « Contresignatures qui vous attendent »
    label: str  # what it is, in words: « Orphelin n° 12 déposé par Claire Tremblay »
    url: str  # the page where it is done
    section: str = ""  # the navigation item's url_name whose count it adds to (e.g. "registers-list")
    casino: str = ""  # the casino's name, for a regulator's lists across casinos
    due: datetime.date | None = None  # a legal or house deadline: it goes in the calendar
    due_citation: str = ""  # the article or the house control the deadline comes from
    since: datetime.datetime | None = None  # when it began to wait: the bell's « nouveau »
    severity: str = "info"  # "danger" past due or a breach, "warning" due soon, "info"
    detail: str = ""  # one more line, e.g. the reason of a late filing
    # something to read rather than to do (yesterday's signed reports): listed on the home, not in the menu's counts
    to_read: bool = False


Provider = Callable[[object], Iterable[Task]]


@dataclass(frozen=True)
class _Registered:
    roles: tuple[str, ...]
    provider: Provider
    order: int = 100
    name: str = field(default="")


PROVIDERS: list[_Registered] = hooks.TODO_PROVIDERS


def provider_register(provider: Provider, *, roles: tuple[str, ...], order: int = 100) -> None:
    """Adds an app's provider once (AppConfig.ready may run twice under the test runner)."""
    name = f"{provider.__module__}.{provider.__qualname__}"
    if any(registered.name == name for registered in PROVIDERS):
        return
    PROVIDERS.append(_Registered(roles=roles, provider=provider, order=order, name=name))
    PROVIDERS.sort(key=lambda registered: registered.order)


def _by_deadline(task: Task) -> tuple:
    return (task.due is None, task.due or datetime.date.min)


def tasks_for(user) -> list[Task]:
    """Everything waiting for `user`, in the providers' order, then by deadline (the nearest first, those without
    one last; otherwise in the provider's own order)."""
    if not getattr(user, "is_authenticated", False):
        return []
    tasks: list[Task] = []
    for registered in PROVIDERS:
        if user.role in registered.roles:
            tasks.extend(sorted(registered.provider(user), key=_by_deadline))
    return tasks


def tasks_for_request(request) -> list[Task]:
    """`tasks_for(request.user)` once per request: the home, the menu's counts and the bell read the same list."""
    tasks = getattr(request, "_vigie_tasks", None)
    if tasks is None:
        tasks = tasks_for(getattr(request, "user", None))
        request._vigie_tasks = tasks
    return tasks


def section_counts(tasks: Iterable[Task]) -> dict[str, int]:
    """What waits behind each navigation item (its url_name): the menu's counts; what is only to read is left out."""
    counts: dict[str, int] = {}
    for task in tasks:
        if task.section and not task.to_read:
            counts[task.section] = counts.get(task.section, 0) + 1
    return counts


@dataclass(frozen=True)
class Group:
    """One heading of the home and its items."""

    heading: str
    tasks: tuple[Task, ...]

    @property
    def count(self) -> int:
        return len(self.tasks)


def grouped(tasks: Iterable[Task]) -> list[Group]:
    """The items under their headings, in the order the headings first appear."""
    groups: dict[str, list[Task]] = {}
    for task in tasks:
        groups.setdefault(str(task.group), []).append(task)
    return [Group(heading, tuple(items)) for heading, items in groups.items()]
