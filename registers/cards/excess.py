"""The wins past a card's cap (LU RGD 1979 art. 3-4 7)) and their payment by hand (art. 18-10).

The part of a slot win the card cannot take is a `carte.gain_excedent` entry of the casino's `cartes` register;
its payment by hand is an entry of the `jackpots` register (`appareils.jackpots.jackpot_manual_payout_file`)
whose payload names it (`"card_excess": <its n°>`): this module registers the check of that payment there. An
excess is « payée » once that entry is in the register (countersigned), « en attente de contresignature » while
the filing waits in the queue, « à payer » otherwise. The state is read
with two correlated sub-queries on the excess entries, so a list costs one query whatever its length.
"""

import datetime
import json
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import IntegerField, JSONField, OuterRef, QuerySet, Subquery
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino

from ..appareils.jackpots import Settlement
from ..chain.selectors import standing
from ..kinds import RegisterKind
from ..models import Entry, PendingEntry
from .controls import ExcessRecorded, ProposedExcessPayment, excess_payment_problems, refuse
from .ledger import WIN_EXCESS, excess_citation, rules_of

KEY = "card_excess"  # the payload key of a jackpots-register filing that pays an excess
DUE, PENDING, PAID = "a_payer", "en_attente", "payee"
STATE_LABELS = {
    DUE: _("à payer"),
    PENDING: _("en attente de contresignature"),
    PAID: _("payée"),
}


def _filings(model) -> QuerySet:
    """The jackpots-register rows of `model` (Entry or PendingEntry) that pay an excess, with its n°."""
    filings = model.objects.filter(register__kind=RegisterKind.JACKPOTS, payload__contains=f'"{KEY}":')
    if model is Entry:  # a corrected payment pays nothing
        filings = standing(filings)
    return (filings
            .annotate(excess_seq=Cast(KeyTextTransform(KEY, Cast("payload", JSONField())), IntegerField())))


def paying_entry(casino: Casino, seq: int) -> Entry | None:
    """The jackpots-register entry (countersigned) that paid excess n° `seq`, if any."""
    return _filings(Entry).filter(register__casino=casino, excess_seq=seq).order_by("seq").first()


def paying_pending(casino: Casino, seq: int) -> PendingEntry | None:
    """The filing that pays excess n° `seq` and still awaits its countersignature, if any."""
    return (_filings(PendingEntry).filter(register__casino=casino, excess_seq=seq, entry__isnull=True)
            .order_by("pk").first())


def excess_entries(casino: Casino) -> QuerySet[Entry]:
    """The casino's excess entries, each with `paid_seq` (the paying jackpots entry) and `pending_pk` (the
    filing awaiting its countersignature), both None while the excess is still to pay."""
    paid = (_filings(Entry).filter(register__casino=OuterRef("register__casino"), excess_seq=OuterRef("seq"))
            .order_by("seq").values("seq")[:1])
    pending = (_filings(PendingEntry).filter(register__casino=OuterRef("register__casino"), entry__isnull=True,
                                             excess_seq=OuterRef("seq")).order_by("pk").values("pk")[:1])
    return (Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.CARTES, kind=WIN_EXCESS)
            .annotate(paid_seq=Subquery(paid), pending_pk=Subquery(pending)))


@dataclass(frozen=True)
class Excess:
    """The part of a slot win past the card's cap, paid by hand (art. 3-4 7) with 18-10), and its payment."""

    seq: int
    card: str
    machine: str
    win: Decimal
    credited: Decimal
    amount: Decimal
    citation: str
    gaming_day: datetime.date | None = None
    paid_seq: int | None = None  # the jackpots-register entry that paid it
    pending_pk: int | None = None  # the filing that pays it, awaiting its countersignature

    @property
    def state(self) -> str:
        return PAID if self.paid_seq else PENDING if self.pending_pk else DUE

    @property
    def state_label(self) -> str:
        return str(STATE_LABELS[self.state])

    @property
    def due(self) -> bool:
        return self.state == DUE


def excess_of(entry: Entry) -> Excess:
    """An excess entry (annotated by `excess_entries`, or not: then its payment is unknown) as an Excess."""
    p = json.loads(entry.payload)
    return Excess(entry.seq, p.get("card", ""), p.get("machine", ""), Decimal(p["win"]), Decimal(p["credited"]),
                  Decimal(p["amount"]), p.get("citation", ""), entry.gaming_day,
                  getattr(entry, "paid_seq", None), getattr(entry, "pending_pk", None))


@dataclass
class Outstanding:
    """The casino's excesses not paid yet, whatever their day: to pay, or awaiting a countersignature."""

    excesses: list[Excess] = field(default_factory=list)

    @property
    def due(self) -> list[Excess]:
        return [e for e in self.excesses if e.state == DUE]

    @property
    def pending(self) -> list[Excess]:
        return [e for e in self.excesses if e.state == PENDING]

    @property
    def due_total(self) -> Decimal:
        return sum((e.amount for e in self.due), Decimal("0.00"))

    @property
    def pending_total(self) -> Decimal:
        return sum((e.amount for e in self.pending), Decimal("0.00"))

    @property
    def due_days(self) -> list[datetime.date]:
        return sorted({e.gaming_day for e in self.due})


def excesses_outstanding(casino: Casino) -> Outstanding:
    """Every excess of the casino not paid yet (no countersigned jackpots entry), oldest first: one query."""
    entries = excess_entries(casino).filter(paid_seq__isnull=True).order_by("gaming_day", "seq")
    return Outstanding([excess_of(entry) for entry in entries])


def _check_excess(casino: Casino, seq, *, machine: str, amount: Decimal) -> None:
    """The excess exists in the casino's `cartes` register, is paid at its amount for its machine, and only once
    (controls.py `excess_payment_problems`, which the audit asks again)."""
    found = None
    if isinstance(seq, int) and not isinstance(seq, bool) and seq > 0:
        found = Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.CARTES, kind=WIN_EXCESS,
                                     seq=seq).first()
    recorded = None
    if found is not None:
        excess, paid, pending = json.loads(found.payload), paying_entry(casino, seq), paying_pending(casino, seq)
        recorded = ExcessRecorded(str(excess.get("machine", "")), Decimal(excess["amount"]),
                                  paid.seq if paid else None, pending.pk if pending else None)
    proposed = ProposedExcessPayment(seq, machine, amount)
    refuse(excess_payment_problems(recorded, proposed, excess_citation(casino), rules_of(casino)), casino)


# what registers/hooks.py contributes to the jackpots' settlements: this debt, and its check
SETTLEMENT = Settlement(KEY, _check_excess)
