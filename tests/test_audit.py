"""Every service that changes state leaves one audit event, with its actor, in its own transaction; a refused
change leaves none. PostgreSQL keeps the events append-only, and each user sees the events of their scope only."""

import json
from decimal import Decimal

import psycopg
import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import ProgrammingError, connection, transaction
from django.urls import reverse
from rest_framework.test import APIClient

from compliance.errors import DomainError, PermissionDeniedError
from compliance.models import SYSTEM_USERNAME, AuditAction, AuditEvent, Casino, JobRun, Jurisdiction, User
from compliance.services import (
    JOB_HANDLERS,
    audit_record,
    casino_create,
    job_enqueue,
    job_execute,
    jurisdictions_load,
    system_user,
    user_create,
)
from tests.conftest import PASSWORD, lu_today, otp_code

CASINO_D = dict(jurisdiction_code="LU", code="casino-d", name="Casino D", operator_name="Exploitant D",
                licence_number="LIC-D", address="1, rue D", share_capital=Decimal("2500000.50"))


def _last_id() -> int:
    return AuditEvent.objects.order_by("-id").values_list("id", flat=True).first() or 0


def _since(last: int) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(pk__gt=last).order_by("id"))


# --- one event per change, by its actor ----------------------------------------------------------

def test_casino_create_records_the_casino_and_who_created_it(world):
    last = _last_id()
    casino = casino_create(actor=world.admin, **CASINO_D)
    [event] = _since(last)
    assert (event.action, event.actor, event.casino, event.jurisdiction) == (
        AuditAction.CASINO_CREATED, world.admin, casino, None)
    assert (event.target_type, event.target_id) == ("casino", str(casino.pk))
    event.refresh_from_db()
    assert event.details == {"code": "casino-d", "name": "Casino D", "jurisdiction": "LU",
                             "operator_name": "Exploitant D", "licence_number": "LIC-D",
                             "share_capital": "2500000.50",  # a decimal kept as written, as a string
                             "opened_on": lu_today().isoformat(), "late_filing_days": 7,
                             "second_facteur_caisse": False}


def test_a_refused_casino_create_records_nothing(world):
    last = _last_id()
    for refused in ({"code": "casino-a"}, {"jurisdiction_code": "XX"}, {"share_capital": Decimal("-1")}):
        with pytest.raises(DomainError):
            casino_create(actor=world.admin, **{**CASINO_D, **refused})
    assert _since(last) == []


def test_a_change_whose_event_cannot_be_written_is_not_made(world):
    ghost = User(username="fantome", role=User.Role.ADMIN)  # never saved: no event can name it
    with pytest.raises(ValueError, match="actor"):
        casino_create(actor=ghost, **CASINO_D)
    assert not Casino.objects.filter(code="casino-d").exists()
    with pytest.raises(ValueError, match="actor"):
        user_create(actor=ghost, username="regie.mc", password=PASSWORD, role="regulator",
                    jurisdiction=Jurisdiction.objects.get(code="MC"))
    assert not User.objects.filter(username="regie.mc").exists()


def test_user_create_records_the_role_and_scope_never_the_password(world):
    last = _last_id()
    cashier = user_create(actor=world.admin, username="compta.a2", password=PASSWORD, role="accountant",
                          casino=world.a)
    regulator = user_create(actor=world.admin, username="regie.mc", password=PASSWORD, role="regulator",
                            jurisdiction=Jurisdiction.objects.get(code="MC"))
    with pytest.raises(DomainError):
        user_create(actor=world.admin, username="COMPTA.A2", password=PASSWORD, role="accountant", casino=world.a)
    first, second = _since(last)
    assert (first.action, first.actor, first.casino, first.jurisdiction) == (
        AuditAction.USER_CREATED, world.admin, world.a, None)
    assert (first.target_type, first.target_id) == ("user", str(cashier.pk))
    assert first.details == {"username": "compta.a2", "role": "accountant", "casino": "casino-a",
                             "jurisdiction": None}
    assert (second.casino, second.jurisdiction.code, second.target_id) == (None, "MC", str(regulator.pk))
    assert second.details == {"username": "regie.mc", "role": "regulator", "casino": None, "jurisdiction": "MC"}
    stored = json.dumps([first.details, second.details])
    assert PASSWORD not in stored and "password" not in stored and cashier.password not in stored


def test_jurisdictions_load_records_only_a_load_that_changed_rows(world):
    last = _last_id()
    assert jurisdictions_load() == 0
    assert _since(last) == []
    Jurisdiction.objects.filter(code="MC").update(currency="XXX")
    assert jurisdictions_load() == 1
    [event] = _since(last)
    assert (event.action, event.actor.username, event.casino, event.jurisdiction) == (
        AuditAction.JURISDICTIONS_LOADED, SYSTEM_USERNAME, None, None)
    assert (event.target_type, event.target_id, event.details) == (
        "rules", "jurisdictions.yaml", {"changed": 1, "codes": ["MC"]})
    Jurisdiction.objects.filter(code="LU").update(currency="XXX")
    jurisdictions_load(actor=world.admin)
    [by_admin] = _since(event.pk)
    assert by_admin.actor == world.admin and by_admin.details["codes"] == ["LU"]


