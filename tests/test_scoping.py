"""Every model, page and API route is scoped: casino users see their casino only, regulators their
jurisdiction only and read-only. New routes and models must be added here or the tests fail."""

import pytest
from django.apps import apps
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from compliance.models import AuditEvent, Casino, JobRun, User
from compliance.scoping import ScopedQuerySet
from tests.conftest import api_client_for
from tests.test_cards_web import with_cards
from tests.test_registers_web import with_registers
from tests.test_tables_web import with_tables

pytestmark = pytest.mark.django_db

# Routes that hold no casino data, or that exist to sign in.
UNSCOPED_ROUTES = {"home", "login", "logout", "health", "set_language", "api-token", "api-schema", "api-docs",
                   # what anyone checking a signed report needs: the platform's root certificate and its CRL
                   "reports-root", "reports-crl", "reports-root-of", "reports-crl-of",
                   # the verification page: anyone uploads a report and reads the verdict, nothing more
                   "reports-verify",
                   # calculators over the caller's own input: they read rules and store nothing
                   "api-rules-rtp-wheel", "api-rules-hands-evaluate",
                   # a casino's published tournaments (QC RJC art. 125), for anyone: only what its rules made public
                   # (tests/test_tournaments_pages.py checks a draft is not on it)
                   "tournaments-public-casino",
                   # a Québec casino's wheel of fortune as it made it public (QC RJC art. 120), for anyone
                   "approvals-wheel-public",
                   # a casino's public site (registers/notices): the notices displayed on a day, as posted, with no
                   # one's name, for anyone (tests/test_notices.py checks no sign-in and no person is on it)
                   "notices-public",
                   # a notice's signed poster, for anyone, only while the notice is displayed on the day asked (a
                   # poster carries no one's name; tests/test_notices_floor.py checks a withdrawn one is a 404)
                   "notices-public-poster",
                   # a person's deadlines as an iCalendar feed: the address's random token is the credential (a
                   # calendar application cannot sign in); revoked or unknown, a 404 (tests/test_calendar.py)
                   "deadlines-feed",
                   # the person's own second factor: its code, its enrolment, their recovery codes; no casino's data
                   # (tests/test_two_factor.py)
                   "second-factor", "second-factor-enrol", "recovery-codes"}

# Published rule texts: the same for every signed-in user, whatever their casino or jurisdiction
# (public law), never for an anonymous visitor, and read-only. name -> kwargs.
PUBLIC_RULE_ROUTES = {
    "rules-index": None, "rules-search": None, "rules-in-force": None, "rules-game-list": None,
    "rules-value-list": None,
    "rules-instrument": {"slug": "lu-projet-rgd-1979"},
    "rules-article": {"slug": "lu-projet-rgd-1979", "role": "art", "number": "3-1"},
    "rules-game": {"key": "qc.357"},
    "rules-paytable": {"key": "qc.357.trois_cartes"},
    "rules-ranking": {"key": "qc.quatre_cartes"},
    "api-rules-instrument-list": None, "api-rules-instrument-detail": {"slug": "mc-am-2007-668"},
    "api-rules-article-search": None, "api-rules-game-list": None, "api-rules-game-detail": {"key": "lu.bataille"},
    "api-rules-paytable-list": None, "api-rules-paytable-detail": {"key": "mc.uth.trips"},
    "api-rules-value": {"key": "mc.uth.joueurs_assis_max"},
    "api-rules-rtp-detail": {"key": "qc.357.trois_cartes"},
    "rules-wheel": None,
}

