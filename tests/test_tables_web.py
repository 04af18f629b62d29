"""The table games' pages: the pit view of a gaming day (limits and their citation, the bank, fills and credits with
the voided ones struck through, the running result, drop, win and hold, the totals of each pit and of the day), a
session's page and its forms, the hold's trend and the CSV. Every persona sees what its role allows: the casino's
staff file, the regulator of the jurisdiction reads, another casino's staff get a 404. Every refused form names its
field and writes nothing."""

import csv
import datetime
import io
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.formats import number_format

from compliance.formatting import money
from games.models import Game
from registers.house_lists.services import denomination_add
from registers.models import Entry, GamingTable, Slip, SlipVoid, TableSession
from registers.tables import selectors
from registers.tables.services import session_open, slip_file, slip_void, table_create
from tests.conftest import PASSWORD, lu_today, make_user
from tests.tables_world import (
    COUNTED,
    FLOAT,
    SIGNED,
    SLIP_SIGNED,
    close,
    count,
    fill,
    grid,
    keep_chips,
    lu_table,
    open_lu,
)

pytestmark = pytest.mark.django_db

DAY = lu_today() - datetime.timedelta(days=1)  # open, within every casino's filing delay


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.cashier2_c = make_user("compta2.c", "accountant", casino=world.c)
    keep_chips(world.c, world.manager_c)
    keep_chips(world.a, world.manager_a)
    return world


def counts():
    return (Entry.objects.count(), Slip.objects.count(), TableSession.objects.count(), GamingTable.objects.count(),
            SlipVoid.objects.count())


def eur(w, amount: str) -> str:
    return money(Decimal(amount), currency="EUR", jurisdiction=w.c.jurisdiction)


def pit_url(w, day=DAY, casino=None) -> str:
    return f"{reverse('tables-pit', kwargs={'casino': (casino or w.c).code})}?jour={day.isoformat()}"


def session_url(session) -> str:
    return reverse("tables-session", kwargs={"casino": session.table.casino.code, "pk": session.pk})


def streamed(response) -> str:
    return b"".join(response.streaming_content).decode("utf-8")


def a_day(w):
    """Casino C's day: HC-01 (pit A) filled twice (one fill voided), credited, closed and counted; BT-01 (pit B)
    still open with a fill; HC-02 never opened."""
    hold_em, bataille = lu_table(w), lu_table(w, number="BT-01", game="lu.bataille", pit="B")
    lu_table(w, number="HC-02")
    first = open_lu(w, hold_em, DAY, maximum="2000")
    wrong = fill(w, first, 1001, {"100": 10})
    slip_void(slip=wrong, actor=w.manager_c, countersigner=w.cashier2_c, reason="Saisi à la mauvaise table")
    fill(w, first, 1002, {"100": 5})
    fill(w, first, 1003, {"25": 8}, kind="credit")
    close(w, first, FLOAT)
    count(w, first, {"100": 30})
    second = open_lu(w, bataille, DAY, minimum="10", maximum="300")
    fill(w, second, 1004, {"100": 2})
    return SimpleNamespace(hold_em=hold_em, bataille=bataille, first=first, second=second, wrong=wrong)


# --- the pages for each persona --------------------------------------------------------------------------------


