"""Issue 36, notifications: the bell counts what began to wait for me since I last marked it read, its page lists it
with links and « Marquer comme lu »; the e-mail digest, sent by a Celery beat job through a real SMTP server on
localhost (aiosmtpd), carries each new item once; the local mailbox page shows each person the mails addressed to
them (everything to the platform's administrator), and exists only where the setting names a Maildir."""

import datetime
import mailbox
import socket
from email import policy
from email.parser import BytesParser

import pytest
from django.conf import settings as django_settings
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from compliance import todo
from compliance.models import AuditEvent, Digest, DigestItem
from compliance.services import digest_send, digests_send, notifications_mark_read, user_update
from compliance.todo import Task

pytestmark = pytest.mark.django_db

SMTP = "django.core.mail.backends.smtp.EmailBackend"


def item(key: str, since: datetime.datetime | None, **fields) -> Task:
    return Task(key=key, group=fields.pop("group", "Contresignatures qui vous attendent"),
                label=fields.pop("label", f"Élément {key}"), url=fields.pop("url", f"/registres/{key}/"), since=since,
                **fields)


def ago(**delta) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(**delta)


def _bell(client) -> str:
    body = client.get(reverse("notifications")).content.decode()
    start = body.index('data-testid="bell"')
    return body[start:body.index("</a>", start)]


def test_the_bell_counts_what_is_new_since_i_last_marked_it_read(world, provided, client):
    provided["compta.a"] = [item("a", ago(hours=2)), item("b", ago(minutes=5)), item("no-since", None)]
    client.force_login(world.accountant_a)
    assert 'data-testid="bell-count">2<' in _bell(client)  # an item with no `since` is never news
    page = client.get(reverse("notifications")).content.decode()
    fresh = page[page.index('data-testid="notifications-new"'):]
    assert fresh.index('data-key="b"') < fresh.index('data-key="a"')  # the latest first
    assert 'href="/registres/b/"' in page and 'data-testid="mark-read"' in page

    response = client.post(reverse("notifications"))
    assert response.status_code == 302 and response.url == reverse("notifications")
    assert "bell-count" not in _bell(client)
    page = client.get(reverse("notifications")).content.decode()
    assert 'data-testid="notifications-none"' in page and 'data-testid="mark-read"' not in page
    assert 'data-testid="notifications-earlier"' in page and 'data-key="a"' in page  # still waiting, already read

    world.accountant_a.refresh_from_db()
    provided["compta.a"].append(item("c", world.accountant_a.notifications_seen_at + datetime.timedelta(seconds=1)))
    assert 'data-testid="bell-count">1<' in _bell(client)
    # someone else's reading is their own
    provided["direction.a"] = [item("a", ago(hours=2))]
    client.force_login(world.manager_a)
    assert 'data-testid="bell-count">1<' in _bell(client)


def test_marking_read_is_the_person_s_own_and_the_bell_costs_no_query_of_its_own(world, provided, rf):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from compliance.notifications import bell

    provided["compta.a"] = [item("a", ago(hours=1))]
    request = rf.get("/")
    request.user = world.accountant_a
    context = bell(request)
    with CaptureQueriesContext(connection) as queries:
        assert context["bell"].count == 1
    assert len(queries) == 0  # the mark is on the user's row, which the page has loaded (the providers' reads aside)
    user = notifications_mark_read(actor=world.accountant_a)
    user.refresh_from_db()
    assert user.notifications_seen_at is not None
    world.manager_a.refresh_from_db()
    assert world.manager_a.notifications_seen_at is None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_server(tmp_path, settings):
    """A real SMTP server on localhost (aiosmtpd, as ./scripts/run starts it), storing what it receives in a Maildir;
    Django's SMTP backend pointed at it."""
    from aiosmtpd.controller import Controller
    from aiosmtpd.handlers import Mailbox

    port, folder = _free_port(), tmp_path / "mail"
    controller = Controller(Mailbox(folder), hostname="127.0.0.1", port=port)
    controller.start()
    settings.MAILERS = {"default": {"BACKEND": SMTP, "OPTIONS": {"host": "127.0.0.1", "port": port, "timeout": 10}}}
    try:
        yield folder
    finally:
        controller.stop()


def _received(folder) -> list:
    box = mailbox.Maildir(folder, create=False)
    return [BytesParser(policy=policy.default).parsebytes(box.get_bytes(key)) for key in box.iterkeys()]


