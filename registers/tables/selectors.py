"""Reading the table games: each session's figures and the win and hold of any grouping (table, pit, game, session,
day, month), exact in the casino's currency.

win = drop − fills + credits + (closing inventory − opening inventory); hold = win / drop. A voided fill or credit
counts for nothing; a session not yet closed, or whose drop is not counted, has no win yet (its running result,
credits − fills, is shown instead)."""

import datetime
import hashlib
import itertools
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth import authenticate
from django.core.cache import cache
from django.db import connection
from django.db.models import Count, DecimalField, Exists, Max, OuterRef, Prefetch, Q, Sum, Value
from django.db.models.functions import Coalesce, Collate
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import Casino, User
from games.models import Game
from registers.errors import ErrorCode

from ..chain.selectors import FrenchCsv
from ..kinds import RegisterKind
from ..models import GamingSession, GamingTable, Register, Slip, SlipKind, SlipVoid, TableSession
from ..models.tables import TableLimitChange
from . import controls, errors, rules
from .rules import is_table_game
from .slips import SIGNATORIES, VOIDABLE

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


def _sessions(casino: Casino, first: datetime.date, last: datetime.date, table: GamingTable | None = None):
    """The sessions between two gaming days with the sums of their live fills, credits and commissions."""
    return (TableSession.objects.filter(table__casino=casino, gaming_day__range=(first, last))
            .filter(**({"table": table} if table else {}))
            .annotate(fills=_sum(SlipKind.FILL), credits=_sum(SlipKind.CREDIT),
                      commissions=_sum(SlipKind.COMMISSION), closings=Count("slips", filter=Q(
                          slips__kind=SlipKind.CLOSING)), drops=Count("slips", filter=Q(slips__kind=SlipKind.DROP)))
            .select_related("table__game"))


def _singles(casino: Casino, first: datetime.date, last: datetime.date, sessions: list[int] | None = None) -> dict:
    """{session id: {kind: slip}}: the live opening, closing and drop of each session (of `sessions` when given)."""
    slips = Slip.objects.filter(casino=casino, gaming_day__range=(first, last),
                                kind__in=(SlipKind.OPENING, SlipKind.CLOSING, SlipKind.DROP),
                                void__isnull=True)  # a voided drop count, counted again
    if sessions is not None:
        slips = slips.filter(session_id__in=sessions)
    singles = defaultdict(dict)
    for slip in slips.values("session_id", "kind", "amount", "signatures"):
        singles[slip["session_id"]][slip["kind"]] = slip
    return singles


def _figures(session: TableSession, own: dict) -> SessionFigures:
    drop = own.get(SlipKind.DROP)
    return SessionFigures(
        session_id=session.pk, table=session.table.number, pit=session.table.pit, game=session.table.game.key,
        gaming_day=session.gaming_day, number=session.number, bank_mode=session.bank_mode,
        float_amount=session.float_amount, opening=own[SlipKind.OPENING]["amount"],
        closing=own[SlipKind.CLOSING]["amount"] if SlipKind.CLOSING in own else None,
        fills=session.fills, credits=session.credits, drop=drop["amount"] if drop else None,
        commission=session.commissions, drop_counters=drop["signatures"] if drop else {})


def session_figures(casino: Casino, first: datetime.date, last: datetime.date,
                    table: GamingTable | None = None) -> list[SessionFigures]:
    """Every session of the casino's tables between two gaming days, in table then time order, one query."""
    sessions = _sessions(casino, first, last, table).order_by("table__pit", "table__number", "gaming_day", "number")
    singles = _singles(casino, first, last)
    return [_figures(session, singles[session.pk]) for session in sessions]


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


# --- the pages and the API: a gaming day's pits, a session's slips, the trend of the hold, the CSV ---------------

MAXIMUM_PER = {"main": _("par main"), "emplacement": _("par emplacement"), "case": _("par case"), "mise": _("par mise")}
CSV_HEADERS = (_("Journée de jeu"), _("Îlot"), _("Table"), _("Jeu"), _("Séance"), _("Tenue de la banque"), _("Avance"),
               _("Mise minimale"), _("Mise maximale"), _("Maximum"), _("Citation des limites"),
               _("Inventaire d'ouverture"), _("Approvisionnements"), _("Crédits"), _("Inventaire de fermeture"),
               _("Drop"), _("Commissions"), _("Win"), _("Hold (%)"), _("Compteurs du drop"))


