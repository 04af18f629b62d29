"""The rule texts are French: on an English page, what Vigie shows of them untranslated is marked lang="fr" (WCAG 2.1
3.1.2, Language of Parts), so that a screen reader reads it in French; what the rules give in English is not."""

import re
from html import escape

import pytest
from django.conf import settings

from games.models import Article, Game

pytestmark = pytest.mark.django_db


def _page(client, user, url: str, language: str) -> str:
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    answer = client.get(url)
    assert answer.status_code == 200, url
    return answer.content.decode()


def test_an_article_s_heading_and_text_are_marked_french_on_an_english_page_only(world, rules, client):
    article = Article.objects.exclude(heading="").order_by("pk").first()
    english = _page(client, world.accountant_a, article.get_absolute_url(), "en")
    assert f'<span lang="fr">{article.heading}</span>' in english.replace("&#x27;", "'")
    assert re.search(r'class="[^"]*article-text" lang="fr"', english)
    french = _page(client, world.accountant_a, article.get_absolute_url(), "fr")
    assert '<span lang="fr">' not in french


def test_a_game_s_english_name_is_not_marked_and_its_french_description_is(world, rules, client):
    game = Game.objects.exclude(name_en="").exclude(description="").order_by("pk").first()
    assert game is not None
    english = _page(client, world.accountant_a, game.get_absolute_url(), "en")
    heading = re.search(r"<h1[^>]*>", english).group(0)
    assert 'lang="fr"' not in heading  # the rules give its English name
    start = escape(game.description.split(".")[0][:20])
    assert f'<p lang="fr">{start}' in english  # its description is French only
