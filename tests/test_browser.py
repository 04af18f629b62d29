"""Each role signs in through Debian's chromium and lands on its « À faire » home, the casino's identity card on « Mon
casino »; screenshots go to var/screenshots."""

import datetime
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from compliance.demo import DEMO_PASSWORD
from compliance.models import User
from compliance.second_factor.selectors import second_factor_required
from tests.a11y import check_at_screenshots
from tests.conftest import authenticator_for, otp_code

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]

ROLES = [
    # username, what the home must show, what its « Mon casino » page shows (None: a regulator keeps the casinos' list)
    ("qc.caissier", ["À faire", "Caissier / comptable", "Casino du Lac-Bleu", "Constats à expliquer",
                     "Tables à fermer"],
     ["RACJ-2026-0147", "12\u00a0500\u00a0000,00\u00a0$", "Modules"]),
    ("mc.direction", ["À faire", "Direction", "Casino des Rochers", "Questions de l'autorité à répondre"],
     ["DJ-2026-012", "8\u202f400\u202f000,00\u00a0€", "Demandes d'approbation"]),
    ("lu.ministere", ["À faire", "Régulateur", "Casino de la Moselle", "Lecture seule",
                      "Demandes à examiner et décider"],
     None),
]


@pytest.fixture
def browser(monkeypatch):
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread, which Django's ORM would refuse.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    assert Path(CHROMIUM).exists(), "Debian's chromium is missing: apt-get install -y chromium"
    check_at_screenshots(monkeypatch)  # each page screenshot: 0 axe violations, no sideways scroll at 390 px
    with sync_playwright() as p:
        instance = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def shots() -> Path:
    path = Path(settings.SCREENSHOT_DIR)
    path.mkdir(parents=True, exist_ok=True)
    return path


AFTER_PASSWORD = re.compile(r".*/(tableau-de-bord|connexion/second-facteur)/.*")


def authenticator_ready(username: str) -> None:
    """A person who gives a second factor has an authenticator before signing in: the demo's people theirs, any other
    one made now (the test plays their phone)."""
    user = User.objects.select_related("casino").get(username=username)
    if second_factor_required(user):
        authenticator_for(user)


def second_factor_give(page, username: str, code=None) -> None:
    """After the password: whoever gives a second factor types the code their phone shows now (`code(username)`, by
    default read from this test's database); then the home."""
    page.wait_for_url(AFTER_PASSWORD)
    if "/connexion/second-facteur/" in page.url:
        page.fill("#id_otp", code(username) if code else otp_code(User.objects.get(username=username)))
        page.click("form button.btn-primary")
    page.wait_for_url("**/tableau-de-bord/")


def signed_in(browser, live_server, username: str, password: str = DEMO_PASSWORD, *, code=None, **page_options):
    """A page signed in as `username` (password, then the second factor's code where they give one), and the list its
    console errors are collected into. `code`: how to read the code of a server with a database of its own."""
    if code is None:
        authenticator_ready(username)
    page, errors = password_given(browser, live_server, username, password, **page_options)
    second_factor_give(page, username, code)
    return page, errors


def password_given(browser, live_server, username: str, password: str = DEMO_PASSWORD, **page_options):
    """A new page past the sign-in's first step (the password), and the list its console errors are collected into."""
    page = browser.new_page(**{"viewport": {"width": 1366, "height": 900}, **page_options})
    errors = []
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    page.goto(f"{live_server.url}/connexion/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form button.btn-primary")
    return page, errors


