"""Benchmark of issue 15: a casino's table system exports a year of slips (40 tables, ≈ 30,000 sessions, ≈ 300,000
slips), imported all or nothing through `registers.tables.imports.slips_import` (target ≥ 20,000 slips/s, the rows
written by COPY); the audit recomputes every imported day's digest from the rows; then the reconciliation of one
gaming day (target ≤ 2 s) and of the whole year (target ≤ 2 min).

Run by ./scripts/bench tables (or with no argument, every benchmark)."""

import datetime
import os
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
django.setup()

from benchmarks import PASSWORD, banner, figures_written, sized  # noqa: E402
from compliance.models import Casino, User  # noqa: E402
from compliance.profiles import concept  # noqa: E402
from compliance.reconciliation.services import reconciliation_run, reconciliation_run_range  # noqa: E402
from compliance.services import casino_create, jurisdictions_load, system_user, user_create  # noqa: E402
from registers.chain.audit import register_audit  # noqa: E402
from registers.kinds import RegisterKind  # noqa: E402
from registers.management.audit import CHECKS  # noqa: E402
from registers.models import GamingTable, Register, Slip, TableSession  # noqa: E402
from registers.scale.tables import GAMES, SESSIONS_PER_DAY, export  # noqa: E402
from registers.tables.imports import slips_import  # noqa: E402
from registers.tables.services import table_create  # noqa: E402

TABLES = sized(40, 4)
DAYS = sized(365, 6)
RESULTS: dict = {}


def say(name, value, target=""):
    RESULTS[name] = value
    print(f"  {name:<58} {value:>14}  {target}", flush=True)


def people():
    """A Luxembourg casino whose registers Vigie keeps since before the year imported, its cashier and two managers
    (the year's days are past the filing delay: the import gives its reason and a manager countersigns it)."""
    actor = system_user()
    jurisdictions_load(actor=actor)
    casino = Casino.objects.filter(code="bench-tables").first()
    if casino is None:
        today = datetime.datetime.now(datetime.UTC).date()
        casino = casino_create(
            actor=actor, jurisdiction_code="LU", code="bench-tables", name="Casino Bench Tables",
            operator_name="Bench SA", licence_number="B-T-1", address="1, rue du Banc",
            share_capital=Decimal("1000000.00"), opened_on=today - datetime.timedelta(days=DAYS + 10),
            draft_basis="Banc d'essai : application du projet de règlement grand-ducal")
    users = {}
    for username, role in (("bench.tables.caisse", "accountant"), ("bench.tables.direction", "manager")):
        users[role] = User.objects.filter(username=username).first() or user_create(
            actor=actor, username=username, password=PASSWORD, role=role, casino=casino)
    tables = list(GamingTable.objects.filter(casino=casino).select_related("game").order_by("id"))
    for index in range(len(tables), TABLES):
        prefix, game, _, _ = GAMES[index % len(GAMES)]
        tables.append(table_create(casino=casino, actor=users["manager"], game=concept(casino.jurisdiction, game),
                                   number=f"{prefix}-{index + 1:02d}", pit=f"Îlot {'ABCDE'[index % 5]}"))
    return casino, users["accountant"], users["manager"], tables


def import_year(casino, cashier, manager, tables) -> tuple[datetime.date, datetime.date]:
    today = casino.today()
    days = [today - datetime.timedelta(days=DAYS - offset) for offset in range(DAYS)]  # up to yesterday
    done = TableSession.objects.filter(table__casino=casino, gaming_day__in=days).exists()
    if done:
        print("  (the year is already imported: its figures come from the first run)")
        return days[0], days[-1]
    with tempfile.TemporaryDirectory(prefix="vigie-bench-tables-") as folder:
        path = Path(folder) / "bordereaux.csv"
        started = time.perf_counter()
        lines = export(path, tables, days, first_serial=1)
        say(f"export written: {lines:,} slips, {path.stat().st_size / 1e6:.1f} MB (s)",
            f"{time.perf_counter() - started:.1f}")
        started = time.perf_counter()
        result = slips_import(casino=casino, actor=cashier, source=path, countersigner=manager,
                              late_reason="Reprise de l'historique du système de gestion des tables")
        elapsed = time.perf_counter() - started
    assert result.slips == lines and len(result.days) == DAYS, result
    say(f"slips_import, {result.slips:,} slips, {result.sessions:,} sessions (s)", f"{elapsed:.1f}")
    say("slips_import (slips/s)", f"{result.slips / elapsed:,.0f}", "target ≥ 20,000 slips/s")
    say("entries written (one per register and gaming day)", f"{len(result.entries):,}")
    return days[0], days[-1]


def audit_carnets(casino) -> None:
    """The audit recomputes each imported day's digest from its slips' rows."""
    started = time.perf_counter()
    slips, problems = 0, 0
    for register in Register.objects.filter(casino=casino, kind__in=(RegisterKind.AVANCES,
                                                                    RegisterKind.CARNETS_SPECIAUX)):
        audited = register_audit(register, CHECKS)
        problems += len(audited.findings)
    slips = Slip.objects.filter(casino=casino).count()
    assert problems == 0, f"{problems} finding(s)"
    say(f"registers_audit of the carnets, {slips:,} slips' digests (s)", f"{time.perf_counter() - started:.1f}")


def reconcile(casino, actor, first: datetime.date, last: datetime.date) -> None:
    """compliance/reconciliation: one gaming day, then the whole year (each day recorded as its own run records it)."""
    day = first + (last - first) / 2
    started = time.perf_counter()
    reconciliation = reconciliation_run(casino=casino, gaming_day=day, actor=actor)
    say(f"reconciliation_run, one gaming day ({day.isoformat()}) (s)", f"{time.perf_counter() - started:.2f}",
        "target ≤ 2 s")
    findings = reconciliation.findings.count()
    started = time.perf_counter()
    done = reconciliation_run_range(casino=casino, first=first, last=last, actor=actor)
    elapsed = time.perf_counter() - started
    assert len(done) == (last - first).days + 1, len(done)
    say(f"reconciliation_run_range, {len(done)} gaming days (s)", f"{elapsed:.1f}", "target ≤ 2 min")
    say("findings of the day reconciled alone, of the year", f"{findings}, "
        f"{sum(r.findings.count() for r in done):,}")


def main():
    banner()
    print(f"Tables: {TABLES} tables × {DAYS} gaming days × {SESSIONS_PER_DAY} sessions")
    casino, cashier, manager, tables = people()
    first, last = import_year(casino, cashier, manager, tables)
    audit_carnets(casino)
    reconcile(casino, cashier, first, last)
    figures_written("tables", RESULTS)


if __name__ == "__main__":
    main()
