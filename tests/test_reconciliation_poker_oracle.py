"""The poker room's reconciliation against an independent reading of the texts (issue 35, items 2 and 12): rake
errors that cancel out within a table are still found deal by deal, the cagnotte cites the article that pours the
retention into it, a pot paid otherwise than the cards cites the article that gives it to the best hand, each
jurisdiction's least raise (or none), LU art. 49-5's remainder all to the player nearest the button, an option posted
at a session opened without one."""

import datetime
import random
from dataclasses import replace

import pytest

from compliance.reconciliation.services import reconciliation_run
from games.poker import hand as deal
from games.poker.faults import overraked, underraked
from games.poker.outcome import NEAREST, ONE_EACH, RAISE_SIZE, Rules
from games.poker.replay import replay, settle
from games.poker.showdown import share
from games.poker.simulator import Table, play
from registers.poker_room import rules as room
from registers.poker_room.imports import hands_import
from tests.conftest import lu_today, make_user, yesterday_everywhere
from tests.poker_world import PLAYERS, hands, ohh_file, session

DAY = lu_today() - datetime.timedelta(days=1)


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _run(world, casino, manager, dealt, day=DAY):
    hands_import(casino=casino, actor=manager, source=ohh_file(dealt))
    return reconciliation_run(casino=casino, gaming_day=day, actor=manager)


def test_lu_49_5_every_pot_is_levied_so_rake_errors_do_not_cancel_out_within_a_table(lu):
    """« Le croupier soumet le pot à la retenue opérée au profit de l'établissement » (art. 49-1, 49-5): one deal
    raked 0,50 € over the session's rate and another 0,50 € under are two deals wrong, their gross sum 1,00 €, though
    the table's net is nil."""
    opened = session(lu.c, lu.manager_c, DAY)
    dealt = hands(opened, 60, seed=7)
    over, under = [i for i, one in enumerate(dealt) if any(len(p.wins) == 1 and p.rake >= 50 for p in one.pots)][:2]
    dealt = [overraked(one, 50) if i == over else underraked(one, 50) if i == under else one
             for i, one in enumerate(dealt)]
    reconciliation = _run(lu, lu.c, lu.manager_c, dealt)
    found = reconciliation.findings.get(kind="poker_retenue")
    assert found.amount == 1 and found.params["count"] == "2" and found.params["amount"] == "0.00"
    assert dealt[over].number in found.params["listed"] and dealt[under].number in found.params["listed"]
    assert "49-1" in found.citation and "brut 1,00" in found.message and "net 0,00" in found.message
    # the cagnotte counted: the retention « immédiatement versé dans la cagnotte encastrée dans la table de jeu »
    count = reconciliation.findings.get(kind="poker_cagnotte")
    assert "49-1" in count.citation and "97-1" not in count.citation


def test_lu_49_1_a_pot_paid_otherwise_than_the_cards_cites_the_article_giving_it_to_the_best_hand(lu):
    """« La main gagnante est la main du joueur dont la combinaison est la plus élevée. » (art. 49-1)"""
    opened = session(lu.c, lu.manager_c, DAY)
    dealt = hands(opened, 60, seed=7)
    k, pot = next((k, pot) for k, one in enumerate(dealt) for pot in one.pots
                  if pot.number == 0 and len(pot.wins) == 1 and any(a.kind == deal.SHOW for a in one.actions))
    shown = [a.player for a in dealt[k].actions if a.kind == deal.SHOW and a.player != pot.wins[0][0]]
    wrong = replace(pot, wins=((shown[0], pot.wins[0][1]),))
    dealt[k] = replace(dealt[k], pots=tuple(wrong if p.number == pot.number else p for p in dealt[k].pots))
    reconciliation = _run(lu, lu.c, lu.manager_c, dealt)
    found = reconciliation.findings.get(kind="poker_gains")
    assert "49-1" in found.citation and "(projet)" in found.citation and "Contrôle interne" not in found.citation


