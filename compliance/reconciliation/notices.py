"""The reconciliation's notices findings (registers/notices, whose controls decide): each day of the period, every
notice the casino's texts require that day and that no posting displays, citing the article the rule data gives for
it, from the first day the casino posts notices in Vigie (before it, Vigie does not know its walls). One finding per
notice and day; its key stays the same from one run to the next."""

import datetime

from compliance.models import Casino
from registers.notices import selectors

from .checks import Found

MISSING = "avis_non_affiche"


def notice_findings(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, list[Found]]:
    events = selectors.events_of(casino)
    postings = [event.day for event in events if event.action == selectors.POSTED]
    if not postings:  # the casino keeps no notices in Vigie
        return {}
    found = {}
    for offset in range((last - max(first, min(postings))).days + 1):
        day = max(first, min(postings)) + datetime.timedelta(days=offset)
        for problem in selectors.missing(casino, day, events):
            notice = str(problem.params.get("notice", problem.field))
            found.setdefault(day, []).append(Found(
                MISSING, f"{MISSING}:{problem.field}", str(problem.citation), None, "", None,
                {"day": day.isoformat(), "notice": notice}))
    return found
