"""Issue 13, items 8, 10 and 11: the ROPTA dated as it describes itself; what applies each rule value, the
jurisdictions' profiles joined with the readers of their concepts (`manage.py rules_coverage`, the article pages);
the ambiguities the texts hold, shown where they are."""

import datetime
import json
from fractions import Fraction
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from compliance.errors import DomainError
from games.coverage import STALE, Declarations, SiteKind, Status, coverage_report, declarations_read
from games.coverage import test_exists as exists
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
    assert report["problems"] == [] and counts["unclassified"] == 0
    assert counts["applied"] + counts["display_only"] + counts["not_applied"] == counts["total"] == len(
        report["values"])
    assert counts["applied_tests_found"] == counts["applied"]
    values = {v["key"]: v for v in report["values"]}
    cap = values["lu.carte_de_jeu.plafond_nominative"]
    assert cap["status"] == "applied" and cap["tests_missing"] == []
    assert "tests/test_rules_applied.py::test_lu_3_1_6_a_nominative_card_s_cap_is_the_rule_data_s" in cap["tests"]
    assert {"kind": "contrainte", "function": "card_balance_within_cap"}.items() <= next(
        s for s in cap["sites"] if s["kind"] == "contrainte").items()
    assert any(s["kind"] == "controle" and s["module"].startswith("registers.cards") for s in cap["sites"])
    wheel = values["qc.roue_de_fortune.taux_retour_minimum"]
    assert wheel["status"] == "applied" and "calcul" in {s["kind"] for s in wheel["sites"]}
    assert values["ropta.tournoi.format_ante"]["status"] == "display_only"  # read only for its citation
    final_table = values["ropta.tournoi.table_finale_max"]
    assert final_table["status"] == "not_applied" and "tournoi" in final_table["reason"]
    # no reason promises future work
    assert not [v["key"] for v in report["values"] if v["reason"] and STALE.search(v["reason"] + v["reason_en"])]
    call_command("rules_coverage")
    assert f"total : {counts['total']}" in capsys.readouterr().out


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


PROFILES = {
    "games/rules/profiles/lu.yaml": (
        "jurisdiction: LU\nconcepts:\n"
        "  carte_de_jeu.plafond_nominative: lu.carte_de_jeu.plafond_nominative\n"
        "  carte_de_jeu.validite_casino_emetteur: lu.carte_de_jeu.validite_casino_emetteur\n"
        "  carte_de_jeu.nominatives_par_client_max: lu.carte_de_jeu.nominatives_par_client_max\n"
        "  carte_de_jeu.transfert_entre_clients_interdit: lu.carte_de_jeu.transfert_entre_clients_interdit\n"
        "  uth.relance_flop: lu.uth.relance_flop\n"
        "features: {}\nengines: {}\n"),
    "games/rules/profiles/mc.yaml": (
        "jurisdiction: MC\nconcepts:\n  uth.relance_flop: mc.uth.play_flop\nfeatures: {}\nengines: {}\n"),
}


