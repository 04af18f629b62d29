"""The backup component of the gaming-card system (LU RGD 1979 art. 3-1 9)), and its recovery drill.

Standby: a second PostgreSQL cluster on loopback, copied from the primary by `pg_basebackup -R` and fed
by streaming replication through a replication slot. The primary runs with synchronous commit
(`synchronous_standby_names` names the standby's `application_name`): no commit is acknowledged to the
application before the standby has written it to disk, so losing the primary loses no acknowledged
operation. `./scripts/run --standby` runs the product that way (var/postgres → var/standby).

drill: builds its own primary and standby in a temporary folder, sends card loads through the services
from several processes, kills every process of the primary with SIGKILL, promotes the standby, points
the application at it and checks that every acknowledged load is there and that the registers verify.
`./scripts/drill [--operations N] [--writers W]`; exit 0 only if nothing acknowledged was lost.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from services import APP_ROLE, OWNER_ROLE, PG_DB, PG_USER, ROOT, Postgres, free_port, read_or_create_secret, say

STANDBY_NAME = "vigie_standby"  # the standby's application_name and its replication slot on the primary
REPLICA_ROLE = "vigie_replica"  # may only replicate: the standby connects to the primary as this role
# Never written to the primary's files: a primary later started without its standby does not wait for one.
SYNC_OPTS = f"-c synchronous_standby_names={STANDBY_NAME} -c synchronous_commit=on"


class Standby:
    """A hot standby of `primary` in `base`/data, on its own port, with the primary's roles and passwords."""

    def __init__(self, primary: Postgres, base: Path, port: int):
        self.primary, self.base, self.port = primary, base, port
        self.data, self.sock, self.log = base / "data", base / "run", base / "postgres.log"
        self.passfile = base / "pgpass"
        self.replica_password = read_or_create_secret(primary.base.parent / "pg_replica_password")

    def url(self, db: str, role: str = PG_USER) -> str:
        credentials = self.primary.url(db, role).rsplit("@", 1)[0]
        return f"{credentials}@127.0.0.1:{self.port}/{db}"

    # --- making it ---------------------------------------------------------------------------

    def _primary_sql(self, query: str, params=()) -> list[tuple]:
        import psycopg

        with psycopg.connect(self.primary.url("postgres"), autocommit=True) as conn:
            cursor = conn.execute(query, params)
            return cursor.fetchall() if cursor.description else []

    def _conninfo(self) -> str:
        return (f"host=127.0.0.1 port={self.primary.port} user={REPLICA_ROLE} "
                f"application_name={STANDBY_NAME} passfile={self.passfile}")

    def _prepare(self) -> None:
        """The replication role on the primary, the standby's folders and its password file."""
        from psycopg import sql

        exists = self._primary_sql("SELECT 1 FROM pg_roles WHERE rolname = %s", [REPLICA_ROLE])
        self._primary_sql(sql.SQL("{} ROLE {} LOGIN REPLICATION NOSUPERUSER PASSWORD {}").format(
            sql.SQL("ALTER" if exists else "CREATE"), sql.Identifier(REPLICA_ROLE), sql.Literal(self.replica_password)))
        self.base.mkdir(parents=True, exist_ok=True)
        self.sock.mkdir(exist_ok=True)
        self.passfile.write_text(f"127.0.0.1:{self.primary.port}:*:{REPLICA_ROLE}:{self.replica_password}\n")
        self.passfile.chmod(0o600)
        if not self.log.exists():
            self.log.touch()
        self.primary._own(self.base, self.sock, self.passfile, self.log)

    def create(self) -> None:
        """A fresh copy of the primary (pg_basebackup -R: it starts as a standby), with its own slot."""
        self.stop()
        shutil.rmtree(self.data, ignore_errors=True)
        self._prepare()
        if self._primary_sql("SELECT 1 FROM pg_replication_slots WHERE slot_name = %s", [STANDBY_NAME]):
            self._primary_sql("SELECT pg_drop_replication_slot(%s)", [STANDBY_NAME])
        say(f"Copying the primary into {self.data} (pg_basebackup)")
        result = self.primary._pg("pg_basebackup", "-D", str(self.data), "-R", "-X", "stream", "-C",
                                  "-S", STANDBY_NAME, "-c", "fast", "-d", self._conninfo(),
                                  capture_output=True, text=True)
        if result.returncode:
            raise SystemExit(f"ERROR: pg_basebackup failed:\n{result.stdout}{result.stderr}")

    def _system_id(self, data: Path) -> str | None:
        result = self.primary._pg("pg_controldata", "-D", str(data), capture_output=True, text=True)
        found = re.search(r"Database system identifier:\s*(\d+)", result.stdout)
        return found.group(1) if found else None

    def usable(self) -> bool:
        """A standby made earlier of this very primary, whose slot the primary still keeps."""
        if not (self.data / "PG_VERSION").exists():
            return False
        if not (self.data / "standby.signal").exists():
            raise SystemExit(f"ERROR: {self.data} is no longer a standby (it was promoted): it may hold the "
                             "only copy of recent data. Move it aside before making a new standby.")
        return (self._system_id(self.data) == self._system_id(self.primary.data)
                and bool(self._primary_sql("SELECT 1 FROM pg_replication_slots WHERE slot_name = %s",
                                           [STANDBY_NAME])))

    # --- running it --------------------------------------------------------------------------

    def start(self) -> None:
        self._prepare()  # the primary's port may have changed since the copy: so does the connection string
        auto = self.data / "postgresql.auto.conf"
        text = re.sub(r"(?m)^primary_conninfo = .*$", lambda _m: f"primary_conninfo = '{self._conninfo()}'",
                      auto.read_text())
        auto.write_text(text)
        if self.primary._pg("pg_ctl", "-D", str(self.data), "status", capture_output=True).returncode == 0:
            self.stop()
        # max_connections no lower than the primary's, or a hot standby refuses to start
        opts = (f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.sock}"
                " -c max_connections=300 -c hot_standby=on -c wal_retrieve_retry_interval=200ms")
        result = self.primary._pg("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                                  "-o", opts, "start", capture_output=True, text=True)
        if result.returncode:
            raise SystemExit(f"ERROR: the standby did not start (see {self.log}):\n{result.stdout}{result.stderr}")

    def state(self) -> tuple[str, str] | None:
        """(state, sync_state) of the standby as the primary sees it, e.g. ("streaming", "sync")."""
        rows = self._primary_sql("SELECT state, sync_state FROM pg_stat_replication WHERE application_name = %s",
                                 [STANDBY_NAME])
        return rows[0] if rows else None

    def wait_sync(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while (state := self.state()) != ("streaming", "sync"):
            if time.monotonic() > deadline:
                raise SystemExit(f"ERROR: the standby is not a synchronous standby after {timeout:.0f} s "
                                 f"(pg_stat_replication: {state}); see {self.log}")
            time.sleep(0.1)

    def promote(self) -> None:
        result = self.primary._pg("pg_ctl", "-D", str(self.data), "-w", "-t", "60", "promote",
                                  capture_output=True, text=True)
        if result.returncode:
            raise SystemExit(f"ERROR: promotion failed:\n{result.stdout}{result.stderr}")

    def stop(self) -> None:
        if (self.data / "PG_VERSION").exists():
            self.primary._pg("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop", capture_output=True)


def attach_standby(primary: Postgres, base: Path, port: int) -> Standby:
    """Makes (or reuses) the standby of a running primary, then restarts the primary with synchronous
    commit on it: from then on no commit returns before the standby has it on disk."""
    standby = Standby(primary, base, port)
    if not standby.usable():
        standby.create()
    say(f"PostgreSQL standby '{STANDBY_NAME}' on 127.0.0.1:{port} ({standby.data})")
    standby.start()
    primary.extra_opts = f"{primary.extra_opts} {SYNC_OPTS}".strip()  # beside the archiving ones, if any
    primary.start()  # restarts it with synchronous_standby_names; the standby reconnects at once
    standby.wait_sync()
    state, sync_state = standby.state()
    say(f"Replication to '{STANDBY_NAME}': {state}, {sync_state} (synchronous_commit=on)")
    return standby


# --- the recovery drill -------------------------------------------------------------------------

@dataclass
class DrillResult:
    operations: int  # the primary is killed once that many loads were acknowledged
    writers: int
    acknowledged: int  # loads whose card_load() returned on the primary, each fsynced to a writer's file
    found: int  # acknowledged loads present, unchanged, on the promoted standby
    lost: int
    in_flight: int  # loads under way when the primary died: no acknowledgement, may or may not be there
    in_flight_committed: int  # committed entries that no writer saw acknowledged
    balances_ok: bool  # each card's balance equals the sum of its register entries
    verify_ok: bool  # manage.py registers_verify on the promoted standby
    recovery_seconds: float  # SIGKILL → first successful card load on the promoted standby
    promote_seconds: float  # SIGKILL → pg_ctl promote returned
    entries: int  # entries of the casino's cartes register after the drill
    problems: list[str]

    @property
    def ok(self) -> bool:
        return (self.lost == 0 and self.found == self.acknowledged and self.acknowledged >= 1
                and self.balances_ok and self.verify_ok and not self.problems)

    def report(self) -> str:
        return "\n".join([
            f"  writers                  {self.writers}",
            f"  acknowledged             {self.acknowledged} (by the primary, before the kill)",
            f"  found                    {self.found}",
            f"  lost                     {self.lost}",
            f"  in flight                {self.in_flight} unacknowledged at the kill "
            f"({self.in_flight_committed} of them committed all the same)",
            f"  card balances            {'match the register' if self.balances_ok else 'WRONG'}",
            f"  registers_verify         {'intact' if self.verify_ok else 'BROKEN'}",
            f"  promotion                {self.promote_seconds:.2f} s after SIGKILL",
            f"  time to recover          {self.recovery_seconds:.2f} s (SIGKILL → first card load acknowledged "
            "by the promoted standby)",
            *[f"  PROBLEM: {p}" for p in self.problems],
        ])


APP = [sys.executable, str(ROOT / "scripts" / "drill_app.py")]


def _django_env(tmp: Path, database_url: str, secret_key: str) -> dict[str, str]:
    """The product's settings (config.settings.local) against the drill's own cluster; card loads never
    touch Redis, so none is started (the URL only satisfies the settings)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "PYTEST_", "REDIS_"))}
    env.update(DJANGO_SETTINGS_MODULE="config.settings.local", DJANGO_SECRET_KEY=secret_key,
               REDIS_URL="redis://127.0.0.1:9", VIGIE_KEYS_DIR=str(tmp / "keys"), DATABASE_URL=database_url,
               DATABASE_APP_ROLE=APP_ROLE, PYTHONUNBUFFERED="1")
    return env


def _acks(folder: Path) -> int:
    return sum(line.startswith(b"ack ") for path in folder.glob("writer-*.acks")
               for line in path.read_bytes().splitlines())


def _kill_server(data: Path) -> None:
    """SIGKILL to the postmaster, then to each of its children: every process of the server stops at once,
    as when its machine fails. No shutdown checkpoint, no goodbye to the standby."""
    pid = int((data / "postmaster.pid").read_text().split()[0])
    children = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and _ppid(p) == pid]
    os.kill(pid, signal.SIGKILL)
    for child in children:
        with contextlib.suppress(ProcessLookupError):  # gone already
            os.kill(child, signal.SIGKILL)


def _ppid(proc: Path) -> int | None:
    try:
        return int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def drill(operations: int = 1000, writers: int = 4, keep: bool = False) -> DrillResult:
    tmp = Path(tempfile.mkdtemp(prefix="vigie-drill-"))
    tmp.chmod(0o755)
    primary = Postgres(tmp / "primary", free_port(), fast=False)
    standby: Standby | None = None
    procs: list[subprocess.Popen] = []
    acks = tmp / "acks"
    acks.mkdir()
    try:
        started = time.monotonic()
        say(f"Drill in {tmp}: primary on 127.0.0.1:{primary.port}")
        primary.start()
        standby = attach_standby(primary, tmp / "standby", free_port())
        key = secrets.token_urlsafe(48)
        owner = _django_env(tmp, primary.url(PG_DB, OWNER_ROLE), key)
        say("Migrating, then the LU casino, its staff, the system certificate and the day cards")
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=owner,
                       check=True)
        setup = json.loads(subprocess.run([*APP, "setup", "--cards", str(writers + 1)], cwd=ROOT, env=owner,
                                          check=True, stdout=subprocess.PIPE, text=True).stdout)
        app_primary = _django_env(tmp, primary.url(PG_DB, APP_ROLE), key)
        app_standby = _django_env(tmp, standby.url(PG_DB, APP_ROLE), key)  # the application, repointed
        go = tmp / "primary-lost"
        probe = subprocess.Popen([*APP, "probe", "--card", setup["cards"][-1], "--day", setup["day"],
                                  "--acks", str(acks / "probe.acks"), "--go", str(go)],
                                 cwd=ROOT, env=app_standby, stdout=subprocess.PIPE, text=True)
        procs.append(probe)
        for index in range(writers):
            procs.append(subprocess.Popen([*APP, "write", "--card", setup["cards"][index], "--day", setup["day"],
                                           "--acks", str(acks / f"writer-{index}.acks")],
                                          cwd=ROOT, env=app_primary))
        say(f"{writers} writers loading day cards as {APP_ROLE} through registers.cards.ledger.card_load "
            f"(setup took {time.monotonic() - started:.1f} s)")
        flowing = time.monotonic()
        deadline = flowing + 120
        while _acks(acks) < operations:
            if time.monotonic() > deadline or any(p.poll() is not None for p in procs[1:]):
                raise SystemExit(f"ERROR: the writers stopped or stalled at {_acks(acks)} acknowledged loads")
            time.sleep(0.02)

        say(f"{_acks(acks)} loads acknowledged in {time.monotonic() - flowing:.1f} s: "
            "SIGKILL to every process of the primary")
        killed = time.monotonic()
        _kill_server(primary.data)
        go.touch()  # the application now writes to the standby's address, and retries until it is writable
        standby.promote()
        promoted = time.monotonic() - killed
        say(f"Standby promoted (pg_ctl promote) {promoted:.2f} s after the kill")
        out, _ = probe.communicate(timeout=60)
        if probe.returncode:
            raise SystemExit("ERROR: no write succeeded on the promoted standby")
        first_write = json.loads(out.strip().splitlines()[-1])
        recovery = first_write["at"] - killed
        problems = []
        for index, proc in enumerate(procs[1:]):
            try:
                if proc.wait(timeout=30):
                    problems.append(f"writer {index} exited with {proc.returncode}")
            except subprocess.TimeoutExpired:
                proc.kill()
                problems.append(f"writer {index} did not notice the primary's loss")

        say("Checking every acknowledged load on the promoted standby, then registers_verify")
        check = json.loads(subprocess.run([*APP, "check", "--acks", str(acks)], cwd=ROOT, env=app_standby,
                                          check=True, stdout=subprocess.PIPE, text=True).stdout)
        verify = subprocess.run([sys.executable, "manage.py", "registers_verify"], cwd=ROOT, env=app_standby,
                                capture_output=True, text=True)
        print(verify.stdout, end="", flush=True)
        if verify.returncode:
            problems.append(f"registers_verify exited with {verify.returncode}: {verify.stderr.strip()[-500:]}")
        problems += check["problems"]
        return DrillResult(
            operations=operations, writers=writers, acknowledged=check["acknowledged"], found=check["found"],
            lost=check["acknowledged"] - check["found"], in_flight=check["in_flight"],
            in_flight_committed=check["in_flight_committed"], balances_ok=check["balances_ok"],
            verify_ok=verify.returncode == 0, recovery_seconds=recovery, promote_seconds=promoted,
            entries=check["entries"], problems=problems)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        if standby is not None:
            standby.stop()
        if (primary.data / "postmaster.pid").exists():
            primary.stop()
        if keep:
            say(f"Kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def cmd_drill(args) -> int:
    result = drill(operations=args.operations or 1000, writers=args.writers, keep=args.keep)
    print(f"\n  Recovery drill (LU RGD 1979 art. 3-1 9)): {'PASSED' if result.ok else 'FAILED'}\n"
          f"{result.report()}\n", flush=True)
    if args.json:
        print(json.dumps(asdict(result)))
    return 0 if result.ok else 1
