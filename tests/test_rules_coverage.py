"""Issue 13, items 8, 10 and 11: the ROPTA dated as it describes itself; what applies each rule value, derived from
the code (`manage.py rules_coverage`, the article pages); the ambiguities the texts hold, shown where they are."""

import datetime
import json
from fractions import Fraction
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from compliance.errors import DomainError
from games.coverage import Declarations, SiteKind, coverage_report
from games.rtp.roue import WheelRules, wheel_bets
from games.rules.validate import RULES_DIR, RulesInvalid, ambiguities_read, read_rules
from games.rules.yamlfile import read
from games.selectors import rule_value_at

D = datetime.date
SEEDS = RULES_DIR / "sources"


@pytest.fixture(scope="module")
def rule_set():
    return read_rules()


def _value(report, key):
    return next(v for v in report.values if v.key == key)


# --- item 8 ------------------------------------------------------------------------------------


def test_ropta_presentation_the_2019_03_version_is_the_previous_one_published(rule_set):
    source = (SEEDS / "002_704fbcc1b9e9b65a.txt").read_text(encoding="utf-8")
    assert "dernière version\npubliée, version 2019.03" in source.replace("derniére", "dernière")
    ropta = rule_set.instruments["ropta-2019"].data
    assert ropta["number"] is None and "2019.03" in ropta["publication"] and "précédente" in ropta["publication"]
    assert "Officiel" not in ropta["title"] and "ROPTA" in ropta["title"]  # no expansion the source does not give
    assert D.fromisoformat(ropta["effective_from"]) > D(2019, 3, 31)
    cited = [(key, date) for key, value in rule_set.values.items() for date, version in value.data["values"].items()
             if version["reference"]["instrument"] == "ropta-2019"]
    assert cited and all(date >= ropta["effective_from"] for _key, date in cited)


# --- item 10: the values the coming work needs ------------------------------------------------------


@pytest.mark.django_db
def test_qc_125_tournament_rules_include_date_duration_participation_and_prizes(rules):
    found = rule_value_at(jurisdiction="QC", key="qc.tournoi.regles_contenu", on=D(2000, 1, 1))
    assert found.value == ["date de l'événement", "durée", "règles de participation",
                           "mode de distribution des lots", "lots à gagner"]
    assert found.citation.label == "QC RJC art. 125"


@pytest.mark.django_db
def test_qc_126_tournament_tables_and_slot_machines_are_marked_as_such(rules):
    found = rule_value_at(jurisdiction="QC", key="qc.tournoi.tables_indiquees", on=D(2000, 1, 1))
    assert found.value is True and found.citation.label == "QC RJC art. 126"


@pytest.mark.django_db
def test_lu_49_13_the_table_machine_records_pot_retentions_wins_and_jackpot_payments(rules):
    found = rule_value_at(jurisdiction="LU", key="lu.bad_beat_jackpot.enregistrement_par_partie", on=D(2020, 1, 1),
                          drafts=True)
    assert {"heure", "montant du pot", "retenue au profit de l'établissement",
            "retenue au profit du bad beat jackpot"} <= set(found.value)
    assert found.citation.label == "LU RGD 1979 art. 49-13 al. 7" and found.citation.is_draft


@pytest.mark.django_db
def test_lu_88_levies_are_paid_by_bank_transfer_within_three_working_days(rules):
    delay = rule_value_at(jurisdiction="LU", key="lu.prelevements.delai_virement", on=D(2020, 1, 1), drafts=True)
    how = rule_value_at(jurisdiction="LU", key="lu.prelevements.mode_paiement", on=D(2020, 1, 1), drafts=True)
    assert (delay.value, delay.unit, how.value) == (3, "working_days", "virement bancaire")
    assert how.citation.label == delay.citation.label == "LU RGD 1979 art. 88 deuxième phrase"


# --- item 10: rules_coverage ---------------------------------------------------------------------


