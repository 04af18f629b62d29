"""Issue 35, item 9: a rule value counts as applied only where a test changes the value (or the input) and sees the
refusal or the changed result. These tests change the value in the rule data (as a new version of the text would)
and see what Vigie refuses or computes change with it; games/rules/coverage.yaml names them."""

import datetime
import json
from decimal import Decimal
from fractions import Fraction
from io import StringIO

import numpy as np
import pytest
from django.core.management import call_command
from django.db.models import F

from compliance.errors import DomainError
from games.hands.cards import parse
from games.hands.fast import evaluate_many
from games.models import HandClass, RuleValueVersion
from games.poker import hand as deal
from games.rtp import bataille
from games.rtp import games_holdem as holdem
from games.rtp import games_poker as poker
from games.selectors import ranking_at
from registers.cards.ledger import card_load
from registers.cards.services import card_issue
from registers.models import Card, Tournament
from registers.poker_room import rules as room
from registers.poker_room.services import poker_session_open
from registers.tournaments.services import tournament_publish
from tests.conftest import lu_today, make_user
from tests.poker_world import session
from tests.test_cards import _setup
from tests.tournament_world import setup

pytestmark = pytest.mark.django_db


def _rule(key: str, value) -> None:
    """The value of `key` in the rule data, changed in place (every version)."""
    assert RuleValueVersion.objects.filter(rule__key=key).update(value=value) >= 1  # None: no value any more


def _rtp_json(key, *args):
    out = StringIO()
    call_command("rtp", key, "--json", "--on", "2026-11-21", *args, stdout=out)
    return json.loads(out.getvalue())


def seven(text):
    return evaluate_many(np.array([parse(text)]), "lu.cinq_cartes")


def settled(*arrays):
    return [float(a[0]) for a in arrays]


def _cards(world):
    return _setup(world)  # the card tests' manager, certificate and client


def test_lu_3_1_6_a_nominative_card_s_cap_is_the_rule_data_s(world, rules):
    """« 6) Les cartes de jeu électroniques ont une limite maximale de 2.000 euros. »"""
    manager, client = _cards(world)
    card = card_issue(casino=world.c, actor=manager, kind="nominative", gaming_day=lu_today(), client=client)
    assert card.cap == Decimal("2000.00")
    card_load(card=card, actor=world.accountant_c, amount="1500.00", gaming_day=lu_today())
    # the same load on a card issued under a cap of 1 000 € is refused, naming the article
    _rule("lu.carte_de_jeu.plafond_nominative", "1000.00")
    lower = card_issue(casino=world.c, actor=manager, kind="nominative", gaming_day=lu_today(), client=client)
    assert lower.cap == Decimal("1000.00")
    with pytest.raises(DomainError) as refused:
        card_load(card=lower, actor=world.accountant_c, amount="1500.00", gaming_day=lu_today())
    assert refused.value.code == "above_cap" and "LU RGD 1979 art. 3-1 6)" in str(refused.value.message)


def test_lu_3_1_7_the_number_of_nominative_cards_per_client_is_the_rule_data_s(world, rules):
    """« Au maximum deux cartes nominatives peuvent être attribuées par client. »"""
    manager, client = _cards(world)
    _rule("lu.carte_de_jeu.nominatives_par_client_max", 1)
    card_issue(casino=world.c, actor=manager, kind="nominative", gaming_day=lu_today(), client=client)
    with pytest.raises(DomainError) as refused:
        card_issue(casino=world.c, actor=manager, kind="nominative", gaming_day=lu_today(), client=client)
    assert refused.value.field == "client" and "LU RGD 1979 art. 3-1 7)" in str(refused.value.message)
    assert Card.objects.filter(client=client).count() == 1
    _rule("lu.carte_de_jeu.nominatives_par_client_max", 2)
    card_issue(casino=world.c, actor=manager, kind="nominative", gaming_day=lu_today(), client=client)
    assert Card.objects.filter(client=client).count() == 2


