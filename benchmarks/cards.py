"""Benchmark of issue 6 point 4 and issue 19 point 5: sustained slot debits and credits per second on electronic
gaming cards, against `pgbench -N` on the same cluster in the same run: (a) through the service layer — card_bet /
card_win one at a time, slot_batch fifty at a time (as a slot system sends what its machines played), then
slot_debit / slot_credit with their idempotency keys — from several processes, each with its own database
connection, and (b) through the slot API over a real socket (gunicorn, connected as the application role) from
concurrent clients, one operation a request and fifty a `batch/` request, some requests retried with the same keys.
Then the ledger's invariants: each card's balance is the sum of its movements and within [0, cap], the register
verifies, and it holds exactly one entry per successful operation.

Run by ./scripts/bench cards (or with no argument, every benchmark)."""

import http.client
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from decimal import Decimal
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
django.setup()

from django.db import connections  # noqa: E402

from benchmarks import PASSWORD, banner, figures_written, sized  # noqa: E402
from benchmarks.pgbench import pgbench_tps  # noqa: E402
from compliance.errors import DomainError  # noqa: E402
from compliance.models import Casino, User  # noqa: E402
from compliance.services import casino_create, jurisdictions_load, system_user, user_create  # noqa: E402
from registers.cards.ledger import card_bet, card_load, card_win  # noqa: E402
from registers.cards.selectors import card_ledger_sum  # noqa: E402
from registers.cards.services import card_certificate_record, card_issue, client_register  # noqa: E402
from registers.cards.slot_system.services import (  # noqa: E402
    slot_batch,
    slot_credit,
    slot_debit,
    slot_system_register,
)
from registers.chain.services import register_for  # noqa: E402
from registers.chain.verification import register_verify  # noqa: E402
from registers.kinds import RegisterKind  # noqa: E402
from registers.models import Card, CardMovement, Entry, SlotRequest  # noqa: E402

CLIENTS = 8  # two nominative cards each
WRITERS, SERVICE_OPS = 4, sized(1500, 20)  # card_bet / card_win: per process
IDEMPOTENT_OPS = sized(500, 10)  # slot_debit / slot_credit: per process
HTTP_CLIENTS, HTTP_OPS = 4, sized(1000, 20)  # per client
WEB_WORKERS = 4  # gunicorn's, on this machine's two cores
PGBENCH_SECONDS = sized(20, 2)
REPLAY_EVERY = 10  # every tenth HTTP operation (or batch) is sent twice with the same key(s)
BATCH, BATCHES = 50, sized(30, 2)  # operations a slot system sends together; batches per process or client
GAME_KINDS = ("carte.mise", "carte.gain", "carte.gain_excedent")
RESULTS: dict = {}


def say(name, value, target=""):
    RESULTS[name] = value
    print(f"  {name:<62} {value:>14}  {target}", flush=True)


def setup(code: str = "bench-cartes"):
    """A Luxembourg casino `code` with CLIENTS clients, two nominative cards each loaded with 1,000, and its slot
    system: the casino, the cards, the system and its key."""
    actor = system_user()
    jurisdictions_load(actor=actor)
    casino = Casino.objects.filter(code=code).first() or casino_create(
        actor=actor, jurisdiction_code="LU", code=code, name=f"Casino {code}", operator_name="Bench SA",
        licence_number=f"B-{code}", address="1, rue du Banc", share_capital=Decimal("1000000.00"),
        draft_basis="Banc d'essai : application du projet de règlement grand-ducal")
    manager = User.objects.filter(username=f"{code}.direction").first() or user_create(
        actor=actor, username=f"{code}.direction", password=PASSWORD, role="manager", casino=casino)
    cashier = User.objects.filter(username=f"{code}.caisse").first() or user_create(
        actor=actor, username=f"{code}.caisse", password=PASSWORD, role="accountant", casino=casino)
    today = casino.today()
    card_certificate_record(casino=casino, actor=manager, supplier="Bench", reference="CERT", issued_on=today)
    run = uuid.uuid4().hex[:8]
    cards = []
    for index in range(CLIENTS):
        client = client_register(casino=casino, actor=manager, last_name=f"Joueur {run}-{index}", first_name="B",
                                 birth_date=today.replace(year=1980), id_document_type="Passeport",
                                 id_document_number=f"B{run}{index}")
        for _slot in range(2):
            card = card_issue(casino=casino, actor=manager, kind="nominative", client=client, gaming_day=today)
            card_load(card=card, actor=cashier, amount="1000.00", gaming_day=today)
            cards.append(card)
    system, key = slot_system_register(casino=casino, actor=manager, name=f"SMS bench {run}",
                                       rate_per_minute=1_000_000)
    return casino, cards, system, key


