"""The audit's checks of the slot machine register (LU RGD 1979 art. 17, 18-1) and of the hand-paid jackpots (art.
18-10) (`registers_audit`): each entry replayed into the state of controls.py and re-checked with the same controls
the services refuse with. Only what a payload may hold wrong that no service would write (a text, a day, a move that
does not name its notice) is checked here beside them."""

import datetime

from compliance.models import User

from ..chain.replay import Audited, Check, Replay
from ..chain.replay import Problem as Found
from ..controls import Problem
from . import controls, errors
from .controls import (
    CERTIFICATE,
    NOTICES,
    Fleet,
    Installation,
    Payouts,
    ProposedMove,
    ProposedNotice,
    ProposedPayout,
    Rules,
)
from .jackpots import jackpot_citation, receipt_citation
from .references import named, refurbishment
from .selectors import machines_register, machines_state
from .services import MACHINE_MAX, REFERENCE_MAX

RECEIPT_MAX = 60  # as jackpot_manual_payout_file bounds it


def _fleet(replay: Replay) -> Fleet:
    return replay.part("appareils.fleet", Fleet)


def _rules(check: Check) -> Rules:
    """The rule values on the entry's gaming day; a missing one is the entry's problem (the service refuses then)."""
    return Rules(check.rule)


def _found(check: Check, problems: list[Problem]) -> list[Found]:
    """The controls' problems, in French and English, with the entry's own (its texts, its days)."""
    for problem in problems:
        check.fail(problem.message, problem.citation, **problem.params)
    return check.problems


def machine_installed(replay: Replay, entry: Audited) -> list[Found]:
    """Art. 17 al. 2 3°: a machine not in the register yet, with its manufacturer and certificate of conformity,
    which for a server-based machine covers every downloadable game."""
    check = Check(replay, entry, replay.cited(CERTIFICATE, entry.gaming_day))
    machine = check.text("machine", max_length=MACHINE_MAX)
    check.text("manufacturer")
    check.text("certificate")
    games = {key: tuple(sorted({str(game) for game in check.items(key) if check.text(key, value=game)}))
             for key in ("games", "certified_games")}
    if machine:
        # the condition (art. 17 al. 2 5°) where the entry says it; an entry written before Vigie asked it has none
        condition, approval = entry.payload.get("condition"), str(entry.payload.get("approval") or "")
        proposed = Installation(machine, bool(entry.payload.get("server_based")), games["games"],
                                games["certified_games"], condition, approval,
                                refurbishment(replay.casino, approval, entry.gaming_day)
                                if condition == controls.REMIS_A_NEUF else None)
        problems = controls.installation_problems(_fleet(replay), proposed, _rules(check))
        _found(check, [p for p in problems if "condition" in entry.payload or p.field not in ("condition", "approval")])
        # written before Vigie asked it, the entry is as valid as it was: the condition still to record is the
        # management's « À faire » (todo.py) and the row's note, not a fault of the register
    controls.installed(_fleet(replay), entry.seq, entry.gaming_day, entry.payload)
    return check.problems


def machine_condition(replay: Replay, entry: Audited) -> list[Found]:
    """Art. 17 al. 2 5° as the draft completes it: the condition of a machine of the fleet whose installation says
    none, recorded once, a refurbished one under its approval in force on its installation's day
    (controls.py `condition_record_problems`), by the management."""
    check = Check(replay, entry, replay.cited(controls.CONDITION, entry.gaming_day))
    machine = check.text("machine", max_length=MACHINE_MAX)
    if machine:
        fleet = _fleet(replay)
        installed = fleet.machines.get(machine)
        installed_on = installed.installed_on if installed is not None and installed.installed_on else \
            entry.gaming_day
        condition, approval = entry.payload.get("condition"), str(entry.payload.get("approval") or "")
        proposed = Installation(machine, False, (), (), condition, approval,
                                refurbishment(replay.casino, approval, installed_on)
                                if condition == controls.REMIS_A_NEUF else None)
        _found(check, controls.condition_record_problems(fleet, proposed, _rules(check)))
        if entry.entry.actor.role != User.Role.MANAGER:
            check.fail(errors.CONDITION_MANAGER_ONLY, replay.cited(controls.CONDITION, entry.gaming_day))
    controls.condition_recorded(_fleet(replay), entry.seq, entry.gaming_day, entry.payload)
    return check.problems


