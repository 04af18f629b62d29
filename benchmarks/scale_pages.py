"""The product's pages as each persona opens them on a generated casino (benchmarks/scale.py): every list, every
register, a card, a client, a day of the cash desk, the pit, a table's session, the poker room's day, its deals and
one deal, the reconciliations, the reports, the approvals, the tournaments and the casino; the header's search for an
entry n° (in every register, and in the archived years), a card and a client; and, once the casino archived a year,
the cards' register of that year and one of its entries.

Measured by benchmarks/scale.py (./scripts/bench scale), and on their own by ./scripts/bench scale_pages: a casino
generated from the last days of last year (archived) to yesterday, at the scale run's density (VIGIE_BENCH_SMOKE=1:
a hundredth), then each page as each persona opens it, its p95 and its number of queries."""

import datetime
import os
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
django.setup()

from django.db import connection, reset_queries  # noqa: E402
from django.test import Client as TestClient  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402
from django_otp import DEVICE_ID_SESSION_KEY  # noqa: E402
from django_otp.plugins.otp_totp.models import TOTPDevice  # noqa: E402

from benchmarks import banner, figures_written, sized  # noqa: E402
from benchmarks.scale_casino import DENSITY, RESULTS, archive, say, settle  # noqa: E402
from compliance.models import Casino, User  # noqa: E402
from compliance.second_factor.selectors import authenticator  # noqa: E402
from compliance.second_factor.services import new_key  # noqa: E402
from registers.chain.kept import archived_years, year_entries  # noqa: E402
from registers.models import Card, Client, PokerHand, Register, TableSession  # noqa: E402

REPEAT = sized(20, 1)  # requests of each page, for its p95


def urls_for(casino: Casino, username: str) -> list[tuple[str, str]]:
    code = casino.code
    day = casino.today() - datetime.timedelta(days=2)
    card = Card.objects.filter(casino=casino, kind="nominative").order_by("id").first()
    client = Client.objects.filter(casino=casino).order_by("id").first()
    session = TableSession.objects.filter(table__casino=casino, gaming_day=day).order_by("id").first()
    hand = PokerHand.objects.filter(casino=casino, gaming_day=day).order_by("number").values_list("number",
                                                                                               flat=True).first()
    pages = [
        ("dashboard", reverse("dashboard")),
        ("casinos", reverse("casino-list")),
        ("casino", reverse("casino-detail", kwargs={"code": code})),
        ("registers", reverse("registers-list")),
        *[(f"register {kind}", reverse("registers-register", kwargs={"casino": code, "kind": kind}))
          for kind in Register.objects.filter(casino=casino).values_list("kind", flat=True).order_by("kind")],
        ("register cartes, an older page", reverse("registers-register", kwargs={"casino": code, "kind": "cartes"})
         + "?avant=1000000"),
        ("cards", reverse("cards-home")),
        ("card", reverse("cards-card", kwargs={"number": card.number})),
        ("clients", reverse("cards-clients")),
        ("client", reverse("cards-client", kwargs={"pk": client.pk})),
        ("cash desk", reverse("cards-caisse")),
        ("cash desk's day", reverse("cards-caisse-day", kwargs={"day": day.isoformat()})),
        ("tables", reverse("tables-home")),
        ("pit", reverse("tables-pit", kwargs={"casino": code})),
        ("table's session", reverse("tables-session", kwargs={"casino": code, "pk": session.pk})),
        ("tables' trends", reverse("tables-trends", kwargs={"casino": code})),
        ("poker room's day", reverse("poker-day", kwargs={"casino": code}) + f"?jour={day.isoformat()}"),
        ("poker deals", reverse("poker-hands", kwargs={"casino": code, "day": day.isoformat()})),
        ("poker deal", reverse("poker-hand", kwargs={"casino": code, "day": day.isoformat(), "number": hand})),
        # the levy book (registers/prelevements): the month of the day's revenue, levies and transfers
        ("levy book", reverse("levies", kwargs={"casino": code}) + f"?mois={day:%Y-%m}"),
        # the direction's register (registers/direction): its committee, the week's log, play and designations
        ("direction", reverse("direction", kwargs={"casino": code}) + f"?jour={day.isoformat()}"),
        ("reconciliations", reverse("reconciliation-list")),
        ("reports", reverse("reports-list")),
        ("approvals", reverse("approvals-list")),
        ("tournaments", reverse("tournaments-list")),
        ("jobs", reverse("job-list")),
        ("deadlines", reverse("deadlines")),
        ("notifications", reverse("notifications")),
        # the header's search (compliance/search.py): every searcher, the hits listed rather than the one opened
        ("search, an entry n°", reverse("search") + "?" + urlencode({"q": "n° 7", "tout": "1"})),
        ("search, a card", reverse("search") + "?" + urlencode({"q": card.number, "tout": "1"})),
        ("search, a client", reverse("search") + "?" + urlencode({"q": client.last_name, "tout": "1"})),
    ]
    for year in archived_years(casino)[:1]:  # the newest archived year, read back (registers/chain/kept.py)
        archive = reverse("registers-archive", kwargs={"casino": code, "kind": "cartes", "year": year})
        first = year_entries(Register.objects.get(casino=casino, kind="cartes"), year).order_by("seq").values_list(
            "seq", flat=True).first()
        pages += [("register cartes, an archived year", archive),
                  ("register cartes, an archived year's older page", f"{archive}?avant=100000"),
                  ("register cartes, an archived entry", reverse("registers-archive-entry", kwargs={
                      "casino": code, "kind": "cartes", "year": year, "seq": first})),
                  ("search, an archived entry n°", reverse("search") + "?" + urlencode({"q": first, "tout": "1"}))]
    if username.endswith("ministere"):  # the regulator reads; the cash desk and card issue are the casino's
        pages = [(name, url) for name, url in pages if not name.startswith(("cash desk", "clients", "client"))]
    return pages


