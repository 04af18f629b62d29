"""The bad-beat jackpot as an account (LU RGD 1979 art. 49-12 to 49-14): its start value fixed until a stop, a win
capped by the cagnotte and restarting it, a voluntary stop only after its notice to the Minister, the « carnet de
compte » kept during a breakdown and reconciled with the deals. Each refused transition is named after its article
and quotes it; the controls are registers/poker/controls/'s."""

import datetime
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from compliance.errors import DomainError
from registers.chain.services import pending_countersign
from registers.controls import Rules
from registers.errors import ErrorCode
from registers.management.audit import audit
from registers.models import Entry, PendingEntry
from registers.poker.controls.bad_beat import (
    BadBeat,
    account,
    bad_beat_halted,
    bad_beat_opened,
    bad_beat_won,
    day_credit,
)
from registers.poker.controls.bad_beat_stages import bad_beat_restart_problems, carnet_problems
from registers.poker.controls.shared import Stage
from registers.poker.services import (
    bad_beat_manual_file,
    bad_beat_notice,
    bad_beat_open,
    bad_beat_restart,
    bad_beat_statement_file,
    bad_beat_stop,
    bad_beat_win_file,
)
from tests.conftest import lu_today, make_user
from tests.test_lu_49_house_rules import record_house_rules

TODAY = lu_today
CLAIM = {"game": "Texas hold'em", "table": "P1", "won_at": "23:41", "loser": "Luc", "loser_cards": "7c 7d",
         "winner_cards": "8h 9h", "board": "7h 7s Th Jh 2c", "pot": "150.00", "currency": "EUR",
         "players": ["Luc", "Ana", "Tom", "Eva"], "restart_at": "0"}
LATE = "Registre papier reporté"


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.manager_c2 = make_user("direction.c2", "manager", casino=world.c)
    record_house_rules(world)  # in force today: minimum pot 100.00, restart at 0
    return world


def _day(offset: int) -> datetime.date:
    return TODAY() - datetime.timedelta(days=offset)


def _signed(w, filed):
    """A late filing countersigned by another member of the direction."""
    if isinstance(filed, PendingEntry):
        return pending_countersign(pending=filed, countersigner=w.manager_c2 if filed.actor == w.manager_c
                                   else w.manager_c)
    return filed


def _refused(call, field, code, *said) -> str:
    before = (Entry.objects.count(), PendingEntry.objects.count())
    with pytest.raises(DomainError) as caught:
        call()
    message = str(caught.value.message)
    assert (caught.value.field, caught.value.code) == (field, code), message
    assert all(text in message for text in said), message
    assert (Entry.objects.count(), PendingEntry.objects.count()) == before
    return message


def _open(w, offset=0, start="2000.00"):
    return _signed(w, bad_beat_open(casino=w.c, actor=w.manager_c, gaming_day=_day(offset), start=start,
                                    late_reason=LATE))


def _stop(w, offset=0, **changes):
    return _signed(w, bad_beat_stop(**({"casino": w.c, "actor": w.manager_c, "gaming_day": _day(offset),
                                        "voluntary": False, "reason": "Panne", "late_reason": LATE} | changes)))


def _win(w, **changes):
    return bad_beat_win_file(**({"casino": w.c, "actor": w.accountant_c, "gaming_day": TODAY()} | CLAIM | changes))


def _no_finding(w):
    for register in audit(casino_code=w.c.code):
        assert register.invalid == [], [str(p) for f in register.invalid for p in f.problems]


# --- art. 49-13: the start value and the conditions, fixed until a stop -----------------------------------------


def test_lu_49_13_al_3_the_conditions_cannot_be_changed_before_the_stop(lu):
    """« Les conditions d'incrémentation font l'objet d'un affichage permanent à disposition du public, à chaque
    table. Elles ne peuvent être modifiées avant l'arrêt du jackpot progressif. »: a second opening (a new start
    value) while it runs is refused; after a stop it is taken."""
    opened = _open(lu)
    _refused(lambda: _open(lu, start="3000.00"), "gaming_day", ErrorCode.JACKPOT_ACTIVE, "49-13",
             f"n° {opened.seq}", "avant son arrêt")
    _stop(lu)
    again = _open(lu, start="3000.00")
    assert _state(lu).stage_on(TODAY()) == Stage.RUNNING and _state(lu).start == Decimal("3000.00")
    assert again.kind == "jackpot.configuration"
    _no_finding(lu)


