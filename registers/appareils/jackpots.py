"""Hand-paid slot jackpots (LU RGD 1979 art. 18-10), signed by two people.

A jackpot paid by hand is filed by the cashier and countersigned by the chef de salle (a manager): the casino's
internal control, not the text's. What the text says is where the original receipt goes: « dans une armoire spéciale
munie de deux clés dont l'une est détenue par le chef de salle et l'autre par le caissier » (art. 18-10 al. 4), the
payload's `quittance_citation`.

A payout may settle what another register owes: today the part of a slot win past a card's cap (art. 3-4 7)),
named in the payload as `card_excess`. The family that owns such a debt contributes its `Settlement` to the point
`compliance.hooks.SETTLEMENTS` (registers/hooks.py), and the check runs under the lock of this register, so two
cashiers paying the same debt at once are serialised and the second is refused; this register never reads the other
one.
"""

import datetime
import json
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction

from compliance.hooks import SETTLEMENTS
from compliance.models import Casino, User

from .. import controls
from ..chain.selectors import kind_applies, standing
from ..chain.services import pending_file, register_for, verify_actor, verify_gaming_day
from ..fields import clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import Entry, PendingEntry, Register
from ..money import check_currency, parse_amount
from .controls import Fleet, Payouts, ProposedPayout, paid, payout_problems, receipt_problems
from .selectors import machines_register, machines_state
from .services import MACHINE_MAX, rules_on

# art. 18-10 al. 4: the original receipt in a cabinet with two keys, the chef de salle's and the cashier's
RECEIPT_RULE = "appareils_a_sous.quittance_armoire_deux_cles"


def jackpot_citation(casino: Casino, day: datetime.date) -> str:
    """What a hand-paid jackpot's two signatures rest on: the casino's own control in every jurisdiction (art. 18-10
    al. 4 gives the cabinet two keys, not the payout two signatures). `day` kept for the callers' symmetry."""
    return controls.written(controls.PAYOUT)


def receipt_citation(casino: Casino, day: datetime.date) -> str:
    """Where the original receipt is kept: the two-key cabinet of art. 18-10 al. 4 where the casino's texts have it,
    else the casino's own control."""
    return controls.cited(casino, RECEIPT_RULE, day, controls.RECEIPT_CABINET)


@dataclass(frozen=True)
class Settlement:
    """A debt of another register that a hand-paid jackpot may settle: the payload key that names it, and the
    check (casino, the debt's reference, machine, amount) that refuses a wrong or second payment."""

    key: str
    check: Callable[..., None]


def jackpot_manual_payout_file(
    *,
    casino: Casino,
    actor: User,
    gaming_day: datetime.date,
    machine: str,
    amount,
    currency: str,
    receipt_number: str,
    receipt_in_cabinet: bool,
    settles: dict | None = None,
    late_reason: str = "",
) -> PendingEntry:
    """The cashier files a jackpot paid by hand; the chef de salle countersigns it. `settles` names what of
    another register the payment settles (`{"card_excess": n°}`), each checked by its owner's `Settlement`."""
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    machine = clean_text(machine, field="machine", max_length=MACHINE_MAX)
    receipt_number = clean_text(receipt_number, field="receipt_number", max_length=60)
    value = parse_amount(amount)
    check_currency(casino, currency)
    citation, receipt_cited = jackpot_citation(casino, gaming_day), receipt_citation(casino, gaming_day)
    proposed = ProposedPayout(machine, gaming_day, receipt_number, bool(receipt_in_cabinet))
    controls.refuse_first(receipt_problems(proposed, receipt_cited), casino.jurisdiction)
    payload = {
        "machine": machine,
        "amount": value,
        "currency": currency,
        "receipt": receipt_number,
        "receipt_in_cabinet": True,
        "citation": citation,
        "quittance_citation": receipt_cited,
    }
    register = register_for(casino=casino, kind=RegisterKind.JACKPOTS)
    debts = {key: reference for key, reference in (settles or {}).items() if reference is not None}
    with transaction.atomic():
        # the lock every payout takes (and the countersignature, through entry_append): a debt is paid once
        Register.objects.select_for_update().get(pk=register.pk)
        for key, reference in debts.items():
            SETTLEMENTS[key].check(casino, reference, machine=payload["machine"], amount=value)
        controls.refuse_first(payout_problems(_floor(casino, gaming_day), receipts(register, receipt_number), proposed,
                                              rules_on(casino, gaming_day)), casino.jurisdiction)
        return pending_file(
            register=register,
            kind=EntryKind.JACKPOT_PAID,
            gaming_day=gaming_day,
            actor=actor,
            payload={**payload, **debts},
            countersigner_role=User.Role.MANAGER,
            citation=citation,
            late_reason=late_reason,
        )


def payout_still_valid(pending: PendingEntry) -> None:
    """At its countersignature, under the register's lock: the payout's controls asked again, the register having
    moved since its filing (another payout of its receipt countersigned first, say)."""
    payload, casino, day = json.loads(pending.payload), pending.register.casino, pending.gaming_day
    proposed = ProposedPayout(str(payload.get("machine", "")), day, str(payload.get("receipt", "")),
                              payload.get("receipt_in_cabinet") is True)
    controls.refuse_first(payout_problems(_floor(casino, day), receipts(pending.register, proposed.receipt), proposed,
                                          rules_on(casino, day)), casino.jurisdiction)


def _floor(casino: Casino, gaming_day: datetime.date) -> Fleet | None:
    """The register of machines, under its lock (a machine moved meanwhile is seen); None where the rules keep no
    register of machines (the machine is then as named)."""
    if not kind_applies(casino, RegisterKind.APPAREILS, gaming_day):
        return None
    machines = machines_register(casino)
    if machines is not None:
        Register.objects.select_for_update().get(pk=machines.pk)
    return machines_state(machines)


def receipts(register: Register, receipt: str) -> Payouts:
    """The payout of the register whose receipt is `receipt`, if there is one (none set aside by a correction)."""
    payouts = Payouts()
    written = json.dumps(receipt.strip(), ensure_ascii=False)  # as the canonical payload writes it
    entries = standing(Entry.objects.filter(register=register, kind=EntryKind.JACKPOT_PAID,
                                            payload__contains=f'"receipt":{written}'))
    for entry in entries.order_by("seq").only("seq", "payload"):
        paid(payouts, entry.seq, json.loads(entry.payload))
    return payouts
