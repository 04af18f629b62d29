"""Each role signs in through Debian's chromium and sees its dashboard; screenshots go to var/screenshots."""

from pathlib import Path

import pytest
from django.conf import settings

from compliance.demo import DEMO_PASSWORD, demo_load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]

ROLES = [
    # username, what the dashboard must show
    ("qc.caissier", ["Caissier / comptable", "Casino du Lac-Bleu", "12\u00a0500\u00a0000,00\u00a0$",
                     "Vérifier la chaîne de traitement"]),
    ("mc.direction", ["Direction", "Casino des Rochers", "8\u202f400\u202f000,00\u00a0€", "Demandes d'approbation"]),
    ("lu.ministere", ["Régulateur", "Casinos de votre juridiction", "Casino de la Moselle", "Lecture seule",
                      "Cartes de jeu électroniques"]),
]


@pytest.fixture
def browser(monkeypatch):
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread, which Django's ORM would refuse.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    assert Path(CHROMIUM).exists(), "Debian's chromium is missing: apt-get install -y chromium"
    with sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def shots() -> Path:
    path = Path(settings.SCREENSHOT_DIR)
    path.mkdir(parents=True, exist_ok=True)
    return path


def test_each_role_signs_in_and_sees_its_dashboard(live_server, browser, shots):
    demo_load()
    for username, expected in ROLES:
        page = browser.new_page(viewport={"width": 1366, "height": 900}, locale="en-US")
        errors = []
        page.on("console", lambda msg, errors=errors: msg.type == "error" and errors.append(msg.text))
        page.goto(f"{live_server.url}/connexion/")
        assert page.locator("h1").inner_text() == "Connexion"  # French even for an English browser
        page.screenshot(path=shots / "login.png")
        page.fill("#id_username", username)
        page.fill("#id_password", DEMO_PASSWORD)
        page.click("form button.btn-primary")
        page.wait_for_url("**/tableau-de-bord/")
        text = page.locator("main").inner_text()
        for snippet in expected:
            assert snippet in text, (username, snippet)
        page.screenshot(path=shots / f"dashboard-{username}.png", full_page=True)
        assert errors == [], errors  # no CSP violation or missing asset
        page.close()


def test_english_switch_and_a_job_followed_to_its_end(live_server, browser, shots):
    demo_load()
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(f"{live_server.url}/connexion/")
    page.click("button[name=language][value=en]")
    assert page.locator("h1").inner_text() == "Sign in"
    page.fill("#id_username", "lu.caissier")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("form button.btn-primary")
    page.wait_for_url("**/tableau-de-bord/")
    assert "€3,100,000.00" in page.locator("main").inner_text()
    page.click("text=Check the processing pipeline")
    page.wait_for_url("**/traitements/*/")
    assert page.locator("[data-field=status]").inner_text() in {"Queued", "In progress", "Completed"}
    page.screenshot(path=shots / "job-en.png", full_page=True)
    page.close()
