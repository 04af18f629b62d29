"""A poker table's séance complete, at the opening and at the close: the initial cave and the caisse de change the chef
de salle fixes at the opening, recorded with the arrêté values in force that day; the séance closed once with its
caisse de change counted, a difference explained or reported; a recave within the house rules' maximum.

LU RGD 1979 (a draft applied as such, /work/shared/seeds): art. 49-1 « Il lui est remis, à chaque début de séance, une
caisse de change qui doit être encastrée dans la table de jeu »; « Au cours d'une partie, le joueur a la possibilité de
se recaver. Aucune recave n'est acceptée pendant un coup. Le montant maximum de la recave est fixé par le règlement
intérieur. »; art. 49-3 (49-7 for Omaha) al. 1 « les montants de la cave et de la caisse, seront fixés par arrêté du
Ministre des Finances », al. 3 « Le montant de la cave initiale, de la small blind et de la big blind est fixé à
l'ouverture de la table et en début de partie par le chef de salle responsable », al. 4 « Le montant et la composition
de la caisse de change sont fixés à l'ouverture de la table par le chef de salle responsable du casino et ne peuvent
plus être modifiés avant la prochaine séance »."""

import datetime
import json
from dataclasses import dataclass
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from compliance.errors import DomainError
from compliance.reconciliation.models import Finding
from compliance.reconciliation.services import reconciliation_run
from registers.arretes.services import arrete_value_file
from registers.errors import ErrorCode
from registers.models import Entry, Rebuy, SeanceClose
from registers.poker_room import controls, rules, selectors
from registers.poker_room.services import poker_rebuy, poker_seance_close
from tests.conftest import lu_today, make_user
from tests.poker_world import session as poker_session

pytestmark = pytest.mark.django_db

DAY = lu_today() - datetime.timedelta(days=1)
D = Decimal


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def at(hour: int, minute: int = 0) -> datetime.datetime:
    return datetime.datetime.combine(DAY, datetime.time(hour, minute), tzinfo=ZoneInfo("Europe/Luxembourg"))


def opened(w, *, caisse="5000", cave="100", table="TH-1"):
    return poker_session(w.c, w.manager_c, DAY, table=table, caisse=caisse, cave=cave)


def close(w, caisse, explanation="", *, table="TH-1", when=None):
    return poker_seance_close(casino=w.c, actor=w.manager_c, gaming_day=DAY, table=table, caisse=caisse,
                              explanation=explanation, closed_at=when or at(23, 30))


def payload(row) -> dict:
    return json.loads(Entry.objects.get(pk=row.entry_id).payload)


def test_lu_49_1_the_caisse_de_change_and_the_initial_cave_are_recorded_at_the_seances_opening(w):
    """« Il lui est remis, à chaque début de séance, une caisse de change »; « Le montant de la cave initiale [...]
    est fixé à l'ouverture de la table [...] par le chef de salle responsable » (art. 49-3 al. 3): both kept on the
    session and in its entry, the caisse with the article that fixes it until the next séance (al. 4)."""
    session = opened(w)
    assert (session.caisse, session.cave) == (D("5000.00"), D("100.00"))
    written = payload(session)
    assert written["cave"]["montant"] == "100.00" and "49-3 al. 3" in written["cave"]["citation"]
    assert written["caisse"]["montant"] == "5000.00"
    assert "49-3 al. 4" in written["caisse"]["citation"]


def test_lu_49_3_the_opening_entry_records_the_arrete_values_in_force_that_day(w):
    """« les montants de la cave et de la caisse, seront fixés par arrêté du Ministre des Finances » (al. 1): the
    opening's entry keeps the values of its game in force that day, each with the reference the management filed."""
    for concept, value in (("texas_holdem.cave", "100"), ("texas_holdem.caisse", "5000")):
        arrete_value_file(casino=w.c, actor=w.manager_c, concept=concept, value=value,
                          effective_from=DAY - datetime.timedelta(days=10), reference="Arrêté ministériel n° 7")
    written = payload(opened(w))["arretes_en_vigueur"]
    assert written["texas_holdem.caisse"]["valeur"] == "5000"
    assert written["texas_holdem.cave"]["reference"] == "Arrêté ministériel n° 7"
    assert "49-3 al. 1" in written["texas_holdem.cave"]["citation"]
    assert "omaha.cave" not in written  # the game's own values only


