"""Benchmark of issue 16: a month of a Luxembourg poker room (48 tables × 30 gaming days × 695 deals ≈ 1,000,000
deals, each table dealing round the clock, a deal every two minutes on average), played by the simulator in two
processes and written as the room's Open Hand History file, then imported all or nothing through
`registers.poker_room.imports.hands_import` and the month reconciled (target for both together ≤ 5 min, the
import's memory ≤ 2 GiB); the engine alone replays deals in memory (target ≥ 50,000 deals/s); the audit recomputes
every deal's digest.

Run by ./scripts/bench poker (or with no argument, every benchmark)."""

import datetime
import io
import os
import random
import resource
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

import django
from django.db import connection

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
django.setup()

from benchmarks import PASSWORD, banner, figures_written, sized  # noqa: E402
from compliance.models import Casino, User  # noqa: E402
from compliance.reconciliation.services import reconciliation_run_range  # noqa: E402
from compliance.services import casino_create, jurisdictions_load, system_user, user_create  # noqa: E402
from games.poker import hand as deal  # noqa: E402
from games.poker.replay import replay  # noqa: E402
from games.poker.simulator import Table, play  # noqa: E402
from registers.chain.audit import register_audit  # noqa: E402
from registers.chain.services import pending_countersign  # noqa: E402
from registers.kinds import RegisterKind  # noqa: E402
from registers.management.audit import CHECKS  # noqa: E402
from registers.models import PokerHand, PokerSession, Register  # noqa: E402
from registers.poker.services import cagnotte_file  # noqa: E402
from registers.poker_room.imports import hands_import  # noqa: E402
from registers.poker_room.services import poker_session_open  # noqa: E402
from registers.scale.poker import PLAYERS, room_file, table_of  # noqa: E402

TABLES = sized(48, 2)
DAYS = sized(30, 2)
DEALS = sized(695, 40)  # per table and gaming day, in one session from 19:05 to the next afternoon: ≈ 1,000,000
ENGINE = sized(100_000, 500)  # deals replayed in memory for the engine's figure
RESULTS: dict = {}


def say(name, value, target=""):
    RESULTS[name] = value
    print(f"  {name:<58} {value:>14}  {target}", flush=True)


def people():
    actor = system_user()
    jurisdictions_load(actor=actor)
    casino = Casino.objects.filter(code="bench-poker").first()
    if casino is None:
        today = datetime.datetime.now(datetime.UTC).date()
        casino = casino_create(
            actor=actor, jurisdiction_code="LU", code="bench-poker", name="Casino Bench Poker",
            operator_name="Bench SA", licence_number="B-P-1", address="1, rue du Pot",
            share_capital=Decimal("1000000.00"), opened_on=today - datetime.timedelta(days=DAYS + 10),
            draft_basis="Banc d'essai : application du projet de règlement grand-ducal")
        Casino.objects.filter(pk=casino.pk).update(late_filing_days=DAYS + 5)  # the month is filed as it is played
        casino.refresh_from_db()
    users = {}
    for username, role in (("bench.poker.caisse", "accountant"), ("bench.poker.direction", "manager")):
        users[role] = User.objects.filter(username=username).first() or user_create(
            actor=actor, username=username, password=PASSWORD, role=role, casino=casino)
    return casino, users["accountant"], users["manager"]


def sessions(casino, manager, days) -> list[PokerSession]:
    """Each table opened each evening at 19:00, hold'em no limit 5/10 at 5 % or Omaha pot limit 2/4 at 5 %."""
    zone = casino.jurisdiction.timezone
    opened = []
    for day in days:
        for index in range(TABLES):
            holdem = index % 2 == 0
            opened.append(poker_session_open(
                casino=casino, actor=manager, gaming_day=day, table=f"{'TH' if holdem else 'OM'}-{index + 1:02d}",
                variant=deal.HOLDEM if holdem else deal.OMAHA, version=deal.NO_LIMIT if holdem else deal.POT_LIMIT,
                minimum="10" if holdem else "4", small_blind="5" if holdem else "2", big_blind="10" if holdem else "4",
                rake_rate="0.05", opened_at=datetime.datetime.combine(day, datetime.time(19),
                                                                      tzinfo=_zone(zone))))
    return opened


def _zone(name):
    from zoneinfo import ZoneInfo

    return ZoneInfo(name)


