"""The conditions of each operation of the slot machine register (LU RGD 1979 art. 17, 18-1) and of the hand-paid
jackpots (art. 18-10), as pure functions over the state: no database here. The services load the state and refuse
with the first problem, the audit (checks.py) replays every entry and re-checks it with the same functions, the page
says with them why a change is not offered.

A machine's life is a small state machine. Installed with its certificate of conformity (art. 17 al. 2 3°), it is in
service. Each change of art. 18-1 a) to d) is announced beforehand to the Minister in writing (a notice), then made on
the notice's effective day (a move carrying it out), from the states that allow it; returned to its supplier or sold
it leaves the fleet, once and for good; it is never destroyed (18-1 al. 1). A machine has one announced change at a
time: a notice carried out, or lapsed (its effective day passed before the next letter was sent), makes room for the
next one.
"""

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from .. import errors as common
from ..chain.replay import HOUSE_RULE, Counted
from ..controls import Problem
from ..controls import Rules as FamilyRules
from ..errors import ErrorCode
from . import errors

EN_SERVICE, HORS_SERVICE, RESERVE, SORTI, INCONNU = "en_service", "hors_service", "reserve", "sorti", "inconnu"
STATES = {
    EN_SERVICE: _("en service"),
    HORS_SERVICE: _("hors service"),
    RESERVE: _("en réserve"),
    SORTI: _("sorti du parc"),
    INCONNU: _("inconnu"),  # a notice or a move of a machine the register never installed (the audit's)
}
ON_FLOOR = frozenset({EN_SERVICE, HORS_SERVICE})  # on the gaming floor: a hand-paid jackpot may be paid there
DESTRUCTION = "destruction"
# where a destruction may be asked: a machine out of play still in the fleet (and refused where art. 18-1 forbids it)
DESTRUCTION_ASKED = frozenset({HORS_SERVICE, RESERVE})


@dataclass(frozen=True)
class Transition:
    """A change of art. 18-1: the states it may start from, the state it leads to, and its words in the rule's list
    (a) to d), `lu.appareils_a_sous.evenements_information_prealable`)."""

    event: str
    sources: frozenset[str]
    target: str
    index: int


TRANSITIONS = {t.event: t for t in (
    Transition("reserve", frozenset({EN_SERVICE, HORS_SERVICE}), RESERVE, 0),  # a)
    Transition("hors_service", frozenset({EN_SERVICE}), HORS_SERVICE, 1),  # b)
    Transition("remise_en_service", frozenset({HORS_SERVICE, RESERVE}), EN_SERVICE, 2),  # c)
    Transition("retour_fournisseur", frozenset({HORS_SERVICE, RESERVE}), SORTI, 3),  # d), out of the fleet
    Transition("vente", frozenset({HORS_SERVICE, RESERVE}), SORTI, 3),  # d), out of the fleet
)}

# the rule values of the family (the keys stay Luxembourg's: where the rules have none, the register does not apply)
NOTICES = "appareils_a_sous.evenements_information_prealable"  # art. 18-1 a) to d): the machines and their moves
DESTROY = "appareils_a_sous.destruction_interdite"  # art. 18-1 al. 1
RESERVE_MAX = "appareils_a_sous.reserve_max"  # art. 18-1 al. 2
CERTIFICATE = "appareils_a_sous.certificat_tous_jeux_chargeables"  # art. 17 al. 2 3°
CONDITION = "appareils_a_sous.etat_a_l_installation"  # art. 17 al. 2 5°: new, or refurbished by an approved firm
NEUF, REMIS_A_NEUF = "neuf", "remis_a_neuf"
CONDITIONS = {NEUF: 0, REMIS_A_NEUF: 1}  # each condition's words in the rule's list


class Rules(FamilyRules):
    """The family's rule values on the operation's day (`registers.controls.Rules`), and its events as art. 18-1
    words them."""

    def condition_words(self, condition: str) -> str:
        """A condition as art. 17 al. 2 5° words it (« appareil à l'état neuf »)."""
        rule = self.value(CONDITION)
        index = CONDITIONS.get(condition)
        return str(rule.value[index]) if rule is not None and index is not None and len(rule.value) > index \
            else condition

    def words(self, event: str) -> str:
        """The event as art. 18-1 words it (« mis hors service »)."""
        rule, transition = self.value(NOTICES), TRANSITIONS.get(event)
        if rule is None or transition is None or len(rule.value) <= transition.index:
            return event
        return str(rule.value[transition.index])


