"""The scale generator (issue 19): Luxembourg casinos, each with `years` of data ending yesterday, as a casino keeps
them. What a casino does rarely goes through the services (the casino, its people, its clients, tables and poker
sessions); the bulk goes the way the product takes a system's history in: the tables' slips and the poker room's
deals through their imports (every line checked, the late file countersigned), and the cards' operations by COPY,
each chained by the chain's own code and checked by PostgreSQL as any other (a movement continues its card's
balance, a balance stays within [0, cap]). Each day is then closed and the cards' register signed at each close.

At density 1 a casino-year holds ≈ 3,500,000 card movements (≈ 20,000 day cards, ≈ 500 nominative), 40 tables'
slips (≈ 290,000), ≈ 1,500,000 poker deals, ≈ 730 jackpots paid by hand and ≈ 180 orphelins (`floor.py`), and
the signed reports of its last day and month (compliance/reports/scale.py, through compliance.hooks.SCALE_GENERATED)."""

import datetime
import functools
import random
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from django.db import connection, transaction
from django.utils import timezone

from compliance.hooks import SCALE_GENERATED
from compliance.models import Casino, Jurisdiction, User
from compliance.profiles import concept
from compliance.services import casino_create, system_user, user_create
from games.poker import hand as deal

from ..archive.services import year_partitions_open
from ..cards.services import client_register
from ..cards.slot_system.services import slot_system_register
from ..chain.services import checkpoint_create, register_for
from ..direction.scale import direction_generate
from ..kinds import RegisterKind
from ..models import Card, CardMovement, CardSystemCertificate, Checkpoint, GamingSession, Register
from ..poker_room.imports import hands_import
from ..poker_room.services import poker_session_open
from ..tables.imports import slips_import
from ..tables.services import table_create
from . import poker as room
from . import tables as pit
from .cards import CardPlay, Cast, Day
from .floor import floor_generate
from .imports import ChainWriter, chain_rows_write, ids

PASSWORD = "Vigie-echelle-2026!"  # nosec B105  # the scale run's own password
CLIENTS, TABLES, POKER_TABLES, DEALS = 500, 40, 12, 343  # at density 1; deals per poker table and day
# An evening's deals, one to three minutes apart (games/poker/simulator.py), last at most 18 hours: they end before
# the next evening's session opens (23 hours later on the day the clocks go forward), within the 24 hours the import
# gives a session (registers/poker_room/selectors.py). With 685 deals a session could last 34 hours, and on the day
# the clocks go back (25 hours to the next session) a deal could fall in the hour that belongs to no session.
SESSION_OPENS, LONGEST_SESSION = 19, datetime.timedelta(hours=18)
LATE = "Reprise de l'historique du système précédent"
CARD_COLUMNS = ("id", "casino_id", "number", "kind", "client_id", "slot", "slots", "status", "cap", "balance",
                "mention", "gaming_day", "issued_by_id", "issued_at")
MOVEMENT_COLUMNS = ("entry_id", "card_id", "kind", "gaming_day", "delta", "balance_after", "casino_id")


@dataclass
class Generated:
    casino: str
    days: int
    cards: int = 0
    movements: int = 0
    entries: int = 0
    slips: int = 0
    hands: int = 0
    jackpots: int = 0
    orphelins: int = 0
    reports: int = 0
    seconds: dict[str, float] = field(default_factory=dict)


def scale_generate(*, casinos: int, years: int = 1, days: int | None = None, density: float = 1.0, first: int = 1,
                   until: datetime.date | None = None, progress: Callable[[str], object] = print) -> list[Generated]:
    """`casinos` casinos « echelle-<n> » (n from `first`), each with `years` years (or `days` days) ending
    yesterday (or `until`)."""
    return [casino_generate(code=f"echelle-{n}", span=days or 365 * years, density=density, seed=n, until=until,
                            progress=progress)
            for n in range(first, first + casinos)]