def test_each_role_signs_in_and_sees_its_dashboard(demo, live_server, browser, shots):
    for username, expected, identity in ROLES:
        page = browser.new_page(viewport={"width": 1366, "height": 900}, locale="en-US")
        errors = []
        page.on("console", lambda msg, errors=errors: msg.type == "error" and errors.append(msg.text))
        page.goto(f"{live_server.url}/connexion/")
        assert page.locator("h1").inner_text() == "Connexion"  # French even for an English browser
        page.screenshot(path=shots / "login.png")
        page.fill("#id_username", username)
        page.fill("#id_password", DEMO_PASSWORD)
        page.click("form button.btn-primary")
        second_factor_give(page, username)
        text = page.locator("main").inner_text()
        for snippet in expected:
            assert snippet in text, (username, snippet)
        assert "Vérifier la chaîne de traitement" not in text and "Capital social" not in text
        page.screenshot(path=shots / f"dashboard-{username}.png", full_page=True)
        if identity is not None:
            page.click("nav >> text=Mon casino")
            page.wait_for_url("**/mon-casino/")
            text = page.locator("main").inner_text()
            for snippet in identity:
                assert snippet in text, (username, snippet)
            page.screenshot(path=shots / f"casino-{username}.png", full_page=True)
        assert errors == [], errors  # no CSP violation or missing asset
        page.close()


def test_english_switch_and_a_job_followed_to_its_end(demo, live_server, browser, shots):
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(f"{live_server.url}/connexion/")
    page.click("button[name=language][value=en]")
    assert page.locator("h1").inner_text() == "Sign in"
    page.fill("#id_username", "lu.caissier")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("form button.btn-primary")
    page.wait_for_url("**/tableau-de-bord/")
    page.goto(f"{live_server.url}/mon-casino/")
    assert "€3,100,000.00" in page.locator("main").inner_text()
    page.goto(f"{live_server.url}/traitements/")
    page.click("text=Check the processing pipeline")
    page.wait_for_url("**/traitements/*/")
    assert page.locator("[data-field=status]").inner_text() in {"Queued", "In progress", "Completed"}
    page.screenshot(path=shots / "job-en.png", full_page=True)
    page.close()


def test_a_regulator_searches_the_texts_and_follows_a_pay_table_line_back_to_its_article(
        demo, live_server, browser, shots):
    page, errors = signed_in(browser, live_server, "lu.ministere")
    page.click("nav >> text=Règles et tables de paiement")
    page.wait_for_url("**/regles/")
    page.screenshot(path=shots / "rules-index.png", full_page=True)

    page.fill("#rules-q", "cagnotte")
    page.click("main form[role=search] button")  # the header has its own search
    page.wait_for_url("**/regles/recherche/?q=cagnotte")
    hits = page.locator("[data-testid=hits] > li")
    assert hits.count() >= 3
    assert page.locator("[data-testid=hits] mark").first.inner_text().lower().startswith("cagnott")
    page.screenshot(path=shots / "rules-search-cagnotte.png", full_page=True)

    page.locator("[data-testid=hits] > li a").first.click()
    page.wait_for_url("**/regles/textes/**")
    assert "cagnotte" in page.locator("[data-testid=article-text]").inner_text().lower()
    page.screenshot(path=shots / "rules-article-from-search.png", full_page=True)

    page.goto(f"{live_server.url}/regles/tables/qc.357.trois_cartes/")
    lines = page.locator("[data-testid=paytable-lines] tbody tr")
    assert lines.count() == 5
    assert "40 à 1" in lines.first.inner_text()
    page.screenshot(path=shots / "rules-paytable.png", full_page=True)
    lines.first.locator("a.line-source").click()
    page.wait_for_url("**/regles/textes/qc-projet-2007/art/67.48/")
    assert page.locator("[data-testid=article-title]").inner_text().startswith("QC RJC art. 67.48")
    assert "40 à 1" in page.locator("[data-testid=article-text]").inner_text()
    assert "qc.357.trois_cartes" in page.locator("[data-testid=article-uses]").inner_text()
    page.screenshot(path=shots / "rules-article-67-48.png", full_page=True)
    assert errors == [], errors
    page.close()


