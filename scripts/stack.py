"""Starts the project's own services and runs the product (`run`), one command with the product's settings
(`manage`, `python`), the whole test suite (`test`), the benchmarks (`bench`) or the recovery drill (`drill`).

run:    PostgreSQL, Redis, Celery worker and beat, gunicorn, a local mail server (aiosmtpd, its mails in var/mail);
        data kept under var/ (VIGIE_VAR) between runs.
        With --standby, a streaming-replication standby in var/standby and synchronous commit (scripts/standby.py).
        With --production, as deployed (docs/deploy.md, scripts/production.py): production settings, collectstatic
        into var/static, gunicorn behind nginx over HTTPS with a self-signed certificate, logs as JSON lines.
manage: `manage.py ARGS` with the settings of var/ (config.settings.local, its secret key, the owner role). Uses
        the PostgreSQL and Redis of a running `run`; when none runs, starts them for the command and stops them
        afterwards. Migrates when migrations are unapplied and loads the rule data when its tables are empty.
python: the virtualenv's python with the same settings. Starts nothing: uses the local servers if they run,
        or, with --services as its first argument, starts them as `manage` does.
test:   PostgreSQL and Redis on free ports in a temporary folder, removed afterwards; bench likewise.
drill:  the recovery drill of scripts/standby.py, with its own primary and standby; with --restore, the
        point-in-time recovery drill of scripts/backup.py (pgBackRest), with its own archived primary.
        With VIGIE_BACKUP_REPO, `run` archives var/postgres's WAL there with pgBackRest (scripts/backup.py).
DATABASE_URL / REDIS_URL, when set, point at external servers and nothing is started for them.
"""

from __future__ import annotations

import argparse
import contextlib
import os
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

import production
import services as supervisor
from backup import backup_at_start, cmd_restore_drill, enable_archiving, ensure_pgbackrest
from services import (
    APP_ROLE,
    BIN,
    OWNER_ROLE,
    PG_DB,
    ROOT,
    Postgres,
    Redis,
    free_port,
    read_or_create_secret,
    say,
    stop_process,
    wait_for,
)
from standby import attach_standby, cmd_drill

# npm installs axe-core, the browser tests' accessibility checker (tests/a11y.py), into the virtualenv
BROWSER_PACKAGES = {"chromium": "/usr/bin/chromium", "poppler-utils": "/usr/bin/pdftoppm", "npm": "/usr/bin/npm",
                    # SoftHSM2, the PKCS#11 token the keys' tests sign through (compliance/keystore.py), and
                    # OpenSC's pkcs11-tool, which lists a token's objects as an HSM's own tools would
                    "softhsm2": "/usr/lib/softhsm/libsofthsm2.so", "opensc": "/usr/bin/pkcs11-tool",
                    # the TLS proxy of ./scripts/run --production, which tests/test_production_https.py drives
                    "nginx": str(production.NGINX)}
DEFAULT_PORTS = {"VIGIE_PORT": 8000, "VIGIE_PG_PORT": 55432, "VIGIE_REDIS_PORT": 56379, "VIGIE_STANDBY_PORT": 55433,
                 "VIGIE_SMTP_PORT": 8025, **production.PORTS}
# these commands handle the schema themselves: `manage` does not migrate before them
SCHEMA_COMMANDS = {"migrate", "makemigrations", "showmigrations", "sqlmigrate", "squashmigrations",
                   "optimizemigration"}


def env_port(name: str) -> int:
    return int(os.environ.get(name, DEFAULT_PORTS[name]))