def draw(rng: random.Random) -> tuple[str, str]:
    """A bet of 0.50 to 5.00 or a win of 0.50 to 8.00, as the machines send them; now and then a bet above
    any balance (the cap is 2,000), which must be refused and write nothing."""
    draw = rng.random()
    if draw < 0.03:
        return "debit", "2500.00"
    if draw < 0.55:
        return "debit", f"{rng.randint(50, 500) / 100:.2f}"
    return "credit", f"{rng.randint(50, 800) / 100:.2f}"


def percentiles(latencies: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(latencies, n=100)
    return cuts[49] * 1000, cuts[94] * 1000


def in_threads(count: int, work) -> float:
    errors: list[BaseException] = []

    def run(index):
        try:
            work(index)
        except BaseException as exc:  # noqa: BLE001 - reported below, the benchmark fails
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return time.perf_counter() - started


def in_processes(count: int, work, tally: "Tally") -> float:
    """`work(index, tally)` in `count` forked processes, each with its own connection, as the web server's workers
    run the services: Python's lock on threads would otherwise measure one core. Their tallies are summed."""
    connections.close_all()  # a forked child must not share its parent's connection
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    children = [context.Process(target=_in_child, args=(work, index, results)) for index in range(count)]
    started = time.perf_counter()
    for child in children:
        child.start()
    parts = [results.get() for _ in children]
    elapsed = time.perf_counter() - started
    for child in children:
        child.join()
    for part in parts:
        if isinstance(part, str):
            raise RuntimeError(part)
        tally.merge(part)
    return elapsed


def _in_child(work, index: int, results) -> None:
    tally = Tally()
    try:
        work(index, tally)
        tally.lock = None  # a lock does not cross back to the parent
        results.put(tally)
    except BaseException as exc:  # noqa: BLE001 - the parent raises it
        results.put(f"process {index}: {exc!r}")
    finally:
        connections.close_all()


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.ok = self.refused = self.entries = self.replays = self.past_cap = 0
        self.latencies: list[float] = []
        self.rate = 0.0

    def merge(self, other: "Tally") -> None:
        self.ok, self.refused = self.ok + other.ok, self.refused + other.refused
        self.entries, self.replays = self.entries + other.entries, self.replays + other.replays
        self.past_cap += other.past_cap
        self.latencies += other.latencies

    def add(self, *, ok: bool, entries: int, latency: float, replay: bool = False, past_cap: bool = False):
        with self.lock:
            if replay:
                self.replays += 1
            else:
                self.ok += ok
                self.refused += not ok
                self.entries += entries
                self.past_cap += past_cap
                self.latencies.append(latency)

    def report(self, label: str, elapsed: float) -> float:
        p50, p95 = percentiles(self.latencies)
        rate = (self.ok + self.refused) / elapsed
        say(f"{label}: operations per second", f"{rate:,.0f}")
        say(f"{label}: latency p50 / p95 (ms)", f"{p50:.1f} / {p95:.1f}")
        say(f"{label}: succeeded / refused / wins past the cap", f"{self.ok} / {self.refused} / {self.past_cap}")
        return rate


def bench_service(groups: list[tuple[list, object]], label: str) -> tuple[Tally, float]:
    """card_bet / card_win from WRITERS processes, process i on the cards and slot system of groups[i % n]."""
    tally = Tally()

    def work(index, tally):
        rng = random.Random(index)
        cards, system = groups[index % len(groups)]
        for _ in range(SERVICE_OPS):
            kind, amount = draw(rng)
            card = rng.choice(cards)
            started = time.perf_counter()
            try:
                if kind == "debit":
                    op = card_bet(card=card, actor=system.user, amount=amount, machine=f"AS-{index:03}")
                else:
                    op = card_win(card=card, actor=system.user, amount=amount, machine=f"AS-{index:03}")
                tally.add(ok=True, entries=(op.entry is not None) + (op.excess is not None),
                          latency=time.perf_counter() - started, past_cap=op.excess is not None)
            except DomainError:
                tally.add(ok=False, entries=0, latency=time.perf_counter() - started)

    elapsed = in_processes(WRITERS, work, tally)
    return tally, tally.report(f"(a) card_bet / card_win, {WRITERS} processes{label}", elapsed)


def _entries_of(body: dict) -> int:
    return (body.get("entry") is not None) + bool((body.get("manual_payout") or {}).get("entry"))


def bench_idempotent_service(cards, system) -> Tally:
    tally = Tally()

    def work(index, tally):
        rng = random.Random(100 + index)
        for n in range(IDEMPOTENT_OPS):
            kind, amount = draw(rng)
            fields = {"card": rng.choice(cards).number, "amount": amount, "currency": "EUR",
                      "machine": f"AS-{index:03}"}
            started = time.perf_counter()
            answer = (slot_debit if kind == "debit" else slot_credit)(system=system, key=f"svc-{index}-{n}",
                                                                      **fields)
            tally.add(ok=answer.status == 201, entries=_entries_of(answer.body) if answer.status == 201 else 0,
                      latency=time.perf_counter() - started)

    tally.report(f"(a) slot_debit / slot_credit with keys, {WRITERS} processes",
                 in_processes(WRITERS, work, tally))
    return tally


def _batch(rng: random.Random, label: str, numbers: list[str], machine: str) -> list[dict]:
    operations = []
    for n in range(BATCH):
        kind, amount = draw(rng)
        operations.append({"operation": kind, "key": f"{label}-{n}-{uuid.uuid4().hex[:8]}", "card": rng.choice(numbers),
                           "amount": amount, "currency": "EUR", "machine": machine})
    return operations


def _tally_batch(tally: "Tally", answers: list[tuple[int, dict]], latency: float) -> None:
    """Each operation of a batch, answered when its batch is."""
    for status, body in answers:
        tally.add(ok=status == 201, entries=_entries_of(body) if status == 201 else 0, latency=latency,
                  past_cap=status == 201 and bool(body.get("manual_payout")))


def bench_batched_service(groups: list[tuple[list, object]], label: str) -> tuple[Tally, float]:
    """slot_batch from WRITERS processes, BATCH operations a call, process i on the cards and system of
    groups[i % n]."""
    tally = Tally()

    def work(index, tally):
        rng = random.Random(200 + index)
        cards, system = groups[index % len(groups)]
        numbers = [card.number for card in cards]
        for n in range(BATCHES):
            operations = _batch(rng, f"lot-{index}-{n}", numbers, f"AS-{index:03}")
            started = time.perf_counter()
            answers = slot_batch(system=system, operations=operations)
            _tally_batch(tally, [(answer.status, answer.body) for answer in answers], time.perf_counter() - started)

    elapsed = in_processes(WRITERS, work, tally)
    return tally, tally.report(f"(a) slot_batch, {BATCH} operations a call, {WRITERS} processes{label}", elapsed)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_gunicorn(port: int, log) -> subprocess.Popen:
    """The web server as scripts/run starts it, connected as the application role."""
    env = {**os.environ, "DATABASE_URL": os.environ.get("DATABASE_APP_URL") or os.environ["DATABASE_URL"],
           "DJANGO_SETTINGS_MODULE": "config.settings.local", "LOG_LEVEL": "ERROR"}
    return subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "config.wsgi", "-b", f"127.0.0.1:{port}",
                             "-w", str(WEB_WORKERS), "--preload"],
                            cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True)


