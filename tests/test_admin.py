"""The Django admin writes through the services: adding or changing a casino or a user, or setting a password,
records its audit event with the acting administrator; a refusal shows under its field and writes nothing;
jurisdictions, jobs and audit events are read only, and nothing is deleted."""

import json

import pytest
from django.contrib import admin
from django.contrib.admin.models import LogEntry
from django.test import RequestFactory
from django.utils import translation
from django.utils.html import escape

from compliance import errors
from compliance.errors import DomainError
from compliance.models import SYSTEM_USERNAME, AuditAction, AuditEvent, Casino, Jurisdiction, User
from compliance.services import casino_update, system_user, user_update
from tests.conftest import PASSWORD

CASINO_ADD = "/admin/compliance/casino/add/"
USER_ADD = "/admin/compliance/user/add/"


@pytest.fixture
def staff(world, client):
    client.force_login(world.admin)
    return client


def _last_id() -> int:
    return AuditEvent.objects.order_by("-id").values_list("id", flat=True).first() or 0


def _since(last: int) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(pk__gt=last).order_by("id"))


def _form_data(response) -> dict:
    """What the page's form would post unchanged: each editable field's current value."""
    form = response.context["adminform"].form
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if field.disabled or value is None or value is False:
            continue
        data[name] = "on" if value is True else value
    return data


def _casino_form(**changes) -> dict:
    return {"jurisdiction": Jurisdiction.objects.get(code="LU").pk, "code": "casino-d", "name": "Casino D",
            "operator_name": "Exploitant D", "licence_number": "LIC-D", "address": "1, rue D",
            "share_capital": "2500000.50", **changes}


def _user_form(world, **changes) -> dict:
    return {"username": "compta.a2", "password1": PASSWORD, "password2": PASSWORD, "role": "accountant",
            "casino": world.a.pk, "jurisdiction": "", "first_name": "Anne", "last_name": "Roy", "email": "",
            "preferred_language": "fr", **changes}


def _errors(response) -> dict:
    return response.context["adminform"].form.errors


# --- adding ----------------------------------------------------------------------------------------

def test_adding_a_casino_goes_through_casino_create_with_the_administrator(world, staff):
    assert staff.get(CASINO_ADD).status_code == 200
    last = _last_id()
    response = staff.post(CASINO_ADD, _casino_form())
    assert response.status_code == 302
    casino = Casino.objects.get(code="casino-d")
    assert (casino.jurisdiction.code, casino.name, str(casino.share_capital)) == ("LU", "Casino D", "2500000.50")
    [event] = _since(last)
    assert (event.action, event.actor, event.casino, event.target_id) == (
        AuditAction.CASINO_CREATED, world.admin, casino, str(casino.pk))
    assert event.details["share_capital"] == "2500000.50"
    assert LogEntry.objects.filter(user=world.admin, object_id=str(casino.pk)).exists()  # the admin's own log


def test_adding_a_user_goes_through_user_create_with_the_password_typed(world, staff):
    assert staff.get(USER_ADD).status_code == 200
    last = _last_id()
    response = staff.post(USER_ADD, _user_form(world))
    user = User.objects.get(username="compta.a2")
    assert response.status_code == 302 and response.url.endswith(f"/admin/compliance/user/{user.pk}/change/")
    assert (user.role, user.casino, user.jurisdiction, user.first_name) == ("accountant", world.a, None, "Anne")
    assert user.check_password(PASSWORD) and not user.is_staff
    [event] = _since(last)
    assert (event.action, event.actor, event.casino, event.target_id) == (
        AuditAction.USER_CREATED, world.admin, world.a, str(user.pk))
    assert event.details == {"username": "compta.a2", "role": "accountant", "casino": "casino-a",
                             "jurisdiction": None}


def test_an_administrator_added_in_the_admin_may_use_the_admin(world, staff):
    staff.post(USER_ADD, _user_form(world, username="admin2", role="admin", casino=""))
    user = User.objects.get(username="admin2")
    assert user.is_staff and user.is_superuser and user.casino is None
    staff.force_login(user)
    assert staff.get("/admin/").status_code == 200


