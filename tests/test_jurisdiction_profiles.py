"""Issue 37, point 5: jurisdictions as data. Each jurisdiction's profile (games/rules/profiles/<code>.yaml) maps the
concepts the code asks for to its rule keys, says which features apply there and which engine computes each of its
games; the code never writes a jurisdiction's rule key nor branches on a jurisdiction's code (a grep of the Python
outside the rule data and the tests, failing on the line), and rules_coverage joins the profiles with the readers."""

import datetime
import re
import shutil
from pathlib import Path

import pytest

from compliance import profiles
from compliance.demo import USERS
from compliance.errors import DomainError
from compliance.navigation import navigation_for
from games.coverage import code_sites, readers_problems
from games.models import JurisdictionProfile
from games.rules.validate import RULES_DIR, RulesInvalid, read_rules
from games.selectors import concept_value, rule_value_at
from games.services import rules_load

ROOT = RULES_DIR.parent.parent
PYTHON = ("compliance", "games", "registers", "config")
D = datetime.date


def _python_files():
    """The Python of the product outside the tests; a migration is history, never edited, so it is left out."""
    for app in PYTHON:
        for path in sorted((ROOT / app).rglob("*.py")):
            parts = path.relative_to(ROOT).parts
            if "tests" not in parts and "migrations" not in parts:
                yield path


@pytest.fixture(scope="module")
def rule_keys():
    """Every key of the rule data and each of its dotted prefixes (« lu.carte_de_jeu »): a string naming one is a
    jurisdiction's rule key, whatever else a string such as a demo user's name « lu.caissier » is."""
    rules = read_rules()
    keys = rules.keys()
    return keys | {".".join(key.split(".")[:end]) for key in keys for end in range(1, key.count(".") + 1)}


KEY_LITERAL = re.compile(r"""[\"'](?P<key>(?:lu|qc|mc)\.[a-z0-9_.]*)""")
# a decision on the code itself: compared, looked up in a list of codes, or made into a key's prefix
BRANCH = re.compile(r"""(jurisdiction|\bcode)\s*(==|!=)\s*[\"'](QC|MC|LU)[\"']|[\"'](QC|MC|LU)[\"']\s*(==|!=)"""
                    r"""|(jurisdiction|\bcode)\.code\s+(not\s+)?in\b|\bin\s+\(?[\"'](QC|MC|LU)[\"']\s*,"""
                    r"""|jurisdiction__code\s*=\s*[\"']|jurisdictions\s*=\s*\(|code\.lower\(\)\s*(\}\.|\+\s*[\"']\.)""")


