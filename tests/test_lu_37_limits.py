"""A table session's limits per betting spot and side bet, and their changes during the séance, in Luxembourg (LU RGD
1979, draft), named after the articles they apply:

- art. 37-9: « Les mises qui y sont placées ne peuvent en aucun cas excéder dix fois le montant de la mise initiale
  dans la limite du maximum autorisé à la table. » (the Hold'em poker de casino's Bonus spot);
- art. 37-11: « Le maximum des mises par case est fixé à l'ouverture de chaque table par le directeur responsable à
  50, 100 ou 200 fois le minimum des mises. Il peut être modifié en cours de séance sous réserve de l'indiquer
  clairement sur l'affichage de la table. »;
- art. 37-13 al. 4: « Les minima, maxima et les cases « ANTE », « BLIND » et « TRIPS » sont fixés par arrêté du
  Ministre des Finances. »;
- art. 37-16: « Dans son règlement intérieur affiché, la direction du casino peut donner aux joueurs la possibilité
  d'engager […] une mise supplémentaire (mise égalité) […]. Cette mise doit respecter les limites minimales et
  maximales indiquées à la table. »;
- art. 37-17: « Le minimum peut être modifié en cours de séance sous réserve de fermer la table et de l'ouvrir à
  nouveau […]. Le maximum des mises […] peut être modifié en cours de séance sous réserve de l'indiquer. »"""

import datetime
import json
from decimal import Decimal

import pytest

from compliance.errors import DomainError
from registers.arretes.selectors import opening_differences
from registers.arretes.services import arrete_value_file
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, TableSession
from registers.models.tables import TableLimitChange
from registers.poker.services import house_rules_record
from registers.tables.limits import spot_values
from registers.tables.selectors import current_limits
from registers.tables.services import limits_change
from tests.conftest import lu_today, make_user
from tests.tables_world import close, lu_table, open_lu

pytestmark = pytest.mark.django_db
DAY = lu_today() - datetime.timedelta(days=1)
HOUSE = {"progressive_pots": "pot_entier", "progressive_rounding": "inferieur", "bad_beat_pots": "prorata",
         "bad_beat_rounding": "inferieur", "bad_beat_minimum_pot": "100.00", "bad_beat_restart": "zero"}