def table_get(casino: Casino, pk) -> GamingTable:
    return get_object_or_404(GamingTable.objects.select_related("game", "casino__jurisdiction"), casino=casino, pk=pk)


def table_find(casino: Casino, number: str) -> GamingTable:
    """The casino's table by its number, as a client names it."""
    table = GamingTable.objects.filter(casino=casino, number=str(number).strip()).select_related("game").first()
    if table is None:
        raise DomainError(errors.UNKNOWN_TABLE.format(number=number), code=ErrorCode.UNKNOWN_TABLE, field="table")
    return table


def session_get(casino: Casino, pk) -> TableSession:
    """A session of the casino's tables (another casino's is a 404, as any object outside the caller's scope)."""
    return get_object_or_404(TableSession.objects.select_related("table__game", "table__casino__jurisdiction",
                                                                 "entry__register"), table__casino=casino, pk=pk)


def slip_get(casino: Casino, pk) -> Slip:
    return get_object_or_404(Slip.objects.select_related("session__table__casino", "entry__register"),
                             casino=casino, pk=pk)


ROLES = {"croupier": _("croupier"), "superviseur": _("superviseur de table"), "demandeur": _("demandeur"),
         "caissier": _("caissier"), "porteur": _("porteur"), "compteur_1": _("premier compteur"),
         "compteur_2": _("second compteur")}


def session_slips(session: TableSession) -> list[Slip]:
    """The session's slips in the order they were filed, each with its void (or None) and its entry, its pieces
    ([(count, denomination)], highest first) and who signed it ([(role, name)], in the order the slip names them)."""
    slips = list(session.slips.select_related("void__entry__countersigner", "void__voided_by", "entry__register")
                 .order_by("id"))
    for slip in slips:
        slip.pieces = sorted(((count, Decimal(value)) for value, count in slip.denominations.items()),
                             key=lambda piece: -piece[1])
        order = SIGNATORIES.get(slip.kind, ())
        slip.signed = [(str(ROLES.get(role, role)), slip.signatures[role])
                       for role in sorted(slip.signatures, key=lambda r: order.index(r) if r in order else 99)]
    return slips


def books(casino: Casino) -> list[str]:
    """The casino's books of the tables already opened (the first slip opens them): the carnet d'avances, the
    carnets spéciaux."""
    kinds = (RegisterKind.AVANCES, RegisterKind.CARNETS_SPECIAUX)
    opened = set(Register.objects.filter(casino=casino, kind__in=kinds).values_list("kind", flat=True))
    return [kind for kind in kinds if kind in opened]


def day_closed(casino: Casino, day: datetime.date) -> bool:
    """Whether the casino's gaming day is closed: nothing more is filed on it."""
    return GamingSession.objects.filter(casino=casino, gaming_day=day).exists()


def live(slip: Slip) -> bool:
    return getattr(slip, "void", None) is None


def session_closed(session: TableSession) -> bool:
    return session.slips.filter(kind=SlipKind.CLOSING).exists()


def session_state(session: TableSession, slips: list[Slip] | None = None) -> controls.SessionState:
    """The session's stage as its slips leave it (a voided drop count no longer counts), for its controls; `slips`,
    its slips with their voids where the caller has them (session_slips)."""
    if slips is not None:
        live_kinds = {slip.kind for slip in slips if live(slip)}
    else:
        live_kinds = {kind for kind, void in session.slips.filter(
            kind__in=(SlipKind.CLOSING, SlipKind.DROP, SlipKind.COMMISSION)).values_list("kind", "void__id")
            if void is None}
    return controls.SessionState(
        table=session.table.number, day=session.gaming_day, number=session.number,
        stage=controls.stage_of(closed=SlipKind.CLOSING in live_kinds, counted=SlipKind.DROP in live_kinds),
        commission=SlipKind.COMMISSION in live_kinds)