def test_rules_coverage_joins_the_profiles_with_the_readers_presence_and_pages_and_refuses_stale_declarations(
        tmp_path, rule_set):
    root = _tree(tmp_path, {
        **PROFILES,
        "games/rules/readers.yaml": (
            "carte_de_jeu.plafond_nominative:\n  controle:\n    - registers.cards.ledger:card_issue\n"
            "carte_de_jeu.validite_casino_emetteur:\n  presence:\n    - registers.cards.ledger:slot_system_register\n"
            "carte_de_jeu.nominatives_par_client_max:\n  affichage:\n    - registers.cards.views:page\n"
            "uth.relance_flop:\n  calcul:\n    - games.rtp.games:play\n"),
        "registers/cards/ledger.py": (
            "from games.selectors import rule_value_at\n"
            "CAP_KEYS = {'nominative': 'plafond_nominative'}\n"
            "def card_rule(casino, key, on=None):\n"
            "    return rule_value_at(jurisdiction=casino.jurisdiction, key=f'carte_de_jeu.{key}', on=on)\n"
            "def card_issue(casino, kind):\n"
            "    return card_rule(casino, CAP_KEYS[kind]).value\n"
            "def slot_system_register(casino):\n"
            "    card_rule(casino, 'validite_casino_emetteur')\n"),
        "registers/cards/views.py": (
            "from .ledger import card_rule\n"
            "def page(casino):\n"
            "    return {'per_client': card_rule(casino, 'nominatives_par_client_max')}\n"),
        "games/rtp/games.py": (
            "RAISES = ('relance_flop',)\n"
            "def play(game):\n"
            "    return [rule_value(f'{game}.{name}') for name in RAISES]\n"),
        "games/rules/x.py": "",
    })
    shown = {"reason": "r", "reason_en": "r", "literal": None}
    declared = Declarations({"lu.carte_de_jeu.nominatives_par_client_max": shown}, {}, [],
                            not_applied={"lu.inconnue.valeur": shown,
                                         "qc.357.paquets": shown | {"literal": "games.rtp.games.disparue"}})
    report = coverage_report(rules=rule_set, root=root, declarations=declared)

    cap = _value(report, "lu.carte_de_jeu.plafond_nominative")
    assert [(s.kind, s.module, s.function) for s in cap.sites] == [
        (SiteKind.CHECK, "registers.cards.ledger", "card_issue")]
    validity = _value(report, "lu.carte_de_jeu.validite_casino_emetteur")
    assert [s.kind for s in validity.sites] == [SiteKind.PRESENCE] and not validity.applied
    shown = _value(report, "lu.carte_de_jeu.nominatives_par_client_max")
    assert [s.kind for s in shown.sites] == [SiteKind.DISPLAY] and shown.status == Status.DISPLAY_ONLY
    # read by a computation, yet not applied: no test is named for it; one concept, each jurisdiction's key
    assert _value(report, "lu.uth.relance_flop").applying and not _value(report, "lu.uth.relance_flop").applied
    assert _value(report, "mc.uth.play_flop").applying
    assert not _value(report, "lu.holdem_casino.relance_flop").applying  # no profile maps the concept to it

    problems = "\n".join(report.problems)
    assert "« lu.inconnue.valeur » est déclarée dans games/rules/coverage.yaml mais absente des données" in problems
    assert "« games.rtp.games.disparue », où un littéral l'appliquerait, n'existe plus" in problems
    assert ("« lu.carte_de_jeu.plafond_nominative » manque dans games/rules/coverage.yaml (lue par : "
            "registers.cards.ledger › card_issue)") in problems
    assert ("« lu.carte_de_jeu.validite_casino_emetteur » manque dans games/rules/coverage.yaml (lue par : "
            "registers.cards.ledger › slot_system_register)") in problems  # a presence only
    assert "nominatives_par_client_max » manque" not in problems


def test_rules_coverage_an_applied_value_names_tests_that_exist_and_sees_the_code_read_it(tmp_path, rule_set):
    root = _tree(tmp_path, {
        **PROFILES,
        "games/rules/readers.yaml": (
            "carte_de_jeu.plafond_nominative:\n  controle:\n    - registers.cards.ledger:card_issue\n"
            "carte_de_jeu.nominatives_par_client_max:\n  controle:\n    - registers.cards.ledger:page\n"),
        "registers/cards/ledger.py": (
            "from games.selectors import rule_value_at\n"
            "def card_issue(casino):\n"
            "    return rule_value_at(jurisdiction=casino, key='carte_de_jeu.plafond_nominative', on=None).value\n"
            "def page(casino):\n"
            "    return rule_value_at(jurisdiction=casino, key='carte_de_jeu.nominatives_par_client_max', on=None)\n"),
        "registers/cards/views.py": "",
        "games/rules/x.py": "",
        "tests/test_cards.py": (
            "import pytest\n"
            "def test_the_cap_refuses():\n    pass\n"
            "class TestCards:\n    def test_two_cards(self):\n        pass\n"),
    })
    assert exists("tests/test_cards.py::test_the_cap_refuses", root)
    assert exists("tests/test_cards.py::test_the_cap_refuses[2000]", root)  # a parametrized id
    assert exists("tests/test_cards.py::TestCards::test_two_cards", root)
    assert not exists("tests/test_cards.py::test_gone", root)
    assert not exists("tests/test_other.py::test_the_cap_refuses", root)
    assert not exists("tests/test_cards.py::pytest", root)  # a name that is not a test
    declared = Declarations({}, {}, [], applied={
        "lu.carte_de_jeu.plafond_nominative": ["tests/test_cards.py::test_the_cap_refuses"],
        "lu.carte_de_jeu.transfert_entre_clients_interdit": ["tests/test_cards.py::TestCards::test_two_cards"],
        "lu.carte_de_jeu.nominatives_par_client_max": ["tests/test_cards.py::test_gone"]})
    report = coverage_report(rules=rule_set, root=root, declarations=declared)
    cap = _value(report, "lu.carte_de_jeu.plafond_nominative")
    assert cap.status == Status.APPLIED and cap.tests_missing == []
    gone = _value(report, "lu.carte_de_jeu.nominatives_par_client_max")
    assert gone.status == Status.APPLIED and gone.tests_missing == ["tests/test_cards.py::test_gone"]
    assert report.counts["applied"] == 3 and report.counts["applied_tests_found"] == 2
    problems = "\n".join(report.problems)
    assert ("« lu.carte_de_jeu.nominatives_par_client_max » est déclarée appliquée mais le test "
            "« tests/test_cards.py::test_gone » n'existe pas") in problems
    # declared applied, but nothing in the code reads it in a check: not true
    assert ("« lu.carte_de_jeu.transfert_entre_clients_interdit » est déclarée appliquée mais aucun contrôle, calcul "
            "ni contrainte ne la lit") in problems


