"""The values the texts leave to an arrêté du Ministre des Finances (issue 38, point 2), named after the articles that
delegate them: each casino's management files them, dated and versioned, with the arrêté's reference; the nightly
reconciliation compares every table session and poker séance opened with the version in force that day and reports
each difference citing the article that delegates the value, never refusing the session."""

import datetime
import json
from decimal import Decimal

import pytest
from django.db import DatabaseError, transaction
from django.urls import reverse
from django.utils import translation

from compliance.errors import DomainError
from compliance.models import AuditEvent, Casino
from compliance.reconciliation.models import Finding
from compliance.reconciliation.services import reconciliation_run
from games.poker import hand as deal
from registers.arretes import errors, rules, selectors
from registers.arretes.controls import MEASURES, Delegation, Filed, Opened, arrete_problems
from registers.arretes.services import arrete_value_file
from registers.models import ArreteValue
from tests.conftest import lu_today, make_user
from tests.poker_world import session as poker_session
from tests.tables_world import lu_table, open_lu

DAY = lu_today() - datetime.timedelta(days=1)
SINCE = DAY - datetime.timedelta(days=30)


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def file(w, concept, value, *, since=SINCE, reference="Arrêté ministériel du 2 janvier 2026"):
    return arrete_value_file(casino=w.c, actor=w.manager_c, concept=concept, value=value, effective_from=since,
                             reference=reference)


def findings(w, day=DAY) -> list[Finding]:
    reconciliation_run(casino=w.c, gaming_day=day, actor=w.manager_c)
    return list(Finding.objects.filter(reconciliation__casino=w.c, reconciliation__gaming_day=day, kind="arrete",
                                       state="ouvert").order_by("key"))


def test_the_delegations_are_the_texts_own_words(w):
    """Every concept of the rule data names a game of its jurisdiction, a measure the control knows, and an article
    whose text says the value is « fixé par arrêté du Ministre des Finances »."""
    from games.models import Article, Game

    found = rules.delegations(w.c.jurisdiction, DAY)
    assert {found.concept for found in found} == set(rules.concepts(w.c.jurisdiction)) and len(found) == 17
    for delegation in found:
        assert Game.objects.filter(key=delegation.game, jurisdiction=w.c.jurisdiction).exists(), delegation
        assert delegation.measure in MEASURES
        number = delegation.citation.split("art. ")[1].split(" ")[0]
        text = Article.objects.get(instrument__slug="lu-projet-rgd-1979", role="texte_introduit", number=number).text
        assert "arrêté du Ministre des Finances" in text, delegation
    assert rules.delegations(w.a.jurisdiction, DAY) == []  # QC: its texts leave nothing to a minister's arrêté


def test_lu_art_21_al_1_the_float_of_each_game_is_the_arrete_s_and_another_float_is_reported(w):
    """« Le montant de l'avance de caisse de chaque jeu est fixé par arrêté du Ministre des Finances. »"""
    table = lu_table(w, number="BA-01", game="lu.bataille")
    file(w, "bataille.avance", "3000")
    session = open_lu(w, table, DAY)  # 3 500,00 €, recorded: the session is never refused for it
    [finding] = findings(w)
    assert finding.citation == "LU RGD 1979 art. 21 al. 1 (projet)"
    assert (finding.table, finding.session_id, finding.amount) == ("BA-01", session.pk, Decimal("500.00"))
    [constat] = [item for item in json.loads(finding.reconciliation.entry.payload)["constats"]
                 if item["nature"] == "arrete"]
    assert (constat["montant"], constat["citation"]) == ("500.00", "LU RGD 1979 art. 21 al. 1 (projet)")
    assert finding.message.startswith(
        "Table BA-01, séance 1 : Avance de la table à l'ouverture : 3\u202f500,00\u00a0€, au lieu de "
        "3\u202f000,00\u00a0€, la valeur fixée par l'arrêté « Arrêté ministériel du 2 janvier 2026 » en vigueur "
        "depuis le ")
    with translation.override("en"):
        assert "Table BA-01" in finding.message_en and "3,500.00" in finding.message_en


def test_lu_art_37_9_al_4_a_holdem_float_under_the_arrete_minimum_is_reported_one_above_it_is_not(w):
    """« Le montant minimum de l'avance de la table sera fixé par arrêté du Ministre des Finances. »"""
    low, high = lu_table(w, number="HC-01"), lu_table(w, number="HC-02")
    file(w, "holdem_casino.avance_minimum", "4000")
    open_lu(w, low, DAY)  # 3 500,00 €
    open_lu(w, high, DAY, denominations={"100": 40, "25": 40, "5": 100}, float_amount="5500")
    [finding] = findings(w)
    assert (finding.table, finding.citation) == ("HC-01", "LU RGD 1979 art. 37-9 al. 4 (projet)")
    assert "sous le minimum de 4\u202f000,00\u00a0€" in finding.message