# name -> (kind, kwargs built from casino B's objects). "list": B's rows must not appear;
# "detail": B's object must be a 404; "self": only the caller's own data.
SCOPED_ROUTES = {
    "dashboard": ("list", None),
    # what waits for the person: their own deadlines and notifications (compliance/todo.py's providers are scoped)
    "deadlines": ("self", None),
    "notifications": ("self", None),
    # the local mailbox: off in the tests' settings (a 404 to everyone); tests/test_notifications.py turns it on and
    # checks each person reads only the mails addressed to them
    "mailbox": ("detail", None),
    "mailbox-mail": ("detail", lambda w: {"key": "inconnu"}),
    "mailbox-mail-html": ("detail", lambda w: {"key": "inconnu"}),
    "casino-mine": ("list", None),
    "casino-list": ("list", None),
    # the header's search: every searcher reads within the user's scope (tests/test_filters_search.py finds each kind)
    "search": ("list", None),
    "casino-detail": ("detail", lambda w: {"code": w.b.code}),
    "job-list": ("list", None),
    "job-detail": ("detail", lambda w: {"pk": w.job_b.pk}),
    "api-me": ("self", None),
    "api-jurisdiction-list": ("list", None),
    "api-casino-list": ("list", None),
    "api-casino-detail": ("detail", lambda w: {"code": w.b.code}),
    "api-job-list": ("list", None),
    "api-job-detail": ("detail", lambda w: {"pk": w.job_b.pk}),
    # the caisse spéciale (LU cards): casino A (Québec) has none, so its staff get the empty page, and a 404
    # for the exports; tests/test_caisse.py checks another Luxembourg casino's staff against casino C
    "cards-caisse": ("list", None),
    "cards-caisse-day": ("list", lambda w: {"day": "2026-01-15"}),
    "cards-caisse-csv": ("detail", lambda w: {"day": "2026-01-15"}),
    "cards-caisse-pdf": ("detail", lambda w: {"day": "2026-01-15"}),
    "registers-list": ("list", with_registers()),
    "registers-orphelins": ("detail", with_registers(lambda r: {"casino": "casino-c"})),
    "registers-register": ("detail", with_registers(lambda r: {"casino": "casino-b", "kind": "jackpots"})),
    "registers-verify": ("detail", with_registers(lambda r: {"casino": "casino-b", "kind": "jackpots"})),
    # tests/test_archive_pages.py checks another casino's staff against a year really archived
    "registers-archive": ("detail", with_registers(lambda r: {"casino": "casino-b", "kind": "jackpots",
                                                                "year": 2025})),
    "registers-archive-entry": ("detail", with_registers(lambda r: {"casino": "casino-b", "kind": "jackpots",
                                                                      "year": 2025, "seq": 1})),
    "registers-countersign": ("detail", with_registers(lambda r: {"casino": "casino-b", "kind": "jackpots",
                                                                    "pk": r.pending_b.pk})),
    "registers-entry": ("detail", with_registers(lambda r: {"casino": "casino-b", "kind": "jackpots",
                                                              "seq": r.entry_b.seq})),
    "registers-other": ("detail", with_registers(lambda r: {"casino": "casino-b", "kind": "jackpots"})),
    "api-registers-list": ("list", with_registers()),
    "api-registers-pending-list": ("list", with_registers()),
    "api-registers-countersign": ("detail", with_registers(lambda r: {"pk": r.pending_b.pk})),
    "api-registers-orphelins": ("detail", with_registers(lambda r: {"casino": "casino-c"})),
    "api-registers-orphelin-return": ("detail", with_registers(lambda r: {"casino": "casino-c",
                                                                            "seq": r.orphan_c.seq})),
    "api-registers-verify": ("detail", with_registers(lambda r: {"casino": "casino-b", "kind": "jackpots"})),
    "api-registers-export": ("detail", with_registers(lambda r: {"casino": "casino-b", "kind": "jackpots"})),
    "api-registers-jackpots": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-cagnotte": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-bad-beat": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    # the bad beat's account and the operations of its page (registers/poker/api_bad_beat.py)
    "api-registers-bad-beat-account": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-bad-beat-open": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-bad-beat-notice": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-bad-beat-stop": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-bad-beat-restart": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-bad-beat-carnet": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-bad-beat-statement": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    # the arrêté values: read by the casino's staff and its regulator, filed by its management (registers/arretes)
    "api-registers-arretes": ("detail", lambda w: {"casino": "casino-b"}),
    # Keno (registers/keno/api.py, QC RJC art. 86): casino B's tickets, draws and payments are a 404 to casino A's staff
    "api-registers-keno": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-keno-ticket": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-keno-draw": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-keno-payment": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-keno-closing": ("detail", lambda w: {"casino": "casino-b"}),
    # the notices (registers/notices/api.py): casino B's owed, displayed and recorded notices, and its writes, a 404
    "api-registers-notices": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-notices-posting": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-notices-withdrawal": ("detail", lambda w: {"casino": "casino-b"}),
    # the direction's register: the committee, the duty log, the designations (registers/direction)
    "api-registers-direction": ("detail", lambda w: {"casino": "casino-b"}),
    # its writes (the management's only: the services refuse anyone else; another casino's is a 404 first)
    "api-registers-direction-committee": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-direction-duty": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-direction-duty-correction": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-direction-designation": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-direction-designation-end": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-appareils": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-machines": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-appareil-install": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-appareil-condition": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-appareil-notice": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-appareil-move": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-jackpot-progressif": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-jackpot-state": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-jackpot-configure": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-jackpot-statement": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-jackpot-win": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-jackpot-stop": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-session-close": ("detail", with_registers(lambda r: {"casino": "casino-b"})),
    "api-registers-checkpoint": ("detail", with_registers(lambda r: {"casino": "casino-b", "kind": "jackpots"})),
    "api-registers-correct": ("detail", with_registers(lambda r: {"casino": "casino-b", "kind": "jackpots",
                                                                    "seq": r.entry_b.seq})),
    # the card pages: casino C's card and client (Luxembourg); the issue page is for a Luxembourg casino's staff
    "cards-home": ("list", with_cards()),
    "cards-clients": ("list", with_cards()),
    "cards-issue": ("detail", with_cards()),
    "cards-card": ("detail", with_cards(lambda c: {"number": c.card_c.number})),
    "cards-face": ("detail", with_cards(lambda c: {"number": c.card_c.number})),
    "cards-client": ("detail", with_cards(lambda c: {"pk": c.client_c.pk})),
    # the table games (/tables/ and the API): casino B's table, its open session and a fill; casino A's staff land
    # on their own casino's pit view
    "tables-home": ("list", None),
    # the lists a casino's management keeps (registers/house_lists): casino A's staff land on their own
    "house-lists-home": ("list", None),
    "house-lists": ("detail", lambda w: {"casino": "casino-b"}),
    # the arrêté values a casino's management files (registers/arretes): casino A's staff land on their own
    "arretes-home": ("list", None),
    "arretes": ("detail", lambda w: {"casino": "casino-b"}),
    # the playing-card stock (registers/decks): read by the casino's staff and its regulator, filed by its staff, the
    # opening control set by its management; casino B's page and API are 404s to casino A's staff
    "decks-home": ("list", None),
    "decks": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-decks": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-decks-receipt": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-decks-issue": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-decks-return": ("detail", lambda w: {"casino": "casino-b"}),
    # admissions and exclusions (registers/admissions): casino A's staff land on their own casino's; casino B's page and
    # API are 404s; who reads a person's name there is PERSONAL_DATA_ROUTES's test below
    "admissions-home": ("list", None),
    "admissions": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-admissions": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-admissions-policy": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-exclusions": ("detail", lambda w: {"casino": "casino-b"}),
    # the règlement intérieur's versions and their difference (registers/poker/house_rules_pages.py): read within
    # the casino's scope, casino A's staff land on their own
    "house-rules-home": ("list", None),
    "house-rules": ("detail", lambda w: {"casino": "casino-b"}),
    "tables-pit": ("detail", lambda w: {"casino": "casino-b"}),
    "tables-session": ("detail", with_tables(lambda t: {"casino": "casino-b", "pk": t.session.pk})),
    "tables-trends": ("detail", lambda w: {"casino": "casino-b"}),
    "tables-csv": ("detail", lambda w: {"casino": "casino-b"}),
    # the progressive bet's lot (registers/tables/progressif, QC RJC art. 21.2): casino B's is a 404 to casino A's staff
    "tables-progressive": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-tables-progressive": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-tables-progressive-lot": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-tables-progressive-reading": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-tables-progressive-win": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-tables": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-tables-sessions": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-tables-slip": ("detail", with_tables(lambda t: {"casino": "casino-b", "pk": t.session.pk})),
    "api-registers-tables-close": ("detail", with_tables(lambda t: {"casino": "casino-b", "pk": t.session.pk})),
    "api-registers-tables-drop": ("detail", with_tables(lambda t: {"casino": "casino-b", "pk": t.session.pk})),
    "api-registers-tables-limits": ("detail", with_tables(lambda t: {"casino": "casino-b", "pk": t.session.pk})),
    "api-registers-tables-commission": ("detail", with_tables(lambda t: {"casino": "casino-b",
                                                                          "pk": t.session.pk})),
    "api-registers-tables-void": ("detail", with_tables(lambda t: {"casino": "casino-b", "pk": t.slip.pk})),
    # a table system's file of slips: casino B's import is a 404 to casino A's staff (before the GET's 405)
    "api-registers-tables-import": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-poker-import": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-poker-day": ("detail", lambda w: {"casino": "casino-b", "day": w.b.today().isoformat()}),
    # a poker séance closed with its caisse de change: casino B's is a 404 to casino A's staff (before the GET's 405)
    "api-registers-poker-seance-close": ("detail", lambda w: {"casino": "casino-b"}),
    # the poker room (/poker/): casino A's staff land on their own room's day; casino B's room, day and deal are 404s
    "poker-home": ("list", None),
    "poker-day": ("detail", lambda w: {"casino": "casino-b"}),
    "poker-hands": ("detail", lambda w: {"casino": "casino-b", "day": w.b.today().isoformat()}),
    "poker-hand": ("detail", lambda w: {"casino": "casino-b", "day": w.b.today().isoformat(), "number": "SP-1-1"}),
    # the waiting list and its seats drawn (registers/poker_room/waiting): another casino's is a 404
    "poker-waiting": ("detail", lambda w: {"casino": "casino-b", "day": w.b.today().isoformat()}),
    "api-registers-poker-waiting": ("detail", lambda w: {"casino": "casino-b"}),
    "api-registers-poker-waiting-call": ("detail", lambda w: {"casino": "casino-b"}),
    # signed reports: casino B's daily report of its jackpots register
    "reports-list": ("list", lambda w: {} if _report_b(w) else {}),
    "reports-progress": ("detail", lambda w: {"pk": _report_b(w).pk}),
    "reports-download": ("detail", lambda w: {"pk": _report_b(w).pk}),
    # the reconciliation of casino B's day and its finding; the forms' routes answer a 404 before their 405
    "reconciliation-list": ("list", lambda w: {} if _reconciliation_b(w) else {}),
    "reconciliation-day": ("detail", lambda w: _reconciliation_b(w)),
    "reconciliation-run": ("detail", lambda w: _reconciliation_b(w)),
    "reconciliation-explain": ("detail", lambda w: {**_reconciliation_b(w), "pk": w.finding_b.pk}),
    "reconciliation-accept": ("detail", lambda w: {**_reconciliation_b(w), "pk": w.finding_b.pk}),
    # the approvals (/approbations/): casino B's request and its document; the steps' routes answer a 404 before
    # their 405; a new draft is of the user's own casino, a kind its jurisdiction lacks a 404
    "approvals-list": ("list", lambda w: {} if _approval_b(w) else {}),
    "approvals-new": ("detail", lambda w: {"kind": "semi_automatique"}),
    "approvals-detail": ("detail", lambda w: {"reference": _approval_b(w).reference}),
    "approvals-file": ("detail", lambda w: {"reference": _approval_b(w).reference}),
    "approvals-attach": ("detail", lambda w: {"reference": _approval_b(w).reference}),
    "approvals-answer": ("detail", lambda w: {"reference": _approval_b(w).reference}),
    "approvals-withdraw": ("detail", lambda w: {"reference": _approval_b(w).reference}),
    "approvals-ask": ("detail", lambda w: {"reference": _approval_b(w).reference}),
    "approvals-finding": ("detail", lambda w: {"reference": _approval_b(w).reference}),
    "approvals-decide": ("detail", lambda w: {"reference": _approval_b(w).reference}),
    "approvals-revoke": ("detail", lambda w: {"reference": _approval_b(w).reference}),
    "approvals-attachment": ("detail", lambda w: {"reference": _approval_b(w).reference,
                                                  "pk": w.approval_b_attachment.pk}),
    "approvals-casino-paytable": ("detail", lambda w: {"casino": w.b.code, "key": "qc.grand_prix.main"}),
    "approvals-wheel-publish": ("detail", lambda w: {"casino": w.b.code}),
    # the tournaments (/tournois/): casino B's published tournament is in no list of casino A's staff, its page a 404
    "tournaments-list": ("list", lambda w: {} if _tournament_b(w) else {}),
    "tournaments-detail": ("detail", lambda w: {"casino": w.b.code, "slug": _tournament_b(w).slug}),
    # the levy book (/prelevements/): casino A's staff land on their own casino's; casino B's book is a 404
    "levies-home": ("list", None),
    # the notices (/affichages/): casino A's staff land on their casino's; casino B's page is a 404
    "notices-home": ("list", None),
    "notices": ("detail", lambda w: {"casino": w.b.code}),
    "levies": ("detail", lambda w: {"casino": "casino-b"}),
    # Keno (/keno/, QC RJC art. 86): casino A's staff land on their own casino's; casino B's is a 404
    "keno-home": ("list", None),
    "keno": ("detail", lambda w: {"casino": "casino-b"}),
    # the direction's register (/direction/): casino A's staff land on their own casino's; casino B's is a 404
    "direction-home": ("list", None),
    "direction": ("detail", lambda w: {"casino": "casino-b"}),
}