def test_a_regulator_browses_instruments_dates_games_and_rankings(demo, live_server, browser, shots):
    page, _errors = signed_in(browser, live_server, "qc.regie")
    page.goto(f"{live_server.url}/regles/")
    page.click("text=QC D. 1675-95")
    page.wait_for_url("**/regles/textes/qc-decret-1675-95/")
    assert "quinzième jour" in page.locator("[data-testid=effective-note]").inner_text()
    page.screenshot(path=shots / "rules-instrument.png", full_page=True)

    page.goto(f"{live_server.url}/regles/en-vigueur/?date=2008-01-01")
    body = page.locator("main").inner_text()
    assert "QC D. 1675-95" in body and "QC projet 2007" in body  # in force, and the draft shown apart
    assert "qc.general.jeux" in body and "QC D. 1675-95 art. 1" in body
    page.screenshot(path=shots / "rules-in-force-2008.png", full_page=True)
    page.goto(f"{live_server.url}/regles/en-vigueur/?date=2008-02-30")
    assert "Date invalide" in page.locator("[role=alert]").inner_text()

    page.goto(f"{live_server.url}/regles/jeux/lu.bataille/")
    body = page.locator("main").inner_text()
    assert "lu.bataille.egalite" in body and "LU RGD 1979 art. 37-16" in body
    page.screenshot(path=shots / "rules-game-bataille.png", full_page=True)

    page.goto(f"{live_server.url}/regles/classements/qc.quatre_cartes/")
    rows = page.locator("table tbody tr")
    assert "four_of_a_kind" in rows.nth(0).inner_text() and "straight_flush" in rows.nth(1).inner_text()
    page.screenshot(path=shots / "rules-ranking-4-cartes.png", full_page=True)
    page.close()


def test_a_regulator_reads_a_pay_table_return_under_both_readings_and_a_game_evaluation(
        demo, live_server, browser, shots):
    from games.models import StrategyEvaluation
    from games.rtp.services import strategy_evaluation_run

    # quick ones, computed here rather than by a worker
    for game, strategy in (("lu.bataille", "guerre"), ("lu.bataille", "abandon"), ("qc.fou", "kq84")):
        evaluation = StrategyEvaluation.objects.create(game=game, strategy=strategy)
        strategy_evaluation_run(evaluation_id=evaluation.pk)
    page, errors = signed_in(browser, live_server, "mc.commission")

    page.goto(f"{live_server.url}/regles/tables/mc.uth.trips/")
    rtp = page.locator("[data-testid=rtp]")
    assert "96,5021 %" in rtp.locator("[data-testid=rtp-return-a]").first.inner_text()
    assert "81,2321 %" in rtp.locator("[data-testid=rtp-return-pour]").first.inner_text()
    assert "lecture du texte" in rtp.inner_text()
    assert rtp.locator("[data-testid=rtp-flags]").is_visible()
    assert rtp.locator("[data-testid=rtp-lines] tbody tr").count() == 7
    assert rtp.locator("[data-testid=rtp-chart] rect").count() == 14
    page.screenshot(path=shots / "rtp-mc-uth-trips.png", full_page=True)

    page.goto(f"{live_server.url}/regles/tables/qc.roulette.triple/")
    assert page.locator("[data-testid=rtp-variant]").count() == 2
    page.screenshot(path=shots / "rtp-roulette-triple.png", full_page=True)

    page.goto(f"{live_server.url}/regles/tables/lu.bataille.bataille/")
    strategies = page.locator("[data-testid=strategy]")
    assert strategies.count() == 2
    assert "calcul exact" in strategies.first.inner_text()
    page.screenshot(path=shots / "rtp-bataille.png", full_page=True)

    # the « super bonus » table as printed (flush 3 à 1) leaves the player ahead: the page says so
    page.goto(f"{live_server.url}/regles/tables/qc.fou.super_bonus/")
    assert page.locator("[data-testid=player-advantage]").is_visible()
    page.screenshot(path=shots / "rtp-fou-super-bonus.png", full_page=True)

    page.goto(f"{live_server.url}/regles/tables/qc.blackjack.progressive/?progressive=abc")
    assert "Montant invalide" in page.locator("[data-testid=rtp-error]").inner_text()
    page.goto(f"{live_server.url}/regles/tables/qc.blackjack.progressive/?progressive=50000")
    assert page.locator("[data-testid=rtp-variant]").count() == 8
    page.screenshot(path=shots / "rtp-blackjack-progressive.png", full_page=True)
    assert errors == [], errors
    page.close()