def test_the_pit_view_shows_limits_bank_slips_running_result_win_hold_and_totals(w, client):
    day = a_day(w)
    client.force_login(w.accountant_c)
    page = client.get(pit_url(w)).content.decode()
    assert "Tables de jeu" in page and "Îlot A" in page and "Îlot B" in page
    # limits with what the maximum applies to and the article
    assert "maximum par case" in page and "LU RGD 1979 art. 37-11" in page and "maximum par mise" in page
    assert eur(w, "10.00") in page and eur(w, "2000.00") in page
    # the bank: a fixed float in Luxembourg
    assert 'data-testid="bank-mode">avance' in page and eur(w, "3500.00") in page
    # the voided fill struck through, the live ones not
    assert 'data-testid="voided-1001"' in page and "<del" in page and 'data-testid="voided-1002"' not in page
    # HC-01: win = 3000 − 500 + 200 + 0 = 2700, hold 90 %; BT-01 open: running −200
    assert eur(w, "2700.00") in page and "90,00 %" in page
    assert eur(w, "-200.00") in page
    assert "Aucune séance cette journée." in page  # HC-02
    totals = page[page.index('data-testid="day-totals"'):]
    assert eur(w, "700.00") in totals  # fills: 500 + 200 (the voided 1000 aside)
    assert 'data-testid="form-open"' in page and 'data-testid="form-table"' not in page  # a cashier opens
    assert reverse("registers-register", kwargs={"casino": w.c.code, "kind": "avances"}) in page
    wrong_day = client.get(reverse("tables-pit", kwargs={"casino": w.c.code}), {"jour": "hier"}).content.decode()
    assert 'data-testid="error-jour"' in wrong_day and 'data-testid="day-totals"' in wrong_day
    assert day.first.pk and 'data-testid="read-only"' not in page


def test_the_management_creates_tables_and_the_regulator_only_reads(w, client):
    a_day(w)
    client.force_login(w.manager_c)
    page = client.get(pit_url(w)).content.decode()
    assert 'data-testid="form-table"' in page and 'data-testid="form-open"' in page
    client.force_login(w.regulator_lu)
    page = client.get(pit_url(w)).content.decode()
    assert 'data-testid="read-only"' in page and 'data-testid="form-' not in page and "Îlot A" in page
    session = TableSession.objects.get(table__number="HC-01")
    detail = client.get(session_url(session)).content.decode()
    assert 'data-testid="form-' not in detail and "Saisi à la mauvaise table" in detail
    before = counts()
    refused = client.post(pit_url(w), {"action": "open", "open-table": session.table.pk})
    assert refused.status_code == 403 and counts() == before
    assert client.post(session_url(session), {"action": "drop"}).status_code == 403
    home = client.get(reverse("tables-home")).content.decode()
    assert w.c.name in home and w.a.name not in home


def test_each_persona_reaches_each_page(w, client):
    a_day(w)
    session = TableSession.objects.get(table__number="BT-01")
    urls = [pit_url(w), session_url(session), reverse("tables-trends", kwargs={"casino": w.c.code}),
            reverse("tables-csv", kwargs={"casino": w.c.code})]
    for user in (w.accountant_c, w.manager_c, w.regulator_lu):
        client.force_login(user)
        for url in urls:
            assert client.get(url).status_code == 200, (user.username, url)
    client.force_login(w.accountant_c)
    home = client.get(reverse("tables-home")).content.decode()
    assert "Tables de jeu" in home and "HC-01" in home  # a casino's staff land on their pit view


def test_another_casino_is_a_404_whoever_asks(w, client):
    a_day(w)
    session = TableSession.objects.get(table__number="HC-01")
    own = table_create(casino=w.a, actor=w.manager_a, game="qc.blackjack", number="BJ-01", pit="Blackjack")
    for user in (w.accountant_a, w.regulator_qc):
        client.force_login(user)
        for url in (pit_url(w), session_url(session), reverse("tables-trends", kwargs={"casino": w.c.code}),
                    reverse("tables-csv", kwargs={"casino": w.c.code})):
            assert client.get(url).status_code == 404, (user.username, url)
    client.force_login(w.accountant_a)
    # casino C's session under casino A's address is a 404 too
    assert client.get(reverse("tables-session", kwargs={"casino": w.a.code, "pk": session.pk})).status_code == 404
    before = counts()
    assert client.post(pit_url(w), {"action": "open"}).status_code == 404 and counts() == before
    assert "BJ-01" in client.get(pit_url(w, w.a.today(), w.a)).content.decode() and own.pk


# --- the forms: each refusal names its field and writes nothing -----------------------------------------------


def post(client, url, action, data):
    return client.post(url, {"action": action, **{f"{action}-{key}": value for key, value in data.items()}})


def refused(client, url, action, data, field, message=None):
    before = counts()
    response = post(client, url, action, data)
    page = response.content.decode()
    assert response.status_code == 200, response.status_code
    assert f'data-testid="error-{field}"' in page, page[page.find('data-testid="form-' + action):][:3000]
    if message:
        assert message in page
    assert 'data-testid="refused"' in page
    assert counts() == before
    return page


