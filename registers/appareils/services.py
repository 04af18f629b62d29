"""Slot machine register (LU RGD 1979 art. 18-1, 17): every machine's life, each step a new entry.

Installation needs a certificate of conformity, which for a server-based machine covers every
downloadable game (art. 17 al. 2 3°). Putting a machine in reserve, out of service, back in service,
or returning or selling it needs a prior written notice to the Minister, recorded in this register
before (or on) the effective date (art. 18-1 a) to d)); the reserve holds at most the share of the
installed machines the rule data gives (15 %); destruction is refused (art. 18-1 al. 1). Each service loads the
register's state and refuses with the first problem of the controls (controls.py), which the audit asks again.
"""

import datetime

from django.db import transaction

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.permissions import verify_can_write

from ..chain.services import entry_append, entry_file, register_for, verify_gaming_day
from ..controls import refuse_first
from ..errors import ErrorCode
from ..fields import clean_text
from ..kinds import RegisterKind
from ..models import Entry, PendingEntry, Register
from . import controls, errors
from .controls import CERTIFICATE, CONDITION, NOTICES, REMIS_A_NEUF, Installation, ProposedMove, ProposedNotice
from .references import named, refurbishment
from .selectors import CONDITION as CONDITION_RECORDED
from .selectors import INSTALL, MOVE, NOTICE, machines_state, rules_on

MACHINE_MAX = 60  # a machine's number, as the floor and the slot system name it
REFERENCE_MAX = 200  # a letter's reference


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
    condition: str | None,
    approval: str = "",
    games=(),
    certified_games=(),
    late_reason: str = "",
) -> Entry | PendingEntry:
    """A machine installed (art. 17 al. 2 3° and 5°): its certificate of conformity, and its condition, new or
    refurbished; a refurbished one under the reference of this casino's approval of that machine, in force that day."""
    register = _locked(casino, actor)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    machine = clean_text(machine, field="machine", max_length=MACHINE_MAX)
    manufacturer = clean_text(manufacturer, field="manufacturer")
    certificate = clean_text(certificate, field="certificate")
    games = sorted({clean_text(game, field="games") for game in games})
    certified_games = sorted({clean_text(game, field="certified_games") for game in certified_games})
    approval = clean_text(approval, field="approval", max_length=REFERENCE_MAX, optional=True)
    rules = rules_on(casino, gaming_day)
    proposed = Installation(machine, bool(server_based), tuple(games), tuple(certified_games), condition, approval,
                            refurbishment(casino, approval, gaming_day) if condition == REMIS_A_NEUF else None)
    refuse_first(controls.installation_problems(machines_state(register), proposed, rules), casino.jurisdiction)
    payload = {
        "machine": machine,
        "manufacturer": manufacturer,
        "certificate": certificate,
        "server_based": bool(server_based),
        "games": games,
        "certified_games": certified_games,
        "citation": rules.cited(CERTIFICATE),
    }
    if rules.value(CONDITION) is not None:  # art. 17 al. 2 5°, where the casino's texts have it
        payload |= {"condition": condition, "citation": f"{rules.cited(CERTIFICATE)} ; {rules.cited(CONDITION)}"}
        if condition == REMIS_A_NEUF:
            payload |= {"approval": approval, "firm": proposed.refurbishment.firm,
                        "firm_approval": proposed.refurbishment.firm_approval}
    return entry_file(register=register, kind=INSTALL, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


@transaction.atomic
def appareil_condition_record(*, casino: Casino, actor: User, machine: str, condition: str | None,
                              approval: str = "") -> Entry:
    """The condition of a machine installed before Vigie asked it (art. 17 al. 2 5° as the draft completes it),
    recorded by the management on today's gaming day: new, or refurbished under this casino's approval of that
    machine in force on its installation's day. Once: a machine whose condition is said is refused."""
    if actor.role != User.Role.MANAGER:
        raise DomainError(errors.CONDITION_MANAGER_ONLY, code=ErrorCode.WRONG_ROLE, field="actor")
    register = _locked(casino, actor)
    today = casino.today()
    verify_gaming_day(casino, today)  # a day already closed takes no entry
    machine = clean_text(machine, field="machine", max_length=MACHINE_MAX)
    approval = clean_text(approval, field="approval", max_length=REFERENCE_MAX, optional=True)
    fleet, rules = machines_state(register), rules_on(casino, today)
    installed = fleet.machines.get(machine)
    installed_on = installed.installed_on if installed is not None and installed.installed_on else today
    proposed = Installation(machine, False, (), (), condition, approval,
                            refurbishment(casino, approval, installed_on) if condition == REMIS_A_NEUF else None)
    refuse_first(controls.condition_record_problems(fleet, proposed, rules), casino.jurisdiction)
    payload = {"machine": machine, "condition": condition, "installation": installed.installed,
               "installed_on": installed_on.isoformat(), "citation": rules.cited(CONDITION)}
    if condition == REMIS_A_NEUF:
        payload |= {"approval": approval, "firm": proposed.refurbishment.firm,
                    "firm_approval": proposed.refurbishment.firm_approval}
    return entry_append(register=register, kind=CONDITION_RECORDED, gaming_day=today, actor=actor, payload=payload)


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
    reference = clean_text(reference, field="reference", max_length=REFERENCE_MAX)
    rules = rules_on(casino, gaming_day)
    proposed = ProposedNotice(machine, event, effective, sent_on, reference, today=casino.today(),
                              named=named(casino, reference))
    refuse_first(controls.notice_problems(machines_state(register), proposed, rules), casino.jurisdiction)
    payload = {
        "machine": machine,
        "event": event,
        "effective": effective.isoformat(),
        "reference": reference,
        "sent_on": sent_on.isoformat(),
        "citation": rules.cited(NOTICES),
    }
    return entry_file(register=register, kind=NOTICE, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


@transaction.atomic
def appareil_move(*, casino: Casino, actor: User, gaming_day: datetime.date, machine: str, event: str,
                  late_reason: str = "") -> Entry | PendingEntry:
    """A change of state on `gaming_day`, its effective date, after the Minister was told in writing: it carries out
    the machine's announced change."""
    register = _locked(casino, actor)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    rules, fleet = rules_on(casino, gaming_day), machines_state(register)
    refuse_first(controls.move_problems(fleet, ProposedMove(machine, event, gaming_day), rules), casino.jurisdiction)
    notice = Entry.objects.get(register=register, seq=controls.announcing(fleet.machines[machine], event,
                                                                         gaming_day).seq)
    payload = {
        "machine": machine,
        "event": event,
        "label": rules.words(event),
        "notice_seq": notice.seq,
        "citation": rules.cited(NOTICES),
    }
    return entry_file(register=register, kind=MOVE, gaming_day=gaming_day, actor=actor, payload=payload,
                      refers_to=notice, late_reason=late_reason)
