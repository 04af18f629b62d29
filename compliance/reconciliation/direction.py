"""The reconciliation's direction findings (LU RGD 1979 art. 51 § I al. 1, 52 al. 2, 18-6 al. 3, as the draft words
them), where the jurisdiction's profile has the direction's register: the playing time of the period's table sessions
and poker séances that no presence of the duty log covers, and each act of a kind the casino designates employees for
done by someone the director had not designated that day (registers/direction, whose controls decide), from the first
day the casino keeps that register in Vigie. Eight queries whatever the period."""

import datetime

from compliance.models import Casino
from compliance.profiles import applies
from registers import controls as house
from registers.direction import selectors
from registers.direction.controls import COMMITTEE

from .checks import Found

ABSENT, DAY_UNCOVERED, UNDESIGNATED = "direction_absente", "direction_journee", "employe_non_designe"


def _time(moment: datetime.datetime, casino: Casino) -> str:
    return moment.astimezone(selectors.zone_of(casino)).strftime("%H:%M")


def direction_findings(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, list[Found]]:
    if not applies(casino.jurisdiction, selectors.FEATURE, last):
        return {}
    register = selectors.register_of(casino)
    if register is None:  # the casino keeps no direction's register in Vigie: nothing to compare the play with
        return {}
    book, found = selectors.book_of(register), {}
    for gap in selectors.gaps(casino, book, first, last, since=selectors.kept_from(casino, register, book)):
        citation = house.concept_cited(casino, selectors.PRESENCE, gap.day, COMMITTEE)
        tables = ", ".join(gap.tables)
        if gap.start is None:
            found.setdefault(gap.day, []).append(Found(
                DAY_UNCOVERED, f"{DAY_UNCOVERED}:{gap.day.isoformat()}", citation, None, "", None,
                {"day": gap.day.isoformat(), "tables": tables}))
            continue
        start, end = _time(gap.start, casino), _time(gap.end, casino)
        found.setdefault(gap.day, []).append(Found(
            ABSENT, f"{ABSENT}:{gap.start.isoformat(timespec='minutes')}", citation, None, "", None,
            {"day": gap.day.isoformat(), "start": start, "end": end, "tables": tables}))
    for act in selectors.acts_undesignated(casino, book, first, last):
        citation = house.concept_cited(casino, selectors.AGREED, act.day, COMMITTEE)
        found.setdefault(act.day, []).append(Found(
            UNDESIGNATED, f"{UNDESIGNATED}:{act.register}:{act.seq}", citation, None, "", None,
            {"day": act.day.isoformat(), "seq": str(act.seq), "register": act.register, "act": act.kind,
             "employee": act.actor_name}))
    return found