def test_lu_art_37_11_al_2_and_37_17_al_2_a_minimum_bet_under_the_arrete_s_is_reported(w):
    """« Le minimum de mise est fixé par arrêté du Ministre des Finances. » (37-11) ; « Le minimum des mises est fixé
    par arrêté du Ministre des Finances. » (37-17)"""
    holdem, bataille = lu_table(w), lu_table(w, number="BA-01", game="lu.bataille")
    file(w, "holdem_casino.minimum", "10")
    file(w, "bataille.minimum", "25")
    open_lu(w, holdem, DAY, minimum="10.00")  # the arrêté's: nothing
    open_lu(w, bataille, DAY, minimum="20.00", maximum="400.00")
    [finding] = findings(w)
    assert (finding.table, finding.citation) == ("BA-01", "LU RGD 1979 art. 37-17 al. 2 (projet)")
    assert "Mise minimale à l'ouverture : 20,00\u00a0€, sous le minimum de 25,00\u00a0€" in finding.message


def test_lu_art_37_13_al_4_the_uth_minima_and_maxima_are_the_arrete_s(w):
    """« Les minima, maxima et les cases « ANTE », « BLIND » et « TRIPS » sont fixés par arrêté du Ministre des
    Finances. »"""
    table = lu_table(w, number="UT-01", game="lu.uth")
    file(w, "uth.minimum", "10")
    file(w, "uth.maximum", "400")
    open_lu(w, table, DAY, minimum="10.00", maximum="500.00")
    [finding] = findings(w)
    assert finding.citation == "LU RGD 1979 art. 37-13 al. 4 (projet)"
    assert "Mise maximale à l'ouverture : 500,00\u00a0€, au-delà du maximum de 400,00\u00a0€" in finding.message
    assert finding.amount == Decimal("100.00")


def test_lu_art_49_3_and_49_7_the_retention_rate_and_the_least_stake_of_each_poker_game(w):
    """« La retenue de la taxe en faveur du casino, les minima des enjeux et les montants de la cave et de la caisse,
    seront fixés par arrêté du Ministre des Finances. » ; « Le chef de salle responsable a la possibilité
    d'augmenter […] le minimum des mises fixé par l'arrêté ministériel. »"""
    file(w, "texas_holdem.retenue", "5")
    file(w, "texas_holdem.minimum", "10")
    file(w, "omaha.minimum", "4")
    poker_session(w.c, w.manager_c, DAY, rate="0.05", minimum="20", small="10", big="20")  # raised: allowed
    poker_session(w.c, w.manager_c, DAY, table="TH-2", rate="0.06", hour=20)
    poker_session(w.c, w.manager_c, DAY, table="OM-1", variant=deal.OMAHA, version=deal.POT_LIMIT, minimum="2",
                  small="1", big="2", hour=21)
    found = findings(w)
    assert [(finding.table, finding.citation) for finding in found] == [
        ("OM-1", "LU RGD 1979 art. 49-7 al. 1 (projet)"), ("TH-2", "LU RGD 1979 art. 49-3 al. 1 (projet)")]
    assert "Taux de retenue à l'ouverture : 6 %, au lieu de 5 %" in found[1].message
    assert found[1].amount is None and found[1].session_id is None


def test_the_control_compares_the_amount_itself_a_least_value_and_a_greatest_one():
    """A pure function: « fixé » (a float, a rate) is the amount itself, « le montant minimum » and a least bet the chef
    de salle may raise (art. 49-3 al. 2) are least values, a maximum a greatest one; a value the casino has not filed,
    or one of a delegation not yet in force, is compared with nothing."""
    day, citation = datetime.date(2026, 11, 1), "art."
    delegations = [Delegation("g.avance", "g", "avance", citation, day), Delegation("g.minimum", "g", "minimum",
                                                                                    citation, day),
                   Delegation("g.maximum", "g", "maximum", citation, day),
                   Delegation("g.cave", "g", "cave", citation, day),
                   Delegation("g.retenue", "g", "retenue", citation, day + datetime.timedelta(days=1))]
    filed = {concept: Filed(Decimal(value), "AM 1", day) for concept, value in (
        ("g.avance", "100"), ("g.minimum", "10"), ("g.maximum", "50"), ("g.cave", "5"), ("g.retenue", "5"))}

    def fields(opened):
        return [problem.field for problem in arrete_problems(Opened("g", day, opened), delegations, filed,
                                                             currency="EUR")]

    assert fields({"float_amount": 100, "minimum": 20, "maximum": 50, "rake_rate": 6}) == []
    assert fields({"float_amount": 101, "minimum": 9, "maximum": 51}) == ["float_amount", "minimum", "maximum"]
    assert fields({"float_amount": 99}) == ["float_amount"]
    assert arrete_problems(Opened("h", day, {"float_amount": 1}), delegations, filed, currency="EUR") == []
    assert arrete_problems(Opened("g", day, {"minimum": 1}), delegations, {}, currency="EUR") == []