def opening(table, **changes):
    counted = changes.pop("counted", FLOAT)
    data = {"table": table.pk, "gaming_day": DAY.isoformat(), "minimum": "10", "maximum": "500",
            "float_amount": "3500", **grid(counted), "signature_croupier": "Anne Croupier",
            "signature_superviseur": "Marc Chef"}
    return {**data, **changes}


def test_the_table_and_opening_forms_refuse_with_the_field_named(w, client):
    table = lu_table(w)
    client.force_login(w.manager_c)
    url = pit_url(w)
    refused(client, url, "table", {"game": "lu.holdem_casino", "number": "HC-01", "pit": "A"}, "number", "existe déjà")
    refused(client, url, "table", {"game": "qc.blackjack", "number": "X", "pit": "A"}, "game")
    refused(client, url, "open", opening(table, maximum="600"), "maximum", "37-11")
    refused(client, url, "open", opening(table, float_amount=""), "float_amount", "art. 21")
    refused(client, url, "open", opening(table, counted={"100": 20, "25": 36, "5": 100}), "denominations",
            "3\u202f400,00\u00a0€")
    refused(client, url, "open", opening(table, counted={"100": "20 pièces"}), "denominations",
            "« 20 pièces » invalide pour la coupure 100.00")
    # one row per value: a chip and a banknote of 100 share it, so no value is counted twice
    denomination_add(casino=w.c, actor=w.manager_c, value="100", kind="billet")
    page = client.get(url).content.decode()
    assert page.count('name="open-denominations-100.00"') == 1 and "jeton, billet" in page
    refused(client, url, "open", opening(table, counted={"100": "²"}), "denominations", "invalide")
    refused(client, url, "open", opening(table, counted={"100": "1e40"}), "denominations", "invalide")
    denomination_add(casino=w.c, actor=w.manager_c, value="999999999999", kind="jeton")
    refused(client, url, "open", opening(table, counted={"999999999999": 2}), "denominations", "dépasse")
    refused(client, url, "open", opening(table, signature_superviseur=" "), "signature_superviseur", "superviseur")
    refused(client, url, "open", opening(table, gaming_day=(lu_today() + datetime.timedelta(days=2)).isoformat()),
            "gaming_day")
    client.force_login(w.accountant_c)
    before = counts()
    response = post(client, url, "table", {"game": "lu.holdem_casino", "number": "HC-09", "pit": "A"})
    assert "Seule la direction" in response.content.decode() and counts() == before
    done = post(client, url, "open", opening(table))
    assert done.status_code == 302 and TableSession.objects.get().float_amount == Decimal("3500.00")
    client.force_login(w.manager_c)
    created = post(client, url, "table", {"game": "lu.bataille", "number": "BT-07", "pit": "B"})
    assert created.status_code == 302 and GamingTable.objects.filter(number="BT-07", pit="B").exists()


def slip_data(**changes):
    counted = changes.pop("counted", {"100": 10})
    data = {"kind": "approvisionnement", "serial": "1", "amount": "1 000,00", **grid(counted),
            **{f"signature_{role}": name for role, name in SLIP_SIGNED.items()}}
    return {**data, **changes}


