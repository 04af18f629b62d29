"""Tournaments through their services (registers/tournaments): the Québec rules (RJC art. 124 to 127), the Luxembourg
approval (RGD 1979 art. 49-17), entries and late registration (ROPTA §1.8), places with ties (§1.10, §2.7), the chip
race (§3.2), payouts and the close in the hash-chained tournament register."""

import datetime
import json
from decimal import Decimal

import pytest
from django.db import DatabaseError, transaction
from django.utils import timezone

from compliance.errors import DomainError
from registers.errors import ErrorCode
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, Tournament, TournamentEntry
from registers.tournaments.selectors import money_of, results
from registers.tournaments.services import (
    chip_race_record,
    entry_sell,
    prize_pay,
    rules_published,
    tournament_close,
    tournament_publish,
    tournament_start,
)
from tests.conftest import make_casino, make_user
from tests.tournament_world import clock, lu_approval, out, setup, started


def payload(entry) -> dict:
    return json.loads(entry.payload)


def audited(casino) -> list:
    """Each tournament register of the casino: whether it holds entries, and what registers_audit finds in them."""
    return [(one.entries > 0, one.findings) for one in audit(casino_code=casino.code, kind=RegisterKind.TOURNOIS)]


PLAYERS = ["Ana", "Tom", "Eva", "Luc", "Marc", "Sara"]


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.m = make_casino("casino-m", "MC")
    world.manager_m = make_user("direction.m", "manager", casino=world.m)
    world.cashier_m = make_user("caisse.m", "accountant", casino=world.m)
    return world


def refused(call, code, field=None) -> str:
    with pytest.raises(DomainError) as caught:
        call()
    assert caught.value.code == code, caught.value.message
    if field is not None:
        assert caught.value.field == field
    return str(caught.value.message)


def test_qc_rjc_art_127_a_return_below_30_per_cent_of_the_fees_is_refused_when_the_prizes_are_set(w):
    message = refused(lambda: setup(w.a, w.manager_a, fee="100.00", to_pool="29.99"), ErrorCode.RETURN_TOO_LOW,
                      "to_pool")
    assert "127" in message and "29,99 %" in message and "30,00 %" in message
    assert not Tournament.objects.exists()
    assert setup(w.a, w.manager_a, fee="100.00", to_pool="30.00").to_pool == Decimal("30.00")
    # Luxembourg has no such minimum: its ministry approves the rules instead (art. 49-17)
    assert setup(w.c, w.manager_c, fee="100.00", to_pool="10.00").to_pool == Decimal("10.00")


def test_qc_rjc_art_124_a_grand_prix_fee_is_taken_from_the_supplementary_bet_and_is_at_least_30_per_cent_of_it(w):
    """« Le droit d'entrée pour un tournoi de « poker grand prix » est pris à même la mise supplémentaire visée à
    l'article 67.9. Il doit être égal à au moins 30 % de cette mise. »"""
    grand_prix = {"game": "qc.grand_prix", "fee": "0.29", "to_pool": "0.29", "supplementary_bet": "1.00"}
    message = refused(lambda: setup(w.a, w.manager_a, **grand_prix), ErrorCode.GRAND_PRIX_FEE, "fee")
    assert "124" in message and "0,30" in message
    refused(lambda: setup(w.a, w.manager_a, **{**grand_prix, "supplementary_bet": "2.00"}), ErrorCode.GRAND_PRIX_FEE,
            "supplementary_bet")
    refused(lambda: setup(w.c, w.manager_c, fee="1.00", to_pool="1.00", supplementary_bet="1.00"),
            ErrorCode.INVALID, "supplementary_bet")
    assert setup(w.a, w.manager_a, **{**grand_prix, "fee": "0.30", "to_pool": "0.30"}).supplementary_bet == 1


