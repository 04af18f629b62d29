"""`rule_value_at` returns the value in force on a date with its citation; drafts only on request.

Rule cases are named as sentences, as OpenFisca keeps its rule tests."""

import datetime
import json
import shutil
from decimal import Decimal

import pytest
from django.core.management import call_command

from compliance.errors import DomainError
from games.rules.validate import RULES_DIR
from games.selectors import rule_value_at
from games.services import rules_load

pytestmark = pytest.mark.django_db

D = datetime.date


def test_on_2020_03_01_a_nominative_card_is_capped_at_2000_euros_by_the_luxembourg_draft(rules):
    found = rule_value_at(jurisdiction="LU", key="lu.carte_de_jeu.plafond_nominative", on=D(2020, 3, 1), drafts=True)
    assert found.value == Decimal("2000.00") and found.unit == "EUR"
    assert found.citation.label == "LU RGD 1979 art. 3-1 6)"
    assert found.citation.is_draft and str(found.citation) == "LU RGD 1979 art. 3-1 6) (projet)"
    day_card = rule_value_at(jurisdiction="LU", key="lu.carte_de_jeu.plafond_journaliere_anonyme", on=D(2020, 3, 1),
                             drafts=True)
    assert day_card.value == Decimal("250.00") and day_card.citation.label == "LU RGD 1979 art. 3-1 7)"


def test_a_value_resting_only_on_a_draft_is_not_law_unless_drafts_are_asked_for(rules):
    with pytest.raises(DomainError) as caught:
        rule_value_at(jurisdiction="LU", key="lu.carte_de_jeu.plafond_nominative", on=D(2020, 3, 1))
    assert caught.value.code == "rule_value_not_found" and caught.value.status == 404


def test_in_1997_the_quebec_games_list_is_the_one_of_decree_1675_95(rules):
    found = rule_value_at(jurisdiction="QC", key="qc.general.jeux", on=D(1997, 1, 1))
    assert "pai gow" in found.value and found.effective_from == D(1996, 1, 4)
    assert found.citation.label == "QC D. 1675-95 art. 1" and not found.citation.is_draft


def test_in_2008_the_2007_draft_replaces_the_games_list_only_when_drafts_are_included(rules):
    in_force = rule_value_at(jurisdiction="QC", key="qc.general.jeux", on=D(2008, 1, 1))
    with_drafts = rule_value_at(jurisdiction="QC", key="qc.general.jeux", on=D(2008, 1, 1), drafts=True)
    assert in_force.effective_from == D(1996, 1, 4) and "pai gow" in in_force.value
    assert with_drafts.effective_from == D(2007, 6, 19) and "Keno" in with_drafts.value
    assert with_drafts.citation.label == "QC RJC art. 1" and with_drafts.citation.is_draft
    assert in_force.version_id != with_drafts.version_id


def test_before_the_decree_took_effect_no_quebec_games_list_is_known(rules):
    with pytest.raises(DomainError):
        rule_value_at(jurisdiction="QC", key="qc.general.jeux", on=D(1996, 1, 3))


def test_a_key_of_another_jurisdiction_is_refused(rules):
    with pytest.raises(DomainError) as caught:
        rule_value_at(jurisdiction="QC", key="lu.carte_de_jeu.plafond_nominative", on=D(2020, 1, 1), drafts=True)
    assert caught.value.code == "wrong_jurisdiction"


@pytest.mark.parametrize(("key", "on", "expected", "citation"), [
    ("qc.salon_poker.commission_maximale", D(2008, 1, 1), Decimal("0.10"), "QC RJC art. 67.108"),
    ("qc.pai_gow.commission", D(2000, 1, 1), Decimal("0.05"), "QC RJC art. 111"),
    ("qc.roue_de_fortune.taux_retour_minimum", D(2000, 1, 1), Decimal("0.75"), "QC RJC art. 122"),
    ("qc.tournoi.taux_retour_minimum", D(2000, 1, 1), Decimal("0.30"), "QC RJC art. 127"),
    ("qc.roue_de_fortune.segments", D(2000, 1, 1), {"min": Decimal(9), "max": Decimal(60)}, "QC RJC art. 117"),
    ("mc.uth.joueurs_assis_max", D(2010, 1, 1), 6, "MC AM 2007-668 art. 1"),
    ("lu.orphelins.delai_restitution", D(2016, 1, 1), 7, "LU RGD 1979 art. 8 al. 3"),
    ("lu.prelevements.delai_virement", D(2016, 1, 1), 3, "LU RGD 1979 art. 88 deuxième phrase"),
])
def test_regulated_values_come_with_their_article(rules, key, on, expected, citation):
    found = rule_value_at(jurisdiction=key.split(".")[0].upper(), key=key, on=on, drafts=True)
    assert found.value == expected
    assert found.citation.label == citation