def wait_ready(port: int, card: str, key: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/slots/cards/{card}/balance/",
                                     headers={"Authorization": f"Slot {key}"})
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("gunicorn stopped")
        try:
            with urllib.request.urlopen(request, timeout=2) as response:  # nosec B310  # our own server, http
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer within 60 s")


def bench_http(cards, key, port) -> Tally:
    tally = Tally()
    numbers = [c.number for c in cards]

    def work(index):
        rng = random.Random(1000 + index)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)  # reopened when the server closes it

        def send(path, body, idem):
            headers = {"Authorization": f"Slot {key}", "Content-Type": "application/json",
                       "Idempotency-Key": idem}
            conn.request("POST", path, body=body, headers=headers)
            response = conn.getresponse()
            return response.status, response.read(), response.getheader("Idempotent-Replayed")

        try:
            for n in range(HTTP_OPS):
                kind, amount = draw(rng)
                body = json.dumps({"card": rng.choice(numbers), "amount": amount, "currency": "EUR",
                                   "machine": f"AS-{index:03}"}).encode()
                idem = f"http-{index}-{n}-{uuid.uuid4().hex[:8]}"
                started = time.perf_counter()
                status, content, _ = send(f"/api/v1/slots/{kind}/", body, idem)
                latency = time.perf_counter() - started
                assert status in (201, 400), (status, content[:300])
                tally.add(ok=status == 201, entries=_entries_of(json.loads(content)) if status == 201 else 0,
                          latency=latency)
                if n % REPLAY_EVERY == 0:  # the machine did not get the answer and sends it again
                    again = send(f"/api/v1/slots/{kind}/", body, idem)
                    assert again == (status, content, "true"), (again, status, content)
                    tally.add(ok=True, entries=0, latency=0, replay=True)
        finally:
            conn.close()

    elapsed = in_threads(HTTP_CLIENTS, work)
    tally.rate = tally.report(f"(b) HTTP API, gunicorn -w {WEB_WORKERS}, {HTTP_CLIENTS} clients", elapsed)
    say("(b) retries with the same key, answered from the stored answer", f"{tally.replays}")
    return tally