@dataclass(frozen=True)
class CurrentLimits:
    """A session's limits as they stand: the table's own, and each spot's {bet: (minimum, maximum)}."""

    minimum: Decimal
    maximum: Decimal
    spots: dict
    since: datetime.datetime | None = None  # when the table's own were last changed during the séance; None: opening


def current_limits(session: TableSession, changes: list | None = None) -> CurrentLimits:
    """The limits the session opened with, each change during the séance applied in turn (`changes`: its changes in
    order, where the caller has them)."""
    minimum, maximum, since = session.minimum, session.maximum, None
    spots = {bet: (Decimal(limits["minimum"]), Decimal(limits["maximum"])) for bet, limits in session.spots.items()}
    for change in session.limit_changes.order_by("changed_at", "id") if changes is None else changes:
        if change.spot:
            spots[change.spot] = (change.minimum, change.maximum)
        else:
            minimum, maximum, since = change.minimum, change.maximum, change.changed_at
    return CurrentLimits(minimum, maximum, spots, since)


def table_state(table: GamingTable, day: datetime.date) -> tuple[controls.SessionState | None, int]:
    """The table's latest session (by day and number) with its stage, and its last session number on `day`."""
    latest = TableSession.objects.filter(table=table).select_related("table").order_by("-gaming_day", "-number") \
        .first()
    last = TableSession.objects.filter(table=table, gaming_day=day).aggregate(n=Max("number"))["n"] or 0
    return (session_state(latest) if latest is not None else None), last


def voidable_slips(session: TableSession) -> list[Slip]:
    return [slip for slip in session_slips(session) if slip.kind in VOIDABLE and live(slip)]


def expected_serial(casino: Casino, year: int) -> int | None:
    """The serial the next fill or credit of `year` must bear; None when the year has none yet (any number)."""
    last = Slip.objects.filter(casino=casino, year=year).aggregate(last=Max("serial"))["last"]
    return None if last is None else last + 1


def countersigners(casino: Casino, actor) -> list:
    """Who may sign a void second: the casino's active staff, the actor aside."""
    return list(User.objects.filter(casino=casino, is_active=True, role__in=User.CASINO_ROLES)
                .exclude(pk=actor.pk).order_by("last_name", "first_name", "username"))


def countersigner_find(casino: Casino, actor, username: str, password: str, request=None, *,
                       oneself: DomainError | None = None):
    """The second person of a void or of a late import, present: one of the casino's other active staff, who types
    their own password (the casino's internal control; wrong attempts count towards the account's lockout like a
    sign-in). `oneself`: the refusal when the actor names themself."""
    if username == getattr(actor, "username", None):
        raise oneself or DomainError(errors.VOID_TWO_PEOPLE.format(user=username), code=ErrorCode.INVALID,
                                     field="countersigner")
    found = next((user for user in countersigners(casino, actor) if user.username == username), None)
    if found is None:
        raise DomainError(errors.COUNTERSIGNER_UNKNOWN.format(name=username), code=ErrorCode.INVALID,
                          field="countersigner")
    if authenticate(request, username=username, password=password or "") != found:
        raise DomainError(errors.COUNTERSIGNER_PASSWORD.format(name=username), code=ErrorCode.INVALID,
                          field="countersigner_password")
    return found


def table_games(casino: Casino) -> list[Game]:
    """The games of the casino's jurisdiction that are played at a table."""
    return [game for game in Game.objects.filter(jurisdiction=casino.jurisdiction).order_by("name")
            if is_table_game(game.key)]


def game_name(game: Game) -> str:
    return game.name_en if (get_language() or "fr").startswith("en") and game.name_en else game.name


@dataclass
class Totals:
    """What a pit, or the whole day, adds up to: every session's fills and credits (voids aside), the running result
    of the tables still open, and the drop, win and hold of the sessions whose drop is counted."""

    sessions: int = 0
    open: int = 0
    complete: int = 0
    fills: Decimal = ZERO
    credits: Decimal = ZERO
    running: Decimal = ZERO
    drop: Decimal = ZERO
    win: Decimal = ZERO

    @property
    def hold(self) -> Decimal | None:
        return hold(self.win, self.drop) if self.complete else None

    def add(self, figures: SessionFigures) -> None:
        self.sessions += 1
        self.fills += figures.fills
        self.credits += figures.credits
        if not figures.closed:
            self.open += 1
            self.running += figures.running
        if figures.win is not None:
            self.complete += 1
            self.drop += figures.drop
            self.win += figures.win


