"""The conditions of each operation on an electronic gaming card (LU RGD 1979 art. 3-1 to 3-4), as pure functions over
the card's state: no database here. The services (services.py, ledger.py) load the state and refuse with the first
problem, the audit (checks.py, ledger_checks.py) replays the `cartes` register and re-checks every entry with the same
functions, the card's page says with them why an action is not offered.

A card's life is a small state machine (`TRANSITIONS`). Issued, it is active: only an active card is loaded, takes a
bet, a win, a transfer or points. A manager blocks it and reactivates it, any staff member reports it lost or found
(art. 3-4 8)); a day card expires after its gaming day (art. 3-1 7)); a manager closes it once its balance is paid
(art. 3-1 5)), for good: a closed card changes no more. Its balance is paid on request whatever its state. Every
operation is dated on or after the card's issue, a card found never after the casino's today.

What the texts do not say (blocking, reactivating, reporting a loss, closing) is the casino's internal control
(`LIFECYCLE`), cited as such; an article is cited only through the rule data (`Rules`)."""

import dataclasses
import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import Casino
from games.selectors import RuleValueAt

from ..chain.replay import HOUSE_RULE
from ..controls import Problem, Rules, written
from ..errors import ErrorCode
from ..models import CardKind, CardStatus
from . import errors

ACTIVE, BLOCKED, LOST, FOUND = CardStatus.ACTIVE, CardStatus.BLOCKED, CardStatus.LOST, CardStatus.FOUND
EXPIRED, CLOSED = CardStatus.EXPIRED, CardStatus.CLOSED

# the card rules' values (the rule data's `carte_de_jeu` keys): each control cites the one it rests on
CAP_KEYS = {CardKind.NOMINATIVE: "plafond_nominative", CardKind.JOURNALIERE: "plafond_journaliere_anonyme"}
CARDS = "systeme_conditions"  # art. 3-1: a card issued and active (as the rule data notes it)
PER_CLIENT = "nominatives_par_client_max"  # art. 3-1 7)
CERTIFICATE = "certificat_avant_mise_en_service"  # art. 3-2
PAID_ON_REQUEST = "solde_paye_sur_demande"  # art. 3-1 5)
TRANSFERS = "transfert_entre_clients_interdit"  # art. 3-1 8)
BENEFITS = "avantages_reserves_nominatives"  # art. 3-1 11)
BETS = "enjeux_par_carte"  # art. 3-4 1), 2)
HOLD = "garde_nominative_trouvee"  # art. 3-4 8)
EXCESS = "gain_excedent_paye_manuellement"  # art. 3-4 7)

LIFECYCLE = _("Contrôle interne du casino : carte bloquée, réactivée et clôturée par la direction, sa perte et sa "
              "découverte portées au registre")


# --- the state -----------------------------------------------------------------------------------------------------


@dataclass
class CardState:
    """A card as its issue and its later entries leave it (the service reads it from its row, the audit replays it)."""

    number: str
    kind: str
    client: int | None
    cap: Decimal
    issued: int | None  # n° of its issue (the audit's)
    issued_on: datetime.date  # its gaming day of issue: nothing on it is dated before
    status: str = ACTIVE
    balance: Decimal = Decimal("0.00")
    found_on: datetime.date | None = None

    @classmethod
    def of(cls, card) -> "CardState":
        """The state of a card row (registers.models.Card)."""
        return cls(card.number, card.kind, card.client_id, card.cap, None, card.gaming_day, card.status, card.balance,
                   card.found_on)

    @property
    def status_label(self) -> str:
        return str(CardStatus(self.status).label) if self.status in CardStatus.values else str(self.status)


def refusal(problem: Problem, casino: Casino) -> DomainError:
    """The service's refusal of a problem: its message (the card messages write their article where they cite one)
    with its field and code."""
    return DomainError(problem.text(casino.jurisdiction), code=problem.code, field=problem.field)


