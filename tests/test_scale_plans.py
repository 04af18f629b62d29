"""Issue 19: the five heaviest pages read the registers' entries, the cards' movements and the poker deals through
indexes. On a generated month the planner would scan such small tables anyway; with sequential scans priced out
(enable_seqscan off), a scan that still shows is one no index can serve."""

import datetime
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from compliance.models import Casino, User
from registers.models import Card, PokerHand

pytestmark = pytest.mark.django_db(transaction=True)
BIG = ("registers_entry", "registers_cardmovement", "registers_pokerhand")
SCAN = re.compile(r"Seq Scan on (registers_entry|registers_cardmovement|registers_pokerhand\w*)")


def _heaviest(casino: Casino) -> list[tuple[str, str]]:
    day = (casino.today() - datetime.timedelta(days=2)).isoformat()
    card = Card.objects.filter(casino=casino, kind="nominative").order_by("id").first()
    hand = PokerHand.objects.filter(casino=casino, gaming_day=day).order_by("number").first()
    return [
        ("the cards' register", reverse("registers-register", kwargs={"casino": casino.code, "kind": "cartes"})),
        ("a card and its history", reverse("cards-card", kwargs={"number": card.number})),
        ("the cash desk's day", reverse("cards-caisse-day", kwargs={"day": day})),
        ("the poker room's deals", reverse("poker-hands", kwargs={"casino": casino.code, "day": day})),
        ("a poker deal", reverse("poker-hand", kwargs={"casino": casino.code, "day": day, "number": hand.number})),
    ]


def test_the_five_heaviest_pages_read_entries_movements_and_deals_through_indexes(rules, client):
    call_command("scale_generate", "--days", "10", "--density", "0.01", stdout=StringIO(), stderr=StringIO())
    casino = Casino.objects.get(code="echelle-1")
    client.force_login(User.objects.get(username="echelle-1.direction"))
    scanned, explained = [], []
    for name, url in _heaviest(casino):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, name
        reading = [q["sql"] for q in queries if any(table in q["sql"] for table in BIG)]
        assert reading, f"{name}: no query of the entries, movements or deals"
        with connection.cursor() as cursor:
            cursor.execute("SET enable_seqscan = off")
            for sql in reading:
                cursor.execute(f"EXPLAIN {sql}")
                plan = "\n".join(row[0] for row in cursor.fetchall())
                scanned += [(name, sql[:160], found) for found in SCAN.findall(plan)]
                explained += [name for table in BIG if re.search(rf"Index[^\n]* on {table}", plan)]
            cursor.execute("RESET enable_seqscan")
    assert scanned == []
    assert set(explained) == {name for name, _url in _heaviest(casino)}  # each page reads them by an index
