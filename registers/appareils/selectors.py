"""Reading the slot machine register (LU RGD 1979 art. 17, 18-1): every machine and its state, replayed from its
entries by the state machine of controls.py (`installed`, `noticed`, `moved`), as the audit replays them."""

import datetime
import json
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from games.selectors import rule_value_at

from ..chain.selectors import PayloadRow, standing
from ..kinds import EntryKind, RegisterKind
from ..models import Entry, Register
from . import controls
from .controls import STATES, TRANSITIONS, Fleet, Machine

INSTALL, NOTICE, MOVE = EntryKind.MACHINE_INSTALLED, EntryKind.MACHINE_NOTICE, EntryKind.MACHINE_MOVED
CONDITION = EntryKind.MACHINE_CONDITION
REPLAYED = {INSTALL: controls.installed, NOTICE: controls.noticed, MOVE: controls.moved,
            CONDITION: controls.condition_recorded}
EVENTS = TRANSITIONS  # event → its transition: what a notice announces and a move makes (the API's choices)
APPAREIL_STATES = STATES
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
    machine: Machine


def _replayed(register: Register | None, before: datetime.date | None = None) -> tuple[Fleet, dict[str, list]]:
    """The register's state (its entries of gaming days before `before`, when given), and each machine's entries."""
    fleet, entries_of = Fleet(), {}
    if register is None:
        return fleet, entries_of
    entries = standing(Entry.objects.filter(register=register, kind__in=list(REPLAYED)))
    if before is not None:
        entries = entries.filter(gaming_day__lt=before)
    for entry in entries.order_by("seq"):
        payload = json.loads(entry.payload)
        REPLAYED[entry.kind](fleet, entry.seq, entry.gaming_day, payload)
        entries_of.setdefault(payload["machine"], []).append(entry)
    return fleet, entries_of


def rules_on(casino, day: datetime.date) -> controls.Rules:
    """The family's rule values on `day`, as the rule data gives them (drafts applied); a missing one refuses."""
    return controls.Rules(lambda key: rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True))


def machines_state(register: Register | None) -> Fleet:
    """The state the controls check an operation against: every machine, its announced change, each reference."""
    return _replayed(register)[0]


def appareils_of(register: Register, *, before: datetime.date | None = None) -> dict[str, Appareil]:
    """Every machine of the register and its state, replayed from the entries (those of gaming days before
    `before`, when given)."""
    fleet_now, entries_of = _replayed(register, before)
    return {number: Appareil(number, fleet_now.machines[number].state, tuple(entries), fleet_now.machines[number])
            for number, entries in entries_of.items()}


def machines_register(casino) -> Register | None:
    return Register.objects.filter(casino=casino, kind=RegisterKind.APPAREILS).first()


def floor_machines(register: Register | None, day: datetime.date) -> list[str]:
    """The machines that stood on the gaming floor (in or out of service) on `day`, at its start or at its end:
    those a hand-paid jackpot of that day may be paid on."""
    return controls.floor_on(machines_state(register), day) if register is not None else []


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
    machine: Machine

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
        rows.append(FleetRow(number, machine.state, install, AppareilRow(machine.entries[-1]), machine.machine))
    return rows


def conditions_missing(casino, day: datetime.date) -> list:
    """The machines of the casino's fleet whose condition (art. 17 al. 2 5°) no entry says (controls.py
    `conditions_missing`), on the rules of `day`: the management's « À faire ». Two queries."""
    register = machines_register(casino)
    if register is None:
        return []
    try:
        return controls.conditions_missing(machines_state(register), rules_on(casino, day))
    except DomainError:  # a casino whose texts have no such rule
        return []


def reserve_after(casino, machine: str) -> tuple[int, int]:
    """The machines on the floor and in reserve once `machine` is put in reserve, as the register stands: what the
    reserve's share (art. 18-1) is measured on, as `appareil_move` measures it."""
    return controls.reserve_after(machines_state(machines_register(casino)), machine)
