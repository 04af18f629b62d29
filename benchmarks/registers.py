"""Benchmark of issue 5: verifying 100,000 register entries (target < 10 s), and appends per second; of issue 19:
the verification after a day's entries, from the last verified checkpoint (target ≤ 1 s).

Run by ./scripts/bench registers (or with no argument, every benchmark)."""

import os
import sys
import time
from decimal import Decimal
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
django.setup()

from django.utils import timezone  # noqa: E402

from benchmarks import PASSWORD, banner, figures_written, sized  # noqa: E402
from compliance.models import Casino, User  # noqa: E402
from compliance.services import casino_create, jurisdictions_load, system_user, user_create  # noqa: E402
from registers.chain import hashing as chain  # noqa: E402
from registers.chain import offline_verify  # noqa: E402
from registers.chain.services import (  # noqa: E402
    checkpoint_create,
    entries_insert,
    entry_append,
    register_for,
    timestamp,
)
from registers.chain.verification import register_export, register_verify  # noqa: E402
from registers.models import Entry  # noqa: E402

SIZE = sized(100_000, 3_000)
RESULTS: dict = {}


def say(name, value, target=""):
    RESULTS[name] = value
    print(f"  {name:<58} {value:>14}  {target}", flush=True)


def people():
    actor = system_user()
    jurisdictions_load(actor=actor)
    casino = Casino.objects.filter(code="bench-lu").first() or casino_create(
        actor=actor, jurisdiction_code="LU", code="bench-lu", name="Casino Bench", operator_name="Bench SA",
        licence_number="B-1", address="1, rue du Banc", share_capital=Decimal("1000000.00"),
        draft_basis="Banc d'essai : application du projet de règlement grand-ducal")
    cashier = User.objects.filter(username="bench.caisse").first() or user_create(
        actor=actor, username="bench.caisse", password=PASSWORD, role="accountant", casino=casino)
    manager = User.objects.filter(username="bench.direction").first() or user_create(
        actor=actor, username="bench.direction", password=PASSWORD, role="manager", casino=casino)
    return casino, cashier, manager


def fill(register, cashier, manager):
    """100,000 chained entries written in batches (the same hashes the service computes)."""
    previous, now, rows = chain.GENESIS, timezone.now(), []
    day = register.casino.today()
    started = time.perf_counter()
    for seq in range(1, SIZE + 1):
        payload = chain.canonical({"source": "table", "amount": Decimal("25.00"), "currency": "EUR", "n": seq})
        entry = Entry(register=register, seq=seq, kind="bench", gaming_day=day, payload=payload, actor=cashier,
                      countersigner=manager, recorded_at=now, prev_hash=previous)
        entry.hash = chain.EntryData(register.label, seq, previous, "bench", day.isoformat(), None, payload,
                                     cashier.username, manager.username, timestamp(now)).digest()
        previous = entry.hash
        rows.append(entry)
        if len(rows) == 5000:
            entries_insert(register.casino_id, rows)
            rows = []
    entries_insert(register.casino_id, rows)
    say(f"writing {SIZE:,} chained entries in batches (s)", f"{time.perf_counter() - started:.1f}")


def main():
    casino, cashier, manager = people()
    register = register_for(casino=casino, kind="orphelins")
    banner()
    print(f"Registers: {SIZE:,} entries")
    if not Entry.objects.filter(register=register).exists():
        fill(register, cashier, manager)
    checkpoint_create(register=register, user=manager)
    started = time.perf_counter()
    result = register_verify(register, full=True)
    elapsed = time.perf_counter() - started
    assert result.ok and result.entries == SIZE, result.problems[:3]
    say(f"registers_verify --full, {SIZE:,} entries from PostgreSQL (s)", f"{elapsed:.2f}", "target < 10 s")
    document = register_export(register)
    started = time.perf_counter()
    count, problems = offline_verify.check(document, document["public_key"])
    assert count == SIZE and not problems
    say(f"offline verifier on the export, {SIZE:,} entries (s)", f"{time.perf_counter() - started:.2f}")
    day = sized(14_000, 500)  # a casino-year's five million entries, over 365 days
    for index in range(day):
        entry_append(register=register, kind="bench", gaming_day=register.casino.today(), actor=cashier,
                     countersigner=manager, payload={"day": index})
    checkpoint_create(register=register, user=manager)
    started = time.perf_counter()
    result = register_verify(register)
    assert result.ok and result.since >= SIZE, result.problems[:3]
    say(f"registers_verify after a day ({day:,} entries), incremental (s)",
        f"{time.perf_counter() - started:.2f}", "target ≤ 1 s")
    appends = sized(2000, 100)
    started = time.perf_counter()
    for index in range(appends):
        entry_append(register=register, kind="bench", gaming_day=register.casino.today(), actor=cashier,
                     countersigner=manager, payload={"n": index})
    say("entry_append through the service, one transaction each (/s)",
        f"{appends / (time.perf_counter() - started):,.0f}")
    figures_written("registers", RESULTS)


if __name__ == "__main__":
    main()
