"""Issue 36, the deadlines as a calendar: the page lists every deadline of what waits for the person
(compliance/todo.py) by month and week, with its citation, the past ones marked; the iCalendar feed (RFC 5545) at a
private address, read without signing in, parsed here by the `icalendar` library; revoked or unknown, a 404."""

import datetime

import icalendar
import pytest
from django.urls import reverse
from django.utils import timezone

from compliance import todo
from compliance.calendar import by_month_and_week, deadlines
from compliance.models import AuditEvent, CalendarFeed
from compliance.services import calendar_feed_issue, calendar_feed_revoke, user_update
from compliance.todo import Task

pytestmark = pytest.mark.django_db

def task(key: str, due: datetime.date | None, **fields) -> Task:
    return Task(key=key, group=fields.pop("group", "Orphelins à restituer"), label=fields.pop("label", f"Objet {key}"),
                url=fields.pop("url", f"/registres/{key}/"), due=due,
                due_citation=fields.pop("due_citation", "LU RGD 1979 art. 8 al. 3"), **fields)


def test_deadlines_are_sorted_and_grouped_by_month_then_week():
    tasks = deadlines([task("c", datetime.date(2026, 12, 2)), task("none", None),
                       task("a", datetime.date(2026, 11, 24)), task("b", datetime.date(2026, 11, 30)),
                       task("d", datetime.date(2026, 11, 24))])
    assert [t.key for t in tasks] == ["a", "d", "b", "c"]  # no deadline, not in the calendar
    months = by_month_and_week(tasks)
    assert [m.first for m in months] == [datetime.date(2026, 11, 1), datetime.date(2026, 12, 1)]
    assert [(w.monday, [t.key for t in w.tasks]) for w in months[0].weeks] == [
        (datetime.date(2026, 11, 23), ["a", "d"]), (datetime.date(2026, 11, 30), ["b"])]
    # the week of 30 November runs into December: under December with December's day only
    assert [(w.monday, [t.key for t in w.tasks]) for w in months[1].weeks] == [(datetime.date(2026, 11, 30), ["c"])]
    assert [m.count for m in months] == [3, 1]


def test_the_page_lists_each_deadline_with_its_citation_and_marks_those_past(world, provided, client):
    today = timezone.localdate()
    provided["compta.a"] = [
        task("orphelin:1", today - datetime.timedelta(days=2), label="Orphelin n° 1 à restituer"),
        task("caisse:2", today + datetime.timedelta(days=3), label="Compte des caisses",
             due_citation="Contrôle interne"),
        task("lu:3", None, label="Rapport signé à lire"),
    ]
    client.force_login(world.accountant_a)
    body = client.get(reverse("deadlines")).content.decode()
    assert body.count('data-testid="deadline"') == 2 and "Rapport signé à lire" not in body
    assert "Orphelin n° 1 à restituer" in body and "LU RGD 1979 art. 8 al. 3" in body and "Contrôle interne" in body
    assert body.count('data-testid="deadline-past"') == 1
    past = body.index('data-key="orphelin:1"')
    assert body.index('data-testid="deadline-past"', past) < body.index('data-key="caisse:2"')
    assert 'href="/registres/orphelin:1/"' in body
    # the menu names the page, for every role
    for user in (world.accountant_a, world.manager_a, world.regulator_qc, world.admin):
        client.force_login(user)
        assert f'href="{reverse("deadlines")}"' in client.get(reverse("notifications")).content.decode()


def test_a_person_creates_shows_replaces_and_revokes_their_private_address(world, provided, client):
    client.force_login(world.accountant_a)
    page = client.get(reverse("deadlines")).content.decode()
    assert 'data-testid="feed-issue"' in page and 'data-testid="feed-url"' not in page
    client.post(reverse("deadlines-feed-issue"))
    first = CalendarFeed.objects.get(user=world.accountant_a, revoked_at__isnull=True)
    page = client.get(reverse("deadlines")).content.decode()
    assert f"http://testserver/echeances/{first.token}.ics" in page  # shown in full, to copy
    assert client.get(reverse("deadlines-feed", args=[first.token])).status_code == 200
    client.post(reverse("deadlines-feed-issue"))  # a new address: the one before stops answering
    second = CalendarFeed.objects.get(user=world.accountant_a, revoked_at__isnull=True)
    assert second.token != first.token
    assert client.get(reverse("deadlines-feed", args=[first.token])).status_code == 404
    client.post(reverse("deadlines-feed-revoke"))
    assert client.get(reverse("deadlines-feed", args=[second.token])).status_code == 404
    assert 'data-testid="feed-issue"' in client.get(reverse("deadlines")).content.decode()
    actions = list(AuditEvent.objects.filter(actor=world.accountant_a, target_type="calendar_feed")
                   .order_by("id").values_list("action", "details"))
    assert actions == [("calendar_feed_issued", {"replaced": 0}), ("calendar_feed_issued", {"replaced": 1}),
                       ("calendar_feed_revoked", {})]
    assert not any(feed.token in str(details) for feed in (first, second) for _action, details in actions)
    # the routes take POST only: a link cannot make or revoke an address
    assert client.get(reverse("deadlines-feed-issue")).status_code == 405
    assert client.get(reverse("deadlines-feed-revoke")).status_code == 405