def bench_http_batched(groups: list[tuple[list, str]], port: int, label: str) -> Tally:
    """POST batch/ from HTTP_CLIENTS clients, BATCH operations a request, client i with the cards and key of
    groups[i % n]; every REPLAY_EVERY-th batch sent again, whose every answer must come back the same, replayed."""
    tally = Tally()

    def work(index):
        rng = random.Random(3000 + index)
        cards, key = groups[index % len(groups)]
        numbers = [c.number for c in cards]
        headers = {"Authorization": f"Slot {key}", "Content-Type": "application/json"}
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

        def send(body):
            conn.request("POST", "/api/v1/slots/batch/", body=body, headers=headers)
            response = conn.getresponse()
            content = response.read()
            assert response.status == 200, (response.status, content[:300])
            return json.loads(content)["results"]

        try:
            for n in range(BATCHES):
                body = json.dumps({"operations": _batch(rng, f"http-lot-{index}-{n}", numbers,
                                                        f"AS-{index:03}")}).encode()
                started = time.perf_counter()
                results = send(body)
                _tally_batch(tally, [(r["status"], r["body"]) for r in results], time.perf_counter() - started)
                if n % REPLAY_EVERY == 0:
                    again = send(body)
                    assert [(r["status"], r["body"]) for r in again] == [(r["status"], r["body"]) for r in results]
                    assert all(r["replayed"] for r in again), again[:2]
                    tally.replays += len(again)
        finally:
            conn.close()

    elapsed = in_threads(HTTP_CLIENTS, work)
    tally.rate = tally.report(f"(b) HTTP batch/, {BATCH} operations a request, {HTTP_CLIENTS} clients{label}",
                              elapsed)
    return tally


