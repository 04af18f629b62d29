"""What a register's reference names among the requests to the authority (the registers ask through compliance/hooks.py,
at the filing and in its audit): a request's kind and whether it is the casino's, and, for the notice of a machine's
change of state (`etat_appareil`, LU RGD 1979 art. 18-1), its machine, event and day (registers/appareils); for the
notice of the bad beat's voluntary stop (`arret_bad_beat`, art. 49-14 al. 2), the day it was filed and the day of the
stop it announces (registers/poker)."""

import datetime
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.db.models.functions import Upper

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
    request = ApprovalRequest.objects.filter(reference__iexact=reference).only(*FIELDS).first()
    return _found(casino, request) if request is not None else None


FIELDS = ("pk", "reference", "casino_id", "kind", "subject", "items", "filed_at")


def _found(casino: Casino, request: ApprovalRequest) -> Found:
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


def bad_beat_stops_named(casino: Casino, references) -> dict[str, StopNotice]:
    """The requests bad-beat notices name, by their reference in capitals: this casino's information of the Minister of
    a voluntary stop (art. 49-14 al. 2), the casino's day it was filed on and the day of the stop it announces (its
    « Date de l'arrêt »), or what else each is; one query whatever the references."""
    wanted = {reference.upper() for reference in references if reference}
    if not wanted:
        return {}
    zone, named = ZoneInfo(casino.jurisdiction.timezone), {}
    for request in ApprovalRequest.objects.annotate(upper=Upper("reference")).filter(upper__in=wanted).only(*FIELDS):
        found, filed, stop = _found(casino, request), request.filed_at, request.kind == BAD_BEAT_STOP
        named[request.reference.upper()] = StopNotice(
            request.reference, found.what, found.own, stop=stop,
            filed_on=filed.astimezone(zone).date() if filed else None,
            announced=_day(found.items.get("date_arret")) if stop else None)
    return named


def _day(value) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