def test_the_slip_void_close_and_drop_forms_refuse_with_the_field_named(w, client):
    session = open_lu(w, lu_table(w), DAY)
    fill(w, session, 1001, {"100": 10})
    client.force_login(w.accountant_c)
    url = session_url(session)
    page = client.get(url).content.decode()
    assert "N° attendu : 1002" in page and 'value="1002"' in page  # the expected serial, shown and offered
    refused(client, url, "slip", slip_data(serial="1004"), "serial", "1002")
    refused(client, url, "slip", slip_data(serial="1001"), "serial", "déjà utilisé")
    refused(client, url, "slip", slip_data(serial="1002", amount="900,00"), "amount", eur(w, "1000.00"))
    refused(client, url, "slip", slip_data(serial="1002", signature_porteur=""), "signature_porteur", "porteur")
    assert post(client, url, "slip", slip_data(serial="1002", kind="credit", amount="200",
                                               counted={"100": 2})).status_code == 302
    credit = Slip.objects.get(serial=1002)
    # the void restated first (the slip, its amount), the second person's password asked on the confirmation only
    before = counts()
    asked = post(client, url, "void", {"slip": credit.pk, "countersigner": w.manager_c.username,
                                       "reason": "Crédit saisi deux fois"}).content.decode()
    assert 'data-testid="confirmation"' in asked and "Annuler le bordereau n° 1002" in asked
    assert 'name="void-countersigner_password"' in asked and 'name="void-confirme" value="1"' in asked
    assert counts() == before and not SlipVoid.objects.exists()
    second = {"countersigner": w.manager_c.username, "countersigner_password": PASSWORD, "confirme": "1"}
    refused(client, url, "void", {"slip": credit.pk, "countersigner": w.accountant_c.username,
                                  "countersigner_password": PASSWORD, "reason": "Erreur", "confirme": "1"},
            "countersigner")  # oneself is not a second person: not offered, refused
    refused(client, url, "void", {"slip": credit.pk, **second, "reason": " "}, "reason")
    refused(client, url, "void", {"slip": "999999", **second, "reason": "Erreur"}, "slip")
    refused(client, url, "void", {"slip": credit.pk, **second, "countersigner_password": "pas le sien",
                                  "reason": "Erreur"}, "countersigner_password")  # the second person signs in person
    voided = post(client, url, "void", {"slip": credit.pk, **second, "reason": "Crédit saisi deux fois"})
    assert voided.status_code == 302 and SlipVoid.objects.get().entry.countersigner == w.manager_c
    before = counts()
    early = post(client, url, "drop", {"amount": "100", **grid({"100": 1}), "signature_compteur_1": "Ines",
                                       "signature_compteur_2": "Omar"})
    assert "après la fermeture" in early.content.decode() and counts() == before
    refused(client, url, "close", {**grid({"100": 35, "25": "abc"}), **SIGNED_FORM}, "denominations")
    refused(client, url, "close", {**grid({"100": 35}), "signature_croupier": "Anne"},
            "signature_superviseur")
    assert post(client, url, "close", {**grid(FLOAT), **SIGNED_FORM}).status_code == 302
    closed = post(client, url, "slip", slip_data(serial="1003"))
    assert "est fermée" in closed.content.decode() and not Slip.objects.filter(serial=1003).exists()
    refused(client, url, "drop", {"amount": "3 000", **grid({"100": 30}), "signature_compteur_1": "Ines",
                                  "signature_compteur_2": " ines "}, "signature_compteur_2", "deux personnes")
    refused(client, url, "drop", {"amount": "3 100", **grid({"100": 30}), **COUNTERS_FORM}, "amount")
    assert post(client, url, "drop", {"amount": "3 000", **grid({"100": 30}), **COUNTERS_FORM}).status_code \
        == 302
    page = client.get(url).content.decode()
    assert eur(w, "2000.00") in page  # win: 3000 − 1000 + 0 (the credit voided) + 0
    assert 'data-testid="form-void"' in page  # closed and counted: the fill may still be voided, nothing else
    assert not any(f'data-testid="form-{action}"' in page for action in ("slip", "close", "drop", "commission"))
    assert 'data-testid="voided"' in page and "Crédit saisi deux fois" in page


SIGNED_FORM = {f"signature_{role}": name for role, name in SIGNED.items()}
COUNTERS_FORM = {f"signature_{role}": name for role, name in COUNTED.items()}


