"""An approval request's life in Debian's chromium, at a Luxembourg casino: the management files a change of the
Trips pay table of Ultimate Texas hold'em (line 7, the brelan, « 2 pour 1 »), Vigie's checks appear on its page with
their articles, the Ministry asks for information, the management answers, the Ministry approves from a date.
Then the decision letter, signed by the Ministry, verifies, and the casino's table page shows the approved table
from the decision's date. Screenshots: var/screenshots/approvals-new.png (the draft's form), approvals-checks.png
(the request filed, beside its checks), approvals-list.png (the Ministry's queue), approvals-review.png (the
Ministry's forms), approvals-decided.png, approvals-casino-table.png.

Each step is a function of its own (a page signed in, the request's reference): a later step of the flow (the signed
decision letter, the casino's table page under the approved table) is one more function called at the end of the
test."""

import datetime
from dataclasses import dataclass

import pytest

from compliance.approvals.services import request_attach, request_create, request_decide, request_file
from tests.conftest import PASSWORD, build_world, make_user
from tests.test_browser import browser, shots  # noqa: F401 (fixtures)
from tests.test_browser import signed_in as browser_signed_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MANAGER, MINISTRY = "direction.c", "ministere.lu"
TABLE, LINE, ODDS = "lu.uth.trips", "7", "2 pour 1"
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
    """Casino C's management, and the requests it already has with the Ministry: a jackpot stop announced 9 days
    ahead (15 required: blocking), a tournament's rules approved, a draft still at the casino."""
    w.manager_c = make_user(MANAGER, "manager", casino=w.c)
    today = w.c.today()
    request_file(actor=w.manager_c, request=request_create(actor=w.manager_c, casino=w.c, kind="arret_jackpot", items={
        "table": "TH-1 progressif", "date_arret": str(today + datetime.timedelta(9)),
        "motif": "Remplacement de la table TH-1"}))
    tournament = request_create(actor=w.manager_c, casino=w.c, kind="tournoi", items={
        "nom": "Omaha de la Moselle", "modalites": "Droit d'entrée 80 €, lots aux huit premiers",
        "date_debut": str(today + datetime.timedelta(30))})
    request_attach(actor=w.manager_c, request=tournament, item="reglement", filename="reglement-omaha.pdf",
                   content=b"%PDF-1.4 reglement")
    request_decide(actor=w.regulator_lu, request=request_file(actor=w.manager_c, request=tournament),
                   decision="approuver")
    request_create(actor=w.manager_c, casino=w.c, kind="jeu_annexe", items={"nom": "Lucky Ladies"})


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
    form.locator("[name=brouillon-paiements]").fill(f"{LINE} ; {ODDS}")
    form.locator("[name=brouillon-date_effet]").fill(flow.effective.isoformat())
    form.locator("[name=brouillon-motif]").fill("Le brelan payé 2 pour 1, comme aux tables voisines.")
    page.screenshot(path=str(shots / "approvals-new.png"), full_page=True)
    form.locator("[data-testid=submit-brouillon]").click()
    page.wait_for_url("**/approbations/CASINO-C-*/")
    flow.reference = page.locator("[data-testid=reference]").inner_text()
    assert page.locator("[data-testid=state]").first.inner_text() == "Brouillon"
    page.locator("[data-testid=submit-deposer]").click()
    page.wait_for_url(flow.request_url())
    assert "déposée auprès de l'autorité" in page.locator("main [role=status]").inner_text()
    assert page.locator("[data-testid=state]").first.inner_text() == "En examen"
    line = page.locator(f"[data-testid=payouts] tr[data-line='{LINE}']")
    assert "Trips" in line.inner_text() and "3 à 1" in line.inner_text() and ODDS in line.inner_text()
    checks = page.locator("[data-testid=checks]")
    assert checks.locator("[data-code=retour]").is_visible() and checks.locator("[data-code=lecture]").is_visible()
    assert "LU RGD 1979 art. 37-14" in checks.locator("[data-code=retour] [data-testid=citation]").inner_text()
    assert "Taux de retour de « Ultimate Texas hold'em poker — TRIPS »" in checks.inner_text()
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


def approve(page, flow: Flow, shots):  # noqa: F811 (the fixture, passed on)
    page.goto(flow.request_url())
    assert ANSWER in page.locator("[data-testid=step][data-transition=repondre]").inner_text()
    form = page.locator("[data-testid=form-decider]")
    form.locator("[name=decider-decision][value=approuver]").check()
    form.locator("[name=decider-effective_from]").fill(flow.effective.isoformat())
    form.locator("[data-testid=submit-decider]").click()
    page.wait_for_url(flow.request_url())
    assert page.locator("[data-testid=state]").first.inner_text() == "Approuvée"
    assert page.locator("[data-testid=effective-from]").is_visible()
    assert page.locator("[data-testid=form-revoquer]").is_visible()
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
    assert verdict.valid and verdict.signer.startswith("Ministère des Finances"), verdict


def the_casino_s_table(page, flow: Flow, shots):  # noqa: F811 (the fixture, passed on)
    """The casino's Trips table from the decision's date: line 7 as approved; the day before, as the text has it."""
    page.goto(flow.request_url())
    page.locator("[data-testid=casino-paytable]").click()
    assert page.locator("[data-testid=approved-table]").is_visible()
    changed = page.locator("[data-testid=changed-line]")
    assert changed.count() == 1 and ODDS in changed.inner_text()
    page.screenshot(path=str(shots / "approvals-casino-table.png"), full_page=True)
    before = flow.effective - datetime.timedelta(days=1)
    page.goto(f"{flow.url}/approbations/tables/{flow.casino.code}/{TABLE}/?jour={before.isoformat()}")
    assert page.locator("[data-testid=written-table]").is_visible()
    assert page.locator("[data-testid=changed-line]").count() == 0


def test_a_pay_table_change_filed_checked_questioned_answered_and_approved(live_server, browser, shots):  # noqa: F811
    from games.models import LegalInstrument
    from games.services import rules_load

    if not LegalInstrument.objects.exists():
        rules_load()
    w = build_world()
    the_casino(w)
    flow = Flow(live_server.url, w.c, w.c.today() + datetime.timedelta(days=14))

    manager, manager_errors = signed_in(browser, live_server, MANAGER)
    file_the_change(manager, flow, shots)
    ministry, ministry_errors = signed_in(browser, live_server, MINISTRY)
    the_ministry_s_queue(ministry, flow, shots)
    ask(ministry, flow, shots)
    answer(manager, flow)
    approve(ministry, flow, shots)
    the_letter(ministry, flow)
    the_casino_s_table(manager, flow, shots)
    assert manager_errors == [] and ministry_errors == [], (manager_errors, ministry_errors)
