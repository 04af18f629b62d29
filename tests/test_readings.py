"""Which reading of the printed odds each text supports, given first with its evidence (« X pour 1 »: MC AM 2007-668
art. 1, LU RGD 1979 art. 37-9 and 37-16); the Poker des Caraïbes as QC RJC art. 67.17 and 67.20 write it; the return
computations reading every rule through games.selectors at a date."""

import datetime
import json
import shutil
from decimal import Decimal
from fractions import Fraction
from io import StringIO
from pathlib import Path

import numpy as np
import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils.html import escape

from compliance.errors import DomainError
from games.hands.cards import parse
from games.hands.fast import evaluate_many
from games.models import PayTableLine, RuleValueVersion, StrategyEvaluation
from games.rtp import bataille, games_poker, pai_gow, rulebook
from games.rtp.present import jsonable
from games.rtp.selectors import evaluation_json
from games.rtp.services import strategy_evaluation_run, strategy_evaluations_enqueue_all
from games.rules.validate import RULES_DIR, RulesInvalid, read_rules
from games.selectors import rule_value_at
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db

ON = "2026-11-21"
# the six tables printing « pour », and the words of their texts that say how it is paid
POUR_TABLES = {
    "mc.uth.blind": ("BLIND est payé si le joueur gagne avec une suite (straight) ou mieux", "MC AM 2007-668 art. 1"),
    "mc.uth.trips": ("BLIND est payé si le joueur gagne avec une suite (straight) ou mieux", "MC AM 2007-668 art. 1"),
    # a draft's articles are cited as such
    "lu.holdem_casino.super_ante": ("repris sur le tapis à partir de la combinaison Quinte",
                                    "LU RGD 1979 art. 37-9 (projet)"),
    "lu.holdem_casino.bonus": ("La case Bonus est payée à partir du brelan", "LU RGD 1979 art. 37-9 (projet)"),
    "lu.bataille.bataille": ("ce joueur gagne la bataille. La mise initiale est payée 1 pour 1.",
                             "LU RGD 1979 art. 37-16 (projet)"),
    "lu.bataille.egalite": ('La mise "égalité" paie 10 pour 1.', "LU RGD 1979 art. 37-16 (projet)"),
}


def _rtp(key, *args, json_output=True):
    out = StringIO()
    call_command("rtp", key, "--on", ON, *(["--json"] if json_output else []), *args, stdout=out)
    return json.loads(out.getvalue()) if json_output else out.getvalue()


def _edge(variant) -> Fraction:
    return Fraction(variant["house_edge"]["fraction"])


# --- « X pour 1 »: the reading each text's words support, first -----------------------------------------------


def test_mc_am_2007_668_art_1_blind_is_paid_on_a_straight_so_pour_reads_as_a_net_gain_first(rules):
    report = _rtp("mc.uth.trips")
    assert report["literal_reading"] == "pour"  # the printed word, kept
    assert report["default_reading"] == report["selected_reading"] == "a" and list(report["readings"]) == ["a", "pour"]
    net, total = report["readings"]["a"][0], report["readings"]["pour"][0]
    assert _edge(net) == Fraction(233985, 6689228) and net["house_edge"]["decimal"] == "0.034979"  # 3.50 %, first
    assert _edge(total) - _edge(net) == Fraction(net["hit_frequency"]["fraction"])  # the other reading: 18.77 %
    assert total["house_edge"]["decimal"] == "0.187679"
    quotes = {(e["quote"], e["citation"]) for e in report["reading"]["evidence"]}
    assert ("BLIND est payé si le joueur gagne avec une suite (straight) ou mieux", "MC AM 2007-668 art. 1") in quotes
    text = _rtp("mc.uth.trips", json_output=False)
    assert text.index("Lecture du texte : nette") < text.index("« BLIND est payé si le joueur gagne avec une suite")
    assert "Retour 96,5021 %" in text and "autre lecture : 81,2321 %" in text


@pytest.mark.parametrize("key", sorted(POUR_TABLES))
def test_mc_art_1_lu_37_9_37_16_each_pour_table_gives_its_texts_reading_first_with_the_evidence(world, rules, client,
                                                                                                key):
    quote, citation = POUR_TABLES[key]
    assert PayTableLine.objects.filter(version__paytable__key=key, notation="pour").exists()
    command = _rtp(key)
    api = api_client_for(world.regulator_lu).get(reverse("api-rules-rtp-detail", args=[key]), {"on": ON}).json()
    for report in (command, api):
        assert list(report["readings"]) == ["a", "pour"] and report["default_reading"] == "a"
        assert report["reading"]["supported_by_text"] and report["reading"]["printed"] == "pour"
        assert any(quote in e["quote"] and e["citation"] == citation for e in report["reading"]["evidence"])
        assert report["reading"]["note"]
    client.force_login(world.regulator_lu)
    page = client.get(reverse("rules-paytable", args=[key])).content.decode()
    start = page.index('data-testid="rtp-evidence"')
    evidence = page[start:page.index("</ul>", start)]
    assert escape(quote) in evidence and citation in evidence
    if any(v["return"] is not None for v in command["readings"]["a"]):  # a return of its own: net shown first
        assert start < page.index('data-testid="rtp-return-a"') < page.index('data-testid="rtp-return-pour"')
        first = page[page.index('data-testid="rtp-reading-1"'):page.index('data-testid="rtp-reading-2"')]
        assert "Lecture nette" in first and "lecture du texte" in first
    assert 'data-testid="paytable-reading"' in page  # the version says it too, under its lines