def said(problem: Problem, casino: Casino) -> str:
    """A problem as a page says it, its article once, before the sentence's full stop."""
    text, citation = problem.text(casino.jurisdiction), str(problem.citation)
    if not citation or citation in text:
        return text
    sentence, stop = (text[:-1], ".") if text.endswith(".") else (text, "")
    return f"{sentence} ({citation}){stop}"


def refuse(problems: list[Problem], casino: Casino) -> None:
    """Raises the first problem's refusal, if there is one."""
    if problems:
        raise refusal(problems[0], casino)


def _params(card: CardState, **more) -> dict:
    return {"number": card.number, "card": card.number, "status": card.status_label, **more}


# --- the lifecycle -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Transition:
    """A change of a card's state: the states it starts from, the state it leads to, whether only the management
    makes it, and the rule it rests on (a card rule's key, or None: the casino's internal control)."""

    change: str
    sources: frozenset[str]
    target: str
    manager_only: bool
    rule: str | None = None


TRANSITIONS = {t.change: t for t in (
    Transition("block", frozenset({ACTIVE}), BLOCKED, True),
    Transition("reactivate", frozenset({BLOCKED, LOST, FOUND}), ACTIVE, True),
    Transition("lost", frozenset({ACTIVE, BLOCKED}), LOST, False),
    Transition("found", frozenset({ACTIVE, BLOCKED, LOST, EXPIRED}), FOUND, False, HOLD),
    Transition("expire", frozenset({ACTIVE}), EXPIRED, False, CAP_KEYS[CardKind.JOURNALIERE]),
    Transition("close", frozenset(set(CardStatus) - {CLOSED}), CLOSED, True, PAID_ON_REQUEST),
)}
ASKED = ("block", "reactivate", "lost", "close")  # the changes asked for on the card's page (card_status_change)
LEADING_TO = {t.target: t for t in TRANSITIONS.values()}  # a status entry names the state it leads to


class _Cited:
    """The rule a transition rests on, cited as the rule data cites it (read when a message is made), or the casino's
    internal control."""

    def __init__(self, transition: Transition, rules: Rules):
        self.transition, self.rules = transition, rules

    def __str__(self) -> str:
        rule = self.transition.rule
        return self.rules.cited(rule) if rule else str(written(LIFECYCLE))


@dataclass(frozen=True)
class ProposedChange:
    change: str
    day: datetime.date  # its gaming day
    manager: bool = True  # made by the management
    found_on: datetime.date | None = None  # a card found: the day it was found
    today: datetime.date | None = None  # the casino's today: a card is found no later


def change_problems(card: CardState, proposed: ProposedChange, rules: Rules,
                    among: tuple[str, ...] | None = None) -> list[Problem]:
    """A change the card's state allows, by the management where it must be: a closed card changes no more, a card
    is closed only once its balance is paid (art. 3-1 5)), only an active day card expires and after its gaming day
    (art. 3-1 7)), a card is found (art. 3-4 8)) on a day neither after the casino's today nor before its issue; the
    change dated on or after the card's issue. `among`: the changes the caller makes (all where None)."""
    transition = TRANSITIONS.get(proposed.change) if among is None or proposed.change in among else None
    if transition is None:
        return [Problem("change", errors.CARD_UNKNOWN_CHANGE, written(LIFECYCLE), ErrorCode.UNKNOWN_CHANGE,
                        {"value": proposed.change})]
    citation, problems = _Cited(transition, rules), []  # read only when a problem cites it
    if transition.manager_only and not proposed.manager:  # the management's decision, whatever the card's state
        return [Problem("actor", errors.CARD_CHANGE_ROLE, written(LIFECYCLE), ErrorCode.WRONG_ROLE)]
    if transition.change == "found":
        problems += _found_day_problems(card, proposed, citation)
    if card.status not in transition.sources:
        problems.append(Problem("card" if transition.change == "found" else "change", errors.CARD_STATUS_CHANGE,
                                str(citation), ErrorCode.STATUS_CHANGE,
                                _params(card, current=card.status_label, wanted=CardStatus(transition.target).label)))
    if transition.target == CLOSED and card.balance:
        problems.append(Problem("card", errors.CARD_CLOSE_BALANCE, str(citation), ErrorCode.BALANCE_NOT_ZERO,
                                _params(card, balance=rules.amount(card.balance), citation=str(citation))))
    if transition.change == "expire" and (card.kind != CardKind.JOURNALIERE or proposed.day <= card.issued_on):
        problems.append(Problem("change", errors.CARD_EXPIRY, str(citation), ErrorCode.STATUS_CHANGE,
                                _params(card, issued=card.issued_on, citation=str(citation))))
    return problems + day_problems(card, proposed.day)


