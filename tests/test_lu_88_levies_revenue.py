"""The gross gaming revenue the levy book levies (LU RGD 1979 art. 88, the draft's wording: « les fonds doivent
toujours être mis en réserve pour être payés exactement au receveur des Contributions »), each family's part right:

- the slot machines: the bets less the wins on the electronic gaming cards, the part of a win past the card's cap paid
  by hand included — art. 3-4 7) (draft): « L'article 18-10 ne s'applique pas si les gains y visés ont été
  comptabilisés sur une carte de jeu électronique et ceci dans les limites maximales visées aux points 6) et 7) de
  l'article 3-1 », so what passes them is paid as art. 18-10 says — deducted on the day of the win and once, however
  it is paid later;
- the tables: the win of each session closed and counted, plus the Pai Gow commissions the house took on the winning
  bets (QC RJC art. 111: « une commission de 5 % est payable à la Société »), declared apart from the drop."""

import datetime
from decimal import Decimal

import pytest

from registers.cards import revenue as cards_revenue
from registers.tables import revenue as tables_revenue
from registers.tables.selectors import SessionFigures
from tests.test_card_excess import YESTERDAY, _excess, _pay

D = Decimal


@pytest.mark.django_db
def test_lu_3_4_the_part_of_a_win_past_the_cap_paid_by_hand_is_deducted_from_the_machines_revenue_once(world, rules):
    # a card loaded to 100,00 under its cap wins 500,00: 100,00 credited, 400,00 paid by hand — the machine won 500,00
    _manager, excess = _excess(world)
    assert cards_revenue.day_revenue(world.c, YESTERDAY, YESTERDAY) == {YESTERDAY: {"machines": D("-500.00")}}
    _pay(world, excess)  # its payment by hand in the jackpots register is the same win, not another one
    assert cards_revenue.day_revenue(world.c, YESTERDAY, YESTERDAY) == {YESTERDAY: {"machines": D("-500.00")}}
    assert cards_revenue.day_revenue(world.c, YESTERDAY - datetime.timedelta(days=1),
                                     YESTERDAY - datetime.timedelta(days=1)) == {}


def _session(day, number, *, drop, commission, closing="1000"):
    return SessionFigures(number, "PG-01", "P", "jeu.pai_gow", day, number, "avance", D("1000"), D("1000"),
                          None if closing is None else D(closing), D("200"), D("50"), None if drop is None else D(drop),
                          D(commission))


def test_qc_111_the_tables_revenue_counts_the_pai_gow_commissions(monkeypatch):
    day = datetime.date(2026, 10, 5)
    rows = [_session(day, 1, drop="900", commission="4.00"),  # win 900 − 200 + 50 = 750, plus 4,00 of commissions
            _session(day, 2, drop="100", commission="0.00", closing="1100"),  # win 100 − 200 + 50 + 100 = 50
            _session(day, 3, drop=None, commission="6.00")]  # not counted yet: no win, levied once it is
    monkeypatch.setattr(tables_revenue, "session_figures", lambda casino, first, last: rows)
    assert tables_revenue.day_revenue(None, day, day) == {day: {"tables": D("804.00")}}