def test_the_pai_gow_commissions_form_reads_the_rounds_and_refuses_with_the_field_named(w, client):
    table = table_create(casino=w.a, actor=w.manager_a, game="qc.pai_gow", number="PG-1", pit="Pai Gow")
    session = session_open(table=table, actor=w.manager_a, gaming_day=w.a.today(), minimum="10", maximum="500",
                           denominations={"100": 35}, signatures=SIGNED)
    client.force_login(w.accountant_a)
    url = session_url(session)
    assert 'data-testid="form-commission"' in client.get(url).content.decode()
    base = {"amount": "3,50", **SIGNED_FORM}
    refused(client, url, "commission", {**base, "rounds": "1 ; 1, 2 ; 1=25"}, "rounds", "premier jeu")
    refused(client, url, "commission", {**base, "rounds": "croupier ; 1, 2 ; 1"}, "rounds", "attendu, par exemple")
    refused(client, url, "commission", {**base, "rounds": "[{"}, "rounds", "JSON")
    refused(client, url, "commission", {**base, "rounds": "croupier ; ² ; "}, "rounds")
    refused(client, url, "commission", {**base, "rounds": "croupier ; 1, 2 ; 1=25, 2=30"}, "amount", "3,00\u00a0$")
    rounds = "croupier ; 1, 2 ; 1=25, 2=30\n1 ; 1, 2 ; 2=40"  # 1.50 + 1.50, then 2.00 (5 % of the next 10)
    refused(client, url, "commission", {**base, "amount": "3,00", "rounds": rounds}, "amount", "5,00\u00a0$")
    done = post(client, url, "commission", {**base, "amount": "5,00", "rounds": rounds})
    assert done.status_code == 302, done.content.decode()[:2000]
    assert Slip.objects.get(kind="commission").amount == Decimal("5.00")


# --- the trend and the CSV ---------------------------------------------------------------------------------------


def test_the_trend_draws_the_hold_of_each_table_by_month_with_its_axes_and_figures(w, client):
    a_day(w)
    client.force_login(w.regulator_lu)
    page = client.get(reverse("tables-trends", kwargs={"casino": w.c.code})).content.decode()
    assert 'data-testid="hold-chart"' in page and "Hold (% du drop)" in page and "Mois (journées de jeu)" in page
    assert page.count('data-testid="x-tick"') == 12 and 'data-testid="y-tick">100 %' in page
    assert 'data-testid="trend-HC-01"' in page and 'data-testid="trend-BT-01"' not in page  # no counted drop yet
    assert "90,00 %" in page and eur(w, "2700.00") in page and "Casino (toutes tables)" in page
    bad = client.get(reverse("tables-trends", kwargs={"casino": w.c.code}), {"mois": "2026-13"})
    assert bad.status_code == 200 and 'data-testid="error-mois"' in bad.content.decode()
    empty = client.get(reverse("tables-trends", kwargs={"casino": w.c.code}), {"mois": "2025-01"})
    assert 'data-testid="no-data"' in empty.content.decode()


def test_the_csv_of_a_day_and_of_a_month_in_french(w, client):
    a_day(w)
    client.force_login(w.manager_c)
    url = reverse("tables-csv", kwargs={"casino": w.c.code})
    response = client.get(url, {"jour": DAY.isoformat()})
    assert response["Content-Type"].startswith("text/csv")
    assert f'filename="tables-casino-c-{DAY.isoformat()}.csv"' in response["Content-Disposition"]
    assert response.streaming  # sent as it is read (issue 19)
    text = streamed(response)
    assert text.startswith("\ufeffJournée de jeu;Îlot;Table;Jeu;Séance;Tenue de la banque;Avance;")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    header, *lines = rows
    assert len(lines) == 2
    hold_em = dict(zip(header, next(line for line in lines if line[2] == "HC-01"), strict=True))
    assert (hold_em["Approvisionnements"], hold_em["Crédits"], hold_em["Drop"], hold_em["Win"], hold_em["Hold (%)"]) \
        == ("500,00", "200,00", "3000,00", "2700,00", "90,00")
    assert hold_em["Maximum"] == "par case" and hold_em["Citation des limites"].startswith("LU RGD 1979 art. 37-11")
    assert hold_em["Compteurs du drop"] == "Ines Compte ; Omar Compte"
    bataille = dict(zip(header, next(line for line in lines if line[2] == "BT-01"), strict=True))
    assert (bataille["Win"], bataille["Hold (%)"], bataille["Inventaire de fermeture"]) == ("", "", "")
    month = client.get(url, {"mois": DAY.strftime("%Y-%m")})
    assert f'tables-casino-c-{DAY.strftime("%Y-%m")}.csv' in month["Content-Disposition"]
    assert len(streamed(month).strip().splitlines()) == 3
    assert client.get(url, {"jour": "hier"}).status_code == 400
    assert client.get(url, {"mois": "2026-13"}).status_code == 400


