"""The cagnotte's count (LU RGD 1979 art. 97-1): one count per table and gaming day."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from ...controls import Problem
from ...errors import ErrorCode
from .. import errors
from .shared import books


@dataclass(frozen=True)
class Count:
    table: object
    day: datetime.date
    house: Decimal
    bad_beat: Decimal
    box: Decimal


def cagnotte_problems(counted: dict[tuple, int], proposed: Count, citation: str) -> list[Problem]:
    """A table's count of its gaming day: one of its amounts positive, counted once (`counted`: (table, day) → n° of
    its standing count); `citation`: art. 97-1 as the rule data cites it, else the casino's control."""
    if not (proposed.house or proposed.bad_beat or proposed.box):
        return [Problem("house", errors.CAGNOTTE_EMPTY, citation, ErrorCode.EMPTY)]
    earlier = counted.get((proposed.table, proposed.day))
    if earlier is not None:
        return [Problem("table", errors.CAGNOTTE_TWICE, books(), ErrorCode.DUPLICATE,
                        {"table": proposed.table, "day": proposed.day, "seq": earlier})]
    return []