@dataclass
class SessionLine:
    session: TableSession
    figures: SessionFigures
    fills: list[Slip]
    credits: list[Slip]
    limits: CurrentLimits | None = None  # in force now, the opening's as changed during the séance (art. 37-11, 37-17)

    @property
    def per_label(self) -> str:
        return str(MAXIMUM_PER.get(self.session.maximum_per, self.session.maximum_per))


@dataclass
class TableLine:
    table: GamingTable
    game: str
    sessions: list[SessionLine]
    earlier_open: TableSession | None = None  # still open from an earlier gaming day


@dataclass
class Pit:
    name: str
    tables: list[TableLine]
    totals: Totals


@dataclass
class PitDay:
    day: datetime.date
    pits: list[Pit]
    totals: Totals
    bank_mode: str
    bank_citation: str


def pit_day(casino: Casino, day: datetime.date) -> PitDay:
    """The casino's tables on a gaming day, by pit: each session with its limits, its bank, its fills and credits
    (voided ones kept, marked), its running result or, once closed and counted, its drop, win and hold; the totals of
    each pit and of the day."""
    figures = {row.session_id: row for row in session_figures(casino, day, day)}
    sessions = (TableSession.objects.filter(pk__in=figures).select_related("table")
                .order_by("table__pit", "table__number", "number"))
    slips = defaultdict(list)
    for slip in (Slip.objects.filter(casino=casino, gaming_day=day, kind__in=(SlipKind.FILL, SlipKind.CREDIT))
                 .select_related("void").order_by("serial", "id")):
        slips[slip.session_id].append(slip)
    changes = defaultdict(list)  # the day's limit changes, one query: each session's limits in force now
    for change in TableLimitChange.objects.filter(session__in=list(figures)).order_by("changed_at", "id"):
        changes[change.session_id].append(change)
    by_table = defaultdict(list)
    for session in sessions:
        own = slips[session.pk]
        by_table[session.table_id].append(SessionLine(
            session=session, figures=figures[session.pk], fills=[s for s in own if s.kind == SlipKind.FILL],
            credits=[s for s in own if s.kind == SlipKind.CREDIT],
            limits=current_limits(session, changes[session.pk])))
    earlier = {session.table_id: session for session in open_sessions(casino) if session.gaming_day < day}
    pits, day_totals = [], Totals()
    tables = GamingTable.objects.filter(casino=casino).select_related("game").order_by("pit", "number")
    for name in sorted({table.pit for table in tables}):
        lines, totals = [], Totals()
        for table in (table for table in tables if table.pit == name):
            line = TableLine(table=table, game=game_name(table.game), sessions=by_table[table.pk],
                             earlier_open=earlier.get(table.pk))
            for session in line.sessions:
                totals.add(session.figures)
                day_totals.add(session.figures)
            lines.append(line)
        pits.append(Pit(name=name, tables=lines, totals=totals))
    bank = rules.bank(casino, day)
    return PitDay(day=day, pits=pits, totals=day_totals, bank_mode=bank.mode, bank_citation=bank.citation)


def session_line(session: TableSession) -> SessionLine:
    """One session's figures and its fills and credits (voided ones kept, marked)."""
    (figures,) = [row for row in session_figures(session.table.casino, session.gaming_day, session.gaming_day,
                                                 table=session.table) if row.session_id == session.pk]
    own = session_slips(session)
    return SessionLine(session=session, figures=figures, fills=[s for s in own if s.kind == SlipKind.FILL],
                       credits=[s for s in own if s.kind == SlipKind.CREDIT])


def sessions_of_day(casino: Casino, day: datetime.date) -> list[SessionLine]:
    """The API's reading of a gaming day: every session with its figures and all its slips."""
    figures = {row.session_id: row for row in session_figures(casino, day, day)}
    sessions = (TableSession.objects.filter(pk__in=figures).select_related("table__game")
                .prefetch_related(Prefetch("slips", queryset=Slip.objects.select_related("void", "entry__register")
                                           .order_by("id")))
                .order_by("table__pit", "table__number", "number"))
    return [SessionLine(session=session, figures=figures[session.pk], fills=[], credits=[]) for session in sessions]


