"""The poker room's jackpots as state machines (registers/poker/controls/), at la Moselle's demo registers: the
progressive jackpot « Hold'em 1-2 » (tables Poker 1 and Poker 2, configured and stated today), the bad-beat jackpot
(its account's win at TH-1 six days ago, the house rules' minimum pot 100,00 €) and the cagnotte (Poker 2 counted
today).
Each refused transition through its service with its field, its code and what it rests on (LU RGD 1979 art. 49-9 to
49-15, 97-1, cited from the rule data); the same controls in registers_audit, which names the entries written past
the services."""

import datetime
import json

import pytest
from django.urls import reverse

from compliance.errors import DomainError
from compliance.models import Casino, User
from registers.chain.services import entry_append, pending_countersign, register_for
from registers.errors import ErrorCode
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, GamingSession, PendingEntry
from registers.poker.selectors import bad_beat_resumes_at
from registers.poker.services import (
    bad_beat_restart,
    bad_beat_stop,
    bad_beat_win_file,
    cagnotte_file,
    jackpot_stop,
    progressive_configure,
    progressive_statement,
    progressive_win_file,
)

pytestmark = pytest.mark.django_db

JACKPOT = "Hold'em 1-2"  # registers/demo.py
BOOKS = "Contrôle interne du casino : registre tenu par Vigie"
LEVELS = [{"combination": "royal_flush", "start": "500.00"}, {"combination": "straight_flush", "start": "200.00"},
          {"combination": "four_of_a_kind", "start": "50.00"}]
BLINDS = [{"table": table, "small_blind": "1.00", "big_blind": "2.00"} for table in ("Poker 1", "Poker 2")]
DISPLAYED = {"1": "742.10", "2": "260.00", "3": "81.20"}
INCREMENTS = {"Poker 1": "7.42", "Poker 2": "3.18"}
QUEENS = {"board": "Qh Qs 2d 3c 9c", "hands": [{"player": "Marie Weber", "cards": "Qd Qc"},
                                               {"player": "Luc Hoffmann", "cards": "4d 5c"}]}
SEATED = ["Luc Hoffmann", "Ana Lopes", "Tom Klein", "Eva Schmit"]


def user(name: str) -> User:
    return User.objects.get(username=name)


def moselle() -> Casino:
    return Casino.objects.select_related("jurisdiction").get(code="la-moselle")


def today() -> datetime.date:
    return moselle().today()


def open_day_before() -> datetime.date:
    """A past day of la Moselle not closed (the demo closes one to sign its reports)."""
    return next(day for back in range(1, 8) if not GamingSession.objects.filter(
        casino__code="la-moselle", gaming_day=(day := today() - datetime.timedelta(days=back))).exists())


def counts() -> tuple:
    return Entry.objects.count(), PendingEntry.objects.count()


def refused(call, field: str | None, code: str, *said: str) -> str:
    """The call refused with its field and code, its message saying each of `said`, nothing written."""
    before = counts()
    with pytest.raises(DomainError) as caught:
        call()
    message = str(caught.value.message)
    assert (caught.value.field, caught.value.code) == (field, code), message
    assert all(text in message for text in said), message
    assert counts() == before
    return message


def configure(**changes):
    return progressive_configure(**({
        "casino": moselle(), "actor": user("lu.direction"), "gaming_day": today(), "name": JACKPOT,
        "tables": ["Poker 1", "Poker 2"], "small_blind": "1.00", "blinds": BLINDS, "levels": LEVELS,
        "increment_kind": "pourcentage", "increment_value": "1.00", "rounding": "inferieur"} | changes))


def statement(**changes):
    return progressive_statement(**({"casino": moselle(), "actor": user("lu.caissier"), "gaming_day": today(),
                                     "name": JACKPOT, "displayed": DISPLAYED, "increments": INCREMENTS} | changes))


def win(**changes):
    return progressive_win_file(**({
        "casino": moselle(), "actor": user("lu.caissier"), "gaming_day": today(), "name": JACKPOT, "level": 3,
        "game": "Texas hold'em", "table": "Poker 2", "deal": "4471", "won_at": "22:10", "amount": "50.00",
        "currency": "EUR", "chef_de_salle": "Paul Thill", **QUEENS} | changes))


