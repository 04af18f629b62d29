"""Issue 36 item 1: the « À faire » home. Each role's providers (compliance/todo.py) list what waits for that person,
scoped to it (another casino's work never shows, a regulator sees only their jurisdiction's), each item one click
from the page where it is done; the menu counts them; the casino's identity card lives on « Mon casino »."""

import datetime
import re
from urllib.parse import urlsplit

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from compliance.demo import USERS
from compliance.models import Casino, JobRun, User
from compliance.services import HEARTBEAT_KEY, job_retry
from compliance.todo import section_counts, tasks_for

pytestmark = pytest.mark.django_db

ALL = [spec.username for spec in USERS]


def _user(username: str) -> User:
    return User.objects.select_related("casino__jurisdiction", "jurisdiction").get(username=username)


def _groups(username: str) -> dict[str, list]:
    found: dict[str, list] = {}
    for task in tasks_for(_user(username)):
        found.setdefault(task.group, []).append(task)
    return found


@pytest.fixture
def beating():
    """A worker that reported a moment ago (the demo has none running)."""
    cache.set(HEARTBEAT_KEY, {"worker": "test", "at": timezone.now().isoformat()}, timeout=None)
    yield
    cache.delete(HEARTBEAT_KEY)


# --- every persona: its own work only, each item opening a page it may see --------------------------------------------


@pytest.mark.parametrize("username", ALL)
def test_each_demo_persona_has_work_waiting_in_its_own_scope_only_each_item_one_click_from_its_page(
        demo, rules, client, username):
    user = _user(username)
    tasks = tasks_for(user)
    assert tasks, f"{username}: nothing waits in the demo"
    keys = [task.key for task in tasks]
    assert len(keys) == len(set(keys)), "each item has its own key"
    if not user.is_platform_admin:
        mine = set(Casino.objects.visible_to(user).values_list("name", flat=True))
        assert {task.casino for task in tasks} <= mine, username
    client.force_login(user)
    for task in tasks:
        url = urlsplit(task.url)
        if url.path.startswith("/admin/"):
            continue  # the Django admin's pages: tested in tests/test_admin.py
        assert client.get(f"{url.path}?{url.query}").status_code == 200, (username, task.url)


def test_a_regulator_sees_only_the_casinos_of_their_jurisdiction(demo, rules):
    for username, code in (("qc.regie", "QC"), ("mc.commission", "MC"), ("lu.ministere", "LU")):
        casinos = set(Casino.objects.filter(jurisdiction__code=code).values_list("name", flat=True))
        tasks = tasks_for(_user(username))
        assert tasks and {task.casino for task in tasks} <= casinos, username


# --- the cashier --------------------------------------------------------------------------------------------------


def test_the_cashier_sees_their_filings_waiting_for_someone_else_and_the_orphelins_deadlines(demo, rules):
    from registers.chain.selectors import pending_list
    from registers.orphelins.selectors import return_period

    cashier = _user("lu.caissier")
    groups = _groups("lu.caissier")
    waiting = groups["Vos saisies en attente de contresignature"]
    mine = [row.pending.pk for row in pending_list(user=cashier) if row.pending.actor_id == cashier.pk]
    assert sorted(int(t.key.split(":")[1]) for t in waiting) == sorted(mine) and mine
    assert all(t.to_read and t.url.endswith(f"#pending-{t.key.split(':')[1]}") for t in waiting)
    deadlines = groups["Échéances à venir"]
    casino = cashier.casino
    for task in deadlines:
        assert task.due >= casino.today() - datetime.timedelta(days=1)
        # the period's article as the rule data cites it, never a literal
        assert task.due_citation == str(return_period(casino, casino.today()).citation)
    assert "Contresignatures qui vous attendent" not in groups  # the manager countersigns an orphan


def test_a_table_left_open_overnight_and_today_s_tables_to_close(demo, rules):
    groups = _groups("lu.caissier")
    left = groups["Tables restées ouvertes"]
    assert [t.severity for t in left] == ["danger"] and "BT-01" in left[0].label
    assert all(t.due == _user("lu.caissier").casino.today() for t in groups["Tables à fermer"])


