"""A Québec table session's limits per betting spot and side bet and the options its table offers, named after the
articles they apply:

- QC RJC art. 67.74: « Cette mise doit respecter les limites indiquées à cette fin à la table de jeu » (the « Paire
  d'as ou plus » bet), and art. 67.87 the same of the « Paire de dames ou plus »;
- art. 9: « Les mises minimales et maximales permises […] à chaque table de jeu de cartes doivent y être indiquées et
  respectées »;
- art. 18.1, 21.1, 21.2, 26, 26.1, 26.4, 67.9, 72.1: « À la condition que la table l'indique » — what each table
  offers, recorded per session; art. 21.1: « La mise supplémentaire ne peut être pour un montant supérieur à celle de
  sa mise initiale »; art. 21.2: « La mise progressive doit être de 1,00 $ »; art. 26.4: « Le nombre minimum de mises
  requises, 2 ou 3, doit être indiqué à la table »."""

import datetime
import json

import pytest

from compliance.errors import DomainError
from registers.management.audit import audit
from registers.models import Entry, TableSession
from registers.tables.services import limits_change, session_open
from tests.conftest import lu_today
from tests.tables_world import SIGNED, qc_table

pytestmark = pytest.mark.django_db
DAY = lu_today() - datetime.timedelta(days=1)
OPENING = {"100": 10, "25": 40}


@pytest.fixture
def w(world, rules):
    return world


def _open(w, table, minimum="10", maximum="500", **limits):
    return session_open(table=table, actor=w.manager_a, gaming_day=DAY, minimum=minimum, maximum=maximum,
                        denominations=OPENING, signatures=SIGNED, **limits)


def _refused(call, field, *words):
    before = (Entry.objects.count(), TableSession.objects.count())
    with pytest.raises(DomainError) as error:
        call()
    assert error.value.field == field, error.value.message
    for word in words:
        assert word in str(error.value.message), error.value.message
    assert (Entry.objects.count(), TableSession.objects.count()) == before


def _audit(w) -> list[str]:
    return [f"{finding.register}#{finding.seq} {problem.fr}" for result in audit(casino_code=w.a.code)
            for finding in result.invalid for problem in finding.problems]


def test_qc_rjc_art_67_74_the_pair_of_aces_bet_holds_the_limits_shown_for_it_at_the_table(w):
    table = qc_table(w, number="QC-01", game="qc.quatre_cartes", pit="Poker")
    _refused(lambda: _open(w, table, spots={"paire_as": {"minimum": "25", "maximum": "5"}}), "spots",
             "Paire d'as", "inférieur au minimum", "art. 67.74")
    session = _open(w, table, spots={"paire_as": {"minimum": "5", "maximum": "100"}})
    payload = json.loads(session.entry.payload)
    assert payload["mises"] == {"paire_as": {"minimum": "5.00", "maximum": "100.00"}}
    assert payload["mises_citations"]["paire_as"] == "QC RJC art. 67.74 (projet)"
    assert "arretes" not in payload  # the Québec texts leave nothing to an arrêté
    assert _audit(w) == []


def test_qc_rjc_art_67_87_the_pair_of_queens_bet_at_the_fou_du_poker(w):
    table = qc_table(w, number="FO-01", game="qc.fou", pit="Poker")
    session = _open(w, table, spots={"paire_dames": {"minimum": "5", "maximum": "50"}})
    assert json.loads(session.entry.payload)["mises_citations"]["paire_dames"] == "QC RJC art. 67.87 (projet)"


def test_qc_rjc_art_21_1_and_21_2_the_side_bets_exist_only_where_the_table_offers_them(w):
    table = qc_table(w)
    douze_seize = {"douze_seize": {"minimum": "5", "maximum": "500"}}
    _refused(lambda: _open(w, table, spots=douze_seize), "spots", "la table ne l'offre pas", "art. 21.1")
    _refused(lambda: _open(w, table, spots={"douze_seize": {"minimum": "5", "maximum": "501"}},
                           options={"douze_seize": True}), "spots", "1 fois", "art. 21.1")
    _refused(lambda: _open(w, table, spots={"progressive": {"minimum": "1", "maximum": "5"}},
                           options={"progressive": True}), "spots", "1,00", "art. 21.2")
    _refused(lambda: _open(w, table, options={"assurance": True}), "options", "assurance")
    offered = {"bonus": True, "douze_seize": True, "progressive": True, "deuxieme_carte": True, "partages": True}
    session = _open(w, table, options=offered, spots={**douze_seize,
                                                      "progressive": {"minimum": "1", "maximum": "1"}})
    assert session.options == offered
    payload = json.loads(session.entry.payload)
    assert payload["options"] == offered and payload["mises"]["progressive"] == {"minimum": "1.00", "maximum": "1.00"}
    assert _audit(w) == []


def test_qc_rjc_art_26_4_the_least_number_of_bets_is_two_or_three(w):
    table = qc_table(w, number="MA-01", game="qc.blackjack_multi_action", pit="Blackjack")
    _refused(lambda: _open(w, table, options={"mises_minimum": 4}), "options", "entre 2 et 3", "art. 26.4")
    assert _open(w, table, options={"mises_minimum": 3}).options == {"mises_minimum": 3}


def test_qc_rjc_art_72_1_the_roulette_offers_the_double_and_the_triple_bets(w):
    table = qc_table(w, number="RO-01", game="qc.roulette", pit="Roulette")
    session = _open(w, table, minimum="5", maximum="500", options={"double": True, "triple": True})
    assert session.options == {"double": True, "triple": True}


def test_qc_rjc_art_9_a_change_of_maximum_is_indicated_at_the_table(w):
    session = _open(w, qc_table(w))
    _refused(lambda: limits_change(session=session, actor=w.manager_a, minimum="10", maximum="1000",
                                   decided_by="Chef de salle", displayed=False), "displayed", "art. 9")
    change = limits_change(session=session, actor=w.manager_a, minimum="25", maximum="1000",
                           decided_by="Chef de salle", displayed=True)
    assert change.citation == "QC RJC art. 9"
    assert _audit(w) == []