def test_the_digest_goes_through_a_real_smtp_server_once_per_item(world, provided, smtp_server):
    user_update(actor=world.admin, user=world.accountant_a, email="claire@demo.vigie.example")
    due = timezone.localdate() + datetime.timedelta(days=3)
    provided["compta.a"] = [
        item("orphelin:12", ago(hours=3), label="Orphelin n° 12 déposé par Marc Gagnon", group="Orphelins",
             due=due, due_citation="LU RGD 1979 art. 8 al. 3"),
        item("rapport:4", ago(hours=1), label="Rapport du 27 novembre signé", group="Rapports signés"),
        item("ancien", None, label="Sans date"),
    ]
    provided["compta.b"] = [item("x", ago(hours=1))]  # no e-mail address: no digest
    sent = digests_send()
    assert [digest.user for digest in sent] == [world.accountant_a]
    (message,) = _received(smtp_server)
    assert message["X-RcptTo"] == "claire@demo.vigie.example" and message["To"] == "claire@demo.vigie.example"
    assert message["Subject"] == "Vigie : 2 nouveautés pour vous"
    assert message["From"] == django_settings.DEFAULT_FROM_EMAIL
    text = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    for body in (text, html):
        assert "Orphelin n° 12 déposé par Marc Gagnon" in body and "Rapport du 27 novembre signé" in body
        assert "LU RGD 1979 art. 8 al. 3" in body and "Sans date" not in body
        assert "/registres/orphelin:12/" in body
    assert text.startswith("Bonjour ")
    assert set(DigestItem.objects.filter(user=world.accountant_a).values_list("key", flat=True)) == {
        "orphelin:12", "rapport:4"}
    event = AuditEvent.objects.get(action="digest_sent")
    assert event.details["recipient"] == "claire@demo.vigie.example" and event.actor.username == "vigie-automate"

    assert digests_send() == []  # the same items: nothing sent again
    assert len(_received(smtp_server)) == 1
    provided["compta.a"].append(item("nouveau:1", ago(minutes=1), label="Écart de caisse à expliquer"))
    (again,) = digests_send()
    assert list(again.items.values_list("key", flat=True)) == ["nouveau:1"]
    latest = [m for m in _received(smtp_server) if m["Subject"] == "Vigie : 1 nouveauté pour vous"]
    assert len(latest) == 1 and "Écart de caisse à expliquer" in latest[0].get_body(("plain",)).get_content()
    assert "Orphelin n° 12" not in latest[0].get_body(("plain",)).get_content()


def test_the_digest_leaves_out_what_i_marked_read_and_speaks_my_language(world, provided, smtp_server,
                                                                         monkeypatch):
    user_update(actor=world.admin, user=world.manager_a, email="marc@demo.vigie.example", preferred_language="en")
    provided["direction.a"] = [item("vieux", ago(hours=5)), item("neuf", None)]
    notifications_mark_read(actor=world.manager_a)
    assert digest_send(user=world.manager_a) is None  # read in the product already
    world.manager_a.refresh_from_db()
    fresh = world.manager_a.notifications_seen_at + datetime.timedelta(seconds=1)
    monkeypatch.setattr(todo, "PROVIDERS", [])

    def worded(user):  # a provider writes its words in the language active when it is called
        return [item("vieux", ago(hours=5)), item("frais", fresh, group=gettext("Tableau de bord"))]

    todo.provider_register(worded, roles=(todo.MANAGER,))
    assert digest_send(user=world.manager_a) is not None
    (message,) = _received(smtp_server)
    with translation.override("en"):
        assert message["Subject"] == ngettext("Vigie : %(count)d nouveauté pour vous",
                                              "Vigie : %(count)d nouveautés pour vous", 1) % {"count": 1}
    assert "Dashboard" in message.get_body(("plain",)).get_content()  # the provider's words, in English
    assert "Tableau de bord" not in message.get_body(("plain",)).get_content()


def test_a_refused_mail_records_nothing_and_is_sent_at_the_next_run(world, provided, settings):
    settings.MAILERS = {"default": {"BACKEND": SMTP, "OPTIONS": {"host": "127.0.0.1", "port": _free_port(),
                                                                 "timeout": 2}}}
    user_update(actor=world.admin, user=world.accountant_a, email="claire@demo.vigie.example")
    provided["compta.a"] = [item("a", ago(hours=1))]
    assert digests_send() == []  # no server there: logged, nothing recorded
    assert not Digest.objects.exists() and not AuditEvent.objects.filter(action="digest_sent").exists()
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    from django.core import mail

    assert len(digests_send()) == 1 and mail.outbox[-1].to == ["claire@demo.vigie.example"]


