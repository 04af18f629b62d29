"""Search, pages and the read-only API over the rules."""

import pytest
from django.urls import reverse

from games.selectors import article_search, in_force_on
from tests.conftest import api_client_for

pytestmark = pytest.mark.django_db


def test_french_search_finds_cagnotte_ranked_with_highlighted_excerpts(world, rules):
    hits = article_search(user=world.regulator_lu, text="cagnotte")
    assert len(hits) >= 10
    assert [h.rank for h in hits] == sorted((h.rank for h in hits), reverse=True)
    assert all("<mark>" in h.excerpt for h in hits)
    assert {h.article.instrument.slug for h in hits} >= {"qc-projet-2007", "lu-projet-rgd-1979"}


def test_french_stemming_matches_plural_and_singular(world, rules):
    plural = {h.article.pk for h in article_search(user=world.admin, text="orphelins")}
    singular = {h.article.pk for h in article_search(user=world.admin, text="orphelin")}
    assert plural and plural == singular


def test_search_excerpts_escape_the_text_and_only_mark_matches(world, rules):
    from games.models import Article

    article = Article.objects.get(instrument__slug="ropta-2019", number="§9.6")
    Article.objects.filter(pk=article.pk).update(text="zyzzyva <b>gras</b> & co")
    [hit] = article_search(user=world.admin, text="zyzzyva")
    assert "<b>" not in hit.excerpt
    from games.selectors import _highlighted

    assert _highlighted("<script>x</script> & \x02cagnotte\x03") == (
        "&lt;script&gt;x&lt;/script&gt; &amp; <mark>cagnotte</mark>")
    assert "<mark>zyzzyva</mark>" in hit.excerpt


def test_in_force_on_a_date_ignores_drafts_and_lists_them_apart(world, rules):
    state = in_force_on(user=world.regulator_qc, on=__import__("datetime").date(2008, 1, 1))
    assert {i.slug for i in state.instruments} == {"qc-decret-1675-95", "mc-am-2007-668"}
    assert {i.slug for i in state.drafts} == {"qc-projet-2007"}
    assert all(not found.citation.is_draft for _, found in state.values)
    assert "qc.357.trois_cartes" not in {p.key for p, _ in state.paytables}
    assert "qc.caraibes.main" in {p.key for p, _ in state.paytables}


def test_api_rule_value_with_and_without_drafts(world, rules):
    api = api_client_for(world.accountant_c)
    url = reverse("api-rules-value", kwargs={"key": "lu.carte_de_jeu.plafond_nominative"})
    refused = api.get(url, {"on": "2020-01-01"})
    assert refused.status_code == 404 and refused.json()["code"] == "rule_value_not_found"
    found = api.get(url, {"on": "2020-01-01", "drafts": "1"}).json()
    assert found["value"] == "2000.00" and found["status"] == "draft"
    assert found["citation"] == "LU RGD 1979 art. 3-1 6) (projet)"
    bad = api.get(url, {"on": "2020-02-30"})
    assert bad.status_code == 400 and bad.json()["field_errors"] == {"on": ["Date invalide : « 2020-02-30 » (format "
                                                                          "attendu AAAA-MM-JJ)."]}


def test_api_paytable_lines_as_written_and_parsed(world, rules):
    data = api_client_for(world.regulator_qc).get(
        reverse("api-rules-paytable-detail", kwargs={"key": "lu.holdem_casino.super_ante"})).json()
    assert data["citation"]["label"].startswith("LU RGD 1979 art. 37-9")
    assert all(line["parsed"]["notation"] == "pour" for line in data["lines"])
    assert data["lines"][0]["odds"].lower().endswith("pour 1")


def test_api_search_and_instrument_detail(world, rules):
    api = api_client_for(world.accountant_a)
    hits = api.get(reverse("api-rules-article-search"), {"q": "carte de jeu électronique"}).json()
    assert hits[0]["article"]["instrument"] == "lu-projet-rgd-1979"
    detail = api.get(reverse("api-rules-instrument-detail", kwargs={"slug": "qc-decret-1675-95"})).json()
    assert detail["status"] == "in_force" and detail["effective_from"] == "1996-01-04"
    assert "67.20" in {a["number"] for a in detail["articles"]}


def test_article_page_lists_what_cites_it(world, rules, client):
    client.force_login(world.regulator_lu)
    page = client.get(reverse("rules-article", args=["lu-projet-rgd-1979", "art", "3-1"])).content.decode()
    assert "lu.carte_de_jeu.plafond_nominative" in page and "lu.carte_de_jeu.plafond_journaliere_anonyme" in page
    assert client.get(reverse("rules-article", args=["lu-projet-rgd-1979", "art", "99-99"])).status_code == 404
    assert client.get(reverse("rules-article", args=["lu-projet-rgd-1979", "xyz", "3-1"])).status_code == 404