class Services:
    """PostgreSQL and Redis for one run, or the external servers named in the environment.

    reuse: servers of var/ already running (a `run` in another terminal) are used, and left running.
    start: servers not running are started (and stopped by stop()); without it their URLs are left out."""

    def __init__(self, base: Path, *, fast: bool, pg_port: int | None = None, redis_port: int | None = None,
                 standby_port: int | None = None, reuse: bool = False, start: bool = True, archive: bool = False):
        self.base = base
        self.fast = fast
        self.pg_port, self.redis_port = pg_port, redis_port
        self.standby_port = standby_port  # set: a synchronous standby of the cluster in base/standby
        self.reuse, self.may_start = reuse, start
        self.archive = archive  # the local cluster's: WAL archived with pgBackRest when VIGIE_BACKUP_REPO is set
        self.pg: Postgres | None = None
        self.standby = None
        self.redis: Redis | None = None
        self.started: set[str] = set()  # what stop() stops: only what this object started

    def start(self) -> dict[str, str]:
        """DATABASE_URL is the owner's (migrations, tests); DATABASE_APP_URL the application's."""
        env = {}
        database_url = os.environ.get("DATABASE_URL") or self._postgres()
        if database_url:
            env["DATABASE_URL"] = database_url
        if self.pg is not None:
            env["DATABASE_APP_URL"] = self.pg.url(PG_DB, APP_ROLE)
            env["DATABASE_APP_ROLE"] = APP_ROLE
        redis_url = os.environ.get("REDIS_URL") or self._redis()
        if redis_url:
            env["REDIS_URL"] = redis_url
        return env

    def _postgres(self) -> str | None:
        base = self.base / "postgres"
        if self.reuse and Postgres.pid_file(base).exists():
            pg = Postgres(base, fast=self.fast)
            if port := pg.running_port():
                pg.port, self.pg = port, pg
                say(f"PostgreSQL already running on 127.0.0.1:{port} ({pg.data})")
                return pg.url(PG_DB, OWNER_ROLE)
        if not self.may_start:
            return None
        if self.archive and os.environ.get("VIGIE_BACKUP_REPO") and not ensure_pgbackrest():
            raise SystemExit(1)  # before choosing the binaries: as root it may install Debian's PostgreSQL
        self.pg = Postgres(base, free_port(self.pg_port), fast=self.fast)
        self.archive = self.archive and enable_archiving(self.pg, self.base)
        say(f"PostgreSQL ({self.pg.bindir}) on 127.0.0.1:{self.pg.port}"
            + (f", WAL archived by pgBackRest into {self.archive.repo}" if self.archive else ""))
        self.started.add("pg")
        url = self.pg.start()
        if self.archive:
            self.archive.stanza_create()  # before anything is written: every segment can be archived from now on
        if self.standby_port:
            self.started.add("standby")
            self.standby = attach_standby(self.pg, self.base / "standby", free_port(self.standby_port))
        return url

    def _redis(self) -> str | None:
        base = self.base / "redis"
        if self.reuse and Redis.port_file(base).exists():
            redis = Redis(base, persistent=not self.fast)
            if port := redis.running_port():
                self.redis = redis
                say(f"Redis already running on 127.0.0.1:{port}")
                return redis.url()
        if not self.may_start:
            return None
        self.redis = Redis(base, free_port(self.redis_port), persistent=not self.fast)
        say(f"Redis ({self.redis.exe}) on 127.0.0.1:{self.redis.port}")
        self.started.add("redis")
        return self.redis.start()

    def stop(self) -> None:
        if "redis" in self.started:
            self.redis.stop()
        if "pg" in self.started:
            self.pg.stop()
        if "standby" in self.started and self.standby:
            self.standby.stop()


def manage(env: dict[str, str], *args: str, check: bool = True) -> int:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=check).returncode


# --- the local stack: var/ ---------------------------------------------------------------------

def local_var() -> Path:
    """VIGIE_VAR (relative to the repository), default var/: the data of the product on this machine."""
    var = ROOT / os.environ.get("VIGIE_VAR", "var")
    var.mkdir(parents=True, exist_ok=True)
    var.chmod(0o755)  # under root, PostgreSQL runs as `postgres` and must reach var/postgres
    return var


