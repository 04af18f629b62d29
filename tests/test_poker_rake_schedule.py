"""A poker session's rake schedule as data (issue 41, item 4): its rate and cap per hand, no rake on a deal that ends
before the flop, the rake on each pot or once on the deal, the option (a straddle) allowed or not, and the table's
smallest chip. Where the texts say nothing of a term, the house rules in force fix it (LU RGD 1979 art. 49-1: the
option where the règlement intérieur allows it) and a session follows them; the deals are replayed with the
schedule, so only a departure from it (or from the law's cap, QC RJC art. 67.108) is a finding."""

import datetime
import json
from decimal import Decimal

import pytest

from compliance.errors import DomainError
from games.poker import hand as deal
from registers.management.audit import audit
from registers.models import Entry
from registers.poker.services import house_rules_record
from registers.poker_room import rules as room
from registers.poker_room.services import poker_session_stakes_raise
from tests.conftest import lu_today, make_user, yesterday_everywhere
from tests.poker_world import session
from tests.test_lu_49_house_rules import HOUSE, record_house_rules
from tests.test_poker_sessions import _refused

DAY = lu_today() - datetime.timedelta(days=1)


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def test_without_house_rules_luxembourg_rakes_each_pot_and_quebec_the_whole_game(lu):
    """LU art. 49-1 « Le croupier soumet le pot à la retenue »; QC art. 67.108 « Pour chaque partie […] de la
    cagnotte ». No flop no drop is the session's to say; a cent is the smallest chip unless it says otherwise."""
    lu_session = session(lu.c, lu.manager_c, DAY)
    assert (lu_session.rake_per_pot, lu_session.no_flop_no_drop, str(lu_session.chip)) == (True, False, "0.01")
    qc_session = session(lu.a, lu.manager_a, yesterday_everywhere(), minimum="2", small="1", big="2", rate="0.10",
                         table="SP-1", no_flop_no_drop=True, rake_cap="3")
    assert (qc_session.rake_per_pot, qc_session.no_flop_no_drop) == (False, True)
    replayed = room.session_rules(qc_session, None)
    assert (replayed.per_pot, replayed.no_flop_no_drop, replayed.cap, replayed.chip) == (False, True, 300, 1)
    payload = json.loads(Entry.objects.get(pk=qc_session.entry_id).payload)
    assert (payload["pas_de_flop_pas_de_retenue"], payload["retenue_par_pot"], payload["plus_petit_jeton"]) == (
        True, False, "0.01")


def test_a_quebec_table_sets_its_schedule_at_its_opening_within_the_laws_cap(lu):
    """QC RJC art. 67.108 leaves the commission to « la personne autorisée de la Société », « pour chaque partie »,
    « n'excédant pas 10 % » of the pot. The house rules' versions carry LU's jackpot terms (RGD 1979 art. 49-9,
    49-13), which Québec's texts have not, so none is recorded there: a Québec table's whole schedule is its
    session's, the opening citing the article; a rate above it is refused, and each deal is replayed with the
    schedule and the law's cap."""
    day = yesterday_everywhere()
    with pytest.raises(DomainError):
        house_rules_record(**({"casino": lu.a, "actor": lu.manager_a, "gaming_day": day, "effective_from": day}
                              | HOUSE | {"no_flop_no_drop": True}))
    opened = session(lu.a, lu.manager_a, day, minimum="1", small="0.25", big="0.50", rate="0.05", table="SP-2",
                     no_flop_no_drop=True, rake_cap="3", chip="0.05", option=True)
    assert "67.108" in opened.citation
    replayed = room.session_rules(opened, None)
    assert (replayed.no_flop_no_drop, replayed.per_pot, replayed.cap, replayed.chip, replayed.straddle_allowed,
            replayed.legal_rate) == (True, False, 300, 5, True, Decimal("0.10"))
    with pytest.raises(DomainError) as refused:
        session(lu.a, lu.manager_a, day, minimum="1", small="0.25", big="0.50", rate="0.12", table="SP-3")
    assert refused.value.field == "rake_rate" and "67.108" in str(refused.value.message)


