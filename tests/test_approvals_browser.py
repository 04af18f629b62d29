"""A notice's life in Debian's chromium, at a Monaco casino (AM 2007-668 art. 1: « Toute modification des
combinaisons et (ou) des paiements doit être immédiatement notifiée à l'autorité concédante »): the management
notifies a change of the TRIPS pay table of Ultimate Texas Hold'em (line 7, the brelan, « 2 pour 1 »), Vigie's checks
appear on its page with their articles, the autorité concédante asks for information, the management answers, the
authority acknowledges receipt. Then the letter (« Accusé de réception »), signed by the authority, verifies, and the
casino's table page shows the notified table from the date the casino declared. Screenshots:
var/screenshots/approvals-new.png (the draft's form), approvals-checks.png
(the request filed, beside its checks), approvals-list.png (the Ministry's queue), approvals-review.png (the
Ministry's forms), approvals-decided.png, approvals-casino-table.png.

Each step is a function of its own (a page signed in, the request's reference): a later step of the flow (the signed
decision letter, the casino's table page under the approved table) is one more function called at the end of the
test."""

import datetime
from dataclasses import dataclass

import pytest

from compliance.approvals.services import request_create, request_decide, request_file
from tests.conftest import PASSWORD, build_world, make_casino, make_user
from tests.test_browser import browser, shots  # noqa: F401 (fixtures)
from tests.test_browser import signed_in as browser_signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MANAGER, MINISTRY = "direction.m", "concedante.mc"
TABLE, LINE, ODDS = "mc.uth.trips", "7", "2 pour 1"
QUESTION = "Quel est l'effet du changement sur le taux de retour de la mise Trips ?"
ANSWER = "Le retour passe sous celui de la table en vigueur ; nous l'affichons en salle à côté de la table."


@dataclass
class Flow:
    """What the steps share: the live server, the casino, the request's reference once drafted."""

    url: str
    casino: object
    effective: datetime.date
    reference: str = ""

    def request_url(self) -> str:
        return f"{self.url}/approbations/{self.reference}/"


def the_casino(w):
    """Casino M's management, and the notices it already has with the autorité concédante: a change of the flush
    notified (waiting), another of the royal flush acknowledged, a draft still at the casino."""
    w.m = make_casino("casino-m", "MC")
    w.manager_m = make_user(MANAGER, "manager", casino=w.m)
    w.concedante = make_user(MINISTRY, "regulator", jurisdiction="MC")
    today = w.m.today()

    def notice(payouts: dict, days: int):
        return request_create(actor=w.manager_m, casino=w.m, kind="table_de_paiement", items={
            "table": TABLE, "paiements": payouts, "date_effet": str(today + datetime.timedelta(days)),
            "motif": "Aux tables du salon privé"})

    request_file(actor=w.manager_m, request=notice({"5": "6 POUR 1"}, 5))  # due before ours: first in the queue
    request_decide(actor=w.concedante, request=request_file(actor=w.manager_m, request=notice({"1": "60 POUR 1"}, 40)),
                   decision="accuser_reception")
    notice({"4": "9 POUR 1"}, 50)


def signed_in(browser, live_server, username: str):  # noqa: F811 (the fixture, passed on)
    return browser_signed_in(browser, live_server, username, PASSWORD, viewport={"width": 1440, "height": 900},
                             locale="fr-FR")


