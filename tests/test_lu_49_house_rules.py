"""The casino's house rules (« règlement intérieur ») for its poker jackpots as dated versions, and the jackpots'
payouts and stops as the texts give them (LU RGD 1979 art. 49-9 al. 3, 49-10, 49-12 to 49-15)."""

import datetime
import json
from decimal import Decimal

import pytest
from django.urls import reverse

from compliance.errors import DomainError
from registers.chain.services import pending_countersign
from registers.management.audit import audit
from registers.models import PendingEntry
from registers.poker.house_rules import house_rules_at, house_rules_versions
from registers.poker.services import (
    bad_beat_open,
    bad_beat_restart,
    bad_beat_stop,
    bad_beat_win_file,
    house_rules_record,
    progressive_configure,
    progressive_win_file,
)
from tests.conftest import lu_today, make_user

pytestmark = pytest.mark.django_db
TODAY = lu_today
HOUSE = {"progressive_pots": "pot_entier", "progressive_rounding": "inferieur", "bad_beat_pots": "prorata",
         "bad_beat_rounding": "inferieur", "bad_beat_minimum_pot": "100.00", "bad_beat_restart": "zero"}
CLAIM = {"game": "Texas hold'em", "table": "P1", "won_at": "23:41", "loser": "Luc", "loser_cards": "7c 7d",
         "winner_cards": "8h 9h", "board": "7h 7s Th Jh 2c", "pot": "150.00", "amount": "3000.00", "currency": "EUR",
         "players": ["Luc", "Ana", "Tom", "Eva"], "restart_at": "0"}


def record_house_rules(world, day=None, **changes):
    """A version of the house rules recorded by the casino's direction on `day` (today), in force from then."""
    manager = getattr(world, "manager_c", None) or make_user("direction.house", "manager", casino=world.c)
    day = day or TODAY()
    return house_rules_record(**({"casino": world.c, "actor": manager, "gaming_day": day, "effective_from": day}
                                 | HOUSE | changes))


def open_bad_beat(world, start="10000.00", days_ago=0):
    """The bad beat put in service at its start value (art. 49-13 al. 1: « constitué de la valeur de départ du
    jackpot fixée par l'établissement »), today or `days_ago` (a late filing another manager countersigns): no win is
    taken before."""
    manager = getattr(world, "manager_c", None) or make_user("direction.house", "manager", casino=world.c)
    opened = bad_beat_open(casino=world.c, actor=manager, gaming_day=TODAY() - datetime.timedelta(days=days_ago),
                           start=start, late_reason="Registre papier reporté" if days_ago else "")
    if isinstance(opened, PendingEntry):
        opened = pending_countersign(pending=opened, countersigner=make_user("direction.open", "manager",
                                                                            casino=world.c))
    return opened


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _refused(call, **kwargs):
    with pytest.raises(DomainError) as refused:
        call(**kwargs)
    return refused.value


def _claim(world, **changes):
    return bad_beat_win_file(**({"casino": world.c, "actor": world.accountant_c, "gaming_day": TODAY()} | CLAIM
                                | changes))


def test_lu_49_9_al_3_house_rules_are_dated_versions_recorded_by_the_direction(lu):
    """« Le règlement intérieur précise leur mode d'arrondi et les modalités de prélèvement, en cas de pots
    extérieurs » (art. 49-9 al. 3): a version per date, recorded by the direction, never backdated; a later one
    supersedes from its own date."""
    assert _refused(record_house_rules, world=lu, actor=lu.accountant_c).field == "actor"
    error = _refused(record_house_rules, world=lu, effective_from=TODAY() - datetime.timedelta(days=1))
    assert error.field == "effective_from"
    assert _refused(record_house_rules, world=lu, progressive_pots="au_hasard").field == "progressive_pots"
    assert _refused(record_house_rules, world=lu, bad_beat_pots="chaque_pot").field == "bad_beat_pots"
    first = record_house_rules(lu)
    later = record_house_rules(lu, effective_from=TODAY() + datetime.timedelta(days=10), bad_beat_minimum_pot="200")
    payload = json.loads(first.payload)
    assert payload["jackpot_progressif"] == {"pots_exterieurs": "pot_entier", "arrondi": "inferieur"}
    assert "49-9" in payload["citation"] and "49-12" in payload["citation"] and "(projet)" in payload["citation"]
    assert [version.seq for version in house_rules_versions(lu.c)] == [first.seq, later.seq]
    assert house_rules_at(lu.c, TODAY()).bad_beat_minimum_pot == Decimal("100.00")
    assert house_rules_at(lu.c, TODAY() + datetime.timedelta(days=10)).bad_beat_minimum_pot == Decimal("200.00")
    assert house_rules_at(lu.c, TODAY() - datetime.timedelta(days=1)) is None