def local_services(var: Path, *, reuse: bool, start: bool = True, pg_port: int | None = None,
                   redis_port: int | None = None, standby_port: int | None = None) -> Services:
    """The servers of var/, durable, on the ports asked for (default VIGIE_PG_PORT, VIGIE_REDIS_PORT)."""
    return Services(var, fast=False, pg_port=pg_port or env_port("VIGIE_PG_PORT"),
                    redis_port=redis_port or env_port("VIGIE_REDIS_PORT"), standby_port=standby_port,
                    reuse=reuse, start=start, archive=True)


def local_env(var: Path, services: Services) -> dict[str, str]:
    """The environment of a process of the product: its servers' URLs, config.settings.local and the
    secret key kept in var/, unless the environment names others."""
    env = {**os.environ, **services.start()}
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    env.setdefault("DJANGO_SECRET_KEY", read_or_create_secret(var / "secret_key", 48))
    env.setdefault("VIGIE_DEMO_FILES_DIR", str(var / "demo"))  # the files the demo imported, for README's commands
    return env


def with_public_url(env: dict[str, str], port: int) -> dict[str, str]:
    """The address the product writes in its links (the digests' mails, a certificate's CRL): the port `run` serves,
    unless the operator named it (VIGIE_PUBLIC_URL)."""
    return {"VIGIE_PUBLIC_URL": f"http://localhost:{port}", **env}


PREPARE = """
import os
import sys
sys.path.insert(0, sys.argv[1])
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
import django
django.setup()
from django.core.management import call_command, execute_from_command_line
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from games.models import LegalInstrument
if sys.argv[2] != "none":
    executor = MigrationExecutor(connection)
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        print("• Migrating the database", file=sys.stderr, flush=True)
        call_command("migrate", interactive=False, verbosity=0)
    if sys.argv[2] == "load" and not LegalInstrument.objects.exists():
        print("• Loading the rule data (rules_load)", file=sys.stderr, flush=True)
        call_command("rules_load", stdout=sys.stderr)
    connection.close()
if len(sys.argv) > 3:  # then the command, as manage.py runs it: Django started once, not twice
    execute_from_command_line(["manage.py", *sys.argv[3:]])
"""


def _mode(command: str | None) -> str:
    """Before a command that handles the schema nothing is done; before rules_load, no rule data is loaded."""
    return "none" if command in SCHEMA_COMMANDS else "skip" if command == "rules_load" else "load"


def prepare(env: dict[str, str], command: str | None) -> int:
    """A database ready for any command: migrated, with the rule data (the demo is `run`'s)."""
    return subprocess.run([sys.executable, "-c", PREPARE, str(ROOT), _mode(command)], cwd=ROOT, env=env,
                          stdout=sys.stderr.fileno()).returncode


def prepared_manage(argv: list[str]) -> list[str]:
    """manage.py `argv` in one process that first makes the database ready as `prepare` does."""
    return [sys.executable, "-c", PREPARE, str(ROOT), _mode(argv[0] if argv else None), *argv]


def foreground(cmd: list[str], env: dict[str, str]) -> int:
    """Runs `cmd` in the caller's folder and returns its exit status (128 + N when killed by signal N). Ctrl-C
    reaches it from the terminal; SIGTERM and SIGHUP sent to this process are passed on."""
    proc = subprocess.Popen(cmd, env=env)

    def forward(signum, frame):  # noqa: ARG001
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signum)

    previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGTERM, signal.SIGHUP)}
    previous[signal.SIGINT] = signal.signal(signal.SIGINT, lambda signum, frame: None)  # the command has it too
    try:
        code = proc.wait()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 128 - code if code < 0 else code


# --- run --------------------------------------------------------------------------------------

