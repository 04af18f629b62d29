"""The opening control, as the table sessions' and the poker séances' services ask it before they write (one call
each, after their own checks), and as the table system's import asks it of each opening line: a session opens only
with the decks its game's texts require issued to its table for the day, from the day the casino's management applies
the control (controls.session_decks_problems). A casino with no register of decks, or a game whose texts say nothing
of its decks, opens as before."""

import datetime

from compliance.models import Casino

from ..controls import Problem, refuse_first
from . import rules, selectors
from .controls import Requirement, session_decks_problems


class Openings:
    """The control for one opening or many (an import's lines): the register of decks and its stock read once, each
    game's requirement once a day; every opening asked the one pure control."""

    def __init__(self, casino: Casino):
        self.casino = casino
        self.stock = selectors.stock_of(casino) if selectors.register_of(casino) is not None else None
        self.required: dict[tuple, Requirement | None] = {}

    def problems(self, *, family: str, table: str, game: str, day: datetime.date) -> list[Problem]:
        if self.stock is None:
            return []
        if (game, day) not in self.required:
            self.required[(game, day)] = rules.requirement_on(self.casino, game, day)
        requirement = self.required[(game, day)]
        if requirement is None:
            return []
        return session_decks_problems(selectors.table_decks(self.casino, family, table, day, self.stock), requirement)


def verify_decks(*, casino: Casino, family: str, table: str, game: str, day: datetime.date) -> None:
    """Refuses the opening with the first problem, its article cited."""
    refuse_first(Openings(casino).problems(family=family, table=table, game=game, day=day), casino.jurisdiction)