# --- the state -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Notice:
    """A written notice to the Minister recorded in the register."""

    seq: int
    machine: str
    event: str
    effective: datetime.date | None
    sent_on: datetime.date | None
    reference: str


@dataclass
class Machine:
    number: str
    state: str = EN_SERVICE
    installed: int | None = None  # n° of its installation
    installed_on: datetime.date | None = None  # the gaming day of its installation: it exists from then on
    changed_on: datetime.date | None = None  # the gaming day of its latest change (its installation, a move)
    announced: Notice | None = None  # its latest notice not carried out yet
    left: int | None = None  # n° of the move that took it out of the fleet
    days: list[tuple[datetime.date, str]] = field(default_factory=list)  # (gaming day, state after) of each change
    condition: str | None = None  # NEUF or REMIS_A_NEUF, said at its installation or recorded later; None: not said

    def state_on(self, day: datetime.date, *, end: bool) -> str | None:
        """Its state at the start (`end` False) or at the end of `day`; None before it was installed."""
        state = None
        for changed, after in self.days:
            if changed < day or (end and changed == day):
                state = after
        return state


@dataclass
class Fleet:
    """The register of machines as its entries build it (entries replayed in order: `installed`, `noticed`,
    `moved`), valid or not: what the pages, the later filings and the audit see."""

    machines: dict[str, Machine] = field(default_factory=dict)
    references: dict[str, list[Notice]] = field(default_factory=dict)  # a letter's reference → its notices


def _day(value) -> datetime.date | None:
    if isinstance(value, datetime.date):
        return value
    try:
        return datetime.date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


def installed(fleet: Fleet, seq: int, day: datetime.date, payload: dict) -> None:
    name = payload.get("machine")
    if not isinstance(name, str):
        return
    machine = fleet.machines.setdefault(name, Machine(name, installed=seq, installed_on=day))
    machine.state, machine.changed_on = EN_SERVICE, day
    machine.days.append((day, EN_SERVICE))
    machine.condition = payload.get("condition") or machine.condition


def condition_recorded(fleet: Fleet, seq: int, day: datetime.date, payload: dict) -> None:
    """The condition of a machine installed before Vigie asked it, recorded later by the management."""
    machine = fleet.machines.get(payload.get("machine"))
    if machine is not None and payload.get("condition") in CONDITIONS:
        machine.condition = payload["condition"]


def noticed(fleet: Fleet, seq: int, day: datetime.date, payload: dict) -> None:
    name = payload.get("machine")
    if not isinstance(name, str):
        return
    machine = fleet.machines.setdefault(name, Machine(name, state=INCONNU))
    notice = Notice(seq, name, str(payload.get("event")), _day(payload.get("effective")),
                    _day(payload.get("sent_on")), str(payload.get("reference", "")).strip())
    machine.announced = notice
    fleet.references.setdefault(notice.reference, []).append(notice)


def moved(fleet: Fleet, seq: int, day: datetime.date, payload: dict) -> None:
    name, transition = payload.get("machine"), TRANSITIONS.get(payload.get("event"))
    if not isinstance(name, str) or transition is None:
        return
    machine = fleet.machines.setdefault(name, Machine(name, state=INCONNU))
    machine.state, machine.changed_on, machine.announced = transition.target, day, None
    machine.days.append((day, transition.target))
    if transition.target == SORTI:
        machine.left = seq


# --- installation (art. 17) ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Refurbishment:
    """What a refurbished machine's approval reference names among the requests to the authority (the hook
    `compliance.hooks.REFURBISHMENT_APPROVAL`, answered by compliance/approvals): what it is, whether it is this
    casino's and, when it is the approval of a refurbished machine, its machine, the firm and the reference of the
    firm's approval it names, and whether it is in force on the installation's day."""

    what: object  # its kind, in the reader's language (a lazy text)
    own: bool
    machine: str | None = None  # None: a request of another kind
    firm: str = ""
    firm_approval: str = ""
    in_force: bool = False


@dataclass(frozen=True)
class Installation:
    machine: str
    server_based: bool
    games: tuple[str, ...]
    certified_games: tuple[str, ...]
    condition: str | None = None  # NEUF or REMIS_A_NEUF; None: not said (an entry written before it was asked)
    approval: str = ""  # a refurbished machine's approval reference
    refurbishment: Refurbishment | None = None  # what that reference names


