"""What a register's reference names among the requests to the authority (the registers ask through compliance/hooks.py,
at the filing and in its audit): a request's kind and whether it is the casino's, and, for the notice of a machine's
change of state (`etat_appareil`, LU RGD 1979 art. 18-1), its machine, event and day (registers/appareils); for the
notice of the bad beat's voluntary stop (`arret_bad_beat`, art. 49-14 al. 2), the day it was filed (registers/poker)."""

import datetime
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from compliance.models import Casino
from registers.appareils.controls import Named
from registers.poker.controls.bad_beat_notices import StopNotice

from .kinds import KINDS
from .models import ApprovalRequest

MACHINE_NOTICE = "etat_appareil"
BAD_BEAT_STOP = "arret_bad_beat"


@dataclass(frozen=True)
class Found:
    """The request a reference names, as the casino that asks reads it: its kind in the reader's language, whether
    it is that casino's, and its items."""

    request: ApprovalRequest
    what: object
    own: bool
    items: dict


def request_named(casino: Casino, reference: str) -> Found | None:
    """The request whose reference is `reference` (in any case), whatever its casino; None when there is none."""
    request = ApprovalRequest.objects.filter(reference__iexact=reference).only(
        "pk", "casino_id", "kind", "subject", "items", "filed_at").first()
    if request is None:
        return None
    kind = KINDS.get(request.kind)
    return Found(request, kind.label if kind else request.kind, request.casino_id == casino.pk,
                 request.items if isinstance(request.items, dict) else {})


def machine_notice_named(casino: Casino, reference: str) -> Named | None:
    found = request_named(casino, reference)
    if found is None:
        return None
    if found.request.kind != MACHINE_NOTICE:
        return Named(found.what, found.own)
    return Named(found.what, found.own, machine=str(found.items.get("numero_serie") or found.request.subject),
                 event=found.items.get("evenement"), day=_day(found.items.get("date_evenement")))


def bad_beat_stop_named(casino: Casino, reference: str) -> StopNotice | None:
    """The request a bad-beat notice names: this casino's information of the Minister of a voluntary stop (art. 49-14
    al. 2) and the casino's day it was filed on, or what else it is."""
    found = request_named(casino, reference)
    if found is None:
        return None
    filed = found.request.filed_at
    return StopNotice(found.request.reference, found.what, found.own, stop=found.request.kind == BAD_BEAT_STOP,
                      filed_on=filed.astimezone(ZoneInfo(casino.jurisdiction.timezone)).date() if filed else None)


def _day(value) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