def test_lu_49_13_al_3_the_house_rules_do_not_change_the_increment_while_it_runs(lu):
    """« Elles ne peuvent être modifiées avant l'arrêt »: a version of the house rules changing the bad beat's
    rounding, in force while it runs, is refused by `bad_beat_conditions_problems`."""
    _open(lu)
    _refused(lambda: record_house_rules(lu, bad_beat_rounding="plus_proche"), "bad_beat_pots",
             ErrorCode.JACKPOT_ACTIVE, "49-13", "avant son arrêt")


def _state(w):
    from registers.chain.services import register_for
    from registers.poker.selectors import bad_beat_of

    return bad_beat_of(register_for(casino=w.c, kind="bad_beat"), wins=True)


# --- art. 49-12 al. 4, 49-13 al. 10: a win capped by the cagnotte, then its restart ------------------------------


def test_lu_49_12_a_win_is_never_above_the_cagnotte(lu):
    """« 50 % du montant de la cagnotte du bad beat jackpot sont payés au joueur qui remporte le jackpot, les 50%
    restants sont répartis »: the cagnotte is its start value plus the day's statement (no deals imported): a win a
    cent above it is refused, the whole of it is taken, and the cagnotte restarts at 0."""
    _open(lu)
    pending_countersign(pending=bad_beat_statement_file(
        casino=lu.c, actor=lu.accountant_c, gaming_day=TODAY(), amount="50.00", currency="EUR",
        history_reference="Historique du jour"), countersigner=lu.manager_c)
    _refused(lambda: _win(lu, amount="2050.01"), "amount", ErrorCode.ABOVE_JACKPOT, "49-12", "2\u202f050,00")
    pending_countersign(pending=_win(lu, amount="2050.00"), countersigner=lu.manager_c)
    rows = account(_state(lu), {TODAY(): Decimal("50.00")})
    assert [(row.credit, row.won, row.balance) for row in rows] == [(Decimal("50.00"), Decimal("2050.00"), 0)]
    _refused(lambda: _win(lu, amount="0.01", won_at="23:59"), "amount", ErrorCode.ABOVE_JACKPOT, "49-12")
    _no_finding(lu)


def test_lu_49_13_al_10_after_its_win_the_cagnotte_restarts_as_the_house_rules_say(lu):
    """« Après son gain, la cagnotte du bad beat jackpot redémarre à 0 € ou à la valeur de départ fixée par le
    casino. »: the house rules say 0; a restart at the start value is refused."""
    _open(lu)
    _refused(lambda: _win(lu, amount="100.00", restart_at="2000.00"), "restart_at", ErrorCode.INVALID, "49-13",
             "redémarre à 0,00")


# --- art. 49-13 al. 1: the jackpot is its start value and its increments ------------------------------------------


def test_lu_49_13_al_1_no_win_before_the_establishment_fixes_its_start_value(lu):
    """« Le bad beat jackpot est constitué de la valeur de départ du jackpot fixée par l'établissement et d'un
    incrément prélevé sur le pot après la retenue au profit de la cagnotte. »: before any start value is fixed there
    is no jackpot to win: a win is refused, and so is one dated before the opening once it is recorded; the audit
    finds a win written past the service before it."""
    said = _refused(lambda: _win(lu, amount="10.00"), "gaming_day", ErrorCode.BEFORE_OPENING, "49-13 al. 1",
                    "valeur de départ")
    assert "champ" in said
    _open(lu, 2)
    _refused(lambda: _win(lu, amount="10.00", gaming_day=_day(3), late_reason=LATE), "gaming_day",
             ErrorCode.BEFORE_OPENING, "49-13 al. 1")
    assert _win(lu, amount="10.00").pk


