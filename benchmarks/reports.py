"""Benchmark of issue 14: the signed reports at their largest. A register's daily report of about 100 pages,
generated end to end (render, sign, register entry; target ≤ 20 s) and verified (target ≤ 2 s); a register's
monthly book of about 1,000 pages (targets ≤ 3 min and ≤ 1 GiB of memory). Each generation runs in a child process
of its own, which reads its memory and that of the render workers it starts (compliance/reports/parts.py): the
most they hold at once, and the sum of their peaks. The entries are written in batches with the hashes the service
computes, so that the entry each signed report appends chains on them.

Run by ./scripts/bench reports."""

import contextlib
import datetime
import functools
import json
import os
import resource
import subprocess
import sys
import threading
import time
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
django.setup()

from benchmarks import PASSWORD, banner, figures_written, sized  # noqa: E402
from compliance.models import Casino, User  # noqa: E402
from compliance.reports import documents, render, signing  # noqa: E402
from compliance.reports.models import Report  # noqa: E402
from compliance.reports.monthly import month_of  # noqa: E402
from compliance.reports.services import report_generate, report_request  # noqa: E402
from compliance.reports.verification import verify_report  # noqa: E402
from compliance.services import casino_create, jurisdictions_load, system_user, user_create  # noqa: E402
from games.selectors import rule_value_at  # noqa: E402
from registers.appareils.jackpots import jackpot_citation  # noqa: E402
from registers.chain import hashing as chain  # noqa: E402
from registers.chain.services import entries_insert, register_for, timestamp  # noqa: E402
from registers.chain.verification import register_verify  # noqa: E402
from registers.kinds import EntryKind, RegisterKind  # noqa: E402
from registers.models import Entry  # noqa: E402
from registers.orphelins.selectors import SOURCES  # noqa: E402

# Calibrated on the ledger layout (23 entries a page, 7 pt monospace lines): ≈ 100 and ≈ 1,000 pages.
DAILY_ENTRIES = sized(2_270, 150)
MONTHLY_ENTRIES = sized(22_900, 1_600)  # small, but rendered in parts all the same (PARTS_FROM)
RESULTS: dict = {}


def say(name, value, target=""):
    RESULTS[name] = value
    print(f"  {name:<58} {value:>14}  {target}", flush=True)


def people():
    """The casino keeps its registers in Vigie since the first day of last month: the book is of a past month (a
    month's book runs up to the casino's today)."""
    actor = system_user()
    jurisdictions_load(actor=actor)
    casino = Casino.objects.filter(code="bench-rapports").first()
    if casino is None:
        today = datetime.datetime.now(ZoneInfo("Europe/Luxembourg")).date()
        casino = casino_create(
            actor=actor, jurisdiction_code="LU", code="bench-rapports", name="Casino Bench Rapports",
            operator_name="Bench SA", licence_number="B-R-1", address="1, rue du Banc",
            share_capital=Decimal("1000000.00"), opened_on=month_of(today.replace(day=1) - datetime.timedelta(1))[0],
            draft_basis="Banc d'essai : application du projet de règlement grand-ducal")
    cashier = User.objects.filter(username="bench.rapports.caisse").first() or user_create(
        actor=actor, username="bench.rapports.caisse", password=PASSWORD, role="accountant",
        casino=casino)
    manager = User.objects.filter(username="bench.rapports.direction").first() or user_create(
        actor=actor, username="bench.rapports.direction", password=PASSWORD, role="manager",
        casino=casino)
    return casino, cashier, manager


@functools.cache
def cited(casino, key, day):
    return str(rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True).citation)


def orphelin(casino, day, n):
    """What orphelin_file writes (registers/orphelins/services.py), with its article as the rule data cites it."""
    source = ("table", "credits_appareil", "pieces_tokens", "mise_consignee")[n % 4]
    label, key = SOURCES[source]
    return EntryKind.ORPHELIN_FILED, {
        "source": source, "source_label": label, "citation": cited(casino, key, day),
        "amount": Decimal(5 + (n * 37) % 480) + Decimal(n % 4) / 4, "currency": casino.currency,
        "location": f"Table {1 + n % 12}" if source == "table" else f"Salle A, appareil MAS-{100 + n % 250}",
        "description": ""}


def jackpot(casino, day, n):
    """What jackpot_manual_payout_file writes (registers/appareils/jackpots.py)."""
    return EntryKind.JACKPOT_PAID, {
        "machine": f"MAS-{100 + n % 250}", "amount": Decimal(1200 + (n * 7919) % 48000) + Decimal(n % 100) / 100,
        "currency": casino.currency, "receipt": f"R-{n:07d}", "receipt_in_cabinet": True,
        "citation": jackpot_cited(casino, day)}


@functools.cache
def jackpot_cited(casino, day):
    return jackpot_citation(casino, day)