def cmd_run(args: argparse.Namespace) -> int:
    var = local_var()
    (var / "log").mkdir(exist_ok=True)
    if args.standby and os.environ.get("DATABASE_URL"):
        print("ERROR: --standby replicates the local cluster; DATABASE_URL names an external one.", file=sys.stderr)
        return 2
    if args.production and not production.ensure_nginx():
        return 1
    services = local_services(var, reuse=False, pg_port=args.pg_port, redis_port=args.redis_port,
                              standby_port=args.standby_port if args.standby else None)
    children: list[tuple[str, subprocess.Popen]] = []
    stopping = False

    def on_signal(signum, frame):  # noqa: ARG001
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        env = local_env(var, services)
        if args.production:  # the settings a deployment has (docs/deploy.md), served by nginx over HTTPS
            https_port, http_port = free_port(args.https_port), free_port(args.http_port)
            env = production.production_env(env, var, https_port)
        if services.archive and "pg" in services.started:
            backup_at_start(services.archive)
        say("Migrating the database")
        manage(env, "migrate", "--noinput", "-v", "0")
        port = free_port(args.port)
        env = with_public_url(env, port)  # before the demo: its certificates name their CRL there
        say("Loading rule data and the demo casinos")
        manage(env, "demo_load")

        # the web server and the worker connect as the application role, which cannot rewrite a register
        app_env = {**env, "DATABASE_URL": env.get("DATABASE_APP_URL", env["DATABASE_URL"])}
        # the mails the product sends (the digests) go to a local mail server, kept in var/mail and shown on the local
        # mailbox page, unless EMAIL_HOST names a real one
        mail_port = None if os.environ.get("EMAIL_HOST") else free_port(env_port("VIGIE_SMTP_PORT"))
        if mail_port:
            mail_env = {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(mail_port),
                        "VIGIE_LOCAL_MAILBOX": str(var / "mail")}
            env.update(mail_env)
            app_env.update(mail_env)

        def spawn(name: str, *cmd: str) -> None:
            log = open(var / "log" / f"{name}.log", "ab")  # noqa: SIM115 - lives as long as the child
            children.append((name, subprocess.Popen(cmd, cwd=ROOT, env=app_env, stdout=log, stderr=log,
                                                    start_new_session=True)))

        if mail_port:  # aiosmtpd's Maildir handler; -n: no setuid to `nobody`, var/mail stays the user's
            spawn("mail", sys.executable, "-m", "aiosmtpd", "-n", "-l", f"127.0.0.1:{mail_port}",
                  "-c", "aiosmtpd.handlers.Mailbox", str(var / "mail"))
        celery = [str(BIN / "celery"), "-A", "config", *(["--quiet"] if args.production else [])]  # no banner
        spawn("worker", *celery, "worker", "-l", "INFO", "-c", "2", "-n", "vigie@%h")
        spawn("beat", *celery, "beat", "-l", "INFO", "-s", str(var / "celerybeat-schedule"))
        context = None
        if args.production:
            say("Collecting the static files into var/static (fingerprinted, compressed)")
            manage(env, "collectstatic", "--noinput", "-v", "0")
            spawn("web", str(BIN / "gunicorn"), "-c", str(production.GUNICORN_CONF), "-b", f"127.0.0.1:{port}")
            config = production.nginx_config(var, upstream=f"127.0.0.1:{port}", https_port=https_port,
                                             http_port=http_port)
            production.check_config(config)
            say(f"nginx on https://localhost:{https_port}/ (and http://localhost:{http_port}/, redirected), "
                f"its configuration {config}")
            spawn("nginx", *production.nginx_command(config))
            url, context = f"https://localhost:{https_port}/", production.client_context(var / "tls" / "vigie.pem")
        else:
            spawn("web", str(BIN / "gunicorn"), "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2", "--preload",
                  "--access-logfile", "-")
            url = f"http://localhost:{port}/"

        def serving() -> bool:
            if stopped := [name for name, proc in children if proc.poll() is not None]:  # no use waiting a minute
                raise SystemExit(f"ERROR: {', '.join(stopped)} stopped; see {var / 'log'}/")
            return urllib.request.urlopen(url + "connexion/", timeout=2,  # nosec B310  # localhost
                                          context=context).status == 200

        wait_for(serving, "the web server")
        print(f"\n  Vigie is running: {url}\n", flush=True)
        if mail_port:
            print(f"  Local mailbox: {url}courrier/ (the mails Vigie sends, e.g. each person's digest)\n", flush=True)
        manage(env, "demo_load", "--logins-only")
        if mail_port:  # the demo's digests now, rather than at the beat's first hour
            wait_for(lambda: socket.create_connection(("127.0.0.1", mail_port), timeout=2).close() is None,
                     "the local mail server")
            manage(env, "notifications_digest")
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


