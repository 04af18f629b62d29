"""A register's page at any size (issue 19): its entries a hundred at a time, newest first, by a keyset on (register,
n°) rather than an offset, and the page's query count the same whatever the register holds."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from compliance.paging import cursor
from registers.chain.selectors import ENTRIES_PER_PAGE, entries_labelled
from registers.chain.services import entry_append, register_for
from registers.kinds import RegisterKind
from tests.conftest import make_user
from tests.test_registers import _filled

# the session, the user, the regulator's jurisdiction, the register with its casino, a page of entries, the queue of
# filings to countersign, the casino's archived years (the catalog); the menu's counts of what waits behind each of its
# items (issue 36: 3 for a regulator, tests/test_scale_queries.py), the same at any size
PAGE_QUERIES = 11


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def test_the_entries_come_a_hundred_at_a_time_newest_first_and_the_cursor_walks_to_the_first(lu):
    register = _filled(lu, 250)
    first = entries_labelled(register)
    assert [e.seq for e in first.entries][:2] == [250, 249] and len(first.entries) == ENTRIES_PER_PAGE
    assert first.older == 151 and first.before is None
    second = entries_labelled(register, first.older)
    assert second.entries[0].seq == 150 and second.older == 51
    last = entries_labelled(register, second.older)
    assert [e.seq for e in last.entries][-1] == 1 and len(last.entries) == 50 and last.older is None
    assert cursor("151") == 151 and cursor("0") is None and cursor("-3") is None and cursor("abc") is None


def _tournament_register(world, count, register=None):
    """Entries in the casino's tournament register, whose page is the shared register page."""
    register = register or register_for(casino=world.c, kind=RegisterKind.TOURNOIS)
    for index in range(count):
        entry_append(register=register, kind="test", gaming_day=world.c.today(), actor=world.accountant_c,
                     countersigner=world.manager_c, payload={"i": index})
    return register


def test_the_register_page_runs_the_same_queries_at_any_size_and_links_the_older_entries(lu, client):
    client.force_login(lu.regulator_lu)
    url = "/registres/casino-c/tournois/"
    register = _tournament_register(lu, 30)
    with CaptureQueriesContext(connection) as small:
        assert client.get(url).status_code == 200
    _tournament_register(lu, 250, register)
    with CaptureQueriesContext(connection) as large:
        page = client.get(url).content.decode()
    assert len(small) == len(large) == PAGE_QUERIES, [q["sql"][:80] for q in large.captured_queries]
    assert 'href="?avant=181"' in page and ">280<" in page and ">180<" not in page
    older = client.get(url + "?avant=181").content.decode()
    assert ">180<" in older and ">81<" in older and 'href="?avant=81"' in older