def test_a_regulator_checks_a_wheel_of_fortune_against_the_75_percent_floor(demo, live_server, browser, shots):
    page, errors = signed_in(browser, live_server, "qc.regie")
    page.goto(f"{live_server.url}/regles/jeux/qc.roue_de_fortune/")
    page.click("[data-testid=wheel-link]")
    page.click("[data-testid=wheel-form] button")
    report = page.locator("[data-testid=wheel-report]")
    assert "54 parties égales" in report.inner_text() and "77,7778 %" in report.inner_text()
    page.screenshot(path=shots / "rtp-wheel-ok.png", full_page=True)
    page.fill("#segments", "Étoile ; 1 ; 36 à 1\nLune ; 49 ; 1 à 2")
    page.click("[data-testid=wheel-form] button")
    error = page.locator("[data-testid=wheel-error]").inner_text()
    assert "74,00 %" in error and "QC RJC art. 122" in error
    assert page.locator("#segments").input_value().startswith("Étoile ; 1 ; 36 à 1")  # nothing lost
    page.screenshot(path=shots / "rtp-wheel-refused.png", full_page=True)
    assert errors == [], errors
    page.close()


def test_found_money_is_filed_countersigned_returned_in_time_refused_late_and_the_register_verified(demo,
        live_server, browser, shots):
    from zoneinfo import ZoneInfo

    today = datetime.datetime.now(ZoneInfo("Europe/Luxembourg")).date()
    day6, day8 = today - datetime.timedelta(days=6), today - datetime.timedelta(days=8)
    first, second = "Table de roulette 3", "Table de black-jack 5"

    cashier, errors = signed_in(browser, live_server, "lu.caissier")
    cashier.click("nav >> text=Registres")
    cashier.wait_for_url("**/registres/")
    cashier.screenshot(path=shots / "registers-list.png", full_page=True)
    cashier.click("[data-testid=register-la-moselle-orphelins] td:first-child a")
    cashier.wait_for_url("**/registres/la-moselle/orphelins/")
    assert cashier.locator("#id_currency").input_value() == "EUR"
    for day, amount, location in ((day6, "100,00", first), (day8, "40,00", second)):
        assert not cashier.locator("#id_amount").is_visible()  # the register first, its form behind a button
        cashier.click("[data-testid=open-forms] summary")
        assert not cashier.locator("#id_late_reason").is_visible()  # asked only for a day past the delay
        cashier.fill("#id_gaming_day", day.isoformat())
        cashier.select_option("#id_source", "table")
        cashier.fill("#id_amount", amount)
        cashier.fill("#id_location", location)
        cashier.fill("#id_description", "Plaque oubliée par un joueur")
        if day == day8:  # past the casino's 7-day filing delay: refused until its reason is given, input kept
            cashier.click("[data-testid=file-submit]")
            cashier.wait_for_load_state()
            assert "motif de la saisie tardive" in cashier.locator("[data-testid=error-late_reason]").inner_text()
            assert cashier.locator("#id_location").input_value() == location
            cashier.fill("#id_late_reason", "Fiche de l'agent retrouvée au contrôle de la caisse")
        cashier.click("[data-testid=file-submit]")
        cashier.wait_for_url("**/registres/la-moselle/orphelins/")
        assert "contresignature" in cashier.locator("[role=status]").first.inner_text()
        assert cashier.locator("[data-testid=queue] tr", has_text=location).count() == 1
    cashier.screenshot(path=shots / "registers-orphelins-filed.png", full_page=True)

    manager, manager_errors = signed_in(browser, live_server, "lu.direction")
    manager.goto(f"{live_server.url}/registres/la-moselle/orphelins/")
    for location in (first, second):
        manager.locator("[data-testid=queue] tr", has_text=location).locator("button").click()
        manager.wait_for_url("**/registres/la-moselle/orphelins/")
        assert "contresignée" in manager.locator("[role=status]").first.inner_text()
        assert manager.locator("[data-testid=queue] tr", has_text=location).count() == 0
        assert "enregistré" in manager.locator("[data-testid=orphelins] tr", has_text=location).inner_text()
    manager.screenshot(path=shots / "registers-orphelins-countersigned.png", full_page=True)

    def open_entry(location):
        cashier.goto(f"{live_server.url}/registres/la-moselle/orphelins/")
        cashier.locator("[data-testid=orphelins] tr", has_text=location).locator("td:first-child a").click()
        cashier.wait_for_url("**/registres/la-moselle/orphelins/*/")
        assert cashier.locator("#id_gaming_day").input_value() == today.isoformat()  # returned today
        cashier.fill("#id_owner_name", "Jean Muller")
        cashier.fill("#id_owner_document", "Carte d'identité LU 1234567")
        cashier.fill("#id_evidence", "Décrit la plaque, la table et l'heure")
        cashier.check("#id_right_established")
        cashier.click("[data-testid=return-submit]")
        cashier.wait_for_load_state()

    open_entry(first)  # day 6 of a 7-day period
    assert cashier.locator("[data-testid=status]").inner_text() == "restitué"
    assert "restitué" in cashier.locator("[role=status]").first.inner_text()
    assert "Restitution au propriétaire" in cashier.locator("[data-testid=followers]").inner_text()
    cashier.screenshot(path=shots / "registers-returned.png", full_page=True)

    open_entry(second)  # day 8: too late
    error = cashier.locator("[data-testid=error-gaming_day]").inner_text()
    from compliance.formatting import date as format_date
    from compliance.models import Jurisdiction

    deadline = format_date(day8 + datetime.timedelta(days=7), jurisdiction=Jurisdiction.objects.get(code="LU"))
    assert deadline in error and "LU RGD 1979 art. 8" in error
    assert cashier.locator("#id_owner_name").input_value() == "Jean Muller"  # nothing lost
    assert cashier.locator("#id_owner_document").input_value() == "Carte d'identité LU 1234567"
    assert cashier.locator("#id_right_established").is_checked()
    assert cashier.locator("[data-testid=status]").inner_text() == "enregistré"
    cashier.screenshot(path=shots / "registers-return-refused.png", full_page=True)

    cashier.goto(f"{live_server.url}/registres/la-moselle/orphelins/")
    cashier.click("[data-testid=verify-la-moselle-orphelins]")
    cashier.wait_for_url("**/registres/la-moselle/orphelins/verifier/")
    assert "intègre" in cashier.locator("[data-testid=verify-result]").inner_text()
    cashier.screenshot(path=shots / "registers-verify.png", full_page=True)
    assert errors == [] and manager_errors == [], (errors, manager_errors)
    cashier.close()
    manager.close()