def test_lu_49_13_al_1_a_win_dated_after_an_opening_recorded_late_counts_in_the_account(lu):
    """« constitué de la valeur de départ du jackpot fixée par l'établissement et d'un incrément »: the opening
    recorded late (the paper register carried into Vigie) is dated before a win filed earlier in the register: the
    jackpot was constituted on the win's day, so the win is the account's, whatever the order of filing."""
    from registers.chain.services import register_for
    from tests.test_registers_audit import seed

    register = register_for(casino=lu.c, kind="bad_beat")
    seed(register, "jackpot.gain", {"table": "P1", "won_at": "21:00", "amount": "300.00", "restart_at": "0.00"},
         actor=lu.accountant_c, countersigner=lu.manager_c)  # a win of the paper register, written before the opening
    _open(lu, 3)
    rows = account(_state(lu), {})
    assert [(row.day, row.won, row.balance) for row in rows] == [(_day(3), 0, Decimal("2000.00")),
                                                                  (TODAY(), Decimal("300.00"), 0)]


# --- art. 49-14 al. 3: back in service, the cagnotte as the breakdown left it -------------------------------------


def test_lu_49_14_al_3_back_in_service_after_a_breakdown_the_cagnotte_is_as_the_stop_left_it(lu, client):
    """« En cas d'arrêt involontaire du système engendré par une panne technique, la partie continue sans que les pots
    ne soient prélevés au titre de l'incrémentation du bad beat jackpot et les joueurs ne peuvent alors prétendre au
    gain de la cagnotte. »: nothing enters or leaves the cagnotte while the machine is down, so it is put back in
    service at its balance when it stopped (a restart at 0 is refused, naming the field), and the account resumes
    from the restart's amount (the page marks the day); the carnet de compte's lines (the house's retention, read 1 of
    lu.bad_beat_jackpot.montants_notes_pendant_la_panne) do not enter it."""
    _open(lu, 3)
    pending_countersign(pending=bad_beat_statement_file(
        casino=lu.c, actor=lu.accountant_c, gaming_day=_day(3), amount="40.00", currency="EUR",
        history_reference="Historique", late_reason=LATE), countersigner=lu.manager_c)
    _stop(lu, 2)
    _signed(lu, bad_beat_manual_file(casino=lu.c, actor=lu.accountant_c, gaming_day=_day(2), table="P1",
                                     amount="12.00", currency="EUR", late_reason=LATE))
    said = _refused(lambda: bad_beat_restart(casino=lu.c, actor=lu.manager_c, gaming_day=_day(1), restart_at="0",
                                             late_reason=LATE), "restart_at", ErrorCode.INVALID, "49-14 al. 3",
                    "2\u202f040,00", "montant de redémarrage")
    assert "0,00" in said
    _signed(lu, bad_beat_restart(casino=lu.c, actor=lu.manager_c, gaming_day=_day(1), restart_at="2040.00",
                                 late_reason=LATE))
    rows = account(_state(lu), {_day(3): Decimal("40.00"), TODAY(): Decimal("5.00")})
    assert [(row.day, row.resumed, row.balance) for row in rows] == [
        (_day(3), None, Decimal("2040.00")), (_day(1), Decimal("2040.00"), Decimal("2040.00")),
        (TODAY(), None, Decimal("2045.00"))]
    client.force_login(lu.manager_c)
    page = client.get(reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "bad_beat"})).content.decode()
    assert page.count('data-testid="account-resumed"') == 1
    _no_finding(lu)


def test_lu_49_14_a_restart_written_past_the_service_is_found_by_the_audit(lu):
    """« la partie continue sans que les pots ne soient prélevés »: a restart at another amount than the cagnotte the
    stop left, written past the service, is the audit's finding (`registers_audit`), the same control."""
    from registers.chain.services import register_for
    from tests.test_registers_audit import seed

    _open(lu, 3)
    _stop(lu, 2)
    seed(register_for(casino=lu.c, kind="bad_beat"), "jackpot.configuration", {"restart_at": "0.00"},
         actor=lu.manager_c, day=_day(1))
    found = [str(p) for register in audit(casino_code=lu.c.code) for f in register.invalid for p in f.problems]
    assert any("telle que l'arrêt l'a laissée" in problem for problem in found), found


# --- art. 49-14 al. 2: the voluntary stop and its notice ------------------------------------------------------------


def _notice(w, offset, notified_offset=None):
    return _signed(w, bad_beat_notice(
        casino=w.c, actor=w.manager_c, gaming_day=_day(offset),
        minister_notified_on=_day(offset if notified_offset is None else notified_offset),
        reference="Lettre n° 42", late_reason=LATE))


