"""The header's one search box: what a person types (a card's n°, a client's name or identity document, a register
entry's n°, a poker deal's id, an approval request's reference) looked up across the apps, within what they may see.

The core knows no card, entry, deal or request: each app adds its searchers to the point `hooks.SEARCHERS` (from its
hooks.py, at start-up, through `searcher_register`), and a searcher reads only through its app's selectors, scoped to
the user it is given (`visible_to`: a casino's staff their casino, a regulator their jurisdiction). Reads only."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from . import hooks

MIN_LENGTH = 2  # fewer characters than this find nothing (every n° « 1 » of every register)
MAX_LENGTH = 100
PER_SEARCHER = 20  # hits a searcher lists at most: a number in hundreds of registers is narrowed by typing more


@dataclass(frozen=True)
class Query:
    """What was typed, and the forms searchers compare: its text, and its number when it is one (« n° 12 », « #12 »)."""

    text: str
    number: int | None

    @classmethod
    def parse(cls, raw: str) -> Query:
        text = " ".join((raw or "").split())[:MAX_LENGTH]
        digits = re.fullmatch(r"(?:n°|no|#)?\s*0*(\d{1,18})", text, flags=re.IGNORECASE)
        return cls(text, int(digits.group(1)) if digits and digits.group(1) else None)


@dataclass(frozen=True)
class Hit:
    """One thing found, one click from its page."""

    kind: str  # what it is, in words: « Carte de jeu », « Écriture de registre »
    label: str  # which one: « LAM-070797935418 », « Orphelins n° 12 »
    url: str
    exact: bool = False  # the whole of what was typed is its n°, reference or name
    casino: str = ""  # its casino's name, for a regulator's results across casinos
    detail: str = ""  # one more line: its holder, its nature, its state
    day: datetime.date | None = None  # its gaming day, shown as the reader writes dates


Searcher = Callable[[object, Query], Iterable[Hit]]


@dataclass(frozen=True)
class _Registered:
    searcher: Searcher
    order: int
    name: str = field(default="")


SEARCHERS: list[_Registered] = hooks.SEARCHERS


def searcher_register(searcher: Searcher, *, order: int = 100) -> None:
    """Adds an app's searcher once (AppConfig.ready may run twice under the test runner)."""
    name = f"{searcher.__module__}.{searcher.__qualname__}"
    if any(registered.name == name for registered in SEARCHERS):
        return
    SEARCHERS.append(_Registered(searcher, order, name))
    SEARCHERS.sort(key=lambda registered: registered.order)


@dataclass(frozen=True)
class Results:
    query: Query
    hits: list[Hit]

    @property
    def exact(self) -> list[Hit]:
        return [hit for hit in self.hits if hit.exact]

    @property
    def near(self) -> list[Hit]:
        return [hit for hit in self.hits if not hit.exact]


def search(*, user, text: str) -> Results:
    """Every searcher's hits for `user`: the exact ones first (a number that is several things lists each), then the
    near ones, each searcher's in its own order. Nothing for a text shorter than MIN_LENGTH, unless it is a number."""
    query = Query.parse(text)
    if not getattr(user, "is_authenticated", False) or (len(query.text) < MIN_LENGTH and query.number is None):
        return Results(query, [])
    hits: list[Hit] = []
    for registered in SEARCHERS:
        hits.extend(list(registered.searcher(user, query))[:PER_SEARCHER])
    return Results(query, sorted(hits, key=lambda hit: not hit.exact))  # sorted() keeps the searchers' order