def signed_in(username: str) -> TestClient:
    """A client signed in with both factors, as the person who typed their code (the benchmark plays their phone:
    an authenticator enrolled for them if they have none)."""
    user = User.objects.get(username=username)
    client = TestClient(HTTP_HOST="127.0.0.1")
    client.force_login(user)
    device = authenticator(user) or TOTPDevice.objects.create(user=user, name="benchmark", key=new_key(),
                                                               confirmed=True)
    session = client.session
    session[DEVICE_ID_SESSION_KEY] = device.persistent_id
    session.save()
    return client


def pages(casino: Casino) -> list[tuple[str, str, float, int]]:
    """Each page as each persona opens it: its p95 over REPEAT requests and its number of queries."""
    measured = []
    for username in (f"{casino.code}.direction", f"{casino.code}.caisse", "echelle.ministere"):
        client = signed_in(username)
        for name, url in urls_for(casino, username):
            times = []
            with CaptureQueriesContext(connection) as queries:
                answer = client.get(url)
            assert answer.status_code == 200, (username, url, answer.status_code)
            count = len(queries)
            for _ in range(REPEAT):
                started = time.perf_counter()
                client.get(url)
                times.append(time.perf_counter() - started)
            reset_queries()
            p95 = statistics.quantiles(times, n=20)[-1] * 1000 if len(times) > 1 else times[0] * 1000
            measured.append((username, name, p95, count))
            say(f"{username.split('.')[-1]}: {name} p95 (ms) / queries", f"{p95:.0f} / {count}",
                "target ≤ 300 ms" if p95 <= 300 else "ABOVE 300 ms")
    return measured


def main() -> None:
    """A casino from the last days of last year to yesterday, last year archived, then its pages measured."""
    from registers.scale.services import scale_generate

    banner()
    today = datetime.datetime.now(ZoneInfo("Europe/Luxembourg")).date()  # the generated casino's, a Luxembourg one
    days = sized(365, (today - datetime.date(today.year - 1, 12, 29)).days)
    if not Casino.objects.filter(code="echelle-1").exists():
        scale_generate(casinos=1, days=days, density=DENSITY, progress=lambda line: None)
    casino = Casino.objects.get(code="echelle-1")
    settle()
    archive(casino)
    measured = pages(casino)
    searched = [count for _user, name, _p95, count in measured if name.startswith("search")]
    say("search pages: the most queries of any", f"{max(searched)}")
    slow = [f"{user} {name}" for user, name, p95, _ in measured if p95 > 300]
    say("pages above 300 ms at p95", f"{len(slow)} of {len(measured)}")
    figures_written("scale_pages", RESULTS)


if __name__ == "__main__":
    main()