def test_the_version_in_force_is_the_latest_effective_on_or_before_the_day(w):
    table = lu_table(w, number="UT-01", game="lu.uth")
    file(w, "uth.maximum", "400", since=SINCE)
    file(w, "uth.maximum", "500", since=DAY, reference="Arrêté ministériel du 1er mars 2026")
    file(w, "uth.maximum", "300", since=DAY + datetime.timedelta(days=1), reference="Arrêté à venir")
    assert selectors.in_force(w.c, DAY)["uth.maximum"].value == Decimal("500")
    assert selectors.in_force(w.c, DAY - datetime.timedelta(days=1))["uth.maximum"].reference == \
        "Arrêté ministériel du 2 janvier 2026"
    open_lu(w, table, DAY, minimum="10.00", maximum="500.00")
    assert findings(w) == []


def test_a_version_is_never_changed_a_new_arrete_is_a_new_version(w):
    filed = file(w, "uth.maximum", "400")
    with pytest.raises(DomainError) as error:
        file(w, "uth.maximum", "450")
    assert error.value.field == "effective_from" and "déjà une version" in str(error.value.message)
    with pytest.raises(DatabaseError), transaction.atomic():
        ArreteValue.objects.filter(pk=filed.pk).update(value=Decimal("450"))
    with pytest.raises(DatabaseError), transaction.atomic():
        ArreteValue.objects.filter(pk=filed.pk).delete()
    event = AuditEvent.objects.get(action="arrete_filed", target_id=str(filed.pk))
    assert (event.actor, event.details["arrete"], event.details["citation"]) == (
        w.manager_c, "Arrêté ministériel du 2 janvier 2026", "LU RGD 1979 art. 37-13 al. 4 (projet)")


@pytest.mark.parametrize(("concept", "value", "reference", "field", "words"), [
    ("uth.pourboire", "10", "AM 1", "concept", "aucun arrêté"),
    ("uth.maximum", "-5", "AM 1", "value", "montant ou taux"),
    ("uth.maximum", "12,345678", "AM 1", "value", "quatre décimales"),
    ("texas_holdem.retenue", "120", "AM 1", "value", "pour cent"),
    ("uth.maximum", "400", "  ", "reference", "référence de l'arrêté"),
])
def test_a_filing_refused_names_its_field_in_french_and_english(w, concept, value, reference, field, words):
    with pytest.raises(DomainError) as error:
        file(w, concept, value, reference=reference)
    assert error.value.field == field and words in str(error.value.message)
    assert ArreteValue.objects.count() == 0


def test_only_the_management_files_and_the_qc_texts_delegate_nothing(w):
    with pytest.raises(DomainError) as error:
        arrete_value_file(casino=w.c, actor=w.accountant_c, concept="uth.maximum", value="400", effective_from=SINCE,
                          reference="AM 1")
    assert error.value.field == "actor" and error.value.message == errors.MANAGER_ONLY
    with pytest.raises(DomainError) as error:
        arrete_value_file(casino=w.a, actor=w.manager_a, concept="uth.maximum", value="400", effective_from=SINCE,
                          reference="AM 1")
    assert error.value.field == "concept"