def test_a_desk_counted_leaves_the_cashier_s_list(demo, rules):
    from registers.cards.caisse.services import desk_count_file

    cashier = _user("lu.caissier")
    desks = [t for t in tasks_for(cashier) if t.key.startswith("desk-count:")]
    assert desks and all(t.due_citation for t in desks)
    _key, _casino, day, desk = desks[0].key.split(":", 3)
    desk_count_file(casino=cashier.casino, actor=cashier, gaming_day=datetime.date.fromisoformat(day), desk=desk,
                    cash="100.00", tokens="0.00")
    assert desks[0].key not in {t.key for t in tasks_for(cashier)}


def test_a_finding_explained_leaves_the_cashier_s_list_and_waits_for_another_manager(demo, rules):
    from compliance.reconciliation.models import Finding
    from compliance.reconciliation.services import finding_explain

    cashier, manager = _user("qc.caissier"), _user("qc.direction")
    days = [t for t in tasks_for(cashier) if t.group == "Constats à expliquer"]
    assert days
    code, day = days[0].key.split(":")[1:]
    found = Finding.objects.filter(reconciliation__casino__code=code, reconciliation__gaming_day=day,
                                   state=Finding.State.OPEN)
    for finding in found:
        finding_explain(finding=finding, actor=cashier, explanation="Vérifié au coffre.")
    assert days[0].key not in {t.key for t in tasks_for(cashier)}
    to_accept = {t.key for t in tasks_for(manager) if t.group == "Explications à accepter"}
    assert {f"finding-explained:{finding.pk}" for finding in found} <= to_accept
    # the manager who explained a finding himself does not find it among those to accept
    own = Finding.objects.filter(reconciliation__casino__code="lac-bleu", state=Finding.State.OPEN).first()
    if own is not None:
        finding_explain(finding=own, actor=manager, explanation="Compté deux fois.")
        assert f"finding-explained:{own.pk}" not in {t.key for t in tasks_for(manager)}


# --- the manager --------------------------------------------------------------------------------------------------


def test_the_manager_countersigns_and_the_filing_leaves_both_lists(demo, rules):
    from registers.chain.services import pending_countersign
    from registers.models import PendingEntry

    manager, cashier = _user("lu.direction"), _user("lu.caissier")
    waiting = _groups("lu.direction")["Contresignatures qui vous attendent"]
    assert len(waiting) == PendingEntry.objects.filter(register__casino=manager.casino, entry__isnull=True).count()
    first = waiting[0]
    pending = PendingEntry.objects.get(pk=int(first.key.split(":")[1]))
    pending_countersign(pending=pending, countersigner=manager)
    assert first.key not in {t.key for t in tasks_for(manager)}
    assert f"{first.key}:mine" not in {t.key for t in tasks_for(cashier)}


def test_the_manager_has_the_authority_s_questions_a_blocked_card_and_a_win_past_the_cap(demo, rules):
    from compliance.approvals import workflow
    from compliance.approvals.models import ApprovalRequest

    groups = _groups("lu.direction")
    questions = groups["Questions de l'autorité à répondre"]
    asked = ApprovalRequest.objects.filter(casino__code="la-moselle", state=workflow.INFORMATION)
    assert {t.label.split(" · ")[0] for t in questions} == set(asked.values_list("reference", flat=True))
    assert [t.section for t in groups["Cartes bloquées"]] == ["cards-home"]
    assert len(groups["Gains au-delà du plafond à payer manuellement"]) == 1  # today's; yesterday's is paid
    assert not any(t.casino != "Casino de la Moselle" for tasks in groups.values() for t in tasks)


def test_a_win_past_the_cap_not_paid_waits_for_the_manager_until_its_payment_is_filed(demo, rules):
    from registers.appareils.jackpots import jackpot_manual_payout_file
    from registers.cards.excess import excesses_outstanding

    manager = _user("lu.direction")
    (due,) = _groups("lu.direction")["Gains au-delà du plafond à payer manuellement"]
    (excess,) = excesses_outstanding(manager.casino).due  # the demo's day card, past its cap today
    assert "LM-004" in due.label and "70,00" in due.label and due.due_citation
    assert due.url.endswith(f"#excess-{excess.seq}") and due.due == manager.casino.today()
    jackpot_manual_payout_file(casino=manager.casino, actor=_user("lu.caissier"), gaming_day=excess.gaming_day,
                               machine=excess.machine, amount=str(excess.amount), currency="EUR",
                               receipt_number="Q-2026-0090", receipt_in_cabinet=True,
                               settles={"card_excess": excess.seq})
    assert "Gains au-delà du plafond à payer manuellement" not in _groups("lu.direction")