@pytest.fixture
def w(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _refused(call, field, *words):
    before = (Entry.objects.count(), TableSession.objects.count(), TableLimitChange.objects.count())
    with pytest.raises(DomainError) as error:
        call()
    assert error.value.field == field, error.value.message
    for word in words:
        assert word in str(error.value.message), error.value.message
    assert (Entry.objects.count(), TableSession.objects.count(), TableLimitChange.objects.count()) == before


def _audit(w) -> list[str]:
    """What registers_audit finds in the casino's registers (nothing: every entry filed through the services)."""
    return [f"{finding.register}#{finding.seq} {problem.fr}" for result in audit(casino_code=w.c.code)
            for finding in result.invalid for problem in finding.problems]


def test_lu_art_37_9_the_bonus_spot_holds_at_most_ten_times_the_initial_bet(w):
    table = lu_table(w)
    _refused(lambda: open_lu(w, table, DAY, spots={"bonus": {"minimum": "5", "maximum": "5001"}}), "spots",
             "Case Bonus", "10 fois", "art. 37-9")
    session = open_lu(w, table, DAY, spots={"bonus": {"minimum": "5", "maximum": "5000"}})
    assert session.spots == {"bonus": {"minimum": "5.00", "maximum": "5000.00"}}
    payload = json.loads(session.entry.payload)
    assert payload["mises"] == session.spots
    assert payload["mises_citations"]["bonus"] == "LU RGD 1979 art. 37-9 (projet)"
    _refused(lambda: open_lu(w, lu_table(w, number="HC-02"), DAY, spots={"super": {"minimum": "5", "maximum": "9"}}),
             "spots", "super")
    assert _audit(w) == []


def test_lu_art_37_11_the_maximum_changes_during_the_seance_indicated_at_the_table(w):
    table = lu_table(w)
    session = open_lu(w, table, DAY, minimum="10", maximum="500",
                      spots={"bonus": {"minimum": "5", "maximum": "5000"}})
    at = datetime.datetime.combine(DAY, datetime.time(22, 15), tzinfo=datetime.UTC)
    _refused(lambda: limits_change(session=session, actor=w.manager_c, minimum="10", maximum="1000",
                                   decided_by="Marc Chef, directeur responsable", displayed=False, changed_at=at),
             "displayed", "indiquées à la table", "art. 37-11")
    _refused(lambda: limits_change(session=session, actor=w.manager_c, minimum="10", maximum="1500",
                                   decided_by="Marc Chef", displayed=True), "maximum", "50, 100, 200")
    _refused(lambda: limits_change(session=session, actor=w.manager_c, minimum="10", maximum="500",
                                   decided_by="Marc Chef", displayed=True), "maximum")  # nothing changes
    change = limits_change(session=session, actor=w.manager_c, minimum="10", maximum="1000",
                           decided_by="Marc Chef, directeur responsable", displayed=True, changed_at=at)
    assert (change.maximum, change.changed_at, change.decided_by) == (Decimal("1000"), at,
                                                                      "Marc Chef, directeur responsable")
    assert change.citation == "LU RGD 1979 art. 37-11 (projet)"
    assert (change.entry.kind, change.entry.register.kind) == (EntryKind.TABLE_LIMITS, RegisterKind.AVANCES)
    payload = json.loads(change.entry.payload)
    assert payload["indique_a_la_table"] is True and payload["ancien_maximum"] == "500.00"
    assert current_limits(session).maximum == Decimal("1000")
    spot = limits_change(session=session, actor=w.manager_c, spot="bonus", minimum="5", maximum="8000",
                         decided_by="Marc Chef", displayed=True)
    assert current_limits(session).spots["bonus"] == (Decimal("5.00"), Decimal("8000.00"))
    assert spot.citation == "LU RGD 1979 art. 37-9 (projet)"
    # lowered again, the Bonus spot's 8,000 would exceed ten times the new maximum
    _refused(lambda: limits_change(session=session, actor=w.manager_c, minimum="10", maximum="500",
                                   decided_by="Marc Chef", displayed=True), "spots", "art. 37-9")
    assert [change.maximum for change in session.limit_changes.all()] == [Decimal("1000"), Decimal("8000")]
    close(w, session, {"100": 20, "25": 40, "5": 100})
    _refused(lambda: limits_change(session=session, actor=w.manager_c, minimum="10", maximum="500",
                                   decided_by="Marc Chef", displayed=True), "session", "fermée")
    assert _audit(w) == []


def test_lu_art_37_17_the_bataille_minimum_changes_only_by_closing_the_table(w):
    table = lu_table(w, number="BT-01", game="lu.bataille")
    session = open_lu(w, table, DAY, minimum="10", maximum="300")
    _refused(lambda: limits_change(session=session, actor=w.manager_c, minimum="20", maximum="400",
                                   decided_by="Marc Chef", displayed=True), "minimum", "fermant", "art. 37-17")
    change = limits_change(session=session, actor=w.manager_c, minimum="10", maximum="500", decided_by="Marc Chef",
                           displayed=True)
    assert change.citation == "LU RGD 1979 art. 37-17 (projet)"


def test_lu_art_37_16_the_egalite_bet_only_where_the_reglement_interieur_in_force_offers_it(w):
    table = lu_table(w, number="BT-01", game="lu.bataille")
    egalite = {"egalite": {"minimum": "5", "maximum": "50"}}
    _refused(lambda: open_lu(w, table, lu_today(), minimum="10", maximum="300", spots=egalite), "spots",
             "règlement intérieur", "art. 37-16")
    house_rules_record(casino=w.c, actor=w.manager_c, gaming_day=lu_today(), effective_from=lu_today(),
                       egalite=False, **HOUSE)
    _refused(lambda: open_lu(w, table, lu_today(), minimum="10", maximum="300", spots=egalite), "spots",
             "règlement intérieur")
    house_rules_record(casino=w.c, actor=w.manager_c, gaming_day=lu_today(), effective_from=lu_today(),
                       egalite=True, **HOUSE)
    session = open_lu(w, table, lu_today(), minimum="10", maximum="300", spots=egalite)
    assert session.spots["egalite"] == {"minimum": "5.00", "maximum": "50.00"}
    assert _audit(w) == []


def test_lu_art_37_13_the_trips_limits_are_compared_with_the_arrete_in_force(w):
    arrete_value_file(casino=w.c, actor=w.manager_c, concept="uth.trips", value="100", effective_from=DAY,
                      reference="Arrêté ministériel n° T-1")
    table = lu_table(w, number="UT-01", game="lu.uth")
    session = open_lu(w, table, DAY, minimum="10", maximum="500", spots={"trips": {"minimum": "5", "maximum": "200"}})
    payload = json.loads(session.entry.payload)
    assert payload["arretes"]["uth.trips"]["reference"] == "Arrêté ministériel n° T-1"
    assert payload["mises_citations"]["trips"] == "LU RGD 1979 art. 37-13 al. 4 (projet)"
    found = opening_differences(w.c, table.game, DAY, {"minimum": session.minimum, "maximum": session.maximum,
                                                       **spot_values(session.spots)})
    assert [(problem.params["measure"], problem.citation) for problem in found] == [
        ("trips", "LU RGD 1979 art. 37-13 al. 4 (projet)")]


def test_lu_art_37_11_the_session_page_shows_the_limits_history_and_changes_them_indicated_at_the_table(w, client):
    from django.urls import reverse

    session = open_lu(w, lu_table(w), lu_today(), minimum="10", maximum="500",
                      spots={"bonus": {"minimum": "5", "maximum": "2000"}})
    url = reverse("tables-session", kwargs={"casino": w.c.code, "pk": session.pk})
    client.force_login(w.manager_c)
    page = client.get(url).content.decode()
    assert 'data-testid="spot-limits"' in page and "Case Bonus" in page and "LU RGD 1979 art. 37-9" in page
    assert 'data-testid="form-limits"' in page
    form = {"action": "limits", "limits-spot": "", "limits-minimum": "10", "limits-maximum": "1000",
            "limits-decided_by": "Marc Chef, directeur responsable"}
    refused = client.post(url, form).content.decode()  # not said to be indicated at the table
    assert 'data-testid="error-displayed"' in refused and not TableLimitChange.objects.exists()
    done = client.post(url, {**form, "limits-displayed": "on"})
    assert done.status_code == 302
    history = client.get(url).content.decode()
    history = history[history.index('data-testid="limits-history"'):]
    assert "Marc Chef, directeur responsable" in history and "indiqué à la table" in history
    assert "LU RGD 1979 art. 37-11" in history
    client.force_login(w.regulator_lu)
    read = client.get(url).content.decode()
    assert 'data-testid="limits-history"' in read and 'data-testid="form-limits"' not in read
    assert client.post(url, {**form, "limits-displayed": "on"}).status_code == 403


def test_lu_art_37_11_and_37_9_limits_through_the_api_as_documented(w):
    from django.urls import reverse
    from drf_spectacular.generators import SchemaGenerator

    from tests.conftest import api_client_for
    from tests.tables_world import FLOAT, SIGNED
    from tests.test_api_schema import R, valid

    lu_table(w)
    api = api_client_for(w.manager_c)
    sessions = reverse("api-registers-tables-sessions", kwargs={"casino": w.c.code})
    opening = {"table": "HC-01", "gaming_day": DAY.isoformat(), "minimum": "10", "maximum": "500",
               "float_amount": "3500", "denominations": FLOAT, "signatures": SIGNED}
    refused = api.post(sessions, {**opening, "spots": {"bonus": {"minimum": "5", "maximum": "6000"}}}, format="json")
    assert refused.status_code == 400 and "spots" in refused.json()["field_errors"]
    assert "art. 37-9" in refused.json()["field_errors"]["spots"][0]
    opened = api.post(sessions, {**opening, "spots": {"bonus": {"minimum": "5", "maximum": "5000"}}}, format="json")
    assert opened.status_code == 201, opened.json()
    assert opened.json()["spots"] == {"bonus": {"minimum": "5.00", "maximum": "5000.00"}}
    schema = SchemaGenerator().get_schema(request=None, public=True)
    assert valid(schema, R + "tables/sessions/", opened.json(), "201")
    limits = reverse("api-registers-tables-limits", kwargs={"casino": w.c.code, "pk": opened.json()["id"]})
    change = {"minimum": "10", "maximum": "1000", "decided_by": "Marc Chef, directeur responsable"}
    refused = api.post(limits, {**change, "displayed": False}, format="json")
    assert refused.status_code == 400 and "displayed" in refused.json()["field_errors"]
    done = api.post(limits, {**change, "displayed": True}, format="json")
    assert done.status_code == 201, done.json()
    assert TableLimitChange.objects.get().maximum == Decimal("1000")
    assert "/api/v1/registers/{casino}/tables/sessions/{id}/limits/" in schema["paths"]


def test_lu_art_37_11_the_session_page_shows_the_limits_in_force_since_the_change(w, client):
    """« Le maximum des mises par case […] peut être modifié en cours de séance sous réserve de l'indiquer clairement
    sur l'affichage de la table » (art. 37-11): the page's « Limites affichées » are those in force now, the last
    change's, « depuis » its time; the opening's until a change."""
    from zoneinfo import ZoneInfo

    from django.urls import reverse
    from django.utils import timezone

    session = open_lu(w, lu_table(w), DAY, minimum="10", maximum="500")
    url = reverse("tables-session", kwargs={"casino": w.c.code, "pk": session.pk})
    client.force_login(w.manager_c)

    def figures() -> str:
        page = client.get(url).content.decode()
        return page[page.index('data-testid="figures"'):page.index('data-testid="fills"')]

    opening = figures()
    assert "500,00" in opening and "depuis" not in opening and 'data-testid="limits-since"' not in opening
    first = datetime.datetime.combine(DAY, datetime.time(21, 5), tzinfo=datetime.UTC)
    limits_change(session=session, actor=w.manager_c, minimum="10", maximum="1000", decided_by="Marc Chef",
                  displayed=True, changed_at=first)
    at = first + datetime.timedelta(minutes=70)
    limits_change(session=session, actor=w.manager_c, minimum="10", maximum="500", decided_by="Marc Chef",
                  displayed=True, changed_at=at)
    limits_change(session=session, actor=w.manager_c, minimum="10", maximum="1000", decided_by="Marc Chef",
                  displayed=True, changed_at=at + datetime.timedelta(minutes=30))
    hour = timezone.localtime(at + datetime.timedelta(minutes=30), ZoneInfo("Europe/Luxembourg")).strftime("%H:%M")
    now = figures()
    shown = now[now.index('data-testid="limits-now"'):now.index('data-testid="limits-citation"')]
    assert "1\u202f000,00" in shown and "500,00" not in shown, shown
    assert f"depuis {hour}" in shown, shown


def test_lu_art_37_11_the_pit_shows_each_sessions_limits_in_force_now(w, client):
    """« Le maximum des mises par case […] peut être modifié en cours de séance sous réserve de l'indiquer clairement
    sur l'affichage de la table » (art. 37-11): the pit's « Limites affichées » column shows each session's limits in
    force now (its last change's, « depuis » its time), the opening's where none changed, in a number of queries that
    does not grow with the changes."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    changed = open_lu(w, lu_table(w, "BJ-1"), DAY, minimum="10", maximum="500")
    kept = open_lu(w, lu_table(w, "BJ-2"), DAY, minimum="10", maximum="500")
    url = f"{reverse('tables-pit', kwargs={'casino': w.c.code})}?jour={DAY.isoformat()}"
    client.force_login(w.manager_c)

    def row(session) -> str:  # the session's « Limites affichées » cell
        page = client.get(url).content.decode()
        start = page.index(f'data-testid="session-{session.pk}"')
        return page[start:page.index("</tr>", start)].split("</td>")[1]

    assert "500,00" in row(changed) and 'data-testid="limits-since"' not in row(changed)
    at = datetime.datetime.combine(DAY, datetime.time(21, 5), tzinfo=datetime.UTC)
    limits_change(session=changed, actor=w.manager_c, minimum="10", maximum="1000", decided_by="Marc Chef",
                  displayed=True, changed_at=at)
    with CaptureQueriesContext(connection) as once:
        client.get(url)
    limits_change(session=changed, actor=w.manager_c, minimum="10", maximum="2000", decided_by="Marc Chef",
                  displayed=True, changed_at=at + datetime.timedelta(minutes=30))
    with CaptureQueriesContext(connection) as twice:
        client.get(url)
    assert len(twice) == len(once)
    shown = row(changed)
    assert "2\u202f000,00" in shown and "500,00" not in shown and 'data-testid="limits-since"' in shown, shown
    assert "500,00" in row(kept) and 'data-testid="limits-since"' not in row(kept)
