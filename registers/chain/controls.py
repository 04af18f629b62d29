"""The chain's own control: which gaming days a casino's registers may hold (`chain.services.verify_gaming_day`
loads the state and refuses with the first problem)."""

import datetime

from ..controls import HOUSE_RULE, Problem
from ..errors import ErrorCode
from . import errors


def gaming_day_problems(day, *, today: datetime.date, opened_on: datetime.date, archived=(), closed: bool = False,
                        closed_message=errors.SESSION_CLOSED) -> list[Problem]:
    """A gaming day the casino's registers may hold: a day, not to come, not before its registers were opened in
    Vigie, not in a year `archived` (read only), not `closed` (a day closed that the operation may not reach)."""
    if not isinstance(day, datetime.date) or isinstance(day, datetime.datetime):
        return [Problem("gaming_day", errors.DAY_INVALID, HOUSE_RULE, ErrorCode.INVALID)]
    if day > today:
        return [Problem("gaming_day", errors.FUTURE_DAY, HOUSE_RULE, ErrorCode.FUTURE_DAY, {"day": day.isoformat()})]
    if day < opened_on:
        return [Problem("gaming_day", errors.BEFORE_OPENING, HOUSE_RULE, ErrorCode.BEFORE_OPENING,
                        {"day": day, "opened": opened_on})]
    if day.year in archived:
        return [Problem("gaming_day", errors.YEAR_ARCHIVED, HOUSE_RULE, ErrorCode.YEAR_ARCHIVED,
                        {"day": day, "year": day.year})]
    if closed:
        return [Problem("gaming_day", closed_message, HOUSE_RULE, ErrorCode.SESSION_CLOSED, {"day": day.isoformat()})]
    return []
