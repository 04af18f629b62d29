"""The opening control, as the table sessions' and the poker séances' services ask it before they write (one call
each, after their own checks): a session opens only with the decks its game's texts require issued to its table for
the day, from the day the casino's management applies the control (controls.session_decks_problems). A casino with no
register of decks, or a game whose texts say nothing of its decks, opens as before."""

import datetime

from compliance.models import Casino

from ..controls import refuse_first
from . import rules, selectors
from .controls import session_decks_problems


def verify_decks(*, casino: Casino, family: str, table: str, game: str, day: datetime.date) -> None:
    """Refuses the opening with the first problem, its article cited."""
    if selectors.register_of(casino) is None:
        return
    requirement = rules.requirement_on(casino, game, day)
    if requirement is None:
        return
    refuse_first(session_decks_problems(selectors.table_decks(casino, family, table, day), requirement),
                 casino.jurisdiction)
