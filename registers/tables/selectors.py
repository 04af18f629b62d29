"""Reading the table games: each session's figures and the win and hold of any grouping (table, pit, game, session,
day, month), exact in the casino's currency.

win = drop − fills + credits + (closing inventory − opening inventory); hold = win / drop. A voided fill or credit
counts for nothing; a session not yet closed, or whose drop is not counted, has no win yet (its running result,
credits − fills, is shown instead)."""

import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, DecimalField, Exists, OuterRef, Q, Sum, Value
from django.db.models.functions import Coalesce

from compliance.models import Casino

from ..models import GamingTable, Slip, SlipKind, SlipVoid, TableSession

ZERO = Decimal("0.00")
HOLD_PLACES = Decimal("0.0001")  # a hold as a fraction, to the hundredth of a per cent
GROUPINGS = ("table", "pit", "game", "session", "day", "month")


@dataclass(frozen=True)
class SessionFigures:
    session_id: int
    table: str
    pit: str
    game: str
    gaming_day: datetime.date
    number: int
    bank_mode: str
    float_amount: Decimal | None
    opening: Decimal
    closing: Decimal | None
    fills: Decimal
    credits: Decimal
    drop: Decimal | None
    commission: Decimal
    drop_counters: dict = field(default_factory=dict)

    @property
    def closed(self) -> bool:
        return self.closing is not None

    @property
    def running(self) -> Decimal:
        """What the table has given and taken back so far: credits − fills (+ the inventory's change once closed)."""
        change = (self.closing - self.opening) if self.closed else ZERO
        return self.credits - self.fills + change

    @property
    def win(self) -> Decimal | None:
        if not self.closed or self.drop is None:
            return None
        return self.drop - self.fills + self.credits + (self.closing - self.opening)

    @property
    def hold(self) -> Decimal | None:
        return hold(self.win, self.drop)


def hold(win: Decimal | None, drop: Decimal | None) -> Decimal | None:
    if win is None or not drop:
        return None
    return (win / drop).quantize(HOLD_PLACES)


def _sum(kind: str):
    live = Q(slips__kind=kind, slips__void__isnull=True)
    return Coalesce(Sum("slips__amount", filter=live), Value(ZERO), output_field=DecimalField(max_digits=16,
                                                                                             decimal_places=2))


def session_figures(casino: Casino, first: datetime.date, last: datetime.date,
                    table: GamingTable | None = None) -> list[SessionFigures]:
    """Every session of the casino's tables between two gaming days, in table then time order, one query."""
    sessions = (TableSession.objects.filter(table__casino=casino, gaming_day__range=(first, last))
                .filter(**({"table": table} if table else {}))
                .annotate(fills=_sum(SlipKind.FILL), credits=_sum(SlipKind.CREDIT),
                          commissions=_sum(SlipKind.COMMISSION), closings=Count("slips", filter=Q(
                              slips__kind=SlipKind.CLOSING)), drops=Count("slips", filter=Q(slips__kind=SlipKind.DROP)))
                .select_related("table__game").order_by("table__pit", "table__number", "gaming_day", "number"))
    singles = defaultdict(dict)
    for slip in Slip.objects.filter(casino=casino, gaming_day__range=(first, last),
                                    kind__in=(SlipKind.OPENING, SlipKind.CLOSING, SlipKind.DROP)).values(
            "session_id", "kind", "amount", "signatures"):
        singles[slip["session_id"]][slip["kind"]] = slip
    figures = []
    for session in sessions:
        own = singles[session.pk]
        drop = own.get(SlipKind.DROP)
        figures.append(SessionFigures(
            session_id=session.pk, table=session.table.number, pit=session.table.pit, game=session.table.game.key,
            gaming_day=session.gaming_day, number=session.number, bank_mode=session.bank_mode,
            float_amount=session.float_amount, opening=own[SlipKind.OPENING]["amount"],
            closing=own[SlipKind.CLOSING]["amount"] if SlipKind.CLOSING in own else None,
            fills=session.fills, credits=session.credits, drop=drop["amount"] if drop else None,
            commission=session.commissions, drop_counters=drop["signatures"] if drop else {}))
    return figures


@dataclass(frozen=True)
class Group:
    key: str
    sessions: int
    complete: int  # sessions with a win (closed and drop counted)
    drop: Decimal
    fills: Decimal
    credits: Decimal
    win: Decimal

    @property
    def hold(self) -> Decimal | None:
        return hold(self.win, self.drop)


def _key(figures: SessionFigures, by: str) -> str:
    return {"table": figures.table, "pit": figures.pit, "game": figures.game,
            "session": f"{figures.table} {figures.gaming_day.isoformat()} #{figures.number}",
            "day": figures.gaming_day.isoformat(), "month": figures.gaming_day.strftime("%Y-%m")}[by]


def win_and_hold(figures: list[SessionFigures], by: str) -> list[Group]:
    """The sessions with a win, summed per `by`; hold = Σ win / Σ drop (not the mean of the holds)."""
    if by not in GROUPINGS:
        raise ValueError(by)
    sums: dict[str, list] = {}
    for row in figures:
        bucket = sums.setdefault(_key(row, by), [0, 0, ZERO, ZERO, ZERO, ZERO])
        bucket[0] += 1
        if row.win is None:
            continue
        bucket[1] += 1
        bucket[2] += row.drop
        bucket[3] += row.fills
        bucket[4] += row.credits
        bucket[5] += row.win
    return [Group(key, *values) for key, values in sorted(sums.items())]


def open_sessions(casino: Casino) -> list[TableSession]:
    """The tables open now: sessions with no closing slip."""
    closing = Slip.objects.filter(session=OuterRef("pk"), kind=SlipKind.CLOSING)
    return list(TableSession.objects.filter(table__casino=casino).exclude(Exists(closing))
                .select_related("table__game").order_by("table__pit", "table__number"))


def slips_of_day(casino: Casino, day: datetime.date) -> list[Slip]:
    voided = SlipVoid.objects.filter(slip=OuterRef("pk"))
    return list(Slip.objects.filter(casino=casino, gaming_day=day).annotate(voided=Exists(voided))
                .select_related("session__table", "entry").order_by("id"))


def tables_of(casino: Casino) -> list[GamingTable]:
    return list(GamingTable.objects.filter(casino=casino).select_related("game"))