def casino_generate(*, code: str, span: int, density: float, seed: int, until: datetime.date | None = None,
                    progress: Callable[[str], object] = print, name: str | None = None, password: str = PASSWORD,
                    regulator: str | None = "echelle.ministere") -> Generated:
    """One casino and its people (`password`; the jurisdiction's `regulator` made if missing), then `span` days."""
    rng, actor = random.Random(seed), system_user()  # nosec B311  # scale data, seeded
    last = until or datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=1)
    days = [last - datetime.timedelta(days=n) for n in range(span - 1, -1, -1)]
    casino, cast = _casino(code, days[0], actor, name=name or f"Casino {code.title()}", password=password,
                           regulator=regulator)
    for year in range(days[0].year, max(last.year, casino.today().year) + 1):
        year_partitions_open(casino=casino, year=year)
    done = Generated(code, len(days))
    started = time.perf_counter()
    clients = [client_register(casino=casino, actor=cast.manager, last_name=f"Client {n}", first_name="Échelle",
                               birth_date=datetime.date(1960 + n % 40, 1 + n % 12, 1 + n % 28),
                               id_document_type="Passeport", id_document_number=f"{code}-{n}").pk
               for n in range(max(1, round(CLIENTS * density)))]
    _card_year(casino, cast, rng, density, clients, days, done, progress)
    done.seconds["cards"] = time.perf_counter() - started
    recent = [day for day in days if (casino.today() - day).days <= casino.late_filing_days]
    started = time.perf_counter()
    done.slips = _tables(casino, cast, recent, density)
    done.seconds["tables"] = time.perf_counter() - started
    progress(f"{code}: {done.slips:,} slips imported ({done.seconds['tables']:.0f} s)")
    started = time.perf_counter()
    done.hands = _poker(casino, cast, recent, density)
    done.seconds["poker"] = time.perf_counter() - started
    progress(f"{code}: {done.hands:,} poker deals imported ({done.seconds['poker']:.0f} s)")
    started = time.perf_counter()
    done.jackpots, done.orphelins = floor_generate(casino, cast, recent, density, rng)
    done.seconds["floor"] = time.perf_counter() - started
    progress(f"{code}: {done.jackpots:,} jackpots paid by hand and {done.orphelins:,} orphelins, countersigned "
             f"({done.seconds['floor']:.0f} s)")
    # the direction's register (LU art. 51, 52, 18-6 as the draft words them): its committee, its log, its designations
    progress(f"{code}: {direction_generate(casino, cast.manager, cast.cashier, days)} entries of the direction's "
             "register")
    _close(casino, cast, days)
    started = time.perf_counter()
    # the signed reports of the last day and month, asked by the apps above (compliance/reports/scale.py)
    done.reports = sum(follow(casino, cast.manager, days) for follow in SCALE_GENERATED)
    done.seconds["reports"] = time.perf_counter() - started
    progress(f"{code}: {done.reports} reports signed ({done.seconds['reports']:.0f} s)")
    return done


# The Luxembourg text is a draft: a generated casino applies it on a recorded basis, as every casino there must
# before its first entry (registers/chain/services.py verify_draft_basis), from its first day in Vigie.
DRAFT_BASIS = ("Lettre du Ministère des Finances : application du projet de règlement grand-ducal en attendant sa "
               "publication")


def _casino(code: str, first: datetime.date, actor: User, *, name: str, password: str,
            regulator: str | None) -> tuple[Casino, Cast]:
    """The casino and its people, through the services; the card system's certificate on record before the first
    day (art. 3-2), as the previous system held it."""
    casino = casino_create(actor=actor, jurisdiction_code="LU", code=code, name=name,
                           operator_name="Échelle SA", licence_number=f"LIC-{code}", address="1, rue de l'Échelle",
                           share_capital=Decimal("5000000.00"), opened_on=first - datetime.timedelta(days=1),
                           late_filing_days=366, draft_basis=DRAFT_BASIS)
    people = {role: user_create(actor=actor, username=f"{code}.{who}", password=password, role=role, casino=casino)
              for who, role in (("direction", User.Role.MANAGER), ("caisse", User.Role.ACCOUNTANT))}
    if regulator and not User.objects.filter(username=regulator).exists():
        user_create(actor=actor, username=regulator, password=password, role=User.Role.REGULATOR,
                    jurisdiction=Jurisdiction.objects.get(code="LU"))
    system, _key = slot_system_register(casino=casino, actor=people["manager"], name="Système des machines")
    before = _at(casino, first - datetime.timedelta(days=1), 9)
    with connection.cursor() as cursor:  # recorded before the year, as the history it comes with
        cursor.execute(f"INSERT INTO {CardSystemCertificate._meta.db_table} (casino_id, supplier, reference, "  # nosec B608  # the model's table name
                       "issued_on, recorded_by_id, recorded_at) VALUES (%s, %s, %s, %s, %s, %s)",
                       [casino.pk, "Fournisseur du système", f"CERT-{code}", first - datetime.timedelta(days=30),
                        people["manager"].pk, before])
    return casino, Cast(manager=people["manager"], cashier=people["accountant"], machine=system.user)


def _at(casino: Casino, day: datetime.date, hour: int) -> datetime.datetime:
    """`hour` o'clock of the gaming day in the casino's zone (30: 6 in the morning after, when the day closes)."""
    moment = datetime.datetime.combine(day, datetime.time(0), tzinfo=ZoneInfo(casino.jurisdiction.timezone))
    return moment + datetime.timedelta(hours=hour)


