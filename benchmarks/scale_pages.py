"""The product's pages as each persona opens them on a generated casino (benchmarks/scale.py): every list, every
register, a card, a client, a day of the cash desk, the pit, a table's session, the poker room's day, its deals and
one deal, the reconciliations, the reports, the approvals, the tournaments and the casino; and, once the casino
archived a year, the cards' register of that year."""

import datetime

from django.urls import reverse

from compliance.models import Casino
from registers.chain.kept import archived_years
from registers.models import Card, Client, PokerHand, Register, TableSession


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
        ("reconciliations", reverse("reconciliation-list")),
        ("reports", reverse("reports-list")),
        ("approvals", reverse("approvals-list")),
        ("tournaments", reverse("tournaments-list")),
        ("jobs", reverse("job-list")),
        ("deadlines", reverse("deadlines")),
        ("notifications", reverse("notifications")),
    ]
    for year in archived_years(casino)[:1]:  # the newest archived year, read back (registers/chain/kept.py)
        archive = reverse("registers-archive", kwargs={"casino": code, "kind": "cartes", "year": year})
        pages += [("register cartes, an archived year", archive),
                  ("register cartes, an archived year's older page", f"{archive}?avant=100000")]
    if username.endswith("ministere"):  # the regulator reads; the cash desk and card issue are the casino's
        pages = [(name, url) for name, url in pages if not name.startswith(("cash desk", "clients", "client"))]
    return pages