# A tournament's public page: its rules once the casino has published them, for anyone, signed in or not, read-only;
# a draft is a 404 to everyone, its own casino's staff included (they read it on its staff page).
# name -> kwargs built from casino B's tournament, published or not.
PUBLISHED_TOURNAMENT_ROUTES = {
    "tournaments-public": lambda tournament: {"casino": tournament.casino.code, "slug": tournament.slug},
}


def _tournament_b(w, *, published: bool = True):
    """Casino B's tournament, its rules published (or a draft), once per world."""
    name = "published_b" if published else "draft_b"
    if getattr(w, f"tournament_{name}", None) is None:
        from registers.tournaments.services import tournament_publish
        from tests.conftest import make_user
        from tests.tournament_world import setup

        manager = User.objects.filter(username="direction.b").first() or make_user("direction.b", "manager",
                                                                                   casino=w.b)
        tournament = setup(w.b, manager, name=f"Tournoi de B ({name})")
        if published:
            tournament_publish(tournament=tournament, actor=manager)
        setattr(w, f"tournament_{name}", tournament)
    return getattr(w, f"tournament_{name}")


def _approval_b(w):
    """A request drafted by casino B's management, with a document, once per world."""
    if getattr(w, "approval_b", None) is None:
        import hashlib

        from django.utils import timezone

        from compliance.approvals.models import RequestAttachment
        from compliance.approvals.services import request_create
        from tests.conftest import make_user

        manager = make_user("direction.b", "manager", casino=w.b)
        # QC 125: a tournament's rules are published, not filed; a proposal to the Régie is casino B's request
        w.approval_b = request_create(actor=manager, casino=w.b, kind="table_de_paiement",
                                      items={"motif": "Proposition de B"})
        w.approval_b_attachment = RequestAttachment.objects.create(
            request=w.approval_b, item="motif", filename="b.pdf", content=b"B", size=1,
            sha256=hashlib.sha256(b"B").hexdigest(), uploaded_by=manager, at=timezone.now())
    return w.approval_b


