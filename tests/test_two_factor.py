"""The second factor of a person's sign-in (issue 40 point 2): the direction, the regulators and the administrators
give a TOTP code after their password, a casino's cashiers where the casino says so; enrolment with a QR code, recovery
codes used once, an administrator's reset, the API's token, and idle sessions signed out."""

import time

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.oath import TOTP
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.test import APIClient

from compliance import errors
from compliance.errors import PermissionDeniedError
from compliance.models import AuditEvent
from compliance.second_factor import services
from compliance.second_factor.middleware import LAST_SEEN
from compliance.second_factor.selectors import second_factor_required
from compliance.second_factor.views import ENROLMENT_KEY
from compliance.services import casino_update
from tests.conftest import PASSWORD, authenticator_for, make_user, otp_code

pytestmark = pytest.mark.django_db

CODE_PAGE = reverse("second-factor")
ENROL_PAGE = reverse("second-factor-enrol")


def password(client, username):
    return client.post(reverse("login"), {"username": username, "password": PASSWORD})


def code(client, value):
    return client.post(CODE_PAGE, {"otp": value, "next": reverse("dashboard")})


def shown(message) -> str:
    return escape(str(message))


def recorded(action, user) -> int:
    return AuditEvent.objects.filter(action=action, target_id=str(user.pk)).count()


def test_a_manager_types_a_code_after_the_password_and_no_page_opens_before(world):
    authenticator_for(world.manager_a)
    client = Client()
    assert password(client, "direction.a")["Location"] == reverse("dashboard")
    response = client.get(reverse("dashboard"))
    assert response.status_code == 302 and response["Location"].startswith(CODE_PAGE)
    assert client.get("/api/v1/me/").status_code == 403  # the session's API calls wait too
    page = client.get(response["Location"])
    assert page.status_code == 200 and "Code de connexion" in page.content.decode()
    response = code(client, otp_code(world.manager_a))
    assert response.status_code == 302 and response["Location"] == reverse("dashboard")
    assert client.get(reverse("dashboard")).status_code == 200
    assert recorded("second_factor_verified", world.manager_a) == 1


def test_a_wrong_code_is_refused_on_its_field_recorded_and_counted_toward_the_lockout(world):
    authenticator_for(world.regulator_qc)
    client = Client()
    password(client, "regie.qc")
    response = code(client, "000000" if otp_code(world.regulator_qc) != "000000" else "111111")
    assert response.status_code == 200
    assert shown(errors.OTP_INVALID) in response.content.decode()
    assert 'aria-invalid="true"' in response.content.decode()
    assert client.get(reverse("dashboard")).status_code == 302  # still not in
    assert recorded("second_factor_refused", world.regulator_qc) == 1
    assert AccessAttempt.objects.get(username="regie.qc").failures_since_start == 1
    # django-otp's doubling delay: the right code a moment later waits its second, then passes
    response = code(client, otp_code(world.regulator_qc))
    assert response.status_code == 200 and shown(errors.OTP_THROTTLED) in response.content.decode()
    time.sleep(1.1)
    assert code(client, otp_code(world.regulator_qc)).status_code == 302


def test_a_code_already_used_is_refused(world):
    authenticator_for(world.admin)
    first, second = Client(), Client()
    password(first, "plateforme")
    used = otp_code(world.admin)
    assert code(first, used).status_code == 302
    password(second, "plateforme")
    response = code(second, used)
    assert response.status_code == 200 and shown(errors.OTP_INVALID) in response.content.decode()
    assert second.get(reverse("dashboard")).status_code == 302


