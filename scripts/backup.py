"""Point-in-time recovery of the product's PostgreSQL: continuous WAL archiving and base backups with pgBackRest
(Debian's `pgbackrest`), and the restore drill.

Archive: a pgBackRest repository (a folder) and its stanza `vigie`. The cluster runs with `archive_mode=on` and
`archive_command = pgbackrest … archive-push %p`: every WAL segment, once full (or at the latest every
`archive_timeout`), is copied into the repository. A base backup (`pgbackrest backup`, full the first time) plus
the WAL archived since lets pgBackRest rebuild the cluster as it was at any moment after that backup
(`pgbackrest restore --type=time --target=…`). Retention: `repo1-retention-full` full backups are kept, with
the WAL they need; older ones are expired after each backup. Like the standby's settings, the archiving ones are
given on the server's command line, never written to the cluster's files: a restored copy does not push its own
WAL into the repository of the cluster it was restored from.

`./scripts/run` archives when VIGIE_BACKUP_REPO names the repository folder (VIGIE_BACKUP_RETENTION full backups
kept, default 2); it then takes a backup at each start (full when the last full one is older than
VIGIE_BACKUP_FULL_DAYS, default 7, else differential).

restore drill (`./scripts/drill --restore`): its own archived primary in a temporary folder, card loads through
the services, a moment noted, a mistake after it (a mass UPDATE of the cards as the owner role, its triggers
disabled) and more loads; then a restore to the moment in a temporary cluster, where every load acknowledged
before the moment must be, none after it, the mistake must be absent and the registers must verify.
"""

from __future__ import annotations

import glob
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from services import APP_ROLE, OWNER_ROLE, PG_DB, PG_USER, ROOT, Postgres, apt_install, free_port, say
from standby import APP, _django_env

STANZA = "vigie"
PGBACKREST = "/usr/bin/pgbackrest"
# the PostgreSQL majors Debian's pgbackrest 2.45 (bookworm) knows; a newer server needs a newer pgBackRest
PGBACKREST_MAJORS = range(9, 16)


def ensure_pgbackrest() -> bool:
    """Debian's `pgbackrest`, installed with apt when run as root (as the browser tests' packages are)."""
    if Path(PGBACKREST).exists():
        return True
    # without Debian's PostgreSQL the embedded one (18) would run, newer than this pgBackRest knows
    packages = ["pgbackrest"] + ([] if glob.glob("/usr/lib/postgresql/*/bin/pg_ctl") else ["postgresql"])
    return apt_install(packages, "WAL archiving and point-in-time recovery")


