"""The card ledger (LU RGD 1979 art. 3-1 and 3-4): every operation on a card's balance.

An operation locks its cards (by id, so two operations never wait on each other in a cycle), appends one
entry to the casino's `cartes` register and one movement per card, then sets the balances, all in one
transaction. PostgreSQL refuses a balance outside [0, cap] and a balance other than the last movement's
(migrations 0004 and 0005): a wrong caller cannot break the ledger either. A slot bet or win that fits the card is
one statement (`played`, migration 0019), which writes what the general path writes.
"""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.db import connection, transaction
from django.utils import timezone

from compliance import formatting
from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.permissions import verify_can_write
from games.selectors import rule_value_at
from registers.errors import ErrorCode

from .. import prepared
from ..chain.selectors import kind_applies
from ..chain.services import (
    days_late,
    entry_append_within,
    register_for,
    statement_terms,
    timestamp,
    verify_gaming_day,
)
from ..fields import clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import Card, CardTransfer, Entry
from ..money import parse_amount
from . import controls, errors
from .controls import CAP_KEYS, CardState, Rules, refuse

LOADED, BET, WON, WIN_EXCESS = EntryKind.CARD_LOADED, EntryKind.CARD_BET, EntryKind.CARD_WON, EntryKind.CARD_WIN_EXCESS
PAID_OUT, TRANSFERRED = EntryKind.CARD_PAID_OUT, EntryKind.CARD_TRANSFERRED
BENEFIT, ADJUSTED, TO_ORPHELINS = EntryKind.CARD_BENEFIT, EntryKind.CARD_ADJUSTED, EntryKind.CARD_TO_ORPHELINS


@dataclass(frozen=True)
class Operation:
    entry: Entry | None  # None when a whole win went to a manual payout
    balance: Decimal
    excess: Entry | None = None  # the part of a win paid by hand (art. 3-4 7) with 18-10)
    credited: Decimal = Decimal("0.00")


EXCESS_RULES = ("carte_de_jeu.gain_excedent_paye_manuellement",  # art. 3-4 7): past the cap, paid by hand
                "appareils_a_sous.gain_carte_au_dela_du_plafond")  # art. 18-10 al. 3: by hand beyond it


def excess_citation(casino: Casino, day: datetime.date | None = None) -> str:
    """The articles of a win past a card's cap and of its payment by hand, as the rule data cites them."""
    day = day or casino.today()
    cited = []
    for key in EXCESS_RULES:
        try:
            cited.append(str(rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True).citation))
        except DomainError:  # a jurisdiction without cards: nothing of it to cite
            continue
    return " ; ".join(cited)


def card_rule(casino, key: str, on: datetime.date | None = None):
    """A value of the card rules (Luxembourg's draft RGD, applied as such) with its citation."""
    return rule_value_at(jurisdiction=casino.jurisdiction, key=f"carte_de_jeu.{key}",
                         on=on or casino.today(), drafts=True)


def card_system_applies(casino, on: datetime.date | None = None) -> bool:
    """Whether the casino's rule data holds the electronic gaming cards (today Luxembourg, art. 3-1 to 3-4)."""
    return casino is not None and kind_applies(casino, RegisterKind.CARTES, on)


def rules_of(casino: Casino, on: datetime.date | None = None) -> Rules:
    """The card rules a service's controls read (registers/cards/controls.py), on the operation's day."""
    return Rules(lambda key: card_rule(casino, key, on), casino)


def cap_rule(card: Card, on: datetime.date | None = None):
    return card_rule(card.casino, CAP_KEYS[card.kind], on)


def money(card: Card, value: Decimal) -> str:
    return formatting.money(value, currency=card.casino.currency, jurisdiction=card.casino.jurisdiction)


LOCK = "SELECT * FROM registers_card WHERE id = ANY(%s) ORDER BY id FOR UPDATE"


def locked(*cards: Card) -> list[Card]:
    """The cards re-read under a row lock, taken in id order, with the casino the caller read them with (read
    again only when it did not): a slot operation is then two statements, this one and the ledger's."""
    rows = {c.pk: c for c in Card.objects.raw(LOCK, [sorted({c.pk for c in cards})])}
    for card in cards:
        row = rows[card.pk]
        row.casino = (card.casino if Card.casino.is_cached(card) and card.casino.jurisdiction_id is not None
                      else Casino.objects.select_related("jurisdiction").get(pk=row.casino_id))
    return [rows[c.pk] for c in cards]


def on_card(card: Card, gaming_day: datetime.date | None) -> datetime.date:
    """The operation's day, a day named (not today, on or after any issue) refused when it is before the card's
    issue; a day the register refuses (to come, late) is refused by the register first (`record`), naming its own
    rule."""
    day = gaming_day or card.casino.today()
    if gaming_day is not None and not days_late(card.casino, day):
        refuse(controls.day_problems(CardState.of(card), day), card.casino)
    return day