def test_a_value_that_changes_in_force_and_is_then_repealed(rules, tmp_path):
    """In force, a later version wins from its date; an explicit null repeals the value."""
    root = tmp_path / "rules"
    shutil.copytree(RULES_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    path = root / "values" / "mc" / "uth" / "joueurs_assis_max.yaml"
    path.write_text(path.read_text(encoding="utf-8") + (
        '  "2030-01-01":\n    value: 7\n    reference: {instrument: "mc-am-2007-668", article: "1"}\n'
        '  "2040-01-01":\n    value: null\n    reference: {instrument: "mc-am-2007-668", article: "1"}\n'
    ), encoding="utf-8")
    assert rules_load(root=root).created["RuleValueVersion"] == 2
    key = "mc.uth.joueurs_assis_max"
    assert rule_value_at(jurisdiction="MC", key=key, on=D(2029, 12, 31)).value == 6
    assert rule_value_at(jurisdiction="MC", key=key, on=D(2030, 1, 1)).value == 7
    with pytest.raises(DomainError):
        rule_value_at(jurisdiction="MC", key=key, on=D(2040, 1, 1))


PAYTABLE_KEYS = [
    "qc.blackjack.bonus", "qc.blackjack.douze_seize", "qc.blackjack.progressive", "qc.baccara.numero",
    "qc.grand_prix.main", "qc.grand_prix.supplementaire", "qc.caraibes.main", "qc.roulette.double",
    "qc.roulette.triple", "qc.pai_gow.main", "qc.357.trois_cartes", "qc.357.cinq_cartes", "qc.357.sept_cartes",
    "qc.boston.bonus", "qc.boston.initiale", "qc.quatre_cartes.initiale", "qc.quatre_cartes.paire_as",
    "qc.fou.super_bonus", "qc.fou.paire_dames", "mc.uth.trips", "mc.uth.blind", "lu.holdem_casino.super_ante",
    "lu.holdem_casino.bonus", "lu.uth.trips", "lu.uth.blind", "lu.bataille.egalite", "lu.bataille.bataille",
]


@pytest.mark.parametrize("key", PAYTABLE_KEYS)
def test_every_required_pay_table_resolves_with_paytable_show_json(rules, key, capsys):
    call_command("paytable_show", key, "--on", "2026-11-21", "--json")
    data = json.loads(capsys.readouterr().out)
    assert data["key"] == key and data["lines"]
    assert data["citation"]["label"].split(" art. ")[0] in {"QC RJC", "QC D. 1675-95", "MC AM 2007-668", "LU RGD 1979"}
    for line in data["lines"]:
        assert line["label"] and line["odds"] and line["parsed"]["kind"] in {"odds", "fixed", "progressive_share"}


def test_paytable_show_prints_lines_as_written_and_parsed(rules, capsys):
    call_command("paytable_show", "qc.grand_prix.supplementaire", "--on", "2000-01-01")
    out = capsys.readouterr().out
    assert "QC RJC art. 67.9" in out and "20 000 $" in out and "20000.00 CAD (montant fixe)" in out


def test_paytable_show_refuses_a_date_before_any_version(rules):
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="aucune version en vigueur le 1990-01-01"):
        call_command("paytable_show", "qc.357.trois_cartes", "--on", "1990-01-01")


def test_a_rule_read_on_many_days_at_once_is_the_rule_read_on_each(rules):
    """rule_values_on, one query for a year's list, gives on each day what rule_value_at gives (the orphelins'
    return period at every day of 2026)."""
    import datetime

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from compliance.models import Jurisdiction
    from games.selectors import rule_value_at, rule_values_on

    lu = Jurisdiction.objects.get(code="LU")
    days = [datetime.date(2026, 1, 1) + datetime.timedelta(days=n) for n in range(0, 365, 7)]
    with CaptureQueriesContext(connection) as queries:
        many = rule_values_on(jurisdiction=lu, key="lu.orphelins.delai_restitution", days=days, drafts=True)
    assert len(queries) == 1
    assert many == {day: rule_value_at(jurisdiction=lu, key="lu.orphelins.delai_restitution", on=day, drafts=True)
                    for day in days}
