"""Reading the caisse spéciale (LU RGD 1979 art. 3-4 9) and 18-14): each card's statement of a gaming day,
every card's, and each desk's, with the encaisse of art. 18-14 al. 2.

A card's balance on a day is read from its movements, never from `Card.balance` (today's): the opening
balance is the `balance_after` of its last movement (by id) of an earlier gaming day, the closing one that of
its last movement of the day (else the opening). `opening + Σ movements == closing` holds whenever the
movements of a day were recorded after those of the days before; a movement filed later on an earlier day
shows as a difference, which the statement reports instead of hiding. The sums run in PostgreSQL: one
grouped query over the day's movements (index `cardmovement_day`) and one over the casino's cards with
two indexed look-ups each (index `cardmovement_card_last`), whatever the number of cards.
"""

import datetime
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import connection
from django.db.models import Count, DecimalField, JSONField, Q, Sum, TextField, Value
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Coalesce
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino

from ...chain.selectors import FrenchCsv
from ...kinds import MOVEMENT_LABELS, RegisterKind
from ...models import Card, CardKind, CardMovement, CardStatus, Entry
from ..excess import Excess, excess_entries, excess_of, excesses_outstanding
from ..ledger import ADJUSTED, BET, LOADED, PAID_OUT, TO_ORPHELINS, TRANSFERRED, WON, excess_citation
from ..selectors import movements_of
from .services import COUNTED, DESK_RULE, ENCAISSE_RULE, MOMENT_LABELS, caisse_citation

ZERO = Decimal("0.00")
AMOUNT = DecimalField(max_digits=14, decimal_places=2)

# the columns of a card's day, each a filter on its movements (the deltas keep their sign)
COLUMNS = {
    "loads": Q(kind=LOADED),
    "bets": Q(kind=BET),
    "wins": Q(kind=WON),
    "payouts": Q(kind=PAID_OUT),
    "transfers_in": Q(kind=TRANSFERRED, delta__gt=0),
    "transfers_out": Q(kind=TRANSFERRED, delta__lt=0),
    "adjustments": Q(kind=ADJUSTED),
    "to_orphelins": Q(kind=TO_ORPHELINS),
}
COLUMN_LABELS = {
    "loads": _("Chargements"),
    "bets": _("Mises"),
    "wins": _("Gains"),
    "payouts": _("Paiements"),
    "transfers_in": _("Transferts reçus"),
    "transfers_out": _("Transferts émis"),
    "adjustments": _("Ajustements"),
    "to_orphelins": _("Vers orphelins"),
}


# --- one card ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Movement:
    kind: str
    amount: Decimal  # the signed delta
    balance_after: Decimal
    seq: int

    @property
    def label(self) -> str:
        return str(MOVEMENT_LABELS.get(self.kind, self.kind))


@dataclass(frozen=True)
class CardStatement:
    card: Card
    day: datetime.date
    opening: Decimal
    movements: list[Movement]
    closing: Decimal

    @property
    def total(self) -> Decimal:
        return sum((m.amount for m in self.movements), ZERO)

    @property
    def difference(self) -> Decimal:
        """closing − (opening + Σ movements): zero when the day's statement balances."""
        return self.closing - (self.opening + self.total)

    @property
    def balanced(self) -> bool:
        return self.difference == 0


def _opening(card_ref, day: datetime.date):
    return (movements_of(card_ref).filter(gaming_day__lt=day).order_by("-id")
            .values("balance_after")[:1])


def card_statement(card: Card, day: datetime.date) -> CardStatement:
    """The card's day: its balance before, each movement with its register entry, its balance after."""
    opening = _opening(card, day).first()
    moves = (movements_of(card).filter(gaming_day=day).order_by("id")
             .values_list("kind", "delta", "balance_after", "entry__seq"))
    movements = [Movement(kind, delta, after, seq) for kind, delta, after, seq in moves]
    start = opening["balance_after"] if opening else ZERO
    return CardStatement(card, day, start, movements, movements[-1].balance_after if movements else start)


# --- every card ----------------------------------------------------------------------------------------