def _reconciliation_b(w):
    """Casino B's day reconciled, with one finding, once per world: the address of its page."""
    if getattr(w, "finding_b", None) is None:
        from compliance.reconciliation.models import Finding
        from compliance.reconciliation.services import reconciliation_run

        done = reconciliation_run(casino=w.b, gaming_day=w.b.today(), actor=w.accountant_b)
        w.finding_b = Finding.objects.create(reconciliation=done, key="drop_absent:B-1:1", kind="drop_absent",
                                             citation="contrôle", currency="CAD", message="constat de B",
                                             params={"table": "B-1", "session": "1"}, entry=done.entry)
    return {"casino": w.b.code, "day": w.b.today().isoformat()}


def _report_b(w):
    """Casino B's daily report (of its jackpots register), once per world."""
    if getattr(w, "report_b", None) is None:
        from django.utils import timezone

        from compliance.reports.models import Report
        from registers.models import Register

        register = Register.objects.filter(casino=w.b).first() or Register.objects.create(casino=w.b, kind="jackpots")
        w.report_b = Report.objects.create(kind="register_daily", casino=w.b, register=register,
                                           period_start=w.b.today(), period_end=w.b.today(),
                                           requested_by=w.accountant_b, requested_at=timezone.now())
    return w.report_b

# The slot management system's API (registers/slot_api.py): only a slot system gets in, with its own key
# (people get 403 whatever their role), and a card of another casino is unknown to it (404).
# name -> (method, kwargs built from the other casino's card)
SLOT_SYSTEM_ROUTES = {
    "api-slots-debit": ("post", None),
    "api-slots-credit": ("post", None),
    "api-slots-batch": ("post", None),  # each operation answered within: its card unknown there
    "api-slots-card-balance": ("get", lambda card: {"number": card.number}),
}