def month_start(day: datetime.date, back: int = 0) -> datetime.date:
    index = day.year * 12 + day.month - 1 - back
    return datetime.date(index // 12, index % 12 + 1, 1)


def month_end(day: datetime.date) -> datetime.date:
    return month_start(day, -1) - datetime.timedelta(days=1)


@dataclass
class TrendRow:
    """A table (or the whole casino, `table` None) and its groups by month: None for a month without a counted
    drop."""

    label: str
    table: GamingTable | None
    months: list[Group | None]


@dataclass
class Trend:
    months: list[datetime.date]  # the first day of each month, oldest first
    rows: list[TrendRow]
    total: TrendRow


# Each session's fills, credits, inventories and drop (live slips only), then per table and month the sessions, those
# with a win, and their sums: a year of a pit in one statement, however many slips.
TREND = """
WITH per_session AS (
  SELECT s.table_id, to_char(s.gaming_day, 'YYYY-MM') AS month,
         coalesce(sum(sl.amount) FILTER (WHERE sl.kind = %(fill)s), 0) AS fills,
         coalesce(sum(sl.amount) FILTER (WHERE sl.kind = %(credit)s), 0) AS credits,
         max(sl.amount) FILTER (WHERE sl.kind = %(opening)s) AS opening,
         max(sl.amount) FILTER (WHERE sl.kind = %(closing)s) AS closing,
         max(sl.amount) FILTER (WHERE sl.kind = %(drop)s) AS drop
  FROM registers_tablesession s
  LEFT JOIN registers_slip sl ON sl.session_id = s.id
    AND NOT EXISTS (SELECT 1 FROM registers_slipvoid v WHERE v.slip_id = sl.id)
  WHERE s.table_id = ANY(%(tables)s) AND s.gaming_day BETWEEN %(first)s AND %(last)s
    AND date_trunc('month', s.gaming_day)::date = ANY(%(months)s)
  GROUP BY s.id, s.table_id, month
)
SELECT table_id, month, count(*),
       count(*) FILTER (WHERE closing IS NOT NULL AND drop IS NOT NULL),
       coalesce(sum(drop) FILTER (WHERE closing IS NOT NULL AND drop IS NOT NULL), 0),
       coalesce(sum(fills) FILTER (WHERE closing IS NOT NULL AND drop IS NOT NULL), 0),
       coalesce(sum(credits) FILTER (WHERE closing IS NOT NULL AND drop IS NOT NULL), 0),
       coalesce(sum(drop - fills + credits + closing - opening)
                FILTER (WHERE closing IS NOT NULL AND drop IS NOT NULL), 0)
FROM per_session GROUP BY table_id, month"""


# A month whose every day is closed keeps its sums: its sessions, slips and voids can no longer change (each is
# refused on a closed day), so they are summed once and kept, under a name that its days' closes make unique.
CLOSES = """SELECT to_char(gaming_day, 'YYYY-MM'), count(*), max(closed_at) FROM registers_gamingsession
WHERE casino_id = %s AND gaming_day BETWEEN %s AND %s GROUP BY 1"""


def _trend_sums(casino: Casino, tables: list[GamingTable], starts: list[datetime.date]) -> dict:
    """{(table id, "YYYY-MM"): (sessions, counted, drop, fills, credits, win)} of the months from `starts`: the
    closed months' as kept, the others summed now."""
    last = month_end(starts[-1])
    with connection.cursor() as cursor:
        cursor.execute(CLOSES, [casino.pk, starts[0], last])
        closes = {month: (count, closed_at) for month, count, closed_at in cursor.fetchall()}
    pit = hashlib.sha256(",".join(str(t.pk) for t in sorted(tables, key=lambda t: t.pk)).encode()).hexdigest()[:16]
    names = {}
    for start in starts:
        key = start.strftime("%Y-%m")
        count, closed_at = closes.get(key, (0, None))
        if count == (month_end(start) - start).days + 1:
            names[key] = f"tables:trend:{casino.pk}:{key}:{pit}:{closed_at.isoformat()}"
    kept = cache.get_many(list(names.values())) if names else {}
    sums = {pair: values for month in kept.values() for pair, values in month.items()}
    missing = [start for start in starts if names.get(start.strftime("%Y-%m")) not in kept]
    if not missing:
        return sums
    with connection.cursor() as cursor:
        cursor.execute(TREND, {"fill": SlipKind.FILL, "credit": SlipKind.CREDIT, "opening": SlipKind.OPENING,
                               "closing": SlipKind.CLOSING, "drop": SlipKind.DROP, "tables": [t.pk for t in tables],
                               "first": missing[0], "last": month_end(missing[-1]), "months": missing})
        fresh = {(table, month): tuple(values) for table, month, *values in cursor.fetchall()}
    sums.update(fresh)
    cache.set_many({names[key]: {pair: values for pair, values in fresh.items() if pair[1] == key}
                    for key in (start.strftime("%Y-%m") for start in missing) if key in names}, timeout=None)
    return sums


def hold_trend(casino: Casino, last: datetime.date, months: int = 12) -> Trend:
    """The win and hold of each table and of the casino by month, over the `months` months ending with `last`'s,
    summed by PostgreSQL (as `win_and_hold` sums a day's sessions: hold = Σ win / Σ drop), a closed month's kept."""
    starts = [month_start(last, back) for back in range(months - 1, -1, -1)]
    keys = [start.strftime("%Y-%m") for start in starts]
    tables = list(GamingTable.objects.filter(casino=casino).select_related("game").order_by("pit", "number"))
    sums = _trend_sums(casino, tables, starts) if tables else {}

    def group(key, values):
        return Group(key, *values) if values and values[1] else None  # a month without a win: no figure

    rows = [TrendRow(table.number, table, [group(key, sums.get((table.pk, key))) for key in keys])
            for table in tables]
    totals = [[sum(values) for values in zip(*[v for (_t, month), v in sums.items() if month == key], strict=True)]
              for key in keys]
    return Trend(months=starts, rows=[r for r in rows if any(r.months)],
                 total=TrendRow("", None, [group(key, total) for key, total in zip(keys, totals, strict=True)]))


CSV_BATCH = 2000  # sessions read, and their slips looked up, at a time


def sessions_csv(casino: Casino, first: datetime.date, last: datetime.date) -> Iterator[str]:
    """The sessions of a day or a month as a spreadsheet opens them in French: `;` between fields, decimal comma,
    BOM; an open or uncounted session has no win nor hold. Sent as it is read, by day, pit, table and session: a
    batch of sessions at a time, with one look-up of their opening, closing and drop slips."""
    sheet = FrenchCsv()
    games = {game.key: game.name for game in Game.objects.filter(jurisdiction_id=casino.jurisdiction_id)}
    # the pit and the table by code point ("C"), as Python sorted them when the file was built whole
    sessions = _sessions(casino, first, last).order_by("gaming_day", Collate("table__pit", "C"),
                                                       Collate("table__number", "C"), "number")

    def amount(value):
        return "" if value is None else number_format(value, 2)

    with translation.override("fr"):  # entered for each part, not held across a yield
        sheet.row([str(header) for header in CSV_HEADERS])
    yield sheet.taken()
    for batch in itertools.batched(sessions.iterator(CSV_BATCH), CSV_BATCH):
        singles = _singles(casino, first, last, [session.pk for session in batch])
        with translation.override("fr"):
            for session in batch:
                row = _figures(session, singles[session.pk])
                sheet.row([
                    row.gaming_day.isoformat(), row.pit, row.table, games.get(row.game, row.game), row.number,
                    row.bank_mode, amount(row.float_amount), amount(session.minimum), amount(session.maximum),
                    str(MAXIMUM_PER.get(session.maximum_per, session.maximum_per)), session.limits_citation,
                    amount(row.opening), amount(row.fills), amount(row.credits), amount(row.closing),
                    amount(row.drop), amount(row.commission), amount(row.win),
                    "" if row.hold is None else number_format(row.hold * 100, 2),
                    " ; ".join(row.drop_counters.values()),
                ])
        yield sheet.taken()