@pytest.mark.parametrize(("url", "form", "field", "message"), [
    (CASINO_ADD, lambda w: _casino_form(code="casino-a"), "code", errors.CASINO_CODE_TAKEN),
    (CASINO_ADD, lambda w: _casino_form(share_capital="-1"), "share_capital", errors.NEGATIVE_AMOUNT),
    (USER_ADD, lambda w: _user_form(w, casino=""), "casino", errors.ROLE_NEEDS_CASINO),
    (USER_ADD, lambda w: _user_form(w, role="regulator", casino=w.a.pk, jurisdiction=w.a.jurisdiction.pk),
     "jurisdiction", errors.ROLE_NEEDS_JURISDICTION),
    (USER_ADD, lambda w: _user_form(w, username="COMPTA.A"), "username", errors.USERNAME_TAKEN),
    (USER_ADD, lambda w: _user_form(w, password1="1234", password2="1234"), "password2", None),
    (USER_ADD, lambda w: _user_form(w, password2=PASSWORD + "x"), "password2", None),
], ids=["duplicate-code", "negative-capital", "accountant-without-casino", "regulator-with-casino",
        "username-taken", "weak-password", "passwords-differ"])
def test_a_refused_add_shows_its_error_under_its_field_and_writes_nothing(world, staff, url, form, field, message):
    counts = (Casino.objects.count(), User.objects.count(), AuditEvent.objects.count(), LogEntry.objects.count())
    response = staff.post(url, form(world))
    assert response.status_code == 200
    assert list(_errors(response)) == [field]
    if message is not None:
        with translation.override("fr"):
            assert _errors(response)[field] == [str(message)]
            assert escape(str(message)) in response.text
    assert (Casino.objects.count(), User.objects.count(), AuditEvent.objects.count(),
            LogEntry.objects.count()) == counts


def test_a_weak_password_is_refused_by_the_service_s_validation(world, staff):
    response = staff.post(USER_ADD, _user_form(world, password1="compta.a2", password2="compta.a2"))
    assert response.status_code == 200
    [message] = _errors(response)["password2"]
    assert "12" in message  # the minimum length of the settings' validators
    assert not User.objects.filter(username="compta.a2").exists()


# --- changing --------------------------------------------------------------------------------------

def test_changing_a_casino_goes_through_casino_update_with_each_change_before_and_after(world, staff):
    url = f"/admin/compliance/casino/{world.a.pk}/change/"
    data = _form_data(staff.get(url))
    assert "code" not in data and "jurisdiction" not in data  # fixed once the casino exists: shown, not edited
    last = _last_id()
    response = staff.post(url, {**data, "name": "Casino A renommé", "code": "autre-code"})
    assert response.status_code == 302
    casino = Casino.objects.get(pk=world.a.pk)
    assert (casino.name, casino.code) == ("Casino A renommé", "casino-a")
    [event] = _since(last)
    assert (event.action, event.actor, event.casino, event.target_type, event.target_id) == (
        AuditAction.CASINO_CHANGED, world.admin, world.a, "casino", str(world.a.pk))
    assert event.details == {"name": ["Casino CASINO-A", "Casino A renommé"]}


def test_saving_a_casino_unchanged_records_nothing(world, staff):
    url = f"/admin/compliance/casino/{world.a.pk}/change/"
    data = _form_data(staff.get(url))
    last = _last_id()
    assert staff.post(url, data).status_code == 302
    assert _since(last) == []


def test_a_refused_casino_change_shows_its_error_and_writes_nothing(world, staff):
    url = f"/admin/compliance/casino/{world.a.pk}/change/"
    data = _form_data(staff.get(url))
    last = _last_id()
    response = staff.post(url, {**data, "share_capital": "-5", "name": "Jamais"})
    assert response.status_code == 200 and list(_errors(response)) == ["share_capital"]
    assert Casino.objects.get(pk=world.a.pk).name == "Casino CASINO-A"
    assert _since(last) == []