def _named_routes(resolver=None, namespace=None) -> set[str]:
    names = set()
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace == "admin":
                continue  # Django admin: platform administrators only (tested below)
            names |= _named_routes(entry, entry.namespace)
        elif isinstance(entry, URLPattern) and entry.name:
            names.add(f"{namespace}:{entry.name}" if namespace else entry.name)
    return names


# Forms posted from a page, with no page of their own (GET is a 405): the casino they name is looked up among the
# caller's, so another casino's is refused with the field named and nothing is written.
# deadlines-feed-issue and -revoke act on the caller's own calendar address only (tests/test_calendar.py).
DEADLINE_FEED_FORMS = {"deadlines-feed-issue", "deadlines-feed-revoke"}
POST_ONLY_ROUTES = {"reports-new", "job-retry"}  # job-retry: another casino's job is a 404 (tests/test_home.py)
# The platform administrator's own pages outside the Django admin: a 403 to every other role, whatever the method
# (the signing certificates and their revocation: tests/test_certificate_revoke.py). name -> kwargs.
ADMIN_ROUTES = {"reports-certificates": None, "reports-certificate-revoke": {"pk": 1}}


# The approvals' API (compliance/approvals/api.py): both sides write there (the services say whose step it is), so
# its routes are not among SCOPED_ROUTES, whose API routes refuse any regulator's write. Casino B's request is a 404
# to casino A's staff, to Luxembourg's regulator and (a draft) to Québec's, whatever the method, and in none of their
# lists. name -> (method, kwargs built from casino B's request); "list": B's request must not appear.
APPROVAL_API_ROUTES = {
    "api-approvals-list": ("list", None),
    "api-approvals-inbox": ("list", None),
    "api-approvals-kinds": ("list", None),  # ?casino=casino-b: a 404, but to Québec's regulator
    "api-approvals-detail": ("get", lambda w: {"reference": _approval_b(w).reference}),
    "api-approvals-attachment": ("get", lambda w: {"reference": _approval_b(w).reference,
                                                   "pk": w.approval_b_attachment.pk}),
    **{f"api-approvals-{step}": ("post", lambda w: {"reference": _approval_b(w).reference})
       for step in ("attach", "file", "ask", "answer", "withdraw", "findings", "decide", "revoke")},
}