def _events(body: bytes) -> dict[str, icalendar.Event]:
    calendar = icalendar.Calendar.from_ical(body)
    assert calendar["VERSION"] == "2.0" and calendar["PRODID"]
    return {str(event["UID"]): event for event in calendar.walk("VEVENT")}


def test_the_feed_is_icalendar_without_sign_in_each_deadline_an_all_day_event(world, provided, client):
    due = datetime.date(2026, 12, 7)
    provided["compta.a"] = [task("orphelin:12", due, label="Orphelin n° 12 à restituer", casino="Casino CASINO-A",
                                 detail="Trouvé table 4"),
                            task("rapport:9", None)]
    feed = calendar_feed_issue(actor=world.accountant_a)
    response = client.get(reverse("deadlines-feed", args=[feed.token]))  # no one signed in
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    events = _events(response.content)
    assert list(events) == ["orphelin:12@vigie"]  # only what has a deadline; the UID from the item's key
    event = events["orphelin:12@vigie"]
    assert event.decoded("DTSTART") == due and event.decoded("DTEND") == due + datetime.timedelta(days=1)
    assert event["DTSTART"].params["VALUE"] == "DATE"  # all day
    assert str(event["SUMMARY"]) == "Orphelin n° 12 à restituer (Casino CASINO-A)"
    assert str(event["URL"]) == "http://testserver/registres/orphelin:12/"
    assert "LU RGD 1979 art. 8 al. 3" in str(event["DESCRIPTION"]) and "Trouvé table 4" in str(event["DESCRIPTION"])
    assert _events(client.get(reverse("deadlines-feed", args=[feed.token])).content).keys() == events.keys()  # stable
    assert client.get(reverse("deadlines-feed", args=["inconnu-" + feed.token[8:]])).status_code == 404


def test_the_feed_speaks_the_person_s_language(world, provided, client, monkeypatch):
    from django.utils.translation import gettext

    def english_aware(user):
        return [task("t:1", datetime.date(2026, 12, 1), label=gettext("Tableau de bord"))]

    monkeypatch.setattr(todo, "PROVIDERS", [])
    todo.provider_register(english_aware, roles=(todo.ACCOUNTANT,))
    feed = calendar_feed_issue(actor=world.accountant_a)
    assert str(_events(client.get(reverse("deadlines-feed", args=[feed.token])).content)["t:1@vigie"]["SUMMARY"]) \
        == "Tableau de bord"
    user_update(actor=world.admin, user=world.accountant_a, preferred_language="en")
    client.cookies["django_language"] = "fr"  # the visitor's language does not matter: the person's does
    summary = _events(client.get(reverse("deadlines-feed", args=[feed.token])).content)["t:1@vigie"]["SUMMARY"]
    assert str(summary) == "Dashboard"


def test_a_revoked_address_and_an_inactive_person_s_answer_404(world, provided, client):
    feed = calendar_feed_issue(actor=world.accountant_a)
    url = reverse("deadlines-feed", args=[feed.token])
    assert client.get(url).status_code == 200
    assert calendar_feed_revoke(actor=world.accountant_a) == 1
    assert client.get(url).status_code == 404
    assert calendar_feed_revoke(actor=world.accountant_a) == 0  # nothing left to revoke, nothing recorded
    feed = calendar_feed_issue(actor=world.accountant_a)
    user_update(actor=world.admin, user=world.accountant_a, is_active=False)
    assert client.get(reverse("deadlines-feed", args=[feed.token])).status_code == 404


def test_demo_deadlines_are_in_the_demo_user_s_feed(demo, rules, client):
    """The demo's deadlines, as the apps' providers give them, in a demo user's feed parsed by `icalendar`."""
    from compliance.models import User
    from compliance.todo import tasks_for

    found = {}
    for username in ("lu.caissier", "lu.direction", "qc.caissier", "qc.regie", "lu.ministere"):
        user = User.objects.get(username=username)
        expected = {t.key: t for t in tasks_for(user) if t.due is not None}
        if not expected:
            continue
        feed = calendar_feed_issue(actor=user)
        events = _events(client.get(reverse("deadlines-feed", args=[feed.token])).content)
        assert set(events) == {f"{key}@vigie" for key in expected}, username
        for key, item in expected.items():
            event = events[f"{key}@vigie"]
            assert event.decoded("DTSTART") == item.due
            assert str(item.due_citation) in str(event["DESCRIPTION"])
        found[username] = len(events)
        client.force_login(user)
        page = client.get(reverse("deadlines")).content.decode()
        assert page.count('data-testid="deadline"') == len(expected)
    assert found, "the demo has no deadline for any of its people"
    print(f"demo deadlines in the feeds: {found}")
