import datetime
from dataclasses import dataclass
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from rest_framework.test import APIClient

from compliance import todo
from compliance.models import Casino, JobRun, Jurisdiction, User
from compliance.services import casino_create, job_enqueue, jurisdictions_load, system_user, user_create
from tests.demo_snapshot import demo, demo_copies, demo_copy, retake_if_stale, whole_demo  # noqa: F401  (fixtures)

PASSWORD = "Un-mot-de-passe-solide-2026"


OPENED_ON = datetime.date(2024, 1, 1)  # the test casinos keep their registers in Vigie since then


def make_casino(code: str, jurisdiction: str, *, actor: User | None = None) -> Casino:
    """A casino, created by `actor` or else by the platform itself."""
    return casino_create(actor=actor or system_user(), jurisdiction_code=jurisdiction, code=code,
                         name=f"Casino {code.upper()}", operator_name=f"Exploitant {code}",
                         licence_number=f"LIC-{code}", address="1, rue du Test", share_capital=Decimal("1000000.00"),
                         opened_on=OPENED_ON)


def make_user(username: str, role: str, *, casino: Casino | None = None, jurisdiction: str | None = None,
              actor: User | None = None) -> User:
    """A user, created by `actor` or else by the platform itself."""
    return user_create(actor=actor or system_user(), username=username, password=PASSWORD, role=role, casino=casino,
                       jurisdiction=Jurisdiction.objects.get(code=jurisdiction) if jurisdiction else None)


@dataclass
class World:
    """Casino A and B in Québec, casino C in Luxembourg, each with staff and a job."""

    a: Casino
    b: Casino
    c: Casino
    accountant_a: User
    manager_a: User
    accountant_b: User
    accountant_c: User
    regulator_qc: User
    regulator_lu: User
    admin: User
    job_a: JobRun
    job_b: JobRun
    job_c: JobRun



def lu_today() -> datetime.date:
    """The Luxembourg casinos' own date (Casino.today), whatever the hour in UTC: a test that names a gaming day in
    UTC fails between 23:00 and 24:00 UTC, when the casino is already on the next day."""
    return datetime.datetime.now(ZoneInfo("Europe/Luxembourg")).date()


def yesterday_everywhere() -> datetime.date:
    """A gaming day already over in every jurisdiction: 19:00 on it has passed in Québec too, which is still on the
    day before while Luxembourg is past midnight."""
    return min(datetime.datetime.now(ZoneInfo(zone)).date() for zone in ("Europe/Luxembourg", "America/Toronto",
                                                                          "Europe/Monaco")) - datetime.timedelta(days=1)


@pytest.fixture
def provided(monkeypatch):
    """A test's own « À faire » provider instead of the apps' (so a test does not depend on them):
    `provided[username]` is the list of tasks it gives that person."""
    items: dict[str, list[todo.Task]] = {}
    monkeypatch.setattr(todo, "PROVIDERS", [])

    def test_provider(user):
        return list(items.get(user.username, []))

    todo.provider_register(test_provider, roles=(todo.ACCOUNTANT, todo.MANAGER, todo.REGULATOR, todo.ADMIN))
    return items


@pytest.fixture
def world(db) -> World:
    return build_world()


@pytest.fixture
def world_tx(transactional_db) -> World:
    """The same world, committed, for tests where another process (a worker, a browser) must see it."""
    return build_world()


def build_world() -> World:
    jurisdictions_load()
    a, b, c = make_casino("casino-a", "QC"), make_casino("casino-b", "QC"), make_casino("casino-c", "LU")
    users = dict(
        accountant_a=make_user("compta.a", "accountant", casino=a),
        manager_a=make_user("direction.a", "manager", casino=a),
        accountant_b=make_user("compta.b", "accountant", casino=b),
        accountant_c=make_user("compta.c", "accountant", casino=c),
        regulator_qc=make_user("regie.qc", "regulator", jurisdiction="QC"),
        regulator_lu=make_user("ministere.lu", "regulator", jurisdiction="LU"),
        admin=make_user("plateforme", "admin"),
    )
    jobs = {f"job_{k}": job_enqueue(kind=JobRun.Kind.PIPELINE_CHECK, casino=casino,
                                    requested_by=users[f"accountant_{k}"])
            for k, casino in zip("abc", (a, b, c), strict=True)}
    return World(a=a, b=b, c=c, **users, **jobs)


