"""Sign-in, lockout after repeated failures (django-axes) and the API error format."""

import pytest
from django.conf import settings
from django.urls import reverse
from rest_framework.test import APIClient

from compliance import errors
from tests.conftest import PASSWORD, otp_code

pytestmark = pytest.mark.django_db


def test_login_page_is_french_by_default_even_for_an_english_browser(client):
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert response.status_code == 200
    assert response["Content-Language"] == "fr"
    assert "Connexion" in response.content.decode() and "Mot de passe" in response.content.decode()


def test_english_switch_translates_the_shell(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": reverse("login")}, follow=True)
    body = response.content.decode()
    assert response["Content-Language"] == "en"
    assert "Sign in" in body and "Password" in body


def test_good_password_signs_in_and_lands_on_the_dashboard(world, client):
    response = client.post(reverse("login"), {"username": "compta.a", "password": PASSWORD}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("dashboard")
    assert "Casino CASINO-A" in response.content.decode()


def test_six_bad_web_logins_lock_the_account_even_with_the_right_password(world, client):
    assert settings.AXES_FAILURE_LIMIT == 6
    codes = [client.post(reverse("login"), {"username": "compta.a", "password": f"faux-{i}"}).status_code
             for i in range(6)]
    assert codes == [200] * 5 + [403]
    response = client.post(reverse("login"), {"username": "compta.a", "password": PASSWORD})
    assert response.status_code == 403
    assert str(errors.ACCOUNT_LOCKED) in response.content.decode()
    # The lock is the account's, not the address's: another address is refused too.
    response = client.post(reverse("login"), {"username": "compta.a", "password": PASSWORD},
                           REMOTE_ADDR="10.9.8.7")
    assert response.status_code == 403


def test_six_bad_api_logins_lock_the_account_even_with_the_right_password(world):
    api = APIClient()
    url = reverse("api-token")
    codes = [api.post(url, {"username": "compta.a", "password": f"faux-{i}"}, format="json").status_code
             for i in range(6)]
    assert codes == [400] * 5 + [403]
    response = api.post(url, {"username": "compta.a", "password": PASSWORD}, format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "account_locked"


def test_api_token_authenticates_later_calls(world):
    api = APIClient()
    # a regulator gives the second factor's code with the password (tests/test_two_factor.py)
    token = api.post(reverse("api-token"), {"username": "regie.qc", "password": PASSWORD,
                                            "otp": otp_code(world.regulator_qc)}, format="json").json()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token['token']}")
    me = api.get(reverse("api-me")).json()
    assert me == {"username": "regie.qc", "first_name": "", "last_name": "", "role": "regulator",
                  "casino": None, "jurisdiction": "QC", "preferred_language": "fr"}


def test_api_errors_have_one_shape_in_the_requests_language(world):
    api = APIClient()
    fr = api.post(reverse("api-token"), {"username": "compta.a", "password": "x"}, format="json")
    assert fr.json() == {"code": "invalid_credentials", "message": "Identifiant ou mot de passe incorrect.",
                         "field_errors": {}}
    en = api.post(reverse("api-token"), {"username": "compta.a", "password": "x"}, format="json",
                  HTTP_ACCEPT_LANGUAGE="en")
    assert en.json()["message"] == "Incorrect username or password."
    missing = api.post(reverse("api-token"), {"username": "compta.a"}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert missing.status_code == 400
    assert missing.json()["code"] == "invalid"
    assert missing.json()["field_errors"] == {"password": ["This field is required."]}
    missing_fr = api.post(reverse("api-token"), {"username": "compta.a"}, format="json")
    assert missing_fr.json()["field_errors"] == {"password": ["Ce champ est obligatoire."]}


def test_unauthenticated_api_call_gets_401_in_the_common_format(world):
    response = APIClient().get(reverse("api-casino-list"))
    assert response.status_code == 401
    assert set(response.json()) == {"code", "message", "field_errors"}
    assert response.json()["code"] == "not_authenticated"


def test_pages_require_sign_in(client):
    response = client.get(reverse("dashboard"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