def machine_notice(replay: Replay, entry: Audited) -> list[Found]:
    """Art. 18-1: the written notice to the Minister of a change of a machine of the register (controls.py
    `notice_problems`), recorded once sent: its « today » is the day it was recorded."""
    check = Check(replay, entry, replay.cited(NOTICES, entry.gaming_day))
    machine = check.text("machine", max_length=MACHINE_MAX)
    reference = check.text("reference", max_length=REFERENCE_MAX)
    effective, sent = check.day("effective"), check.day("sent_on")
    if machine and reference is not None and effective and sent:
        proposed = ProposedNotice(machine, entry.payload.get("event"), effective, sent, reference,
                                  today=entry.latest_day, named=named(replay.casino, reference))
        _found(check, controls.notice_problems(_fleet(replay), proposed, _rules(check)))
    controls.noticed(_fleet(replay), entry.seq, entry.gaming_day, entry.payload)
    return check.problems


def machine_moved(replay: Replay, entry: Audited) -> list[Found]:
    """Art. 18-1: a change the machine's state allows, on the effective day of the notice that announced it, the
    entry referring to that notice (controls.py `move_problems`)."""
    check = Check(replay, entry, replay.cited(NOTICES, entry.gaming_day))
    machine = check.text("machine", max_length=MACHINE_MAX)
    if machine:
        referred = replay.referred(entry)
        named_seq = entry.payload.get("notice_seq")
        refers_to = referred[0] if referred is not None and named_seq == referred[0] else -1  # none, or not its own
        proposed = ProposedMove(machine, entry.payload.get("event"), entry.gaming_day, refers_to)
        _found(check, controls.move_problems(_fleet(replay), proposed, _rules(check)))
    controls.moved(_fleet(replay), entry.seq, entry.gaming_day, entry.payload)
    return check.problems


def _machines(replay: Replay, day: datetime.date) -> Fleet | None:
    """The casino's register of machines, read once for the audit of its hand-paid jackpots; None on a day its rules
    keep none."""
    if replay.rule(NOTICES, day) is None:
        return None
    return replay.part("jackpots.machines", lambda: machines_state(machines_register(replay.casino)))


def jackpot_paid(replay: Replay, entry: Audited) -> list[Found]:
    """Art. 18-10: a jackpot paid by hand on a machine on the floor that day, its amount and receipt (one payout
    each), the original receipt in the two-key cabinet, signed by the cashier and the chef de salle. What the payout
    settles is checked by its owner (the cards' excess: registers/cards/checks.py)."""
    check = Check(replay, entry, jackpot_citation(replay.casino, entry.gaming_day))
    check.countersigned()
    machine = check.text("machine", max_length=MACHINE_MAX)
    receipt = check.text("receipt", max_length=RECEIPT_MAX)
    check.amount("amount")
    check.currency()
    payouts = replay.part("jackpots.receipts", Payouts)
    proposed = ProposedPayout(machine or "", entry.gaming_day, receipt or "",
                              entry.payload.get("receipt_in_cabinet") is True)
    _found(check, controls.receipt_problems(proposed, receipt_citation(replay.casino, entry.gaming_day)))
    if machine and receipt:
        problems = controls.payout_problems(_machines(replay, entry.gaming_day), payouts, proposed,
                                            Rules(lambda key: replay.rule(key, entry.gaming_day)))
        _found(check, problems)
    controls.paid(payouts, entry.seq, entry.payload)
    return check.problems