def generate(opened: list[PokerSession], folder: Path) -> Path:
    started = time.perf_counter()
    path, count = room_file(opened, DEALS, folder)
    say(f"room's file written: {count:,} deals, {path.stat().st_size / 1e6:,.0f} MB (s)",
        f"{time.perf_counter() - started:.1f}", "two processes")
    return path


def counted(casino, cashier, manager, days) -> None:
    """The cagnotte counted for each table and day, as the deals' rake says (a clean month: no finding)."""
    sums = (PokerHand.objects.filter(casino=casino, gaming_day__in=days).values_list("gaming_day", "table")
            .order_by().annotate(rake=django.db.models.Sum("rake_declared")))
    for day, table, rake in sums:
        pending_countersign(pending=cagnotte_file(casino=casino, actor=cashier, gaming_day=day, table=table,
                                                  house=str(rake), bad_beat="0", box_count=str(rake),
                                                  currency=casino.currency), countersigner=manager)


def engine(opened: list[PokerSession]) -> None:
    session = opened[0]
    name, variant, version, small, big, seats, currency, session_rules, start, seed = table_of(session)
    table = Table(name, variant, version, small, big, False, 0, 0, seats, currency, session_rules)
    dealt = list(play(table, start, ENGINE, random.Random(seed), PLAYERS))
    started = time.perf_counter()
    for one in dealt:
        replay(one, session_rules)
    elapsed = time.perf_counter() - started
    say(f"engine alone, {len(dealt):,} hold'em deals replayed (deals/s)", f"{len(dealt) / elapsed:,.0f}",
        "target ≥ 50,000 deals/s")


def main():
    banner()
    print(f"Poker: {TABLES} tables × {DAYS} gaming days × {DEALS} deals")
    casino, cashier, manager = people()
    today = casino.today()
    days = [today - datetime.timedelta(days=DAYS - offset) for offset in range(DAYS)]
    if PokerHand.objects.filter(casino=casino).exists():
        print("  (the month is already imported: its figures come from the first run)")
        return
    started = time.perf_counter()
    opened = sessions(casino, manager, days)
    say(f"{len(opened):,} sessions opened through the service (s)", f"{time.perf_counter() - started:.1f}")
    engine(opened)
    with tempfile.TemporaryDirectory(prefix="vigie-bench-poker-") as folder:
        path = generate(opened, Path(folder))
        started = time.perf_counter()
        result = hands_import(casino=casino, actor=cashier, source=path)
        imported = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    assert result.created == TABLES * DAYS * DEALS and len(result.days) == DAYS, result.as_dict()
    say(f"hands_import, {result.created:,} deals (s)", f"{imported:.1f}")
    say("hands_import (deals/s)", f"{result.created / imported:,.0f}")
    say("peak memory of the importing process (MiB)", f"{peak:,.0f}", "target ≤ 2,048 MiB")
    with connection.cursor() as cursor:
        cursor.execute("SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = "
                       "%s::regclass", [f"registers_pokerhand_c{casino.pk}"])
        stored = cursor.fetchone()[0] or 0
    say("stored per deal, indexes included (bytes)", f"{stored / result.created:,.0f}")
    started = time.perf_counter()
    counted(casino, cashier, manager, days)
    say(f"cagnotte counted, {TABLES * DAYS:,} table-days, filed and countersigned (s)",
        f"{time.perf_counter() - started:.1f}", "setup, not timed below")
    started = time.perf_counter()
    done = reconciliation_run_range(casino=casino, first=days[0], last=days[-1], actor=cashier)
    reconciled = time.perf_counter() - started
    findings = sum(r.findings.count() for r in done)
    say(f"reconciliation_run_range, {len(done)} gaming days (s)", f"{reconciled:.1f}")
    assert findings == 0, f"{findings} finding(s) on a clean month"
    say("import + reconciliation of the month (s)", f"{imported + reconciled:.1f}", "target ≤ 300 s")
    started = time.perf_counter()
    register = Register.objects.get(casino=casino, kind=RegisterKind.CAGNOTTE)
    audited = register_audit(register, CHECKS)
    assert audited.findings == [], audited.findings[:3]
    say(f"registers_audit of the cagnotte, {result.created:,} deals' digests (s)",
        f"{time.perf_counter() - started:.1f}")
    figures_written("poker", RESULTS)


if __name__ == "__main__":
    io.DEFAULT_BUFFER_SIZE = 1 << 16
    main()