def test_lu_49_3_a_caisse_or_a_cave_under_the_arretes_is_a_difference_of_the_reconciliation(w):
    """al. 1 fixes the amounts of the cave and the caisse by arrêté; the chef de salle fixes the table's at its
    opening (al. 3, 4): one under the arrêté's is reported citing the article that delegates it, never refused."""
    for concept, value in (("texas_holdem.cave", "100"), ("texas_holdem.caisse", "5000")):
        arrete_value_file(casino=w.c, actor=w.manager_c, concept=concept, value=value,
                          effective_from=DAY - datetime.timedelta(days=10), reference="Arrêté ministériel n° 7")
    opened(w, caisse="4000", cave="50")
    close(w, "4000")
    reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c)
    keys = set(Finding.objects.filter(reconciliation__casino=w.c, kind="arrete").values_list("key", flat=True))
    assert keys == {"arrete:TH-1:1:texas_holdem.caisse", "arrete:TH-1:1:texas_holdem.cave"}


def test_lu_49_3_al_4_the_seance_closes_with_its_caisse_counted_and_nothing_is_added_after(w):
    """« ne peuvent plus être modifiés avant la prochaine séance »: the close counts the caisse beside the opening's,
    by whom and when; once closed, no session opens, no stake is set aside, no recave is taken that day."""
    session = opened(w)
    closed = close(w, "5000")
    assert (closed.caisse_opened, closed.caisse_counted, closed.difference, closed.closed_by) == (
        D("5000.00"), D("5000.00"), D("0.00"), w.manager_c)
    written = payload(closed)
    assert (written["caisse_fermeture"], written["ecart"], written["explication"]) == ("5000.00", "0.00", "")
    with pytest.raises(DomainError) as twice:
        close(w, "5000", when=at(23, 45))
    assert twice.value.field == "table" and "est fermée depuis" in str(twice.value)
    with pytest.raises(DomainError) as late:
        poker_rebuy(session=session, actor=w.manager_c, seat=2, player="Ana", amount="50", rebought_at=at(23, 40))
    assert "est fermée depuis" in str(late.value)
    with pytest.raises(DomainError):
        poker_session(w.c, w.manager_c, DAY, table="TH-1", hour=23)
    assert SeanceClose.objects.count() == 1


def test_house_control_a_seance_is_closed_after_it_opened_and_only_if_it_opened(w):
    with pytest.raises(DomainError) as none:
        close(w, "5000", table="TH-9")
    assert none.value.field == "table" and "n'a pas ouvert de séance" in str(none.value)
    opened(w)
    with pytest.raises(DomainError) as early:
        close(w, "5000", when=at(18))
    assert early.value.field == "closed_at"


def test_lu_49_3_al_4_a_difference_explained_at_the_close_is_said_an_unexplained_one_reported(w):
    """« Le montant et la composition de la caisse de change [...] ne peuvent plus être modifiés avant la prochaine
    séance »: closed 200 short without a word, the reconciliation reports it (poker_caisse) with the difference;
    explained, the page says it and nothing is reported."""
    opened(w)
    opened(w, table="OM-1", caisse="3000")
    short = close(w, "4800")
    explained = close(w, "2950", "Jetons de 5 € remis à la caisse centrale, bordereau 118", table="OM-1")
    citation = rules.caisse_cited(w.c, "lu.texas_holdem", DAY)
    (problem,) = selectors.caisse_left(short, citation)
    assert problem.field == "caisse" and problem.code == ErrorCode.INVALID_AMOUNT
    assert "4 800,00 € à la fermeture, 5 000,00 € à l'ouverture (-200,00 €), sans explication" in problem.text(
        w.c.jurisdiction).replace("\u202f", " ").replace("\xa0", " ")
    assert selectors.caisse_left(explained, citation) == []
    reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c)
    found = Finding.objects.filter(reconciliation__casino=w.c, kind="poker_caisse")
    assert [(f.table, f.amount) for f in found] == [("TH-1", D("-200.00"))]
    assert "49-3 al. 4" in found[0].citation


def test_lu_49_3_al_4_a_seance_left_open_is_reported_as_a_table_not_closed(w):
    """A séance whose caisse de change was counted at its opening is closed with it: left open past its day, the
    reconciliation reports the table not closed, as it reports a table game's."""
    opened(w)
    reconciliation_run(casino=w.c, gaming_day=DAY, actor=w.manager_c)
    found = Finding.objects.filter(reconciliation__casino=w.c, kind="poker_non_fermee")
    assert [(f.table, f.key) for f in found] == [("TH-1", f"poker_non_fermee:TH-1:{DAY.isoformat()}")]


