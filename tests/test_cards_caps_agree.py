"""Issue 37 point 1: where PostgreSQL also holds a card rule, the database and the Python controls agree.

PostgreSQL holds a card's cap and balance twice: `vigie_card_play` (migration 0019, the slot bets and wins written in
one statement, also under the slot API's `vigie_slot_play`) writes only a bet or a win that keeps an active card within
[0, cap], and the CHECK `card_balance_within_cap` refuses any balance past the cap whoever writes it. Generated
sequences of loads, bets, wins, payouts, blocks and reactivations around the caps of art. 3-1 6) and 7) (« une limite
maximale de 2.000 euros », « dont la limite maximale est de 250 euros ») and around each card's balance are judged by
registers/cards/controls.py and applied through the database: the one-statement path takes exactly what the controls
accept, the CHECK refuses exactly the balances the controls refuse with the same cap, the services refuse with the
controls' code, the balances agree with the controls' replay, and `registers_audit` finds every entry valid."""

import datetime
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compliance.errors import DomainError
from registers.cards import controls, ledger
from registers.cards.selectors import card_ledger_sum
from registers.cards.services import card_certificate_record, card_issue, card_status_change, client_register
from registers.cards.slot_system import services as slots
from registers.management.audit import audit
from registers.models import Card
from tests.conftest import lu_today, make_user

D = Decimal
CAPS = {"nominative": D("2000.00"), "journaliere": D("250.00")}  # what the rule data gives (3-1 6), 7))
FIXED = ["0.01", "1.00", "50.00", "249.99", "250.00", "250.01", "1999.99", "2000.00", "2000.01"]
# an amount: fixed around the caps, any number of cents, or relative to the card's room under its cap or its balance
AMOUNTS = st.one_of(st.sampled_from(FIXED).map(D), st.integers(1, 210_000).map(lambda c: D(c) / 100),
                    st.tuples(st.sampled_from(["room", "balance"]), st.integers(-2, 2)))
OPERATIONS = st.lists(st.tuples(st.sampled_from(["load", "bet", "win", "slot_bet", "slot_win", "payout", "block",
                                                 "reactivate"]),
                                st.sampled_from(["nominative", "journaliere"]), AMOUNTS), min_size=1, max_size=8)


@pytest.fixture
def desk(world, rules):
    manager = make_user("direction.c", "manager", casino=world.c)
    card_certificate_record(casino=world.c, actor=manager, supplier="Cartes SA", reference="CERT-3-2",
                            issued_on=datetime.date(2026, 1, 15))
    client = client_register(casino=world.c, actor=manager, last_name="Weber", first_name="Marie",
                             birth_date=datetime.date(1980, 5, 1), id_document_type="Carte d'identité",
                             id_document_number="LU-PROP-1")
    system, _key = slots.slot_system_register(casino=world.c, actor=manager, name="Système SMS")
    world.manager, world.client, world.system, world.keys = manager, client, system, iter(range(10**6))
    return world


CENT = D("0.01")


def _amount(spec, state: controls.CardState) -> D:
    """Two places, as the services' parse_amount gives every amount to the one statement (990 cents: 9.90, not 9.9)."""
    if isinstance(spec, D):
        return spec.quantize(CENT)
    base, cents = spec
    return ((state.cap - state.balance if base == "room" else state.balance) + D(cents) / 100).quantize(CENT)


def _database_refuses(card: Card, delta: D, world) -> bool:
    """Whether PostgreSQL refuses `delta` on the card's balance when no Python control is asked: the ledger's own
    statement (entry, movement, balance) under a savepoint, always undone."""
    try:
        with transaction.atomic():
            (locked,) = ledger.locked(card)
            ledger.record(card=locked, kind=ledger.LOADED, gaming_day=None, actor=world.accountant_c,
                          payload={"card": locked.number, "amount": delta, "desk": "Caisse 1"},
                          moves=((locked, delta),))
            raise _Undo
    except IntegrityError:
        return True
    except _Undo:
        return False


class _Undo(Exception):
    pass


def _refused(run) -> str | None:
    try:
        run()
    except DomainError as refused:
        return refused.code
    return None