def test_the_house_rules_in_force_fix_the_rooms_terms_and_each_session_follows_them(lu):
    """The direction's house rules say no flop no drop, the rake once on the deal, and no option: a session opened
    without saying takes them and cites the version; one that says otherwise is refused, naming the field."""
    record_house_rules(lu, day=DAY, no_flop_no_drop=True, rake_per_pot=False, straddle=False)
    opened = session(lu.c, lu.manager_c, DAY)
    assert (opened.no_flop_no_drop, opened.rake_per_pot, opened.option) == (True, False, False)
    assert "règlement intérieur, version n°" in opened.citation
    message = _refused(lu.c, lu.manager_c, "rake_per_pot", table="TH-2", rake_per_pot=True)
    assert "règlement intérieur" in message
    _refused(lu.c, lu.manager_c, "no_flop_no_drop", table="TH-2", no_flop_no_drop=False)
    assert "option" in _refused(lu.c, lu.manager_c, "option", table="TH-2", option=True)
    assert [finding for result in audit(casino_code=lu.c.code) for finding in result.invalid] == []


def test_a_version_that_allows_the_option_lets_a_session_open_with_one(lu):
    """LU art. 49-1: « La direction de l'établissement peut, dans son règlement intérieur, autoriser l'utilisation
    d'une troisième mise initiale facultative dite option »."""
    record_house_rules(lu, day=DAY, straddle=True)
    opened = session(lu.c, lu.manager_c, DAY, option=True)
    assert opened.option and room.session_rules(opened, None).straddle_allowed
    assert not room.session_rules(session(lu.c, lu.manager_c, DAY, table="TH-2"), None).straddle_allowed


def test_the_tables_smallest_chip_rounds_the_rake_and_the_blinds_are_made_of_it(lu):
    """The caisse de change's make-up is fixed at the table's opening (art. 49-3): a table whose smallest chip is
    0,50 € deals blinds of whole chips, its rake rounded down to 0,50 €; blinds not made of it are refused."""
    opened = session(lu.c, lu.manager_c, DAY, chip="0.50")
    assert room.session_rules(opened, None).chip == 50
    assert "0.30" in _refused(lu.c, lu.manager_c, "chip", table="TH-2", chip="0.30")
    _refused(lu.c, lu.manager_c, "chip", table="TH-2", chip="0")
    raised = poker_session_stakes_raise(session=opened, actor=lu.manager_c, minimum="20", small_blind="10",
                                        big_blind="20", decided_by="Chef de salle")
    assert (raised.chip, raised.no_flop_no_drop, raised.rake_per_pot) == (opened.chip, False, True)
    assert raised.variant == deal.HOLDEM


def test_a_room_that_takes_no_rake_without_a_flop_and_caps_each_hand_is_not_flagged(lu):
    """What flagged 263 of 278 real deals: the session's rule ignored no flop, no drop and the cap per hand. The
    room's deals settled by its schedule (nothing taken before the flop, at most 3 € a hand, once on the deal) are
    all found right; the same deals replayed without that schedule would not be."""
    from dataclasses import replace as changed

    from compliance.reconciliation.services import reconciliation_run
    from games.poker.replay import replay
    from registers.poker_room.imports import hands_import
    from tests.poker_world import hands, ohh_file

    opened = session(lu.c, lu.manager_c, DAY, rate="0.05", rake_cap="3", no_flop_no_drop=True, rake_per_pot=False)
    dealt = hands(opened, 120, seed=5)
    schedule = room.session_rules(opened, None)
    no_flop = [one for one in dealt if not one.board]
    assert no_flop and all(sum(pot.rake for pot in one.pots) == 0 for one in no_flop)
    assert max(sum(pot.rake for pot in one.pots) for one in dealt) == 300
    naive = changed(schedule, no_flop_no_drop=False, cap=None)
    assert sum(replay(one, naive).irregularities != () for one in dealt) > len(no_flop) // 2
    hands_import(casino=lu.c, actor=lu.manager_c, source=ohh_file(dealt))
    reconciliation = reconciliation_run(casino=lu.c, gaming_day=DAY, actor=lu.manager_c)
    assert not reconciliation.findings.filter(kind="poker_retenue").exists()