def test_every_named_route_is_classified():
    assert _named_routes() == (UNSCOPED_ROUTES | set(SCOPED_ROUTES) | set(PUBLIC_RULE_ROUTES)
                               | set(SLOT_SYSTEM_ROUTES) | POST_ONLY_ROUTES | DEADLINE_FEED_FORMS | set(ADMIN_ROUTES)
                               | set(APPROVAL_API_ROUTES)
                               | set(PUBLISHED_TOURNAMENT_ROUTES))


@pytest.mark.parametrize("name", sorted(PUBLISHED_TOURNAMENT_ROUTES))
def test_a_tournament_s_public_page_is_for_anyone_once_published_and_a_draft_is_a_404_to_everyone(world, name,
                                                                                                   client):
    kwargs = PUBLISHED_TOURNAMENT_ROUTES[name]
    published = reverse(name, kwargs=kwargs(_tournament_b(world)))
    draft = reverse(name, kwargs=kwargs(_tournament_b(world, published=False)))
    for user in (None, world.accountant_a, world.regulator_lu, world.accountant_b):
        if user is not None:
            client.force_login(user)
        response = client.get(published)
        assert response.status_code == 200 and world.b.name in response.content.decode(), user
        assert client.get(draft).status_code == 404, user
        assert client.post(published, {}).status_code == 405, user


@pytest.mark.parametrize("name", sorted(APPROVAL_API_ROUTES))
def test_another_casino_s_request_is_a_404_on_the_approvals_api_whatever_the_side(world, name):
    from compliance.approvals.models import ApprovalRequest, RequestStep

    method, kwargs = APPROVAL_API_ROUTES[name]
    approval = _approval_b(world)
    url = reverse(name, kwargs=kwargs(world) if kwargs else None)
    for user in (world.accountant_a, world.manager_a, world.regulator_lu, world.regulator_qc):
        api = api_client_for(user)
        if name == "api-approvals-kinds":  # casino B's kinds: Québec's regulator reads them, no one else here
            expected = 200 if user == world.regulator_qc else 404
            assert api.get(url, {"casino": world.b.code}).status_code == expected, user.username
            continue
        if method == "list":
            response = api.get(url)
            assert response.status_code == 200 and approval.reference not in response.content.decode()
            continue
        response = getattr(api, method)(url, {}, format="json")
        assert response.status_code == 404 and response.json()["code"] == "not_found", (user.username, response)
    assert ApprovalRequest.objects.get(pk=approval.pk).state == "brouillon"
    assert not RequestStep.objects.filter(request=approval).exists()


def test_a_report_cannot_be_asked_for_another_casino(world, client):
    from compliance.reports.models import Report

    client.force_login(world.accountant_a)
    url = reverse("reports-new")
    assert client.get(url).status_code == 405
    refused = client.post(url, {"kind": "register_daily", "casino": world.b.code, "register": "jackpots",
                                "start": world.b.today().isoformat()})
    assert refused.status_code == 200 and 'data-field-error="casino"' in refused.content.decode()
    assert not Report.objects.exists()


