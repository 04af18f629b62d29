"""The playing-card stock read from its running balance (registers/decks/balance.py): a filing, the page and an
opening read the balance the last filing saved and the entries after it, in a bounded number of queries whatever the
register's length, and find the same stock as the whole register replayed (LU RGD 1979 art. 6 al. 1, projet: « Les
jeux de cartes utilisés pour les jeux de cercle et les jeux de contrepartie sont groupés en sixains »)."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from registers.chain.services import pending_countersign
from registers.decks import balance
from registers.decks.controls import Stock
from registers.decks.selectors import apply, register_of, stock_of
from registers.decks.services import deck_destroy, deck_issue, deck_receive, deck_return
from registers.models import DeckBalance, Entry
from tests.conftest import lu_today, make_user
from tests.tables_world import lu_table

TODAY = lu_today()


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    lu_table(world, "UT-01", "lu.uth")
    deck_receive(casino=world.c, actor=world.accountant_c, gaming_day=TODAY, supplier="Cartamundi",
                 description="52 cartes", colour="rouge", packs=10, per_pack=6,
                 seals=[f"S-{k}" for k in range(10)], plain_back=True)
    return world


def replayed(casino) -> Stock:
    """The whole register replayed, as the audit does."""
    stock = Stock()
    for entry in Entry.objects.filter(register=register_of(casino)).order_by("seq"):
        apply(stock, entry.kind, json.loads(entry.payload), entry.gaming_day, entry.pk, entry.seq,
              entry.refers_to_id)
    return stock


def moves(w, count: int) -> None:
    lot = next(iter(stock_of(w.c).lots))
    for _ in range(count):
        given = deck_issue(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, lot=lot, decks=1, family="tables",
                           table="UT-01", new=True, counted=True, sealed=True, perfect=True)
        deck_return(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, issue=given.seq, decks=1, perfect=False,
                    reason="Coin corné")


def queries(call) -> int:
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured)


def test_the_stock_is_read_in_three_queries_whatever_the_register_s_length(w):
    """After 3 movements or after 25, the stock at the head is the same three queries (the register, its balance,
    the entries after it), and a filing as many as before: the register is never replayed whole."""
    moves(w, 3)
    short, filing_short = queries(lambda: stock_of(w.c)), queries(lambda: moves(w, 1))
    moves(w, 20)
    assert queries(lambda: stock_of(w.c)) == short == 3
    assert queries(lambda: moves(w, 1)) == filing_short
    assert balance.dumped(stock_of(w.c)) == balance.dumped(replayed(w.c))
    (lot,) = stock_of(w.c).lots.values()
    assert (lot.new, lot.retired) == (60 - 25, 25)


def test_an_entry_written_past_the_services_is_read_after_the_balance(w):
    """A destruction entered at its countersignature (the chain's service, not the stock's): the balance stays at
    the filing before it, and the stock reads the entry after it; the next filing moves the balance past both."""
    moves(w, 2)
    lot = next(iter(stock_of(w.c).lots))
    pending = deck_destroy(casino=w.c, actor=w.accountant_c, gaming_day=TODAY, lot=lot, decks=2, how="Cisaillage")
    entry = pending_countersign(pending=pending, countersigner=w.manager_c)
    kept = DeckBalance.objects.get(register=register_of(w.c))
    assert kept.seq == entry.seq - 1
    (found,) = stock_of(w.c).lots.values()
    assert (found.retired, found.destroyed) == (0, 2)
    moves(w, 1)
    kept.refresh_from_db()
    assert kept.seq == Entry.objects.filter(register=kept.register).count()
    assert balance.dumped(stock_of(w.c)) == balance.dumped(replayed(w.c))
