"""The day's waiting list read back from the cagnotte register (the standing entries of its two kinds, in order)."""

import datetime
import json
from dataclasses import dataclass

from compliance.models import Casino

from ...chain.selectors import standing
from ...kinds import EntryKind, RegisterKind
from ...models import Entry
from ..controls import WaitingList

KINDS = (EntryKind.WAITING_LISTED, EntryKind.SEATS_DRAWN)


@dataclass(frozen=True)
class Drawn:
    """A call of the list as its entry wrote it, for the page."""

    seq: int
    table: str
    seance: int
    called: list
    seats: list
    seed: str
    method: str
    responsible: dict
    at: str


def replayed(waiting: WaitingList, kind: str, payload: dict) -> WaitingList:
    """The list after one of its entries: a player inscribed, or those who answered a call seated."""
    if kind == EntryKind.WAITING_LISTED:
        return waiting.inscribed(str(payload.get("joueur", "")))
    return waiting.seated(call["rang"] for call in payload.get("appel", ()) if call.get("repond"))


def day_entries(casino: Casino, day: datetime.date) -> list[tuple[int, str, dict]]:
    rows = standing(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.CAGNOTTE,
                                         kind__in=KINDS, gaming_day=day)).order_by("seq")
    return [(seq, kind, json.loads(payload)) for seq, kind, payload in rows.values_list("seq", "kind", "payload")]


def waiting_list(casino: Casino, day: datetime.date, entries=None) -> WaitingList:
    waiting = WaitingList(day)
    for _seq, kind, payload in entries if entries is not None else day_entries(casino, day):
        waiting = replayed(waiting, kind, payload)
    return waiting


def draws(entries) -> list[Drawn]:
    return [Drawn(seq, payload.get("table", ""), payload.get("seance", 0), payload.get("appel", []),
                  payload.get("tirage", {}).get("places", []), payload.get("tirage", {}).get("graine", ""),
                  payload.get("tirage", {}).get("methode", ""), payload.get("responsable", {}),
                  payload.get("appele_le", ""))
            for seq, kind, payload in entries if kind == EntryKind.SEATS_DRAWN]