@pytest.mark.parametrize("name", sorted(SLOT_SYSTEM_ROUTES))
def test_slot_routes_are_for_slot_systems_only_and_their_own_casino_s_cards(world, rules, name):
    from rest_framework.test import APIClient

    from tests.test_slot_api import slot_setup

    slots = slot_setup(world)  # casino C's slot system; the foreign card is casino D's
    method, kwargs = SLOT_SYSTEM_ROUTES[name]
    url = reverse(name, kwargs=kwargs(slots.foreign_card) if kwargs else None)
    body = {"card": slots.foreign_card.number, "amount": "1.00", "currency": "EUR", "machine": "AS-1"}
    if name == "api-slots-batch":
        body = {"operations": [{**body, "operation": "debit", "key": "scoping"}]}
    for user in (world.accountant_c, world.manager_a, world.regulator_lu, world.admin):
        response = getattr(api_client_for(user), method)(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k")
        assert response.status_code == 403 and response.json()["code"] == "permission_denied", user.username
    assert getattr(APIClient(), method)(url, body, format="json", HTTP_IDEMPOTENCY_KEY="k").status_code == 401
    response = getattr(slots.api, method)(url, body, format="json", HTTP_IDEMPOTENCY_KEY="scoping")
    answer = response.json()["results"][0] if name == "api-slots-batch" else {"status": response.status_code,
                                                                              "body": response.json()}
    assert answer["status"] == 404 and answer["body"]["code"] == "unknown_card"


@pytest.mark.parametrize("name", sorted(PUBLIC_RULE_ROUTES))
def test_rule_pages_are_the_same_for_every_user_and_closed_to_anonymous_visitors(world, rules, name, client):
    url = reverse(name, kwargs=PUBLIC_RULE_ROUTES[name])
    anonymous = client.get(url)
    assert anonymous.status_code in {302, 401, 403}
    if anonymous.status_code == 302:
        assert anonymous.url.startswith(reverse("login"))
    bodies = set()
    for user in (world.accountant_a, world.regulator_lu, world.admin):
        if name.startswith("api-"):
            response = api_client_for(user).get(url)
        else:
            client.force_login(user)
            response = client.get(url)
        assert response.status_code == 200, (name, user.username)
        bodies.add(response.json().__repr__() if name.startswith("api-") else None)
    if name.startswith("api-"):
        assert len(bodies) == 1, "a public rule answer must not depend on who asks"
        for method in ("post", "put", "patch", "delete"):
            assert getattr(api_client_for(world.accountant_a), method)(url, {}, format="json").status_code in {403, 405}


def test_every_model_of_the_project_is_scoped():
    for app in ("compliance", "games", "registers", "reports", "reconciliation"):
        for model in apps.get_app_config(app).get_models():
            assert isinstance(model._default_manager.all(), ScopedQuerySet), model


def test_casino_user_sees_only_own_casino_rows_in_every_model(world):
    for user in (world.accountant_a, world.manager_a):
        assert set(Casino.objects.visible_to(user)) == {world.a}
        assert set(JobRun.objects.visible_to(user)) == {world.job_a}
        assert {u.casino for u in User.objects.visible_to(user)} == {world.a}
        assert {e.casino for e in AuditEvent.objects.visible_to(user)} == {world.a}


def test_regulator_sees_own_jurisdiction_only(world):
    assert set(Casino.objects.visible_to(world.regulator_qc)) == {world.a, world.b}
    assert set(Casino.objects.visible_to(world.regulator_lu)) == {world.c}
    assert set(JobRun.objects.visible_to(world.regulator_lu)) == {world.job_c}
    assert world.accountant_a not in User.objects.visible_to(world.regulator_lu)
    assert {e.casino for e in AuditEvent.objects.visible_to(world.regulator_lu) if e.casino_id} == {world.c}


def test_anonymous_and_inactive_users_see_nothing(world):
    from django.contrib.auth.models import AnonymousUser

    world.accountant_a.is_active = False
    assert not Casino.objects.visible_to(AnonymousUser()).exists()
    assert not JobRun.objects.visible_to(world.accountant_a).exists()


@pytest.mark.parametrize("name", sorted(SCOPED_ROUTES))
def test_casino_a_user_cannot_see_casino_b(world, name, client):
    kind, kwargs = SCOPED_ROUTES[name]
    url = reverse(name, kwargs=kwargs(world) if kwargs else None)
    if name.startswith("api-"):
        response = api_client_for(world.accountant_a).get(url)
    else:
        client.force_login(world.accountant_a)
        response = client.get(url)
    if kind == "detail":
        assert response.status_code == 404
        return
    assert response.status_code == 200
    body = response.content.decode()
    for foreign in (world.b, world.c):
        assert foreign.name not in body and foreign.licence_number not in body
    for job in (world.job_b, world.job_c):
        assert str(job.pk) not in body
    if name.startswith("api-") and kind == "list":
        assert response.json(), "the list must still show casino A's own rows"


def test_luxembourg_regulator_sees_no_quebec_casino(world, client):
    api = api_client_for(world.regulator_lu)
    assert [c["code"] for c in api.get(reverse("api-casino-list")).json()] == ["casino-c"]
    assert [j["code"] for j in api.get(reverse("api-jurisdiction-list")).json()] == ["LU"]
    assert api.get(reverse("api-casino-detail", kwargs={"code": "casino-a"})).status_code == 404
    assert api.get(reverse("api-job-detail", kwargs={"pk": world.job_a.pk})).status_code == 404
    client.force_login(world.regulator_lu)
    page = client.get(reverse("casino-list")).content.decode()
    assert "Casino CASINO-C" in page and "Casino CASINO-A" not in page
    assert client.get(reverse("casino-detail", kwargs={"code": "casino-a"})).status_code == 404


def test_regulator_reads_casinos_of_own_jurisdiction(world):
    api = api_client_for(world.regulator_qc)
    assert sorted(c["code"] for c in api.get(reverse("api-casino-list")).json()) == ["casino-a", "casino-b"]
    assert api.get(reverse("api-job-detail", kwargs={"pk": world.job_b.pk})).status_code == 200


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
@pytest.mark.parametrize("name", sorted(n for n in SCOPED_ROUTES if n.startswith("api-")))
def test_regulator_write_attempts_are_403_on_every_api_route(world, name, method):
    kind, kwargs = SCOPED_ROUTES[name]
    url = reverse(name, kwargs=kwargs(world) if kwargs else None)
    response = getattr(api_client_for(world.regulator_qc), method)(url, {"kind": "pipeline_check"}, format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"


def test_regulator_cannot_launch_a_job_from_the_web(world, client):
    client.force_login(world.regulator_qc)
    before = JobRun.objects.count()
    assert client.post(reverse("job-list")).status_code == 403
    assert JobRun.objects.count() == before


def test_admin_site_is_for_platform_administrators_only(world, client):
    client.force_login(world.regulator_qc)
    assert client.get("/admin/").status_code == 302  # sent to the admin login: not staff
    client.force_login(world.admin)
    assert client.get("/admin/").status_code == 200


@pytest.mark.parametrize("name", sorted(ADMIN_ROUTES))
def test_the_platform_administrator_s_own_pages_are_a_403_to_every_other_role(world, client, name):
    url = reverse(name, kwargs=ADMIN_ROUTES[name])
    for user in (world.accountant_a, world.manager_a, world.regulator_qc, world.regulator_lu):
        client.force_login(user)
        posted = 405 if name == "reports-certificates" else 403  # the list is only read
        assert (client.get(url).status_code, client.post(url).status_code) == (403, posted), (name, user)


# Personal data (registers/admissions): name -> (the roles of the casino's own staff that read an admitted person's
# name there, those that read an excluded person's). No one else: not another casino's staff, not a regulator, not the
# platform's administrator.
PERSONAL_DATA_ROUTES = {
    "admissions": ({"accountant", "manager"}, {"manager"}),
    "api-registers-admissions": ({"accountant", "manager"}, set()),
    "api-registers-exclusions": (set(), {"manager"}),
    "api-registers-admissions-policy": (set(), set()),
}


def test_personal_data_only_to_the_roles_named_with_no_leak(world, rules, client):
    import datetime

    from registers.admissions.services import admission_issue, admission_policy_set, exclusion_record
    from tests.conftest import make_user

    manager_c = make_user("direction.c", "manager", casino=world.c)
    today = world.c.today()
    admission_policy_set(casino=world.c, actor=manager_c, minimum_age=18, age_reference="Règlement intérieur",
                         retention_days=365, retention_reference="Politique de conservation", effective_from=today)
    exclusion_record(casino=world.c, actor=manager_c, last_name="Zorglub", first_name="Xavier",
                     birth_date=datetime.date(1970, 1, 1), scope="etablissement", source="Décision n° 1",
                     starts_on=today)
    admission_issue(casino=world.c, actor=world.accountant_c, kind="journaliere", last_name="Quaxolotl",
                    first_name="Anne", birth_date=datetime.date(1980, 1, 1), document="passeport", document_end="1234")
    leaks, seen = [], 0
    for name, (admitted, excluded) in PERSONAL_DATA_ROUTES.items():
        url = reverse(name, kwargs={"casino": world.c.code})
        for user in (world.accountant_c, manager_c, world.regulator_lu, world.admin, world.accountant_a,
                     world.manager_a, world.regulator_qc):
            if name.startswith("api-"):
                response = api_client_for(user).get(url)
            else:
                client.force_login(user)
                response = client.get(url)
            body = response.content.decode().upper()
            for person, readers in (("QUAXOLOTL", admitted), ("ZORGLUB", excluded)):
                allowed = user.casino_id == world.c.pk and user.role in readers
                seen += allowed
                if (person in body) != allowed:
                    leaks.append((name, user.username, person, response.status_code))
    assert leaks == [] and seen == 6