def stop(**changes):
    return jackpot_stop(**({"casino": moselle(), "actor": user("lu.direction"), "gaming_day": today(),
                            "name": JACKPOT, "voluntary": False, "reason": "Panne de l'afficheur"} | changes))


def claim(**changes):
    return bad_beat_win_file(**({
        "casino": moselle(), "actor": user("lu.caissier"), "gaming_day": today(), "game": "Texas hold'em",
        "table": "Poker 2", "won_at": "22:55", "loser": "Luc Hoffmann", "loser_cards": "7c 7d",
        "winner_cards": "8h 9h", "board": "7h 7s Th Jh 2c", "pot": "640.00", "amount": "100.00", "currency": "EUR",
        "players": SEATED, "restart_at": "0"} | changes))


def stop_bad_beat(**changes):
    return bad_beat_stop(**({"casino": moselle(), "actor": user("lu.direction"), "gaming_day": today(),
                             "voluntary": False, "reason": "Panne de la machine de la table"} | changes))


# --- the progressive jackpot (art. 49-9 to 49-11) -------------------------------------------------------------------


def test_lu_art_49_9_al_3_a_running_jackpot_is_not_configured_again(demo, rules):
    """« Les conditions d'incrémentation ne peuvent être modifiées avant l'arrêt du jackpot progressif. » (art. 49-9
    al. 3) The demo's running jackpot configured again is refused; once stopped, it is configured anew."""
    refused(lambda: configure(increment_value="2.00"), "name", ErrorCode.JACKPOT_ACTIVE, "49-9 al. 3", "(projet)",
            "est en cours depuis l'écriture n°")
    stop()
    assert json.loads(configure(increment_value="2.00").payload)["increment"]["value"] == "2.00"


def test_lu_art_49_11_no_statement_and_no_win_of_a_stopped_jackpot(demo, rules):
    """« En cas d'arrêt involontaire du système engendré par une panne technique, la partie continue sans que les pots
    ne soient prélevés au titre de l'incrémentation du jackpot progressif, et les joueurs ne peuvent alors prétendre au
    gain d'un des montants de progressif. » (art. 49-11) After its stop, a statement and a win are refused."""
    stop()
    refused(statement, "name", ErrorCode.NOT_ACTIVE, "49-11", "est arrêté depuis l'écriture n°")
    refused(win, "name", ErrorCode.NOT_ACTIVE, "49-11", "ni relevé ni gain")


def test_lu_art_49_11_a_jackpot_stops_once(demo, rules):
    """« Un arrêt volontaire du jackpot progressif peut intervenir à tout moment » (art. 49-11 al. 2): one stop; a
    second one of the stopped jackpot is refused."""
    first = stop()
    refused(stop, "name", ErrorCode.NOT_ACTIVE, "49-11", f"déjà arrêté depuis l'écriture n° {first.seq}")


def test_lu_art_49_11_al_2_a_voluntary_stop_told_to_the_minister_fifteen_days_before_never_after_today(demo, rules):
    """« Un arrêt volontaire du jackpot progressif peut intervenir à tout moment sous réserve d'en informer le Ministre
    des Finances dans les quinze jours qui précèdent. » (art. 49-11 al. 2) A notice fourteen days before is refused;
    a notice dated tomorrow is one not sent yet."""
    day = today()
    refused(lambda: stop(voluntary=True, minister_notified_on=day - datetime.timedelta(days=14)),
            "minister_notified_on", ErrorCode.NOTICE_TOO_LATE, "49-11", "15 jours")
    refused(lambda: stop(minister_notified_on=day + datetime.timedelta(days=1)), "minister_notified_on",
            ErrorCode.FUTURE_DAY, "49-11", "après aujourd'hui")


def test_lu_art_49_9_a_win_of_a_level_the_jackpot_does_not_have_or_at_a_table_it_does_not_link(demo, rules):
    """« Les jeux de cercle peuvent alimenter un système de jackpot progressif sur trois niveaux au maximum, installé
    sur une ou plusieurs tables » (art. 49-9 al. 1): a fourth level, a table the jackpot does not link are refused."""
    refused(lambda: win(level=4), "level", ErrorCode.UNKNOWN_LEVEL, "49-9", "pas de niveau « 4 »")
    refused(lambda: win(table="Poker 7"), "table", ErrorCode.UNKNOWN_TABLE, "49-9 al. 1", "Poker 1, Poker 2")