def test_rules_coverage_applies_or_explains_every_value_and_exits_0(capsys):
    call_command("rules_coverage", "--json")
    report = json.loads(capsys.readouterr().out)
    counts = report["counts"]
    assert report["problems"] == [] and counts["uncovered"] == 0
    assert counts["enforced"] + counts["display_only"] == counts["total"] == len(report["values"])
    values = {v["key"]: v for v in report["values"]}
    cap = values["lu.carte_de_jeu.plafond_nominative"]
    assert cap["status"] == "applied"
    assert {"kind": "contrainte", "function": "card_balance_within_cap"}.items() <= next(
        s for s in cap["sites"] if s["kind"] == "contrainte").items()
    assert any(s["kind"] == "controle" and s["module"].startswith("registers.cards") for s in cap["sites"])
    wheel = values["qc.roue_de_fortune.taux_retour_minimum"]
    # computed by the wheel's returns, checked by the approvals' wheel of fortune requests
    assert wheel["status"] == "applied" and {"calcul", "controle"} == {s["kind"] for s in wheel["sites"]}
    marked = values["qc.tournoi.tables_indiquees"]  # the tables a tournament uses, required when it is set up
    assert marked["status"] == "applied"
    final_table = values["ropta.tournoi.table_finale_max"]
    assert final_table["status"] == "display_only" and "tournoi" in final_table["reason"]
    call_command("rules_coverage")
    assert f"total : {counts['total']}" in capsys.readouterr().out


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_rules_coverage_derives_prefix_helpers_presence_and_pages_and_refuses_stale_declarations(tmp_path, rule_set):
    root = _tree(tmp_path, {
        "registers/cards/ledger.py": (
            "from games.selectors import rule_value_at\n"
            "CAP_KEYS = {'nominative': 'plafond_nominative'}\n"
            "def card_rule(casino, key, on=None):\n"
            "    return rule_value_at(jurisdiction=None, key=f'lu.carte_de_jeu.{key}', on=on)\n"
            "def card_issue(casino, kind):\n"
            "    return card_rule(casino, CAP_KEYS[kind]).value\n"
            "def slot_system_register(casino):\n"
            "    card_rule(casino, 'validite_casino_emetteur')\n"),
        "registers/cards/views.py": (
            "from .ledger import card_rule\n"
            "def page(casino):\n"
            "    return {'per_client': card_rule(casino, 'nominatives_par_client_max')}\n"),
        "games/rtp/games.py": (
            "RAISES = {'lu.uth': ('relance_flop',), 'mc.uth': ('play_flop',)}\n"
            "def play(game):\n"
            "    return [rule_value(f'{game}.{name}') for name in RAISES[game]]\n"
            "def evaluate():\n"
            "    return play('lu.uth'), play('mc.uth')\n"),
        "games/rules/x.py": "",
    })
    stale = {"lu.carte_de_jeu.plafond_nominative": {"reason": "r", "reason_en": "r", "literal": None},
             "lu.carte_de_jeu.nominatives_par_client_max": {"reason": "r", "reason_en": "r", "literal": None},
             "lu.inconnue.valeur": {"reason": "r", "reason_en": "r", "literal": None},
             "qc.357.paquets": {"reason": "r", "reason_en": "r", "literal": "games.rtp.games.disparue"}}
    report = coverage_report(rules=rule_set, root=root, declarations=Declarations(stale, {}, []))

    cap = _value(report, "lu.carte_de_jeu.plafond_nominative")
    assert [(s.kind, s.module, s.function) for s in cap.sites] == [
        (SiteKind.CHECK, "registers.cards.ledger", "card_issue")]
    validity = _value(report, "lu.carte_de_jeu.validite_casino_emetteur")
    assert [s.kind for s in validity.sites] == [SiteKind.PRESENCE] and not validity.applied
    shown = _value(report, "lu.carte_de_jeu.nominatives_par_client_max")
    assert [s.kind for s in shown.sites] == [SiteKind.DISPLAY] and shown.display_only
    assert _value(report, "lu.uth.relance_flop").applied and _value(report, "mc.uth.play_flop").applied
    assert not _value(report, "lu.holdem_casino.relance_flop").applied  # no such game key in that module

    problems = "\n".join(report.problems)
    assert "« lu.carte_de_jeu.plafond_nominative » est déclarée « affichage seulement » mais" in problems
    assert "« lu.inconnue.valeur » est déclarée dans games/rules/coverage.yaml mais absente des données" in problems
    assert "« games.rtp.games.disparue », où un littéral l'appliquerait, n'existe plus" in problems
    assert "« lu.carte_de_jeu.validite_casino_emetteur » n'est appliquée par rien" in problems
    assert "nominatives_par_client_max » n'est appliquée par rien" not in problems


def test_rules_coverage_exits_1_on_a_value_neither_applied_nor_declared(monkeypatch, rule_set):
    from games import coverage

    declared = coverage.declarations_read()
    del declared.display_only["ropta.tournoi.table_finale_max"]
    monkeypatch.setattr(coverage, "declarations_read", lambda **kwargs: declared)
    with pytest.raises(CommandError, match="1 problème"):
        call_command("rules_coverage")