def fill(register, days, count, make, cashier, manager):
    """`count` chained entries of `register`, spread over `days` from 10:00 casino time, written in batches with
    the hashes the service computes (registers/chain/services.py `_chain`), after whatever it holds already."""
    casino, zone = register.casino, ZoneInfo(register.casino.jurisdiction.timezone)
    head = Entry.objects.filter(register=register).order_by("-seq").values_list("seq", "hash").first()
    seq, previous = head if head else (0, chain.GENESIS)
    per_day, rows = -(-count // len(days)), []
    started = time.perf_counter()
    for n in range(count):
        day = days[n // per_day]
        kind, payload = make(casino, day, n)
        payload = chain.canonical(payload)
        at = datetime.datetime.combine(day, datetime.time(10), tzinfo=zone) + datetime.timedelta(
            seconds=(n % per_day) * 13, microseconds=n % 1000)
        seq += 1
        entry = Entry(register=register, seq=seq, kind=kind, gaming_day=day, payload=payload, actor=cashier,
                      countersigner=manager, recorded_at=at, prev_hash=previous)
        entry.hash = chain.EntryData(register.label, seq, previous, kind, day.isoformat(), None, payload,
                                     cashier.username, manager.username, timestamp(at)).digest()
        previous = entry.hash
        rows.append(entry)
        if len(rows) == 5000:
            entries_insert(register.casino_id, rows)
            rows = []
    entries_insert(register.casino_id, rows)
    return time.perf_counter() - started


def generate(report: Report) -> dict:
    """report_generate in a child process (this file with --generate): its seconds and its peak memory."""
    done = subprocess.run([sys.executable, __file__, "--generate", str(report.pk)], check=True, stdout=subprocess.PIPE,
                          text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _kib(pid, field: str) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:  # gone meanwhile
        return 0
    return next((int(line.split()[1]) for line in status.splitlines() if line.startswith(field + ":")), 0)


def _children() -> list[int]:
    pids = []
    for task in Path("/proc/self/task").iterdir():
        with contextlib.suppress(OSError):
            pids += [int(pid) for pid in (task / "children").read_text().split()]
    return pids


class Memory(threading.Thread):
    """The memory of this process and of the processes it starts (the render workers), read every 0.1 s: the most
    they held at once (RSS summed), and each one's own peak (VmHWM)."""

    def __init__(self):
        super().__init__(daemon=True)
        self.together, self.peaks, self.done = 0, {}, threading.Event()

    def run(self):
        while not self.done.wait(0.1):
            pids = _children()
            self.together = max(self.together, _kib("self", "VmRSS") + sum(_kib(pid, "VmRSS") for pid in pids))
            for pid in pids:
                self.peaks[pid] = max(self.peaks.get(pid, 0), _kib(pid, "VmHWM"))

    def stop(self) -> dict:
        self.done.set()
        self.join()
        own, peaks = _kib("self", "VmHWM"), sorted(self.peaks.values())
        if peaks:  # the largest child's peak, exactly (a sample may come just before a worker's last growth)
            peaks[-1] = max(peaks[-1], resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        return {"together_mib": max(self.together, own) / 1024, "own_mib": own / 1024, "workers": len(peaks),
                "sum_of_peaks_mib": (own + sum(peaks)) / 1024}


def child(report_id: int) -> None:
    timings = {}

    def timed(name, call):
        def wrapper(*args, **kwargs):
            started = time.perf_counter()
            try:
                return call(*args, **kwargs)
            finally:
                timings[name] = time.perf_counter() - started
        return wrapper

    render.write, signing.sign = timed("render_s", render.write), timed("sign_s", signing.sign)
    memory = Memory()
    memory.start()
    started = time.perf_counter()
    report = report_generate(Report.objects.get(pk=report_id))
    seconds = time.perf_counter() - started
    assert report.status == Report.Status.SUCCEEDED, report.error
    print(json.dumps({"seconds": seconds, "pages": report.pages, **timings, **memory.stop()}))


def checked(report: Report) -> dict:
    """verify_report of the report's signed file in a child process (this file with --verify), as the verification
    page runs it: its seconds, the entries it compared and the process's peak memory, the file's bytes included."""
    done = subprocess.run([sys.executable, __file__, "--verify", str(report.pk)], check=True, stdout=subprocess.PIPE,
                          text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def verify_child(report_id: int) -> None:
    document = bytes(Report.objects.values_list("pdf", flat=True).get(pk=report_id))
    started = time.perf_counter()
    check = verify_report(document)
    seconds = time.perf_counter() - started
    assert check.valid, (check.reason, check.verdict.details)
    print(json.dumps({"seconds": seconds, "covered": check.covered, "megabytes": len(document) / 1e6,
                      "peak_mib": _kib("self", "VmHWM") / 1024}))


def mark(ok: bool) -> str:
    return "" if ok else "  ← MISSED"


def main():
    casino, cashier, manager = people()
    today = casino.today()
    banner()
    print(f"Reports: a daily report of ≈100 pages, its verification, a monthly book of ≈1,000 pages "
          f"({os.cpu_count()} CPU)")

    # 1. the daily report of the orphelins register, yesterday
    day = today - datetime.timedelta(days=1)
    register = register_for(casino=casino, kind=RegisterKind.ORPHELINS)
    if not Entry.objects.filter(register=register, gaming_day=day).exists():
        seconds = fill(register, [day], DAILY_ENTRIES, orphelin, cashier, manager)
        say(f"writing {DAILY_ENTRIES:,} chained entries of one gaming day (s)", f"{seconds:.1f}")
    report = report_request(actor=cashier, kind="register_daily", casino=casino, register_kind=register.kind,
                            start=day)
    made = documents.build(report)  # what the report shows, rendered here first: the same bytes must be signed
    rendered = render.pdf(made.template, made.context, made.source, created=made.created)
    daily = generate(report)
    say(f"daily report, {DAILY_ENTRIES:,} entries: pages", daily["pages"], "≈ 100")
    say("daily report: report_generate, render + sign + entry (s)", f"{daily['seconds']:.1f}",
        "target ≤ 20 s" + mark(daily["seconds"] <= 20))
    say("daily report: of which render.write / signing.sign (s)", f"{daily['render_s']:.1f} / {daily['sign_s']:.1f}")
    say("daily report: memory, process + workers at once (MiB)", f"{daily['together_mib']:.0f}")
    say(f"daily report: sum of peaks, process + {daily['workers']} workers (MiB)", f"{daily['sum_of_peaks_mib']:.0f}")

    # 2. its verification
    document = bytes(Report.objects.get(pk=report.pk).pdf)
    say("daily report: signed file (KiB)", f"{len(document) / 1024:,.0f}")
    assert document.startswith(rendered), "the same data rendered twice gave other bytes"
    say("daily report: rendered twice, here and in its process", "same bytes")
    started = time.perf_counter()
    check = verify_report(document)
    seconds = time.perf_counter() - started
    assert check.valid and check.covered >= DAILY_ENTRIES, (check.reason, check.verdict.details)
    say("daily report: verify_report, signature + register + entries (s)", f"{seconds:.2f}",
        "target ≤ 2 s" + mark(seconds <= 2))

    # 3. the monthly book of the hand-paid jackpots register, last month
    start, end = month_of(today.replace(day=1) - datetime.timedelta(days=1))
    days = [start + datetime.timedelta(days=n) for n in range((end - start).days + 1)]
    register = register_for(casino=casino, kind=RegisterKind.JACKPOTS)
    if not Entry.objects.filter(register=register, gaming_day__range=(start, end)).exists():
        seconds = fill(register, days, MONTHLY_ENTRIES, jackpot, cashier, manager)
        say(f"writing {MONTHLY_ENTRIES:,} chained entries over {len(days)} gaming days (s)", f"{seconds:.1f}")
    report = report_request(actor=cashier, kind="register_monthly", casino=casino, register_kind=register.kind,
                            start=start)
    book = generate(report)
    say(f"monthly book, {MONTHLY_ENTRIES:,} entries: pages", book["pages"], "≈ 1,000")
    say("monthly book: report_generate, render + sign + entry (s)", f"{book['seconds']:.1f}",
        "target ≤ 180 s" + mark(book["seconds"] <= 180))
    say("monthly book: of which render.write / signing.sign (s)", f"{book['render_s']:.1f} / {book['sign_s']:.1f}")
    say("monthly book: memory, process + workers at once (MiB)", f"{book['together_mib']:.0f}",
        "target ≤ 1,024 MiB" + mark(book["together_mib"] <= 1024))
    say(f"monthly book: sum of peaks, process + {book['workers']} workers (MiB)", f"{book['sum_of_peaks_mib']:.0f}",
        "(bound)" + mark(book["sum_of_peaks_mib"] <= 1024))
    check = checked(report)
    assert check["covered"] >= MONTHLY_ENTRIES, check
    say("monthly book: verify_report, in a process of its own (s / peak MiB)",
        f"{check['seconds']:.2f} / {check['peak_mib']:.0f}")

    for kind in (RegisterKind.ORPHELINS, RegisterKind.JACKPOTS):  # the entries REPORT_SIGNED chain on
        result = register_verify(register_for(casino=casino, kind=kind))
        assert result.ok, result.problems[:3]
    figures_written("reports", RESULTS)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--generate"]:
        child(int(sys.argv[2]))
    elif sys.argv[1:2] == ["--verify"]:
        verify_child(int(sys.argv[2]))
    else:
        main()
