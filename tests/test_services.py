"""Identity, roles and reference data: the services refuse what the database would refuse too."""

import datetime
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from compliance import errors
from compliance.demo import demo_load
from compliance.errors import DomainError
from compliance.formatting import money
from compliance.models import Casino, Jurisdiction, User
from compliance.services import jurisdictions_load, system_user, user_create
from registers.chain.kept import archived_years
from tests.conftest import PASSWORD, make_casino

pytestmark = pytest.mark.django_db


def test_jurisdictions_load_is_idempotent():
    jurisdictions_load()  # the test database already holds them (loaded with the rules)
    Jurisdiction.objects.filter(code="MC").update(currency="XXX")
    assert jurisdictions_load() == 1
    assert jurisdictions_load() == 0
    assert {(j.code, j.currency, j.locale) for j in Jurisdiction.objects.all()} == {
        ("QC", "CAD", "fr-CA"), ("MC", "EUR", "fr-FR"), ("LU", "EUR", "fr-FR")}


def test_demo_builds_one_casino_per_jurisdiction_and_a_second_run_creates_nothing(demo, rules):
    created = demo  # the demo's first load, as tests/demo_snapshot.py took it
    last_year = datetime.date.today().year - 1
    assert "casino lac-bleu" in created and "user lu.ministere" in created
    assert f"casino vieux-pont, its year {last_year} archived" in created
    assert demo_load() == []
    # and a fourth, in Luxembourg, whose last year is archived
    assert sorted(Casino.objects.values_list("jurisdiction__code", flat=True)) == ["LU", "LU", "MC", "QC"]
    assert {c.code: c.currency for c in Casino.objects.all()} == {"lac-bleu": "CAD", "les-rochers": "EUR",
                                                                   "la-moselle": "EUR", "vieux-pont": "EUR"}
    assert archived_years(Casino.objects.get(code="vieux-pont")) == [last_year]
    roles = set(User.objects.values_list("role", flat=True))
    assert roles == {"accountant", "manager", "regulator", "admin"}


@pytest.mark.parametrize(("role", "scope", "message"), [
    ("accountant", {}, errors.ROLE_NEEDS_CASINO),
    ("manager", {"jurisdiction": "QC"}, errors.ROLE_NEEDS_CASINO),
    ("regulator", {}, errors.ROLE_NEEDS_JURISDICTION),
    ("regulator", {"casino": True}, errors.ROLE_NEEDS_JURISDICTION),
    ("admin", {"casino": True}, errors.ADMIN_HAS_NO_SCOPE),
    ("croupier", {}, errors.UNKNOWN_ROLE),
])
def test_user_create_refuses_a_scope_that_does_not_fit_the_role(role, scope, message):
    jurisdictions_load()
    casino = make_casino("casino-x", "QC") if scope.get("casino") else None
    jurisdiction = Jurisdiction.objects.get(code=scope["jurisdiction"]) if "jurisdiction" in scope else None
    with pytest.raises(DomainError) as exc:
        user_create(actor=system_user(), username="x", password=PASSWORD, role=role, casino=casino,
                    jurisdiction=jurisdiction)
    assert exc.value.message == message
    assert not User.objects.filter(username="x").exists()


def test_user_create_refuses_a_weak_password_and_names_the_field():
    jurisdictions_load()
    with pytest.raises(DomainError) as exc:
        user_create(actor=system_user(), username="y", password="1234", role="regulator",
                    jurisdiction=Jurisdiction.objects.first())
    assert exc.value.field_errors.keys() == {"password"}
    assert not User.objects.filter(username="y").exists()


def test_database_itself_refuses_a_casino_user_without_casino():
    with pytest.raises(IntegrityError, match="user_scope_matches_role"), transaction.atomic():
        User.objects.create(username="sans-casino", role="accountant")


def test_database_itself_refuses_staff_status_for_a_non_admin():
    jurisdictions_load()
    with pytest.raises(IntegrityError, match="user_staff_only_admin"), transaction.atomic():
        User.objects.create(username="regie", role="regulator", jurisdiction=Jurisdiction.objects.first(),
                            is_staff=True)


def test_createsuperuser_path_makes_a_platform_admin():
    user = User.objects.create_superuser("root2", "root@example.org", PASSWORD)
    assert user.role == "admin" and user.is_platform_admin


def test_amounts_are_written_the_jurisdictions_way():
    from django.utils import translation

    jurisdictions_load()
    qc, lu = Jurisdiction.objects.get(code="QC"), Jurisdiction.objects.get(code="LU")
    with translation.override("fr"):
        assert money(Decimal("1234567.5"), currency="CAD", jurisdiction=qc) == "1\u00a0234\u00a0567,50\u00a0$"
        assert money(Decimal("2000"), currency="EUR", jurisdiction=lu) == "2\u202f000,00\u00a0€"
    with translation.override("en"):
        assert money(Decimal("1234.5"), currency="CAD", jurisdiction=qc) == "$1,234.50"
        assert money(Decimal("250"), currency="EUR", jurisdiction=lu) == "€250.00"
    with pytest.raises(TypeError):
        money(12.5, currency="EUR", jurisdiction=lu)


def test_dates_follow_the_jurisdiction(world):
    import datetime

    from django.utils import translation

    from compliance.formatting import date

    with translation.override("fr"):
        # fr_CA's short form is ISO, which reads as a machine's: Québec's short date is the medium one (issue 36)
        assert date(datetime.date(2026, 11, 21), jurisdiction=world.a.jurisdiction, style="short") == "21 nov. 2026"
        assert date(datetime.date(2026, 11, 21), jurisdiction=world.c.jurisdiction, style="short") == "21 nov. 2026"
        assert date(datetime.date(2026, 11, 21), jurisdiction=world.c.jurisdiction) == "21 novembre 2026"