@dataclass
class CardLine:
    number: str
    kind: str = ""
    status: str = ""
    opening: Decimal = ZERO
    closing: Decimal = ZERO
    movements: Decimal = ZERO  # Σ of the day's deltas
    count: int = 0
    loads: Decimal = ZERO
    bets: Decimal = ZERO
    wins: Decimal = ZERO
    payouts: Decimal = ZERO
    transfers_in: Decimal = ZERO
    transfers_out: Decimal = ZERO
    adjustments: Decimal = ZERO
    to_orphelins: Decimal = ZERO

    @property
    def kind_label(self) -> str:
        return str(CardKind(self.kind).label) if self.kind else ""

    @property
    def status_label(self) -> str:
        return str(CardStatus(self.status).label) if self.status else ""

    @property
    def columns(self) -> list[Decimal]:
        return [getattr(self, name) for name in COLUMNS]

    @property
    def other(self) -> Decimal:
        """Movements of a kind no column names (none today): shown rather than lost."""
        return self.movements - sum(self.columns, ZERO)

    @property
    def difference(self) -> Decimal:
        return self.closing - (self.opening + self.movements)

    @property
    def balanced(self) -> bool:
        return self.difference == 0

    def add(self, other: "CardLine") -> None:
        for name in ("opening", "closing", "movements", "count", *COLUMNS):
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class CardsStatement:
    casino: Casino
    day: datetime.date
    lines: list[CardLine]
    totals: CardLine = field(default_factory=lambda: CardLine(number=""))

    @property
    def balanced(self) -> bool:
        """Σ opening + Σ movements = Σ closing, and every card's own statement balances."""
        return self.totals.balanced and all(line.balanced for line in self.lines)

    @property
    def unbalanced(self) -> list[CardLine]:
        return [line for line in self.lines if not line.balanced]


# Each card's opening (its last movement before the day, one probe of the index (casino, card, id) per card, in its
# casino's partitions only) and closing (its last movement of the day, if it moved, else its opening), in one statement.
BALANCES = """
WITH day_last AS (SELECT DISTINCT ON (card_id) card_id, balance_after FROM registers_cardmovement
                  WHERE casino_id = %(casino)s AND gaming_day = %(day)s ORDER BY card_id, id DESC)
SELECT c.id, c.number, c.kind, c.status, coalesce(o.balance_after, 0) AS opening,
       coalesce(d.balance_after, o.balance_after, 0) AS closing, d.card_id IS NOT NULL AS moved
FROM registers_card c
LEFT JOIN day_last d ON d.card_id = c.id
LEFT JOIN LATERAL (SELECT balance_after FROM registers_cardmovement
                   WHERE casino_id = c.casino_id AND card_id = c.id AND gaming_day < %(day)s
                   ORDER BY id DESC LIMIT 1) o ON true
WHERE c.casino_id = %(casino)s AND (c.balance <> 0 OR c.moved_on >= %(day)s)"""  # the others held nothing that day


def _balances(casino: Casino, day: datetime.date, *, after: str | None = None,
              limit: int | None = None) -> list[tuple]:
    """(id, number, kind, status, opening, closing) of each card that moved on `day` or holds a balance at its end,
    by number, computed by PostgreSQL; the first `limit` of them after the card `after` when given (the CSV's
    batches)."""
    keyset = " AND number > %(after)s" if after is not None else ""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM ({BALANCES}) AS cards WHERE (moved OR closing <> 0){keyset} ORDER BY number"  # nosec B608  # constant SQL, values bound
                       + (" LIMIT %(limit)s" if limit else ""),
                       {"casino": casino.pk, "day": day, "after": after, "limit": limit})
        return [row[:6] for row in cursor.fetchall()]


def _sums(casino: Casino, day: datetime.date, cards: list[int] | None = None) -> dict[int, dict]:
    """{card id: its movements' count, Σ and columns} of the day (of `cards` only, when given)."""
    movements = CardMovement.objects.filter(casino=casino, gaming_day=day)
    if cards is not None:
        movements = movements.filter(card__in=cards)
    return {
        row.pop("card"): row
        for row in movements.values("card")
        .annotate(movements=Sum("delta"), count=Count("id"),
                  **{name: Coalesce(Sum("delta", filter=q), Value(ZERO), output_field=AMOUNT)
                     for name, q in COLUMNS.items()})
        .order_by()
    }


def _lines(balances: list[tuple], sums: dict[int, dict]) -> list[CardLine]:
    return [CardLine(number=number, kind=kind, status=status, opening=opening, closing=closing, **sums.get(pk, {}))
            for pk, number, kind, status, opening, closing in balances]


def cards_statement(casino: Casino, day: datetime.date) -> CardsStatement:
    """One line per card that moved on `day` or holds a balance at its end, with the totals."""
    statement = CardsStatement(casino, day, _lines(_balances(casino, day), _sums(casino, day)))
    for line in statement.lines:
        statement.totals.add(line)
    return statement