def test_lu_49_5_an_omaha_session_s_blinds_are_held_to_the_omaha_rule_data(world, rules):
    """Omaha, art. 49-5: « Le premier joueur dépose une mise dite "small blind" égale à la moitié de la mise minimum
    de la table. Le second joueur dépose une mise dite "big blind" dont le montant est au minimum égal à celui de la
    small blind et au maximum le double. »"""
    manager = make_user("direction.c", "manager", casino=world.c)
    day = lu_today() - datetime.timedelta(days=1)
    omaha = {"table": "OM-1", "variant": deal.OMAHA, "version": deal.POT_LIMIT}
    with pytest.raises(DomainError) as refused:
        session(world.c, manager, day, minimum="10", small="4", big="8", **omaha)
    assert refused.value.field == "small_blind" and "49-5" in str(refused.value.message)
    with pytest.raises(DomainError) as refused:
        session(world.c, manager, day, minimum="10", small="5", big="15", **omaha)
    assert refused.value.field == "big_blind" and "49-5" in str(refused.value.message)
    # the Omaha's own values, not the Texas Hold'em's: a big blind up to three small blinds once its rule says so
    _rule("lu.omaha.big_blind", {"min": "1", "max": "3"})
    opened = session(world.c, manager, day, minimum="10", small="5", big="15", **omaha)
    assert (opened.small_blind, opened.big_blind) == (5, 15)


def test_lu_37_16_the_bataille_s_tie_odds_follow_the_number_of_decks_in_the_rule_data(rules):
    """« Le jeu de la bataille se joue avec six jeux de cinquante-deux cartes » and « Pour entamer une bataille, le
    joueur doit engager une mise additionnelle d'un montant égal à sa mise initiale »."""
    assert bataille.tie_probability() == Fraction(23, 311)
    going = bataille.evaluate("guerre").expected
    _rule("lu.bataille.paquets", 1)  # one deck of 52: the second card matches the first 3 times in 51
    assert bataille.tie_probability() == Fraction(3, 51)
    _rule("lu.bataille.paquets", 6)
    _rule("lu.bataille.mise_bataille", "2")  # a war lost costs more: going to war is worth less
    assert bataille.evaluate("guerre").expected < going


def test_qc_125_tournament_rules_missing_a_content_the_article_lists_are_refused(world, rules):
    """« Les règles du tournoi incluent la date de l'événement, sa durée, les règles de participation, le mode de
    distribution des lots ainsi que les lots à gagner »."""
    manager = world.manager_a
    tournament = setup(world.a, manager)
    Tournament.objects.filter(pk=tournament.pk).update(distribution="")  # rules without their mode of distribution
    with pytest.raises(DomainError) as refused:
        tournament_publish(tournament=tournament, actor=manager)
    message = str(refused.value.message)
    assert "mode de distribution des lots" in message and "QC RJC art. 125" in message
    assert Tournament.objects.get(pk=tournament.pk).published_at is None


def test_lu_37_10_a_hand_ranking_is_read_through_the_dated_rule_api_with_the_draft_gate(rules):
    """Art. 37-10 (LU draft): « Les joueurs ne peuvent faire usage que des combinaisons suivantes : - La carte la plus
    haute ; - 1 paire ; - 2 paires ; … » — a draft's ranking, applied only where the draft is asked for and cited as
    one; QC RJC art. 67.11's, in force, without asking."""
    on = datetime.date(2020, 1, 1)
    with pytest.raises(DomainError) as refused:
        ranking_at(jurisdiction="LU", key="lu.cinq_cartes", on=on)
    assert refused.value.field == "key" and "(projet)" in str(refused.value.message)
    found = ranking_at(jurisdiction="LU", key="lu.cinq_cartes", on=on, drafts=True)
    assert found.ranking.categories[:3] == ("high_card", "pair", "two_pair")
    assert found.ranking.categories[-1] == "straight_flush"  # « Quinte flush royale » is its highest
    assert found.citation.is_draft and str(found.citation) == "LU RGD 1979 art. 37-10 (projet)"
    assert found.ranking.citation == str(found.citation)
    quebec = ranking_at(jurisdiction="QC", key="qc.cinq_cartes", on=on)
    assert not quebec.citation.is_draft and quebec.citation.label == "QC RJC art. 67.11"
    with pytest.raises(DomainError) as refused:
        ranking_at(jurisdiction="QC", key="lu.cinq_cartes", on=on, drafts=True)
    assert refused.value.code == "wrong_jurisdiction"
    with pytest.raises(DomainError) as refused:  # before its article's date, no ranking is in force
        ranking_at(jurisdiction="LU", key="lu.cinq_cartes", on=datetime.date(1990, 1, 1), drafts=True)
    assert refused.value.code == "not_in_force"


