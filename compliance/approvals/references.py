"""What a slot machine notice's reference names among the requests to the authority (registers/appareils/references.py
asks, at the notice's filing and in its audit): a request's kind, whether it is the casino's, and, for the notice of a
machine's change of state (`etat_appareil`, LU RGD 1979 art. 18-1), its machine, event and day."""

import datetime

from compliance.models import Casino
from registers.appareils.controls import Named

from .kinds import KINDS
from .models import ApprovalRequest

MACHINE_NOTICE = "etat_appareil"


def machine_notice_named(casino: Casino, reference: str) -> Named | None:
    request = ApprovalRequest.objects.filter(reference__iexact=reference).only(
        "casino_id", "kind", "subject", "items").first()
    if request is None:
        return None
    kind = KINDS.get(request.kind)
    what, own = (kind.label if kind else request.kind), request.casino_id == casino.pk
    if request.kind != MACHINE_NOTICE:
        return Named(what, own)
    items = request.items if isinstance(request.items, dict) else {}
    return Named(what, own, machine=str(items.get("numero_serie") or request.subject),
                 event=items.get("evenement"), day=_day(items.get("date_evenement")))


def _day(value) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
