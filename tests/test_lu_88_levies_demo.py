"""The levy book as the demo shows it at La Moselle (LU RGD 1979 art. 88, 97-1, the draft's wording: « les fonds
doivent toujours être mis en réserve pour être payés exactement au receveur des Contributions par un virement bancaire
… dans un délai maximum de trois jours ouvrables »): days levied through the services, transfers, one planted late and
found by the nightly reconciliation; the page /prelevements/ filed by the casino's accounts, read by the regulator."""

import pytest

from compliance.models import User
from compliance.reconciliation.models import Finding
from registers.prelevements import selectors
from tests.test_browser import browser, shots  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def _book():
    from compliance.models import Casino

    casino = Casino.objects.get(code="la-moselle")
    return casino, selectors.book_of(selectors.register_of(casino))


def test_lu_88_the_demo_levies_la_moselle_and_the_reconciliation_finds_the_one_late_transfer(demo, rules):
    casino, book = _book()
    assert len(book.days) >= 3 and book.parameters and book.transfers
    today = casino.today()
    states = {day: levied.state(today) for day, levied in book.days.items()}
    assert list(states.values()).count("late") == 1, states
    late = next(levied for levied in book.days.values() if levied.state(today) == "late")
    found = Finding.objects.filter(reconciliation__casino=casino, kind__startswith="prelevement")
    assert [(f.kind, f.reconciliation.gaming_day, f.amount) for f in found] == [
        (Finding.Kind.LEVY_LATE, late.due, late.set_aside)]
    assert "art. 88" in found[0].citation and "projet" in found[0].citation
    assert "après son échéance" in found[0].message


def test_lu_97_1_the_page_shows_the_book_to_the_manager_with_the_act_the_casino_cites(demo, rules, client):
    client.force_login(User.objects.get(username="lu.direction"))
    page = client.get("/prelevements/").content.decode()
    assert "Carnet de prélèvement" in page and "acte cité par le casino" in page
    assert "LU RGD 1979 art. 88 deuxième phrase (projet)" in page and "97-1" in page
    casino, book = _book()
    late = next(levied for levied in book.days.values() if levied.state(casino.today()) == "late")
    month = client.get(f"/prelevements/la-moselle/?mois={late.day:%Y-%m}").content.decode()
    assert "Viré en retard" in month and 'data-testid="form-parametres"' in month


def test_lu_97_1_the_regulator_reads_the_book_and_files_nothing(demo, rules, client):
    client.force_login(User.objects.get(username="lu.ministere"))
    home = client.get("/prelevements/").content.decode()
    assert "Casino de la Moselle" in home
    page = client.get("/prelevements/la-moselle/")
    assert page.status_code == 200 and 'data-testid="form-' not in page.content.decode()
    assert client.post("/prelevements/la-moselle/", {"action": "calcul", "calcul-month": "2026-01"}).status_code == 403


def test_lu_97_1_the_accountant_computes_a_month_from_the_page_and_a_quebec_casino_has_no_book(demo, rules, client):
    client.force_login(User.objects.get(username="lu.caissier"))
    casino, book = _book()
    month = f"{min(book.days):%Y-%m}"
    done = client.post(f"/prelevements/la-moselle/?mois={month}", {"action": "calcul", "calcul-month": month},
                       follow=True)
    assert "0 journée(s) écrite(s)" in done.content.decode()  # computed already by the demo: nothing rewritten
    refused = client.post("/prelevements/la-moselle/", {"action": "calcul", "calcul-month": "2026-13"})
    assert refused.status_code == 200 and "Mois invalide" in refused.content.decode()
    client.force_login(User.objects.get(username="qc.direction"))
    assert "ne tient de carnet" in client.get("/prelevements/").content.decode()


def test_lu_88_the_levy_book_page_in_a_browser(demo, live_server, browser, shots):  # noqa: F811
    from tests.test_browser import signed_in

    casino, book = _book()
    late = next(levied for levied in book.days.values() if levied.state(casino.today()) == "late")
    page, errors = signed_in(browser, live_server, "lu.direction")
    page.goto(f"{live_server.url}/prelevements/la-moselle/?mois={late.day:%Y-%m}")
    text = page.locator("main").inner_text()
    assert "Viré en retard" in text and "acte cité par le casino" in text
    page.screenshot(path=shots / "prelevements-la-moselle.png", full_page=True)
    assert errors == [], errors