def _found_day_problems(card: CardState, proposed: ProposedChange, citation: str) -> list[Problem]:
    found = proposed.found_on
    if found is None:
        return []
    if proposed.today is not None and found > proposed.today:
        return [Problem("found_on", errors.CARD_FOUND_DATE, str(citation), ErrorCode.FUTURE_DAY,
                        {"found": found, "today": proposed.today})]
    if found < card.issued_on:
        return [Problem("found_on", errors.CARD_FOUND_BEFORE_ISSUE, str(citation), ErrorCode.BEFORE_ISSUE,
                        _params(card, found=found, issued=card.issued_on))]
    return []


def day_problems(card: CardState, day: datetime.date) -> list[Problem]:
    """Nothing on a card is dated before its issue (Vigie's rule: the card did not exist)."""
    if isinstance(day, datetime.date) and day < card.issued_on:
        return [Problem("gaming_day", errors.CARD_BEFORE_ISSUE, HOUSE_RULE, ErrorCode.BEFORE_ISSUE,
                        _params(card, day=day, issued=card.issued_on))]
    return []


def changed(card: CardState, proposed: ProposedChange) -> None:
    """The card after the change (valid or not: what the register then says)."""
    transition = TRANSITIONS[proposed.change]
    card.status = transition.target
    if transition.target == FOUND:
        card.found_on = proposed.found_on
    elif transition.target == ACTIVE:
        card.found_on = None


# --- issue (art. 3-1, 3-2) -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProposedIssue:
    kind: str
    client: int | None
    certified: bool  # a certificate of conformity of the system recorded before (art. 3-2)
    attributed: int = 0  # the client's nominative cards not closed, blocked, lost or found included (art. 3-1 7))
    cap: Decimal | None = None  # the cap written (the audit's); the service writes the rule's
    number: str = ""  # the card's number (the audit's: the service draws a new one)
    existing: int | None = None  # n° of an earlier issue of the same number (the audit's)


def issue_problems(proposed: ProposedIssue, rules: Rules) -> list[Problem]:
    """A card issued after the system's certificate (art. 3-2), a known kind with the rule's cap (art. 3-1 6), 7)),
    once; a nominative card to an identified client attributed fewer than the rule's nominative cards not closed
    (art. 3-1 7)), a day card to no one."""
    problems = []
    if proposed.existing is not None:
        problems.append(Problem("card", errors.CARD_EXISTS, HOUSE_RULE, ErrorCode.DUPLICATE,
                                {"card": proposed.number, "seq": proposed.existing}))
    needed = rules.value(CERTIFICATE)
    if needed is not None and needed.value and not proposed.certified:
        problems.append(Problem(None, errors.CARD_NO_CERTIFICATE, str(needed.citation), ErrorCode.NO_CERTIFICATE,
                                {"citation": str(needed.citation)}))
    if proposed.kind not in CAP_KEYS:
        problems.append(Problem("kind", errors.CARD_KIND, HOUSE_RULE, ErrorCode.INVALID, {"kind": proposed.kind}))
        return problems
    count, nominative = rules.value(PER_CLIENT), proposed.kind == CardKind.NOMINATIVE
    citation = rules.cited(PER_CLIENT)
    if nominative != (proposed.client is not None):
        message = errors.CARD_NEEDS_CLIENT if nominative else errors.CARD_DAY_NO_CLIENT
        problems.append(Problem("client", message, citation, ErrorCode.CLIENT_REQUIRED, {"citation": citation}))
    elif nominative and count is not None and proposed.attributed >= int(count.value):
        problems.append(Problem("client", errors.CARD_TWO_ACTIVE, citation, ErrorCode.TWO_ACTIVE_CARDS,
                                {"max": count.value, "citation": citation}))
    cap = rules.value(CAP_KEYS[proposed.kind])
    if cap is not None and proposed.cap is not None and proposed.cap != Decimal(str(cap.value)):
        problems.append(Problem("cap", errors.CARD_CAP, str(cap.citation), ErrorCode.INVALID,
                                {"written": rules.amount(proposed.cap), "cap": rules.amount(Decimal(str(cap.value)))}))
    return problems


