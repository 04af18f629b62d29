"""Slot machine register (LU RGD 1979 art. 18-1, 17): every machine's life, each step a new entry.

Installation needs a certificate of conformity, which for a server-based machine covers every
downloadable game (art. 17 al. 2 3°). Putting a machine in reserve, out of service, back in service,
or returning or selling it needs a prior written notice to the Minister, recorded in this register
before (or on) the effective date (art. 18-1 a) to d)); the reserve holds at most the share of the
installed machines the rule data gives (15 %); destruction is refused (art. 18-1 al. 1).
"""

import datetime
import json
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.permissions import verify_can_write
from games.selectors import rule_value_at

from . import errors
from .models import Entry, Register, RegisterKind
from .services import entry_append, register_for

INSTALL, NOTICE, MOVE = "appareil.installation", "appareil.avis_ministre", "appareil.mouvement"
CERTIFICATE = "LU RGD 1979 art. 17 3°"
# event → (state after it, states it may start from, index in lu.appareils_a_sous.evenements_information_prealable)
EVENTS = {
    "reserve": ("reserve", {"en_service", "hors_service"}, 0),
    "hors_service": ("hors_service", {"en_service"}, 1),
    "remise_en_service": ("en_service", {"hors_service", "reserve"}, 2),
    "retour_fournisseur": ("sorti", {"hors_service", "reserve"}, 3),
    "vente": ("sorti", {"hors_service", "reserve"}, 3),
}
ON_FLOOR = {"en_service", "hors_service"}


def _rule(casino: Casino, key: str, on: datetime.date):
    return rule_value_at(jurisdiction=casino.jurisdiction, key=f"lu.appareils_a_sous.{key}", on=on, drafts=True)


@dataclass(frozen=True)
class Machine:
    number: str
    state: str
    entries: tuple[Entry, ...]


def machines(register: Register) -> dict[str, Machine]:
    """Every machine of the register and its state, replayed from the entries."""
    found: dict[str, list] = {}
    for entry in Entry.objects.filter(register=register, kind__in=[INSTALL, NOTICE, MOVE]).order_by("seq"):
        payload = json.loads(entry.payload)
        state, history = found.get(payload["machine"], ("inconnu", []))
        if entry.kind == INSTALL:
            state = "en_service"
        elif entry.kind == MOVE:
            state = EVENTS[payload["event"]][0]
        found[payload["machine"]] = (state, history + [entry])
    return {number: Machine(number, state, tuple(history)) for number, (state, history) in found.items()}


def _locked(casino: Casino, actor: User) -> Register:
    verify_can_write(actor, casino)
    register = register_for(casino=casino, kind=RegisterKind.APPAREILS)
    return Register.objects.select_for_update().select_related("casino").get(pk=register.pk)


@transaction.atomic
def appareil_install(
    *,
    casino: Casino,
    actor: User,
    gaming_day: datetime.date,
    machine: str,
    manufacturer: str,
    certificate: str,
    server_based: bool = False,
    games=(),
    certified_games=(),
) -> Entry:
    register = _locked(casino, actor)
    if machine in machines(register):
        raise DomainError(errors.MACHINE_EXISTS.format(machine=machine), code="machine_exists", field="machine")
    for field, value in (("machine", machine), ("manufacturer", manufacturer), ("certificate", certificate)):
        if not (value or "").strip():
            raise DomainError(errors.FIELD_REQUIRED, code="required", field=field)
    uncovered = sorted(set(games) - set(certified_games)) if server_based else []
    if uncovered:
        raise DomainError(
            errors.MACHINE_GAMES_NOT_CERTIFIED.format(games=", ".join(uncovered), citation=CERTIFICATE),
            code="games_not_certified",
            field="games",
        )
    payload = {
        "machine": machine,
        "manufacturer": manufacturer,
        "certificate": certificate,
        "server_based": bool(server_based),
        "games": sorted(games),
        "certified_games": sorted(certified_games),
        "citation": CERTIFICATE,
    }
    return entry_append(register=register, kind=INSTALL, gaming_day=gaming_day, actor=actor, payload=payload)


