"""Issue 36, item 7: the header's one search box finds a register entry by its n° in the years a casino archived too
(`registers_archive`: the year's entries detached to « registers_entry_archive_c<casino>_<year> »), within what the
person may see; the hit opens the archived entry's own page, read-only. The demo's Casino du Vieux-Pont archived last
year (registers/demo.py)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from compliance.models import Casino
from registers.chain.kept import archived_years, year_ids
from registers.models import Entry, KeptEntry, Register
from tests.test_filters_search import SEARCH_QUERIES, _as, _hits

pytestmark = pytest.mark.django_db


@pytest.fixture
def archived(demo, rules) -> tuple[Casino, int, KeptEntry]:
    casino = Casino.objects.get(code="vieux-pont")
    (year,) = archived_years(casino)
    register = Register.objects.get(casino=casino, kind="cartes")
    first, end = year_ids(casino.pk, year)
    kept = KeptEntry.objects.filter(register=register, id__gte=first, id__lt=end).order_by("seq")[11]
    assert not Entry.objects.filter(pk=kept.pk).exists()  # it left the live table with its year
    return casino, year, kept


def _url(casino: Casino, year: int, entry: KeptEntry) -> str:
    return reverse("registers-archive-entry", kwargs={"casino": casino.code, "kind": "cartes", "year": year,
                                                      "seq": entry.seq})


def test_an_archived_years_entry_is_found_by_its_number_and_opens_its_page(archived):
    casino, year, entry = archived
    url = _url(casino, year, entry)
    for username in ("vieux-pont.direction", "lu.ministere"):  # its casino's staff, its regulator
        client = _as(username)
        found = {(kind, link) for kind, link, _label in _hits(client, f"n° {entry.seq}")}
        assert ("Écriture archivée", url) in found, (username, found)
        page = client.get(url)
        html = page.content.decode()
        assert page.status_code == 200 and entry.hash in html and 'data-testid="archived-notice"' in html
        assert f"Écriture n° {entry.seq}" in html and 'name="action"' not in html  # read, never written
    year_page = _as("vieux-pont.direction").get(reverse("registers-archive", kwargs={
        "casino": casino.code, "kind": "cartes", "year": year}), {"avant": entry.seq + 1}).content.decode()
    assert f'href="{url}"' in year_page  # the year's list leads to each entry's page too


def test_another_casinos_people_find_nothing_archived_and_cannot_open_it(archived):
    casino, year, entry = archived
    url = _url(casino, year, entry)
    for username in ("lu.direction", "qc.regie"):
        client = _as(username)
        assert not any("/archives/" in link for _kind, link, _label in _hits(client, str(entry.seq))), username
        assert client.get(url).status_code == 404
    staff = _as("vieux-pont.direction")
    assert staff.get(_url(casino, year + 1, entry)).status_code == 404  # a year not archived
    missing = reverse("registers-archive-entry", kwargs={"casino": casino.code, "kind": "cartes", "year": year,
                                                         "seq": 10 ** 9})
    assert staff.get(missing).status_code == 404


def test_the_archived_search_keeps_its_queries_bounded(archived):
    client = _as("lu.ministere")
    counts = {}
    for text in ("1", "7", "12", "Weber"):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("search"), {"q": text, "tout": "1"}).status_code == 200
        counts[text] = len(queries)
    assert max(counts.values()) <= SEARCH_QUERIES, counts