def _reraise(rules: Rules) -> deal.Hand:
    """Blinds 1/2 $, a raise to 6 $ and the standard no-limit re-raise to 10 $ (the last raise, 4 $, again): short of
    LU's « double de la dernière relance » (12 $)."""
    hand = deal.Hand(
        number="r-1", table="SP-1", started_at=datetime.datetime(2026, 1, 5, 20, tzinfo=datetime.UTC),
        game=deal.HOLDEM, version=deal.NO_LIMIT, currency="CAD", small_blind=100, big_blind=200, button=1,
        seats=(deal.Seat(1, "Ana", 10_000), deal.Seat(2, "Tom", 10_000), deal.Seat(3, "Eva", 10_000)),
        actions=(deal.Action("preflop", "Tom", deal.POST_SMALL_BLIND, 100),
                 deal.Action("preflop", "Eva", deal.POST_BIG_BLIND, 200),
                 deal.Action("preflop", "Ana", deal.RAISE, 600),
                 deal.Action("preflop", "Tom", deal.RAISE, 900),
                 deal.Action("preflop", "Eva", deal.FOLD), deal.Action("preflop", "Ana", deal.FOLD)))
    return replace(hand, pots=settle(hand, rules))


def test_qc_67_88_16_a_standard_no_limit_re_raise_is_no_fault_in_quebec(lu):
    """QC: « Relance : une mise dont le montant est plus élevé que le montant engagé par le joueur précédent »
    (art. 67.88 16°), no least; LU: « La relance doit toujours être au minimum du double de la dernière relance »
    (art. 49-4 3)). Each jurisdiction's rule, from its rule data."""
    day = yesterday_everywhere()
    qc = room.session_rules(session(lu.a, lu.manager_a, day, table="SP-1", minimum="2", small="1", big="2",
                                    rate="0.05"), None)
    luxembourg = room.session_rules(session(lu.c, lu.manager_c, DAY), None)
    assert (qc.raise_minimums, luxembourg.raise_minimums) == (False, True)
    assert [i.code for i in replay(_reraise(qc), qc).irregularities] == []
    assert [i.code for i in replay(_reraise(luxembourg), luxembourg).irregularities] == [RAISE_SIZE]


def test_lu_49_5_the_indivisible_remainder_goes_all_to_the_player_nearest_the_button(lu):
    """« le reliquat éventuel insécable de ce partage allant au joueur situé au plus près du bouton »: two cents
    left over by a three-way split go to that one player, not a cent each to the first two."""
    assert share(302, ["Tom", "Eva", "Ana"], 1, NEAREST) == {"Tom": 102, "Eva": 100, "Ana": 100}
    assert share(302, ["Tom", "Eva", "Ana"], 1, ONE_EACH) == {"Tom": 101, "Eva": 101, "Ana": 100}
    omaha = session(lu.c, lu.manager_c, DAY, table="OM-1", variant=deal.OMAHA, version=deal.POT_LIMIT, minimum="4",
                    small="2", big="4")
    holdem = session(lu.c, lu.manager_c, DAY)
    assert room.session_rules(omaha, None).odd_chips == NEAREST
    assert room.session_rules(holdem, None).odd_chips == ONE_EACH  # art. 49-1 says nothing of it


def test_lu_49_1_an_option_posted_at_a_session_opened_without_one_is_reported(lu):
    """« La direction de l'établissement peut, dans son règlement intérieur, autoriser l'utilisation d'une troisième
    mise initiale facultative dite option. » A session opened without one accepts no option."""
    opened = session(lu.c, lu.manager_c, DAY)
    assert not opened.option
    table = Table(opened.table, opened.variant, opened.version, 500, 1000, True, 0, 0, 9, "EUR",
                  room.session_rules(opened, None))
    dealt = list(play(table, opened.opened_at + datetime.timedelta(minutes=5), 30, random.Random(3),
                      list(PLAYERS)))
    optioned = [one.number for one in dealt if any(a.kind == deal.POST_OPTION for a in one.actions)]
    assert optioned
    reconciliation = _run(lu, lu.c, lu.manager_c, dealt)
    found = reconciliation.findings.get(kind="poker_version", key__contains=":option:")
    assert found.params["count"] == str(len(optioned)) and "49-1" in found.citation