def file_the_change(page, flow: Flow, shots):  # noqa: F811 (the fixture, passed on)
    """The management drafts the change from the menu of its kinds, then files it: the checks appear."""
    page.locator("nav.app-sidebar >> text=Demandes d'approbation").click()
    page.wait_for_url("**/approbations/")
    page.locator("[data-testid=new-request] summary").click()
    page.locator("[data-testid=new-request] a[data-kind=table_de_paiement]").click()
    page.wait_for_url("**/approbations/nouvelle/table_de_paiement/")
    form = page.locator("[data-testid=form-brouillon]")
    form.locator("[name=brouillon-table]").select_option(TABLE)
    form.locator("[name=brouillon-paiements-position]").first.fill(LINE)
    form.locator("[name=brouillon-paiements-cote]").first.fill(ODDS)
    form.locator("[name=brouillon-date_effet]").fill(flow.effective.isoformat())
    form.locator("[name=brouillon-motif]").fill("Le brelan payé 2 pour 1, comme aux tables voisines.")
    page.screenshot(path=str(shots / "approvals-new.png"), full_page=True)
    form.locator("[data-testid=submit-brouillon]").click()
    page.wait_for_url("**/approbations/CASINO-M-*/")
    flow.reference = page.locator("[data-testid=reference]").inner_text()
    assert page.locator("[data-testid=state]").first.inner_text() == "Brouillon"
    page.locator("[data-testid=submit-deposer]").click()
    page.wait_for_url(flow.request_url())
    assert "déposée auprès de l'autorité" in page.locator("main [role=status]").inner_text()
    assert page.locator("[data-testid=state]").first.inner_text() == "En examen"
    line = page.locator(f"[data-testid=payouts] tr[data-line='{LINE}']")
    assert "brelan" in line.inner_text() and "3 POUR 1" in line.inner_text() and ODDS in line.inner_text()
    checks = page.locator("[data-testid=checks]")
    assert checks.locator("[data-code=retour]").is_visible() and checks.locator("[data-code=notification]").is_visible()
    assert "MC AM 2007-668 art. 1" in checks.locator("[data-code=retour] [data-testid=citation]").inner_text()
    assert "Taux de retour de « Poker Texas Hold'Hem Ultimate — chance TRIPS »" in checks.inner_text()
    page.screenshot(path=str(shots / "approvals-checks.png"), full_page=True)


def the_ministry_s_queue(page, flow: Flow, shots):  # noqa: F811 (the fixture, passed on)
    page.locator("nav.app-sidebar >> text=Demandes d'approbation").click()
    page.wait_for_url("**/approbations/")
    inbox = page.locator("[data-testid=inbox-item]")
    assert inbox.count() == 2 and inbox.first.get_attribute("data-reference") != flow.reference  # the older first
    rows = page.locator("[data-testid=request]")
    assert rows.count() == 3  # the draft is the casino's own
    assert rows.locator("[data-testid=mine]").count() == 2
    page.screenshot(path=str(shots / "approvals-list.png"), full_page=True)
    page.locator(f"[data-testid=inbox-item][data-reference='{flow.reference}']").click()
    page.wait_for_url(flow.request_url())


def ask(page, flow: Flow, shots):  # noqa: F811 (the fixture, passed on)
    assert page.locator("[data-testid=next-actor] .badge").inner_text() == "à vous"
    page.screenshot(path=str(shots / "approvals-review.png"), full_page=True)
    form = page.locator("[data-testid=form-demander_complement]")
    form.locator("[name=demander_complement-note]").fill(QUESTION)
    form.locator("[data-testid=submit-demander_complement]").click()
    page.wait_for_url(flow.request_url())
    assert page.locator("[data-testid=state]").first.inner_text() == "Complément demandé"


def answer(page, flow: Flow):
    page.goto(f"{flow.url}/approbations/")
    page.locator(f"[data-testid=inbox-item][data-reference='{flow.reference}']").click()
    page.wait_for_url(flow.request_url())
    assert QUESTION in page.locator("[data-testid=step][data-transition=demander_complement]").inner_text()
    form = page.locator("[data-testid=form-repondre]")
    form.locator("[name=repondre-note]").fill(ANSWER)
    form.locator("[data-testid=submit-repondre]").click()
    page.wait_for_url(flow.request_url())
    assert page.locator("[data-testid=state]").first.inner_text() == "En examen"
    assert page.locator("[data-testid=earlier-runs]").is_visible()  # the first run's findings, collapsed


