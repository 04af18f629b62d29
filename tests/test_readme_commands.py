"""Every command line of README.md runs as written, from a fresh clone (`pytest -m readme`).

Each line of each ```sh block of README.md (a trailing `# comment` allowed) is a command. A code block without
a language fails the test (mark commands ```sh), and so does a line that no rule of RULES knows how to run: a
new README command cannot go untested.

The clone: the working tree's tracked and untracked-not-ignored files (`git ls-files -co --exclude-standard`,
so uncommitted work is tested too) copied into a temporary folder. The lines run there with bash, as written,
with this virtualenv (VIGIE_VENV: nothing is installed) and its poker engine build (VIGIE_ENGINE_DIR), VIGIE_VAR
and TMPDIR inside the clone and free ports (VIGIE_PORT, VIGIE_PG_PORT, VIGIE_REDIS_PORT, VIGIE_STANDBY_PORT), so a
developer's running stack and the other tests are never touched. Order:

1. the lines that need only the repository (REPO: ./scripts/manage and ./scripts/python lines), in README
   order, before anything exists in var/: the first ./scripts/manage creates, migrates and fills the database;
2. every other line, in README order:
   - ./scripts/run and ./scripts/run --standby (SERVE) start in the background; once they print
     "Vigie is running: URL" and "Ctrl-C stops everything", URL + "connexion/" must answer 200; while the
     first one is up, the lines that need its demo data (DEMO) run against it, in README order; then SIGINT,
     and it must exit 0 within 60 s;
   - ./scripts/test (SUITE) is the one line that cannot run here, since it is the suite itself: .ci/run must
     call exactly it instead;
   - the drills (the standby's and the point-in-time recovery's) and the benchmarks (TOOL) make their own servers
     (in the clone's TMPDIR);
   - a line that appeared before in the README runs once.

Every line must exit 0, print what its rule expects and leave no process behind; all of them run even when
one fails, and the failures are reported together with each command's duration. Whatever the test started
is stopped at the end, failure or not.
"""

import contextlib
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(sys.executable).parent.parent  # this virtualenv (not resolved: a venv's python is a symlink)
REPO, DEMO, SERVE, SUITE, TOOL = "repo", "demo", "serve", "suite", "tool"


@dataclass(frozen=True)
class Rule:
    pattern: str  # matches the whole command, its comment left out
    kind: str
    expect: str = ""  # a regular expression its output must contain
    timeout: float = 300


