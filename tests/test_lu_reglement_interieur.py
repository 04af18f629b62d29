"""The règlement intérieur as dated, versioned data (issue 38, point 3): what the texts leave to it (LU RGD 1979 art.
37-16, 37-18, 49-1, 49-9 al. 3, 49-12 al. 7, 49-13), each version an entry of the cagnotte register, the version in
force on a day, each value tied to the article that delegates it (from the rule data), the difference between two
versions, and the audit that checks each version's values."""

import datetime
import json
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from compliance.errors import DomainError
from registers.chain.selectors import standing
from registers.chain.services import entry_file
from registers.management.audit import audit
from registers.models import Entry
from registers.poker.controls.house_rules import AMOUNT, YES_NO, TermSaid, house_rules_terms_problems
from registers.poker.forms import HouseRulesForm
from registers.poker.house_rules import (
    HOUSE_RULES,
    TERMS,
    changes,
    house_rules_at,
    house_rules_versions,
    term_citations,
)
from tests.conftest import lu_today, make_user
from tests.test_lu_49_house_rules import record_house_rules

pytestmark = pytest.mark.django_db
TODAY = lu_today
LATER = 10


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def _found(world) -> list[str]:
    return [str(problem) for register in audit(casino_code=world.c.code) for finding in register.invalid
            for problem in finding.problems]


def _refused(**changes) -> DomainError:
    with pytest.raises(DomainError) as refused:
        record_house_rules(**changes)
    return refused.value


def test_lu_49_1_the_recave_maximum_and_the_maximum_absence_are_the_version_s_none_where_it_does_not_say(lu):
    """« Le montant maximum de la recave est fixé par le règlement intérieur » and « La direction du casino a la
    possibilité, dans son règlement intérieur, de fixer la durée maximale de cette absence » (art. 49-1): each
    version says them or not; a version recorded before they were kept reads None (« the version does not say »)."""
    first = record_house_rules(lu)
    second = record_house_rules(lu, effective_from=TODAY() + datetime.timedelta(days=LATER), recave_maximum="1500",
                                absence_maximale="20", egalite=True, ropta=False, cases_max_par_joueur=3)
    old = house_rules_at(lu.c, TODAY())
    assert old.seq == first.seq
    assert (old.recave_maximum, old.absence_maximale, old.egalite, old.ropta) == (None, None, None, None)
    new = house_rules_at(lu.c, TODAY() + datetime.timedelta(days=LATER))
    assert new.seq == second.seq
    assert (new.recave_maximum, new.absence_maximale, new.egalite, new.ropta) == (Decimal("1500"), 20, True, False)
    assert new.cases_max_par_joueur == 3 and new.mise_debout_interdite is None
    payload = json.loads(second.payload)
    assert payload["salon"] == {"recave_maximum": "1500", "absence_maximale_minutes": 20}
    assert payload["bataille"] == {"mise_egalite": True, "cases_max_par_joueur": 3}
    assert payload["tournois"] == {"ropta_adopte": False}
    assert "salon" not in json.loads(first.payload)  # a version that says nothing of them keeps no section


def test_lu_49_1_a_version_of_the_old_shape_is_read_as_saying_nothing_of_the_new_values(lu):
    """« La direction de l'établissement peut, dans son règlement intérieur, autoriser l'utilisation d'une
    troisième mise initiale facultative dite option » (art. 49-1): a version written before the new values were kept
    (only its « salon » straddle) still reads, and says nothing of the recave, the absence, the égalité or the ROPTA."""
    entry = record_house_rules(lu, straddle=True)
    payload = json.loads(entry.payload)
    assert payload["salon"] == {"straddle": True}
    version = house_rules_versions(lu.c)[0]
    assert version.straddle is True and version.recave_maximum is None and version.ropta is None


def test_lu_37_16_37_18_49_1_each_value_is_tied_to_the_article_that_delegates_it_from_the_rule_data(lu):
    """« Dans son règlement intérieur affiché, la direction du casino peut donner aux joueurs la possibilité
    d'engager en plus de leur mise initiale une mise supplémentaire (mise égalité) » (art. 37-16); « La direction du
    casino peut, dans son règlement intérieur : - limiter le nombre de cases qui peuvent être jouées par un seul
    joueur » (art. 37-18): each value's article comes from the rule data, as the profile maps it."""
    cited = term_citations(lu.c, TODAY())
    assert "37-16" in cited["egalite"] and "37-18" in cited["cases_max_par_joueur"]
    assert "49-1" in cited["recave_maximum"] and "49-1" in cited["absence_maximale"] and "49-1" in cited["straddle"]
    assert "49-12" in cited["bad_beat_minimum_pot"] and "49-9" in cited["progressive_rounding"]
    assert "49-17" in cited["ropta"]
    assert "Règlement intérieur du casino" in cited["no_flop_no_drop"]  # no article: the casino's own term
    assert set(cited) >= {term.name for term in TERMS}