def test_lu_37_9_the_super_ante_is_paid_on_the_ranking_the_rule_data_gives_on_the_day(rules):
    """Art. 37-9: the Super Ante is paid « à partir de la combinaison Quinte »; the computation reads the game's
    ranking (art. 37-10) through the dated rule API: the order of its classes in the data is the order it pays on."""
    board = "2c 7d 9h Jc Ks"
    straight, qualified = seven("Tc Qd " + board), seven("Kd 4h " + board)
    folded = np.array([False])
    assert settled(*holdem.settle_holdem_casino(straight, qualified, np.array([4.0]), folded))[1] == 1.0
    # the data's ranking with straight and three of a kind swapped: a straight falls below the Super Ante's « Quinte »
    classes = HandClass.objects.filter(ranking__key="lu.cinq_cartes")
    straight_class, trips = classes.get(key="straight"), classes.get(key="three_of_a_kind")
    positions = straight_class.position, trips.position
    classes.filter(pk__in=[straight_class.pk, trips.pk]).update(position=F("position") + 100)
    HandClass.objects.filter(pk=straight_class.pk).update(position=positions[1])
    HandClass.objects.filter(pk=trips.pk).update(position=positions[0])
    assert settled(*holdem.settle_holdem_casino(straight, qualified, np.array([4.0]), folded))[1] != 1.0


def test_lu_49_1_an_option_is_opened_only_where_the_rule_data_allows_one(world, rules):
    """Art. 49-1 (and 49-5 for Omaha): « La direction de l'établissement peut, dans son règlement intérieur, autoriser
    l'utilisation d'une troisième mise initiale facultative dite option. »"""
    manager = make_user("direction.c", "manager", casino=world.c)
    day = lu_today() - datetime.timedelta(days=1)
    omaha = {"table": "OM-1", "variant": deal.OMAHA, "version": deal.POT_LIMIT}

    def open_with_option(table, variant, version):
        return poker_session_open(casino=world.c, actor=manager, gaming_day=day, table=table, variant=variant,
                                  version=version, minimum="10", small_blind="5", big_blind="10", rake_rate="0.05",
                                  option=True)

    assert open_with_option("TH-1", deal.HOLDEM, deal.NO_LIMIT).option
    # without the option in the rule data, a session with one is refused, in each game by its own value
    _rule("lu.omaha.option", None)
    with pytest.raises(DomainError) as refused:
        open_with_option(**omaha)
    assert refused.value.field == "option"
    _rule("lu.texas_holdem.option", None)
    with pytest.raises(DomainError) as refused:
        open_with_option("TH-2", deal.HOLDEM, deal.NO_LIMIT)
    assert refused.value.field == "option"


def test_qc_decret_1675_95_art_7_the_blackjack_side_bets_are_computed_for_each_number_of_decks_the_data_allows(rules):
    """The décret's blackjack is dealt from one to eight decks (qc.blackjack.paquets): the computation of the 12-16
    bet (QC RJC art. 18.1) gives one result per number of decks the rule data allows, and no other."""
    def decks():
        report = _rtp_json("qc.blackjack.douze_seize")
        return [variant["label"] for variant in report["readings"]["a"]]

    assert decks() == ["1 paquet"] + [f"{count} paquets" for count in range(2, 9)]
    _rule("qc.blackjack.paquets", {"min": "2", "max": "4"})
    assert decks() == ["2 paquets", "3 paquets", "4 paquets"]


def test_qc_rjc_art_48_1_the_number_bet_s_return_follows_the_numbers_the_generator_draws(rules):
    """« le joueur peut aussi faire une mise quant auquel des numéros 1 à 7 sera sélectionné par le générateur
    aléatoire de numéros … Une mise gagnante est payée 11 à 2. »: one chance in 7, paid 11 to 2."""
    def returned():
        return Fraction(_rtp_json("qc.baccara.numero")["readings"]["a"][0]["return"]["fraction"])

    assert returned() == Fraction(1, 7) * (1 + Fraction(11, 2))  # 13/14
    _rule("qc.baccara.numeros_generateur", {"min": "1", "max": "6"})
    assert returned() == Fraction(1, 6) * (1 + Fraction(11, 2))