def _offenders(pattern_hits) -> list[str]:
    found = []
    for path in _python_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern_hits(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


# the demo's users are named « lu.direction » …: a person, not the rule data's « lu.direction.* » values
DEMO_USERS = {user.username for user in USERS}


def _keys_in(line: str, rule_keys: set[str]) -> bool:
    return any(match.group("key").rstrip(".") in rule_keys and match.group("key") not in DEMO_USERS
               for match in KEY_LITERAL.finditer(line))


def test_no_python_outside_the_rule_data_and_the_tests_writes_a_jurisdiction_s_rule_key(rule_keys):
    found = _offenders(lambda text: _keys_in(text, rule_keys))
    assert found == [], "clés écrites dans le code (demander un concept au profil) :\n" + "\n".join(found)


def test_no_python_outside_the_rule_data_and_the_tests_branches_on_a_jurisdiction_s_code():
    found = _offenders(lambda text: BRANCH.search(text) is not None)
    assert found == [], "décisions prises sur le code d'une juridiction (demander au profil) :\n" + "\n".join(found)


def test_the_grep_names_the_line_of_a_key_or_a_branch_it_finds(rule_keys):
    assert _keys_in('    cap = rule_value_at(jurisdiction=j, key="lu.carte_de_jeu.plafond_nominative")', rule_keys)
    assert _keys_in('    key = f"lu.carte_de_jeu.{name}"', rule_keys)  # a prefix built into a key
    assert not _keys_in('    USERS = ("lu.caissier", "lu.direction")', rule_keys)  # demo users, not rule keys
    assert not _keys_in('    cap = concept(casino.jurisdiction, "carte_de_jeu.plafond_nominative")', rule_keys)
    for line in ('if casino.jurisdiction.code == "QC":', 'if locked.jurisdiction.code != "QC":',
                 'if kind is None or casino.jurisdiction.code not in kind.rules:', 'prefix = f"{code.lower()}."',
                 '.filter(code=casino, jurisdiction__code="QC")', 'jurisdictions=("LU", "QC")'):
        assert BRANCH.search(line), line
    for line in ('created.append(f"certificate of {jurisdiction.code}")', 'if casino.code == "la-moselle":',
                 'key_name = f"{holder}-{jurisdiction.code.lower()}-{serial:x}"'):
        assert not BRANCH.search(line), line  # shown or named with, not decided on


# --- the profiles -------------------------------------------------------------------------------------------------


def test_each_jurisdiction_has_a_profile_whose_concepts_name_keys_of_the_rule_data():
    rules = read_rules()
    assert set(rules.profiles) == {"LU", "QC", "MC"}
    keys = rules.keys()
    for code, rule_file in rules.profiles.items():
        assert rule_file.data["jurisdiction"] == code
        assert set(rule_file.data["concepts"].values()) <= keys
        assert set(rule_file.data["engines"]) <= set(rules.games)
    assert profiles.profiles().keys() == {"LU", "QC", "MC"}


def test_a_concept_is_its_jurisdiction_s_key_and_a_jurisdiction_without_it_has_none():
    assert profiles.concept("LU", "carte_de_jeu.plafond_nominative") == "lu.carte_de_jeu.plafond_nominative"
    assert profiles.concept_or_none("QC", "carte_de_jeu.plafond_nominative") is None
    with pytest.raises(profiles.ConceptMissing, match="QC n'a pas de concept « carte_de_jeu.plafond_nominative »"):
        profiles.concept("QC", "carte_de_jeu.plafond_nominative")
    # one concept, three texts: each jurisdiction's own key
    assert profiles.concept_everywhere("approbations.table_de_paiement") == {
        "LU": "lu.approbations.table_de_paiement", "MC": "mc.approbations.table_de_paiement",
        "QC": "qc.approbations.table_de_paiement"}
    # the same raise, named « relance » in Luxembourg and « PLAY » in Monaco
    assert profiles.concept("LU", "uth.relance_flop") == "lu.uth.relance_flop"
    assert profiles.concept("MC", "uth.relance_flop") == "mc.uth.play_flop"
    assert profiles.concepts_under("QC", "salon_poker.jeu") == {
        "holdem": "qc.salon_poker", "omaha": "qc.salon_poker", "omaha_hilo": "qc.salon_poker"}


def test_a_feature_applies_where_and_from_when_its_profile_says_with_its_article():
    assert profiles.applies("LU", "cartes") and not profiles.applies("QC", "cartes")
    assert profiles.applies("LU", "cartes", D(2015, 1, 1)) and not profiles.applies("LU", "cartes", D(2014, 12, 31))
    assert profiles.feature_codes("salon_poker") == ("LU", "QC")
    assert profiles.feature_codes("roue_de_fortune.publication") == ("QC",)
    assert profiles.profile("LU").features["cartes"]["2015-01-01"]["reference"] == {
        "instrument": "lu-projet-rgd-1979", "article": "3-1"}


def test_each_engine_computes_the_games_the_profiles_give_it():
    assert profiles.engine_games("bataille") == ["lu.bataille"]
    assert profiles.engine_game("caraibes") == "qc.caraibes"
    assert profiles.game_engine("mc.uth") == "uth_classes_payees" and profiles.game_engine("lu.uth") == "uth"
    assert profiles.game_profile("qc.357").code == "QC"
    with pytest.raises(LookupError):
        profiles.engine_game("inconnu")
    from games.rtp import games_holdem, games_poker

    assert set(games_poker.SIMULATIONS) == {"qc.caraibes", "qc.boston", "qc.quatre_cartes", "qc.fou", "lu.uth",
                                            "mc.uth", "lu.holdem_casino"}
    assert games_holdem.RAISE_KEYS == {"lu.uth": ("relance_preflop", "relance_flop", "relance_river"),
                                       "mc.uth": ("play_preflop", "play_flop", "play_river")}


def test_a_casino_reads_a_value_by_concept_and_a_concept_its_texts_lack_is_not_found(world, rules):
    day = D(2026, 1, 5)
    lu = rule_value_at(jurisdiction=world.c.jurisdiction, key="carte_de_jeu.plafond_nominative", on=day, drafts=True)
    assert lu.key == "lu.carte_de_jeu.plafond_nominative" and lu.value > 0
    assert concept_value(jurisdiction="LU", concept="carte_de_jeu.plafond_nominative", on=day, drafts=True) == lu
    with pytest.raises(DomainError) as caught:
        concept_value(jurisdiction="QC", concept="carte_de_jeu.plafond_nominative", on=day, drafts=True)
    assert caught.value.status == 404 and caught.value.field == "key"


def test_the_menu_shows_the_cards_where_the_casino_s_profile_has_them(demo, rules):
    from compliance.models import User

    labels = {user: {str(item.label) for item in navigation_for(User.objects.get(username=user))}
              for user in ("lu.caissier", "qc.caissier", "mc.caissier")}
    assert "Cartes de jeu électroniques" in labels["lu.caissier"]
    assert "Cartes de jeu électroniques" not in labels["qc.caissier"] | labels["mc.caissier"]
    assert "Salon de poker" in labels["qc.caissier"] and "Salon de poker" not in labels["mc.caissier"]


# --- validation and loading -----------------------------------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "rules"
    shutil.copytree(RULES_DIR, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return root


def test_a_profile_naming_an_unknown_key_article_or_game_is_refused_with_its_file_and_line(tmp_path):
    root = _copy(tmp_path)
    path = root / "profiles" / "lu.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("carte_de_jeu.plafond_nominative: lu.carte_de_jeu.plafond_nominative",
                        "carte_de_jeu.plafond_nominative: lu.carte_de_jeu.plafond_inconnu")
    text = text.replace('article: "3-1"}', 'article: "3-99"}').replace("lu.bataille: bataille", "lu.belote: bataille")
    path.write_text(text, encoding="utf-8")
    (root / "profiles" / "mc.yaml").write_text(
        (root / "profiles" / "mc.yaml").read_text(encoding="utf-8").replace("jurisdiction: MC", "jurisdiction: QC"),
        encoding="utf-8")
    with pytest.raises(RulesInvalid) as caught:
        read_rules(root)
    problems = str(caught.value)
    assert re.search(r"games/rules/profiles/lu\.yaml:\d+: concept « carte_de_jeu\.plafond_nominative » : clé inconnue "
                     r"« lu\.carte_de_jeu\.plafond_inconnu »", problems)
    assert "article inconnu « 3-99 » dans « lu-projet-rgd-1979 »" in problems
    assert "moteur d'un jeu inconnu « lu.belote »" in problems
    assert "le profil de « mc » nomme « QC »" in problems


def test_rules_load_loads_the_profiles_once_and_a_changed_profile_is_one_update(rules, tmp_path):
    rules_load()
    assert rules_load().changes == 0
    loaded = JurisdictionProfile.objects.get(jurisdiction__code="QC")
    assert loaded.concepts["tournoi.regles_publiees_avant"] == "qc.tournoi.regles_publiees_avant"
    assert loaded.engines["qc.pai_gow"] == "pai_gow"
    assert loaded.features["salon_poker"]["2007-06-19"]["applies"] is True
    root = _copy(tmp_path)
    path = root / "profiles" / "qc.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        '"2007-06-19": {applies: true, reference: {instrument: qc-projet-2007, article: "67.108"}}',
        '"2007-06-19": {applies: false, reference: {instrument: qc-projet-2007, article: "67.108"}}'), encoding="utf-8")
    report = rules_load(root=root)
    assert report.changes == 1 and report.updated["JurisdictionProfile"] == 1
    assert JurisdictionProfile.objects.get(jurisdiction__code="QC").features[
        "salon_poker.retenue_sur_la_partie"]["2007-06-19"]["applies"] is False