def test_rules_coverage_refuses_a_reason_saying_nothing_reads_a_value_the_code_checks_with(tmp_path, rule_set):
    root = _tree(tmp_path, {
        **PROFILES,
        "games/rules/readers.yaml": (
            "carte_de_jeu.plafond_nominative:\n  controle:\n    - registers.cards.ledger:card_issue\n"),
        "registers/cards/ledger.py": (
            "from games.selectors import rule_value_at\n"
            "def card_issue(casino):\n"
            "    return rule_value_at(jurisdiction=casino, key='carte_de_jeu.plafond_nominative', on=None).value\n"),
        "games/rules/x.py": "",
    })
    nothing = {"reason": "Vigie ne tient pas les cartes : rien ne lit la valeur.", "reason_en": "r", "literal": None}
    report = coverage_report(rules=rule_set, root=root, declarations=Declarations(
        {}, {}, [], not_applied={"lu.carte_de_jeu.plafond_nominative": nothing}))
    assert ("« lu.carte_de_jeu.plafond_nominative » : la raison dit que rien ne lit la valeur, mais "
            "registers.cards.ledger › card_issue la lit") in "\n".join(report.problems)


def test_rules_coverage_exits_non_zero_when_an_applied_value_names_a_test_that_does_not_exist(monkeypatch, capsys):
    from games import coverage

    declared = coverage.declarations_read()
    declared.applied["qc.roue_de_fortune.taux_retour_minimum"] = ["tests/test_rtp.py::test_no_such_test"]
    monkeypatch.setattr(coverage, "declarations_read", lambda **kwargs: declared)
    with pytest.raises(CommandError, match="problème"):
        call_command("rules_coverage", "--json")
    captured = capsys.readouterr()
    assert ("« qc.roue_de_fortune.taux_retour_minimum » est déclarée appliquée mais le test "
            "« tests/test_rtp.py::test_no_such_test » n'existe pas") in captured.err
    value = next(v for v in json.loads(captured.out)["values"] if v["key"] == "qc.roue_de_fortune.taux_retour_minimum")
    assert value["tests_missing"] == ["tests/test_rtp.py::test_no_such_test"]


def test_rules_coverage_refuses_a_reason_that_promises_future_work(tmp_path):
    path = tmp_path / "coverage.yaml"
    path.write_text(
        "applied: {}\n"
        "display_only: []\n"
        "not_applied:\n"
        "  - reason: Le rapprochement (à venir) l'appliquera.\n"
        "    reason_en: The reconciliation (coming) will apply it.\n"
        "    keys: [lu.omaha.joueurs]\n", encoding="utf-8")
    declared = declarations_read(path)
    assert declared.not_applied["lu.omaha.joueurs"]["reason"].startswith("Le rapprochement")
    assert any("promet un travail futur (« à venir »)" in problem for problem in declared.problems)
    assert any("(« coming »)" in problem for problem in declared.problems)


def test_rules_coverage_exits_1_on_a_value_missing_from_coverage_yaml(monkeypatch, capsys):
    from games import coverage

    declared = coverage.declarations_read()
    del declared.not_applied["ropta.tournoi.table_finale_max"]
    monkeypatch.setattr(coverage, "declarations_read", lambda **kwargs: declared)
    with pytest.raises(CommandError, match="problème"):
        call_command("rules_coverage")
    assert "« ropta.tournoi.table_finale_max » manque dans games/rules/coverage.yaml" in capsys.readouterr().err


@pytest.mark.django_db
def test_lu_49_14_article_page_shows_what_vigie_applies_and_its_ambiguities(world, rules, client):
    client.force_login(world.regulator_lu)
    page = client.get(reverse("rules-article", args=["lu-projet-rgd-1979", "art", "49-14"])).content.decode()
    assert "Ce que Vigie applique" in page and "lu.bad_beat_jackpot.panne_sans_prelevement" in page
    assert "Affichage seulement" in page and "lu.bad_beat_jackpot.panne_sans_prelevement" in page
    assert 'id="lu.bad_beat_jackpot.montants_notes_pendant_la_panne"' in page
    assert "Les montants prélevés seront notés manuellement dans un carnet de compte." in page
    assert "lecture retenue par Vigie" in page
    cards = client.get(reverse("rules-article", args=["lu-projet-rgd-1979", "art", "3-1"])).content.decode()
    assert "Contrainte PostgreSQL" in cards and "card_balance_within_cap" in cards
    assert "Appliquée" in cards and "tests/test_cards.py::test_3_1_7_a_day_card_is_capped_at_250" in cards


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