def test_rules_load_records_one_event_with_its_counts_and_check_records_none(world, rules):
    from games.models import RuleValueVersion
    from games.services import rules_load

    last = _last_id()
    assert rules_load().changes == 0
    version = RuleValueVersion.objects.filter(value__isnull=False).order_by("pk").first()
    RuleValueVersion.objects.filter(pk=version.pk).update(value="999")
    assert rules_load(check=True).changes == 1
    assert _since(last) == []
    assert rules_load(actor=world.admin).changes == 1
    [event] = _since(last)
    assert (event.action, event.actor, event.target_type, event.target_id) == (
        AuditAction.RULES_LOADED, world.admin, "rules", "games/rules")
    assert event.details == {"changes": 1, "created": {}, "updated": {"RuleValueVersion": 1}, "deleted": {}}


def test_job_enqueue_records_the_person_who_asked(world):
    last = _last_id()
    job = job_enqueue(kind=JobRun.Kind.PIPELINE_CHECK, casino=world.a, requested_by=world.manager_a)
    with pytest.raises(PermissionDeniedError):
        job_enqueue(kind=JobRun.Kind.PIPELINE_CHECK, casino=world.a, requested_by=world.regulator_qc)
    [event] = _since(last)
    assert (event.action, event.actor, event.casino, event.target_type, event.target_id) == (
        AuditAction.JOB_ENQUEUED, world.manager_a, world.a, "job", str(job.pk))
    assert event.details == {"kind": "pipeline_check"}


def test_the_worker_records_each_outcome_as_the_platform_and_a_redelivery_records_nothing(world, monkeypatch):
    last = _last_id()
    job_execute(job_id=str(world.job_a.pk), worker="w1")
    job_execute(job_id=str(world.job_a.pk), worker="w2")  # redelivered: already done, nothing changes
    [event] = _since(last)
    assert (event.action, event.actor.username, event.casino, event.target_id) == (
        AuditAction.JOB_SUCCEEDED, SYSTEM_USERNAME, world.a, str(world.job_a.pk))
    assert event.details == {"kind": "pipeline_check", "attempt": 1, "worker": "w1"}

    def broken(*, job, worker):
        raise RuntimeError("broker injoignable")

    monkeypatch.setitem(JOB_HANDLERS, JobRun.Kind.PIPELINE_CHECK, broken)
    with pytest.raises(RuntimeError):
        job_execute(job_id=str(world.job_b.pk), worker="w1")
    [failed] = _since(event.pk)
    assert (failed.action, failed.casino, failed.details["attempt"]) == (AuditAction.JOB_FAILED, world.b, 1)
    assert "broker injoignable" in failed.details["error"]
    assert JobRun.objects.get(pk=world.job_b.pk).status == JobRun.Status.FAILED


def test_a_new_api_token_is_recorded_with_its_user_never_its_key(world):
    api, url = APIClient(), reverse("api-token")
    last = _last_id()
    assert api.post(url, {"username": "regie.qc", "password": "faux"}, format="json").status_code == 400
    def asked():  # a regulator gives the second factor's code at a token's issue, a new one each time
        return api.post(url, {"username": "regie.qc", "password": PASSWORD, "otp": otp_code(world.regulator_qc)},
                        format="json").json()["token"]

    key = asked()
    again = asked()
    assert again == key  # the same token: nothing new to record
    [event] = [event for event in _since(last) if event.action == AuditAction.API_TOKEN_ISSUED]
    assert (event.action, event.actor, event.casino, event.jurisdiction.code) == (
        AuditAction.API_TOKEN_ISSUED, world.regulator_qc, None, "QC")
    assert (event.target_type, event.target_id) == ("user", str(world.regulator_qc.pk))
    assert key not in json.dumps(event.details)


def test_the_platform_s_own_actor_cannot_sign_in_and_records_its_own_creation(db):
    User.objects.filter(username=SYSTEM_USERNAME).update(username="automate-precedent")  # as on a new database
    last = _last_id()
    user = system_user()
    assert (user.username, user.role, user.first_name) == (SYSTEM_USERNAME, "admin", "Traitement automatique")
    assert not user.has_usable_password() and not user.is_staff and user.casino is None
    assert system_user() == user
    [event] = _since(last)
    assert (event.action, event.actor, event.target_id) == (AuditAction.USER_CREATED, user, str(user.pk))