class Archive:
    """The pgBackRest repository `repo` of the cluster `pg`; its configuration, logs and locks in `base`."""

    def __init__(self, pg: Postgres, repo: Path, base: Path, retention_full: int = 2):
        self.pg, self.repo, self.base, self.retention_full = pg, repo, base, retention_full
        self.config = base / "pgbackrest.conf"
        self.passfile = base / "pgpass"

    def _write_config(self) -> None:
        for folder in (self.base, self.repo, self.base / "log", self.base / "lock", self.base / "spool"):
            folder.mkdir(parents=True, exist_ok=True)
            self.pg._own(folder)
        self.repo.chmod(0o750)
        self.config.write_text("\n".join([
            "[global]",
            f"repo1-path={self.repo}",
            f"repo1-retention-full={self.retention_full}",
            f"log-path={self.base / 'log'}",
            f"lock-path={self.base / 'lock'}",
            f"spool-path={self.base / 'spool'}",
            "log-level-console=warn",
            "log-level-file=info",
            "compress-type=lz4",
            "start-fast=y",
            "",
            f"[{STANZA}]",
            f"pg1-path={self.pg.data}",
            f"pg1-port={self.pg.port}",
            f"pg1-socket-path={self.pg.sock}",
            f"pg1-user={PG_USER}",
            "",
        ]))
        # pgBackRest connects to the cluster as its superuser through the socket: libpq reads the password here
        self.passfile.write_text(f"*:*:*:{PG_USER}:{self.pg.password}\n")
        self.passfile.chmod(0o600)
        self.pg._own(self.config, self.passfile)

    def server_opts(self) -> str:
        """The archiving settings, for the server's command line (pg_ctl -o, read by a shell)."""
        self._write_config()
        command = f"{PGBACKREST} --config={self.config} --stanza={STANZA} archive-push %p"
        return f'-c wal_level=replica -c archive_mode=on -c "archive_command={command}" -c archive_timeout=60'

    def run(self, *args: str) -> subprocess.CompletedProcess:
        """pgbackrest ARGS as the cluster's user; raises with its output when it fails."""
        result = subprocess.run([*self.pg.prefix, "env", f"PGPASSFILE={self.passfile}", PGBACKREST,
                                 f"--config={self.config}", f"--stanza={STANZA}", *args],
                                capture_output=True, text=True, start_new_session=True)
        if result.returncode:
            raise SystemExit(f"ERROR: pgbackrest {' '.join(args)} failed ({result.returncode}):\n"
                             f"{result.stdout}{result.stderr}")
        return result

    def stanza_create(self) -> None:
        self.run("stanza-create")

    def backup(self, kind: str = "full") -> None:
        """A base backup of the running cluster, then expiry of what the retention no longer keeps."""
        self.run(f"--type={kind}", "backup")

    def info(self) -> dict:
        data = json.loads(self.run("--output=json", "info").stdout)
        return data[0] if data else {}

    def last_full_age(self) -> float | None:
        """Seconds since the last full backup ended, None when the repository has none."""
        fulls = [b for b in self.info().get("backup", []) if b.get("type") == "full"]
        return time.time() - fulls[-1]["timestamp"]["stop"] if fulls else None

    def check(self) -> None:
        """Switches WAL and waits until the segment is in the repository: everything committed is archived."""
        self.run("check")

    def restore_to(self, data: Path, target: str) -> None:
        """The cluster as it was at `target` (a timestamp with its zone), into the empty folder `data`; it starts
        as a new primary (a new timeline) once recovery reaches the target."""
        data.mkdir(parents=True, exist_ok=True)
        data.chmod(0o700)
        self.pg._own(data.parent, data)
        self.run(f"--pg1-path={data}", "--type=time", f"--target={target}", "--target-action=promote",
                 "--process-max=2", "restore")


def enable_archiving(pg: Postgres, var: Path) -> Archive | None:
    """For `./scripts/run`: archiving of var/postgres into VIGIE_BACKUP_REPO when it names a folder."""
    repo = os.environ.get("VIGIE_BACKUP_REPO")
    if not repo:
        return None
    if not ensure_pgbackrest():
        raise SystemExit(1)
    archive = Archive(pg, Path(repo).resolve(), var / "pgbackrest",
                      int(os.environ.get("VIGIE_BACKUP_RETENTION", "2")))
    pg.extra_opts = f"{pg.extra_opts} {archive.server_opts()}".strip()
    return archive


def backup_at_start(archive: Archive) -> None:
    """A full backup when the last is older than VIGIE_BACKUP_FULL_DAYS, else a differential one; pgBackRest
    expires what VIGIE_BACKUP_RETENTION no longer keeps. (The stanza was made when the cluster started.)"""
    age = archive.last_full_age()
    full_days = float(os.environ.get("VIGIE_BACKUP_FULL_DAYS", "7"))
    kind = "full" if age is None or age > full_days * 86400 else "diff"
    say(f"pgBackRest: {kind} backup into {archive.repo} (retention: {archive.retention_full} full backups)")
    archive.backup(kind)


# --- the restore drill ---------------------------------------------------------------------------