@transaction.atomic
def appareil_notice(
    *,
    casino: Casino,
    actor: User,
    gaming_day: datetime.date,
    machine: str,
    event: str,
    effective: datetime.date,
    reference: str,
    sent_on: datetime.date,
) -> Entry:
    """Records the written notice to the Minister (art. 18-1): it must precede the move it announces."""
    register = _locked(casino, actor)
    if machine not in machines(register):
        raise DomainError(errors.MACHINE_UNKNOWN.format(machine=machine), code="unknown_machine", field="machine")
    if event not in EVENTS:
        raise DomainError(errors.FIELD_REQUIRED, code="unknown_event", field="event")
    citation = _rule(casino, "evenements_information_prealable", gaming_day).citation.label
    if sent_on > effective:
        raise DomainError(
            errors.MACHINE_NOTICE_LATE.format(sent=sent_on.isoformat(), day=effective.isoformat(), citation=citation),
            code="notice_late",
            field="sent_on",
        )
    if not (reference or "").strip():
        raise DomainError(errors.FIELD_REQUIRED, code="required", field="reference")
    payload = {
        "machine": machine,
        "event": event,
        "effective": effective.isoformat(),
        "reference": reference.strip(),
        "sent_on": sent_on.isoformat(),
        "citation": citation,
    }
    return entry_append(register=register, kind=NOTICE, gaming_day=gaming_day, actor=actor, payload=payload)


@transaction.atomic
def appareil_move(*, casino: Casino, actor: User, gaming_day: datetime.date, machine: str, event: str) -> Entry:
    """A change of state on `gaming_day`, its effective date, after the Minister was told in writing."""
    register = _locked(casino, actor)
    destruction = _rule(casino, "destruction_interdite", gaming_day)
    if event == "destruction" and destruction.value:
        raise DomainError(
            errors.MACHINE_DESTRUCTION.format(citation=destruction.citation.label),
            code="destruction_forbidden",
            field="event",
        )
    if event not in EVENTS:
        raise DomainError(errors.FIELD_REQUIRED, code="unknown_event", field="event")
    fleet = machines(register)
    if machine not in fleet:
        raise DomainError(errors.MACHINE_UNKNOWN.format(machine=machine), code="unknown_machine", field="machine")
    after, allowed_from, index = EVENTS[event]
    notices = _rule(casino, "evenements_information_prealable", gaming_day)
    citation = notices.citation.label
    current = fleet[machine].state
    if current not in allowed_from:
        raise DomainError(
            errors.MACHINE_BAD_MOVE.format(state=current, event=event, citation=citation),
            code="bad_move",
            field="event",
        )
    notice = next(
        (
            e
            for e in reversed(fleet[machine].entries)
            if e.kind == NOTICE
            and json.loads(e.payload)["event"] == event
            and json.loads(e.payload)["effective"] == gaming_day.isoformat()
        ),
        None,
    )
    if notice is None:
        raise DomainError(
            errors.MACHINE_NO_NOTICE.format(
                event=notices.value[index], machine=machine, day=gaming_day.isoformat(), citation=citation
            ),
            code="no_notice",
            field="event",
        )
    if event == "reserve":
        _check_reserve(casino, fleet, machine, gaming_day)
    payload = {
        "machine": machine,
        "event": event,
        "label": notices.value[index],
        "notice_seq": notice.seq,
        "citation": citation,
    }
    return entry_append(
        register=register, kind=MOVE, gaming_day=gaming_day, actor=actor, payload=payload, refers_to=notice
    )


def _check_reserve(casino, fleet, machine, gaming_day):
    rule = _rule(casino, "reserve_max", gaming_day)
    share = Decimal(str(rule.value))
    states = {number: m.state for number, m in fleet.items()} | {machine: "reserve"}
    installed = sum(state in ON_FLOOR for state in states.values())
    reserve = sum(state == "reserve" for state in states.values())
    if reserve > share * installed:
        raise DomainError(
            errors.MACHINE_RESERVE_FULL.format(
                reserve=reserve, installed=installed, limit=f"{share * 100:.0f}", citation=rule.citation.label
            ),
            code="reserve_full",
            field="event",
        )