def test_changing_a_user_s_role_and_scope_goes_through_user_update(world, staff):
    url = f"/admin/compliance/user/{world.accountant_a.pk}/change/"
    page = staff.get(url)
    assert not {"password1", "is_staff", "is_superuser", "groups", "user_permissions"} & set(
        page.context["adminform"].form.fields)  # staff status follows the role; the password has its page
    data = _form_data(page)
    last = _last_id()
    response = staff.post(url, {**data, "role": "manager", "casino": world.b.pk})
    assert response.status_code == 302
    user = User.objects.get(pk=world.accountant_a.pk)
    assert (user.role, user.casino) == ("manager", world.b)
    [event] = _since(last)
    assert (event.action, event.actor, event.casino, event.target_id) == (
        AuditAction.USER_CHANGED, world.admin, world.b, str(user.pk))
    assert event.details == {"role": ["accountant", "manager"], "casino": ["casino-a", "casino-b"]}


def test_a_user_change_that_breaks_the_role_s_scope_is_refused_under_its_field(world, staff):
    url = f"/admin/compliance/user/{world.accountant_a.pk}/change/"
    data = _form_data(staff.get(url))
    last = _last_id()
    response = staff.post(url, {**data, "role": "regulator"})
    assert response.status_code == 200 and list(_errors(response)) == ["jurisdiction"]
    response = staff.post(url, {**data, "username": "REGIE.QC"})
    assert response.status_code == 200 and list(_errors(response)) == ["username"]
    assert User.objects.get(pk=world.accountant_a.pk).role == "accountant"
    assert _since(last) == []


def test_deactivating_a_user_is_recorded(world, staff):
    url = f"/admin/compliance/user/{world.accountant_b.pk}/change/"
    data = _form_data(staff.get(url))
    del data["is_active"]  # an unticked box is not posted
    last = _last_id()
    assert staff.post(url, data).status_code == 302
    assert not User.objects.get(pk=world.accountant_b.pk).is_active
    [event] = _since(last)
    assert (event.action, event.details) == (AuditAction.USER_CHANGED, {"is_active": [True, False]})


def test_the_update_services_refuse_what_the_admin_never_offers(world):
    last = _last_id()
    for fixed in ({"code": "autre"}, {"jurisdiction": Jurisdiction.objects.get(code="LU")}):
        with pytest.raises(DomainError) as refused:
            casino_update(actor=world.admin, casino=world.a, **fixed)
        assert refused.value.field_errors.keys() == fixed.keys()
    assert casino_update(actor=world.admin, casino=world.a, code="casino-a").code == "casino-a"  # unchanged: fine
    with pytest.raises(TypeError, match="password"):
        user_update(actor=world.admin, user=world.accountant_a, password="x")
    with pytest.raises(TypeError, match="is_staff"):
        user_update(actor=world.admin, user=world.accountant_a, is_staff=True)
    assert _since(last) == []


# --- passwords -------------------------------------------------------------------------------------

def test_setting_a_password_goes_through_user_password_set_and_records_no_password(world, staff):
    url = f"/admin/compliance/user/{world.accountant_a.pk}/password/"
    assert staff.get(url).status_code == 200
    last = _last_id()
    new = f"{PASSWORD}-nouveau"
    response = staff.post(url, {"password1": new, "password2": new})
    assert response.status_code == 302
    user = User.objects.get(pk=world.accountant_a.pk)
    assert user.check_password(new)
    [event] = _since(last)
    assert (event.action, event.actor, event.casino, event.target_id, event.details) == (
        AuditAction.USER_PASSWORD_CHANGED, world.admin, world.a, str(user.pk), {})
    assert new not in json.dumps(event.details) and user.password not in json.dumps(event.details)


def test_an_administrator_who_sets_their_own_password_stays_signed_in(world, staff):
    url = f"/admin/compliance/user/{world.admin.pk}/password/"
    new = f"{PASSWORD}-admin"
    assert staff.post(url, {"password1": new, "password2": new}).status_code == 302
    assert staff.get("/admin/").status_code == 200


def test_a_refused_password_shows_its_error_and_writes_nothing(world, staff):
    url = f"/admin/compliance/user/{world.accountant_a.pk}/password/"
    last = _last_id()
    for data in ({"password1": "1234", "password2": "1234"}, {"password1": PASSWORD + "1", "password2": PASSWORD}):
        response = staff.post(url, data)
        assert response.status_code == 200
        assert list(response.context["form"].errors) == ["password2"]
    assert User.objects.get(pk=world.accountant_a.pk).check_password(PASSWORD)
    assert _since(last) == []