def with_movements(payload: dict, moves: list[tuple[str, Decimal, Decimal]]) -> dict:
    """An operation's payload with each card's movement (number, delta, balance after), which the audit checks
    against the balances it replays."""
    if not moves:
        return payload
    return {**payload, "movements": [{"card": n, "delta": d, "balance_after": b} for n, d, b in moves]}


def record(*, card: Card, kind: str, gaming_day: datetime.date | None, actor: User, payload: dict,
           moves: tuple[tuple[Card, Decimal], ...] = ()) -> Entry:
    """One register entry and its movements; the cards must be locked by the caller."""
    day = gaming_day or card.casino.today()
    after = [(c, d, c.balance + d) for c, d in moves]
    payload = with_movements(payload, [(c.number, d, b) for c, d, b in after])
    # the entry, its movements and the balances in one statement (migration 0016): the register's lock is held for
    # that statement and the commit only
    entry = entry_append_within(register=register_for(casino=card.casino, kind=RegisterKind.CARTES), kind=kind,
                                gaming_day=day, actor=actor, payload=payload, card_moves=tuple(after))
    for c, _d, b in after:
        c.balance = b
    return entry


def _desk(desk) -> str:
    """The cash desk a load or a payout names (none for an operation outside the desks)."""
    return clean_text(desk, field="desk", max_length=60, optional=True)


def _machine(machine) -> str:
    return clean_text(machine, field="machine", max_length=60)


@transaction.atomic
def card_load(*, card: Card, actor: User, amount, desk: str = "", gaming_day: datetime.date | None = None) -> Entry:
    """A load at the cash desk; refused, with the amount still allowed, if it would pass the cap (3-1 6), 7))."""
    (card,) = locked(card)
    verify_can_write(actor, card.casino)
    value = parse_amount(amount)
    day = on_card(card, gaming_day)
    refuse(controls.load_problems(CardState.of(card), value, rules_of(card.casino, day)), card.casino)
    return record(card=card, kind=LOADED, gaming_day=gaming_day, actor=actor,
                  payload={"card": card.number, "amount": value, "desk": _desk(desk)}, moves=((card, value),))


PLAY = "vigie_card_play(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"


def play_terms(casino: Casino, gaming_day: datetime.date | None) -> tuple[datetime.date, str | None] | None:
    """`statement_terms` of a slot bet or win on `gaming_day`; None also when that day is one the general path refuses
    or files late, which it then does with its own checks first."""
    if gaming_day is not None:
        try:
            verify_gaming_day(casino, gaming_day, closed_ok=True)
        except DomainError:
            return None
        if days_late(casino, gaming_day):
            return None
    return statement_terms(casino, gaming_day)


def played(card: Card, kind: str, delta: Decimal, machine: str, actor: User,
           gaming_day: datetime.date | None) -> Operation | None:
    """A slot bet or win in one statement (migration 0019), when the card is active and its balance stays within
    [0, cap]: the entry, movement and balance the general path writes. None when it wrote nothing and the general
    path must answer (a refusal, a win past the cap, a closed or late day, a draft basis to write first)."""
    terms = play_terms(card.casino, gaming_day)
    if terms is None or terms[0] < card.gaming_day:  # a day before the card's issue: the general path refuses it
        return None
    (day, basis), casino = terms, card.casino
    recorded_at = timezone.now()
    outcome, _number, balance, register_id, entry_id, seq, digest, prev_hash, payload = prepared.operation(
        PLAY, [card.pk, casino.pk, kind, delta, machine, day, actor.pk, actor.username, recorded_at,
               timestamp(recorded_at), basis])
    if outcome != "done":
        return None
    entry = Entry(id=entry_id, register_id=register_id, seq=seq, kind=kind, gaming_day=day, payload=payload,
                  actor=actor, recorded_at=recorded_at, prev_hash=prev_hash, hash=digest)
    entry._state.adding, entry._state.db = False, connection.alias
    card.balance = balance
    return Operation(entry=entry, balance=balance, credited=delta if delta > 0 else Decimal("0.00"))


def card_bet(*, card: Card, actor: User, amount, machine: str, gaming_day: datetime.date | None = None) -> Operation:
    """A slot machine debits a bet (3-4 1), 2)): one statement when it fits, else the general path."""
    verify_can_write(actor, card.casino)
    value, machine = parse_amount(amount), _machine(machine)
    return (played(card, BET, -value, machine, actor, gaming_day)
            or _card_bet(card=card, actor=actor, amount=value, machine=machine, gaming_day=gaming_day))


@transaction.atomic
def _card_bet(*, card: Card, actor: User, amount: Decimal, machine: str, gaming_day: datetime.date | None) -> Operation:
    (card,) = locked(card)  # the actor's right to write was checked by the caller
    day = on_card(card, gaming_day)
    refuse(controls.bet_problems(CardState.of(card), amount, rules_of(card.casino, day)), card.casino)
    entry = record(card=card, kind=BET, gaming_day=gaming_day, actor=actor,
                   payload={"card": card.number, "amount": amount, "machine": machine}, moves=((card, -amount),))
    return Operation(entry=entry, balance=card.balance)


