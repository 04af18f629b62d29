"""Reading the slot machine register (LU RGD 1979 art. 17, 18-1): every machine and its state, replayed from
its entries."""

import datetime
import json
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from ..chain.selectors import PayloadRow, standing
from ..kinds import EntryKind, RegisterKind
from ..models import Entry, Register

INSTALL, NOTICE, MOVE = EntryKind.MACHINE_INSTALLED, EntryKind.MACHINE_NOTICE, EntryKind.MACHINE_MOVED
# event → (state after it, states it may start from, index in lu.appareils_a_sous.evenements_information_prealable)
EVENTS = {
    "reserve": ("reserve", {"en_service", "hors_service"}, 0),
    "hors_service": ("hors_service", {"en_service"}, 1),
    "remise_en_service": ("en_service", {"hors_service", "reserve"}, 2),
    "retour_fournisseur": ("sorti", {"hors_service", "reserve"}, 3),
    "vente": ("sorti", {"hors_service", "reserve"}, 3),
}
ON_FLOOR = {"en_service", "hors_service"}
ONE_DAY = datetime.timedelta(days=1)
APPAREIL_STATES = {
    "en_service": _("en service"),
    "hors_service": _("hors service"),
    "reserve": _("en réserve"),
    "sorti": _("sorti du parc"),
    "inconnu": _("inconnu"),
}
EVENT_LABELS = {
    "reserve": _("Mise en réserve"),
    "hors_service": _("Mise hors service"),
    "remise_en_service": _("Remise en service"),
    "retour_fournisseur": _("Retour définitif au fournisseur"),
    "vente": _("Vente à une entreprise d'appareils usagés"),
}



@dataclass(frozen=True)
class Appareil:
    number: str
    state: str
    entries: tuple[Entry, ...]


def appareils_of(register: Register, *, before: datetime.date | None = None) -> dict[str, Appareil]:
    """Every machine of the register and its state, replayed from the entries (those of gaming days before
    `before`, when given)."""
    found: dict[str, list] = {}
    entries = standing(Entry.objects.filter(register=register, kind__in=[INSTALL, NOTICE, MOVE]))
    if before is not None:
        entries = entries.filter(gaming_day__lt=before)
    for entry in entries.order_by("seq"):
        payload = json.loads(entry.payload)
        state, history = found.get(payload["machine"], ("inconnu", []))
        if entry.kind == INSTALL:
            state = "en_service"
        elif entry.kind == MOVE:
            state = EVENTS[payload["event"]][0]
        found[payload["machine"]] = (state, history + [entry])
    return {number: Appareil(number, state, tuple(history)) for number, (state, history) in found.items()}


def machines_register(casino) -> Register | None:
    return Register.objects.filter(casino=casino, kind=RegisterKind.APPAREILS).first()


def floor_machines(register: Register | None, day: datetime.date) -> list[str]:
    """The machines that stood on the gaming floor (in or out of service) on `day`, at its start or at its end:
    those a hand-paid jackpot of that day may be paid on."""
    if register is None:
        return []
    states = (appareils_of(register, before=day), appareils_of(register, before=day + ONE_DAY))
    return sorted({name for machines in states for name, machine in machines.items() if machine.state in ON_FLOOR})


class AppareilRow(PayloadRow):
    @property
    def event_label(self) -> str:
        event = self.payload.get("event", "")
        return str(EVENT_LABELS.get(event, event))


@dataclass(frozen=True)
class FleetRow:
    number: str
    state: str
    installed: AppareilRow | None
    last: AppareilRow

    @property
    def state_label(self) -> str:
        return str(APPAREIL_STATES.get(self.state, self.state))


def fleet(register: Register | None) -> list[FleetRow]:
    """Every machine of the register with its state, its installation and its last entry."""
    if register is None:
        return []
    rows = []
    for number, machine in sorted(appareils_of(register).items()):
        install = next((AppareilRow(e) for e in machine.entries if e.kind == INSTALL), None)
        rows.append(FleetRow(number, machine.state, install, AppareilRow(machine.entries[-1])))
    return rows


def reserve_after(casino, machine: str) -> tuple[int, int]:
    """The machines on the floor and in reserve once `machine` is put in reserve, as the register stands: what the
    reserve's share (art. 18-1) is measured on, as `appareil_move` measures it."""
    register = machines_register(casino)
    states = {number: m.state for number, m in appareils_of(register).items()} if register else {}
    states[machine] = "reserve"
    return sum(state in ON_FLOOR for state in states.values()), sum(state == "reserve" for state in states.values())