# --- the balance (art. 3-1 5), 6), 7), 8), 11), 3-4) ---------------------------------------------------------------


def active_problems(card: CardState, rules: Rules) -> list[Problem]:
    """Only an active card is loaded, played, credited or given points (art. 3-1, as the rule data cites it)."""
    if card.status == ACTIVE:
        return []
    return [Problem("card", errors.CARD_NOT_ACTIVE, rules.cited(CARDS), ErrorCode.CARD_NOT_ACTIVE, _params(card))]


def cap_problems(card: CardState, balance: Decimal, rules: Rules, message=errors.CARD_ABOVE_CAP,
                 field: str = "amount") -> list[Problem]:
    """A balance never above the card's cap (art. 3-1 6), 7)), the amount still allowed said."""
    if balance <= card.cap:
        return []
    citation = rules.cited(CAP_KEYS.get(card.kind, CAP_KEYS[CardKind.NOMINATIVE]))
    return [Problem(field, message, citation, ErrorCode.ABOVE_CAP, _params(
        card, cap=rules.amount(card.cap), allowed=rules.amount(card.cap - card.balance),
        balance=rules.amount(balance), citation=citation))]


def balance_problems(card: CardState, amount: Decimal, citation: str, rules: Rules) -> list[Problem]:
    """Nothing taken from a card beyond its balance."""
    if amount <= card.balance:
        return []
    return [Problem("amount", errors.CARD_INSUFFICIENT, citation, ErrorCode.INSUFFICIENT_BALANCE,
                    _params(card, amount=rules.amount(amount), balance=rules.amount(card.balance)))]


def load_problems(card: CardState, amount: Decimal, rules: Rules) -> list[Problem]:
    """Art. 3-1 6), 7): a load at a cash desk on an active card, never past its cap."""
    return active_problems(card, rules) or cap_problems(card, card.balance + amount, rules)


def bet_problems(card: CardState, amount: Decimal, rules: Rules) -> list[Problem]:
    """Art. 3-4 1), 2): a bet a slot machine debits from an active card, within its balance."""
    return active_problems(card, rules) or balance_problems(card, amount, rules.cited(BETS), rules)


def win_split(card: CardState, amount: Decimal) -> Decimal:
    """Art. 3-4 7): the part of a slot win the card takes, up to its cap; a card that is not active takes nothing.
    The rest is paid by hand (art. 18-10)."""
    return min(amount, card.cap - card.balance) if card.status == ACTIVE else Decimal("0.00")


def won_problems(card: CardState, amount: Decimal, rules: Rules) -> list[Problem]:
    """Art. 3-4 7): the part of a win credited to an active card, up to its cap."""
    return active_problems(card, rules) or cap_problems(card, card.balance + amount, rules, errors.CARD_ABOVE_CAP_WIN)