def test_a_slot_machine_is_put_out_of_service_after_its_notice_and_its_destruction_is_refused(demo,
        live_server, browser, shots):
    from zoneinfo import ZoneInfo

    today = datetime.datetime.now(ZoneInfo("Europe/Luxembourg")).date()
    manager, errors = signed_in(browser, live_server, "lu.direction")
    manager.click("nav >> text=Registres")
    manager.wait_for_url("**/registres/")
    manager.click("[data-testid=register-la-moselle-appareils] td:first-child a")
    manager.wait_for_url("**/registres/la-moselle/appareils/")
    machine = manager.locator("[data-testid=machine-LM-004]")
    assert machine.locator("[data-testid=state]").inner_text() == "en service"

    # the move first, without its notice: refused, with the article (the forms behind their button)
    manager.click("[data-testid=open-forms] summary")
    manager.select_option("#id_move-machine", "LM-004")
    manager.select_option("#id_move-event", "hors_service")
    manager.fill("#id_move-gaming_day", today.isoformat())
    manager.click("[data-testid=submit-move]")
    manager.wait_for_load_state()
    assert "LU RGD 1979 art. 18-1" in manager.locator("[data-testid=error-event]").inner_text()
    assert manager.locator("#id_move-machine").input_value() == "LM-004"  # nothing lost

    manager.select_option("#id_notice-machine", "LM-004")
    manager.select_option("#id_notice-event", "hors_service")
    manager.fill("#id_notice-effective", today.isoformat())
    manager.fill("#id_notice-reference", "Lettre au Ministre des Finances n° 2026-131")
    manager.fill("#id_notice-sent_on", (today - datetime.timedelta(days=2)).isoformat())
    manager.click("[data-testid=submit-notice]")
    manager.wait_for_url("**/registres/la-moselle/appareils/")
    assert "Avis au Ministre enregistré" in manager.locator("[role=status]").first.inner_text()

    manager.click("[data-testid=open-forms] summary")
    manager.select_option("#id_move-machine", "LM-004")
    manager.select_option("#id_move-event", "hors_service")
    manager.fill("#id_move-gaming_day", today.isoformat())
    manager.click("[data-testid=submit-move]")
    manager.wait_for_url("**/registres/la-moselle/appareils/")
    assert "LM-004" in manager.locator("[role=status]").first.inner_text()
    machine = manager.locator("[data-testid=machine-LM-004]")
    assert machine.locator("[data-testid=state]").inner_text() == "hors service"
    assert "Mise hors service" in machine.locator("[data-testid=last-event]").inner_text()

    machine.locator("[data-testid=destroy-LM-004]").click()
    manager.wait_for_load_state()
    refusal = manager.locator("[data-testid=destroy-error]").inner_text()
    assert "LM-004" in refusal and "LU RGD 1979 art. 18-1" in refusal
    assert manager.locator("[data-testid=machine-LM-004] [data-testid=state]").inner_text() == "hors service"
    manager.locator("[data-testid=destroy-error]").scroll_into_view_if_needed()
    manager.screenshot(path=shots / "registers-appareils.png", full_page=True)
    assert errors == [], errors
    manager.close()