def test_lu_art_49_10_one_win_of_each_level_per_table_and_deal_never_above_its_amount(demo, rules):
    """« Un seul jackpot progressif de chaque niveau peut être gagné par table et par partie. » (art. 49-10 al. 1) The
    level won in the deal is refused a second time; a win above the level's amount is refused."""
    refused(lambda: win(amount="81.21"), "amount", ErrorCode.ABOVE_JACKPOT, "49-10", "81,20")
    pending_countersign(pending=win(), countersigner=user("lu.direction"))
    refused(win, "deal", ErrorCode.DUPLICATE, "49-10", "déjà gagné à la table « Poker 2 » dans la partie « 4471 »")


def test_house_control_nothing_is_written_of_a_jackpot_for_a_day_before_its_configuration(demo, rules):
    """« Contrôle interne du casino : registre tenu par Vigie »: the demo's jackpot is configured today; a statement
    filed late for an earlier day, or a stop dated so, is refused."""
    earlier = open_day_before()
    refused(lambda: statement(gaming_day=earlier), "gaming_day", ErrorCode.INVALID, BOOKS,
            "rien ne s'y inscrit pour une journée antérieure")
    refused(lambda: stop(gaming_day=earlier), "gaming_day", ErrorCode.INVALID, BOOKS)


def test_lu_art_49_10_al_5_a_statement_names_each_level_and_each_table_of_the_jackpot(demo, rules):
    """« Un registre du relevé des jackpots progressifs aux jeux de cercle est tenu au jour le jour. Il est renseigné en
    fin de séance du montant affiché des différents jackpots progressifs. » (art. 49-10 al. 5) A level missing, a
    table the jackpot does not link are refused."""
    refused(lambda: statement(displayed={"1": "742.10", "2": "260.00"}), "displayed[3]", ErrorCode.REQUIRED,
            "49-10 al. 5", "niveau 3")
    refused(lambda: statement(increments={**INCREMENTS, "Poker 7": "1.00"}), "increments[Poker 7]",
            ErrorCode.UNKNOWN_TABLE, "49-9 al. 5")


def test_lu_art_49_11_the_pages_say_why_a_stopped_jackpot_takes_nothing(demo, rules, client):
    """« les joueurs ne peuvent alors prétendre au gain » (art. 49-11 al. 1, 49-14 al. 3): once stopped, the
    progressive jackpot's card and the bad beat's page say, with the control the services refuse by, why no statement,
    win or stop is taken."""
    client.force_login(user("lu.caissier"))
    url = lambda kind: reverse("registers-other", kwargs={"casino": "la-moselle", "kind": kind})  # noqa: E731
    page = client.get(url(RegisterKind.JACKPOT_PROGRESSIF)).content.decode()
    assert 'data-testid="jackpot-refused"' not in page
    stopped, bad_beat_stopped = stop(), stop_bad_beat()
    page = client.get(url(RegisterKind.JACKPOT_PROGRESSIF)).content.decode()
    assert 'data-testid="jackpot-refused"' in page and f"écriture n° {stopped.seq}" in page and "49-11" in page
    page = client.get(url(RegisterKind.BAD_BEAT)).content.decode()
    assert 'data-testid="bad-beat-refused"' in page and f"écriture n° {bad_beat_stopped.seq}" in page


# --- the bad-beat jackpot (art. 49-12 to 49-15) ---------------------------------------------------------------------


