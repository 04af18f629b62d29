"""Pai Gow at the table (QC RJC art. 111, 116): the commission of each winning bet, 5 % of the bet taken up to the
next multiple of 10, and the bank's rotation, as the rule data sets them."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compliance.errors import DomainError
from registers.models import Slip
from registers.tables.pai_gow import commission
from registers.tables.services import commission_file, session_open, table_create
from tests.tables_world import SIGNED

RATE, STEP = Decimal("0.05"), Decimal("10")


@pytest.fixture
def session(world, rules):
    table = table_create(casino=world.a, actor=world.manager_a, game="qc.pai_gow", number="PG-1", pit="Pai Gow")
    opened = session_open(table=table, actor=world.manager_a, gaming_day=world.a.today(), minimum="10",
                          maximum="500", denominations={"100": 20}, signatures=SIGNED)
    opened.w = world
    return opened


@pytest.mark.parametrize(("bet", "expected"), [("10", "0.50"), ("25", "1.50"), ("30", "1.50"), ("31", "2.00"),
                                               ("5", "0.50"), ("100", "5.00"), ("101.50", "5.50")])
def test_qc_rjc_art_111_the_commission_is_5_per_cent_of_the_next_multiple_of_10(bet, expected):
    assert commission(Decimal(bet), RATE, STEP) == Decimal(expected)


@given(st.decimals(min_value=Decimal("0.01"), max_value=Decimal("100000"), places=2))
@settings(max_examples=300)
def test_qc_rjc_art_111_the_commission_never_falls_below_5_per_cent_nor_exceeds_it_by_a_step(bet):
    paid = commission(bet, RATE, STEP)
    assert bet * RATE <= paid < (bet + STEP) * RATE
    assert (paid / RATE) % STEP == 0  # computed on a multiple of 10


def rounds(*banks, winners=None):
    return [{"banque": bank, "joueurs": ["1", "2", "3"], "gagnantes": winners or {}} for bank in banks]


def test_qc_rjc_art_111_the_declared_commissions_are_checked_against_the_winning_bets(session):
    w = session.w
    declared = [{"banque": "croupier", "joueurs": ["1", "2"], "gagnantes": {"1": "25.00", "2": "40.00"}}]
    with pytest.raises(DomainError) as refused:
        commission_file(session=session, actor=w.accountant_a, rounds=declared, amount="3.25", signatures=SIGNED)
    assert refused.value.field == "amount" and "3,50\u00a0$" in str(refused.value.message)  # as people write it
    slip = commission_file(session=session, actor=w.accountant_a, rounds=declared, amount="3.50", signatures=SIGNED)
    assert slip.details["mains"][0]["gagnantes"]["1"] == {"mise": "25.00", "commission": "1.50"}
    assert slip.details["commission_citation"] == "QC RJC art. 111"


@pytest.mark.parametrize(("banks", "message"), [
    (("1",), "le croupier est la Banque pour le premier jeu"),
    (("croupier", "2", "2"), "deux mains consécutives"),
    (("croupier", "7"), "n'a pas participé au dernier jeu"),
])
def test_qc_rjc_art_116_the_bank_rotates_as_the_rule_says(session, banks, message):
    before = Slip.objects.count()
    with pytest.raises(DomainError) as refused:
        commission_file(session=session, actor=session.w.accountant_a, rounds=rounds(*banks), amount="0.00",
                        signatures=SIGNED)
    assert refused.value.field == "rounds" and message in str(refused.value.message)
    assert "QC RJC art. 116" in str(refused.value.message) and Slip.objects.count() == before


def test_qc_rjc_art_116_a_player_banks_after_playing_the_dealers_game_and_not_twice_in_a_row(session):
    slip = commission_file(session=session, actor=session.w.accountant_a, amount="0.00", signatures=SIGNED,
                           rounds=rounds("croupier", "2", "croupier", "3", "croupier", "2"))
    assert [r["banque"] for r in slip.details["mains"]] == ["croupier", "2", "croupier", "3", "croupier", "2"]