def with_tables(kwargs=lambda t: {}):
    """URL kwargs for test_scoping's SCOPED_ROUTES: casino B's table, its open session and a fill."""
    return lambda w: kwargs(tables_world(w))


def tables_world(w):
    if getattr(w, "tables_b", None) is None:
        from games.models import LegalInstrument
        from games.services import rules_load

        if not LegalInstrument.objects.exists():
            rules_load()
        manager = make_user("direction.b", "manager", casino=w.b)
        table = table_create(casino=w.b, actor=manager, game="qc.blackjack", number="BJ-B1", pit="Blackjack")
        session = session_open(table=table, actor=manager, gaming_day=w.b.today(), minimum="10", maximum="500",
                               denominations={"100": 10}, signatures=SIGNED)
        slip = slip_file(session=session, actor=manager, kind="approvisionnement", serial=1, amount="100.00",
                         denominations={"100": 1}, signatures=SLIP_SIGNED)
        w.tables_b = SimpleNamespace(table=table, session=session, slip=slip)
    return w.tables_b


def test_a_closed_gaming_day_offers_no_form(w, client):
    from registers.chain.services import session_close as day_close

    session = open_lu(w, lu_table(w), DAY)
    client.force_login(w.accountant_c)
    assert 'data-testid="form-slip"' in client.get(session_url(session)).content.decode()
    day_close(casino=w.c, user=w.accountant_c, gaming_day=DAY)
    page = client.get(session_url(session)).content.decode()
    assert 'data-testid="day-closed"' in page and 'data-testid="form-' not in page
    before = counts()
    refused_ = post(client, session_url(session), "slip", slip_data())
    assert 'data-testid="refused"' in refused_.content.decode() and counts() == before


def test_a_closed_months_sums_are_kept_and_the_open_months_summed_at_each_reading(w, settings):
    """A month whose every day is closed can no longer change: the trend sums it once and keeps it (issue 19, the
    trend of a casino-year under 300 ms); the month in course is summed at each reading."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from registers.models import GamingSession
    from registers.tables.selectors import hold_trend, month_end, month_start

    w.c.late_filing_days = 90
    w.c.save(update_fields=["late_filing_days"])
    first = month_start(DAY, 1)  # the month before yesterday's, whole
    table = lu_table(w, number="HC-09")
    session = open_lu(w, table, first + datetime.timedelta(days=3), maximum="2000")
    fill(w, session, 2001, {"100": 5})
    close(w, session, FLOAT)
    count(w, session, {"100": 30})
    GamingSession.objects.bulk_create(
        GamingSession(casino=w.c, gaming_day=first + datetime.timedelta(days=n), closed_by=w.manager_c,
                      closed_at=timezone.now()) for n in range((month_end(first) - first).days + 1))

    def read():
        with CaptureQueriesContext(connection) as queries:
            trend = hold_trend(w.c, DAY)
        (summed,) = [q["sql"] for q in queries.captured_queries if "per_session" in q["sql"]]
        return trend, summed

    cold, summed = read()
    kept, summed_again = read()
    closed_month = first.isoformat()  # the months summed are named in the statement by their first day
    assert closed_month in summed and closed_month not in summed_again  # the closed month, only the first time
    assert month_start(DAY).isoformat() in summed_again  # the month in course, each time
    assert [g.win if g else None for g in kept.total.months] == [g.win if g else None for g in cold.total.months]
    assert kept.total.months[-2].win == Decimal("2500.00")  # 3,000 counted − 500 filled; the float back as it left
    today = open_lu(w, lu_table(w, number="HC-08"), DAY, maximum="2000")  # yesterday: in the next reading at once
    close(w, today, FLOAT)
    count(w, today, {"100": 10})
    fresh, _ = read()
    assert fresh.total.months[-1] is not None and fresh.total.months[-2].win == Decimal("2500.00")


def whole_csv(casino, first, last) -> str:
    """The export as it was built whole before issue 19 (every session's figures, sorted in Python): the bytes the
    streamed export must keep."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    sessions = {session.pk: session for session in TableSession.objects.filter(
        table__casino=casino, gaming_day__range=(first, last))}
    games = {game.key: game.name for game in Game.objects.filter(jurisdiction=casino.jurisdiction)}

    def amount(value):
        return "" if value is None else number_format(value, 2)

    with translation.override("fr"):
        writer.writerow([str(header) for header in selectors.CSV_HEADERS])
        for row in sorted(selectors.session_figures(casino, first, last),
                          key=lambda r: (r.gaming_day, r.pit, r.table, r.number)):
            session = sessions[row.session_id]
            writer.writerow([
                row.gaming_day.isoformat(), row.pit, row.table, games.get(row.game, row.game), row.number,
                row.bank_mode, amount(row.float_amount), amount(session.minimum), amount(session.maximum),
                str(selectors.MAXIMUM_PER.get(session.maximum_per, session.maximum_per)), session.limits_citation,
                amount(row.opening), amount(row.fills), amount(row.credits), amount(row.closing), amount(row.drop),
                amount(row.commission), amount(row.win),
                "" if row.hold is None else number_format(row.hold * 100, 2),
                " ; ".join(row.drop_counters.values()),
            ])
    return out.getvalue()