def test_audit_record_runs_only_inside_the_transaction_of_its_change():
    with pytest.raises(transaction.TransactionManagementError, match="inside the transaction"):
        audit_record(actor=User(username="x"), action=AuditAction.CASINO_CREATED, target_type="casino",
                     target_id="1")


def test_audit_record_refuses_an_action_it_does_not_know(world):
    with pytest.raises(ValueError), transaction.atomic():
        audit_record(actor=world.admin, action="casino_deleted", target_type="casino", target_id=world.a.pk)


# --- append-only, in PostgreSQL ------------------------------------------------------------------

def _sql_as(url: str, statement: str) -> None:
    with psycopg.connect(url.rsplit("/", 1)[0] + f"/{connection.settings_dict['NAME']}", autocommit=True) as conn:
        conn.execute(statement)


def test_audit_events_cannot_be_changed_through_the_orm(world):
    event = AuditEvent.objects.get(action=AuditAction.CASINO_CREATED, casino=world.a)
    attempts = [
        lambda: setattr(event, "target_id", "autre") or event.save(),
        lambda: AuditEvent.objects.filter(pk=event.pk).update(details={}),
        lambda: AuditEvent.objects.filter(pk=event.pk).delete(),
        lambda: AuditEvent.objects.all().delete(),
    ]
    for attempt in attempts:
        with pytest.raises(ProgrammingError, match="ajout seul|append-only"), transaction.atomic():
            attempt()
    assert AuditEvent.objects.get(pk=event.pk).target_id == str(world.a.pk)


def test_the_application_role_may_read_and_add_audit_events_never_change_them(world):
    assert settings.DATABASE_APP_URL, "scripts/test gives the application role's URL"
    with connection.cursor() as cursor:
        cursor.execute("SELECT privilege, has_table_privilege(%s, 'compliance_auditevent', privilege) "
                       "FROM unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) AS privilege",
                       [settings.DATABASE_APP_ROLE])
        assert dict(cursor.fetchall()) == {"SELECT": True, "INSERT": True, "UPDATE": False, "DELETE": False,
                                           "TRUNCATE": False}
        cursor.execute("SELECT has_sequence_privilege(%s, pg_get_serial_sequence('compliance_auditevent', 'id'), "
                       "'USAGE')", [settings.DATABASE_APP_ROLE])
        assert cursor.fetchone() == (True,)
    for statement in ("UPDATE compliance_auditevent SET target_id = 'x'", "DELETE FROM compliance_auditevent",
                      "TRUNCATE compliance_auditevent"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            _sql_as(settings.DATABASE_APP_URL, statement)
    _sql_as(settings.DATABASE_APP_URL, "SELECT count(*) FROM compliance_auditevent")  # reading stays allowed


def test_not_even_a_database_superuser_changes_or_empties_committed_audit_events(world_tx):
    assert settings.DATABASE_SUPERUSER_URL, "scripts/test gives the superuser's URL for these tests"
    before = AuditEvent.objects.count()
    for statement in ("UPDATE compliance_auditevent SET target_id = 'x'", "DELETE FROM compliance_auditevent",
                      "TRUNCATE compliance_auditevent"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="ajout seul"):
            _sql_as(settings.DATABASE_SUPERUSER_URL, statement)
    assert AuditEvent.objects.count() == before > 0
    assert not AuditEvent.objects.filter(target_id="x").exists()


# --- scoped like the rest ------------------------------------------------------------------------

def test_each_user_sees_the_audit_events_of_their_scope_only(world):
    for user in (world.accountant_a, world.manager_a):
        mine = list(AuditEvent.objects.visible_to(user))
        assert {e.casino_id for e in mine} == {world.a.pk} and not any(e.jurisdiction_id for e in mine)
        assert {(e.action, e.target_id) for e in mine} >= {
            (AuditAction.CASINO_CREATED, str(world.a.pk)), (AuditAction.USER_CREATED, str(world.accountant_a.pk)),
            (AuditAction.JOB_ENQUEUED, str(world.job_a.pk))}
    for regulator, casinos, code in ((world.regulator_qc, {world.a.pk, world.b.pk}, "QC"),
                                     (world.regulator_lu, {world.c.pk}, "LU")):
        seen = list(AuditEvent.objects.visible_to(regulator).select_related("jurisdiction"))
        assert {e.casino_id for e in seen if e.casino_id} == casinos
        assert {e.jurisdiction.code for e in seen if e.jurisdiction_id} == {code}  # their own account
        assert all(e.casino_id or e.jurisdiction_id for e in seen)  # never the platform's own events
    everything = AuditEvent.objects.visible_to(world.admin)
    assert everything.count() == AuditEvent.objects.count()
    assert everything.filter(casino=None, jurisdiction=None).exists()  # e.g. the admin account's creation
    assert not AuditEvent.objects.visible_to(AnonymousUser()).exists()