# --- rules_coverage as a join ---------------------------------------------------------------------------------------


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_coverage_joins_the_profiles_map_with_the_readers_and_names_a_reader_the_code_no_longer_bears_out(tmp_path):
    root = _tree(tmp_path, {
        "games/rules/profiles/lu.yaml": "jurisdiction: LU\nconcepts:\n"
                                        "  carte.plafond: lu.carte_de_jeu.plafond_nominative\n"
                                        "features: {}\nengines: {}\n",
        "games/rules/profiles/xx.yaml": "jurisdiction: XX\nconcepts:\n  carte.plafond: xx.cartes.plafond\n"
                                        "features: {}\nengines: {}\n",
        "games/rules/readers.yaml": "carte.plafond:\n  controle:\n    - registers.cards.controls:cap_problems\n"
                                    "    - registers.cards.controls:gone\n  affichage:\n"
                                    "    - compliance.pages:page\ninconnu.concept:\n  calcul:\n"
                                    "    - compliance.pages:page\n",
        "registers/cards/controls.py": "CAP = 'plafond'\n"
                                       "def cap_problems(state, rules):\n    return rules.value(CAP)\n",
        "compliance/pages.py": "def page():\n    return None\n",
    })
    sites = code_sites(root)
    # the one concept, read by the same control, is each jurisdiction's key: a fourth jurisdiction is a fourth profile
    for key in ("lu.carte_de_jeu.plafond_nominative", "xx.cartes.plafond"):
        assert {(s.kind, s.module, s.function) for s in sites[key]} == {
            ("controle", "registers.cards.controls", "cap_problems"), ("controle", "registers.cards.controls", "gone"),
            ("affichage", "compliance.pages", "page")}
    problems = "\n".join(readers_problems(root))
    assert "« carte.plafond » : « registers.cards.controls:gone » n'existe plus (gone)" in problems
    assert "« carte.plafond » : « compliance.pages:page » ne nomme plus « carte.plafond »" in problems
    assert "« inconnu.concept » n'est le concept d'aucun profil" in problems
    assert "cap_problems" not in problems


def test_the_product_s_readers_are_all_borne_out_by_its_code():
    assert readers_problems() == []