def test_lu_49_9_al_3_conditions_do_not_change_before_the_jackpot_stops(lu):
    """« Les conditions d'incrémentation ne peuvent être modifiées avant l'arrêt du jackpot progressif »: while a
    progressive runs, a version changing its side-pot method is refused, and the jackpot's rounding is the house
    rules'."""
    record_house_rules(lu)
    error = _refused(progressive_configure, casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), name="J",
                     tables=["P1"], small_blind="1.00", blinds=[{"table": "P1", "small_blind": "1.00",
                                                                 "big_blind": "2.00"}],
                     levels=[{"combination": "royal_flush", "start": "100.00"}], increment_kind="pourcentage",
                     increment_value="1.00", rounding="plus_proche")
    assert error.field == "rounding"
    progressive_configure(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), name="J", tables=["P1"],
                          small_blind="1.00", blinds=[{"table": "P1", "small_blind": "1.00", "big_blind": "2.00"}],
                          levels=[{"combination": "royal_flush", "start": "100.00"}], increment_kind="pourcentage",
                          increment_value="1.00", rounding="inferieur")
    refused = _refused(record_house_rules, world=lu, progressive_pots="chaque_pot")
    assert refused.code == "jackpot_active" and "49-9" in refused.message
    record_house_rules(lu, bad_beat_minimum_pot="120.00")  # what is not an increment's condition may change


def test_lu_49_12_bad_beat_minimum_pot_comes_from_the_house_rules(lu):
    """« le pot minimum pour constituer un bad beat jackpot est fixé par le règlement intérieur du casino »
    (art. 49-12): the claim does not type it; without a version in force the claim is refused."""
    open_bad_beat(lu)
    error = _refused(_claim, world=lu)
    assert error.field == "pot" and "règlement intérieur" in error.message
    record_house_rules(lu)
    assert _refused(_claim, world=lu, pot="99.99").code == "pot_too_small"
    entry = pending_countersign(pending=_claim(lu), countersigner=lu.manager_c)
    payload = json.loads(entry.payload)
    assert payload["pot_minimum"] == "100.00" and "49-12 al. 7" in payload["citation"]


def test_lu_49_12_al_1_omaha_tables_may_claim_the_bad_beat(lu):
    """« une retenue supplémentaire pouvant être effectuée sur une ou plusieurs tables de jeu des jeux de cercle »
    (art. 49-12 al. 1), Omaha poker 4 high among them: four cards in hand, exactly two played (art. 49-5)."""
    record_house_rules(lu)
    open_bad_beat(lu)
    omaha = {"game": "Omaha poker 4 high", "loser_cards": "7c 7d 2s 3s", "winner_cards": "8h 9h Ks Kd",
             "board": "7h 7s Th Jh 2c"}
    entry = pending_countersign(pending=_claim(lu, **omaha), countersigner=lu.manager_c)
    assert json.loads(entry.payload)["hand"].startswith("four_of_a_kind")
    assert _refused(_claim, world=lu, **(omaha | {"loser_cards": "7c 2d 2s 3s"})).code == "not_qualified"


def test_lu_49_10_al_3_a_jackpot_payout_is_filed_by_the_cashier_signed_by_the_direction(lu):
    """« Le caissier remplit un bon de paiement » and « Le registre et le bon sont ensuite signés par le caissier et
    le membre du comité de direction » (art. 49-10); « un chef de salle en est obligatoirement informé » (al. 2);
    art. 49-15: « Le caissier remplit autant de bons de paiement ». A manager does not fill the voucher; the chef de
    salle informed is in the entry."""
    record_house_rules(lu)
    assert _refused(_claim, world=lu, actor=lu.manager_c).code == "wrong_role"
    progressive_configure(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), name="J", tables=["P1"],
                          small_blind="1.00", blinds=[{"table": "P1", "small_blind": "1.00", "big_blind": "2.00"}],
                          levels=[{"combination": "four_of_a_kind", "start": "50.00"}], increment_kind="pourcentage",
                          increment_value="1.00", rounding="inferieur")
    win = {"casino": lu.c, "gaming_day": TODAY(), "name": "J", "level": 1, "game": "Texas hold'em", "table": "P1",
           "deal": "12", "won_at": "22:10", "board": "Qh Qs 2d 3c 9c", "amount": "50.00", "currency": "EUR",
           "hands": [{"player": "Marie", "cards": "Qd Qc"}, {"player": "Luc", "cards": "4d 5c"}]}
    assert _refused(progressive_win_file, **win, actor=lu.manager_c, chef_de_salle="Paul").code == "wrong_role"
    assert _refused(progressive_win_file, **win, actor=lu.accountant_c).field == "chef_de_salle"
    entry = pending_countersign(pending=progressive_win_file(**win, actor=lu.accountant_c, chef_de_salle="Paul Thill"),
                                countersigner=lu.manager_c)
    assert json.loads(entry.payload)["chef_de_salle_informe"] == "Paul Thill"
    assert entry.actor == lu.accountant_c and entry.countersigner == lu.manager_c