def test_the_celery_beat_schedule_sends_the_digest():
    from celery import current_app

    from compliance import tasks

    entries = {entry["task"]: entry for entry in django_settings.CELERY_BEAT_SCHEDULE.values()}
    assert "compliance.tasks.notifications_digest" in entries
    assert float(entries["compliance.tasks.notifications_digest"]["schedule"]) <= 3600
    assert current_app.tasks["compliance.tasks.notifications_digest"].run is tasks.notifications_digest.run


def test_the_beat_job_sends_the_digests(world, provided, monkeypatch):
    from django.core import mail

    from compliance.tasks import notifications_digest

    user_update(actor=world.admin, user=world.regulator_qc, email="sophie@demo.vigie.example")
    provided["regie.qc"] = [item("demande:1", ago(hours=1), label="Demande QC-2026-001 à décider")]
    assert notifications_digest() == 1
    assert mail.outbox[-1].to == ["sophie@demo.vigie.example"] and "QC-2026-001" in mail.outbox[-1].body
    assert notifications_digest() == 0


def test_the_local_mailbox_shows_each_person_their_own_mails(world, provided, smtp_server, client, settings):
    user_update(actor=world.admin, user=world.accountant_a, email="claire@demo.vigie.example")
    user_update(actor=world.admin, user=world.accountant_b, email="bob@demo.vigie.example")
    provided["compta.a"] = [item("a", ago(hours=1), label="Pour Claire")]
    provided["compta.b"] = [item("b", ago(hours=1), label="Pour Bob")]
    assert len(digests_send()) == 2
    client.force_login(world.accountant_a)
    assert client.get(reverse("mailbox")).status_code == 404  # the setting is off: no page
    assert 'data-testid="mailbox-link"' not in client.get(reverse("notifications")).content.decode()

    settings.LOCAL_MAILBOX_DIR = str(smtp_server)
    assert 'data-testid="mailbox-link"' in client.get(reverse("notifications")).content.decode()
    page = client.get(reverse("mailbox")).content.decode()
    assert page.count('data-testid="mail"') == 1 and "claire@demo.vigie.example" in page
    assert "bob@demo.vigie.example" not in page
    box = mailbox.Maildir(smtp_server, create=False)
    keys = {_received_to(box, key): key for key in box.iterkeys()}
    mine, theirs = keys["claire@demo.vigie.example"], keys["bob@demo.vigie.example"]
    mail_page = client.get(reverse("mailbox-mail", args=[mine])).content.decode()
    assert "Pour Claire" in mail_page and 'data-testid="mail-html"' in mail_page
    framed = client.get(reverse("mailbox-mail-html", args=[mine]))
    assert "Pour Claire" in framed.content.decode() and framed["X-Frame-Options"] == "SAMEORIGIN"
    assert "script-src 'none'" in framed["Content-Security-Policy"]
    for name in ("mailbox-mail", "mailbox-mail-html"):
        assert client.get(reverse(name, args=[theirs])).status_code == 404  # another person's mail
        assert client.get(reverse(name, args=["inconnu"])).status_code == 404
    client.force_login(world.admin)  # the administrator runs the server: every mail
    assert client.get(reverse("mailbox")).content.decode().count('data-testid="mail"') == 2
    client.logout()
    assert client.get(reverse("mailbox")).status_code == 302  # to the sign-in page


def _received_to(box, key) -> str:
    return BytesParser(policy=policy.default).parsebytes(box.get_bytes(key))["X-RcptTo"]


def test_demo_people_have_e_mail_addresses_set_through_the_services(demo, rules):
    from compliance.demo import USERS
    from compliance.models import User

    for spec in USERS:
        user = User.objects.get(username=spec.username)
        assert user.email == f"{spec.username}@demo.vigie.example"
        assert AuditEvent.objects.filter(action="user_changed", target_id=str(user.pk),
                                         details__email__1=user.email).exists()
    assert User.objects.filter(username__startswith="vieux-pont.").exclude(email="").count() >= 2


def test_demo_digests_reach_the_demo_people_through_smtp(demo, rules, smtp_server):
    """The demo's own items (the apps' providers), sent as the beat job sends them, received by the SMTP server."""
    from compliance.models import User
    from compliance.todo import tasks_for

    expected = {user.email: {t.key for t in tasks_for(user) if t.since is not None}
                for user in User.objects.exclude(email="")}
    expected = {email: keys for email, keys in expected.items() if keys}
    sent = digests_send()
    received = {message["X-RcptTo"]: message for message in _received(smtp_server)}
    assert set(received) == set(expected) and len(sent) == len(expected)
    for digest in sent:
        assert set(digest.items.values_list("key", flat=True)) == expected[digest.recipient]
    assert digests_send() == []
    print({email: len(keys) for email, keys in sorted(expected.items())})
