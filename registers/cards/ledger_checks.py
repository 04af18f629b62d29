"""The audit's checks of the card ledger (LU RGD 1979 art. 3-1 and 3-4) (`registers_audit`): each operation on a
balance with the controls the ledger refuses with (registers/cards/controls.py), its movements against the balances
replayed so far (checks.py); and the payment by hand of a win past a card's cap (art. 3-4 7), 18-10), filed in the
jackpots register, against the excess it names (registers/cards/excess.py)."""

import json
from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext_lazy as _

from ..chain.replay import Amount, Audited, Check, Problem, Replay
from ..kinds import RegisterKind
from ..models import Entry
from . import controls
from .checks import card_check, card_named, movements, report, rules_of
from .excess import KEY
from .ledger import WIN_EXCESS, excess_citation

ADJUST_BEFORE = _("Solde avant ajustement inscrit {written} au lieu de {expected}.")


def _operation(replay: Replay, entry: Audited, *, sign: int, text: str, problems: Callable) -> list[Problem]:
    """A load (+), a bet (−), a win (+) or a payout (−) of `amount`, as its control has it, with its movement."""
    check = card_check(replay, entry)
    card, amount = card_named(replay, check), check.amount("amount")
    check.text(text, max_length=60, optional=text == "desk")  # a desk or a machine, as the ledger bounds them
    if card is None or amount is None:
        return check.problems
    report(check, problems(card, amount, rules_of(check)))
    movements(replay, check, [(card, sign * amount)])
    return check.problems


def card_loaded(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-1 6), 7): a load at a cash desk on an active card, never past its cap."""
    return _operation(replay, entry, sign=1, text="desk", problems=controls.load_problems)


def card_bet(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-4 1), 2): a bet a slot machine debits from an active card, within its balance."""
    return _operation(replay, entry, sign=-1, text="machine", problems=controls.bet_problems)


def card_won(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-4 7): a win credited to an active card, up to its cap."""
    return _operation(replay, entry, sign=1, text="machine", problems=controls.won_problems)


def card_paid_out(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-1 5): the cash desk pays a balance on request, whatever the card's state, within the balance."""
    return _operation(replay, entry, sign=-1, text="desk", problems=controls.payout_problems)


def card_win_excess(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-4 7): the part of a win the card cannot take (past its cap, or all of it if the card is not active),
    paid by hand under art. 18-10."""
    check = card_check(replay, entry)
    rules = rules_of(check)
    check.citation = rules.cited(controls.EXCESS)
    card = card_named(replay, check)
    win, credited, amount = check.amount("win"), check.amount("credited", zero=True), check.amount("amount")
    check.text("machine", max_length=60)
    if card is not None and None not in (win, credited, amount):
        report(check, controls.excess_problems(card, win, credited, amount, rules))
    return check.problems


def card_transferred(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-1 8): between the two active nominative cards of one client, within the source's balance and the
    target's cap."""
    check = card_check(replay, entry)
    source, target, amount = card_named(replay, check), card_named(replay, check, "to"), check.amount("amount")
    if None in (source, target, amount):
        return check.problems
    report(check, controls.transfer_problems(source, target, amount, rules_of(check)))
    movements(replay, check, [(source, -amount), (target, amount)])
    return check.problems


def card_benefit(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-1 11): points or free games, for an active nominative card only, with a reason; no money moves."""
    check, payload = card_check(replay, entry), entry.payload
    card = card_named(replay, check)
    check.text("reason", max_length=200)  # as the ledger bounds it
    if card is not None:
        report(check, controls.benefit_problems(card, payload.get("points"), payload.get("free_games"),
                                                rules_of(check)))
    return check.problems


def card_adjusted(replay: Replay, entry: Audited) -> list[Problem]:
    """A supervisor (a manager) corrects a balance, with the reason and the balances before and after, within the
    cap."""
    check = card_check(replay, entry)
    check.actor_role()
    card = card_named(replay, check)
    before, after = check.number("before"), check.amount("after", zero=True)
    check.text("reason", max_length=200)  # as the ledger bounds it
    if card is None or after is None:
        return check.problems
    if before is not None and before != card.balance:
        check.fail(ADJUST_BEFORE, written=Amount(before), expected=Amount(card.balance))
    report(check, controls.adjust_problems(card, after, rules_of(check)))
    movements(replay, check, [(card, after - card.balance)])
    return check.problems


def card_to_orphelins(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-4 8): a found card's whole balance goes to the orphelins: a day card's at once, a nominative card's once
    it has been held for its holder the rule's weeks."""
    check = card_check(replay, entry)
    rules = rules_of(check)
    check.citation = rules.cited(controls.HOLD)
    card, amount = card_named(replay, check), check.amount("amount")
    if card is None or amount is None:
        return check.problems
    report(check, controls.to_orphelins_problems(card, amount, entry.payload.get("source"), entry.gaming_day, rules))
    movements(replay, check, [(card, -amount)])
    return check.problems


def _excesses(replay: Replay) -> dict[int, tuple[dict, object]]:
    """The casino's wins past the cap (n° → payload, recorded at), read once per replay of the jackpots register."""
    def read():
        rows = Entry.objects.filter(register__casino=replay.casino, register__kind=RegisterKind.CARTES,
                                    kind=WIN_EXCESS).values_list("seq", "payload", "recorded_at")
        return {seq: (json.loads(payload), recorded) for seq, payload, recorded in rows}
    return replay.part("cards.excesses", read)


def _decimal(value):
    """A payload's amount as a Decimal; a value that is not one, as written (the control finds it unequal)."""
    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return value
    return number if number.is_finite() else value


def excess_payment(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-4 7), 18-10: a hand-paid jackpot that settles a win past a card's cap names an excess recorded before
    it, pays its amount for its machine, and only once (controls.py `excess_payment_problems`, as the service)."""
    check, payload = Check(replay, entry, excess_citation(replay.casino, entry.gaming_day)), entry.payload
    if KEY not in payload:
        return check.problems
    seq, paid = payload[KEY], replay.part("cards.excesses_paid", dict)
    found = _excesses(replay).get(seq) if isinstance(seq, int) and not isinstance(seq, bool) else None
    recorded = None
    if found is not None and found[1] <= entry.entry.recorded_at:
        recorded = controls.ExcessRecorded(str(found[0].get("machine", "")), _decimal(found[0].get("amount")),
                                           paid.get(seq))
    proposed = controls.ProposedExcessPayment(seq, str(payload.get("machine", "")), _decimal(payload.get("amount")))
    report(check, controls.excess_payment_problems(recorded, proposed, check.citation, rules_of(check)))
    if recorded is not None:
        paid.setdefault(seq, entry.seq)
    return check.problems