def condition_problems(proposed: Installation, rules: Rules) -> list[Problem]:
    """Art. 17 al. 2 5° as the draft completes it (« ou d'un appareil usagé et remis à neuf par une entreprise,
    résidente ou non, spécialement agréée par le Ministre des Finances », after « appareil à l'état neuf »): the
    machine's condition said, and a refurbished one installed under this casino's approval of that very machine, in
    force on the day, which names the approved firm (games/rules/ambiguities.yaml,
    lu.appareils_a_sous.etat_a_l_installation). Where the casino's texts have no such rule, nothing is asked."""
    rule = rules.value(CONDITION)
    if rule is None:
        return []
    citation, condition = str(rule.citation), proposed.condition
    if condition not in CONDITIONS:
        message = common.FIELD_REQUIRED if condition in (None, "") else errors.APPAREIL_CONDITION_UNKNOWN
        return [Problem("condition", message, citation, ErrorCode.REQUIRED if condition in (None, "") else
                        ErrorCode.INVALID, {"condition": condition})]
    if condition != REMIS_A_NEUF:
        return []
    reference, named = proposed.approval.strip(), proposed.refurbishment
    said = {"reference": reference, "machine": proposed.machine}
    if not reference:
        return [Problem("approval", errors.REFURBISHED_APPROVAL_REQUIRED, citation, ErrorCode.REQUIRED, said)]
    if named is None:
        return [Problem("approval", errors.REFURBISHED_APPROVAL_UNKNOWN, citation, ErrorCode.WRONG_REFERENCE, said)]
    if not named.own:
        return [Problem("approval", errors.REFERENCE_OTHER_CASINO, citation, ErrorCode.WRONG_REFERENCE,
                        {**said, "what": named.what})]
    if named.machine is None:
        return [Problem("approval", errors.REFURBISHED_APPROVAL_OTHER_OBJECT, citation, ErrorCode.WRONG_REFERENCE,
                        {**said, "what": named.what})]
    if named.machine != proposed.machine:
        return [Problem("approval", errors.REFURBISHED_APPROVAL_OTHER_MACHINE, citation, ErrorCode.WRONG_REFERENCE,
                        {**said, "other": named.machine})]
    if not named.in_force:
        return [Problem("approval", errors.REFURBISHED_APPROVAL_NOT_IN_FORCE, citation, ErrorCode.WRONG_REFERENCE,
                        said)]
    return []


def installation_problems(fleet: Fleet, proposed: Installation, rules: Rules) -> list[Problem]:
    """Art. 17 al. 2 3°: a machine not in the register yet, whose certificate of conformity covers, for a server-based
    machine, every downloadable game; art. 17 al. 2 5°: its condition (condition_problems)."""
    problems = []
    existing = fleet.machines.get(proposed.machine)
    if existing is not None:
        problems.append(Problem("machine", errors.APPAREIL_EXISTS, HOUSE_RULE, ErrorCode.MACHINE_EXISTS,
                                {"machine": proposed.machine, "seq": existing.installed or "—"}))
    uncovered = sorted(set(proposed.games) - set(proposed.certified_games)) if proposed.server_based else []
    if uncovered:
        problems.append(Problem("games", errors.APPAREIL_GAMES_NOT_CERTIFIED, rules.cited(CERTIFICATE),
                                ErrorCode.GAMES_NOT_CERTIFIED, {"games": ", ".join(uncovered)}))
    return problems + condition_problems(proposed, rules)


def condition_record_problems(fleet: Fleet, proposed: Installation, rules: Rules) -> list[Problem]:
    """The condition of a machine already installed, recorded by the management (art. 17 al. 2 5° as the draft
    completes it; Vigie's reading for the machines installed before it asked, games/rules/ambiguities.yaml,
    lu.appareils_a_sous.etat_des_appareils_installes): a machine of the fleet whose installation says none, then the
    same conditions as at an installation (condition_problems), a refurbished one under its approval in force on its
    installation's day (the caller reads it so)."""
    rule = rules.value(CONDITION)
    if rule is None:
        return [Problem("condition", errors.CONDITION_NOT_ASKED, HOUSE_RULE, ErrorCode.INVALID,
                        {"machine": proposed.machine})]
    machine = fleet.machines.get(proposed.machine)
    if machine is None or machine.installed is None or machine.state == SORTI:
        return [Problem("machine", errors.CONDITION_MACHINE_UNKNOWN, str(rule.citation), ErrorCode.UNKNOWN_MACHINE,
                        {"machine": proposed.machine})]
    if machine.condition is not None:
        return [Problem("machine", errors.CONDITION_ALREADY, str(rule.citation), ErrorCode.DUPLICATE,
                        {"machine": proposed.machine, "condition": rules.condition_words(machine.condition)})]
    return condition_problems(proposed, rules)