def test_a_card_is_issued_loaded_refused_past_its_cap_paid_out_and_printed(demo, live_server, browser, shots):
    import shutil
    import subprocess

    from compliance.formatting import money
    from compliance.models import Casino, User
    from registers.cards.services import card_certificate_record
    from registers.models import CardSystemCertificate

    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")

    def euros(amount):
        from decimal import Decimal

        return money(Decimal(amount), currency="EUR", jurisdiction=casino.jurisdiction)

    if not CardSystemCertificate.objects.filter(casino=casino).exists():
        card_certificate_record(casino=casino, actor=User.objects.get(username="lu.direction"), supplier="Cartes SA",
                                reference="CERT-3-2-2026", issued_on=datetime.date(2026, 1, 15))

    manager, errors = signed_in(browser, live_server, "lu.direction")
    manager.click("nav >> text=Cartes de jeu électroniques")
    manager.wait_for_url("**/cartes/")
    certificate = CardSystemCertificate.objects.filter(casino=casino).order_by("-pk").first()
    assert certificate.reference in manager.locator("[data-testid=certificate]").first.inner_text()
    manager.screenshot(path=shots / "cards-home.png", full_page=True)
    manager.click("[data-testid=issue-link]")
    manager.wait_for_url("**/cartes/emettre/")
    assert euros("2000.00") in manager.locator("[data-testid=cap-nominative]").inner_text()
    assert euros("250.00") in manager.locator("[data-testid=cap-journaliere]").inner_text()
    manager.check("input[name=kind][value=nominative]")
    manager.fill("#id_last_name", "Muller")
    manager.fill("#id_first_name", "Jean")
    manager.fill("#id_birth_date", "1975-03-14")
    manager.select_option("#id_id_document_type", "Passeport")
    manager.fill("#id_id_document_number", "LU-P-778812")
    manager.screenshot(path=shots / "cards-issue.png", full_page=True)
    manager.click("[data-testid=issue-submit]")
    manager.wait_for_url("**/cartes/*-*/")
    number = manager.locator("[data-testid=card-number]").inner_text()
    assert f"plafond {euros('2000.00')}" in manager.locator("[role=status]").first.inner_text()
    assert "MULLER Jean" in manager.locator("[data-testid=holder]").inner_text()
    manager.screenshot(path=shots / "cards-issued.png", full_page=True)

    face = manager.request.get(live_server.url + manager.locator("[data-testid=face-link]").get_attribute("href"))
    assert face.ok and face.headers["content-type"] == "application/pdf" and face.body().startswith(b"%PDF")
    (shots / "cards-face.pdf").write_bytes(face.body())
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "150", "-singlefile", str(shots / "cards-face.pdf"),
                        str(shots / "cards-face")], check=True)

    card_url = manager.url
    cashier, cashier_errors = signed_in(browser, live_server, "lu.caissier")
    cashier.goto(card_url)
    cashier.fill("#id_load-amount", "1500")
    cashier.select_option("#id_load-desk", "Caisse 1")
    cashier.click("[data-testid=submit-load]")
    cashier.wait_for_url(card_url)
    assert euros("1500.00") in cashier.locator("[data-testid=card-fields] [data-testid=balance]").inner_text()
    cashier.fill("#id_load-amount", "600")
    cashier.click("[data-testid=submit-load]")
    cashier.wait_for_load_state()
    refusal = cashier.locator("[data-testid=form-load] [data-testid=error-amount]").inner_text()
    assert f"montant encore permis : {euros('500.00')}" in refusal and "LU RGD 1979 art. 3-1 6)" in refusal
    assert cashier.locator("#id_load-amount").input_value() == "600"  # nothing lost
    cashier.locator("[data-testid=form-load]").scroll_into_view_if_needed()
    cashier.screenshot(path=shots / "cards-load-refused.png")

    cashier.fill("#id_payout-amount", "200")
    cashier.select_option("#id_payout-desk", "Caisse 1")
    cashier.click("[data-testid=submit-payout]")
    cashier.wait_for_url(card_url)
    assert euros("1300.00") in cashier.locator("[data-testid=card-fields] [data-testid=balance]").inner_text()
    history = cashier.locator("[data-testid=history]").inner_text()
    for operation in ("Émission", "Chargement", "Paiement du solde"):
        assert operation in history, operation
    assert number in cashier.locator("h1").inner_text()
    cashier.screenshot(path=shots / "cards-card.png", full_page=True)

    cashier.click("[data-testid=holder] a")
    cashier.wait_for_url("**/cartes/clients/*/")
    assert "Passeport LU-P-778812" in cashier.locator("[data-testid=identity]").inner_text()
    assert "Luc Schmit" in cashier.locator("[data-testid=verification]").inner_text()
    assert "Paiement du solde" in cashier.locator(f"[data-testid=history-{number}]").inner_text()
    cashier.screenshot(path=shots / "cards-client.png", full_page=True)

    # the demo's yesterday at the caisse spéciale: two desks counted, a win past the cap to pay by hand
    from zoneinfo import ZoneInfo

    # the demo's days are La Moselle's (Luxembourg), whatever the hour in UTC
    yesterday = (timezone.localdate(timezone=ZoneInfo("Europe/Luxembourg")) - datetime.timedelta(days=1)).isoformat()
    cashier.goto(f"{live_server.url}/cartes/caisse/{yesterday}/")
    assert "✓" in cashier.locator("[data-testid=cards] [data-testid=check]").inner_text()
    assert euros("450.50") in cashier.locator("[data-testid=excess-total]").inner_text()
    assert euros("12450.00") in cashier.locator("[data-testid=desk-caisse-1] [data-testid=counted-cash]").inner_text()
    cashier.screenshot(path=shots / "cards-caisse.png", full_page=True)
    assert errors == [] and cashier_errors == [], (errors, cashier_errors)
    cashier.close()
    manager.close()