def test_lu_49_1_the_form_s_refusals_name_the_field_in_french_and_in_english(lu):
    """« Le montant maximum de la recave est fixé par le règlement intérieur » (art. 49-1): a recave maximum that is
    not a positive amount, an absence that is not minutes within a day, a number of spots below one, a yes-or-no that
    is neither are refused, each naming its field; nothing is recorded."""
    for field, value in (("recave_maximum", "beaucoup"), ("recave_maximum", "-5"), ("recave_maximum", "10.001"),
                         ("absence_maximale", "0"), ("absence_maximale", "2000"), ("absence_maximale", "1h"),
                         ("cases_max_par_joueur", "0"), ("egalite", "peut-être")):
        error = _refused(world=lu, **{field: value})
        assert error.field == field, (field, value, error.message)
    with translation.override("fr"):
        assert "Salon : montant maximum de la recave" in _refused(world=lu, recave_maximum="x").message
        assert "art. 49-1" in _refused(world=lu, recave_maximum="x").message
    with translation.override("en"):
        problem = house_rules_terms_problems((TermSaid(
            "recave_maximum", AMOUNT, "x", TERMS[3].label, "LU RGD 1979 art. 49-1"),))[0]
        assert problem.field == "recave_maximum"
        assert problem.text(language="fr").startswith("« Salon : montant maximum de la recave »")
    assert not house_rules_versions(lu.c)


def test_lu_37_18_a_value_the_casino_s_texts_leave_to_no_house_rules_is_refused():
    """« La direction du casino peut, dans son règlement intérieur : […] interdire la mise de joueurs debout sur la
    main de joueurs assis » (art. 37-18): where a casino's texts leave no such value to its règlement intérieur (no
    article in its profile), a version may not set it."""
    found = house_rules_terms_problems((TermSaid(
        "mise_debout_interdite", YES_NO, True, TERMS[8].label, None),))
    assert [problem.field for problem in found] == ["mise_debout_interdite"]
    assert house_rules_terms_problems((TermSaid(
        "mise_debout_interdite", YES_NO, None, TERMS[8].label, None),)) == []


def test_lu_37_16_the_difference_between_two_versions_is_each_changed_value_old_to_new_with_its_article(lu):
    """« Dans son règlement intérieur affiché, la direction du casino peut donner aux joueurs la possibilité
    d'engager […] une mise supplémentaire (mise égalité) » (art. 37-16): between two versions, each value that
    changes, old → new, with the article that delegates it; the unchanged ones are not listed."""
    record_house_rules(lu, straddle=False, recave_maximum="2000")
    record_house_rules(lu, effective_from=TODAY() + datetime.timedelta(days=LATER), straddle=True,
                       recave_maximum="1500", egalite=True)
    old, new = house_rules_versions(lu.c)
    rows = {row.name: row for row in changes(old, new, term_citations(lu.c, new.effective_from), lu.c)}
    assert set(rows) == {"straddle", "recave_maximum", "egalite"}
    assert "49-1" in rows["recave_maximum"].citation and "37-16" in rows["egalite"].citation
    with translation.override("fr"):
        rows = {row.name: row for row in changes(old, new, term_citations(lu.c, new.effective_from), lu.c)}
        assert rows["egalite"].old == "— le règlement n'en dit rien —" and rows["egalite"].value == "Oui"
        assert rows["straddle"].old == "Option (straddle) interdite"
        assert "2" in rows["recave_maximum"].old and "1" in rows["recave_maximum"].value


def test_lu_49_1_the_versions_page_lists_each_version_and_the_diff_page_each_change(lu, client):
    """« Le montant maximum de la recave est fixé par le règlement intérieur » (art. 49-1): the regulator reads every
    version with what it sets, and the difference between two (`?de=N&a=M`), old → new, with the article."""
    first = record_house_rules(lu, recave_maximum="2000")
    second = record_house_rules(lu, effective_from=TODAY() + datetime.timedelta(days=LATER), recave_maximum="1500",
                                absence_maximale="30")
    client.force_login(lu.regulator_lu)
    url = reverse("house-rules", kwargs={"casino": lu.c.code})
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f'data-testid="version-{first.seq}"' in page and f'data-testid="version-{second.seq}"' in page
    assert 'data-testid="change-recave_maximum"' in page and 'data-testid="change-absence_maximale"' in page
    assert 'data-testid="read-only"' in page
    same = client.get(url, {"de": first.seq, "a": first.seq}).content.decode()
    assert 'data-testid="no-change"' in same
    unknown = client.get(url, {"de": "999", "a": second.seq}).content.decode()
    assert 'data-testid="diff-error"' in unknown and "999" in unknown