def conditions_missing(fleet: Fleet, rules: Rules) -> list[Problem]:
    """The machines of the fleet (not gone from it) whose condition no entry says: installed before Vigie asked it
    and not recorded since. What the machine's row, the management's « À faire » and the audit report; nothing
    where the casino's texts ask no condition."""
    rule = rules.value(CONDITION)
    if rule is None:
        return []
    return [Problem("condition", errors.CONDITION_NOT_RECORDED, str(rule.citation), ErrorCode.REQUIRED,
                    {"machine": number, "seq": machine.installed})
            for number, machine in sorted(fleet.machines.items())
            if machine.installed is not None and machine.state != SORTI and machine.condition is None]


# --- notices to the Minister (art. 18-1 a) to d)) ----------------------------------------------------------------


@dataclass(frozen=True)
class Named:
    """What a notice's reference names outside this register, where it names something (a request to the authority,
    registers/appareils/references.py): what it is, whether it is this casino's, and, when it is the notice of a
    machine's change of state, its machine, its event (art. 18-1's words) and its effective day."""

    what: object  # its kind, in the reader's language (a lazy text)
    own: bool
    machine: str | None = None
    event: str | None = None
    day: datetime.date | None = None


@dataclass(frozen=True)
class ProposedNotice:
    machine: str
    event: str
    effective: datetime.date
    sent_on: datetime.date
    reference: str
    today: datetime.date  # the casino's today: a notice is recorded once sent
    named: Named | None = None


def lapsed(notice: Notice, sent_on: datetime.date) -> bool:
    """An announced change whose effective day passed, not carried out, before the next letter was sent."""
    return notice.effective is not None and notice.effective < sent_on


def change_problems(machine: Machine, event: str, sent_on: datetime.date, rules: Rules) -> list[Problem]:
    """Whether `event` may be announced for the machine by a letter sent on `sent_on`: no other change announced and
    still ahead, and the machine in a state the change starts from (a machine out of the fleet, none)."""
    transition, citation = TRANSITIONS[event], rules.cited(NOTICES)
    announced = machine.announced
    if announced is not None and not lapsed(announced, sent_on):
        message = errors.APPAREIL_ANNOUNCED_TWICE if announced.event == event else errors.APPAREIL_ANNOUNCED
        return [Problem("event", message, citation, ErrorCode.DUPLICATE,
                        {"machine": machine.number, "event": rules.words(announced.event), "seq": announced.seq,
                         "day": announced.effective})]
    if machine.state not in transition.sources:
        return [Problem("event", errors.APPAREIL_BAD_MOVE, citation, ErrorCode.BAD_MOVE,
                        {"state": STATES.get(machine.state, machine.state), "event": rules.words(event)})]
    return []


def notice_problems(fleet: Fleet, proposed: ProposedNotice, rules: Rules) -> list[Problem]:
    """Art. 18-1: the Minister is told « au préalable et sous une forme laissant des traces écrites » of a change of a
    machine of the register: a letter already sent (never after the casino's today), after the machine was installed,
    no later than the change's effective day, itself not before the machine's latest change; a change its state
    allows, announced once; a letter's reference naming one letter (one date, each machine once), never another
    object (a request of another kind, another machine's notice)."""
    citation = rules.cited(NOTICES)
    machine = fleet.machines.get(proposed.machine)
    problems = []
    if machine is None:
        problems.append(Problem("machine", errors.APPAREIL_UNKNOWN, citation, ErrorCode.UNKNOWN_MACHINE,
                                {"machine": proposed.machine}))
    if proposed.event not in TRANSITIONS:
        problems.append(_unknown_event(proposed.event, citation))
    if problems:
        return problems
    sent, effective = proposed.sent_on, proposed.effective
    if sent > effective:
        problems.append(Problem("sent_on", errors.APPAREIL_NOTICE_LATE, citation, ErrorCode.NOTICE_LATE,
                                {"sent": sent, "day": effective}))
    if sent > proposed.today:
        problems.append(Problem("sent_on", errors.NOTICE_NOT_SENT_YET, citation, ErrorCode.FUTURE_DAY,
                                {"sent": sent, "today": proposed.today}))
    if machine.installed_on is not None and sent < machine.installed_on:
        problems.append(Problem("sent_on", errors.NOTICE_BEFORE_INSTALLATION, citation,
                                ErrorCode.BEFORE_INSTALLATION,
                                {"sent": sent, "machine": machine.number, "day": machine.installed_on}))
    if machine.changed_on is not None and effective < machine.changed_on:
        problems.append(Problem("effective", errors.NOTICE_BEFORE_LAST_CHANGE, citation,
                                ErrorCode.BEFORE_LAST_CHANGE,
                                {"day": effective, "machine": machine.number, "changed": machine.changed_on}))
    problems += change_problems(machine, proposed.event, sent, rules)
    problems += reference_problems(fleet, proposed, rules)
    return problems