RULES = (  # the first rule that matches a command is its rule
    Rule(r"\./scripts/run( --standby)?", SERVE),
    Rule(r"\./scripts/test", SUITE),
    Rule(r"\./scripts/python -m games\.rules\.validate", REPO, r"règles valides : \d+ instruments"),
    Rule(r"\./scripts/manage rules_load --check", REPO, r"\(0 différence\)"),
    Rule(r"\./scripts/manage rules_load", REPO, r"^\d+ changement"),
    Rule(r"\./scripts/manage paytable_show (\S+)( .*)?", REPO, r"^\S+ — .+\nversion du \d{4}-\d\d-\d\d"),
    Rule(r"\./scripts/manage rules_coverage( .*)?", REPO,
         r"appliquées : \d+ \(test nommé présent : \d+\) · affichage seulement : \d+ · non appliquées : \d+ .* "
         r"total : \d+"),
    Rule(r"\./scripts/manage rtp", REPO, r"^qc\.357\.trois_cartes$"),
    Rule(r"\./scripts/manage rtp \S+( .*)?", REPO, r"Retour \d+,\d+ % \(\d+/\d+\)"),
    Rule(r"\./scripts/manage registers_verify( .*)?", DEMO, r"— intègre\n(.*\n)*\d+ registres? vérifiés?, 0 rompus?\b"),
    Rule(r"\./scripts/manage registers_audit( .*)?", DEMO,
         r"\d+ registres? audités?, \d+ écritures?, 0 invalides?\b"),
    Rule(r"\./scripts/manage registers_export .*", DEMO, r"\d+ écritures? → \S+"),
    Rule(r"\./scripts/manage registers_recite --dry-run", DEMO,
         r"^0 écritures? à rectifier, 0 rapports? signés? à refaire\.$"),
    Rule(r"\./scripts/manage registers_public_key .*", DEMO, r"^[0-9a-f]{64}$"),
    Rule(r"\./scripts/python -m registers(\.\w+)*\.offline_verify .*", DEMO, r"intègre / intact"),
    # the demo's second factor (README « Demo logins »): a person's current code and their authenticator's key
    Rule(r"\./scripts/manage demo_otp_code \S+", DEMO,
         r"code \d{6} \(valid 30 s, once\)\n.*key for an authenticator app: [A-Z2-7]{32}"),
    Rule(r"\./scripts/manage slot_system_register .*", DEMO, r"\) : clé \S{20,}"),
    Rule(r"\./scripts/manage slot_system_rate .*", DEMO, r"\) : \d+ requêtes par minute"),
    # signed reports (README « Rapports signés »): made from the demo, then checked by Vigie and by third-party tools;
    # the checks' lines may come in any order among the tools' warnings (stderr), hence the lookaheads
    Rule(r"\./scripts/manage reports_generate .*", DEMO,
         r"^rapport n° \d+ · .+ · Signé · \d+ pages? · SHA-256 [0-9a-f]{64} · écrit dans \S+"),
    Rule(r"\./scripts/manage reports_verify .*", DEMO,
         r"(?s)\A(?=.*^Rapport authentique : signature valide)(?=.*horodaté : oui · B-LT : oui)"),
    Rule(r"\./scripts/manage reports_root --out .*", DEMO, r"^racine de la plateforme → \S+ · SHA-256 [0-9a-f]{64}$"),
    Rule(r"\./scripts/python -m pyhanko sign adesverify .*", DEMO,
         r"(?s)\A(?=.*^The signer's certificate is trusted\.$)(?=.*^The TSA certificate is trusted\.$)"
         r"(?=.*^The signature is judged VALID\.$)"),
    Rule(r"pdfsig \S+", DEMO, r"^  - Signature Validation: Signature is Valid\.$"),
    # the poker room (README « Salon de poker »): the demo's file imported again, then a day of it reconciled
    Rule(r"\./scripts/manage hands_import .*", DEMO, r"\d+ mains? lues? · 0 nouvelles? · \d+ déjà importées?"),
    Rule(r"\./scripts/manage reconcile .*--json", DEMO, r'"nature": "poker_retenue"'),
    # the point-in-time recovery drill (README « Sauvegarde et reprise »): nothing acknowledged before the moment lost,
    # nothing after it restored, the owner's mass update gone, every register's hash chain intact
    Rule(r"\./scripts/drill --restore( .*)?", TOOL,
         r"Point-in-time recovery drill \(pgBackRest\): PASSED\n(.*\n)*?  lost +0\n  present after +0\n"
         r"  mistake +[1-9]\d* cards rewritten by vigie_owner; absent from the restored cluster\n"
         r"  registers_verify +intact$",
         timeout=900),
    Rule(r"\./scripts/drill( .*)?", TOOL, r"Recovery drill \(LU RGD 1979 art\. 3-1 9\)\): PASSED", timeout=600),
    Rule(r"\./scripts/bench( .*)?", TOOL, r"Figures written to ", timeout=1500),
    Rule(r"\./scripts/manage \S.*", REPO),  # any other command of manage.py: it must exit 0
    Rule(r"\./scripts/python \S.*", REPO),
)
PLACEHOLDER = re.compile(r"<[^<>\s]+>|\[--?\w")  # <hex>, [--on D]: not runnable as written
INSTALLS = re.compile(r"^• (Installing|Creating virtualenv)", re.M)  # the venv must already be in step


@dataclass
class Line:
    number: int  # in README.md
    text: str  # as written, comment included
    command: str  # its words, the comment left out
    rule: Rule | None


def readme_lines(text: str) -> list[Line]:
    lines, in_block, language, pending = [], False, "", ""
    for number, raw in enumerate(text.splitlines(), 1):
        fence = re.match(r"\s*```(\S*)", raw)
        if fence:
            assert in_block or fence.group(1), (
                f"README.md:{number}: a code block without a language: mark command lines ```sh")
            in_block, language = not in_block, fence.group(1)
            continue
        if not in_block or language != "sh" or not raw.strip():
            continue
        if raw.rstrip().endswith("\\"):  # continued on the next line
            pending += raw.rstrip()[:-1] + " "
            continue
        written, pending = pending + raw.strip(), ""
        words = shlex.split(written, comments=True)
        if words:
            command = " ".join(words)
            rule = next((r for r in RULES if re.fullmatch(r.pattern, command)), None)
            lines.append(Line(number, written, command, rule))
    assert not in_block, "README.md: a code block is not closed"
    return lines


def free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def make_clone() -> Path:
    """The working tree as a fresh clone would have it, plus its uncommitted work; nothing ignored (no var/)."""
    clone = Path(tempfile.mkdtemp(prefix="vigie-readme-")).resolve()
    try:
        clone.chmod(0o755)  # under root, PostgreSQL runs as `postgres` and must reach var/postgres inside it
        listed = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=ROOT, check=True,
                                capture_output=True).stdout
        for name in filter(None, listed.split(b"\0")):
            source, target = ROOT / os.fsdecode(name), clone / os.fsdecode(name)
            if not source.is_file():  # deleted in the working tree, not yet in the index
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target, follow_symlinks=False)
        (clone / "tmp").mkdir(mode=0o755)
    except BaseException:
        shutil.rmtree(clone, ignore_errors=True)
        raise
    return clone