def excess_problems(card: CardState, win: Decimal, credited: Decimal, amount: Decimal, rules: Rules) -> list[Problem]:
    """Art. 3-4 7): a win's credit and its part paid by hand make the win, the card taking all it can."""
    citation, problems = rules.cited(EXCESS), []
    if credited + amount != win:
        problems.append(Problem("amount", errors.CARD_EXCESS_SPLIT, citation, ErrorCode.INVALID, {
            "win": rules.amount(win), "credited": rules.amount(credited), "amount": rules.amount(amount)}))
    # the card as the win found it: the credit's entry, written first, already moved its balance
    expected = win_split(dataclasses.replace(card, balance=card.balance - credited), win)
    if credited != expected:
        message = errors.CARD_EXCESS_INACTIVE if card.status != ACTIVE else errors.CARD_EXCESS_NOT_FULL
        problems.append(Problem("credited", message, citation, ErrorCode.INVALID,
                                _params(card, room=rules.amount(card.cap - card.balance))))
    return problems


@dataclass(frozen=True)
class ExcessRecorded:
    """A win past a card's cap as the casino's `cartes` register holds it before its payment by hand (art. 3-4 7),
    18-10), and what already pays it: a countersigned entry of the jackpots register, or a filing awaiting its
    countersignature (the service's: the audit replays entries only)."""

    machine: str
    amount: Decimal
    paid_by: int | None = None
    pending: int | None = None


@dataclass(frozen=True)
class ProposedExcessPayment:
    seq: object  # the excess's n°, as the payment names it
    machine: str
    amount: object  # a Decimal; the audit's payload may hold another value


def excess_payment_problems(excess: ExcessRecorded | None, proposed: ProposedExcessPayment, citation: str,
                            rules: Rules) -> list[Problem]:
    """Art. 3-4 7), 18-10: a hand-paid jackpot that settles a win past a card's cap names an excess of the casino's
    `cartes` register recorded before it (None: none), pays its amount for its machine, and only once. `citation`:
    the articles as the rule data cites them (registers/cards/ledger.py `excess_citation`)."""
    seq = proposed.seq
    if excess is None:
        return [Problem("card_excess", errors.EXCESS_UNKNOWN, citation, ErrorCode.UNKNOWN_EXCESS,
                        {"seq": seq, "citation": citation})]
    problems = []
    if proposed.amount != excess.amount:
        problems.append(Problem("amount", errors.EXCESS_AMOUNT, citation, ErrorCode.EXCESS_MISMATCH, {
            "seq": seq, "expected": rules.amount(excess.amount), "amount": rules.amount(proposed.amount),
            "citation": citation}))
    if proposed.machine.strip() != excess.machine.strip():
        problems.append(Problem("machine", errors.EXCESS_MACHINE, citation, ErrorCode.EXCESS_MISMATCH, {
            "seq": seq, "expected": excess.machine, "machine": proposed.machine, "citation": citation}))
    if excess.paid_by is not None:
        problems.append(Problem("card_excess", errors.EXCESS_PAID, citation, ErrorCode.EXCESS_ALREADY_PAID,
                                {"seq": seq, "entry": excess.paid_by, "citation": citation}))
    elif excess.pending is not None:
        problems.append(Problem("card_excess", errors.EXCESS_PENDING, citation, ErrorCode.EXCESS_ALREADY_PAID,
                                {"seq": seq, "pending": excess.pending, "citation": citation}))
    return problems


def payout_problems(card: CardState, amount: Decimal, rules: Rules) -> list[Problem]:
    """Art. 3-1 5): the cash desk pays a positive balance on request, whatever the card's state, within it."""
    citation = rules.cited(PAID_ON_REQUEST)
    if amount <= 0:
        return [Problem("amount", errors.CARD_NOTHING_TO_PAY, citation, ErrorCode.NOTHING_TO_PAY,
                        {"citation": citation})]
    return balance_problems(card, amount, citation, rules)