def _game_entries(casinos) -> int:
    return Entry.objects.filter(register__casino__in=casinos, kind__in=GAME_KINDS).count()


def check_chains(chains, expected_entries: int, entries_before: int) -> bool:
    """The casinos of the one-chain-each run: balances, caps, each register verifies, one entry per operation."""
    casinos = [casino for casino, *_ in chains]
    bad = sum(card.balance != card_ledger_sum(card) or not 0 <= card.balance <= card.cap
              for _, cards, _, _ in chains for card in Card.objects.filter(pk__in=[c.pk for c in cards]))
    verified = all(register_verify(register_for(casino=c, kind=RegisterKind.CARTES)).ok for c in casinos)
    written = _game_entries(casinos) - entries_before
    say(f"invariant ({len(chains)} casinos): cards off their movements or cap / registers verify",
        f"{bad} / {verified}", "must be 0 / True")
    say(f"invariant ({len(chains)} casinos): game entries / operations' entries", f"{written} / {expected_entries}",
        "must be equal")
    return not bad and verified and written == expected_entries


def check_invariants(casino, cards, expected_entries: int, entries_before: int, http_requests: int,
                     requests_before: int, moving_before: int, movements_before: int = 0) -> bool:
    bad_balance = bad_range = 0
    for card in Card.objects.filter(pk__in=[c.pk for c in cards]):
        bad_balance += card.balance != card_ledger_sum(card)
        bad_range += not (0 <= card.balance <= card.cap)
    say("invariant: cards whose balance != sum of their movements", f"{bad_balance}", "must be 0")
    say("invariant: cards outside 0 <= balance <= cap", f"{bad_range}", "must be 0")
    verification = register_verify(register_for(casino=casino, kind=RegisterKind.CARTES))
    say("invariant: the cartes register verifies (entries)", f"{verification.ok} ({verification.entries})",
        "must be True")
    written = Entry.objects.filter(register__casino=casino, kind__in=GAME_KINDS).count() - entries_before
    say("invariant: game entries written / successful operations' entries", f"{written} / {expected_entries}",
        "must be equal")
    requests = SlotRequest.objects.filter(slot_system__casino=casino).count() - requests_before
    say("invariant: idempotency keys stored / distinct keys sent", f"{requests} / {http_requests}", "must be equal")
    moving = Entry.objects.filter(register__casino=casino, kind__in=GAME_KINDS[:2]).count() - moving_before
    movements = CardMovement.objects.filter(card__in=cards, kind__in=GAME_KINDS[:2]).count() - movements_before
    say("invariant: bet and win entries / their card movements", f"{moving} / {movements}", "must be equal")
    return (not bad_balance and not bad_range and verification.ok and written == expected_entries
            and requests == http_requests and moving == movements)