def clone_env(clone: Path) -> dict[str, str]:
    """A developer's shell, without the test suite's servers and settings."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DATABASE_", "REDIS_", "DJANGO_", "PYTEST_", "VIGIE_", "CELERY_"))
           and key not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    web, pg, redis, standby = free_ports(4)
    env.update(VIGIE_VENV=str(VENV), VIGIE_VAR=str(clone / "var"), TMPDIR=str(clone / "tmp"),
               VIGIE_PORT=str(web), VIGIE_PG_PORT=str(pg), VIGIE_REDIS_PORT=str(redis),
               VIGIE_STANDBY_PORT=str(standby),
               VIGIE_BENCH_SMOKE="1",  # the benchmarks' code on small data: their figures come from a run of their own
               VIGIE_ENGINE_DIR=str(ROOT / "var" / "engine"))  # the engine built for these sources, as the venv
    return env


# --- processes ----------------------------------------------------------------------------------

def processes_in(folder: Path) -> list[int]:
    """Processes working in `folder` or naming it on their command line: every server and child a line
    started there (PostgreSQL works in its data folder, Redis in its own, gunicorn and Celery in the clone)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == os.getpid():
            continue
        try:
            cwd = os.readlink(proc / "cwd")
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # gone, a zombie, or not ours to read
            continue
        if cwd == str(folder) or cwd.startswith(f"{folder}/") or str(folder) in cmdline:
            found.append(int(proc.name))
    return found


def left_running(folder: Path, wait: float = 10.0) -> list[str]:
    """What still runs in `folder` once the servers have had `wait` seconds to finish exiting."""
    deadline = time.monotonic() + wait
    while (pids := processes_in(folder)) and time.monotonic() < deadline:
        time.sleep(0.2)
    names = []
    for pid in pids:
        with contextlib.suppress(OSError):
            names.append(f"{pid} {Path(f'/proc/{pid}/cmdline').read_bytes().replace(b'\0', b' ').decode()[:100]}")
    return names


def stop_everything_in(folder: Path) -> None:
    for sig, grace in ((signal.SIGTERM, 15.0), (signal.SIGKILL, 5.0)):
        pids = processes_in(folder)
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, sig)
        deadline = time.monotonic() + grace
        while pids and processes_in(folder) and time.monotonic() < deadline:
            time.sleep(0.2)