def test_lu_37_16_a_won_war_is_paid_so_the_bataille_evaluation_goes_to_war(rules):
    for strategy in bataille.STRATEGIES:
        strategy_evaluation_run(evaluation_id=StrategyEvaluation.objects.create(game="lu.bataille",
                                                                                strategy=strategy).pk)
    found = {e["strategy"]: e for e in map(evaluation_json, StrategyEvaluation.objects.filter(game="lu.bataille"))}
    assert found["guerre"]["optimal"] is True and found["abandon"]["optimal"] is False
    assert Fraction(found["guerre"]["expected"]) == Fraction(-170016, 4965115)  # 3.42 % against 3.70 % surrendering
    # the total-return reading, beside it and flagged: a won war would gain nothing, and surrender would be better
    (other,) = found["guerre"]["alternatives"]
    assert other["key"] == "pour" and other["flagged"] and "abandon" in other["description"]
    assert Decimal(other["house_edge_decimal"]) == Decimal("0.068484")
    # an evaluation stored before the readings were read from the texts is queued again
    StrategyEvaluation.objects.filter(game="lu.bataille", strategy="abandon").update(details={})
    queued = {(e.game, e.strategy) for e in strategy_evaluations_enqueue_all()}
    assert ("lu.bataille", "abandon") in queued and ("lu.bataille", "guerre") not in queued


def test_mc_am_2007_668_art_1_a_reading_must_be_quoted_from_its_article(tmp_path):
    root = tmp_path / "rules"
    shutil.copytree(RULES_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    blind = root / "paytables" / "mc" / "mc.uth.blind.yaml"
    text = blind.read_text(encoding="utf-8")
    blind.write_text(text.replace("BLIND est payé si le joueur gagne", "BLIND est payé double si le joueur gagne"),
                     encoding="utf-8")
    with pytest.raises(RulesInvalid, match=r"mc\.uth\.blind\.yaml:\d+: .*citation introuvable"):
        read_rules(root)
    start, end = text.index("    reading:"), text.index("    lines:")
    blind.write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(RulesInvalid, match=r"mc\.uth\.blind\.yaml:\d+: la table écrit « pour »"):
        read_rules(root)


# --- Poker des Caraïbes as QC RJC art. 67.17 and 67.20 write it -------------------------------------------------


def _five(text):
    return evaluate_many(np.array([parse(text)]), "qc.cinq_cartes")


def test_qc_67_17_the_dealer_opens_with_a_king_or_an_ace_and_67_20_every_winning_hand_wins_its_bets(rules):
    day = datetime.date.fromisoformat(ON)
    opening = rule_value_at(jurisdiction="QC", key="qc.caraibes.qualification_croupier", on=day)
    assert opening.value == "roi" and opening.citation.label == "QC RJC art. 67.17"
    unlisted = rule_value_at(jurisdiction="QC", key="qc.caraibes.gain_hors_bareme", on=day)
    assert unlisted.value == Decimal("1") and unlisted.citation.label == "QC RJC art. 67.20"
    fives, king_high, yes = _five("5c 5d 9h Jc 2s"), _five("Kc Qd 9s 7h 3c"), np.array([True])
    # a king high opens; the pair of fives, not on the table, still wins: initial 1 to 1, additional (2×) even money
    assert [float(x[0]) for x in games_poker.settle_caraibes(fives, king_high, yes)] == [1.0, 2.0]
    # the usual game's ace-and-king rule, kept as the other reading: the king high does not open
    usual = games_poker.settle_caraibes(fives, king_high, yes, qualification="as_roi")
    assert [float(x[0]) for x in usual] == [1.0, 0.0]
    result = games_poker.evaluate_caraibes(rounds=40_000, seed=1)
    assert result.details["qualification"] == "roi"
    ace_king = result.details["variants"]["dealer_ace_and_king"]
    # the text's rules favour the player; the ace-and-king rule alone (the initial bet still paid on the table, 67.20)
    # takes much of that back
    assert ace_king["flagged"] and ace_king["expected"] < result.expected and result.expected > 0
    assert "67.17" in result.details["variants_described"]["dealer_ace_and_king"]
    evaluation = StrategyEvaluation.objects.create(game="qc.caraibes", strategy="paire",
                                                   details=jsonable(result.details))
    flagged = {a["key"] for a in evaluation_json(evaluation)["alternatives"] if a["flagged"]}
    assert "dealer_ace_and_king" in flagged


# --- Rules read through games.selectors, at a date -------------------------------------------------------------


def test_lu_37_16_the_return_computations_read_each_rule_through_rule_value_at_on_a_date(rules):
    # what the database holds is what is applied: a changed share of a surrendered bet changes the result
    RuleValueVersion.objects.filter(rule__key="lu.bataille.abandon_part_restituee").update(value="0.25")
    assert bataille.evaluate("abandon").expected == Fraction(-3, 4) * Fraction(23, 311)
    # on a day before the Luxembourg draft's date there is no rule to apply
    with pytest.raises(DomainError):
        bataille.evaluate("guerre", on=datetime.date(2014, 12, 31))
    # the draft gate: a game on a draft reads it, a game in force (QC décret 1675-95) only law in force
    assert rulebook.applies_draft("lu.bataille.paquets") and rulebook.applies_draft("qc.357.sept_cartes")
    assert not rulebook.applies_draft("qc.pai_gow.commission") and not rulebook.applies_draft("mc.uth.blind")
    assert pai_gow.commission(Decimal("10"), on=datetime.date(1996, 1, 4)) == Fraction(1, 20)
    with pytest.raises(DomainError):
        pai_gow.commission(Decimal("10"), on=datetime.date(1996, 1, 3))
    # and no return computation opens a rule file (strategy files are not rules)
    for path in Path(rulebook.__file__).parent.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert '"rules"' not in source and "RULES_DIR" not in source and "VALUES_DIR" not in source, path.name