def authenticator_for(user: User):
    """The person's authenticator, enrolled now (as the test's own phone) if they have none."""
    from django_otp.plugins.otp_totp.models import TOTPDevice

    from compliance.second_factor.selectors import authenticator
    from compliance.second_factor.services import new_key

    return authenticator(user) or TOTPDevice.objects.create(user=user, name="Test", key=new_key(), confirmed=True)


def otp_code(user: User) -> str:
    """A code the person's authenticator shows now and that their device has not accepted yet: a sign-in a moment
    after another takes the next time step's (inside the device's tolerance), or waits for one."""
    import time

    from django_otp.oath import TOTP

    device = authenticator_for(user)
    device.refresh_from_db()
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    while totp.t() + 1 <= device.last_t:
        time.sleep(1)
    if totp.t() <= device.last_t:
        totp.drift += 1
    return f"{totp.token():0{device.digits}d}"


@pytest.fixture(autouse=True, scope="session")
def _force_login_gives_the_second_factor():
    """`Client.force_login` signs in with both factors, as a person who typed their code: the session names an
    authenticator of theirs (made on the fly) and has just been active. The tests of the sign-in itself post the forms
    (tests/test_two_factor.py)."""
    import time

    from django.test import Client
    from django_otp import DEVICE_ID_SESSION_KEY

    from compliance.second_factor.middleware import LAST_SEEN

    original = Client.force_login

    def force_login(self, user, backend=None):
        original(self, user, backend)
        session = self.session
        session[DEVICE_ID_SESSION_KEY] = authenticator_for(user).persistent_id
        session[LAST_SEEN] = int(time.time())
        session.save()

    Client.force_login = force_login
    yield
    Client.force_login = original