@pytest.mark.django_db
def test_lu_49_14_article_page_shows_what_vigie_applies_and_its_ambiguities(world, rules, client):
    client.force_login(world.regulator_lu)
    page = client.get(reverse("rules-article", args=["lu-projet-rgd-1979", "art", "49-14"])).content.decode()
    assert "Ce que Vigie applique" in page and "lu.bad_beat_jackpot.panne_sans_prelevement" in page
    assert "Affichage seulement" in page and "lu.bad_beat_jackpot.preavis_arret_volontaire" in page
    assert 'id="lu.bad_beat_jackpot.montants_notes_pendant_la_panne"' in page
    assert "Les montants prélevés seront notés manuellement dans un carnet de compte." in page
    assert "lecture retenue par Vigie" in page
    cards = client.get(reverse("rules-article", args=["lu-projet-rgd-1979", "art", "3-1"])).content.decode()
    assert "Contrainte PostgreSQL" in cards and "card_balance_within_cap" in cards


# --- item 11 ------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_ropta_4_2_and_9_7_the_order_of_ante_and_big_blind_is_shown_on_both_articles(world, rules, client):
    client.force_login(world.regulator_qc)
    pages = [client.get(reverse("rules-article", args=["ropta-2019", "dispositif", number])).content.decode()
             for number in ("§4.2", "§9.7")]
    for page in pages:
        assert 'id="ropta.ordre_ante_big_blind"' in page
        assert "l&#x27;ante est prioritaire sur la big blinde" in page
        assert "la big blinde est prioritaire sur l&#x27;ante" in page
    [ambiguity] = [a for a in ambiguities_read() if a["key"] == "ropta.ordre_ante_big_blind"]
    assert ambiguity["applied"]["reading"] == 1 and "ante" in ambiguity["readings"][0]["text"].split(":")[0].lower()


def test_lu_49_14_no_pot_is_levied_during_a_failure_yet_levied_amounts_are_noted_by_hand():
    [ambiguity] = [a for a in ambiguities_read() if a["key"] == "lu.bad_beat_jackpot.montants_notes_pendant_la_panne"]
    assert {c["label"] for c in ambiguity["cited"]} == {"LU RGD 1979 art. 49-14", "LU RGD 1979 art. 49-13"}
    assert len(ambiguity["readings"]) == 2 and ambiguity["applied"]["reading"] == 1
    assert ambiguity["values"] == ["lu.bad_beat_jackpot.panne_sans_prelevement"]


def test_qc_122_the_wheel_floor_is_read_per_bet_not_per_game_and_the_code_does_so(rule_set):
    [ambiguity] = [a for a in ambiguities_read()
                   if a["key"] == "qc.roue_de_fortune.taux_de_retour_du_jeu_ou_de_chaque_mise"]
    assert [c["label"] for c in ambiguity["cited"]] == ["QC RJC art. 122"]
    assert "chaque" in ambiguity["readings"][ambiguity["applied"]["reading"] - 1]["text"]
    rules = WheelRules(9, 60, "QC RJC art. 117", Fraction(3, 4), "QC RJC art. 122")
    # ten segments: a bet returning 60 % beside one returning 90 %, 75 % together on one unit each
    with pytest.raises(DomainError) as caught:
        wheel_bets([{"symbol": "A", "count": 5, "odds": "1 à 5"}, {"symbol": "B", "count": 5, "odds": "4 à 5"}], rules)
    assert caught.value.field == "segments[0]"


def test_an_ambiguity_quoting_words_its_article_does_not_hold_is_refused(tmp_path):
    root = tmp_path / "rules"
    root.mkdir()
    (root / "instruments").mkdir()
    (root / "instruments" / "ropta-2019.yaml").write_text((RULES_DIR / "instruments" / "ropta-2019.yaml").read_text(
        encoding="utf-8"), encoding="utf-8")
    text = (RULES_DIR / "ambiguities.yaml").read_text(encoding="utf-8")
    (root / "ambiguities.yaml").write_text(text.replace("la big blinde est prioritaire sur l'ante",
                                                        "la big blinde passe avant l'ante"), encoding="utf-8")
    with pytest.raises(RulesInvalid) as caught:
        ambiguities_read(root)
    assert "citation introuvable dans l'article : « Dans le format ante big blind, la big blinde passe avant" in str(
        caught.value)
    assert read(RULES_DIR / "ambiguities.yaml")["ambiguities"]