@dataclass
class RestoreResult:
    before: int  # loads acknowledged before the moment
    after: int  # loads acknowledged after the moment (and after the mistake)
    restored: int  # of `before`, present and unchanged in the restored cluster
    lost: int  # of `before`, absent or changed there
    present_after: int  # of `after`, present there: must be 0
    mistake_rows: int  # cards the mistake changed on the primary
    mistake_absent: bool  # every card's balance in the restored cluster equals its loads in the register
    verify_ok: bool  # manage.py registers_verify on the restored cluster
    backup_seconds: float
    restore_minutes: float  # pgbackrest restore → the restored cluster answers, recovered to the moment
    moment: str
    problems: list[str]

    @property
    def ok(self) -> bool:
        return (self.before >= 1 and self.after >= 1 and self.lost == 0 and self.restored == self.before
                and self.present_after == 0 and self.mistake_rows >= 1 and self.mistake_absent
                and self.verify_ok and not self.problems)

    def report(self) -> str:
        return "\n".join([
            f"  moment                   {self.moment}",
            f"  acknowledged before      {self.before} (loads returned before the moment)",
            f"  acknowledged after       {self.after} (after the moment, with the mistake)",
            f"  restored                 {self.restored}",
            f"  lost                     {self.lost}",
            f"  present after            {self.present_after}",
            f"  mistake                  {self.mistake_rows} cards rewritten by {OWNER_ROLE}; "
            f"{'absent from the restored cluster' if self.mistake_absent else 'PRESENT in the restored cluster'}",
            f"  registers_verify         {'intact' if self.verify_ok else 'BROKEN'}",
            f"  base backup              {self.backup_seconds:.1f} s (pgbackrest backup, online)",
            f"  time to restore          {self.restore_minutes:.2f} min (pgbackrest restore --type=time → "
            "the restored cluster answers)",
            *[f"  PROBLEM: {p}" for p in self.problems],
        ])


def start_recovered(pg: Postgres, timeout: float = 600) -> None:
    """Starts a restored cluster and waits until recovery has reached its target and promoted it (it answers
    read-only before that)."""
    import psycopg

    create_database, pg._create_database = pg._create_database, lambda: None
    try:
        pg.start()
    finally:
        pg._create_database = create_database
    deadline = time.monotonic() + timeout
    while True:
        with psycopg.connect(pg.url("postgres"), autocommit=True) as conn:
            if not conn.execute("SELECT pg_is_in_recovery()").fetchone()[0]:
                return
        if time.monotonic() > deadline:
            raise SystemExit(f"ERROR: the restored cluster still recovers after {timeout:.0f} s; see {pg.log}")
        time.sleep(0.2)


def _writers(setup: dict, cards: list[str], count: int, acks: Path, prefix: str, env: dict) -> list:
    return [subprocess.Popen([*APP, "write", "--card", card, "--day", setup["day"], "--count", str(count),
                              "--acks", str(acks / f"{prefix}-{index}.acks")], cwd=ROOT, env=env)
            for index, card in enumerate(cards)]


def _wait(procs: list, what: str) -> None:
    for proc in procs:
        if proc.wait(timeout=300):
            raise SystemExit(f"ERROR: {what} exited with {proc.returncode}")


def _app(env: dict, *args: str) -> dict:
    return json.loads(subprocess.run([*APP, *args], cwd=ROOT, env=env, check=True, stdout=subprocess.PIPE,
                                     text=True).stdout)