def api_client_for(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Loads the rule files once per test database (committed, so every test starts with them), and
    afterwards ends the sessions a live server thread or a worker left open, so the database can be dropped."""
    from django.db.models.signals import post_migrate

    from games.services import rules_load

    with django_db_blocker.unblock():
        rules_load()
        _snapshot_rules()
    post_migrate.connect(_restore_rules_after_flush, dispatch_uid="tests-restore-rules")
    post_migrate.connect(_drop_partitions_after_flush, dispatch_uid="tests-drop-partitions")
    yield
    from django.db import connection

    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND pid <> pg_backend_pid() AND usename = current_user")


def _rule_tables() -> list[str]:
    """The tables `rules_load` fills (the jurisdictions and every table of the games app), parents first."""
    from django.apps import apps

    games = apps.get_app_config("games").get_models(include_auto_created=True)
    return ["compliance_jurisdiction", *(model._meta.db_table for model in games)]


def _snapshot_rules() -> None:
    """A copy of the loaded rules beside their tables (not models, so a flush leaves them)."""
    from django.db import connection

    with connection.cursor() as cursor:
        for table in _rule_tables():
            cursor.execute(f'DROP TABLE IF EXISTS "snap_{table}"; CREATE TABLE "snap_{table}" AS TABLE "{table}"')


def _restore_rules_after_flush(sender, using="default", **kwargs) -> None:
    """A transactional test ends with a flush of every table (then post_migrate): the rules come back from the copy
    in a few milliseconds instead of a `rules_load` of seconds in the next test. The foreign keys are deferred
    (as Django creates them) to the end of the transaction, so the order of the copies does not matter."""
    from django.db import connections, transaction

    if sender.label != "games":
        return
    with transaction.atomic(using=using), connections[using].cursor() as cursor:
        cursor.execute("SELECT EXISTS (SELECT 1 FROM games_legalinstrument)")
        if cursor.fetchone()[0]:
            return
        for table in _rule_tables():
            cursor.execute("SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) "
                           "FROM information_schema.columns WHERE table_name = %s AND is_generated = 'NEVER'",
                           [table])
            (columns,) = cursor.fetchone()  # a generated column (the articles' search vector) computes itself
            cursor.execute(f'INSERT INTO "{table}" ({columns}) SELECT {columns} FROM "snap_{table}"')


PARTITIONED = ("registers_entry", "registers_cardmovement", "registers_pokerhand")
PARTITIONS = """SELECT parent.relname, part.relname FROM pg_inherits i JOIN pg_class part ON part.oid = i.inhrelid
JOIN pg_class parent ON parent.oid = i.inhparent
WHERE parent.relname = ANY(%s) AND part.relname ~ '_c[0-9]+$'
  AND substring(part.relname FROM '_c([0-9]+)$')::bigint NOT IN (SELECT id FROM compliance_casino {kept})"""


def _drop_partitions_after_flush(sender, using="default", **kwargs) -> None:
    """A flush empties the casinos but leaves their partitions (tables, not rows): each transactional test would
    add its casinos' to the database, and the planner weigh them all on every query of the entries. Those of the
    demo's copy stay: its casinos come back with their ids."""
    from django.db import connections, transaction

    if sender.label != "registers":
        return
    with transaction.atomic(using=using), connections[using].cursor() as cursor:
        cursor.execute("SELECT to_regclass('snapd_compliance_casino') IS NOT NULL")
        kept = "UNION SELECT id FROM snapd_compliance_casino" if cursor.fetchone()[0] else ""
        cursor.execute(PARTITIONS.format(kept=kept), [list(PARTITIONED)])
        for parent, part in cursor.fetchall():
            cursor.execute(f'ALTER TABLE "{parent}" DETACH PARTITION "{part}"; DROP TABLE "{part}"')


@pytest.fixture
def rules(db):
    """The rule files loaded; reloaded if a transactional test emptied the tables before."""
    from games.models import LegalInstrument
    from games.services import rules_load

    if not LegalInstrument.objects.exists():
        rules_load()


def pytest_collection_modifyitems(config, items):
    """The longest tests (the README's commands and tools, the API fuzz, the production profile's) each at the head of
    a half of the run: `--dist worksteal` (scripts/stack.py) gives each of the two workers one half and lets the one
    that runs out take from the other's queue, so the rest of the suite runs beside them and neither waits at the
    end."""
    def slow(item) -> bool:
        return any(item.get_closest_marker(name) is not None for name in ("readme", "fuzz", "production"))

    longest, rest = [item for item in items if slow(item)], [item for item in items if not slow(item)]
    first, second = longest[0::2], longest[1::2]
    before = max(len(items) // 2 - len(first), 0)  # the first half's other tests
    items[:] = [*first, *rest[:before], *second, *rest[before:]]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Before any of the test's fixtures opens its transaction: the demo's copy retaken if a casino's day turned."""
    retake_if_stale(item.fixturenames)


def pytest_terminal_summary(terminalreporter):
    """The API fuzz's and the API journeys' counts (tests/test_api_fuzz.py, tests/test_api_journeys.py), from the
    report's properties: shown under pytest-xdist too."""
    for report in terminalreporter.getreports("passed") + terminalreporter.getreports("failed"):
        for name, value in getattr(report, "user_properties", ()):
            if name in ("API fuzz", "API journeys") and report.when == "call":
                terminalreporter.write_line(f"{name}: {value}")


def install_machines(casino: Casino, actor: User, *numbers: str, days_ago: int = 7) -> None:
    """Slot machines in the casino's register of machines (LU RGD 1979 art. 17), installed `days_ago` (within the
    casino's filing delay): a hand-paid jackpot names one of them. A machine already there is left as it is."""

    from registers.appareils.selectors import appareils_of, machines_register
    from registers.appareils.services import appareil_install

    register = machines_register(casino)
    installed = appareils_of(register) if register is not None else {}
    for number in numbers:
        if number.strip() and number.strip() not in installed:
            appareil_install(casino=casino, actor=actor, machine=number, manufacturer="Novomatic",
                             certificate=f"CE-{number.strip()}", condition="neuf",
                             gaming_day=casino.today() - datetime.timedelta(days=days_ago))