def test_the_demo_s_tournament_set_up_waits_to_be_published_and_leaves_once_published(demo, rules):
    from registers.models import Tournament
    from registers.tournaments.services import tournament_publish

    for username in ("qc.direction", "mc.direction", "lu.direction"):
        manager = _user(username)
        (task,) = _groups(username)["Tournois à publier"]
        tournament = Tournament.objects.get(casino=manager.casino, state=Tournament.State.DRAFT)
        assert task.url == reverse("tournaments-detail", kwargs={"casino": manager.casino.code,
                                                                 "slug": tournament.slug})
        assert task.due == manager.casino.today(tournament.starts_at) and task.due_citation == tournament.citation
        tournament_publish(tournament=tournament, actor=manager)
        assert "Tournois à publier" not in _groups(username)


# --- the regulator ------------------------------------------------------------------------------------------------


def test_the_regulator_has_requests_to_decide_anomalies_accepted_findings_and_new_reports(demo, rules):
    from compliance.approvals import workflow
    from compliance.approvals.models import ApprovalRequest

    groups = _groups("mc.commission")
    waiting = [t for name, tasks in groups.items() for t in tasks if t.section == "approvals-list"]
    expected = ApprovalRequest.objects.filter(casino__jurisdiction__code="MC",
                                              state__in=workflow.WAITING_FOR_REGULATOR)
    assert len(waiting) == expected.count() > 0
    assert all(t.due_citation for t in waiting if t.due)  # the kind's article, from the rule data
    lu = _groups("lu.ministere")
    assert lu["Constats acceptés par les casinos"] and all(t.to_read for t in lu["Constats acceptés par les casinos"])
    assert all("hold" in t.label.lower() or "retenue" in t.label.lower()
               for t in lu["Anomalies : hold hors de sa bande, retenue au-delà du maximum"])
    assert lu["Nouveaux rapports signés"][0].url.startswith(reverse("reports-list") + "?casino=la-moselle")


def test_a_regulator_s_home_lists_each_casino_side_by_side(demo, rules, client):
    client.force_login(_user("lu.ministere"))
    page = client.get(reverse("dashboard")).content.decode()
    columns = re.findall(r'data-testid="todo-casino" data-casino="([^"]+)"', page)
    assert set(columns) == set(Casino.objects.filter(jurisdiction__code="LU").values_list("code", flat=True))
    for code in columns:  # each column heads with its casino, its items under it
        name = Casino.objects.get(code=code).name
        assert re.search(rf'data-casino="{code}">\s*<h2 class="h5"><a href="[^"]+">{re.escape(name)}</a>', page)


# --- the administrator ----------------------------------------------------------------------------------------------


def test_the_administrator_retries_a_failed_job_and_it_leaves_the_list(demo, rules, beating):
    admin = _user("admin")
    failed = [t for t in tasks_for(admin) if t.key.startswith("job-failed:")]
    assert failed, "the demo has a failed job"
    job = JobRun.objects.get(pk=failed[0].key.split(":")[1])
    job_retry(actor=admin, job=job)
    assert failed[0].key not in {t.key for t in tasks_for(admin)}
    assert JobRun.objects.get(pk=job.pk).status == JobRun.Status.QUEUED


def test_the_administrator_sees_a_silent_worker_a_locked_account_and_a_certificate_near_expiry(demo, rules):
    from axes.models import AccessAttempt
    from django.conf import settings

    from compliance.reports.models import SigningCertificate

    cache.delete(HEARTBEAT_KEY)
    groups = _groups("admin")
    assert groups["Santé de la plateforme"][0].severity == "danger"
    cache.set(HEARTBEAT_KEY, {"worker": "w", "at": timezone.now().isoformat()}, timeout=None)
    assert "Santé de la plateforme" not in _groups("admin")
    stale = timezone.now() - datetime.timedelta(minutes=5)
    cache.set(HEARTBEAT_KEY, {"worker": "w", "at": stale.isoformat()}, timeout=None)
    assert "Santé de la plateforme" in _groups("admin")
    cache.delete(HEARTBEAT_KEY)

    AccessAttempt.objects.create(username="qc.caissier", ip_address="10.0.0.9", user_agent="test",
                                 failures_since_start=settings.AXES_FAILURE_LIMIT, get_data="", post_data="",
                                 http_accept="", path_info="/connexion/")
    locked = _groups("admin")["Comptes verrouillés"]
    assert "qc.caissier" in locked[0].label and locked[0].url.startswith("/admin/axes/accessattempt/")

    certificate = SigningCertificate.objects.filter(revoked_at__isnull=True).first()
    SigningCertificate.objects.filter(pk=certificate.pk).update(not_after=timezone.now() + datetime.timedelta(days=3))
    renew = _groups("admin")["Certificats de signature à renouveler"]
    assert [t.label for t in renew] == [certificate.subject]
    for username in ALL[:-1]:  # nobody else is shown the platform's work
        assert not any(t.key.startswith(("job-failed:", "certificate:", "account-locked:", "heartbeat:"))
                       for t in tasks_for(_user(username))), username


