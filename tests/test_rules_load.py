"""Rules as data: the loader is idempotent, `--check` detects drift, and a malformed file is refused
with its name and line while nothing is loaded."""

import shutil
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.models import Article, LegalInstrument, PayTableLine, RuleValueVersion
from games.rules.validate import RULES_DIR, RulesInvalid, read_rules
from games.services import rules_load

pytestmark = pytest.mark.django_db

RULE_MODELS_IN_DELETE_ORDER = (
    "RuleValueVersion", "RuleValue", "BetType", "PayTableLine", "PayTableVersion", "PayTable", "Game", "HandClass",
    "HandRanking", "Article", "LegalInstrument",
)


def _empty_rule_tables():
    from django.apps import apps

    for name in RULE_MODELS_IN_DELETE_ORDER:
        apps.get_model("games", name).objects.all().delete()


def test_rules_load_on_an_empty_database_then_again_reports_zero_changes(rules):
    _empty_rule_tables()
    first = rules_load()
    assert first.created["LegalInstrument"] == 5
    assert first.created["PayTable"] >= 27
    assert first.changes == sum(first.created.values())
    second = rules_load()
    assert second.changes == 0, second.differences[:5]
    assert rules_load(check=True).changes == 0


def test_check_fails_after_one_value_is_edited_in_the_database(rules, capsys):
    call_command("rules_load", "--check")
    assert "0 différence" in capsys.readouterr().out
    version = RuleValueVersion.objects.filter(value__isnull=False).order_by("pk").first()
    RuleValueVersion.objects.filter(pk=version.pk).update(value="999")
    with pytest.raises(CommandError, match="1 différence"):
        call_command("rules_load", "--check")
    assert "RuleValueVersion" in capsys.readouterr().err
    # --check changed nothing; a real load repairs the row
    assert RuleValueVersion.objects.get(pk=version.pk).value == "999"
    assert rules_load().changes == 1
    assert RuleValueVersion.objects.get(pk=version.pk).value == version.value


def test_a_new_version_that_reorders_a_texts_articles_loads_them_in_the_files_order(rules):
    """A text's next version may insert an article before others: rules_load then moves each article to its new
    position one by one, the positions' uniqueness checked at the commit (the local database of an earlier version
    was refused by the first move)."""
    from django.db import transaction

    first, second = Article.objects.order_by("instrument", "position")[:2]
    assert first.instrument_id == second.instrument_id
    with transaction.atomic():  # the database as an earlier version left it: these two the other way round
        Article.objects.filter(pk=first.pk).update(position=second.position)
        Article.objects.filter(pk=second.pk).update(position=first.position)
    report = rules_load()
    assert report.updated["Article"] == 2, report.differences
    assert Article.objects.get(pk=first.pk).position < Article.objects.get(pk=second.pk).position
    assert rules_load(check=True).changes == 0


def test_check_detects_an_edited_article_text_and_a_deleted_pay_table_line(rules):
    Article.objects.filter(pk=Article.objects.order_by("pk").first().pk).update(text="texte falsifié")
    PayTableLine.objects.order_by("pk").last().delete()
    report = rules_load(check=True)
    assert report.updated["Article"] == 1 and report.created["PayTableLine"] == 1


@pytest.fixture
def rules_copy(tmp_path) -> Path:
    root = tmp_path / "rules"
    shutil.copytree(RULES_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return root


def _edit(path: Path, old: str, new: str, count: int = 1):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _refused(root: Path) -> str:
    before = (LegalInstrument.objects.count(), Article.objects.count(), PayTableLine.objects.count())
    with pytest.raises(RulesInvalid) as caught:
        rules_load(root=root)
    assert (LegalInstrument.objects.count(), Article.objects.count(), PayTableLine.objects.count()) == before
    return str(caught.value)


def test_a_duplicate_key_is_refused_with_file_and_line(rules, rules_copy):
    path = rules_copy / "paytables" / "qc" / "qc.357.trois_cartes.yaml"
    _edit(path, "title:", "game: qc.357\ntitle:")
    message = _refused(rules_copy)
    assert "games/rules/paytables/qc/qc.357.trois_cartes.yaml:" in message
    assert "clé en double « game »" in message


def test_a_bad_date_is_refused(rules, rules_copy):
    path = rules_copy / "instruments" / "mc-am-2007-668.yaml"
    _edit(path, 'date_signed: "2007-12-20"', 'date_signed: "2007-02-30"')
    message = _refused(rules_copy)
    assert "games/rules/instruments/mc-am-2007-668.yaml:" in message and "date invalide « 2007-02-30 »" in message


def test_an_unknown_article_is_refused(rules, rules_copy):
    path = rules_copy / "paytables" / "qc" / "qc.357.trois_cartes.yaml"
    _edit(path, 'article: "67.48"', 'article: "67.480"')
    message = _refused(rules_copy)
    assert "qc.357.trois_cartes.yaml" in message and "article inconnu « 67.480 »" in message


def test_negative_odds_are_refused(rules, rules_copy):
    path = rules_copy / "paytables" / "qc" / "qc.357.trois_cartes.yaml"
    text = path.read_text(encoding="utf-8")
    first_numerator = text.split("numerator:", 1)[1].split(",", 1)[0].split("\n", 1)[0].strip()
    _edit(path, f"numerator: {first_numerator}", 'numerator: "-40"')
    message = _refused(rules_copy)
    assert "qc.357.trois_cartes.yaml:" in message and "-40" in message and "numerator" in message


def test_every_problem_of_a_run_is_reported_not_only_the_first(rules_copy):
    _edit(rules_copy / "instruments" / "mc-am-2007-668.yaml", 'date_signed: "2007-12-20"',
          'date_signed: "2007-13-01"')
    _edit(rules_copy / "paytables" / "qc" / "qc.357.trois_cartes.yaml", 'article: "67.48"', 'article: "0"')
    with pytest.raises(RulesInvalid) as caught:
        read_rules(rules_copy)
    assert len(caught.value.errors) >= 2


def test_the_command_names_the_file_and_loads_nothing(rules, rules_copy, monkeypatch):
    _edit(rules_copy / "instruments" / "mc-am-2007-668.yaml", 'date_signed: "2007-12-20"',
          'date_signed: "2007-02-30"')
    monkeypatch.setattr("games.rules.validate.RULES_DIR", rules_copy)
    with pytest.raises(CommandError, match="rien n'a été chargé"):
        call_command("rules_load")