def reference_problems(fleet: Fleet, proposed: ProposedNotice, rules: Rules) -> list[Problem]:
    """A reference names one letter: its other notices are of other machines and were sent the same day (Vigie's
    rule: a reference names one written trace); where it names an object outside the register, that object is this
    casino's notice of this very change (art. 18-1)."""
    citation, reference = rules.cited(NOTICES), proposed.reference.strip()
    problems = []
    for earlier in fleet.references.get(reference, ()):
        if earlier.machine == proposed.machine or earlier.sent_on != proposed.sent_on:
            problems.append(Problem("reference", errors.REFERENCE_TAKEN, HOUSE_RULE, ErrorCode.DUPLICATE,
                                    {"reference": reference, "seq": earlier.seq, "machine": earlier.machine,
                                     "sent": earlier.sent_on or "—"}))
            break
    named = proposed.named
    if named is None:
        return problems
    words = rules.words(proposed.event)
    if not named.own:
        problems.append(Problem("reference", errors.REFERENCE_OTHER_CASINO, citation, ErrorCode.WRONG_REFERENCE,
                                {"reference": reference, "what": named.what}))
    elif named.machine is None:
        problems.append(Problem("reference", errors.REFERENCE_OTHER_OBJECT, citation, ErrorCode.WRONG_REFERENCE,
                                {"reference": reference, "what": named.what}))
    elif (named.machine, named.event) != (proposed.machine, words) or named.day not in (None, proposed.effective):
        problems.append(Problem("reference", errors.REFERENCE_OTHER_CHANGE, citation, ErrorCode.WRONG_REFERENCE,
                                {"reference": reference, "machine": named.machine, "event": named.event or "—",
                                 "day": named.day or "—"}))
    return problems


def _unknown_event(event, citation: str) -> Problem:
    if event in (None, ""):
        return Problem("event", common.FIELD_REQUIRED, citation, ErrorCode.UNKNOWN_EVENT)
    return Problem("event", errors.UNKNOWN_EVENT, citation, ErrorCode.UNKNOWN_EVENT, {"event": event})


# --- changes of state (art. 18-1) ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProposedMove:
    machine: str
    event: str
    day: datetime.date  # its gaming day: the effective day of the notice it carries out
    refers_to: int | None = None  # the notice it names (the audit's); the service names the announcing one


def announcing(machine: Machine, event: str, day: datetime.date) -> Notice | None:
    """The machine's announced change that a move of `event` on `day` carries out, if it is that one."""
    notice = machine.announced
    return notice if notice is not None and (notice.event, notice.effective) == (event, day) else None


def move_problems(fleet: Fleet, proposed: ProposedMove, rules: Rules) -> list[Problem]:
    """Art. 18-1: never a destruction; a change the machine's state allows, on the effective day of the notice that
    announced it (carried out once); the reserve within its share of the installed machines."""
    destroy, citation = rules.value(DESTROY), rules.cited(NOTICES)
    if proposed.event == DESTRUCTION and destroy is not None and destroy.value:
        return [Problem("event", errors.APPAREIL_DESTRUCTION, str(destroy.citation),
                        ErrorCode.DESTRUCTION_FORBIDDEN)]
    if proposed.event not in TRANSITIONS:
        return [_unknown_event(proposed.event, citation)]
    machine = fleet.machines.get(proposed.machine)
    if machine is None:
        return [Problem("machine", errors.APPAREIL_UNKNOWN, citation, ErrorCode.UNKNOWN_MACHINE,
                        {"machine": proposed.machine})]
    transition, words = TRANSITIONS[proposed.event], rules.words(proposed.event)
    problems = []
    if machine.state not in transition.sources:
        problems.append(Problem("event", errors.APPAREIL_BAD_MOVE, citation, ErrorCode.BAD_MOVE,
                                {"state": STATES.get(machine.state, machine.state), "event": words}))
    notice = announcing(machine, proposed.event, proposed.day)
    if notice is None:
        problems.append(Problem("event", errors.APPAREIL_NO_NOTICE, citation, ErrorCode.NO_NOTICE,
                                {"event": words, "machine": machine.number, "day": proposed.day}))
    elif proposed.refers_to is not None and proposed.refers_to != notice.seq:
        problems.append(Problem("event", errors.NOT_ITS_NOTICE, citation, ErrorCode.NO_NOTICE,
                                {"notices": notice.seq}))
    if transition.target == RESERVE:
        problems += reserve_problems(fleet, machine.number, rules)
    return problems