def test_lu_49_14_al_2_a_voluntary_stop_only_after_its_notice_to_the_minister(lu):
    """« Un arrêt volontaire du bad beat jackpot peut intervenir à tout moment sous réserve d'en informer le Ministre
    des Finances dans les quinze jours qui précèdent. »: the notice recorded with its date; a stop 14 days after it
    is refused, 15 days after it is taken (the applied reading: games/rules/ambiguities.yaml)."""
    _open(lu, 30)
    _refused(lambda: _stop(lu, 0, voluntary=True), "minister_notified_on", ErrorCode.NOTICE_TOO_LATE, "49-14")
    _notice(lu, 14)
    _refused(lambda: _stop(lu, 0, voluntary=True), "minister_notified_on", ErrorCode.NOTICE_TOO_LATE, "49-14",
             "15 jours")
    _stop(lu, 1, voluntary=True, minister_notified_on=_day(16))
    assert _state(lu).stopped_on(TODAY())[0] == _day(1)
    _no_finding(lu)


def test_lu_49_14_al_2_the_notice_is_dated_neither_in_the_future_nor_before_the_jackpot(lu):
    """« sous réserve d'en informer le Ministre des Finances »: a notice is one already sent (not after today nor
    after the day it is written on), and never before the bad beat was put in service."""
    _open(lu, 10)
    _refused(lambda: bad_beat_notice(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(),
                                     minister_notified_on=_day(-1), reference="Lettre"),
             "minister_notified_on", ErrorCode.FUTURE_DAY, "49-14")
    _refused(lambda: _notice(lu, 3, notified_offset=2), "minister_notified_on", ErrorCode.FUTURE_DAY, "49-14")
    _refused(lambda: _notice(lu, 3, notified_offset=11), "minister_notified_on", ErrorCode.BEFORE_OPENING, "49-14")
    _refused(lambda: _stop(lu, 0, voluntary=True, minister_notified_on=_day(20)), "minister_notified_on",
             ErrorCode.BEFORE_OPENING, "49-14")
    _notice(lu, 3, notified_offset=4)
    _no_finding(lu)


# --- art. 49-14 al. 3: the breakdown's carnet de compte -------------------------------------------------------------


def _carnet(w, offset=0, table="P1", amount="42.00"):
    return bad_beat_manual_file(casino=w.c, actor=w.accountant_c, gaming_day=_day(offset), table=table,
                                amount=amount, currency="EUR")


def test_lu_49_14_al_3_the_carnet_de_compte_is_kept_during_a_breakdown_only(lu):
    """« En cas d'arrêt involontaire du système engendré par une panne technique […] Les montants prélevés seront
    notés manuellement dans un carnet de compte. »: not while it runs, not after a voluntary stop, once per table and
    day during a breakdown, and no longer once it is back in service."""
    _open(lu, 30)
    _refused(lambda: _carnet(lu), "gaming_day", ErrorCode.NOT_ACTIVE, "49-14", "pendant une panne")
    _stop(lu, 1)
    line = _carnet(lu, 1)
    assert line.kind == "jackpot.carnet_de_compte"
    _refused(lambda: _carnet(lu, 1), "table", ErrorCode.DUPLICATE, "49-14", f"n° {line.seq}")
    _carnet(lu, 1, table="P2")
    bad_beat_restart(casino=lu.c, actor=lu.manager_c, gaming_day=TODAY(), restart_at="2000.00")  # as it stopped
    _refused(lambda: _carnet(lu, 0), "gaming_day", ErrorCode.NOT_ACTIVE, "49-14")
    _notice(lu, 25)
    _stop(lu, 0, voluntary=True)
    _refused(lambda: _carnet(lu, 0), "gaming_day", ErrorCode.NOT_ACTIVE, "49-14")
    _no_finding(lu)


def test_lu_49_14_al_3_the_carnet_is_reconciled_with_the_deals_of_its_days():
    """« Les montants prélevés seront notés manuellement dans un carnet de compte »: each line against the retention
    of the deals imported for its table and day; a difference (or a line with no deals) is a problem."""
    day = datetime.date(2026, 3, 2)
    noted = {("P1", day): Decimal("40.00"), ("P2", day): Decimal("12.00"), ("P3", day): Decimal("1.00")}
    deals = {("P1", day): Decimal("40.00"), ("P2", day): Decimal("17.00")}
    found = carnet_problems(noted, deals, "art. 49-14")
    assert [(p.params["table"], p.params["noted"], p.params["deals"]) for p in found] == [
        ("P2", Decimal("12.00"), Decimal("17.00")), ("P3", Decimal("1.00"), Decimal("0"))]