def test_lu_49_1_the_versions_page_is_scoped_to_the_casino_and_read_only(lu, client):
    """« Le montant maximum de la recave est fixé par le règlement intérieur » (art. 49-1): the casino's règlement is
    its own: another casino's staff get a 404, the regulator of another jurisdiction too; the manager is sent to the
    register's form to record a version."""
    record_house_rules(lu)
    url = reverse("house-rules", kwargs={"casino": lu.c.code})
    for user in (lu.accountant_a, lu.regulator_qc):
        client.force_login(user)
        assert client.get(url).status_code == 404
    client.force_login(lu.manager_c)
    page = client.get(url).content.decode()
    assert 'data-testid="record-version"' in page
    client.force_login(lu.regulator_lu)
    home = client.get(reverse("house-rules-home")).content.decode()
    assert lu.c.name in home and lu.a.name not in home


def test_lu_49_1_the_manager_s_form_records_the_new_values_and_starts_from_the_version_in_force(lu, client):
    """« La direction du casino a la possibilité, dans son règlement intérieur, de fixer la durée maximale de cette
    absence » (art. 49-1): the direction's form records the new values; a new form restates the version in force."""
    record_house_rules(lu, recave_maximum="2000", egalite=False)
    client.force_login(lu.manager_c)
    page = type("Page", (), {"casino": lu.c})()
    initial = HouseRulesForm(page=page).initial
    assert initial["recave_maximum"] == "2000" and initial["egalite"] == "0" and initial["absence_maximale"] == ""
    data = {f"house_rules-{key}": value for key, value in {
        "gaming_day": TODAY().isoformat(), "effective_from": TODAY().isoformat(), "progressive_pots": "pot_entier",
        "progressive_rounding": "inferieur", "bad_beat_pots": "prorata", "bad_beat_rounding": "inferieur",
        "bad_beat_minimum_pot": "100.00", "bad_beat_restart": "zero", "recave_maximum": "1 500,00",
        "absence_maximale": "25", "egalite": "1", "ropta": "1", "action": "house_rules"}.items()}
    url = reverse("registers-other", kwargs={"casino": lu.c.code, "kind": "cagnotte"})
    refused = client.post(url, {**data, "house_rules-absence_maximale": "vingt", "action": "house_rules"})
    assert "« vingt » n&#x27;est pas une durée de 1 à 1440 minutes" in refused.content.decode()
    assert len(house_rules_versions(lu.c)) == 1
    client.post(url, {**data, "action": "house_rules"})
    latest = house_rules_versions(lu.c)[-1]
    assert (latest.recave_maximum, latest.absence_maximale, latest.egalite, latest.ropta) == (
        Decimal("1500.00"), 25, True, True)


def test_lu_37_18_the_audit_checks_each_version_s_values_are_well_formed(lu):
    """« La direction du casino peut, dans son règlement intérieur : - limiter le nombre de cases qui peuvent être
    jouées par un seul joueur » (art. 37-18): the audit asks every version's values again; a payload whose number of
    spots is not a number, or with a value no article leaves to the house, is reported."""
    entry = record_house_rules(lu, cases_max_par_joueur=2)
    assert _found(lu) == []
    payload = json.loads(entry.payload)  # written past the service, as a forged import would
    payload["bataille"] = {"cases_max_par_joueur": "deux", "jeu_de_des": True}
    entry_file(register=entry.register, kind=HOUSE_RULES, gaming_day=TODAY(), actor=lu.manager_c, payload=payload)
    found = "\n".join(_found(lu))
    assert "« deux » n'est pas un nombre entier d'au moins 1" in found and "bataille.jeu_de_des" in found
    assert [version.seq for version in house_rules_versions(lu.c)] == [
        row.seq for row in standing(Entry.objects.filter(register__casino=lu.c, kind=HOUSE_RULES))]


def test_lu_49_17_a_tournament_adopts_the_ropta_as_the_version_in_force_on_its_day_says(lu):
    """« Des tournois avec participation payante […] peuvent être organisés par le casino après agrément du règlement
    et des modalités de fonctionnement par le Ministre des Finances » (art. 49-17): where the manager does not say, a
    tournament adopts the ROPTA as its rules if the règlement intérieur in force on its day does; said, his choice."""
    from tests.tournament_world import setup

    record_house_rules(lu, ropta=False)
    record_house_rules(lu, effective_from=TODAY() + datetime.timedelta(days=LATER), ropta=True)
    start = timezone.now() + datetime.timedelta(days=2)
    own = {"late_levels": 2}  # where the ROPTA is not adopted, the tournament's rules say when registration ends
    soon = setup(lu.c, lu.manager_c, name="Tournoi de mardi", starts_at=start, ropta_adopted=None, **own)
    later = setup(lu.c, lu.manager_c, name="Tournoi du mois", starts_at=start + datetime.timedelta(days=LATER),
                  ropta_adopted=None, **own)
    said = setup(lu.c, lu.manager_c, name="Tournoi maison", starts_at=start + datetime.timedelta(days=LATER),
                 ropta_adopted=False, **own)
    assert (soon.ropta_adopted, later.ropta_adopted, said.ropta_adopted) == (False, True, False)