# --- manage, python -----------------------------------------------------------------------------

def cmd_manage(argv: list[str]) -> int:
    supervisor.OUT = sys.stderr  # stdout is the command's (e.g. --json)
    var = local_var()
    services = local_services(var, reuse=True)
    try:
        env = local_env(var, services)
        return foreground(prepared_manage(argv) if argv else [sys.executable, str(ROOT / "manage.py")], env)
    finally:
        services.stop()


def cmd_python(argv: list[str]) -> int:
    supervisor.OUT = sys.stderr
    start = argv[:1] == ["--services"]
    if start:
        argv = argv[1:]
    var = local_var()
    services = local_services(var, reuse=True, start=start)
    try:
        env = local_env(var, services)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
        if start and (code := prepare(env, None)):
            return code
        return foreground([sys.executable, *argv], env)
    finally:
        services.stop()


# --- test -------------------------------------------------------------------------------------

def ensure_browser_tools() -> bool:
    missing = [pkg for pkg, path in BROWSER_PACKAGES.items() if not Path(path).exists()]
    return supervisor.apt_install(missing, "the browser, PDF, PKCS#11 and production profile's tests")


BANDIT_TARGETS = ["compliance", "games", "registers", "config", "manage.py"]  # what runs in production
# the scripts and benchmarks, with three tests left out: they start the product's own programs by argv, never through a
# shell (B404, B603); the benchmarks check their figures with assert as tests do (B101) and draw seeded data (B311)
TOOLING = ["-s", "B101,B311,B404,B603", "-r", "scripts", "benchmarks"]
# bandit warns of a nosec once per other line of the statement it sits on: noise, not a finding
BANDIT = ("import logging, sys\nfrom bandit.cli.main import main\n"
          "logging.getLogger('bandit.core.tester').addFilter(lambda r: 'nosec encountered' not in r.getMessage())\n"
          "sys.argv[0] = 'bandit'\nmain()\n")