def reserve_after(fleet: Fleet, machine: str) -> tuple[int, int]:
    """The machines on the floor and in reserve once `machine` is put in reserve: what the reserve's share (art.
    18-1 al. 2) is measured on."""
    states = {number: m.state for number, m in fleet.machines.items()} | {machine: RESERVE}
    return sum(state in ON_FLOOR for state in states.values()), sum(state == RESERVE for state in states.values())


def reserve_problems(fleet: Fleet, machine: str, rules: Rules) -> list[Problem]:
    rule = rules.value(RESERVE_MAX)
    if rule is None:
        return []
    share = Decimal(str(rule.value))
    installed_count, reserve = reserve_after(fleet, machine)
    if reserve <= share * installed_count:
        return []
    return [Problem("event", errors.APPAREIL_RESERVE_FULL, str(rule.citation), ErrorCode.RESERVE_FULL,
                    {"reserve": Counted(reserve, errors.in_reserve),
                     "installed": Counted(installed_count, errors.installed), "limit": f"{share * 100:.0f}"})]


# --- hand-paid jackpots (art. 18-10) -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProposedPayout:
    machine: str
    day: datetime.date
    receipt: str
    receipt_in_cabinet: bool


@dataclass
class Payouts:
    """The register of hand-paid jackpots as its entries build it: each receipt and the payout it documents."""

    receipts: dict[str, int] = field(default_factory=dict)


def paid(payouts: Payouts, seq: int, payload: dict) -> None:
    receipt = payload.get("receipt")
    if isinstance(receipt, str):
        payouts.receipts.setdefault(receipt.strip(), seq)


def receipt_problems(proposed: ProposedPayout, cabinet: str) -> list[Problem]:
    """Art. 18-10 al. 4: the original receipt kept in the cabinet with two keys (`cabinet`: that article where the
    casino's texts have it, else the casino's own control)."""
    if proposed.receipt_in_cabinet is True:
        return []
    return [Problem("receipt_in_cabinet", errors.RECEIPT_NOT_IN_CABINET, cabinet, ErrorCode.RECEIPT_NOT_IN_CABINET)]


def payout_problems(fleet: Fleet | None, payouts: Payouts, proposed: ProposedPayout, rules: Rules) -> list[Problem]:
    """A jackpot is paid by hand on a machine that stood on the floor that day, as the register of machines says (at
    the start or at the end of the day: not before its installation, not in reserve, not out of the fleet; `fleet`
    None where the casino keeps no such register), and its receipt documents one payout (Vigie's rule: a receipt's
    number names one payout)."""
    problems = []
    machine = fleet.machines.get(proposed.machine) if fleet is not None else None
    if fleet is not None and not (
        machine is not None
        and ({machine.state_on(proposed.day, end=False), machine.state_on(proposed.day, end=True)} & ON_FLOOR)
    ):
        problems.append(Problem("machine", errors.JACKPOT_MACHINE_NOT_ON_FLOOR, rules.cited(NOTICES),
                                ErrorCode.UNKNOWN_MACHINE, {"machine": proposed.machine, "day": proposed.day}))
    earlier = payouts.receipts.get(proposed.receipt.strip())
    if earlier is not None:
        problems.append(Problem("receipt_number", errors.RECEIPT_TAKEN, HOUSE_RULE, ErrorCode.DUPLICATE,
                                {"receipt": proposed.receipt, "seq": earlier}))
    return problems


def floor_on(fleet: Fleet | None, day: datetime.date) -> list[str]:
    """The machines that stood on the floor on `day`, at its start or at its end."""
    if fleet is None:
        return []
    return sorted(number for number, machine in fleet.machines.items()
                  if {machine.state_on(day, end=False), machine.state_on(day, end=True)} & ON_FLOOR)