def test_qc_rjc_art_124_every_poker_grand_prix_tournament_requires_the_supplementary_bet_and_no_other_takes_it(w):
    """« Le droit d'entrée pour un tournoi de « poker grand prix » est pris à même la mise supplémentaire »: every
    tournament of the game, not only those whose manager typed a bet; another game's tournament has no such bet."""
    message = refused(lambda: setup(w.a, w.manager_a, game="qc.grand_prix", fee="0.30", to_pool="0.30"),
                      ErrorCode.GRAND_PRIX_FEE, "supplementary_bet")
    assert "124" in message and "1,00" in message
    refused(lambda: setup(w.a, w.manager_a, fee="0.30", to_pool="0.30", supplementary_bet="1.00"),
            ErrorCode.INVALID, "supplementary_bet")  # a poker room tournament: no supplementary bet
    assert not Tournament.objects.exists()
    tournament = setup(w.a, w.manager_a, game="qc.grand_prix", fee="0.30", to_pool="0.30", supplementary_bet="1.00")
    assert "QC RJC art. 124" in tournament.citation


def test_qc_rjc_art_125_rules_made_public_less_than_a_week_before_the_start_are_refused(w):
    """« elles doivent être mises à la disposition du public au moins une semaine avant la date du début du tournoi »"""
    start = timezone.now() + datetime.timedelta(days=10)
    tournament = setup(w.a, w.manager_a, starts_at=start)
    soon = setup(w.a, w.manager_a, name="Tournoi éclair", starts_at=timezone.now() + datetime.timedelta(days=3))
    message = refused(lambda: tournament_publish(tournament=soon, actor=w.manager_a), ErrorCode.PUBLISHED_LATE,
                      "starts_at")
    assert "125" in message and "7" in message
    assert not Entry.objects.filter(kind=EntryKind.TOURNAMENT_PUBLISHED).exists()
    tournament_publish(tournament=tournament, actor=w.manager_a)
    entry = Entry.objects.get(kind=EntryKind.TOURNAMENT_PUBLISHED)
    assert entry.register.kind == RegisterKind.TOURNOIS and "125" in payload(entry)["citation"]
    rules = payload(entry)["regles"]  # what art. 125 lists: date, duration, participation, distribution, prizes
    assert rules["debut"] and rules["duree"] and rules["regles_participation"] and rules["mode_distribution"]
    assert rules["repartition"] == ["0.5", "0.3", "0.2"] and len(payload(entry)["empreinte_regles"]) == 64


def test_qc_rjc_art_125_the_week_counts_from_the_publication_vigie_records_never_from_a_typed_date(w):
    """« mises à la disposition du public au moins une semaine avant la date du début du tournoi »: the publication is
    the moment Vigie records (no date can be typed), and the start is refused before that day plus a week; a Québec
    tournament files nothing with the Régie (a publication, not a request)."""
    with pytest.raises(TypeError):
        tournament_publish(tournament=setup(w.a, w.manager_a, name="Daté"), actor=w.manager_a,
                           published_on=datetime.date(2020, 1, 1))
    before = timezone.now()
    published = tournament_publish(tournament=setup(w.a, w.manager_a, name="Publié"), actor=w.manager_a)
    assert before <= published.published_at <= timezone.now()
    assert payload(Entry.objects.get(kind=EntryKind.TOURNAMENT_PUBLISHED))["publiees_le"] == \
        published.published_at.isoformat()
    # published six days before its start, as Vigie recorded it: refused then, and at the start
    start = timezone.now() - datetime.timedelta(minutes=5)
    short = setup(w.a, w.manager_a, name="Court", starts_at=start)
    with clock(start - datetime.timedelta(days=6)):
        refused(lambda: tournament_publish(tournament=short, actor=w.manager_a), ErrorCode.PUBLISHED_LATE,
                "starts_at")
    # a row published before Vigie recorded the moment (migration 0029) is held to the week at its start too
    Tournament.objects.filter(pk=short.pk).update(state=Tournament.State.PUBLISHED,
                                                  published_at=start - datetime.timedelta(days=6))
    for player in PLAYERS[:3]:
        entry_sell(tournament=short, actor=w.accountant_a, player=player)
    message = refused(lambda: tournament_start(tournament=short, actor=w.manager_a, seated={"T1": 3}),
                      ErrorCode.PUBLISHED_LATE, "started_at")
    assert "QC RJC art. 125" in message and "6 jours avant" in message
    week = started(w.a, w.manager_a, w.accountant_a, PLAYERS[:3], minutes_ago=5, published_days=7, name="Semaine")
    assert week.state == Tournament.State.RUNNING and week.approval is None