def _standing_house(code: str) -> str:
    """The house's part of a casino's cagnotte counts no correction set aside, as the page writes it."""
    import json
    from decimal import Decimal

    from compliance.formatting import money
    from compliance.models import Casino
    from registers.chain.selectors import standing
    from registers.models import Entry

    casino = Casino.objects.select_related("jurisdiction").get(code=code)
    counts = standing(Entry.objects.filter(register__casino=casino, kind="cagnotte.comptage"))
    house = sum((Decimal(json.loads(payload)["house"]) for payload in counts.values_list("payload", flat=True)),
                Decimal(0))
    return money(house, currency=casino.currency, jurisdiction=casino.jurisdiction)


def test_a_manager_corrects_a_count_filed_twice_and_the_cashier_countersigns_it(demo, live_server, browser, shots):
    """LU RGD 1979 art. 18-15: the demo's cagnotte count filed again under the wrong table is set aside by a
    correction; a count filed wrongly here is corrected from its page and leaves the totals once countersigned."""
    cashier, errors = signed_in(browser, live_server, "lu.caissier")
    manager, manager_errors = signed_in(browser, live_server, "lu.direction")
    cashier.goto(f"{live_server.url}/registres/la-moselle/cagnotte/")
    corrected = cashier.locator("[data-testid^=corrected-]")
    assert corrected.count() == 1 and "corrigée" in corrected.first.inner_text()
    demo_seq = int(corrected.first.get_attribute("data-testid").split("-")[1])
    cashier.click("[data-testid=open-forms] summary")  # the register's entries first, its forms behind a button
    cashier.select_option("#id_cagnotte-table", "Poker 1")  # kept by the management; Poker 2 is counted today
    for field, value in (("house", "100,00"), ("bad_beat", "0"), ("box_count", "100,00")):
        cashier.fill(f"#id_cagnotte-{field}", value)
    cashier.click("[data-testid=submit-cagnotte]")
    cashier.wait_for_url("**/registres/la-moselle/cagnotte/")
    manager.goto(f"{live_server.url}/registres/la-moselle/cagnotte/")
    manager.locator("[data-testid=queue] button").first.click()
    manager.wait_for_url("**/registres/la-moselle/cagnotte/")
    wrong = manager.locator("[data-testid=counts] tbody tr").last.get_attribute("data-testid").split("-")[1]
    manager.goto(f"{live_server.url}/registres/la-moselle/cagnotte/{demo_seq}/")
    assert "corrigée par" in manager.locator("[data-testid=corrected]").inner_text()
    assert manager.locator("[data-testid=correction-form]").count() == 0
    manager.screenshot(path=shots / "registers-corrected-entry.png", full_page=True)
    manager.goto(f"{live_server.url}/registres/la-moselle/cagnotte/{wrong}/")
    manager.fill("[data-testid=correction-form] textarea", "Comptage saisi sur une table fermée")
    manager.click("[data-testid=correction-submit]")
    manager.wait_for_url("**/registres/la-moselle/cagnotte/")
    assert manager.locator("[data-testid=queue]").get_by_text("Correction d'une écriture").count() == 1
    cashier.goto(f"{live_server.url}/registres/la-moselle/cagnotte/")
    cashier.locator("[data-testid=queue] button").first.click()
    cashier.wait_for_url("**/registres/la-moselle/cagnotte/")
    assert cashier.locator("[data-testid^=corrected-]").count() == 2
    totals = cashier.locator("[data-testid=count-totals]").inner_text()
    # the standing counts only: Poker 2's and the poker room's nightly ones (registers/poker_room/demo.py)
    assert "2 comptages corrigés hors total" in totals and _standing_house("la-moselle") in totals
    cashier.screenshot(path=shots / "registers-cagnotte-corrected.png", full_page=True)
    assert errors == [] and manager_errors == [], errors + manager_errors
    manager.close()
    cashier.close()
