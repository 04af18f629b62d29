"""Issue 40's acceptance in Debian's chromium: a manager signs in with the password then the code their authenticator
shows; a wrong code and a code already used are refused on the field; a person whose second factor was reset enrols a
new authenticator from its QR code's key and sees their recovery codes once. Screenshots at 1366 and 390 px."""

import base64
import time

import pytest
from django_otp.oath import TOTP

from compliance.models import User
from compliance.second_factor.services import second_factor_reset
from tests.a11y import PHONE
from tests.conftest import otp_code
from tests.test_browser import browser, shots  # noqa: F401 (fixtures)
from tests.test_browser import password_given as password

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def give(page, code):
    page.fill("#id_otp", code)
    page.click("form button.btn-primary")
    page.wait_for_load_state()


def test_sign_in_with_totp_refusing_a_wrong_code_and_a_reused_code(demo, rules, live_server, browser, shots):  # noqa: F811
    manager = User.objects.get(username="lu.direction")
    page, errors = password(browser, live_server, "lu.direction")
    page.wait_for_url("**/connexion/second-facteur/**")
    assert page.locator("h1").inner_text() == "Code de connexion"
    assert page.locator("nav").count() == 0  # no menu before the second factor
    page.screenshot(path=shots / "second-factor.png", full_page=True)
    right = otp_code(manager)
    give(page, "000000" if right != "000000" else "111111")
    assert "/connexion/second-facteur/" in page.url
    assert "faux, expiré ou déjà utilisé" in page.locator("[data-testid=otp-error]").inner_text()
    assert page.locator("#id_otp").get_attribute("aria-invalid") == "true"
    page.screenshot(path=shots / "second-factor-refused.png", full_page=True)
    time.sleep(1.1)  # django-otp's delay after one wrong code
    give(page, right)
    page.wait_for_url("**/tableau-de-bord/")
    assert "Luc Schmit" in page.locator("[data-testid=who]").inner_text()
    assert errors == [], errors

    # the same code, a moment later, in another browser: refused, still on the code's page
    other, other_errors = password(browser, live_server, "lu.direction")
    other.wait_for_url("**/connexion/second-facteur/**")
    give(other, right)
    assert "/connexion/second-facteur/" in other.url
    assert "déjà utilisé" in other.locator("[data-testid=otp-error]").inner_text()
    other.set_viewport_size(PHONE)
    other.screenshot(path=shots / "second-factor-reused-390.png", full_page=True)
    assert other_errors == [], other_errors


def test_after_a_reset_the_person_enrols_from_the_qr_codes_key(demo, rules, live_server, browser, shots):  # noqa: F811
    second_factor_reset(actor=User.objects.get(username="admin"), user=User.objects.get(username="mc.commission"))
    page, errors = password(browser, live_server, "mc.commission")
    page.wait_for_url("**/connexion/second-facteur/activation/**")
    assert page.locator("[data-testid=otp-qr]").get_attribute("src").startswith("data:image/svg+xml;base64,")
    page.screenshot(path=shots / "second-factor-enrol.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=shots / "second-factor-enrol-390.png", full_page=True)
    page.set_viewport_size({"width": 1366, "height": 900})
    secret = page.locator("[data-testid=otp-secret]").get_attribute("data-secret")
    give(page, f"{TOTP(base64.b32decode(secret)).token():06d}")  # what the phone shows once it has read the key
    codes = page.locator("[data-testid=recovery-codes] li").all_inner_texts()
    assert len(codes) == 10
    page.screenshot(path=shots / "second-factor-recovery-codes.png", full_page=True)
    page.click("text=Continuer")
    page.wait_for_url("**/tableau-de-bord/")
    assert errors == [], errors