def test_qc_rjc_art_126_the_tables_used_are_marked_for_the_tournament(w):
    message = refused(lambda: setup(w.a, w.manager_a, tables=[]), ErrorCode.REQUIRED, "tables")
    assert "126" in message


def test_lu_rgd_art_49_17_a_paid_tournament_without_the_ministers_approval_cannot_start(w):
    """« peuvent être organisés par le casino après agrément du règlement et des modalités de fonctionnement par le
    Ministre des Finances »: the approval of the rules the tournament published, matched by their digest."""
    name = "Masters de la Moselle"
    tournament = setup(w.c, w.manager_c, name=name, starts_at=timezone.now() - datetime.timedelta(seconds=1))
    tournament_publish(tournament=tournament, actor=w.manager_c)
    for player in PLAYERS[:3]:
        entry_sell(tournament=tournament, actor=w.accountant_c, player=player)
    message = refused(lambda: tournament_start(tournament=tournament, actor=w.manager_c, seated={"T1": 3}),
                      "approval_lacking", "approval")
    assert "49-17" in message
    assert Tournament.objects.get(pk=tournament.pk).state == Tournament.State.PUBLISHED
    digest = rules_published(tournament)["empreinte_regles"]
    lu_approval(w.c, w.manager_c, w.regulator_lu, name, w.c.today(), digest="0" * 64)  # other rules, same name
    refused(lambda: tournament_start(tournament=tournament, actor=w.manager_c, seated={"T1": 3}), "approval_lacking",
            "approval")
    approval = lu_approval(w.c, w.manager_c, w.regulator_lu, "Un autre nom", w.c.today(), digest=digest)
    tournament_start(tournament=tournament, actor=w.manager_c, seated={"T1": 3})
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.RUNNING and tournament.approval == approval
    entry = Entry.objects.get(kind=EntryKind.TOURNAMENT_STARTED)
    assert payload(entry)["agrement"] == approval.reference and "49-17" in payload(entry)["citation"]
    assert payload(entry)["empreinte_regles"] == digest


def test_lu_a_free_tournament_needs_no_approval(w):
    tournament = setup(w.c, w.manager_c, fee="0.00", to_pool="0.00", guaranteed="500.00",
                       starts_at=timezone.now() - datetime.timedelta(seconds=1))
    tournament_publish(tournament=tournament, actor=w.manager_c)
    for player in PLAYERS[:3]:
        entry_sell(tournament=tournament, actor=w.accountant_c, player=player)
    assert tournament_start(tournament=tournament, actor=w.manager_c, seated={"T1": 3}).approval is None


def test_a_tournament_does_not_start_before_the_time_its_rules_published(w):
    tournament = setup(w.m, w.manager_m, starts_at=timezone.now() + datetime.timedelta(hours=2))
    tournament_publish(tournament=tournament, actor=w.manager_m)
    for player in PLAYERS[:3]:
        entry_sell(tournament=tournament, actor=w.cashier_m, player=player)
    refused(lambda: tournament_start(tournament=tournament, actor=w.manager_m), ErrorCode.PUBLISHED_LATE,
            "started_at")
    refused(lambda: tournament_start(tournament=tournament, actor=w.cashier_m), ErrorCode.WRONG_ROLE, "actor")