def cards_balance_at(casino: Casino, day: datetime.date) -> Decimal:
    """Σ of every card's balance at the end of `day` (what the cards hold of the encaisse, art. 18-14 al. 2)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT coalesce(sum(closing), 0) FROM ({BALANCES}) AS cards", {"casino": casino.pk,  # nosec B608  # constant SQL, values bound
                                                                                        "day": day})
        return cursor.fetchone()[0]


# --- the desks -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeskCount:
    seq: int
    moment: str
    cash: Decimal
    tokens: Decimal
    actor: str
    recorded_at: datetime.datetime

    @property
    def total(self) -> Decimal:
        return self.cash + self.tokens


@dataclass
class DeskLine:
    desk: str  # "" when the load or payout named no desk
    loads: int = 0
    cash_in: Decimal = ZERO
    payouts: int = 0
    cash_out: Decimal = ZERO  # positive: what the desk paid out
    count: DeskCount | None = None

    @property
    def net(self) -> Decimal:
        return self.cash_in - self.cash_out


@dataclass
class DeskStatement:
    casino: Casino
    day: datetime.date
    desks: list[DeskLine]
    cards: Decimal  # Σ card balances at the end of the day
    excesses: list[Excess]
    citation: str = ""  # art. 18-14 al. 2, as the rule data cites it on the day
    excess_citation: str = ""  # art. 3-4 7), 18-10

    @property
    def cash_in(self) -> Decimal:
        return sum((d.cash_in for d in self.desks), ZERO)

    @property
    def cash_out(self) -> Decimal:
        return sum((d.cash_out for d in self.desks), ZERO)

    @property
    def net(self) -> Decimal:
        return self.cash_in - self.cash_out

    @property
    def cash(self) -> Decimal:
        return sum((d.count.cash for d in self.desks if d.count), ZERO)

    @property
    def tokens(self) -> Decimal:
        return sum((d.count.tokens for d in self.desks if d.count), ZERO)

    @property
    def encaisse(self) -> Decimal:
        """Cash + tokens + the values held on the cards' accounts (art. 18-14 al. 2)."""
        return self.cash + self.tokens + self.cards

    @property
    def uncounted(self) -> list[str]:
        return [d.desk for d in self.desks if d.count is None and d.desk]

    @property
    def excess_total(self) -> Decimal:
        return sum((e.amount for e in self.excesses), ZERO)

    @property
    def excess_due_total(self) -> Decimal:
        """What of the day's excesses is still to pay by hand (not filed in the jackpots register yet)."""
        return sum((e.amount for e in self.excesses if e.due), ZERO)


def _entries(casino: Casino, day: datetime.date, kind: str):
    return (Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.CARTES, gaming_day=day,
                                 kind=kind).order_by("seq"))


def desk_statement(casino: Casino, day: datetime.date, *, cards: Decimal | None = None) -> DeskStatement:
    """Per desk named by the day's loads and payouts: cash in, cash out, net, and its last count of the day;
    the encaisse of the caisse spéciale; the wins past the cap to pay by hand, each with its payment in the
    jackpots register (`card_excess`). `cards`, when the caller has
    the day's Σ closing balances already, saves computing it again."""
    desk = KeyTextTransform("desk", Cast("entry__payload", JSONField()))
    rows = (CardMovement.objects.filter(casino=casino, gaming_day=day, kind__in=(LOADED, PAID_OUT))
            .annotate(desk=Coalesce(desk, Value(""), output_field=TextField())).values("desk")
            .annotate(cash_in=Coalesce(Sum("delta", filter=Q(kind=LOADED)), Value(ZERO), output_field=AMOUNT),
                      cash_out=Coalesce(-Sum("delta", filter=Q(kind=PAID_OUT)), Value(ZERO), output_field=AMOUNT),
                      loads=Count("id", filter=Q(kind=LOADED)), payouts=Count("id", filter=Q(kind=PAID_OUT)))
            .order_by())
    desks = {row["desk"]: DeskLine(row["desk"], row["loads"], row["cash_in"], row["payouts"],
                                   row["cash_out"]) for row in rows}
    for entry in _entries(casino, day, COUNTED).select_related("actor"):
        payload = json.loads(entry.payload)
        line = desks.setdefault(payload["desk"], DeskLine(payload["desk"]))
        line.count = DeskCount(entry.seq, payload.get("moment", ""), Decimal(payload["cash"]),
                               Decimal(payload["tokens"]), entry.actor.get_full_name() or entry.actor.username,
                               entry.recorded_at)  # entries come in order: the last count stays
    excesses = [excess_of(entry) for entry in excess_entries(casino).filter(gaming_day=day).order_by("seq")]
    ordered = sorted(desks.values(), key=lambda d: (d.desk == "", d.desk.casefold()))
    return DeskStatement(casino, day, ordered, cards_balance_at(casino, day) if cards is None else cards, excesses,
                         caisse_citation(casino, ENCAISSE_RULE, day), excess_citation(casino, day))