class Serving:
    """A blocking line (./scripts/run) in the background, in its own process group, as in a terminal."""

    def __init__(self, line: Line, clone: Path, env: dict[str, str]):
        self.log = clone / "tmp" / f"readme-line-{line.number}.log"
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(["bash", "-c", line.text], cwd=clone, env=env, stdout=out,
                                         stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_ready(self, timeout: float = 420) -> str:
        """The URL it prints, once it also says how to stop it (the demo's logins are printed by then)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            found = re.search(r"Vigie is running: (\S+)", out := self.output())
            if found and "Ctrl-C stops everything" in out:
                return found.group(1)
            time.sleep(0.5)
        raise AssertionError(f"not ready (exit {self.proc.poll()}) after {timeout:.0f} s")

    def interrupt(self, timeout: float = 60) -> int | None:
        """Ctrl-C; its exit status, or None if it still ran after `timeout` (it is then killed)."""
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGINT)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            return None


# --- the test -----------------------------------------------------------------------------------

class Report:
    def __init__(self, clone: Path):
        self.clone = clone
        self.failures: list[str] = []
        self.timings: list[tuple[float, str]] = []

    def fail(self, line: Line, why: str, output: str = "") -> None:
        tail = f"\n    … {output[-2500:]}" if output else ""
        self.failures.append(f"README.md:{line.number}: {line.text}\n    {why}{tail}")

    def check(self, line: Line, code: int | None, output: str) -> None:
        """Exit 0, the rule's expected output, the virtualenv left as it was."""
        if code != 0:
            self.fail(line, f"exit status {code}", output)
        elif line.rule.expect and not re.search(line.rule.expect, output, re.M):
            self.fail(line, f"output without /{line.rule.expect}/", output)
        elif INSTALLS.search(output):
            self.fail(line, "it installed into the virtualenv (VIGIE_VENV is in step: nothing should be)", output)

    def nothing_left(self, line: Line) -> None:
        if leftovers := left_running(self.clone):
            self.fail(line, "left running:\n      " + "\n      ".join(leftovers))
            stop_everything_in(self.clone)

    def run(self, line: Line, env: dict[str, str]) -> None:
        started = time.monotonic()
        proc = subprocess.Popen(["bash", "-c", line.text], cwd=self.clone, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            output, code = proc.communicate(timeout=line.rule.timeout)[0], proc.returncode
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            output, code = proc.communicate()[0], None
            output += f"\n[killed after {line.rule.timeout:.0f} s]".encode()
        self.timings.append((time.monotonic() - started, line.text))
        self.check(line, code, output.decode(errors="replace"))

    def serve(self, line: Line, env: dict[str, str], during: list[Line]) -> None:
        started = time.monotonic()
        serving = Serving(line, self.clone, env)
        try:
            try:
                url = serving.wait_ready()
            except AssertionError as exc:
                self.fail(line, str(exc), serving.output())
                for other in during:
                    self.fail(other, f"not run: README.md:{line.number} did not start")
                return
            self.timings.append((time.monotonic() - started, f"{line.text}  (until it serves)"))
            try:
                status = urllib.request.urlopen(url + "connexion/", timeout=30).status
            except OSError as exc:
                status = exc
            if status != 200:
                self.fail(line, f"GET {url}connexion/ → {status}", serving.output())
            for other in during:
                self.run(other, env)
        finally:
            stopping = time.monotonic()
            code = serving.interrupt()
            self.timings.append((time.monotonic() - stopping, f"{line.text}  (Ctrl-C until it exits)"))
        self.check(line, code, serving.output())
        self.nothing_left(line)


def _terminated(signum, frame):
    raise SystemExit(128 + signum)


def _unique_lines() -> list:
    """README's command lines, each known to a rule and runnable as written, each command once."""
    lines = readme_lines((ROOT / "README.md").read_text(encoding="utf-8"))
    assert lines, "README.md has no ```sh block"
    unknown = [f"README.md:{line.number}: {line.text}" for line in lines if line.rule is None]
    assert not unknown, "README command lines this test does not know how to run (add a rule to RULES):\n" + \
        "\n".join(unknown)
    written = [f"README.md:{line.number}: {line.text}" for line in lines
               if PLACEHOLDER.search(line.command)]
    assert not written, "placeholders or optional brackets cannot run as written:\n" + "\n".join(written)
    seen, unique = set(), []
    for line in lines:
        if line.command not in seen:
            seen.add(line.command)
            unique.append(line)
    return unique


# Each in a fresh clone, so that the suite's workers share them: the product's lines (the commands on the
# repository, the product served with its demo and the lines that use it, the suite's own line), then each tool's
# line apart (the drills and the benchmarks make their own servers): the longest of them no longer waits for another.
@pytest.mark.readme
def test_every_readme_command_runs_as_written_from_a_fresh_clone():
    _run_as_written([line for line in _unique_lines() if line.rule.kind != TOOL])


def _tools() -> list:
    return [line for line in _unique_lines() if line.rule.kind == TOOL]


@pytest.mark.readme
@pytest.mark.parametrize("command", [line.command for line in _tools()])
def test_each_readme_tool_runs_as_written_from_a_fresh_clone(command):
    tools = _tools()
    assert any(line.command.startswith("./scripts/bench") for line in tools), "README runs no benchmark"
    _run_as_written([line for line in tools if line.command == command])


def _run_as_written(unique: list) -> None:
    first_serve = next((line for line in unique if line.rule.kind == SERVE), None)
    demo = [line for line in unique if line.rule.kind == DEMO]
    assert first_serve or not demo, "lines that need the demo, but no ./scripts/run line to load it"
    assert not demo or demo[0].number > first_serve.number, "a line needs the demo before README runs the product"

    clone = make_clone()
    env = clone_env(clone)
    report = Report(clone)
    started = time.monotonic()
    previous_sigterm = None
    with contextlib.suppress(ValueError):  # SIGTERM (a CI timeout) cleans up too; only the main thread may ask
        previous_sigterm = signal.signal(signal.SIGTERM, _terminated)
    try:
        assert not (clone / "var").exists()
        for line in (line for line in unique if line.rule.kind == REPO):
            report.run(line, env)
            report.nothing_left(line)
        for line in unique:
            if line.rule.kind == SUITE:  # the suite itself: what CI runs instead
                calls = [text.strip() for text in (clone / ".ci" / "run").read_text().splitlines()
                         if "scripts/" in text and not text.lstrip().startswith("#")]
                if calls != [f"exec {line.command}"]:
                    report.fail(line, f".ci/run should call exactly `{line.command}`; it has {calls}")
            elif line.rule.kind == SERVE:
                report.serve(line, env, demo if line is first_serve else [])
            elif line.rule.kind == TOOL:
                report.run(line, env)
                report.nothing_left(line)
    finally:
        stop_everything_in(clone)
        shutil.rmtree(clone, ignore_errors=True)
        if previous_sigterm is not None:
            signal.signal(signal.SIGTERM, previous_sigterm)
        print(f"\nREADME commands ({time.monotonic() - started:.0f} s in all):")
        for seconds, text in report.timings:
            print(f"  {seconds:7.1f} s  {text}")
    assert not report.failures, "\n\n".join(report.failures)