def test_ropta_1_8_late_registration_runs_to_the_end_of_the_second_level_and_a_re_entry_needs_the_player_out(w):
    tournament = started(w.m, w.manager_m, w.cashier_m, PLAYERS, minutes_ago=30)
    assert tournament.late_levels == 2  # the rulebook's default
    late = entry_sell(tournament=tournament, actor=w.cashier_m, player="Nina")
    assert late.level == 2  # 30 minutes in, levels of 20 minutes
    refused(lambda: entry_sell(tournament=tournament, actor=w.cashier_m, player="Ana"),
            ErrorCode.REENTRY_NOT_ALLOWED, "player")
    out(tournament, w.manager_m, "T1-12", (1, "T1", 4000), minutes_ago=1)
    again = entry_sell(tournament=tournament, actor=w.cashier_m, player="Ana")
    assert again.reentry == 1 and again.fee == Decimal("100.00")
    out(tournament, w.manager_m, "T1-13", (again.number, "T1", 2500), minutes_ago=0)
    refused(lambda: entry_sell(tournament=tournament, actor=w.cashier_m, player="Ana"),
            ErrorCode.REENTRY_NOT_ALLOWED, "player")  # one re-entry allowed
    ended = started(w.m, w.manager_m, w.cashier_m, PLAYERS, minutes_ago=41, name="Tournoi du vendredi")
    message = refused(lambda: entry_sell(tournament=ended, actor=w.cashier_m, player="Paul"),
                      ErrorCode.LATE_REGISTRATION_OVER, "entered_at")
    assert "§1.8" in message


def test_ropta_1_10_and_2_7_places_at_one_table_by_stacks_across_tables_tied_and_prizes_add_up_to_the_pool(w):
    """Seven players, three paid. Out first: Sara; then Luc and Marc on the same deal at T1, Marc the bigger stack;
    then the bubble, hand for hand: Eva at T1 and Tom at T2 out on the same deal, tied for 3rd and 4th, sharing the
    prizes of both places; then Nina; Ana wins."""
    players = ["Ana", "Tom", "Eva", "Luc", "Marc", "Sara", "Nina"]
    tournament = started(w.m, w.manager_m, w.cashier_m, players, minutes_ago=100)
    seat = {entry.player: entry.number for entry in tournament.entries.all()}
    out(tournament, w.manager_m, "T2-40", (seat["Sara"], "T2", 3000), minutes_ago=30)
    out(tournament, w.manager_m, "T1-52", (seat["Luc"], "T1", 5000), (seat["Marc"], "T1", 9000), minutes_ago=20)
    out(tournament, w.manager_m, "MPM-3", (seat["Eva"], "T1", 7000), (seat["Tom"], "T2", 12000), minutes_ago=10)
    out(tournament, w.manager_m, "TF-88", (seat["Nina"], "T1", 30000), minutes_ago=1)
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.FINISHED
    standing = {line.seat.player: (line.place, line.tied, line.prize) for line in results(tournament).lines}
    pool = money_of(tournament).prizes
    assert pool == Decimal("630.00")  # 7 × 90
    assert standing["Ana"] == (1, 1, Decimal("315.00")) and standing["Nina"] == (2, 1, Decimal("189.00"))
    assert standing["Eva"] == standing["Tom"] == (3, 2, Decimal("63.00"))  # (126 + 0) / 2
    assert standing["Marc"][0] == 5 and standing["Luc"][0] == 6 and standing["Sara"][0] == 7
    assert sum(line[2] for line in standing.values()) == pool
    for line in tournament.places.filter(prize__gt=0).select_related("seat"):
        prize_pay(place=line, actor=w.cashier_m, winner=line.seat.player, identity="Passeport 12AB34")
    refused(lambda: prize_pay(place=tournament.places.get(place=1), actor=w.cashier_m, winner="Ana",
                              identity="x"), ErrorCode.PRIZE_ALREADY_PAID, "place")
    tournament_close(tournament=tournament, actor=w.manager_m)
    money = money_of(tournament)
    assert money.fees == Decimal("700.00") and money.house == Decimal("70.00") and money.paid == pool
    assert money.balanced
    closing = payload(Entry.objects.filter(kind=EntryKind.TOURNAMENT_CLOSED).order_by("seq").last())
    assert closing["etape"] == "cloture" and closing["equilibre"] is True
    assert audited(w.m) == [(True, [])]