@dataclass
class _House:
    recave_maximum: Decimal | None
    name: str = "règlement intérieur n° 3"


def test_lu_49_1_a_recave_above_the_house_rules_maximum_is_refused(w, monkeypatch):
    """« Le montant maximum de la recave est fixé par le règlement intérieur »: with the version in force setting
    500, a recave of 600 is refused naming the field and the house rules, one of 500 recorded with the maximum."""
    session = opened(w)
    monkeypatch.setattr(rules, "house_rules_at", lambda casino, day: _House(D("500")))
    with pytest.raises(DomainError) as above:
        poker_rebuy(session=session, actor=w.manager_c, seat=3, player="Tom", amount="600", rebought_at=at(20))
    assert above.value.field == "amount" and above.value.code == ErrorCode.INVALID_AMOUNT
    assert "dépasse le maximum de 500,00" in str(above.value) and "règlement intérieur n° 3" in str(above.value)
    assert "49-1" in str(above.value)
    rebuy = poker_rebuy(session=session, actor=w.manager_c, seat=3, player="Tom", amount="500", rebought_at=at(20))
    assert (rebuy.amount, rebuy.maximum) == (D("500.00"), D("500.00"))
    assert payload(rebuy)["maximum"] == "500.00"
    assert Rebuy.objects.count() == 1


def test_lu_49_1_a_recave_without_a_maximum_in_force_is_recorded_as_such(w):
    """Where the house rules in force set no maximum, the recave is recorded with none."""
    rebuy = poker_rebuy(session=opened(w), actor=w.manager_c, seat=1, player="Eva", amount="1000", rebought_at=at(21))
    assert rebuy.maximum is None and payload(rebuy)["maximum"] is None


def test_the_recave_control_takes_the_maximum_as_a_parameter():
    """controls.rebuy_problems: pure, the maximum passed in by its caller (the service, the audit)."""
    day = DAY
    seance = controls.Seance("T", day, at(23), (controls.Opened(1, "no_limit", at(19)),))
    moment = controls.Moment(at(20), day)

    def problems(amount, maximum):
        return [p.field for p in controls.rebuy_problems(seance, 1, controls.Recave(
            D(amount), moment, maximum, "RI", "art. 49-1"))]

    assert problems("300", D("300")) == [] and problems("300", None) == []
    assert problems("301", D("300")) == ["amount"]
    assert problems("1", None) == [] and controls.rebuy_problems(seance, 2, controls.Recave(
        D("1"), moment, None, "", ""))[0].field == "session"


def test_lu_49_1_a_recave_and_the_close_are_filed_through_the_room_s_page(w, client):
    """« Au cours d'une partie, le joueur a la possibilité de se recaver » and the séance's close with its caisse de
    change, through the room's day page: refused under the field it names, filed and said as people write amounts."""
    from django.urls import reverse

    session = opened(w)
    url = f"{reverse('poker-day', kwargs={'casino': w.c.code})}?jour={DAY.isoformat()}"
    client.force_login(w.manager_c)
    page = client.get(url).content.decode()
    assert 'name="rebuy-amount"' in page and 'name="close-caisse"' in page
    refused = client.post(url, {"action": "rebuy", "rebuy-session": str(session.pk), "rebuy-seat": "12",
                                "rebuy-player": "Ana", "rebuy-amount": "50"})
    assert 'data-testid="error-seat"' in refused.content.decode() and not Rebuy.objects.exists()
    filed = client.post(url, {"action": "rebuy", "rebuy-session": str(session.pk), "rebuy-seat": "2",
                              "rebuy-player": "Ana", "rebuy-amount": "50"}, follow=True).content.decode()
    assert "Recave de Ana (place 2)" in filed and Rebuy.objects.get().amount == D("50.00")
    closed = client.post(url, {"action": "close", "close-table": "TH-1", "close-caisse": "5000"},
                         follow=True).content.decode()
    assert "fermée, caisse de change comptée" in closed and 'data-testid="form-close"' not in closed
    assert SeanceClose.objects.get().caisse_counted == D("5000.00")