# --- the account adds up ------------------------------------------------------------------------------------------


MONEY = st.decimals(min_value=0, max_value=5000, places=2)
STOPS = st.sampled_from((None, "panne", "volontaire"))


@given(start=MONEY, zero=st.booleans(), days=st.lists(st.tuples(MONEY, STOPS, st.booleans(), st.integers(0, 100)),
                                                      max_size=25))
def test_lu_49_13_the_cagnotte_is_its_start_plus_the_increments_less_the_wins_plus_the_restarts(start, zero, days):
    """Art. 49-13 al. 1: « constitué de la valeur de départ du jackpot fixée par l'établissement et d'un incrément »;
    al. 10: « Après son gain, la cagnotte du bad beat jackpot redémarre à 0 € ou à la valeur de départ fixée par le
    casino »; 49-14 al. 3: « la partie continue sans que les pots ne soient prélevés ». Over any sequence of days, each
    with its increments, maybe a stop (a breakdown or a voluntary one) put back in service the next day at what
    `restart_problems` accepts, maybe a win of a share of the cagnotte restarting it as the house rules say (0 or its
    start value), the account's balance is the start value plus the increments of the days in service less the wins
    plus what the wins' restarts add back, added up here independently of `account`."""
    state, rules = BadBeat(), Rules(lambda key: None, SimpleNamespace(currency="EUR",
                                                                                       jurisdiction=None))
    bad_beat_opened(state, 1, datetime.date(2026, 1, 1), {"start": str(start)})
    restart = Decimal(0) if zero else start  # the house rules' « redémarrage »
    credits, seq, expected, stopped = {}, 1, start, False
    for index, (drops, stop, wins, share) in enumerate(days):
        day = datetime.date(2026, 1, 2) + datetime.timedelta(days=index)
        credits[day] = drops
        if stopped:  # the machine back, or the stop over: the cagnotte as the stop left it
            resumed = state.resumes_at(day, credits)
            assert resumed == expected
            assert bad_beat_restart_problems(state, day, rules, resumed + Decimal("0.01"), credits)
            assert bad_beat_restart_problems(state, day, rules, resumed, credits) == []
            seq += 1
            bad_beat_opened(state, seq, day, {"restart_at": str(resumed)})
            stopped = False
        if stop is not None:
            seq += 1
            bad_beat_halted(state, seq, day, {"voluntary": stop == "volontaire"})
            stopped = True
            continue  # nothing levied that day, no win
        expected += drops
        if wins:
            amount = (state.available(day, credits) * share / 100).quantize(Decimal("0.01"), rounding="ROUND_DOWN")
            seq += 1
            bad_beat_won(state, seq, day, {"amount": str(amount), "restart_at": str(restart)})
            expected = expected - amount + (restart - (expected - amount))
            assert account(state, credits, day)[-1].balance == restart
    rows = account(state, credits)
    assert rows[-1].balance == expected
    assert rows[-1].balance == start + sum(r.credit for r in rows) - sum(r.won for r in rows) + sum(
        r.reset for r in rows)
    assert all(row.balance >= 0 for row in rows)
    assert all(row.credit == 0 for row in rows if row.stopped)


def test_lu_49_13_a_day_s_credit_is_its_deals_drops_else_its_statement():
    """Art. 49-13 al. 9: « la somme dédiée au bad beat jackpot […] est inscrite […] sur un registre spécial »: the
    deals' drops where deals were imported, else the statement of the sum."""
    assert day_credit(Decimal("3.10"), Decimal("9.00")) == Decimal("3.10")
    assert day_credit(None, Decimal("9.00")) == Decimal("9.00")
    assert day_credit(None, None) == 0