def test_a_prize_is_paid_to_the_player_placed_and_the_close_waits_for_every_prize(w):
    tournament = started(w.m, w.manager_m, w.cashier_m, PLAYERS[:3], minutes_ago=100)
    out(tournament, w.manager_m, "T1-9", (3, "T1", 1000), minutes_ago=3)
    out(tournament, w.manager_m, "T1-10", (2, "T1", 1000), minutes_ago=2)
    first = tournament.places.get(place=1)
    refused(lambda: prize_pay(place=first, actor=w.cashier_m, winner="Tom", identity="CNI"), ErrorCode.INVALID,
            "winner")
    refused(lambda: tournament_close(tournament=tournament, actor=w.manager_m), ErrorCode.PRIZES_UNPAID, "payouts")


def test_ropta_3_2_a_chip_race_recorded_with_the_rulebooks_numbers(w):
    tournament = started(w.m, w.manager_m, w.cashier_m, PLAYERS[:3], minutes_ago=30)
    race = chip_race_record(tournament=tournament, actor=w.manager_m, table="T1", old_value=100, new_value=500,
                            odd_chips={"Ana": 3, "Tom": 3, "Eva": 2}, cards={"Ana": "As 2c 3d", "Tom": "Ah Kd 4c",
                                                                             "Eva": "Ks 5h"},
                            left={"Ana": 5000, "Tom": 5000, "Eva": 5000})
    assert race.new_chips == 2 and race.winners == ["Ana", "Tom"]  # 8 × 100 → two of 500; spades before hearts
    assert "§3.2" in payload(race.entry)["citation"]
    refused(lambda: chip_race_record(tournament=tournament, actor=w.manager_m, table="T1", old_value=100,
                                     new_value=500, odd_chips={"Ana": 2}, cards={"Ana": "As"}, left={}),
            ErrorCode.BAD_CARDS, "cards")
    refused(lambda: chip_race_record(tournament=tournament, actor=w.manager_m, table="T1", old_value=100,
                                     new_value=500, odd_chips={"Zoé": 1}, cards={"Zoé": "As"}, left={}),
            ErrorCode.NOT_IN_PLAY, "odd_chips")
    assert audited(w.m) == [(True, [])]


def test_a_tournament_s_entries_are_append_only_in_the_database(w):
    tournament = started(w.m, w.manager_m, w.cashier_m, PLAYERS[:3], minutes_ago=30)
    with pytest.raises(DatabaseError), transaction.atomic():
        TournamentEntry.objects.filter(tournament=tournament).update(fee=Decimal("1.00"))
    with pytest.raises(DatabaseError), transaction.atomic():
        TournamentEntry.objects.filter(tournament=tournament).delete()


def test_seats_a_starting_stack_and_re_entries_are_whole_numbers_named_by_their_field(w):
    for field, value in (("capacity", 0), ("starting_stack", "vingt mille"), ("reentries", -1)):
        message = refused(lambda f=field, v=value: setup(w.m, w.manager_m, **{f: v}), ErrorCode.INVALID, field)
        assert "nombre entier" in message
    assert not Tournament.objects.exists()