def _slot(world, card: Card, operation: str, amount: D):
    """The slot API's one statement (`vigie_slot_play`), then its general path; (taken in one statement, answer)."""
    fields = {"card": card.number, "amount": str(amount), "currency": "EUR", "machine": "AS-7"}
    key = f"k-{next(world.keys)}"
    fast = slots._played(world.system, key, operation, fields)
    run = slots.slot_debit if operation == slots.DEBIT else slots.slot_credit
    return fast is not None, fast or run(system=world.system, key=key, **fields)


def _apply(world, card: Card, model: controls.CardState, operation: str, amount: D, rules) -> None:
    """One operation judged by the controls (on the model) and applied through the database; the model follows."""
    actor = world.accountant_c
    if operation in ("block", "reactivate"):
        problems = controls.change_problems(model, controls.ProposedChange(operation, lu_today()), rules)
        code = _refused(lambda: card_status_change(card=card, actor=world.manager, change=operation))
        assert code == (problems[0].code if problems else None), (operation, model)
        if not problems:
            controls.changed(model, controls.ProposedChange(operation, lu_today()))
        return
    if amount <= 0:
        return
    if operation == "load":
        problems = controls.load_problems(model, amount, rules)
        capped = controls.cap_problems(model, model.balance + amount, rules)
        assert _database_refuses(card, amount, world) == bool(capped), (amount, model)  # the CHECK, the same cap
        code = _refused(lambda: ledger.card_load(card=card, actor=actor, amount=amount, desk="Caisse 1"))
        assert code == (problems[0].code if problems else None), (operation, amount, model)
        model.balance += amount if not problems else 0
    elif operation in ("bet", "slot_bet"):
        problems = controls.bet_problems(model, amount, rules)
        if operation == "bet":
            fast = ledger.played(card, ledger.BET, -amount, "AS-7", actor, None)
            code = None if fast else _refused(lambda: ledger.card_bet(card=card, actor=actor, amount=amount,
                                                                       machine="AS-7"))
        else:
            taken, answer = _slot(world, card, slots.DEBIT, amount)
            fast, code = taken, None if answer.status == 201 else answer.body["code"]
        assert bool(fast) == (not problems), (operation, amount, model)  # one statement exactly where it fits
        assert code == (problems[0].code if problems else None), (operation, amount, model)
        model.balance -= amount if not problems else 0
    elif operation in ("win", "slot_win"):
        fits = not controls.won_problems(model, amount, rules)
        credited = controls.win_split(model, amount)
        if operation == "win":
            fast = ledger.played(card, ledger.WON, amount, "AS-7", actor, None)
            won = fast or ledger.card_win(card=card, actor=actor, amount=amount, machine="AS-7")
            written = won.credited
        else:
            fast, answer = _slot(world, card, slots.CREDIT, amount)
            written = D(answer.body["credited"])
        assert bool(fast) == fits and written == credited, (operation, amount, model)
        model.balance += credited
    elif operation == "payout":
        problems = controls.payout_problems(model, amount, rules)
        code = _refused(lambda: ledger.card_payout(card=card, actor=actor, amount=amount))
        assert code == (problems[0].code if problems else None), (operation, amount, model)
        model.balance -= amount if not problems else 0
    card.refresh_from_db()
    assert (card.balance, card.status) == (model.balance, model.status) and card_ledger_sum(card) == card.balance
    assert 0 <= card.balance <= card.cap == CAPS[card.kind]


@pytest.mark.django_db
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS)
def test_the_database_takes_and_refuses_exactly_what_the_card_controls_do_with_the_same_cap(desk, operations):
    with transaction.atomic():  # each example from the same casino, undone after it
        cards = {kind: card_issue(casino=desk.c, actor=desk.manager, kind=kind, gaming_day=lu_today(),
                                  client=desk.client if kind == "nominative" else None) for kind in CAPS}
        models = {kind: controls.CardState.of(card) for kind, card in cards.items()}
        rules = ledger.rules_of(desk.c)
        for kind, card in cards.items():
            assert card.cap == D(str(rules.value(controls.CAP_KEYS[kind]).value)) == CAPS[kind]
        for operation, kind, spec in operations:
            _apply(desk, cards[kind], models[kind], operation, _amount(spec, models[kind]), rules)
        (register,) = audit(casino_code=desk.c.code, kind="cartes")
        assert register.invalid == [], [str(f) for f in register.invalid]
        transaction.set_rollback(True)