@transaction.atomic
def _card_day(casino_id: int, rows: Day, chained: list[tuple], day: datetime.date) -> tuple[int, int]:
    """Writes a day of cards: the cards issued, the entries chained, the movements (each naming its entry)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT vigie_partition('registers_cardmovement', %s, %s)", [casino_id, day])  # the year's, once
        with cursor.cursor.copy(f"COPY {Card._meta.db_table} ({', '.join(CARD_COLUMNS)}) FROM STDIN") as copy:
            for card in rows.cards:
                copy.write_row(card)
        entry_ids = chain_rows_write(casino_id, chained)
        with cursor.cursor.copy(f"COPY {CardMovement._meta.db_table} ({', '.join(MOVEMENT_COLUMNS)}) "
                                "FROM STDIN") as copy:
            for place, card, kind, delta, after in rows.movements:
                copy.write_row((entry_ids[place], card, kind, day, delta, after, casino_id))
    return len(rows.cards), len(rows.movements)


def _card_year(casino, cast, rng, density, clients, days, done: Generated, progress) -> None:
    """Each day is played here while the day before is written by a thread on a connection of its own: the first is
    Python's work, the second PostgreSQL's (its checks of every entry, movement and reference), on two cores. Within
    a caller's transaction, whose rows no other connection sees, each day is written here once played."""
    writer = ChainWriter(register_for(casino=casino, kind=RegisterKind.CARTES))
    play = CardPlay(casino, cast, writer, rng, density, clients)
    checkpoints, apart = [], not connection.in_atomic_block
    with ThreadPoolExecutor(max_workers=1) as database:  # one thread, one connection for the year
        writing = None
        for index, day in enumerate(days):
            rows = play.play(day, lambda count: ids(Card._meta.db_table, count))
            write = functools.partial(_card_day, casino.pk, rows, writer.take(), day)
            if writing is not None:  # at most one day ahead of what is written
                _tally(done, writing.result())
            writing = database.submit(write) if apart else _done(write())
            checkpoints.append(writer.checkpoint(signed_by=cast.manager, signed_at=_at(casino, day, 30)))
            if index % 30 == 29 or index == len(days) - 1:
                _tally(done, writing.result())
                writing = None
                Checkpoint.objects.bulk_create(checkpoints)  # of days written
                checkpoints = []
                progress(f"{casino.code}: cards to {day.isoformat()}: {done.cards:,} cards, "
                         f"{done.movements:,} movements")
        database.submit(lambda: connection.close()).result()  # the thread's own (looked up in the thread)
    done.entries += writer.written
    _balances(play)


def _done(result: tuple[int, int]) -> Future:
    written = Future()
    written.set_result(result)
    return written


def _tally(done: Generated, written: tuple[int, int]) -> None:
    done.cards, done.movements = done.cards + written[0], done.movements + written[1]


def _balances(play: CardPlay) -> None:
    """Each card's balance, its last movement's (PostgreSQL checks it, migration 0005), and its last day moved."""
    played = [card for card in play.cards.values() if card.moved_on]
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {Card._meta.db_table} AS c SET balance = v.balance, moved_on = v.moved_on "  # nosec B608  # the model's table name
                       "FROM unnest(%s::bigint[], %s::numeric[], %s::date[]) AS v(id, balance, moved_on) "
                       "WHERE c.id = v.id", [[card.pk for card in played], [card.balance for card in played],
                                             [card.moved_on for card in played]])


def _tables(casino: Casino, cast: Cast, days: list[datetime.date], density: float) -> int:
    """The pit's tables through the service, then their history through the table system's import."""
    tables = []
    for index in range(max(2, round(TABLES * density))):
        prefix, game, _, _ = pit.GAMES[index % len(pit.GAMES)]
        tables.append(table_create(casino=casino, actor=cast.manager, game=concept(casino.jurisdiction, game),
                                   number=f"{prefix}-{index + 1:02d}",
                                   pit=f"Îlot {'ABCDE'[index % 5]}"))
    with tempfile.TemporaryDirectory(prefix="vigie-echelle-") as folder:
        path = Path(folder) / "bordereaux.csv"
        pit.export(path, tables, days, first_serial=1, seed=casino.pk)
        return slips_import(casino=casino, actor=cast.cashier, source=path, countersigner=cast.manager,
                            late_reason=LATE).slips


def _poker(casino: Casino, cast: Cast, days: list[datetime.date], density: float) -> int:
    """Each poker table's session opened each evening through the service, then the room's file imported."""
    opened = []
    for day in days:
        for index in range(max(1, round(POKER_TABLES * density))):
            holdem = index % 2 == 0
            opened.append(poker_session_open(
                casino=casino, actor=cast.manager, gaming_day=day, table=f"{'TH' if holdem else 'OM'}-{index + 1}",
                variant=deal.HOLDEM if holdem else deal.OMAHA, version=deal.NO_LIMIT if holdem else deal.POT_LIMIT,
                minimum="10" if holdem else "4", small_blind="5" if holdem else "2", big_blind="10" if holdem else "4",
                rake_rate="0.05", opened_at=_at(casino, day, SESSION_OPENS)))
    with tempfile.TemporaryDirectory(prefix="vigie-echelle-") as folder:
        path, _count = room.room_file(opened, max(2, round(DEALS * density)), Path(folder))
        return hands_import(casino=casino, actor=cast.cashier, source=path).created


def _close(casino: Casino, cast: Cast, days: list[datetime.date]) -> None:
    """Every day closed once its history is in (the tables' and poker room's imports are filed now), then each
    register's head signed."""
    now = timezone.now()
    GamingSession.objects.bulk_create(GamingSession(casino=casino, gaming_day=day, closed_by=cast.manager,
                                                    closed_at=now) for day in days)
    for register in Register.objects.filter(casino=casino).exclude(kind=RegisterKind.CARTES):
        checkpoint_create(register=register, user=cast.manager, reason="session_close")