def test_a_failed_job_is_retried_from_its_page_by_the_administrator_only(demo, rules, client):
    job = JobRun.objects.get(status=JobRun.Status.FAILED)  # the demo's: Vieux-Pont's reconciliation, its year archived
    assert job.casino.code == "vieux-pont" and job.kind == JobRun.Kind.RECONCILIATION and "archiv" in job.error
    assert "« Rapprochement des tables » n'a pas abouti" in job.failure and "Error" not in job.failure
    url = reverse("job-retry", kwargs={"pk": job.pk})
    client.force_login(_user("lu.caissier"))  # another casino's job: not found
    assert client.post(url).status_code == 404
    client.force_login(_user("lu.ministere"))  # the regulator reads, never writes
    assert client.post(url).status_code == 403
    client.force_login(_user("admin"))
    page = client.get(reverse("job-detail", kwargs={"pk": job.pk})).content.decode()
    assert 'id="retry"' in page and url in page
    assert client.post(url).status_code == 302
    assert JobRun.objects.get(pk=job.pk).status == JobRun.Status.QUEUED
    client.post(url)  # twice: refused, said, nothing changed
    assert "Seul un traitement en échec se relance" in client.get(reverse("job-detail", kwargs={"pk": job.pk})
                                                                  ).content.decode()


# --- the pages --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("username", ["lu.caissier", "lu.direction", "mc.commission", "admin"])
def test_the_home_groups_the_items_with_their_counts_and_the_menu_counts_them(demo, rules, client, username):
    user = _user(username)
    client.force_login(user)
    page = client.get(reverse("dashboard")).content.decode()
    tasks = tasks_for(user)
    assert page.count('data-testid="todo-item"') == len(tasks)
    for section, count in section_counts(tasks).items():
        badge = re.search(rf'data-testid="nav-count-{re.escape(section)}"[^>]*>(\d+)<', page)
        if section == "admin:index":
            continue  # the administrator's menu entry is counted with its link
        assert badge and int(badge.group(1)) == count, (username, section)
    assert "Vérifier la chaîne de traitement" not in page
    # the menu's counts on any other page, at a bounded cost whatever the page
    with CaptureQueriesContext(connection) as queries:
        other = client.get(reverse("rules-index")).content.decode()
    assert len(queries) < 40
    assert re.findall(r'data-testid="nav-count-[^"]+"', other) == re.findall(r'data-testid="nav-count-[^"]+"', page)


def test_nothing_waits_says_so(world, client):
    client.force_login(world.accountant_b)
    cache.set(HEARTBEAT_KEY, {"worker": "w", "at": timezone.now().isoformat()}, timeout=None)
    page = client.get(reverse("dashboard")).content.decode()
    cache.delete(HEARTBEAT_KEY)
    assert 'data-testid="todo-empty"' in page and "Rien ne vous attend" in page
    assert 'data-testid="nav-count-' not in page


def test_the_casino_s_identity_card_is_on_its_own_page(demo, rules, client):
    client.force_login(_user("qc.caissier"))
    home = client.get(reverse("dashboard")).content.decode()
    assert "RACJ-2026-0147" not in home and 'data-testid="modules"' not in home
    assert f'href="{reverse("casino-mine")}"' in home
    mine = client.get(reverse("casino-mine")).content.decode()
    for shown in ("RACJ-2026-0147", "Société des casinos du Lac-Bleu inc.", "12\u00a0500\u00a0000,00\u00a0$",
                  'data-testid="modules"'):
        assert shown in mine
    client.force_login(_user("qc.regie"))
    assert client.get(reverse("casino-mine")).status_code == 403  # a regulator keeps the casinos' list