def card_win(*, card: Card, actor: User, amount, machine: str, gaming_day: datetime.date | None = None) -> Operation:
    """A slot win is credited up to the card's cap; the rest, never lost, is an entry to pay by hand under
    art. 18-10 (3-4 7)). A card that is not active takes nothing: the whole win is paid by hand. One statement
    when the whole win fits, else the general path."""
    verify_can_write(actor, card.casino)
    value, machine = parse_amount(amount), _machine(machine)
    return (played(card, WON, value, machine, actor, gaming_day)
            or _card_win(card=card, actor=actor, amount=value, machine=machine, gaming_day=gaming_day))


@transaction.atomic
def _card_win(*, card: Card, actor: User, amount: Decimal, machine: str, gaming_day: datetime.date | None) -> Operation:
    (card,) = locked(card)  # the actor's right to write was checked by the caller
    on_card(card, gaming_day)
    credited = controls.win_split(CardState.of(card), amount)
    # read before the first entry: from it to the commit, the casino's register is locked for every other operation
    citation = excess_citation(card.casino, gaming_day) if amount > credited else None
    entry = excess = None
    if credited:
        entry = record(card=card, kind=WON, gaming_day=gaming_day, actor=actor,
                       payload={"card": card.number, "amount": credited, "machine": machine},
                       moves=((card, credited),))
    if amount > credited:
        excess = record(card=card, kind=WIN_EXCESS, gaming_day=gaming_day, actor=actor, payload={
            "card": card.number, "machine": machine, "win": amount, "credited": credited,
            "amount": amount - credited, "citation": citation})
    return Operation(entry=entry, balance=card.balance, excess=excess, credited=credited)


@transaction.atomic
def card_payout(*, card: Card, actor: User, amount=None, desk: str = "",
                gaming_day: datetime.date | None = None) -> Entry:
    """The cash desk pays a positive balance on request, whatever the card's state (3-1 5)); no amount
    means the whole balance."""
    (card,) = locked(card)
    verify_can_write(actor, card.casino)
    value = card.balance if amount in (None, "") else parse_amount(amount)
    day = on_card(card, gaming_day)
    refuse(controls.payout_problems(CardState.of(card), value, rules_of(card.casino, day)), card.casino)
    return record(card=card, kind=PAID_OUT, gaming_day=gaming_day, actor=actor,
                  payload={"card": card.number, "amount": value, "desk": _desk(desk)}, moves=((card, -value),))


@transaction.atomic
def card_transfer(*, source: Card, target: Card, actor: User, amount,
                  gaming_day: datetime.date | None = None) -> Entry:
    """Between the two nominative cards of one client only (3-1 8)); the database refuses any other pair."""
    source, target = locked(source, target)
    verify_can_write(actor, source.casino)
    value = parse_amount(amount)
    day = on_card(source, gaming_day)
    on_card(target, day)
    refuse(controls.transfer_problems(CardState.of(source), CardState.of(target), value,
                                      rules_of(source.casino, day)), source.casino)
    entry = record(card=source, kind=TRANSFERRED, gaming_day=gaming_day, actor=actor,
                   payload={"card": source.number, "to": target.number, "amount": value},
                   moves=((source, -value), (target, value)))
    CardTransfer.objects.create(from_card=source, to_card=target, client_id=source.client_id, amount=value,
                                entry=entry)
    return entry


@transaction.atomic
def card_benefit(*, card: Card, actor: User, points: int = 0, free_games: int = 0, reason: str,
                 gaming_day: datetime.date | None = None) -> Entry:
    """Points or free games, for nominative cards only (3-1 11)); they are not money and move no balance."""
    (card,) = locked(card)
    verify_can_write(actor, card.casino)
    day = on_card(card, gaming_day)
    refuse(controls.benefit_problems(CardState.of(card), points, free_games, rules_of(card.casino, day)),
           card.casino)
    reason = clean_text(reason, field="reason", max_length=200)
    return record(card=card, kind=BENEFIT, gaming_day=gaming_day, actor=actor,
                  payload={"card": card.number, "points": points, "free_games": free_games, "reason": reason})


@transaction.atomic
def card_adjust(*, card: Card, actor: User, balance, reason: str, gaming_day: datetime.date | None = None) -> Entry:
    """A supervisor corrects a balance, with the reason and the balances before and after; a new entry,
    never a rewrite."""
    (card,) = locked(card)
    verify_can_write(actor, card.casino)
    if actor.role != User.Role.MANAGER:
        raise DomainError(errors.CARD_ADJUST_ROLE, code=ErrorCode.WRONG_ROLE, field="actor")
    reason = clean_text(reason, field="reason", max_length=200)
    after = parse_amount(balance, field="balance", allow_zero=True)
    day = on_card(card, gaming_day)
    refuse(controls.adjust_problems(CardState.of(card), after, rules_of(card.casino, day)), card.casino)
    return record(card=card, kind=ADJUSTED, gaming_day=gaming_day, actor=actor,
                  payload={"card": card.number, "before": card.balance, "after": after, "reason": reason},
                  moves=((card, after - card.balance),))
