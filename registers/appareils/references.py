"""What a notice's reference to the Minister names outside the register of machines (LU RGD 1979 art. 18-1): a
reference may be a request of a register of approvals (compliance/approvals), whose app says what it is (the point
`compliance.hooks.NOTICE_REFERENCES`); this register never reads the other one. A reference no app knows is a letter's
own reference, taken as written."""

import datetime

from compliance.hooks import NOTICE_REFERENCES, REFURBISHMENT_APPROVAL
from compliance.models import Casino

from .controls import Named, Refurbishment


def named(casino: Casino, reference: str) -> Named | None:
    """What `reference` names, as the first app that knows it says; None for a letter's own reference."""
    for namer in NOTICE_REFERENCES:
        found = namer(casino, reference.strip())
        if found is not None:
            return found
    return None


def refurbishment(casino: Casino, reference: str, day: datetime.date) -> Refurbishment | None:
    """What a refurbished machine's approval reference names and whether it is in force on `day`, as the approvals
    say (None: it names no request, or no app keeps the requests)."""
    reference = reference.strip()
    return REFURBISHMENT_APPROVAL(casino, reference, day) if reference and REFURBISHMENT_APPROVAL else None