def test_enrolment_shows_a_qr_code_and_the_key_then_the_recovery_codes_once(world):
    client = Client()
    password(client, "direction.a")
    response = client.get(reverse("dashboard"))
    assert response["Location"].startswith(ENROL_PAGE)  # no authenticator yet
    page = client.get(response["Location"]).content.decode()
    assert 'src="data:image/svg+xml;base64,' in page and 'data-testid="otp-secret"' in page
    key = client.session[ENROLMENT_KEY]
    wrong = client.post(ENROL_PAGE, {"otp": "12345"})
    assert wrong.status_code == 200 and shown(errors.OTP_ENROLMENT_INVALID) in wrong.content.decode()
    assert not TOTPDevice.objects.filter(user=world.manager_a).exists()
    first = f"{TOTP(bytes.fromhex(key)).token():06d}"
    done = client.post(ENROL_PAGE, {"otp": first, "next": reverse("dashboard")})
    assert done.status_code == 200
    codes = done.context["codes"]
    assert len(codes) == 10 and all(c in done.content.decode() for c in codes)
    assert TOTPDevice.objects.get(user=world.manager_a).confirmed
    assert client.get(reverse("dashboard")).status_code == 200
    assert recorded("second_factor_enrolled", world.manager_a) == 1
    # the enrolment's code is spent: it does not sign in a second session
    other = Client()
    password(other, "direction.a")
    assert code(other, first).status_code == 200 and other.get(reverse("dashboard")).status_code == 302


def test_a_recovery_code_signs_in_once(world, rf):
    request = rf.post("/")
    key = services.new_key()
    _device, codes = services.second_factor_enrol(request=request, user=world.manager_a, key=key,
                                                  code=f"{TOTP(bytes.fromhex(key)).token():06d}")
    first, second = Client(), Client()
    password(first, "direction.a")
    assert code(first, codes[0]).status_code == 302
    assert recorded("recovery_code_used", world.manager_a) == 1
    assert StaticDevice.objects.get(user=world.manager_a).token_set.count() == 9
    password(second, "direction.a")
    assert code(second, codes[0]).status_code == 200 and second.get(reverse("dashboard")).status_code == 302
    # new codes void the old ones
    new = services.recovery_codes_issue(actor=world.manager_a)
    assert set(new).isdisjoint(codes) and StaticDevice.objects.get(user=world.manager_a).token_set.count() == 10


def test_cashiers_give_a_second_factor_only_where_their_casino_says_so(world):
    client = Client()
    assert password(client, "compta.a")["Location"] == reverse("dashboard")
    assert client.get(reverse("dashboard")).status_code == 200  # casino A does not ask
    casino_update(actor=world.admin, casino=world.a, second_facteur_caisse=True)
    assert AuditEvent.objects.filter(action="casino_changed", actor=world.admin,
                                     details__second_facteur_caisse=[False, True]).exists()
    world.accountant_a.refresh_from_db()
    assert second_factor_required(world.accountant_a) and not second_factor_required(world.accountant_b)
    client = Client()
    password(client, "compta.a")
    assert client.get(reverse("dashboard"))["Location"].startswith(ENROL_PAGE)
    client = Client()
    password(client, "compta.b")  # casino B, same jurisdiction, does not ask
    assert client.get(reverse("dashboard")).status_code == 200


def test_a_slot_system_account_is_no_person(world):
    from registers.cards.slot_system.services import slot_system_register

    manager = make_user("direction.c", "manager", casino=world.c)  # the slot systems are Luxembourg's (LU art. 3-2)
    casino_update(actor=world.admin, casino=world.c, second_facteur_caisse=True)
    system, _key = slot_system_register(casino=world.c, actor=manager, name="SMS")
    assert not second_factor_required(system.user)


def test_an_administrators_reset_is_recorded_ends_the_sessions_and_asks_a_new_enrolment(world):
    client = Client()
    client.force_login(world.regulator_lu)  # verified with an authenticator (tests/conftest.py)
    assert client.get(reverse("dashboard")).status_code == 200
    with pytest.raises(PermissionDeniedError):
        services.second_factor_reset(actor=world.regulator_qc, user=world.regulator_lu)
    admin = Client()
    admin.force_login(world.admin)
    response = admin.post(reverse("admin:compliance_user_changelist"),
                          {"action": "second_factor_reset", "_selected_action": [world.regulator_lu.pk]})
    assert response.status_code == 302
    assert not TOTPDevice.objects.filter(user=world.regulator_lu).exists()
    event = AuditEvent.objects.get(action="second_factor_reset", target_id=str(world.regulator_lu.pk))
    assert event.actor == world.admin and event.details["sessions_ended"] == 1
    assert client.get(reverse("dashboard"))["Location"].startswith(reverse("login"))  # signed out
    again = Client()
    password(again, "ministere.lu")
    assert again.get(reverse("dashboard"))["Location"].startswith(ENROL_PAGE)