def transfer_problems(source: CardState, target: CardState, amount: Decimal, rules: Rules) -> list[Problem]:
    """Art. 3-1 8): between two different active nominative cards of one client, within the source's balance and
    the target's cap."""
    if source.number == target.number:
        return [Problem("target", errors.CARD_TRANSFER_SAME, HOUSE_RULE, ErrorCode.SAME_CARD)]
    if source.client is None or source.client != target.client:
        citation = rules.cited(TRANSFERS)
        return [Problem("target", errors.CARD_TRANSFER_CLIENTS, citation, ErrorCode.OTHER_CLIENT,
                        {"citation": citation})]
    return (active_problems(source, rules) or active_problems(target, rules)
            or balance_problems(source, amount, rules.cited(TRANSFERS), rules)
            or cap_problems(target, target.balance + amount, rules))


def benefit_problems(card: CardState, points, free_games, rules: Rules) -> list[Problem]:
    """Art. 3-1 11): points or free games, whole numbers, one at least not zero, for an active nominative card."""
    if card.kind != CardKind.NOMINATIVE:
        citation = rules.cited(BENEFITS)
        return [Problem("card", errors.CARD_BENEFIT_NOMINATIVE, citation, ErrorCode.NOMINATIVE_ONLY,
                        {"citation": citation})]
    for field, value in (("points", points), ("free_games", free_games)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return [Problem(field, errors.CARD_BENEFIT_COUNT, rules.cited(BENEFITS), ErrorCode.INVALID)]
    if not points and not free_games:
        return [Problem("points", errors.CARD_BENEFIT_COUNT, rules.cited(BENEFITS), ErrorCode.INVALID)]
    return active_problems(card, rules)


def adjustable_problems(card: CardState) -> list[Problem]:
    """A closed card changes no more: its balance is not adjusted."""
    if card.status != CLOSED:
        return []
    citation = written(LIFECYCLE)
    return [Problem("card", errors.CARD_CLOSED_NO_ADJUST, citation, ErrorCode.STATUS_CHANGE,
                    _params(card, citation=citation))]


def adjust_problems(card: CardState, after: Decimal, rules: Rules) -> list[Problem]:
    """A supervisor corrects a balance: of a card not closed, to another balance within its cap."""
    if card.status == CLOSED:
        return adjustable_problems(card)
    problems = cap_problems(card, after, rules, field="balance")
    if after == card.balance:
        problems.append(Problem("balance", errors.CARD_ADJUST_SAME, HOUSE_RULE, ErrorCode.NO_CHANGE))
    return problems


def to_orphelins_problems(card: CardState, amount: Decimal, source, day: datetime.date,
                          rules: Rules) -> list[Problem]:
    """Art. 3-4 8): a found card's whole balance goes to the orphelins: a day card's at once (art. 18-12), a
    nominative card's once it has been held for its holder the rule's weeks."""
    citation, problems = rules.cited(HOLD), []
    if card.status != FOUND:
        problems.append(Problem("card", errors.CARD_TO_ORPHELINS_FOUND, citation, ErrorCode.STATUS_CHANGE,
                                _params(card)))
    if amount != card.balance:
        problems.append(Problem("amount", errors.CARD_TO_ORPHELINS_AMOUNT, citation, ErrorCode.INVALID,
                                {"balance": rules.amount(card.balance), "amount": rules.amount(amount)}))
    expected = orphan_source(card)
    if source != expected:
        problems.append(Problem("source", errors.CARD_TO_ORPHELINS_SOURCE, citation, ErrorCode.INVALID,
                                {"source": source, "expected": expected}))
    hold = rules.value(HOLD) if card.kind == CardKind.NOMINATIVE else None
    if hold is not None:
        until = held_until(card, day, hold)
        if card.found_on is None or until > day:
            problems.append(Problem("card", errors.CARD_STILL_HELD, str(hold.citation), ErrorCode.STATUS_CHANGE,
                                    {"found": card.found_on or "—", "until": until}))
    return problems


def orphan_source(card: CardState) -> str:
    return "carte_nominative" if card.kind == CardKind.NOMINATIVE else "carte_anonyme"


def held_until(card: CardState, day: datetime.date, hold: RuleValueAt) -> datetime.date:
    """The day a found nominative card's hold for its holder ends (art. 3-4 8))."""
    return (card.found_on or day) + datetime.timedelta(weeks=int(hold.value))