def test_lu_art_49_14_no_bad_beat_win_after_its_stop_one_stop_until_put_back(demo, rules):
    """« En cas d'arrêt involontaire du système engendré par une panne technique, la partie continue sans que les pots
    ne soient prélevés au titre de l'incrémentation du bad beat jackpot et les joueurs ne peuvent alors prétendre au
    gain de la cagnotte. » (art. 49-14 al. 3) A win and a second stop after the stop are refused; put back in service,
    it pays again; a restart of a running bad beat is refused."""
    stopped = stop_bad_beat()
    refused(claim, "gaming_day", ErrorCode.NOT_ACTIVE, "49-14", f"écriture n° {stopped.seq}")
    refused(stop_bad_beat, "gaming_day", ErrorCode.NOT_ACTIVE, "49-14", "déjà arrêté")
    bad_beat_restart(casino=moselle(), actor=user("lu.direction"), gaming_day=today(),
                     restart_at=f"{bad_beat_resumes_at(moselle(), today()):.2f}")  # as the stop left it
    refused(lambda: bad_beat_restart(casino=moselle(), actor=user("lu.direction"), gaming_day=today(),
                                     restart_at="0"), "gaming_day", ErrorCode.JACKPOT_ACTIVE, "rien à remettre")
    assert claim().pk


def test_lu_art_49_14_a_win_filed_before_the_stop_is_not_signed_after_it(demo, rules):
    """« les joueurs ne peuvent alors prétendre au gain de la cagnotte » (art. 49-14 al. 3): a claim filed, then the
    bad beat stopped before its countersignature: the second signature is refused."""
    pending = claim()
    stop_bad_beat()
    refused(lambda: pending_countersign(pending=pending, countersigner=user("lu.direction")), "gaming_day",
            ErrorCode.NOT_ACTIVE, "49-14")


def test_lu_art_49_14_al_2_a_voluntary_stop_s_notice_is_never_dated_after_today(demo, rules):
    """« Un arrêt volontaire du bad beat jackpot peut intervenir à tout moment sous réserve d'en informer le Ministre
    des Finances dans les quinze jours qui précèdent. » (art. 49-14 al. 2) A notice dated tomorrow is not sent."""
    refused(lambda: stop_bad_beat(voluntary=True, minister_notified_on=today() + datetime.timedelta(days=1)),
            "minister_notified_on", ErrorCode.FUTURE_DAY, "49-14", "après aujourd'hui")


def test_lu_art_49_12_al_7_the_minimum_pot_is_the_house_rules_in_force_written_with_the_win(demo, rules):
    """« le pot minimum pour constituer un bad beat jackpot est fixé par le règlement intérieur du casino » (art. 49-12
    al. 7): below the demo's house rules' 100,00 €, a claim is refused; the demo's win writes the version and the
    minimum it was held to, which the audit checks again."""
    refused(lambda: claim(pot="99.99"), "pot", ErrorCode.POT_TOO_SMALL, "49-12 al. 7", "100,00")
    (won,) = Entry.objects.filter(register__casino__code="la-moselle", register__kind=RegisterKind.BAD_BEAT,
                                  kind=EntryKind.JACKPOT_WON)  # the account's, 6 days ago
    from registers.poker.house_rules import house_rules_at

    in_force = house_rules_at(won.register.casino, won.gaming_day)  # the version of the win's day, of the demo's three
    payload = json.loads(won.payload)
    assert (payload["pot_minimum"], payload["reglement_interieur"]) == ("100.00", in_force.seq)


def test_house_control_a_bad_beat_win_is_filed_once(demo, rules):
    """« Contrôle interne du casino : registre tenu par Vigie »: a win (Poker 2, today, 22:55) filed again once it is
    in the register is a duplicate."""
    pending_countersign(pending=claim(), countersigner=user("lu.direction"))
    refused(claim, "won_at", ErrorCode.DUPLICATE, BOOKS, "déjà gagné")


# --- the cagnotte (art. 97-1) ---------------------------------------------------------------------------------------


def test_lu_art_97_1_a_table_s_cagnotte_is_counted_once_a_day(demo, rules):
    """« Les carnets spéciaux, les carnets d'avances, les carnets d'enregistrement des cagnottes […] peuvent être tenus
    et produits sous forme électronique, sous condition d'offrir des garanties équivalentes » (art. 97-1): the demo's
    count of Poker 2 today filed again is a duplicate (the casino's books), at its filing and at its countersignature
    when two wait at once."""
    count = {"casino": moselle(), "actor": user("lu.caissier"), "gaming_day": today(), "house": "100.00",
             "bad_beat": "10.00", "box_count": "110.00", "currency": "EUR"}
    refused(lambda: cagnotte_file(**count, table="Poker 2"), "table", ErrorCode.DUPLICATE, BOOKS, "déjà comptée")
    first, second = cagnotte_file(**count, table="Poker 5"), cagnotte_file(**count, table="Poker 5")
    pending_countersign(pending=first, countersigner=user("lu.direction"))
    refused(lambda: pending_countersign(pending=second, countersigner=user("lu.direction")), "table",
            ErrorCode.DUPLICATE, "Poker 5")