def test_the_api_token_of_a_person_who_gives_a_second_factor_needs_its_code(world):
    api, url = APIClient(), reverse("api-token")
    authenticator_for(world.manager_a)
    missing = api.post(url, {"username": "direction.a", "password": PASSWORD}, format="json")
    assert missing.status_code == 400 and missing.json()["field_errors"] == {"otp": [str(errors.OTP_REQUIRED)]}
    wrong = api.post(url, {"username": "direction.a", "password": PASSWORD, "otp": "99999999"}, format="json")
    assert wrong.status_code == 400 and list(wrong.json()["field_errors"]) == ["otp"]
    assert AccessAttempt.objects.get(username="direction.a").failures_since_start == 2
    assert not AuditEvent.objects.filter(action="api_token_issued", actor=world.manager_a).exists()
    time.sleep(2.1)  # the device's delay after two wrong codes
    good = api.post(url, {"username": "direction.a", "password": PASSWORD, "otp": otp_code(world.manager_a)},
                    format="json")
    assert good.status_code == 200 and good.json()["token"]
    # a cashier of a casino that does not ask gives none
    assert api.post(url, {"username": "compta.a", "password": PASSWORD}, format="json").status_code == 200


def test_a_session_idle_too_long_is_signed_out(world, settings):
    settings.SESSION_IDLE_MINUTES = 30
    client = Client()
    client.force_login(world.accountant_a)
    assert client.get(reverse("dashboard")).status_code == 200
    session = client.session
    session[LAST_SEEN] = int(time.time()) - 31 * 60
    session.save()
    response = client.get(reverse("dashboard"), follow=True)
    assert response.redirect_chain[0][0].startswith(reverse("login"))
    assert "inactive plus de 30 minutes" in response.content.decode()
    assert DEVICE_ID_SESSION_KEY not in client.session


def test_the_demo_codes_are_refused_outside_the_demo(world, settings):
    settings.DEMO_ALLOWED = False
    with pytest.raises(CommandError):
        call_command("demo_otp_code", "direction.a")
    with pytest.raises(PermissionDeniedError):
        services.demo_authenticator_install(actor=world.admin, user=world.manager_a)


def test_the_demo_people_who_give_a_second_factor_have_their_known_key(demo, rules, capsys):
    import re

    from compliance.demo import demo_load
    from compliance.models import Casino, User
    from compliance.second_factor.selectors import authenticator, demo_key

    assert Casino.objects.get(code="lac-bleu").second_facteur_caisse
    assert not Casino.objects.get(code="la-moselle").second_facteur_caisse
    for username in ("qc.caissier", "lu.direction", "mc.commission", "admin", "vieux-pont.direction"):
        assert authenticator(User.objects.get(username=username)).key == demo_key(username), username
    for username in ("lu.caissier", "vieux-pont.caisse"):
        assert authenticator(User.objects.get(username=username)) is None, username
    call_command("demo_otp_code", "lu.direction")
    assert re.search(r"code \d{6} \(valid 30 s, once\)\n.*key for an authenticator app: [A-Z2-7]{32}",
                     capsys.readouterr().out)
    assert not [line for line in demo_load() if "second factor" in line or "authenticator" in line]


def test_a_person_renews_their_recovery_codes_from_the_menu(world):
    client = Client()
    client.force_login(world.manager_a)
    page = client.get(reverse("dashboard")).content.decode()
    assert 'data-testid="recovery-codes-link"' in page
    page = client.get(reverse("recovery-codes")).content.decode()
    assert "Il ne vous reste aucun code de secours." in page
    response = client.post(reverse("recovery-codes"))
    assert len(response.context["codes"]) == 10
    assert recorded("recovery_codes_issued", world.manager_a) == 1
    assert "Il vous reste 10 codes de secours." in client.get(reverse("recovery-codes")).content.decode()