def more_sessions(w):
    """Four more sessions: HC-01 opened again once counted, and tables whose pits and numbers a language's collation
    sorts otherwise than code points do (lower case, an accent, "10" before "9"; the tests' cluster is C.UTF-8)."""
    a_day(w)
    hold_em = GamingTable.objects.get(casino=w.c, number="HC-01")
    again = open_lu(w, hold_em, DAY)
    fill(w, again, 1005, {"100": 3})
    for number, pit in (("hc-10", "a"), ("HC-9", "A"), ("HC-10", "Éole")):
        session = open_lu(w, lu_table(w, number=number, pit=pit), DAY)
        close(w, session, FLOAT)
        count(w, session, {"100": 12, "25": 3})


def test_the_csv_is_streamed_with_the_bytes_it_had_when_built_whole(w, client, monkeypatch):
    """Issue 19: the export is sent a batch of sessions at a time, in the order and with the bytes of the file it
    was when built whole, whatever the batch."""
    more_sessions(w)
    expected = whole_csv(w.c, DAY, DAY)
    assert len(expected.splitlines()) == 1 + 6
    client.force_login(w.manager_c)
    url = reverse("tables-csv", kwargs={"casino": w.c.code})
    for batch in (selectors.CSV_BATCH, 4, 2, 1):
        monkeypatch.setattr(selectors, "CSV_BATCH", batch)
        response = client.get(url, {"jour": DAY.isoformat()})
        assert response.streaming is True and response["Content-Type"].startswith("text/csv")
        assert f'filename="tables-casino-c-{DAY.isoformat()}.csv"' in response["Content-Disposition"]
        assert streamed(response) == expected, batch
    month = client.get(url, {"mois": DAY.strftime("%Y-%m")})
    assert streamed(month) == whole_csv(w.c, selectors.month_start(DAY), selectors.month_end(DAY))
    quiet = DAY - datetime.timedelta(days=400)
    alone = streamed(client.get(url, {"jour": quiet.isoformat()}))
    assert alone == whole_csv(w.c, quiet, quiet) and len(alone.splitlines()) == 1  # the header alone


def test_the_csv_costs_the_same_queries_whatever_the_number_of_sessions(w):
    """The games, the sessions (read in batches from one cursor) and each batch's slips: three queries for a
    batch of sessions, however many rows."""
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            "".join(selectors.sessions_csv(w.c, DAY, DAY))
        return len(captured)

    a_day(w)
    few = queries()
    for index in range(6):
        session = open_lu(w, lu_table(w, number=f"XT-{index}", pit="X"), DAY)
        close(w, session, FLOAT)
    assert TableSession.objects.filter(table__casino=w.c, gaming_day=DAY).count() == 2 + 6
    assert few == queries() == 3