def test_the_page_files_a_version_for_the_manager_and_shows_it_to_the_regulator(w, client):
    url = reverse("arretes", kwargs={"casino": w.c.code})
    client.force_login(w.manager_c)
    data = {"action": "arrete", "arrete-concept": "uth.maximum", "arrete-value": "400",
            "arrete-effective_from": SINCE.isoformat(), "arrete-reference": "AM n° 2026-14"}
    response = client.post(url, data)
    assert response.status_code == 200 and ArreteValue.objects.count() == 0  # restated first
    response = client.post(url, {**data, "arrete-confirme": "1"})
    assert response.status_code == 302 and ArreteValue.objects.get().reference == "AM n° 2026-14"
    response = client.post(url, {**data, "arrete-confirme": "1", "arrete-value": "abc"})
    assert "champ « montant ou taux »" in response.content.decode()
    client.force_login(w.regulator_lu)
    page = client.get(url).content.decode()
    assert "AM n° 2026-14" in page and "LU RGD 1979 art. 37-13 al. 4 (projet)" in page and "Lecture seule" in page
    assert 'data-testid="form-arrete"' not in page
    assert client.post(url, data).status_code == 403
    client.force_login(w.manager_a)
    page = client.get(reverse("arretes", kwargs={"casino": w.a.code})).content.decode()
    assert 'data-testid="no-delegation"' in page and 'data-testid="form-arrete"' not in page


def test_the_demo_files_la_moselle_s_two_arretes_and_the_reconciliation_finds_one_difference_of_each_kind(demo, rules):
    """La Moselle's sessions of yesterday did not yet apply the arrêté in force from yesterday: a float (the amount
    itself, art. 21 al. 1), a maximum (a greatest value, art. 37-13 al. 4), a minimum (a least value, art. 37-17 al.
    2) and a poker retention rate (art. 49-7 al. 1); the second séance at UT-01 opened its TRIPS spot above the arrêté's
    maximum (art. 37-13 al. 4, a spot's limit, the tables' own planted case). Lac-Bleu (QC) and Les Rochers (MC) file
    nothing: their texts leave no value to a minister's arrêté (MC AM 2007-668: the table's limits « fixés par la
    Direction des Jeux »)."""
    found = Finding.objects.filter(kind="arrete").select_related("reconciliation__casino")
    yesterday = Casino.objects.get(code="la-moselle").today() - datetime.timedelta(days=1)
    assert sorted((f.reconciliation.casino.code, f.reconciliation.gaming_day, f.table, f.citation) for f in found) == [
        ("la-moselle", yesterday, "BT-02", "LU RGD 1979 art. 37-17 al. 2 (projet)"),
        ("la-moselle", yesterday, "OM-1", "LU RGD 1979 art. 49-7 al. 1 (projet)"),
        ("la-moselle", yesterday, "UT-01", "LU RGD 1979 art. 21 al. 1 (projet)"),
        ("la-moselle", yesterday, "UT-01", "LU RGD 1979 art. 37-13 al. 4 (projet)"),
        ("la-moselle", yesterday, "UT-01", "LU RGD 1979 art. 37-13 al. 4 (projet)")]  # the TRIPS spot's maximum too
    assert set(ArreteValue.objects.values_list("casino__code", flat=True)) == {"la-moselle"}
    assert ArreteValue.objects.count() == 20  # the TRIPS maximum the tables file too


def test_the_session_s_page_says_what_it_opened_with_otherwise_than_the_arrete(w, client):
    """The same control as the reconciliation's, asked by the page of the table's session: the difference is said with
    the article that delegates the value, the session stays as it opened."""
    table = lu_table(w, number="UT-01", game="lu.uth")
    file(w, "uth.maximum", "400")
    session = open_lu(w, table, DAY, minimum="10.00", maximum="500.00")
    client.force_login(w.regulator_lu)
    page = client.get(reverse("tables-session", kwargs={"casino": w.c.code, "pk": session.pk})).content.decode()
    assert 'data-testid="arrete-differences"' in page and "LU RGD 1979 art. 37-13 al. 4 (projet)" in page
    assert "au-delà du maximum de 400,00\u00a0€" in page


def test_the_poker_room_s_day_says_which_seance_opened_otherwise_than_the_arrete(demo, rules, client):
    """Art. 49-7 al. 1, the poker room's day page: the séance that opened with another retention rate than the arrêté
    in force that day is said with the article, as the reconciliation reports it; the others are not."""
    from compliance.models import User
    from registers.models import PokerSession

    casino = Casino.objects.get(code="la-moselle")
    yesterday = casino.today() - datetime.timedelta(days=1)
    client.force_login(User.objects.get(username="lu.ministere"))
    page = client.get(reverse("poker-day", kwargs={"casino": casino.code}), {"jour": yesterday.isoformat()})
    text = page.content.decode()
    seances = PokerSession.objects.filter(casino=casino, gaming_day=yesterday)
    said = {session.table for session in seances if f'data-testid="arrete-differences-{session.pk}"' in text}
    assert page.status_code == 200 and seances.count() > 1
    assert said == {"OM-1"}, said
    assert "LU RGD 1979 art. 49-7 al. 1 (projet)" in text