def acknowledge(page, flow: Flow, shots):  # noqa: F811 (the fixture, passed on)
    page.goto(flow.request_url())
    assert ANSWER in page.locator("[data-testid=step][data-transition=repondre]").inner_text()
    form = page.locator("[data-testid=form-decider]")
    assert form.locator("[name=decider-decision][value=approuver]").count() == 0  # a notice is not approved
    assert form.locator("[name=decider-effective_from]").count() == 0  # in effect as the casino declared it
    assert form.locator("[name=decider-decision]:checked").count() == 0  # nothing chosen beforehand
    form.locator("[data-testid=submit-decider]").click()  # nothing chosen: refused under the field
    assert "Choisissez la décision" in page.locator("[data-testid=error-decision]").inner_text()
    assert page.locator("[data-testid=state]").first.inner_text() == "En examen"
    form = page.locator("[data-testid=form-decider]")
    form.locator("[name=decider-decision][value=accuser_reception]").check()
    form.locator("[data-testid=submit-decider]").click()
    confirmation = page.locator("[data-testid=confirmation]")  # the act restated before it is recorded
    assert "Accuser réception" in confirmation.locator("[data-testid=confirm-facts]").inner_text()
    assert flow.reference in confirmation.inner_text()
    page.screenshot(path=str(shots / "approvals-confirm.png"), full_page=True)
    confirmation.locator("[data-testid=confirm-submit]").click()
    page.wait_for_url(flow.request_url())
    assert page.locator("[data-testid=state]").first.inner_text() == "Réception accusée"
    assert page.locator("[data-testid=effective-from]").is_visible()
    assert page.locator("[data-testid=form-revoquer]").count() == 0
    page.screenshot(path=str(shots / "approvals-decided.png"), full_page=True)


def the_letter(page, flow: Flow):
    """The decision letter signed by the worker (here called as the worker would), downloaded from the request's
    page: its signature is the Ministry's and it verifies."""
    from compliance.approvals.models import ApprovalRequest
    from compliance.reports import signing
    from compliance.reports.selectors import crl_der
    from compliance.reports.services import report_generate

    report_generate(ApprovalRequest.objects.get(reference=flow.reference).letter)
    page.goto(flow.request_url())
    with page.expect_download() as download:
        page.locator("[data-testid=letter] a").first.click()
    with open(download.value.path(), "rb") as pdf:
        verdict = signing.verify(pdf.read(), crl_der())
    assert verdict.valid and verdict.signer.startswith("Autorité concédante"), verdict


def the_casino_s_table(page, flow: Flow, shots):  # noqa: F811 (the fixture, passed on)
    """The casino's TRIPS table from the date declared: line 7 as notified; the day before, as the text has it."""
    page.goto(flow.request_url())
    page.locator("[data-testid=casino-paytable]").click()
    assert page.locator("[data-testid=approved-table]").is_visible()
    changed = page.locator("[data-testid=changed-line]")
    assert changed.count() == 1 and ODDS in changed.inner_text()
    page.screenshot(path=str(shots / "approvals-casino-table.png"), full_page=True)
    before = flow.effective - datetime.timedelta(days=1)  # the flush's notice, in effect from its own date
    page.goto(f"{flow.url}/approbations/tables/{flow.casino.code}/{TABLE}/?jour={before.isoformat()}")
    assert page.locator("[data-testid=changed-line]").count() == 1
    assert ODDS not in page.locator("[data-testid=changed-line]").inner_text()
    page.goto(f"{flow.url}/approbations/tables/{flow.casino.code}/{TABLE}/?jour={flow.casino.today().isoformat()}")
    assert page.locator("[data-testid=written-table]").is_visible()  # before any notice took effect
    assert page.locator("[data-testid=changed-line]").count() == 0


def test_mc_art_1_a_pay_table_change_notified_checked_questioned_answered_and_acknowledged(  # noqa: F811
        live_server, browser, shots):  # noqa: F811
    from games.models import LegalInstrument
    from games.services import rules_load

    if not LegalInstrument.objects.exists():
        rules_load()
    w = build_world()
    the_casino(w)
    flow = Flow(live_server.url, w.m, w.m.today() + datetime.timedelta(days=14))

    manager, manager_errors = signed_in(browser, live_server, MANAGER)
    file_the_change(manager, flow, shots)
    ministry, ministry_errors = signed_in(browser, live_server, MINISTRY)
    the_ministry_s_queue(ministry, flow, shots)
    ask(ministry, flow, shots)
    answer(manager, flow)
    acknowledge(ministry, flow, shots)
    the_letter(ministry, flow)
    the_casino_s_table(manager, flow, shots)
    assert manager_errors == [] and ministry_errors == [], (manager_errors, ministry_errors)