def test_lu_49_1_a_texas_hold_em_table_seats_the_most_players_its_rule_data_says(world, rules):
    """Art. 49-1: « Le nombre de joueurs assis, seuls susceptibles d'avoir une main, correspond au nombre
    d'emplacements marqués sur le tapis ou au nombre de places assises numérotées. Il est au maximum de dix. »"""
    manager = make_user("direction.c", "manager", casino=world.c)
    opened = session(world.c, manager, lu_today() - datetime.timedelta(days=1))
    most, citation = room.seats_most(opened)
    assert most == 10 and citation == "LU RGD 1979 art. 49-1 (projet)"
    _rule("lu.texas_holdem.joueurs", {"min": "2", "max": "8"})
    assert room.seats_most(opened)[0] == 8


def test_lu_49_4_and_49_8_the_least_raise_applies_at_each_game_whose_rule_data_sets_it(world, rules):
    """Art. 49-4 3) and 49-8 2): « La relance doit toujours être au minimum du double de la dernière relance »: the
    replay holds a session to a least raise where its game's rule data sets one, at Omaha as at Texas hold'em."""
    manager = make_user("direction.c", "manager", casino=world.c)
    day = lu_today() - datetime.timedelta(days=1)
    omaha = session(world.c, manager, day, table="OM-1", variant=deal.OMAHA, version=deal.POT_LIMIT, minimum="4",
                    small="2", big="4")
    holdem = session(world.c, manager, day)
    assert room.session_rules(omaha, None).raise_minimums and room.session_rules(holdem, None).raise_minimums
    _rule("lu.omaha.relance_min", None)
    assert not room.session_rules(omaha, None).raise_minimums and room.session_rules(holdem, None).raise_minimums


@pytest.mark.parametrize("game", ["lu.uth", "mc.uth"])
def test_lu_37_13_the_ultimate_texas_hold_em_raises_are_the_rule_data_s(game, rules):
    """Art. 37-13 (and Monaco's UTH): « relancer de trois ou quatre fois la mise de départ (ANTE) », after the flop
    « relancer du double de la mise de départ », at the river « relancer de la mise de départ »: the simulation plays
    each raise its rule data allows, and another once the data says another."""
    names = holdem.RAISE_KEYS[game]

    def raises():
        chunk = holdem._uth_player(game)(np.random.default_rng(1), 3000, None)
        return set(np.unique(chunk.stake - 2).tolist())

    assert raises() == {0.0, 1.0, 2.0, 4.0}
    for name, value in zip(names, (["3", "5"], "3", "2"), strict=True):
        _rule(f"{game}.{name}", value)
    assert raises() == {0.0, 2.0, 3.0, 5.0}


def test_lu_37_9_the_casino_hold_em_raises_are_the_rule_data_s(rules):
    """Art. 37-9: « mettre une mise sur la case A 3 ou A 4, égale à 3 ou 4 fois leur première mise (Ante) », then
    A 2 on the flop, « A 0,5 T (Turn) égale à la moitié de leur première mise » and A 0,5 R at the river."""
    def raises():
        chunk = holdem._play_holdem_casino(np.random.default_rng(1), 3000, None)
        return set(np.unique(chunk.stake - 2).tolist())

    assert raises() == {0.5, 1.0, 2.0, 4.0}
    for name, value in (("relance_preflop", ["3", "6"]), ("relance_flop", "3"), ("relance_turn", "1"),
                        ("relance_river", "1.5")):
        _rule(f"lu.holdem_casino.{name}", value)
    assert raises() == {1.0, 2.5, 3.0, 6.0}


def test_qc_67_79_the_super_bonus_bet_is_staked_as_the_rule_data_says(rules):
    """« Le joueur doit faire une mise initiale et une mise « super bonus » qui doit être égale à la mise
    initiale »: the Fou's simulation stakes the super bonus at the rule data's multiple of the initial bet."""
    def least_stake():
        return float(poker._play_fou(np.random.default_rng(1), 2000, None).stake.min())

    assert least_stake() == 2.0  # the initial bet and its super bonus, no additional bet
    _rule("qc.fou.mise_super_bonus", "2")
    assert least_stake() == 3.0