def cmd_test(args: argparse.Namespace) -> int:
    if not ensure_browser_tools():
        return 1
    with temporary_services("vigie-test-") as env:
        failures = []
        steps = [
            ("ruff", [str(BIN / "ruff"), "check", "."]),
            ("lint-imports (docs/architecture.md)", [str(BIN / "lint-imports")]),
            ("bandit (pyproject.toml [tool.bandit])",
             [sys.executable, "-c", BANDIT, "-q", "-c", "pyproject.toml", "-r", *BANDIT_TARGETS]),
            ("bandit on scripts/ and benchmarks/",
             [sys.executable, "-c", BANDIT, "-q", "-c", "pyproject.toml", *TOOLING]),
            ("manage.py check", [sys.executable, "manage.py", "check", "--fail-level", "WARNING"]),
            ("makemigrations --check", [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"]),
            ("axe-core, pinned, from npm (tests/a11y.py)", [sys.executable, "-m", "tests.a11y"]),
        ]
        for name, cmd in steps:
            say(name)
            if subprocess.run(cmd, cwd=ROOT, env=env).returncode:
                failures.append(name)
        say("pytest")
        workers = os.environ.get("VIGIE_TEST_WORKERS", "2")
        # worksteal: a worker whose queue runs low takes half of the other's, so neither idles while the other ends
        code = subprocess.run([sys.executable, "-m", "pytest", "-n", workers, "--dist", "worksteal", *args.pytest_args],
                              cwd=ROOT, env=env).returncode
        if failures:
            print(f"FAILED steps before pytest: {', '.join(failures)}", file=sys.stderr)
        return code or (1 if failures else 0)


@contextlib.contextmanager
def temporary_services(prefix: str, *, fast: bool = True):
    """Fresh PostgreSQL and Redis in a temporary folder, with the test settings; removed afterwards. `fast`: without
    durability (no fsync), as a throw-away cluster may be."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    tmp.chmod(0o755)
    services = Services(tmp, fast=fast)
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

BENCHMARKS = ["rtp", "registers", "cards", "reports", "tables", "poker", "scale"]
# measured against pgbench on a cluster that keeps what it commits (fsync, synchronous commit), as the product runs:
# a ledger operation's commit is the evidence, and its cost is part of the figure
DURABLE = {"cards", "scale"}


def cmd_bench(args: argparse.Namespace) -> int:
    names, code = args.names or BENCHMARKS, 0
    smoke = os.environ.get("VIGIE_BENCH_SMOKE") == "1"  # a check that they run, not figures: one cluster serves
    for durable in (False, True):
        chosen = [name for name in names if (name in DURABLE) == durable or (smoke and not durable)]
        if not chosen or (smoke and durable):
            continue
        with temporary_services("vigie-bench-", fast=not durable) as env:
            manage(env, "migrate", "--noinput", "-v", "0")
            manage(env, "rules_load")
            for name in chosen:
                say(f"benchmarks/{name}.py" + (" (durable: fsync and synchronous commit on)" if durable else
                                               " (VIGIE_BENCH_SMOKE=1: no fsync)" if name in DURABLE else ""))
                code |= subprocess.run([sys.executable, f"benchmarks/{name}.py"], cwd=ROOT, env=env).returncode
    return code


# --- main -------------------------------------------------------------------------------------

def main(argv: list[str]) -> int:
    if argv[:1] in (["manage"], ["python"]):  # every further argument is the command's own
        try:
            return (cmd_manage if argv[0] == "manage" else cmd_python)(argv[1:])
        except KeyboardInterrupt:
            return 130
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run the product")
    run.add_argument("--port", type=int, default=env_port("VIGIE_PORT"))
    run.add_argument("--pg-port", type=int, default=env_port("VIGIE_PG_PORT"))
    run.add_argument("--redis-port", type=int, default=env_port("VIGIE_REDIS_PORT"))
    run.add_argument("--standby", action="store_true",
                     help="also run a synchronous streaming-replication standby in var/standby (LU art. 3-1 9))")
    run.add_argument("--standby-port", type=int, default=env_port("VIGIE_STANDBY_PORT"))
    run.add_argument("--production", action="store_true",
                     help="as deployed (docs/deploy.md): production settings, gunicorn behind nginx over HTTPS with a "
                          "self-signed certificate, logs as JSON lines")
    run.add_argument("--https-port", type=int, default=env_port("VIGIE_HTTPS_PORT"))
    run.add_argument("--http-port", type=int, default=env_port("VIGIE_HTTP_PORT"))
    sub.add_parser("manage", help="manage.py ARGS with the local stack's settings and servers")
    sub.add_parser("python", help="the virtualenv's python with the local stack's settings ([--services] ARGS)")
    test = sub.add_parser("test", help="run every test")
    test.add_argument("pytest_args", nargs="*", help="extra arguments for pytest")
    bench = sub.add_parser("bench", help="run the benchmarks")
    bench.add_argument("names", nargs="*", help="benchmark modules in benchmarks/ (default: all)")
    drill = sub.add_parser("drill", help="recovery drill: kill the primary, promote the standby, count losses")
    drill.add_argument("--restore", action="store_true",
                       help="point-in-time recovery drill instead: pgBackRest, a mistake, a restore to the moment")
    drill.add_argument("--operations", type=int, default=None,
                       help="acknowledged loads before the kill (default 1000); with --restore, before the moment "
                            "(default 200)")
    drill.add_argument("--writers", type=int, default=4, help="concurrent writer processes")
    drill.add_argument("--keep", action="store_true", help="keep the drill's temporary folder")
    drill.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)
    if args.command == "drill":
        return cmd_restore_drill(args) if args.restore else cmd_drill(args)
    return {"run": cmd_run, "test": cmd_test, "bench": cmd_bench}[args.command](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
