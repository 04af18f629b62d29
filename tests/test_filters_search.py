"""Issue 36, item 7: the lists' filters (reports by kind, register and period; reconciliations with findings still
open; the poker room's days with findings; the regulated values searched and filtered) read from the address, a
refused value named with its field while the others apply; the caisse spéciale reached from the menu and the cards'
page; and the header's one search box, which finds a card, a client, an entry n°, a deal and a request within the
user's scope only."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from compliance.approvals.models import ApprovalRequest
from compliance.models import User
from compliance.reconciliation.models import Finding
from compliance.reports import views as report_views
from compliance.reports.models import Report
from registers.models import Card, Entry, PokerHand
from registers.models import Client as CardClient

pytestmark = pytest.mark.django_db


def _as(username: str) -> Client:
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(User.objects.get(username=username))
    return client


def _page(client: Client, url: str, **params) -> str:
    response = client.get(url, params)
    assert response.status_code == 200, (url, params, response.status_code)
    return response.content.decode()


def _report_rows(html: str) -> list[str]:
    return re.findall(r'<tr data-report="(\d+)"', html)


# --- the reports -------------------------------------------------------------------------------------------------


def test_reports_filter_by_kind_register_and_period_in_the_address(demo, rules):
    client = _as("lu.direction")
    every = _report_rows(_page(client, reverse("reports-list")))
    letters = _report_rows(_page(client, reverse("reports-list"), kind=Report.Kind.APPROVAL_DECISION))
    mine = Report.objects.filter(casino__code="la-moselle")
    assert sorted(letters) == sorted(str(pk) for pk in mine.filter(kind=Report.Kind.APPROVAL_DECISION)
                                     .values_list("pk", flat=True))
    assert letters and len(letters) < len(every)
    daily_cards = _report_rows(_page(client, reverse("reports-list"), kind=Report.Kind.REGISTER_DAILY,
                                     register="cartes"))
    assert daily_cards == [str(pk) for pk in mine.filter(kind=Report.Kind.REGISTER_DAILY, register__kind="cartes")
                           .order_by("-pk").values_list("pk", flat=True)]
    one = mine.filter(kind=Report.Kind.REGISTER_DAILY).order_by("period_start").first()
    day = one.period_start.isoformat()
    within = _report_rows(_page(client, reverse("reports-list"), start=day, end=day))
    assert str(one.pk) in within
    assert set(within) == {str(pk) for pk in mine.filter(period_start__lte=one.period_start,
                                                          period_end__gte=one.period_start).values_list("pk",
                                                                                                        flat=True)}


def test_a_refused_report_filter_names_its_field_and_the_others_still_apply(demo, rules):
    client = _as("lu.direction")
    html = _page(client, reverse("reports-list"), kind=Report.Kind.APPROVAL_DECISION, start="28/13/2026")
    assert 'data-field-error="start"' in html and "Du : date invalide" in html
    assert set(_report_rows(html)) == {str(pk) for pk in Report.objects.filter(
        casino__code="la-moselle", kind=Report.Kind.APPROVAL_DECISION).values_list("pk", flat=True)}
    html = _page(client, reverse("reports-list"), kind="lettre")
    assert 'data-field-error="kind"' in html and "Nature : « lettre » n&#x27;est pas une nature de rapport." in html
    html = _page(client, reverse("reports-list"), start="2026-11-20", end="2026-11-01")
    assert 'data-field-error="end"' in html
    html = _page(client, reverse("reports-list"), casino="lac-bleu")  # another casino's: not in the choices
    assert 'data-field-error="casino"' in html and _report_rows(html)
    assert all(Report.objects.get(pk=pk).casino.code == "la-moselle" for pk in _report_rows(html))
    # and in English, the field named too
    client.cookies["django_language"] = "en"
    html = _page(client, reverse("reports-list"), start="nope", HTTP_ACCEPT_LANGUAGE="en")
    assert 'data-field-error="start"' in html


def test_the_reports_filters_are_kept_from_page_to_page(demo, rules, monkeypatch):
    monkeypatch.setattr(report_views, "PAGE", 3)
    client = _as("lu.direction")
    kind = Report.Kind.APPROVAL_DECISION
    seen, url, params = [], reverse("reports-list"), {"kind": kind}
    while True:
        html = _page(client, url, **params)
        seen += _report_rows(html)
        older = re.search(r'href="\?([^"]+)" data-testid="reports-older"', html)
        if not older:
            break
        query = older.group(1).replace("&amp;", "&")
        assert f"kind={kind}" in query
        params = dict(part.split("=") for part in query.split("&"))
    expected = Report.objects.filter(casino__code="la-moselle", kind=kind).order_by("-pk")
    assert seen == [str(pk) for pk in expected.values_list("pk", flat=True)] and len(seen) > 3


# --- the reconciliations and the poker room's days ----------------------------------------------------------------


def test_reconciliations_open_only(demo, rules):
    client = _as("lu.direction")
    every = re.findall(r'data-reconciliation="([^"]+)"', _page(client, reverse("reconciliation-list")))
    html = _page(client, reverse("reconciliation-list"), ouverts="1")
    still_open = re.findall(r'data-reconciliation="([^"]+)"', html)
    expected = {f"la-moselle-{day.isoformat()}" for day in Finding.objects.filter(
        reconciliation__casino__code="la-moselle", state=Finding.State.OPEN).values_list(
        "reconciliation__gaming_day", flat=True)}
    assert set(still_open) == expected and 0 < len(still_open) < len(every)
    assert 'id="id_ouverts" checked' in html
    refused = _page(client, reverse("reconciliation-list"), ouverts="oui")
    assert "Ouverts seulement : « oui » n&#x27;est pas compris" in refused
    assert len(re.findall(r'data-reconciliation="', refused)) == len(every)


def test_the_poker_rooms_days_show_their_findings_and_filter_on_them(demo, rules):
    client = _as("lu.direction")
    standing = {}
    for day in Finding.objects.filter(reconciliation__casino__code="la-moselle", kind__startswith="poker_").exclude(
            state=Finding.State.LIFTED).values_list("reconciliation__gaming_day", flat=True):
        standing[day.isoformat()] = standing.get(day.isoformat(), 0) + 1
    assert standing  # the demo plants the room's findings on several days
    html = _page(client, reverse("poker-day", kwargs={"casino": "la-moselle"}))
    marked = dict(re.findall(r'data-day="([\d-]+)" data-findings="(\d+)"', html))
    assert {day: int(n) for day, n in marked.items() if int(n)} == {day: n for day, n in standing.items()
                                                                    if day in marked}
    assert any(int(n) == 0 for n in marked.values())  # and the days without any show none
    filtered = _page(client, reverse("poker-day", kwargs={"casino": "la-moselle"}), constats="1")
    days = dict(re.findall(r'data-day="([\d-]+)" data-findings="(\d+)"', filtered))
    assert set(days) == set(standing) and all(int(n) > 0 for n in days.values())
    assert "&amp;constats=1" in filtered  # the days' links keep the filter
    refused = _page(client, reverse("poker-day", kwargs={"casino": "la-moselle"}), constats="tous")
    assert 'data-field-error="constats"' in refused and "Avec constats : « tous »" in refused
    assert 'data-testid="recent-days"' in refused


# --- the regulated values -----------------------------------------------------------------------------------------


def test_the_regulated_values_are_folded_by_theme_and_searched(demo, rules):
    client = _as("lu.caissier")
    html = _page(client, reverse("rules-value-list"))
    assert 'data-testid="value-themes"' in html and "<details" in html
    assert not re.search(r"<details[^>]* open", html)  # every theme folded: the contents lead to each
    theme = re.search(r'href="\?theme=lu\.orphelins#lu-orphelins"', html)
    assert theme
    one = _page(client, reverse("rules-value-list"), theme="lu.orphelins")
    assert "lu.orphelins.delai_restitution" in one and "lu.texas_holdem" not in one
    assert re.search(r"<details[^>]* open", one)
    found = _page(client, reverse("rules-value-list"), q="restitution")
    assert "lu.orphelins.delai_restitution" in found and "lu.omaha" not in found
    quebec = _page(client, reverse("rules-value-list"), juridiction="QC")
    assert "<code>qc." in quebec and "<code>lu." not in quebec and "<code>ropta." not in quebec
    ropta = _page(client, reverse("rules-value-list"), texte="ropta-2019")
    assert "<code>ropta." in ropta and "<code>qc." not in ropta and "<code>lu." not in ropta
    private = _page(client, reverse("rules-value-list"), juridiction="-")
    assert "<code>ropta." in private and "<code>lu." not in private
    key = _page(client, reverse("rules-value-list"), cle="lu.orphelins.delai_restitution")
    assert key.count("<code>lu.") == 1


def test_a_refused_value_filter_names_its_field(demo, rules):
    client = _as("lu.caissier")
    html = _page(client, reverse("rules-value-list"), juridiction="XX", q="tournoi")
    assert "Juridiction : « XX » n&#x27;est pas une juridiction connue." in html
    assert "<code>qc.tournoi" in html and "<code>lu.tournoi" in html and "<code>lu.orphelins" not in html
    html = _page(client, reverse("rules-value-list"), texte="nulle-part")
    assert "Texte : « nulle-part » n&#x27;est pas un texte chargé." in html


# --- the caisse spéciale ------------------------------------------------------------------------------------------


def test_the_caisse_speciale_is_linked_from_the_menu_and_the_cards_page(demo, rules):
    caisse = reverse("cards-caisse")
    for username in ("lu.caissier", "lu.direction", "lu.ministere"):
        client = _as(username)
        assert f'href="{caisse}"' in _page(client, reverse("registers-list")), username  # the menu, on any page
        assert 'data-testid="caisse-link"' in _page(client, reverse("cards-home")), username
    assert f'href="{caisse}"' not in _page(_as("qc.direction"), reverse("registers-list"))


# --- the search ---------------------------------------------------------------------------------------------------


def _hits(client: Client, text: str) -> list[tuple[str, str, str]]:
    html = _page(client, reverse("search"), q=text, tout="1")
    return re.findall(r'data-testid="search-hit" data-kind="([^"]+)">\s*<span[^>]*>[^<]*</span>\s*'
                      r'<a class="fw-semibold" href="([^"]+)">([^<]+)</a>', html)


def test_the_search_finds_each_kind_within_the_casino(demo, rules):
    client = _as("lu.direction")
    card = Card.objects.filter(casino__code="la-moselle", client__isnull=False).select_related("client").first()
    assert (reverse("cards-card", kwargs={"number": card.number})) in {url for _k, url, _l in _hits(client,
                                                                                                    card.number)}
    # one exact hit: its page at once
    response = client.get(reverse("search"), {"q": card.number.lower()})
    assert response.status_code == 302 and response["Location"] == reverse("cards-card", kwargs={"number": card.number})
    person = CardClient.objects.get(pk=card.client_id)
    for typed in (person.last_name, f"{person.first_name} {person.last_name}", person.id_document_number):
        assert reverse("cards-client", kwargs={"pk": person.pk}) in {url for _k, url, _l in _hits(client, typed)}
    hand = PokerHand.objects.filter(casino__code="la-moselle").order_by("id").first()
    url = reverse("poker-hand", kwargs={"casino": "la-moselle", "day": hand.gaming_day.isoformat(),
                                        "number": hand.number})
    assert url in {url for _k, url, _l in _hits(client, hand.number)}
    request = ApprovalRequest.objects.filter(casino__code="la-moselle").order_by("reference").first()
    response = client.get(reverse("search"), {"q": request.reference})
    assert response.status_code == 302 and response["Location"] == reverse(
        "approvals-detail", kwargs={"reference": request.reference})


def test_a_number_lists_every_register_entry_and_request_it_is(demo, rules):
    client = _as("lu.direction")
    html = _page(client, reverse("search"), q="n° 7")
    hits = _hits(client, "7")
    entries = Entry.objects.filter(register__casino__code="la-moselle", seq=7).select_related("register")
    expected = {reverse("registers-entry", kwargs={"casino": "la-moselle", "kind": entry.register.kind, "seq": 7})
                for entry in entries}
    assert expected and expected <= {url for _k, url, _l in hits}
    assert reverse("approvals-detail", kwargs={"reference": "LA-MOSELLE-2026-0007"}) in {url for _k, url, _l in hits}
    assert len({kind for kind, _u, _l in hits}) >= 2  # an entry and a request, all listed
    assert 'data-testid="search-exact"' in html
    assert all("/la-moselle/" in url or "LA-MOSELLE" in url for _k, url, _l in hits)


def test_the_search_never_finds_another_casinos_data(demo, rules):
    card = Card.objects.filter(casino__code="la-moselle").first()
    other_card = Card.objects.filter(casino__code="vieux-pont").first()
    hand = PokerHand.objects.filter(casino__code="la-moselle").first()
    quebec = ApprovalRequest.objects.filter(casino__code="lac-bleu").exclude(state="brouillon").first()
    direction = _as("lu.direction")
    assert _hits(direction, other_card.number) == []  # the other LU casino's card
    assert not any("vieux-pont" in url for _k, url, _l in _hits(direction, "7"))
    assert _hits(direction, quebec.reference) == []
    for username in ("qc.direction", "mc.commission"):
        client = _as(username)
        assert _hits(client, card.number) == [] and _hits(client, hand.number) == [], username
        assert _hits(client, "Weber") == [], username
    # a regulator finds what their jurisdiction's casinos keep, both of them, and nothing of another jurisdiction
    ministere = _as("lu.ministere")
    assert _hits(ministere, other_card.number) and _hits(ministere, card.number) and _hits(ministere, hand.number)
    assert _hits(ministere, quebec.reference) == []
    draft = ApprovalRequest.objects.filter(casino__code="la-moselle", state="brouillon").first()
    assert _hits(ministere, draft.reference) == []  # a draft is the casino's own
    assert _hits(_as("qc.regie"), quebec.reference)


def test_a_search_too_short_says_so(demo, rules):
    html = _page(_as("lu.direction"), reverse("search"), q="W")
    assert 'data-testid="search-too-short"' in html
    html = _page(_as("lu.direction"), reverse("search"), q="introuvable-zz")
    assert 'data-testid="search-none"' in html


def test_the_search_pages_queries_do_not_grow_with_what_it_finds(demo, rules):
    client = _as("lu.ministere")
    counts = {}
    for text in ("7", "1", "Weber", "LAM-", "LA-MOSELLE-2026"):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("search"), {"q": text, "tout": "1"}).status_code == 200
        counts[text] = len(queries)
    assert max(counts.values()) <= SEARCH_QUERIES, counts


SEARCH_QUERIES = 14  # the shell's (session, user, menu's counts) and one per searcher, however many hits