def test_the_platform_s_own_account_is_never_changed_in_the_admin(world, staff):
    robot = system_user()
    last = _last_id()
    response = staff.post(f"/admin/compliance/user/{robot.pk}/password/",
                          {"password1": f"{PASSWORD}-robot", "password2": f"{PASSWORD}-robot"})
    assert response.status_code == 200
    with translation.override("fr"):
        assert response.context["form"].non_field_errors() == [str(errors.SYSTEM_USER_FIXED)]
    url = f"/admin/compliance/user/{robot.pk}/change/"
    response = staff.post(url, {**_form_data(staff.get(url)), "first_name": "Pirate"})
    assert response.status_code == 200 and list(_errors(response)) == ["__all__"]
    robot.refresh_from_db()
    assert (robot.username, robot.first_name, robot.has_usable_password()) == (
        SYSTEM_USERNAME, "Traitement automatique", False)
    assert _since(last) == []


# --- what the admin does not offer -------------------------------------------------------------------

def test_jurisdictions_are_read_only_reference_data(world, staff):
    qc = Jurisdiction.objects.get(code="QC")
    changelist = staff.get("/admin/compliance/jurisdiction/")
    assert changelist.status_code == 200 and "/admin/compliance/jurisdiction/add/" not in changelist.text
    assert staff.get("/admin/compliance/jurisdiction/add/").status_code == 403
    assert staff.post("/admin/compliance/jurisdiction/add/", {"code": "ZZ"}).status_code == 403
    url = f"/admin/compliance/jurisdiction/{qc.pk}/change/"
    page = staff.get(url)
    assert page.status_code == 200 and 'name="_save"' not in page.text  # shown, not editable
    assert staff.post(url, {"code": "QC", "name_fr": "Autre", "currency": "USD"}).status_code == 403
    assert Jurisdiction.objects.get(pk=qc.pk).name_fr == qc.name_fr and not Jurisdiction.objects.filter(
        code="ZZ").exists()


@pytest.mark.parametrize("model", ["casino", "user", "jurisdiction", "jobrun", "auditevent"])
def test_nothing_is_deleted_in_the_admin(world, staff, model):
    obj = {"casino": world.a, "user": world.accountant_a, "jurisdiction": world.a.jurisdiction,
           "jobrun": world.job_a, "auditevent": AuditEvent.objects.first()}[model]
    changelist = staff.get(f"/admin/compliance/{model}/")
    assert changelist.status_code == 200 and "delete_selected" not in changelist.text
    assert staff.get(f"/admin/compliance/{model}/{obj.pk}/delete/").status_code == 403
    assert staff.post(f"/admin/compliance/{model}/{obj.pk}/delete/", {"post": "yes"}).status_code == 403
    assert type(obj).objects.filter(pk=obj.pk).exists()


def test_only_casinos_and_users_are_written_in_the_admin_and_only_through_their_services(world):
    from compliance.admin import ServiceAdmin

    request = RequestFactory().get("/admin/")
    request.user = world.admin
    writable = {model._meta.label for model, model_admin in admin.site._registry.items()
                if model_admin.has_add_permission(request) or model_admin.has_change_permission(request)
                or model_admin.has_delete_permission(request)}
    # django-axes' records of sign-in attempts: deleting them is how an administrator unlocks an account
    assert writable == {"compliance.Casino", "compliance.User", "axes.AccessAttempt", "axes.AccessLog",
                        "axes.AccessFailureLog"}
    for model in (Casino, User):
        assert isinstance(admin.site._registry[model], ServiceAdmin)
    assert not {"auth.Group", "authtoken.TokenProxy"} & {m._meta.label for m in admin.site._registry}


def test_an_account_created_without_a_password_never_gets_one(world):
    """A slot management system's account acts through its API key only: no password can make it sign in."""
    from compliance.errors import PermissionDeniedError
    from compliance.services import user_password_set

    machine = User(username="slots.casino-a.sms", role="accountant", casino=world.a)
    machine.set_unusable_password()
    machine.save()
    last = _last_id()
    with pytest.raises(PermissionDeniedError) as refused:
        user_password_set(actor=world.admin, user=machine, password=f"{PASSWORD}-machine")
    assert "créé sans mot de passe" in str(refused.value.message)
    machine.refresh_from_db()
    assert not machine.has_usable_password() and _since(last) == []