# --- the audit ------------------------------------------------------------------------------------------------------


def test_registers_audit_names_jackpot_steps_written_past_the_services(demo, rules):
    """Entries written past the services (entry_append alone) into la Moselle's jackpot registers: a statement and a
    second stop after the progressive's stop, a win of a fourth level; a bad-beat win after its stop, one whose minimum
    pot is not the house rules'. registers_audit names each with the control's message; the demo's own pass."""
    assert not [finding for kind in (RegisterKind.JACKPOT_PROGRESSIF, RegisterKind.BAD_BEAT, RegisterKind.CAGNOTTE)
                for result in audit(casino_code="la-moselle", kind=kind) for finding in result.invalid]
    casino, manager, cashier, day = moselle(), user("lu.direction"), user("lu.caissier"), today()
    progressive = register_for(casino=casino, kind=RegisterKind.JACKPOT_PROGRESSIF)
    bad_beat = register_for(casino=casino, kind=RegisterKind.BAD_BEAT)
    (won,) = Entry.objects.filter(register=bad_beat, kind=EntryKind.JACKPOT_WON)  # the account's, 6 days ago
    win_payload = json.loads(won.payload)
    level_four = {"jackpot": JACKPOT, "level": 4, "game": "Texas hold'em", "table": "Poker 2", "deal": "9",
                  "won_at": "21:00", "amount": "10.00", "currency": "EUR", "restart_at": "50.00", "citation": "—"}
    fourth = entry_append(register=progressive, kind=EntryKind.JACKPOT_WON, gaming_day=day, actor=cashier,
                          payload=level_four, countersigner=manager)
    minimum = entry_append(register=bad_beat, kind=EntryKind.JACKPOT_WON, gaming_day=day, actor=cashier,
                           payload={**win_payload, "won_at": "23:50", "pot_minimum": "50.00"}, countersigner=manager)
    stop()
    stated = entry_append(register=progressive, kind=EntryKind.JACKPOT_STATEMENT, gaming_day=day, actor=cashier,
                          payload={"jackpot": JACKPOT, "displayed": DISPLAYED, "increments": INCREMENTS,
                                   "citation": "—"})
    again = entry_append(register=progressive, kind=EntryKind.JACKPOT_STOPPED, gaming_day=day, actor=manager,
                         payload={"jackpot": JACKPOT, "voluntary": False, "reason": "", "minister_notified_on": None,
                                  "citation": "—"})
    stop_bad_beat()
    after = entry_append(register=bad_beat, kind=EntryKind.JACKPOT_WON, gaming_day=day, actor=cashier,
                         payload={**win_payload, "won_at": "23:58"}, countersigner=manager)
    named = {kind: {finding.seq: [problem.fr for problem in finding.problems]
                    for result in audit(casino_code="la-moselle", kind=kind) for finding in result.invalid}
             for kind in (RegisterKind.JACKPOT_PROGRESSIF, RegisterKind.BAD_BEAT)}
    jackpots, bad_beats = named[RegisterKind.JACKPOT_PROGRESSIF], named[RegisterKind.BAD_BEAT]
    assert any("pas de niveau « 4 »" in text for text in jackpots[fourth.seq]), jackpots
    assert any("est arrêté depuis l'écriture n°" in text for text in jackpots[stated.seq]), jackpots
    assert any("déjà arrêté depuis l'écriture n°" in text for text in jackpots[again.seq]), jackpots
    assert any("n'est pas celui du règlement intérieur" in text for text in bad_beats[minimum.seq]), bad_beats
    assert any("Le bad beat jackpot est arrêté depuis le" in text for text in bad_beats[after.seq]), bad_beats
    assert (sorted(jackpots), sorted(bad_beats)) == (sorted([fourth.seq, stated.seq, again.seq]),
                                                     sorted([minimum.seq, after.seq]))
