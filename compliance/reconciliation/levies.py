"""The levy book's part of a day's reconciliation (LU RGD 1979 art. 88, the draft's wording: the levies « payés
exactement au receveur des Contributions par un virement bancaire … dans un délai maximum de trois jours
ouvrables »): each levy whose due date is the day, its transfer made after it (late) or not recorded by it (missing),
read from the book (registers/prelevements) as its page reads it."""

import datetime
from collections import defaultdict

from compliance.models import Casino
from registers import controls
from registers.prelevements.controls import unpaid_by_due
from registers.prelevements.selectors import DELAY, book_of, register_of

from .checks import Found

LATE, MISSING = "prelevement_retard", "prelevement_manquant"


def levy_findings(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, list[Found]]:
    """{due day: its findings}: one per levy not paid by its due date, the finding of that due date's run."""
    register = register_of(casino)
    if register is None:
        return {}
    found = defaultdict(list)
    for levied in unpaid_by_due(book_of(register), first, last):
        citation = controls.concept_cited(casino, DELAY, levied.day, controls.BOOKS)
        found[levied.due].append(Found(
            MISSING if levied.paid_on is None else LATE, f"prelevement_virement:{levied.day.isoformat()}", citation,
            levied.set_aside, params={"levied": levied.day.isoformat(), "due": levied.due.isoformat(),
                                      "made": levied.paid_on.isoformat() if levied.paid_on else "",
                                      "amount": str(levied.set_aside)}))
    return dict(found)