def restore_drill(operations: int = 200, writers: int = 4, keep: bool = False) -> RestoreResult:
    if not ensure_pgbackrest():
        raise SystemExit(1)
    tmp = Path(tempfile.mkdtemp(prefix="vigie-restore-"))
    tmp.chmod(0o755)
    primary = Postgres(tmp / "primary", free_port(), fast=False)
    restored = Postgres(tmp / "restored", free_port(), fast=False, extra_opts="-c archive_mode=off")
    version = subprocess.run([str(primary.bindir / "postgres"), "--version"], capture_output=True, text=True).stdout
    major = int(re.search(r"(\d+)\.", version).group(1))
    if major not in PGBACKREST_MAJORS:
        raise SystemExit(f"ERROR: PostgreSQL {major} ({primary.bindir}) is newer than the pgBackRest of Debian 12 "
                         "supports (up to 15): install Debian's postgresql, which scripts/services.py then uses")
    archive = Archive(primary, tmp / "repo", tmp / "pgbackrest")
    primary.extra_opts = archive.server_opts()
    acks = tmp / "acks"
    acks.mkdir()
    procs: list[subprocess.Popen] = []
    try:
        say(f"Restore drill in {tmp}: primary on 127.0.0.1:{primary.port}, archived by pgBackRest into {archive.repo}")
        primary.start()
        archive.stanza_create()
        key = secrets.token_urlsafe(48)
        owner = _django_env(tmp, primary.url(PG_DB, OWNER_ROLE), key)
        app = _django_env(tmp, primary.url(PG_DB, APP_ROLE), key)
        say("Migrating, then the LU casino, its staff, the system certificate and the day cards")
        quick = {**owner, "PGOPTIONS": "-c synchronous_commit=off"}  # the setting up is not what the drill counts
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=quick,
                       check=True)
        setup = _app(quick, "setup", "--cards", str(2 * writers))
        before_cards, after_cards = setup["cards"][:writers], setup["cards"][writers:]
        per_writer = max(1, operations // writers)
        half = max(1, per_writer // 2)
        say(f"{writers} writers loading day cards as {APP_ROLE} (card_load), {half} each, then the base backup "
            "while they load again")
        _wait(procs := _writers(setup, before_cards, half, acks, "before-a", app), "a writer")
        procs = _writers(setup, before_cards, per_writer - half, acks, "before-b", app)
        started = time.monotonic()
        archive.backup("full")
        backup_seconds = time.monotonic() - started
        say(f"Full base backup in {backup_seconds:.1f} s (pgbackrest backup, online)")
        _wait(procs, "a writer")
        mistake = _app(owner, "mistake")  # notes the moment first
        moment = mistake["moment"]
        say(f"The moment: {moment}")
        say(f"The mistake, as {OWNER_ROLE}: {mistake['sql']} → {mistake['rows']} cards")
        procs = _writers(setup, after_cards, half, acks, "after", app)
        _wait(procs, "a writer")
        archive.check()  # the last WAL, with the loads after the moment, is in the repository too
        say("Every WAL segment archived (pgbackrest check); restoring to the moment into a temporary cluster")
        primary.stop()
        started = time.monotonic()
        archive.restore_to(restored.data, moment)
        start_recovered(restored)
        restore_minutes = (time.monotonic() - started) / 60
        say(f"Restored and recovered to the moment in {restore_minutes:.2f} min; checking it")
        app_restored = _django_env(tmp, restored.url(PG_DB, APP_ROLE), key)
        check = _app(app_restored, "restore-check", "--acks", str(acks))
        verify = subprocess.run([sys.executable, "manage.py", "registers_verify"], cwd=ROOT, env=app_restored,
                                capture_output=True, text=True)
        print(verify.stdout, end="", flush=True)
        problems = list(check["problems"])
        if verify.returncode:
            problems.append(f"registers_verify exited with {verify.returncode}: {verify.stderr.strip()[-500:]}")
        return RestoreResult(
            before=check["before"], after=check["after"], restored=check["restored"],
            lost=check["before"] - check["restored"], present_after=check["present_after"],
            mistake_rows=mistake["rows"], mistake_absent=check["balances_ok"], verify_ok=verify.returncode == 0,
            backup_seconds=backup_seconds, restore_minutes=restore_minutes, moment=moment, problems=problems)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        for pg in (restored, primary):
            if (pg.data / "postmaster.pid").exists():
                pg.stop()
        if keep:
            say(f"Kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def cmd_restore_drill(args) -> int:
    result = restore_drill(operations=args.operations or 200, writers=args.writers, keep=args.keep)
    print(f"\n  Point-in-time recovery drill (pgBackRest): {'PASSED' if result.ok else 'FAILED'}\n"
          f"{result.report()}\n", flush=True)
    if args.json:
        print(json.dumps({**asdict(result), "ok": result.ok}))
    return 0 if result.ok else 1