def test_lu_49_13_and_49_14_the_page_takes_the_opening_the_notice_and_the_carnet(lu, client):
    """The page's forms (registers/poker/forms.py) file through the services: the opening at its start value, the
    notice to the Minister, and, once a breakdown stops it, the carnet de compte; an opening offered no more while it
    runs, the page saying why (art. 49-13 al. 3)."""
    from django.urls import reverse

    client.force_login(lu.manager_c)
    url = reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "bad_beat"})
    day = TODAY().isoformat()
    assert 'name="badbeat_open-start"' in client.get(url).content.decode()
    assert client.post(url, {"action": "badbeat_open", "badbeat_open-gaming_day": day,
                             "badbeat_open-start": "1500,00"}).status_code == 302
    page = client.get(url).content.decode()
    assert 'data-testid="bad-beat-balance"' in page and "1\u202f500,00" in page
    assert 'data-testid="bad-beat-open-refused"' in page and 'name="badbeat_open-start"' not in page
    assert 'name="badbeat_carnet-amount"' not in page and 'data-testid="bad-beat-manual-refused"' in page
    assert client.post(url, {"action": "badbeat_notice", "badbeat_notice-gaming_day": day,
                             "badbeat_notice-minister_notified_on": day,
                             "badbeat_notice-reference": "Lettre n° 7"}).status_code == 302
    _stop(lu)
    assert client.post(url, {"action": "badbeat_carnet", "badbeat_carnet-gaming_day": day,
                             "badbeat_carnet-table": "P1", "badbeat_carnet-amount": "12,50"}).status_code == 302
    page = client.get(url).content.decode()
    assert "Lettre n° 7" in page and 'data-testid="bad-beat-carnet"' in page
    _no_finding(lu)

# --- the demo: La Moselle's account -------------------------------------------------------------------------------


def test_lu_49_12_to_49_14_la_moselle_s_account_in_the_demo(demo, rules, client):
    """The demo (registers/poker/demo.py): the account kept from its opening, a win within the cagnotte, a voluntary
    stop after its notice, a breakdown's carnet de compte whose planted 5 € short line the reconciliation finds, and
    nothing else; the page shows the balance, the notice and the line that differs; the audit finds nothing."""
    from django.urls import reverse

    from compliance.models import Casino, User
    from compliance.reconciliation.services import reconciliation_run
    from registers.chain.services import register_for
    from registers.kinds import RegisterKind
    from registers.poker.selectors import bad_beat_credits, bad_beat_of

    casino = Casino.objects.select_related("jurisdiction").get(code="la-moselle")
    today = casino.today()
    state = bad_beat_of(register_for(casino=casino, kind=RegisterKind.BAD_BEAT), wins=True)
    rows = account(state, bad_beat_credits(casino))
    assert state.opened[0] == today - datetime.timedelta(days=4) and state.start == Decimal("2000.00")
    assert [row.stopped for row in rows if row.day == today - datetime.timedelta(days=3)] == [True]
    assert rows[-1].balance == Decimal("2000.00") + sum(row.credit for row in rows) > Decimal("2000.00")
    # the stop's notice 22 days before it, then today the request to the Minister for the next stop (art. 49-14 al. 2:
    # compliance/approvals/demo.py), recorded by its reference
    assert [day for day, _seq in state.notices] == [today - datetime.timedelta(days=22), today]
    day = today - datetime.timedelta(days=2)
    found = reconciliation_run(casino=casino, gaming_day=day, actor=User.objects.get(username="lu.caissier"))
    carnet = [finding for finding in found.findings.all() if finding.kind == "poker_carnet"]
    assert [(f.params["table"], f.params["amount"]) for f in carnet] == [("TH-1", "-5.00")], carnet
    earlier = reconciliation_run(casino=casino, gaming_day=day - datetime.timedelta(days=1),
                                 actor=User.objects.get(username="lu.caissier"))
    assert not [finding for finding in earlier.findings.all() if finding.kind == "poker_carnet"]
    client.force_login(User.objects.get(username="lu.caissier"))
    page = client.get(reverse("registers-other", kwargs={"casino": "la-moselle", "kind": RegisterKind.BAD_BEAT}))
    page = page.content.decode()
    assert 'data-testid="bad-beat-balance"' in page and "Lettre au Ministre des Finances n° 2026-131" in page
    assert page.count('data-testid="carnet-differs"') == 1
    for register in audit(casino_code="la-moselle", kind=RegisterKind.BAD_BEAT):
        assert register.invalid == [], [str(p) for f in register.invalid for p in f.problems]
