"""Slot machine register (LU RGD 1979 art. 18-1, 17): every machine's life, each step a new entry.

Installation needs a certificate of conformity, which for a server-based machine covers every
downloadable game (art. 17 al. 2 3°). Putting a machine in reserve, out of service, back in service,
or returning or selling it needs a prior written notice to the Minister, recorded in this register
before (or on) the effective date (art. 18-1 a) to d)); the reserve holds at most the share of the
installed machines the rule data gives (15 %); destruction is refused (art. 18-1 al. 1).
"""

import datetime
import json
from decimal import Decimal

from django.db import transaction

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.permissions import verify_can_write
from games.selectors import rule_value_at
from registers.errors import ErrorCode

from .. import errors as common
from ..chain.services import entry_file, register_for, verify_gaming_day
from ..fields import clean_text
from ..kinds import RegisterKind
from ..models import Entry, PendingEntry, Register
from . import errors
from .selectors import EVENTS, INSTALL, MOVE, NOTICE, ON_FLOOR, appareils_of

CERTIFICATE = "certificat_tous_jeux_chargeables"  # art. 17 al. 2 3°, under lu.appareils_a_sous
MACHINE_MAX = 60  # a machine's number, as the floor and the slot system name it


def _rule(casino: Casino, key: str, on: datetime.date):
    return rule_value_at(jurisdiction=casino.jurisdiction, key=f"lu.appareils_a_sous.{key}", on=on, drafts=True)




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
    late_reason: str = "",
) -> Entry | PendingEntry:
    register = _locked(casino, actor)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    machine = clean_text(machine, field="machine", max_length=MACHINE_MAX)
    if machine in appareils_of(register):
        raise DomainError(errors.APPAREIL_EXISTS.format(machine=machine), code=ErrorCode.MACHINE_EXISTS,
                          field="machine")
    manufacturer = clean_text(manufacturer, field="manufacturer")
    certificate = clean_text(certificate, field="certificate")
    games = sorted({clean_text(game, field="games") for game in games})
    certified_games = sorted({clean_text(game, field="certified_games") for game in certified_games})
    uncovered = sorted(set(games) - set(certified_games)) if server_based else []
    certificate_rule = str(_rule(casino, CERTIFICATE, gaming_day).citation)
    if uncovered:
        raise DomainError(
            errors.APPAREIL_GAMES_NOT_CERTIFIED.format(games=", ".join(uncovered), citation=certificate_rule),
            code=ErrorCode.GAMES_NOT_CERTIFIED,
            field="games",
        )
    payload = {
        "machine": machine,
        "manufacturer": manufacturer,
        "certificate": certificate,
        "server_based": bool(server_based),
        "games": sorted(games),
        "certified_games": sorted(certified_games),
        "citation": certificate_rule,
    }
    return entry_file(register=register, kind=INSTALL, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


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
    late_reason: str = "",
) -> Entry | PendingEntry:
    """Records the written notice to the Minister (art. 18-1): it must precede the move it announces."""
    register = _locked(casino, actor)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    machine = clean_text(machine, field="machine", max_length=MACHINE_MAX)
    if machine not in appareils_of(register):
        raise DomainError(errors.APPAREIL_UNKNOWN.format(machine=machine),
                          code=ErrorCode.UNKNOWN_MACHINE, field="machine")
    if event not in EVENTS:
        raise DomainError(common.FIELD_REQUIRED, code=ErrorCode.UNKNOWN_EVENT, field="event")
    citation = str(_rule(casino, "evenements_information_prealable", gaming_day).citation)
    if sent_on > effective:
        raise DomainError(
            errors.APPAREIL_NOTICE_LATE.format(sent=sent_on.isoformat(), day=effective.isoformat(), citation=citation),
            code=ErrorCode.NOTICE_LATE,
            field="sent_on",
        )
    reference = clean_text(reference, field="reference", max_length=200)
    payload = {
        "machine": machine,
        "event": event,
        "effective": effective.isoformat(),
        "reference": reference,
        "sent_on": sent_on.isoformat(),
        "citation": citation,
    }
    return entry_file(register=register, kind=NOTICE, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


@transaction.atomic
def appareil_move(*, casino: Casino, actor: User, gaming_day: datetime.date, machine: str, event: str,
                  late_reason: str = "") -> Entry | PendingEntry:
    """A change of state on `gaming_day`, its effective date, after the Minister was told in writing."""
    register = _locked(casino, actor)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    destruction = _rule(casino, "destruction_interdite", gaming_day)
    if event == "destruction" and destruction.value:
        raise DomainError(
            errors.APPAREIL_DESTRUCTION.format(citation=str(destruction.citation)),
            code=ErrorCode.DESTRUCTION_FORBIDDEN,
            field="event",
        )
    if event not in EVENTS:
        raise DomainError(common.FIELD_REQUIRED, code=ErrorCode.UNKNOWN_EVENT, field="event")
    fleet = appareils_of(register)
    if machine not in fleet:
        raise DomainError(errors.APPAREIL_UNKNOWN.format(machine=machine),
                          code=ErrorCode.UNKNOWN_MACHINE, field="machine")
    after, allowed_from, index = EVENTS[event]
    notices = _rule(casino, "evenements_information_prealable", gaming_day)
    citation = str(notices.citation)
    current = fleet[machine].state
    if current not in allowed_from:
        raise DomainError(
            errors.APPAREIL_BAD_MOVE.format(state=current, event=event, citation=citation),
            code=ErrorCode.BAD_MOVE,
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
            errors.APPAREIL_NO_NOTICE.format(
                event=notices.value[index], machine=machine, day=gaming_day.isoformat(), citation=citation
            ),
            code=ErrorCode.NO_NOTICE,
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
    return entry_file(register=register, kind=MOVE, gaming_day=gaming_day, actor=actor, payload=payload,
                      refers_to=notice, late_reason=late_reason)


def _check_reserve(casino, fleet, machine, gaming_day):
    rule = _rule(casino, "reserve_max", gaming_day)
    share = Decimal(str(rule.value))
    states = {number: m.state for number, m in fleet.items()} | {machine: "reserve"}
    installed = sum(state in ON_FLOOR for state in states.values())
    reserve = sum(state == "reserve" for state in states.values())
    if reserve > share * installed:
        raise DomainError(
            errors.APPAREIL_RESERVE_FULL.format(
                reserve=errors.in_reserve(reserve), installed=errors.installed(installed),
                limit=f"{share * 100:.0f}", citation=str(rule.citation)
            ),
            code=ErrorCode.RESERVE_FULL,
            field="event",
        )