def test_lu_89_1_the_monthly_levy_book_is_signed_and_verified_by_reports_verify_and_pdfsig(demo, rules, shots):  # noqa: F811
    """Art. 89-1 (draft): « Les documents à finalité fiscale … peuvent être tenus et produits sous forme électronique,
    sous condition d'offrir des garanties équivalentes »; art. 88: « dans un délai maximum de trois jours ouvrables ».
    The month's book, in its own layout (each day's revenue by source, the levy at the rate with the act the casino
    cites, the funds set aside, the transfers against their due dates, the late one marked, totals that balance),
    signed (PAdES) through the reports, accepted by reports_verify and pdfsig; its first page kept as a PNG."""
    import json
    import shutil
    import subprocess
    from io import StringIO

    from django.core.management import call_command

    casino, book = _book()
    late = next(levied for levied in book.days.values() if levied.state(casino.today()) == "late")
    out, target = StringIO(), shots / "carnet-de-prelevement-la-moselle.pdf"
    call_command("reports_generate", "register_monthly", "--casino", casino.code, "--register", "prelevements",
                 "--day", late.day.isoformat(), "--out", str(target), "--json", stdout=out)
    result = json.loads(out.getvalue())
    levied = [day for day in book.days if day.strftime("%Y-%m") == late.day.strftime("%Y-%m")]
    assert result["status"] == "succeeded" and result["covered"] >= len(levied) and target.read_bytes()[:5] == b"%PDF-"
    verdict = StringIO()
    call_command("reports_verify", str(target), stdout=verdict)  # exits 1 (SystemExit) when it is not valid
    assert verdict.getvalue().startswith("Rapport authentique")
    assert shutil.which("pdfsig"), "pdfsig (poppler-utils): ./scripts/test installs it when run as root"
    shown = subprocess.run(["pdfsig", str(target)], capture_output=True, text=True, timeout=60).stdout
    assert "Signature Validation: Signature is Valid." in shown
    text = subprocess.run(["pdftotext", "-layout", str(target), "-"], capture_output=True, text=True,
                          timeout=60).stdout
    assert "Carnet de prélèvement — livre mensuel" in text and "acte cité par le casino" in text
    assert "Viré en retard" in text and "délai maximum de 3 jours ouvrables" in text and "art. 88" in text
    assert "Virements au receveur des Contributions" in text and "VIR-" in text
    # the revenue by source to the day's, the levy to the funds set aside, these to the transfers and what is left
    assert "ne s'équilibre pas" not in text and text.count("✓") == 3 and "Reste à virer" in text
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", str(target),
                    str(shots / "carnet-de-prelevement-la-moselle")], check=True, timeout=60)
    assert list(shots.glob("carnet-de-prelevement-la-moselle*.png"))


def test_lu_88_each_familys_part_of_the_gross_revenue_is_its_own_figures(demo, rules):
    """The tables' win (drop − fills + credits + inventory change) and their Pai Gow commissions, the cagnotte's
    establishment part (not the bad beat's), the machines' bets less their wins on the cards, the part past a card's cap
    paid by hand included: each family's part through compliance.hooks, summed."""
    import json
    from decimal import Decimal

    from registers.models import CardMovement, Entry
    from registers.tables.selectors import session_figures

    casino, book = _book()
    first, last = min(book.days), max(book.days)
    revenue = selectors.revenue(casino, first, last)
    for day in book.days:
        wins = [row.win + row.commission for row in session_figures(casino, day, day) if row.win is not None]
        house = [Decimal(json.loads(payload)["house"]) for payload in Entry.objects.filter(
            register__casino=casino, kind="cagnotte.comptage", gaming_day=day).values_list("payload", flat=True)]
        played = [-delta for delta in CardMovement.objects.filter(
            casino=casino, gaming_day=day, kind__in=("carte.mise", "carte.gain")).values_list("delta", flat=True)]
        played += [-Decimal(json.loads(payload)["amount"]) for payload in Entry.objects.filter(
            register__casino=casino, kind="carte.gain_excedent", gaming_day=day).values_list("payload", flat=True)]
        expected = {source: sum(parts, Decimal(0)) for source, parts in
                    (("tables", wins), ("cagnotte", house), ("machines", played)) if parts}
        assert revenue.get(day, {}) == expected, day
        assert book.days[day].revenue == expected  # what the book wrote, the day it was levied
    assert any(revenue.get(day, {}).get("tables") for day in book.days)


def test_lu_97_1_levies_compute_of_last_month_at_la_moselle_twice_writes_the_same_book_once(demo, rules):
    """`./scripts/manage levies_compute --casino la-moselle --month <last month>` run twice on the demo: the second
    run writes nothing, and the book (every entry of the register, its hash) is the same."""
    import datetime
    from io import StringIO

    from django.core.management import call_command

    from registers.models import Entry

    casino, _book_before = _book()
    month = (casino.today().replace(day=1) - datetime.timedelta(days=1)).strftime("%Y-%m")
    register = selectors.register_of(casino)

    def run() -> tuple[str, list]:
        out = StringIO()
        call_command("levies_compute", "--casino", casino.code, "--month", month, stdout=out)
        return out.getvalue(), list(Entry.objects.filter(register=register).order_by("seq").values_list("seq", "hash"))

    if (casino.today() - datetime.timedelta(days=30)).strftime("%Y-%m") == month:  # the demo levies last month too
        assert any(f"{day:%Y-%m}" == month for day in _book_before.days)
    first, after_first = run()
    second, after_second = run()
    assert "0 journée(s) écrite(s)" in second and after_second == after_first, (first, second)
    assert {day: levied.set_aside for day, levied in _book()[1].days.items()} == {
        day: levied.set_aside for day, levied in selectors.book_of(register).days.items()}
