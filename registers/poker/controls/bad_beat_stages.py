"""The bad beat's stages (LU RGD 1979 art. 49-13, 49-14): a win, a stop or a restart from the stage it stands in, a
start value fixed only while it is stopped or never in service, the house rules' increment changed only while it is
stopped, a restart at what the stop left, the « carnet de compte » of a breakdown (al. 3), and why an action is not
offered."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from ...controls import Problem, Rules, Transition
from ...errors import ErrorCode
from .. import errors
from .bad_beat import BadBeat
from .shared import (
    BAD_BEAT_CONDITIONS,
    BAD_BEAT_NOTICE,
    BAD_BEAT_RESTART,
    BAD_BEAT_STOP,
    BAD_BEAT_WIN,
    BREAKDOWN,
    DISPLAYED,
    START,
    ZERO,
)


def bad_beat_from(bad_beat: BadBeat, day: datetime.date, transition: Transition, rules: Rules) -> list[Problem]:
    stage = bad_beat.stage_on(day)
    if stage in transition.sources:
        return []
    if transition is BAD_BEAT_RESTART:
        return [Problem("gaming_day", errors.BAD_BEAT_NOT_STOPPED, rules.cited(BAD_BEAT_CONDITIONS),
                        ErrorCode.JACKPOT_ACTIVE)]
    since, seq = bad_beat.stopped_on(day)
    message = errors.BAD_BEAT_ALREADY_STOPPED if transition is BAD_BEAT_STOP else errors.BAD_BEAT_STOPPED
    return [Problem("gaming_day", message, rules.cited(BAD_BEAT_NOTICE), ErrorCode.NOT_ACTIVE,
                    {"day": since, "seq": seq})]


def bad_beat_open_problems(bad_beat: BadBeat, day: datetime.date, rules: Rules) -> list[Problem]:
    """Art. 49-13 al. 3: « Les conditions d'incrémentation […] ne peuvent être modifiées avant l'arrêt du jackpot
    progressif »: a start value is fixed for a bad beat never put in service or stopped, never while it runs."""
    by_then = [event for event in bad_beat.events if event[0] <= day]
    last = max(by_then, key=lambda event: event[:2], default=None)
    if last is None or last[2]:
        return []
    return [Problem("gaming_day", errors.BAD_BEAT_OPEN_RUNNING, rules.cited(DISPLAYED), ErrorCode.JACKPOT_ACTIVE,
                    {"day": last[0], "seq": last[1]})]


def bad_beat_conditions_problems(bad_beat: BadBeat, day: datetime.date, current: tuple | None, proposed: tuple,
                                 rules: Rules) -> list[Problem]:
    """Art. 49-13 al. 3: a version of the house rules changing the bad beat's increment (how it is taken on the pots,
    its rounding) in force on `day` only if the bad beat stands stopped that day."""
    if current is None or tuple(current) == tuple(proposed) or bad_beat.stopped_on(day) is not None:
        return []
    return [Problem("bad_beat_pots", errors.HOUSE_RULES_BAD_BEAT_CONDITIONS, rules.cited(DISPLAYED),
                    ErrorCode.JACKPOT_ACTIVE, {"day": day})]


@dataclass(frozen=True)
class Noted:
    day: datetime.date
    table: object
    amount: Decimal


def bad_beat_manual_problems(bad_beat: BadBeat, proposed: Noted, rules: Rules) -> list[Problem]:
    """Art. 49-14 al. 3: « En cas d'arrêt involontaire du système engendré par une panne technique […] Les montants
    prélevés seront notés manuellement dans un carnet de compte »: a line of the carnet on a day the bad beat stands
    stopped by a breakdown, one per table and day."""
    citation = rules.cited(BREAKDOWN)
    if not bad_beat.broken_down_on(proposed.day):
        return [Problem("gaming_day", errors.BAD_BEAT_MANUAL_NOT_BROKEN, citation, ErrorCode.NOT_ACTIVE,
                        {"day": proposed.day})]
    earlier = bad_beat.noted.get((proposed.table, proposed.day))
    if earlier is not None:
        return [Problem("table", errors.BAD_BEAT_MANUAL_TWICE, citation, ErrorCode.DUPLICATE,
                        {"table": proposed.table, "day": proposed.day, "seq": earlier})]
    return []


def carnet_problems(noted: dict[tuple, Decimal], deals: dict[tuple, Decimal], citation: str) -> list[Problem]:
    """Art. 49-14 al. 3, reconciled when the machine is back: each table and day of the « carnet de compte » against
    the retention its imported deals took (the amounts levied while the machine was down: games/rules/ambiguities.yaml
    lu.bad_beat_jackpot.montants_notes_pendant_la_panne); a difference is a finding."""
    return [Problem("amount", errors.BAD_BEAT_CARNET_DIFFERS, citation, ErrorCode.INVALID,
                    {"table": table, "day": day, "noted": amount, "deals": deals.get((table, day), ZERO)})
            for (table, day), amount in sorted(noted.items(), key=lambda item: (item[0][1], str(item[0][0])))
            if amount != deals.get((table, day), ZERO)]


def bad_beat_restart_problems(bad_beat: BadBeat, day: datetime.date, rules: Rules, restart: Decimal | None = None,
                              credits: dict | None = None) -> list[Problem]:
    """Art. 49-14: only a stopped bad beat is put back in service; art. 49-13 al. 1: « constitué de la valeur de départ
    du jackpot fixée par l'établissement et d'un incrément », so nothing else enters or leaves the cagnotte: it resumes
    as the stop left it (after a breakdown, al. 3: « la partie continue sans que les pots ne soient prélevés » and no
    win is paid). A new start value is an opening (bad_beat_open), not a restart. `credits` None: not read."""
    problems = bad_beat_from(bad_beat, day, BAD_BEAT_RESTART, rules)
    expected = bad_beat.resumes_at(day, credits) if credits is not None and not problems else None
    if expected is None or restart is None or restart == expected:
        return problems
    stopped = bad_beat.stopped_on(day)
    citation = rules.cited(BREAKDOWN if stopped and stopped[1] in bad_beat.breakdowns else START)
    return [Problem("restart_at", errors.BAD_BEAT_RESUMES_AT, citation, ErrorCode.INVALID,
                    {"expected": rules.amount(expected), "restart": rules.amount(restart)})]


def bad_beat_not_offered(bad_beat: BadBeat, day: datetime.date, rules: Rules) -> dict[str, Problem]:
    """Why a win, a stop or a restart of the bad beat is not taken on `day`, by the form's action: its stage's
    problem."""
    checks = {"win": BAD_BEAT_WIN, "stop": BAD_BEAT_STOP, "restart": BAD_BEAT_RESTART}
    refused = {action: found[0] for action, transition in checks.items()
               if (found := bad_beat_from(bad_beat, day, transition, rules))}
    for action, found in (("open", bad_beat_open_problems(bad_beat, day, rules)),
                          ("manual", bad_beat_manual_problems(bad_beat, Noted(day, None, ZERO), rules))):
        if found:
            refused[action] = found[0]
    return refused