def test_ropta_presentation_a_casino_not_adopting_the_ropta_gets_none_of_its_rules_one_adopting_it_cites_it_as_such(w):
    """« Chaque Directeur de Tournoi peut modifier ou ajouter des règles et faire un règlement maison » : the ROPTA is
    a private rulebook, not law. Adopted, its rules are cited as the casino's « règlement intérieur »; not adopted, no
    default of it, no chip race by it, and players out on the same deal are tied (no §1.10 stack order)."""
    message = refused(lambda: setup(w.a, w.manager_a, ropta_adopted=False), ErrorCode.REQUIRED, "late_levels")
    assert "ROPTA" in message  # §1.8's default is the ROPTA's: without it the rules fix the level themselves
    refused(lambda: setup(w.m, w.manager_m, ropta_adopted=False), ErrorCode.INVALID, "ropta_adopted")  # its own game
    own = started(w.a, w.manager_a, w.accountant_a, PLAYERS[:4], minutes_ago=100, ropta_adopted=False,
                  late_levels=1, name="Règles de la maison")
    assert "ROPTA" not in own.citation
    refused(lambda: chip_race_record(tournament=own, actor=w.manager_a, table="T1", old_value=100, new_value=500,
                                     odd_chips={"Ana": 1}, cards={"Ana": "As"}, left={"Ana": 5000}),
            ErrorCode.INVALID, "old_value")
    out(own, w.manager_a, "T1-30", (3, "T1", 1000), (4, "T1", 9000), minutes_ago=3)  # no stack order: tied
    assert {(line.place, line.tied) for line in results(own).lines if line.seat.number in (3, 4)} == {(3, 2)}
    written = payload(Entry.objects.filter(kind=EntryKind.TOURNAMENT_OUT, register__casino=w.a).get())["citation"]
    assert written == "Règlement intérieur du casino : joueurs sortis sur le même coup ex aequo (ROPTA non adopté)"
    adopted = started(w.m, w.manager_m, w.cashier_m, PLAYERS[:3], minutes_ago=100)
    out(adopted, w.manager_m, "T1-9", (3, "T1", 1000), minutes_ago=2)
    cited = payload(Entry.objects.filter(kind=EntryKind.TOURNAMENT_OUT, register__casino=w.m).get())["citation"]
    assert cited == ("Règlement intérieur du casino (ROPTA §1.10, adopté) ; "
                     "Règlement intérieur du casino (ROPTA §2.7, adopté)")
    published = payload(Entry.objects.filter(kind=EntryKind.TOURNAMENT_PUBLISHED, register__casino=w.m).get())
    assert published["regles"]["reglement_interieur_ropta"] is True  # the adoption is in the rules published
    assert "Règlement intérieur du casino (ROPTA §1.8, adopté)" in published["citation"]


def test_ropta_2_2_three_players_seated_at_each_table_where_play_starts(w):
    """« Au début du tournoi, le jeu commence à une table à partir de trois joueurs assis » : per table, not for the
    whole tournament: six players on two tables start, five on two tables (3 and 2) do not."""
    start = timezone.now() - datetime.timedelta(minutes=30)
    with clock(start - datetime.timedelta(days=8)):
        tournament = setup(w.m, w.manager_m, starts_at=start)
        tournament_publish(tournament=tournament, actor=w.manager_m)
    for player in PLAYERS[:5]:
        entry_sell(tournament=tournament, actor=w.cashier_m, player=player, entered_at=start)
    message = refused(lambda: tournament_start(tournament=tournament, actor=w.manager_m, started_at=start,
                                               seated={"T1": 3, "T2": 2}), ErrorCode.INVALID, "seated")
    assert "T2" in message and "Règlement intérieur du casino (ROPTA §2.2, adopté)" in message
    refused(lambda: tournament_start(tournament=tournament, actor=w.manager_m, started_at=start,
                                     seated={"T1": 3, "T9": 2}), ErrorCode.INVALID, "seated")  # a table not marked
    refused(lambda: tournament_start(tournament=tournament, actor=w.manager_m, started_at=start, seated={"T1": 4}),
            ErrorCode.INVALID, "seated")  # every player entered is seated
    entry_sell(tournament=tournament, actor=w.cashier_m, player=PLAYERS[5], entered_at=start)
    tournament_start(tournament=tournament, actor=w.manager_m, started_at=start, seated={"T1": 3, "T2": 3})
    entry = Entry.objects.get(kind=EntryKind.TOURNAMENT_STARTED)
    assert payload(entry)["joueurs_par_table"] == {"T1": 3, "T2": 3} and "§2.2" in payload(entry)["citation"]
