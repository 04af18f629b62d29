"""Issue 19: every page of the product, as each persona opens it, costs a number of queries named here, and the same
on a casino with four times the days (benchmarks/scale_pages.py lists the pages; ./scripts/bench scale times them
on a casino-year)."""

import datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from benchmarks.scale_pages import urls_for
from compliance.models import Casino, User

pytestmark = pytest.mark.django_db(transaction=True)

# at most; a page shows a form or a note more for some cards (a balance to pay out), never a query per row. Issue 35
# added a few, the same at any size: the cagnotte's page shows the poker house rules' versions and the bad beat's
# state, the jackpots' the receipt's article by jurisdiction, a deal its session's rules (least raise, remainder)
# Issue 36's deadlines and notifications pages: what waits for the person, each citation read once (the bell on
# every page costs no query of its own: its read mark is on the user's row)
PAGE_QUERIES = {
    "direction": {
        "dashboard": 6, "casinos": 6, "casino": 8, "registers": 12, "register appareils": 18,
        "register avances": 9, "register cagnotte": 22,
        "register carnets_speciaux": 9, "register cartes": 9, "register cartes, an older page": 9,
        "register jackpots": 23, "register orphelins": 14, "cards": 12,
        "card": 18, "clients": 8, "client": 13, "cash desk": 20, "cash desk's day": 20, "tables": 17, "pit": 17,
        "table's session": 12, "tables' trends": 9, "poker room's day": 15, "poker deals": 10, "poker deal": 13,
        "reconciliations": 7, "reports": 8, "approvals": 7, "tournaments": 7, "jobs": 6,
        "deadlines": 13, "notifications": 12,
    },
    "caisse": {
        "dashboard": 5, "casinos": 5, "casino": 7, "registers": 11, "register appareils": 17,
        "register avances": 8, "register cagnotte": 21,
        "register carnets_speciaux": 8, "register cartes": 8, "register cartes, an older page": 8,
        "register jackpots": 22, "register orphelins": 13, "cards": 11,
        "card": 17, "clients": 7, "client": 12, "cash desk": 19, "cash desk's day": 19, "tables": 15, "pit": 15,
        "table's session": 11, "tables' trends": 8, "poker room's day": 14, "poker deals": 9, "poker deal": 12,
        "reconciliations": 6, "reports": 7, "approvals": 5, "tournaments": 5, "jobs": 5,
        "deadlines": 19, "notifications": 13,
    },
    "ministere": {
        "dashboard": 6, "casinos": 5, "casino": 7, "registers": 13, "register appareils": 12,
        "register avances": 8, "register cagnotte": 17,
        "register carnets_speciaux": 8, "register cartes": 8, "register cartes, an older page": 8,
        "register jackpots": 14, "register orphelins": 13, "cards": 14,
        "card": 14, "tables": 5, "pit": 12, "table's session": 11, "tables' trends": 8, "poker room's day": 13,
        "poker deals": 9, "poker deal": 12, "reconciliations": 6, "reports": 7, "approvals": 6, "tournaments": 5,
        "jobs": 5, "deadlines": 9, "notifications": 8,
    },
}


def _counts(casino: Casino, username: str) -> dict[str, int]:
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(User.objects.get(username=username))
    counts = {}
    for name, url in urls_for(casino, username):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, (username, name)
        counts[name] = len(queries)
    return counts


def test_each_pages_queries_are_named_and_do_not_grow_with_the_data(rules):
    until = datetime.date.today() - datetime.timedelta(days=1)
    for first, days in ((1, "2"), (2, "8")):
        call_command("scale_generate", "--days", days, "--density", "0.01", "--first", str(first), "--until",
                     until.isoformat(), stdout=StringIO(), stderr=StringIO())
    small, large = Casino.objects.get(code="echelle-1"), Casino.objects.get(code="echelle-2")
    over = {}
    for persona in ("direction", "caisse", "ministere"):
        seen = [_counts(casino, f"{casino.code}.{persona}" if persona != "ministere" else "echelle.ministere")
                for casino in (small, large)]
        assert seen[0].keys() == seen[1].keys() == PAGE_QUERIES[persona].keys(), persona
        over |= {(persona, page): (seen[0][page], seen[1][page], most) for page, most in PAGE_QUERIES[persona].items()
                 if max(seen[0][page], seen[1][page]) > most}
    assert over == {}, over  # every persona's pages at once
