"""A list a page at a time, newest first, by a keyset on its id (`?avant=<id>`): the same cost on the first page and
on the thousandth, however long the list."""

from dataclasses import dataclass

from django.db.models import QuerySet

PAGE = 100


@dataclass(frozen=True)
class KeysetPage:
    rows: list
    before: int | None  # the id this page starts before (None: the newest)
    older: int | None  # the id to read on from, when there is more


def keyset(queryset: QuerySet, before: int | None, size: int = PAGE) -> KeysetPage:
    if before is not None:
        queryset = queryset.filter(pk__lt=before)
    chunk = list(queryset.order_by("-pk")[:size + 1])
    return KeysetPage(chunk[:size], before, chunk[size - 1].pk if len(chunk) > size else None)


def cursor(raw) -> int | None:
    """A page's cursor as a query gives it (?avant=…): a positive whole number, else the newest page."""
    return int(raw) if isinstance(raw, str) and raw.isdigit() and int(raw) > 0 else None
