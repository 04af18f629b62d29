"""Issue 36, item 9: names instead of keys, and words that agree with their count. A rule text that cites another
rule by its key reads its name, linked to its page; a finding's or a check's count takes its singular or plural, never
« main(s) »; a day a check found reads as people write it."""

import datetime
import html

import pytest
from django.template import Context, Template
from django.utils import translation

from compliance.approvals.checks import LINK_ONE, RESERVE_OVER, Found, Percent
from compliance.reconciliation.messages import rendered
from games.models import HandRanking, RuleValue

pytestmark = pytest.mark.django_db


def _named(text: str, language: str) -> str:
    with translation.override(language):
        return Template("{% load rules %}{{ text|named_keys }}").render(Context({"text": text}))


def test_a_rule_text_names_the_ranking_it_cites_by_its_key_in_the_reader_s_language(rules):
    ranking = HandRanking.objects.get(key="lu.cinq_cartes")
    value = RuleValue.objects.get(key="lu.bad_beat_jackpot.main_qualifiante")
    text = "la combinaison (classe de la hiérarchie lu.cinq_cartes) <b>et</b> qc.inconnu.cle, lu.cinq_cartes."
    french = _named(text, "fr")
    link = f'<a href="{ranking.get_absolute_url()}">'
    assert french.count(link) == 2 and french.count(ranking.name.replace("'", "&#x27;")) == 2
    assert "hiérarchie lu.cinq_cartes" not in french and "qc.inconnu.cle" in french  # a key Vigie does not know
    assert "&lt;b&gt;et&lt;/b&gt;" in french  # the text itself stays escaped
    assert ranking.name_en and ranking.name_en.replace("'", "&#x27;") in _named(text, "en")
    described = html.unescape(_named(f"voir {value.key}", "fr"))
    assert value.description in described and f"?cle={value.key}#{value.key}" in described


def test_a_finding_s_count_takes_its_singular_or_its_plural():
    one = rendered("poker_plafond", {"table": "SP-1", "count": 1, "hands": "n° 7", "rate": "10", "amount": "3"}, "fr")
    two = rendered("poker_retenue", {"table": "SP-1", "count": "2", "hands": 120}, "fr")  # a count kept as text
    assert "Table SP-1 : 1 main retenue au-delà de 10 %" in one
    assert "Table SP-1 : 2 mains sur 120 retenues autrement" in two
    assert "(s)" not in one + two and "{counted}" not in one + two
    for kind in ("poker_gains", "poker_relance", "poker_version", "poker_avoir"):
        assert "1 main " in rendered(kind, {"table": "T", "count": "1", "hands": "n° 3"}, "fr")
        assert "3 mains " in rendered(kind, {"table": "T", "count": "3", "hands": "n° 3"}, "fr")


def test_an_approval_check_writes_its_days_and_its_counts_as_people_do():
    reserve = Found("reserve", "art.", "bloquant", RESERVE_OVER, {
        "reserve": 1, "installed": 5, "share": Percent("0.2"), "limit": Percent("0.1")},
        found=datetime.date(2026, 11, 29), required=datetime.date(2026, 12, 26))
    assert reserve.text("fr") == ("Après cette mise en réserve, 1 appareil en réserve sur 5 installés : 20,00 %, "
                                  "au-delà de 10,00 %.")
    assert reserve.values() == ("29 novembre 2026", "26 décembre 2026")
    assert Found("liaison", "art.", "bloquant", LINK_ONE, {"given": 1}).text("fr").endswith(": 1 donné.")
