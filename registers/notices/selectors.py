"""What the notices' pages read: the casino's board replayed from its rows (one query), the postings displayed on a
day with their text as posted, the notices the casino owes that day and those it does not display."""

import datetime

from compliance.models import Casino
from compliance.problems import Problem

from ..models import NoticeEvent
from . import catalogue
from .controls import Board, missing_problems

POSTED, WITHDRAWN = NoticeEvent.Action.POSTED, NoticeEvent.Action.WITHDRAWN


def events_of(casino: Casino) -> list[NoticeEvent]:
    """Every posting and withdrawal, in the order recorded, with who recorded it."""
    return list(NoticeEvent.objects.filter(casino=casino).select_related("actor").order_by("pk"))


def board_of(events: list[NoticeEvent]) -> Board:
    board = Board()
    for event in events:
        if event.action == POSTED:
            board.post(event.pk, event.kind, event.place, event.day)
        else:
            board.withdraw(event.posting_id, event.day)
    return board


def board(casino: Casino) -> Board:
    return board_of(list(NoticeEvent.objects.filter(casino=casino).order_by("pk").only(
        "pk", "action", "kind", "place", "day", "posting_id")))


def displayed(casino: Casino, day: datetime.date) -> list[NoticeEvent]:
    """The postings displayed on `day`, with their text as posted, by notice then place: two queries (the withdrawals
    by then, the postings)."""
    gone = set(NoticeEvent.objects.filter(casino=casino, action=WITHDRAWN, day__lte=day)
               .values_list("posting_id", flat=True))
    postings = NoticeEvent.objects.filter(casino=casino, action=POSTED, day__lte=day).exclude(pk__in=gone)
    order = list(catalogue.KINDS)
    return sorted(postings, key=lambda posting: (order.index(posting.kind) if posting.kind in order else len(order),
                                                 posting.place, posting.pk))


def owed(casino: Casino, day: datetime.date) -> dict[str, tuple[str, str]]:
    """{notice: (its title, the article requiring it)} of every notice the casino owes on `day`."""
    return {key: (catalogue.french(catalogue.KINDS[key].title), str(rule.citation))
            for key, rule in catalogue.required_on(casino, day).items()}


def missing(casino: Casino, day: datetime.date, events: list[NoticeEvent] | None = None) -> list[Problem]:
    """The notices the casino owes on `day` that no posting displays."""
    return missing_problems(board(casino) if events is None else board_of(events), owed(casino, day), day)