def test_lu_49_14_bad_beat_voluntary_stop_announced_fifteen_days_ahead(lu):
    """« Un arrêt volontaire du bad beat jackpot peut intervenir à tout moment sous réserve d'en informer le Ministre
    des Finances dans les quinze jours qui précèdent » (art. 49-14 al. 2): a stop announced fourteen days ahead is
    refused, citing 49-14; once stopped, no win until it is put back in service."""
    record_house_rules(lu)
    open_bad_beat(lu, days_ago=20)
    error = _refused(bad_beat_stop, casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), voluntary=True,
                     reason="Fin de l'offre", minister_notified_on=TODAY() - datetime.timedelta(days=14))
    assert error.code == "notice_too_late" and error.field == "minister_notified_on" and "49-14" in error.message
    entry = bad_beat_stop(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), voluntary=True,
                          reason="Fin de l'offre", minister_notified_on=TODAY() - datetime.timedelta(days=15))
    assert json.loads(entry.payload)["citation"].startswith("LU RGD 1979 art. 49-14")
    assert _refused(_claim, world=lu).code == "not_active"
    assert _refused(bad_beat_stop, casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), voluntary=False,
                    reason="Panne").code == "not_active"
    bad_beat_restart(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), restart_at="10000.00")  # as it stopped
    assert _claim(lu).pk
    assert [finding for result in audit(casino_code=lu.c.code) for finding in result.invalid] == []


def test_lu_49_9_al_3_the_regulator_reads_the_house_rules_and_the_bad_beats_state(lu, client):
    """The house rules « définis dans le règlement intérieur du casino » (art. 49-9 al. 3) are shown to the regulator,
    each version with its date and who recorded it; the bad beat's page shows its minimum pot and its stops
    (art. 49-12, 49-14); the direction finds the form to record a version, the regulator none."""
    record_house_rules(lu)
    bad_beat_stop(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), voluntary=False, reason="Panne de la machine")
    client.force_login(lu.regulator_lu)
    url = reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "cagnotte"})
    page = client.get(url).content.decode()
    versions = page[page.find('data-testid="house-rules"'):]
    assert "Une fois sur le pot entier" in versions and "100,00" in versions and "en vigueur" in versions
    assert "LU RGD 1979 art. 49-9 al. 3" in versions and "(projet)" in versions
    assert 'name="house_rules-effective_from"' not in page
    bad_beat = client.get(reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "bad_beat"})).content.decode()
    assert 'data-testid="bad-beat-stopped"' in bad_beat and 'data-testid="bad-beat-minimum"' in bad_beat
    client.force_login(lu.manager_c)
    assert 'name="house_rules-effective_from"' in client.get(url).content.decode()


def test_lu_49_13_al_2_the_replay_reads_the_house_rules_of_the_sessions_day(lu):
    """« Le règlement intérieur du casino définit cet incrément […] et précise son mode d'arrondi ainsi que les
    modalités de retenue en cas de pots extérieurs » (art. 49-13 al. 2): a session's deals are replayed with the side
    pots and rounding of the version in force on its day; while the bad beat stands stopped, no increment
    (art. 49-14 al. 3: « sans que les pots ne soient prélevés »)."""
    from registers.poker_room import rules
    from tests import poker_world

    day = TODAY() - datetime.timedelta(days=1)  # a session opened at 19:00 is past at any hour of the test
    record_house_rules(lu, day=day, progressive_pots="chaque_pot", progressive_rounding="plus_proche",
                       bad_beat_pots="pot_principal_d_abord", bad_beat_rounding="bancaire")
    opened = poker_world.session(lu.c, lu.manager_c, day, bad_beat={"kind": "fixe", "value": "0.50",
                                                                   "rounding": "inferieur"})
    settled = rules.session_rules(opened, {"kind": "pourcentage", "value": "1", "rounding": "plus_proche"})
    assert (settled.progressive_pots, settled.bad_beat_pots) == ("chaque_pot", "pot_principal_d_abord")
    assert (settled.progressive.rounding, settled.bad_beat.rounding) == ("plus_proche", "bancaire")
    bad_beat_stop(casino=lu.c, actor=lu.manager_c, gaming_day=day, voluntary=False, reason="Panne")
    assert rules.session_rules(opened, None).bad_beat is None