def measure(casino, cards, system, key) -> bool:
    """pgbench -N, then the services and HTTP on `cards` (of `system`'s casino, `key` its slot key), then the
    invariants; whether they hold. The scale benchmark runs it on its generated casino-year.

    One casino's operations are one register chain: each append holds the register's row from its head read to
    its commit (not to its WAL's flush, which the operation then waits for with the others': registers/prepared.py),
    so a chain takes its operations one after the other whatever the number of processes. The services are
    measured again on one casino per process (WRITERS chains), as an installation serving the casinos of a
    jurisdiction runs them; pgbench's accounts have no such chain."""
    entries_before = Entry.objects.filter(register__casino=casino, kind__in=GAME_KINDS).count()
    requests_before = SlotRequest.objects.filter(slot_system__casino=casino).count()
    moving_before = Entry.objects.filter(register__casino=casino, kind__in=GAME_KINDS[:2]).count()
    movements_before = CardMovement.objects.filter(card__in=cards, kind__in=GAME_KINDS[:2]).count()
    yardstick = pgbench_tps(clients=WRITERS, seconds=PGBENCH_SECONDS)
    say(f"pgbench -N, {WRITERS} clients, same cluster (transactions/s)", f"{yardstick:,.0f}", "the yardstick")
    service, service_rate = bench_service([(cards, system)], "")
    batched, batched_rate = bench_batched_service([(cards, system)], "")
    chains = [setup(f"bench-chaine-{n}") for n in range(1, WRITERS + 1)]
    spread_before = _game_entries([c for c, *_ in chains])
    spread, spread_rate = bench_service([(c, s) for _, c, s, _ in chains], f" on {WRITERS} casinos, one chain each")
    spread_batched, spread_batched_rate = bench_batched_service([(c, s) for _, c, s, _ in chains],
                                                                f" on {WRITERS} casinos")
    idempotent = bench_idempotent_service(cards, system)
    port = free_port()
    with tempfile.NamedTemporaryFile(prefix="vigie-bench-gunicorn-", suffix=".log", delete=False) as log:
        server = start_gunicorn(port, log)
    try:
        wait_ready(port, cards[0].number, key, server)
        web = bench_http(cards, key, port)
        web_batched = bench_http_batched([(cards, key)], port, "")
        web_spread = bench_http_batched([(c, k) for _, c, _, k in chains], port, f" on {WRITERS} casinos")
    except BaseException:
        print(Path(log.name).read_text()[-3000:], file=sys.stderr)
        raise
    finally:
        server.terminate()
        server.wait(timeout=30)
    Path(log.name).unlink(missing_ok=True)
    say("(a) through the services, one operation a call / pgbench -N", f"{service_rate / yardstick:.0%}",
        "target ≥ 50 %")
    say(f"(a) on {WRITERS} casinos' chains, one a call / pgbench -N", f"{spread_rate / yardstick:.0%}",
        "target ≥ 50 %")
    say(f"(a) through the services, {BATCH} a call / pgbench -N", f"{batched_rate / yardstick:.0%}", "target ≥ 50 %")
    say(f"(a) on {WRITERS} casinos' chains, {BATCH} a call / pgbench -N", f"{spread_batched_rate / yardstick:.0%}",
        "target ≥ 50 %")
    say("(b) through HTTP, one a request / pgbench -N", f"{web.rate / yardstick:.0%}", "target ≥ 35 %")
    say(f"(b) through HTTP, {BATCH} a request / pgbench -N", f"{web_batched.rate / yardstick:.0%}", "target ≥ 35 %")
    say(f"(b) on {WRITERS} casinos' chains, {BATCH} a request / pgbench -N", f"{web_spread.rate / yardstick:.0%}",
        "target ≥ 35 %")
    chains_hold = check_chains(chains, spread.entries + spread_batched.entries + web_spread.entries, spread_before)
    keys_sent = (WRITERS * IDEMPOTENT_OPS + HTTP_CLIENTS * HTTP_OPS
                 + (WRITERS + HTTP_CLIENTS) * BATCHES * BATCH)
    return chains_hold and check_invariants(
        casino, cards, service.entries + batched.entries + idempotent.entries + web.entries + web_batched.entries,
        entries_before, keys_sent, requests_before, moving_before, movements_before)


def main():
    started = time.perf_counter()
    banner()
    casino, cards, system, key = setup()
    print(f"Cards: slot debits and credits on {len(cards)} cards of one casino (one register chain)")
    ok = measure(casino, cards, system, key)
    say("total run time (s)", f"{time.perf_counter() - started:.0f}", "target < 120 s")
    figures_written("cards", RESULTS)
    if not ok:
        print("INVARIANT BROKEN", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