# --- the spreadsheet -----------------------------------------------------------------------------------

CSV_HEADERS = (
    gettext_noop("Carte"), gettext_noop("Type"), gettext_noop("Statut"), gettext_noop("Solde d'ouverture"),
    gettext_noop("Chargements"), gettext_noop("Mises"), gettext_noop("Gains"), gettext_noop("Paiements"),
    gettext_noop("Transferts reçus"), gettext_noop("Transferts émis"), gettext_noop("Ajustements"),
    gettext_noop("Vers orphelins"), gettext_noop("Solde de clôture"), gettext_noop("Écart"),
)


CSV_BATCH = 2000  # cards read at a time, by number


def cards_csv(casino: Casino, day: datetime.date) -> Iterator[str]:
    """The day's card statement as a spreadsheet opens it in French: `;`, decimal comma, BOM; the amounts of
    the day keep their sign (a bet is negative); the last line holds the totals. Sent as it is read: CSV_BATCH
    cards at a time after the last one sent (by number), the totals summed on the way."""
    sheet = FrenchCsv()
    totals = CardLine(number="")

    def amounts(line: CardLine) -> list[str]:
        return [number_format(v, 2) for v in (line.opening, *line.columns, line.closing, line.difference)]

    with translation.override("fr"):  # entered for each part, not held across a yield
        sheet.row([gettext(header) for header in CSV_HEADERS])
    yield sheet.taken()
    after = None
    while True:
        balances = _balances(casino, day, after=after, limit=CSV_BATCH)
        lines = _lines(balances, _sums(casino, day, [row[0] for row in balances]) if balances else {})
        with translation.override("fr"):
            for line in lines:
                sheet.row([line.number, line.kind_label, line.status_label, *amounts(line)])
                totals.add(line)
        if len(balances) < CSV_BATCH:
            break
        yield sheet.taken()
        after = balances[-1][1]
    with translation.override("fr"):
        sheet.row([gettext("Total"), "", "", *amounts(totals)])
    yield sheet.taken()


def statement_citations(casino: Casino, day: datetime.date) -> dict[str, str]:
    return {"desk": caisse_citation(casino, DESK_RULE, day), "encaisse": caisse_citation(casino, ENCAISSE_RULE, day),
            "excess": excess_citation(casino, day)}


def statement(casino: Casino, day: datetime.date) -> dict:
    """Everything the day's statement of the caisse spéciale shows (its PDF, signed or not)."""
    cards = cards_statement(casino, day)
    return {"casino": casino, "day": day, "cards": cards,
            "desks": desk_statement(casino, day, cards=cards.totals.closing),
            "outstanding": excesses_outstanding(casino), "columns": list(COLUMN_LABELS.values()),
            "moments": MOMENT_LABELS, "citations": statement_citations(casino, day),
            "home_jurisdiction": casino.jurisdiction}


def desks_uncounted(casino: Casino, first: datetime.date, last: datetime.date) -> list[tuple[datetime.date, str]]:
    """Each (day, desk) from `first` to `last` whose loads or payouts named the desk and no count of it was filed
    that day (the « À faire » home): two queries, whatever the number of movements."""
    desk = KeyTextTransform("desk", Cast("entry__payload", JSONField()))
    used = set(CardMovement.objects.filter(casino=casino, gaming_day__range=(first, last),
                                           kind__in=(LOADED, PAID_OUT))
               .annotate(desk=desk).exclude(desk__isnull=True).exclude(desk="")
               .values_list("gaming_day", "desk").distinct().order_by())
    counted = {(day, json.loads(payload)["desk"]) for day, payload in Entry.objects.filter(
        register__casino=casino, register__kind=RegisterKind.CARTES, gaming_day__range=(first, last),
        kind=COUNTED).values_list("gaming_day", "payload")}
    return sorted(used - counted)
