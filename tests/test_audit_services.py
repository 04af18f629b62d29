"""Every service that changes state leaves an audited record naming its actor, in the same transaction: a
register entry (or a filing waiting for its countersignature), a signed checkpoint, a closed session, a wheel's
publication (append-only, compliance/approvals), or an AuditEvent for what lies outside the registers.

The services are enumerated from the code, not listed by hand: every public function of a service module that
writes to the database, directly or through another service. A new one without a case below fails the first
test, and a write outside a service module fails the second."""

import ast
import contextlib
import datetime
from pathlib import Path

import pytest
from django.test import RequestFactory
from django.utils import timezone

from compliance.models import AuditEvent, JobRun
from registers.models import Checkpoint, Entry, GamingSession, PendingEntry
from tests.conftest import PASSWORD, lu_today, make_user

ROOT = Path(__file__).resolve().parent.parent
SERVICE_MODULES = ("services.py", "ledger.py", "jackpots.py", "imports.py")
WRITES = {"create", "save", "bulk_create", "get_or_create", "update_or_create", "delete", "set_password"}
# what writes but is not a service with an actor of its own, and why
EXEMPT = {
    "compliance.services.audit_record": "it is the audit record itself",
    "compliance.services.worker_heartbeat": "a cache key for the health page, not a record",
    "compliance.services.notifications_mark_read": "a person's own reading mark of their bell, not a record",
    "games.rtp.services.distribution_store": "hand counts recomputed from the rule files; no person acts",
    "games.rtp.services.strategy_evaluation_enqueue": "a computation queued from the rule files; no person acts",
    "games.rtp.services.strategy_evaluation_run": "the worker's computation of a strategy's return",
    "games.rtp.services.strategy_evaluations_enqueue_all": "every computation queued from the rule files",
    "registers.chain.services.register_for": "opens a register inside the service that writes its first entry",
    "registers.chain.services.checkpoint_verified": "Vigie's note of where the next verification starts; no one acts",
    "registers.cards.ledger.record": "writes the entry of the ledger operation that calls it",
    "registers.scale.services.scale_generate": "the scale generator: each service it calls audits its own step, and "
                                               "its people are the generated casinos' own",
    "registers.scale.services.casino_generate": "one casino of the scale generator (above)",
    "registers.archive.services.year_archive": "its audit event is checked where a closed year is generated to archive "
                                              "(tests/test_partitions.py)",
    "registers.chain.services.entries_insert": "inserts entries already chained by its caller (entries_append, whose "
                                               "case names who acted)",
    "registers.chain.services.entry_append_within": "entry_append inside its caller's transaction: the card ledger's "
                                                    "cases name who acted",
}


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _writes(node: ast.AST) -> bool:
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in WRITES:
            return True
        # a queryset's update (X.objects.filter(…).update), not a dict's
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "update"
                and isinstance(call.func.value, ast.Call)):
            return True
    return False


def _calls(node: ast.AST) -> set[str]:
    return {c.func.id if isinstance(c.func, ast.Name) else c.func.attr for c in ast.walk(node)
            if isinstance(c, ast.Call) and isinstance(c.func, ast.Name | ast.Attribute)}


def state_changing_services() -> set[str]:
    """Public functions of the service modules that write, or call one that does (to a fixed point)."""
    functions = {}
    for package in ("compliance", "games", "registers"):
        for path in (ROOT / package).rglob("*.py"):
            if path.name in SERVICE_MODULES:
                for node in ast.parse(path.read_text()).body:
                    if isinstance(node, ast.FunctionDef):
                        functions[f"{_module(path)}.{node.name}"] = node
    writing = {name for name, node in functions.items() if _writes(node)}
    while True:
        names = {name.rsplit(".", 1)[1] for name in writing}
        more = {name for name, node in functions.items() if name not in writing and _calls(node) & names}
        if not more:
            break
        writing |= more
    return {name for name in writing if not name.rsplit(".", 1)[1].startswith("_")}


def test_every_state_changing_service_has_its_audit_case_and_no_case_is_stale():
    found = state_changing_services()
    assert found - EXEMPT.keys() == CASES.keys(), (
        f"without a case: {sorted(found - EXEMPT.keys() - CASES.keys())}; "
        f"stale: {sorted(CASES.keys() - found)}")
    assert len(CASES) >= 45


def test_no_module_but_a_service_module_writes():
    outside = []
    for package in ("compliance", "games", "registers"):
        for path in (ROOT / package).rglob("*.py"):
            if path.name in SERVICE_MODULES or "migrations" in path.parts or "management" in path.parts:
                continue
            tree = ast.parse(path.read_text())
            outside += [f"{_module(path)}.{node.name}" for node in ast.walk(tree)
                        if isinstance(node, ast.FunctionDef) and _writes(node)]
    # demo builders call services only; the models' save() is Django's own
    assert outside == [], outside


# --- the cases: each calls one service and returns who acted --------------------------------------------------

TODAY = lu_today


def _lu(world):
    """Casino C (Luxembourg) with its manager, a card-system certificate, a client, cards and registers."""
    from registers.cards import ledger
    from registers.cards.services import card_certificate_record, card_issue, client_register

    w = world
    w.manager_c = make_user("direction.c", "manager", casino=w.c)
    # sets a case up, so that what the case's own service records is never mistaken for its setup's record
    w.other_manager = make_user("direction.c2", "manager", casino=w.c)
    card_certificate_record(casino=w.c, actor=w.manager_c, supplier="S", reference="R-1",
                            issued_on=TODAY() - datetime.timedelta(days=30))
    w.client = client_register(casino=w.c, actor=w.manager_c, last_name="Weber", first_name="Marie",
                               birth_date=datetime.date(1980, 5, 1), id_document_type="Passeport",
                               id_document_number="P-1")
    # issued a week ago (the filing delay), so that it may have been found that long ago (never before its issue)
    w.card1 = card_issue(casino=w.c, actor=w.manager_c, kind="nominative", client=w.client,
                         gaming_day=TODAY() - datetime.timedelta(days=7))
    w.card2 = card_issue(casino=w.c, actor=w.manager_c, kind="nominative", client=w.client, gaming_day=TODAY())
    ledger.card_load(card=w.card1, actor=w.accountant_c, amount="500.00", desk="Caisse 1")
    return w


def _c(module, name):
    from importlib import import_module

    return getattr(import_module(module), name)


def _slot_system(w):
    if not hasattr(w, "slot"):
        w.slot, _key = _c("registers.cards.slot_system.services", "slot_system_register")(
            casino=w.c, actor=w.other_manager, name="SMS")
    return w.slot


def _pending(w):
    return _c("registers.orphelins.services", "orphelin_file")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), source="table", amount="10.00", currency="EUR",
        location="Table 1")


def _machine(w, number):
    _c("registers.appareils.services", "appareil_install")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), machine=number, manufacturer="N", certificate="C",
        condition="neuf")


def _older(w, number):
    """A machine entered as Vigie filed an installation before it asked the condition (registers/appareils/demo.py)."""
    _c("registers.appareils.demo", "older_install")(casino=w.c, actor=w.accountant_c, gaming_day=TODAY(),
                                                    machine=number, manufacturer="N", certificate="C")


def _jackpot(w, name):
    _c("registers.poker.services", "progressive_configure")(
        casino=w.c, actor=w.other_manager, gaming_day=TODAY(), name=name, tables=["P1"], small_blind="1.00",
        blinds=[{"table": "P1", "small_blind": "1.00", "big_blind": "2.00"}],
        levels=[{"combination": "royal_flush", "start": "500.00"}], increment_kind="fixe",
        increment_value="1.00", rounding="inferieur")


def _house_rules(w):
    return _c("registers.poker.services", "house_rules_record")(
        casino=w.c, actor=w.manager_c, gaming_day=TODAY(), effective_from=TODAY(), progressive_pots="pot_entier",
        progressive_rounding="inferieur", bad_beat_pots="prorata", bad_beat_rounding="inferieur",
        bad_beat_minimum_pot="100.00", bad_beat_restart="zero")


LEVIES = "registers.prelevements.services"
DIRECTION = "registers.direction.services"


def _director(w) -> str:
    """Casino C's responsible director, appointed by another manager (the direction's register, LU art. 51)."""
    _c(DIRECTION, "committee_change_record")(casino=w.c, actor=w.other_manager, change="nomination", name="Luc Schmit",
                                              director=True, effective_from=TODAY() - datetime.timedelta(days=10),
                                              reference="Agrément A-1")
    return "Luc Schmit"


ADMISSIONS = "registers.admissions.services"


def _admission_policy(w, actor, since=None):
    return _c(ADMISSIONS, "admission_policy_set")(
        casino=w.c, actor=actor, minimum_age=18, age_reference="Règlement intérieur", retention_days=30,
        retention_reference="Politique de conservation", effective_from=since or TODAY())


def _exclusion(w, actor):
    return _c(ADMISSIONS, "exclusion_record")(casino=w.c, actor=actor, last_name="Kieffer", first_name="Marc",
                                               birth_date=datetime.date(1975, 3, 2), scope="etablissement",
                                               source="Décision n° 1", starts_on=TODAY())


def _admitted(w, ago: int = 0):
    """An admission card issued by casino C's cashier `ago` days ago, under a policy a second manager recorded."""
    _admission_policy(w, w.other_manager, since=TODAY() - datetime.timedelta(days=400))
    return _c(ADMISSIONS, "admission_issue")(
        casino=w.c, actor=w.accountant_c, kind="journaliere", last_name="Schmit", first_name="Anne",
        birth_date=datetime.date(1984, 6, 12), document="passeport", document_end="1234",
        day=TODAY() - datetime.timedelta(days=ago))


def _purgeable(w):
    """An admission card ended past the casino's retention (30 days)."""
    return _admitted(w, ago=40)


def _levied(w, actor):
    """Yesterday closed and levied by `actor` (its revenue, the tables' 100.00, given for the case), the parameters
    recorded the day before by another manager."""
    from decimal import Decimal

    from compliance.hooks import GAMING_REVENUE

    day = TODAY() - datetime.timedelta(days=1)
    _c(LEVIES, "levy_parameters_record")(casino=w.c, actor=w.other_manager, effective_from=day,
                                         rates={"tables": "10"}, act="Arrêté A-1")
    _c("registers.chain.services", "session_close")(casino=w.c, gaming_day=day, user=w.other_manager)

    def revenue(casino, first, last):
        return {day: {"tables": Decimal("100.00")}}

    GAMING_REVENUE.append(revenue)
    try:
        _c(LEVIES, "levies_compute")(casino=w.c, month=day.strftime("%Y-%m"), actor=actor)
    finally:
        GAMING_REVENUE.remove(revenue)
    return day


def _compliance(name):
    return _c("compliance.services", name)


def case_casino_create(w):
    from decimal import Decimal

    _compliance("casino_create")(actor=w.admin, jurisdiction_code="LU", code="casino-z", name="Z",
                                 operator_name="Z", licence_number="Z", address="Z", share_capital=Decimal("1"))
    return w.admin


def case_user_create(w):
    _compliance("user_create")(actor=w.admin, username="nouveau", password=PASSWORD, role="accountant", casino=w.a)
    return w.admin


def case_jurisdictions_load(w):
    from compliance.models import Jurisdiction

    Jurisdiction.objects.filter(code="MC").update(name_en="stale")  # something for the load to change
    _compliance("jurisdictions_load")(actor=w.admin)
    return w.admin


CHECKED = object()  # the case checked its record itself


def case_system_user(w):
    """Created once, by the fixtures already: its creation is recorded with itself as the actor."""
    user = _compliance("system_user")()
    assert AuditEvent.objects.filter(action="user_created", target_id=str(user.pk), actor=user).count() == 1
    return CHECKED


SECOND = "compliance.second_factor.services"


def case_api_token_obtain(w):
    request = RequestFactory().post("/api/v1/auth/token/")
    _c(SECOND, "api_token_obtain")(request=request, username=w.accountant_a.username, password=PASSWORD)
    return w.accountant_a


def _enrolled(w):
    """The manager of casino A's authenticator and recovery codes, enrolled with its first code."""
    from django_otp.oath import TOTP

    key = _c(SECOND, "new_key")()
    return _c(SECOND, "second_factor_enrol")(request=RequestFactory().post("/"), user=w.manager_a, key=key,
                                             code=f"{TOTP(bytes.fromhex(key)).token():06d}")


def case_second_factor_enrol(w):
    _enrolled(w)
    return w.manager_a


def case_second_factor_verify(w):
    from tests.conftest import otp_code

    _c(SECOND, "second_factor_verify")(request=RequestFactory().post("/"), user=w.regulator_qc,
                                       code=otp_code(w.regulator_qc))
    return w.regulator_qc


def case_recovery_codes_issue(w):
    _enrolled(w)
    before = _records_by(w.manager_a)
    _c(SECOND, "recovery_codes_issue")(actor=w.manager_a)
    assert _records_by(w.manager_a) > before
    return CHECKED


def case_second_factor_reset(w):
    from tests.conftest import authenticator_for

    authenticator_for(w.regulator_qc)
    _c(SECOND, "second_factor_reset")(actor=w.admin, user=w.regulator_qc)
    return w.admin


def case_demo_authenticator_install(w):
    _c(SECOND, "demo_authenticator_install")(actor=w.admin, user=w.manager_a)
    return w.admin


def case_job_enqueue(w):
    _compliance("job_enqueue")(kind=JobRun.Kind.PIPELINE_CHECK, casino=w.a, requested_by=w.accountant_a)
    return w.accountant_a


def case_job_execute(w):
    _compliance("job_execute")(job_id=str(w.job_a.pk), worker="test")
    return _compliance("system_user")()


def case_job_retry(w):
    JobRun.objects.filter(pk=w.job_a.pk).update(status=JobRun.Status.FAILED, error="KeyError('journee')", attempts=1)
    _compliance("job_retry")(actor=w.admin, job=w.job_a)
    return w.admin


def case_calendar_feed_revoke(w):
    """Its setup (the address to revoke) is recorded by the same person: the case counts the revocation itself."""
    _compliance("calendar_feed_issue")(actor=w.accountant_a)
    _compliance("calendar_feed_revoke")(actor=w.accountant_a)
    assert AuditEvent.objects.filter(action="calendar_feed_revoked", actor=w.accountant_a).count() == 1
    return CHECKED


@contextlib.contextmanager
def _news_for(w, user):
    """One new item for `user`, from a provider of the case's own (compliance/todo.py), and an e-mail address."""
    from compliance import todo
    from compliance.services import user_update

    user_update(actor=w.admin, user=user, email=f"{user.username}@demo.vigie.example")
    user.refresh_from_db()
    saved = list(todo.PROVIDERS)
    todo.PROVIDERS[:] = []
    todo.provider_register(lambda person: [todo.Task(key="case:1", group="G", label="L", url="/",
                                                     since=datetime.datetime.now(datetime.UTC))]
                           if person.pk == user.pk else [], roles=(user.role,))
    try:
        yield
    finally:
        todo.PROVIDERS[:] = saved


def case_digest_send(w):
    with _news_for(w, w.accountant_a):
        assert _compliance("digest_send")(user=w.accountant_a) is not None
    return _compliance("system_user")()


def case_digests_send(w):
    with _news_for(w, w.accountant_a):
        assert len(_compliance("digests_send")()) == 1
    return _compliance("system_user")()


def case_rules_load(w):
    from games.models import RuleValueVersion

    version = RuleValueVersion.objects.order_by("pk").first()
    RuleValueVersion.objects.filter(pk=version.pk).update(note="périmée")  # something for the load to restore
    _c("games.services", "rules_load")(actor=w.admin)
    return w.admin


CARD = "registers.cards.ledger"
CARDS = "registers.cards.services"
CHAIN = "registers.chain.services"
ORPH = "registers.orphelins.services"
APP = "registers.appareils.services"
POKER = "registers.poker.services"
SLOTS = "registers.cards.slot_system.services"


def _register(w, kind):
    return _c(CHAIN, "register_for")(casino=w.c, kind=kind)


REPORTS = "compliance.reports.services"


def case_certificate_revoke(w):
    certificate = _c(REPORTS, "certificate_issue")(actor=w.admin, casino=w.c)
    _c(REPORTS, "certificate_revoke")(actor=w.admin, certificate=certificate, reason="clé compromise")
    return w.admin


def case_report(w, generate: bool):
    register = _register(w, "orphelins")
    report = _c(REPORTS, "report_request")(actor=w.accountant_c, kind="register_daily",
            casino=register.casino, register_kind=register.kind, start=w.c.today())
    if generate:
        _c(REPORTS, "report_generate")(report)  # its record in the register names the one who asked
    return w.accountant_c


def case_wheel_publish(w):
    from tests.test_approvals_powers import WHEEL

    manager = make_user("direction.a.roue", "manager", casino=w.a)
    _c("compliance.approvals.services", "wheel_publish")(actor=manager, casino=w.a, segments=WHEEL)
    return manager


def case_report_reissue(w):
    from compliance.reports.models import Report

    case_report(w, generate=True)
    _c(REPORTS, "report_reissue")(actor=w.admin, report=Report.objects.get(status=Report.Status.SUCCEEDED))
    return w.admin


def case_reports_after_close(w):
    _register(w, "orphelins")
    _c(CHAIN, "session_close")(casino=w.c, gaming_day=w.c.today(), user=w.manager_c)  # which asks for the reports
    return w.manager_c


TABLES = "registers.tables.services"
FLOAT = {"100": 35}
SIGNED = {"croupier": "A", "superviseur": "B"}


LISTS = "registers.house_lists.services"


def _station(w, name, actor=None):
    return _c(LISTS, "station_add")(casino=w.c, actor=actor or w.manager_c, kind="caisse", name=name)


def _denomination(w, value, actor=None):
    return _c(LISTS, "denomination_add")(casino=w.c, actor=actor or w.manager_c, value=value, kind="jeton")


def _table(w, number, actor=None):
    return _c(TABLES, "table_create")(casino=w.c, actor=actor or w.manager_c, game="lu.holdem_casino", number=number,
                                      pit="A")


def _session(w, number, actor=None):
    return _c(TABLES, "session_open")(table=_table(w, number, w.other_manager), actor=actor or w.manager_c,
                                      gaming_day=TODAY(), minimum="10", maximum="500", denominations=FLOAT,
                                      signatures=SIGNED, float_amount="3500")


def _pai_gow(w):
    """A Québec Pai Gow table (QC RJC art. 111) of casino A, open on its own day."""
    table = _c(TABLES, "table_create")(casino=w.a, actor=w.manager_a, game="qc.pai_gow", number="PG-1", pit="P")
    return _c(TABLES, "session_open")(table=table, actor=w.manager_a, gaming_day=w.a.today(), minimum="10",
                                      maximum="500", denominations=FLOAT, signatures=SIGNED)


def _slip(session, actor, returns="actor"):
    slip = _c(TABLES, "slip_file")(session=session, actor=actor, kind="approvisionnement", serial=1, amount="100.00",
                                   denominations={"100": 1}, signatures={
                                       role: "X" for role in ("demandeur", "caissier", "porteur", "croupier",
                                                              "superviseur")})
    return slip if returns == "slip" else actor


def _imported(w):
    """A table system's file of one opening (registers/tables/imports.py): its entry names the one who imports."""
    import io

    from registers.tables.imports import COLUMNS

    _table(w, "T-8", w.other_manager)
    opening = {"type": "ouverture", "journee": TODAY().isoformat(), "table": "T-8", "seance": "1",
               "montant": "3500.00", "coupures": "100x35", "minimum": "10", "maximum": "500", "avance": "3500",
               **SIGNED}
    text = "\n".join((";".join(COLUMNS), ";".join(opening.get(column, "") for column in COLUMNS)))
    _c("registers.tables.imports", "slips_import")(casino=w.c, actor=w.accountant_c, source=io.BytesIO(text.encode()))
    return w.accountant_c


def _close(session, actor):
    _c(TABLES, "session_close")(session=session, actor=actor, denominations=FLOAT, signatures=SIGNED)
    return session


PROGRESSIF = "registers.tables.progressif.services"


def _progressive(w, configured_by=None):
    """A Québec blackjack table of casino A whose progressive lot is configured (QC RJC art. 21.2), and a séance that
    indicates the bet, opened on its day; the table, the séance and the lot made by a second manager unless named."""
    from compliance.models import User

    other = User.objects.filter(username="direction.a2").first() or make_user("direction.a2", "manager", casino=w.a)
    table = _c(TABLES, "table_create")(casino=w.a, actor=other, game="qc.blackjack", number="BJ-P", pit="B")
    _c(PROGRESSIF, "lot_configure")(casino=w.a, actor=configured_by or other, name="P", tables=["BJ-P"],
                                    start="1000.00", rate="10", reference="Décision D-1")
    session = _c(TABLES, "session_open")(table=table, actor=other, gaming_day=w.a.today(), minimum="10",
                                         maximum="500", denominations=FLOAT, signatures=SIGNED,
                                         spots={"progressive": {"minimum": "1", "maximum": "1"}},
                                         options={"progressive": True})
    return session, other


def _progressive_read(w):
    session, other = _progressive(w)
    _c(TABLES, "session_close")(session=session, actor=other, denominations=FLOAT, signatures=SIGNED)
    _c(PROGRESSIF, "progressive_reading_file")(session=session, actor=w.accountant_a, lot="P", bets=10,
                                               displayed="1001.00")
    return w.accountant_a


ROOM = "registers.poker_room.services"


def _poker_session(w, table: str):
    from tests.poker_world import session

    return session(w.c, w.other_manager, TODAY() - datetime.timedelta(days=1), table=table)


WAITING = "registers.poker_room.waiting.services"


def _waiting_called(w):
    opened = _poker_session(w, "PK-8")
    _c(WAITING, "waiting_list_add")(casino=w.c, actor=w.manager_c, gaming_day=opened.gaming_day, player="Joueur 8")
    return _c(WAITING, "waiting_list_call")(session=opened, actor=w.manager_c, free_seats=[4],
                                             quality="membre du comité de direction")


def _hands_imported(w):
    from tests.poker_world import hands, ohh_file

    dealt = hands(_poker_session(w, "PK-3"), 3)
    _c("registers.poker_room.imports", "hands_import")(casino=w.c, actor=w.accountant_c, source=ohh_file(dealt))
    return w.accountant_c


RECON = "compliance.reconciliation.services"


def _finding(w, explained: bool = False):
    """A finding of casino C's day: a table closed, its drop not counted, reconciled by another manager."""
    _close(_session(w, "R-1", actor=w.other_manager), w.other_manager)
    reconciliation = _c(RECON, "reconciliation_run")(casino=w.c, gaming_day=TODAY(), actor=w.other_manager)
    finding = reconciliation.findings.get()
    if explained:
        _c(RECON, "finding_explain")(finding=finding, actor=w.other_manager, explanation="Compté le lendemain")
    return finding


def case_reconciliation_job(w):
    """The worker's part: the job's asker (set up here without a record of its own) is the run's actor."""
    job = JobRun.objects.create(kind=JobRun.Kind.RECONCILIATION, casino=w.c, requested_by=w.accountant_c,
                                result={"journee": TODAY().isoformat()})
    _c(RECON, "reconciliation_job")(job=job, worker="test")
    return w.accountant_c


def case_reconciliation_after_close(w):
    from types import SimpleNamespace

    _table(w, "R-2", actor=w.other_manager)
    _c(RECON, "reconciliation_after_close")(SimpleNamespace(casino=w.c, gaming_day=TODAY()), w.accountant_c)
    return w.accountant_c

APPROVALS = "compliance.approvals.services"
TRIPS = {"casinos": ["casino-c"], "appareils": "M-1", "parametres": "Départ 10 000 €"}  # LU 16: an authorisation


def _draft(w):
    return _c(APPROVALS, "request_create")(actor=w.other_manager, casino=w.c, kind="liaison_progressif", items=TRIPS)


def _under_review(w):
    return _c(APPROVALS, "request_file")(actor=w.other_manager, request=_draft(w))


def _asked(w):
    return _c(APPROVALS, "request_ask")(actor=w.regulator_lu, request=_under_review(w), question="Pourquoi ?")


def _approved(w):
    return _c(APPROVALS, "request_decide")(actor=w.regulator_lu, request=_under_review(w), decision="approuver")


APPROVAL_CASES = {
    f"{APPROVALS}.request_create": lambda w: (_c(APPROVALS, "request_create")(
        actor=w.manager_c, casino=w.c, kind="liaison_progressif", items=TRIPS), w.manager_c)[1],
    f"{APPROVALS}.request_attach": lambda w: (_c(APPROVALS, "request_attach")(
        actor=w.manager_c, request=_c(APPROVALS, "request_create")(
            actor=w.other_manager, casino=w.c, kind="systeme_cartes", items={"fournisseur": "S"}),
        item="certificat", filename="c.pdf", content=b"%PDF-1.4"), w.manager_c)[1],
    f"{APPROVALS}.request_file": lambda w: (_c(APPROVALS, "request_file")(
        actor=w.manager_c, request=_draft(w)), w.manager_c)[1],
    f"{APPROVALS}.request_ask": lambda w: (_c(APPROVALS, "request_ask")(
        actor=w.regulator_lu, request=_under_review(w), question="Quel effet ?"), w.regulator_lu)[1],
    f"{APPROVALS}.request_answer": lambda w: (_c(APPROVALS, "request_answer")(
        actor=w.manager_c, request=_asked(w), answer="Voici"), w.manager_c)[1],
    f"{APPROVALS}.request_withdraw": lambda w: (_c(APPROVALS, "request_withdraw")(
        actor=w.manager_c, request=_under_review(w), reason="Abandon"), w.manager_c)[1],
    f"{APPROVALS}.finding_add": lambda w: (_c(APPROVALS, "finding_add")(
        actor=w.regulator_lu, request=_under_review(w), citation="Règle", severity="information",
        message_fr="Vu"), w.regulator_lu)[1],
    f"{APPROVALS}.request_decide": lambda w: (_c(APPROVALS, "request_decide")(
        actor=w.regulator_lu, request=_under_review(w), decision="refuser", reason="Retour"), w.regulator_lu)[1],
    f"{APPROVALS}.request_revoke": lambda w: (_c(APPROVALS, "request_revoke")(
        actor=w.regulator_lu, request=_approved(w), reason="Retirée"), w.regulator_lu)[1],
    "compliance.reports.services.letter_request": lambda w: (_c(REPORTS, "letter_request")(
        actor=w.regulator_lu, kind="approval_decision", casino=w.c, register_kind="approbations",
        subject=_approved(w).reference, day=TODAY()), w.regulator_lu)[1],
}


TOURNAMENTS = "registers.tournaments.services"
PLAYERS = ["Ana", "Tom", "Eva"]


def _tournament_staff(w):
    """Casino A's (Québec) second manager and cashier, who set up the tournaments the cases act on."""
    if not hasattr(w, "manager_a2"):
        w.manager_a2 = make_user("direction.a2", "manager", casino=w.a)
        w.cashier_a2 = make_user("caisse.a2", "accountant", casino=w.a)
    return w.manager_a2, w.cashier_a2


def _published(w, minutes_ago: int | None = None, players=()):
    from django.utils import timezone

    from tests.tournament_world import published_ago, setup

    manager, cashier = _tournament_staff(w)
    start = timezone.now() - datetime.timedelta(minutes=minutes_ago) if minutes_ago is not None else None
    tournament = setup(w.a, manager, starts_at=start)
    if start:  # Vigie records the publication's moment: eight days before the start (QC RJC art. 125's week)
        published_ago(tournament, manager, 8, before=start)
    else:
        _c(TOURNAMENTS, "tournament_publish")(tournament=tournament, actor=manager)
    for player in players:
        _c(TOURNAMENTS, "entry_sell")(tournament=tournament, actor=cashier, player=player,
                                      entered_at=start - datetime.timedelta(minutes=5))
    return tournament


def _played(w, *, finished: bool = True, minutes_ago: int = 100, outs=((3, 3), (2, 2))):
    """Three players; with `finished`, two out (entry number, minutes ago), the last while late registration is over."""
    from tests.tournament_world import out, started

    manager, cashier = _tournament_staff(w)
    tournament = started(w.a, manager, cashier, PLAYERS, minutes_ago=minutes_ago)
    for number, ago in outs if finished else ():
        out(tournament, manager, f"T1-{number}", (number, "T1", 1000), minutes_ago=ago)
    tournament.refresh_from_db()
    return tournament


def _paid(w):
    tournament = _played(w)
    for place in tournament.places.filter(prize__gt=0).select_related("seat"):
        _c(TOURNAMENTS, "prize_pay")(place=place, actor=w.cashier_a2, winner=place.seat.player, identity="P-1")
    return tournament


TOURNAMENT_CASES = {
    f"{TOURNAMENTS}.tournament_create": lambda w: (_c("tests.tournament_world", "setup")(w.a, w.manager_a),
                                                   w.manager_a)[1],
    f"{TOURNAMENTS}.tournament_publish": lambda w: (_c(TOURNAMENTS, "tournament_publish")(
        tournament=_c("tests.tournament_world", "setup")(w.a, _tournament_staff(w)[0]), actor=w.manager_a),
        w.manager_a)[1],
    f"{TOURNAMENTS}.entry_sell": lambda w: (_c(TOURNAMENTS, "entry_sell")(
        tournament=_published(w), actor=w.accountant_a, player="Ana"), w.accountant_a)[1],
    f"{TOURNAMENTS}.tournament_start": lambda w: (_c(TOURNAMENTS, "tournament_start")(
        tournament=_published(w, minutes_ago=10, players=PLAYERS), actor=w.manager_a, seated={"T1": 3}),
        w.manager_a)[1],
    f"{TOURNAMENTS}.players_out": lambda w: (_c(TOURNAMENTS, "players_out")(
        tournament=_played(w, finished=False), actor=w.manager_a, hand="T1-1",
        out=[{"inscription": 3, "table": "T1", "tapis": 1000}]), w.manager_a)[1],
    # the last player out while late registration was open: the tournament ends once it is over
    f"{TOURNAMENTS}.tournament_finish": lambda w: (_c(TOURNAMENTS, "tournament_finish")(
        tournament=_played(w, outs=((3, 80), (2, 70))), actor=w.manager_a), w.manager_a)[1],
    f"{TOURNAMENTS}.chip_race_record": lambda w: (_c(TOURNAMENTS, "chip_race_record")(
        tournament=_played(w, finished=False), actor=w.manager_a, table="T1", old_value=100, new_value=500,
        odd_chips={"Ana": 1}, cards={"Ana": "As"}, left={"Ana": 5000}), w.manager_a)[1],
    f"{TOURNAMENTS}.prize_pay": lambda w: (_c(TOURNAMENTS, "prize_pay")(
        place=_played(w).places.get(place=1), actor=w.accountant_a, winner="Ana", identity="P-2"), w.accountant_a)[1],
    f"{TOURNAMENTS}.tournament_close": lambda w: (_c(TOURNAMENTS, "tournament_close")(
        tournament=_paid(w), actor=w.manager_a), w.manager_a)[1],
    f"{TOURNAMENTS}.tournament_report_request": lambda w: (_c(TOURNAMENTS, "tournament_report_request")(
        tournament=_played(w), actor=w.accountant_a), w.accountant_a)[1],
}


KENO = "registers.keno.services"


def _keno_won(w, number: str) -> str:
    """Casino A's closing hour, a ticket sold and its draw won an hour ago, set up by its manager."""
    from zoneinfo import ZoneInfo

    now = datetime.datetime.now(ZoneInfo("America/Toronto")).replace(second=0, microsecond=0)
    _c(KENO, "keno_closing_record")(casino=w.a, actor=w.manager_a, effective_from=w.a.today(), hour="03:00",
                                    next_day=True, reference="Heures d'exploitation")
    _c(KENO, "keno_ticket_issue")(casino=w.a, actor=w.manager_a, number=number, draws=[1], stake="2.00",
                                  currency="CAD", issued_at=now - datetime.timedelta(hours=2))
    _c(KENO, "keno_draw_record")(casino=w.a, actor=w.manager_a, number=1, drawn_at=now - datetime.timedelta(hours=1),
                                 winners={number: "20.00"}, currency="CAD")
    return number


KENO_CASES = {
    f"{KENO}.keno_closing_record": lambda w: (_c(KENO, "keno_closing_record")(
        casino=w.a, actor=w.manager_a, effective_from=w.a.today(), hour="03:00", next_day=True,
        reference="Heures d'exploitation"), w.manager_a)[1],
    f"{KENO}.keno_ticket_issue": lambda w: (_c(KENO, "keno_ticket_issue")(
        casino=w.a, actor=w.accountant_a, number="K-1", draws=[1, 2], stake="2.00", currency="CAD"),
        w.accountant_a)[1],
    f"{KENO}.keno_draw_record": lambda w: (_c(KENO, "keno_draw_record")(
        casino=w.a, actor=w.accountant_a, number=1, winners={}, currency="CAD"), w.accountant_a)[1],
    f"{KENO}.keno_ticket_pay": lambda w: (_c(KENO, "keno_ticket_pay")(
        casino=w.a, actor=w.accountant_a, number=_keno_won(w, "K-2")), w.accountant_a)[1],
}


DECKS = "registers.decks.services"


def _decks(w, issued=False, retired=False) -> int:
    """A lot of decks received at casino C by the other manager, some issued to a poker table, one retired: what a
    case's own service then moves (its n° of issue, where issued)."""
    _c(DECKS, "deck_receive")(casino=w.c, actor=w.other_manager, gaming_day=TODAY(), supplier="Cartamundi",
                              description="52 cartes", colour="rouge", packs=1, per_pack=6, seals=["S-1"],
                              plain_back=True)
    if not issued:
        return 0
    entry = _c(DECKS, "deck_issue")(casino=w.c, actor=w.other_manager, gaming_day=TODAY(), lot=f"L{TODAY().year}-001",
                                    decks=2, family="poker", table="TH-1", new=True, counted=True, sealed=True)
    if retired:
        _c(DECKS, "deck_return")(casino=w.c, actor=w.other_manager, gaming_day=TODAY(), issue=entry.seq, decks=1,
                                 perfect=False, reason="Carte marquée")
    return entry.seq


DECKS_CASES = {
    f"{DECKS}.deck_receive": lambda w: (_c(DECKS, "deck_receive")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), supplier="Cartamundi", description="52 cartes",
        colour="bleu", packs=1, per_pack=6, seals=["S-9"], plain_back=True), w.accountant_c)[1],
    f"{DECKS}.deck_issue": lambda w: (_decks(w), _c(DECKS, "deck_issue")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), lot=f"L{TODAY().year}-001", decks=1, family="poker",
        table="TH-1", new=True, counted=True, sealed=True), w.accountant_c)[2],
    f"{DECKS}.deck_return": lambda w: (_c(DECKS, "deck_return")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), issue=_decks(w, issued=True), decks=1, perfect=True),
        w.accountant_c)[1],
    f"{DECKS}.deck_destroy": lambda w: (_decks(w, issued=True, retired=True), _c(DECKS, "deck_destroy")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), lot=f"L{TODAY().year}-001", decks=1, how="Cisaillage"),
        w.accountant_c)[2],
    f"{DECKS}.deck_control_set": lambda w: (_c(DECKS, "deck_control_set")(
        casino=w.c, actor=w.manager_c, gaming_day=TODAY(), tables=TODAY(), poker=None, reference="PI-JEUX-07"),
        w.manager_c)[1],
}


CASES = {
    **APPROVAL_CASES,
    **TOURNAMENT_CASES,
    **DECKS_CASES,
    **KENO_CASES,
    f"{RECON}.reconciliation_run": lambda w: (_c(RECON, "reconciliation_run")(
        casino=w.c, gaming_day=TODAY(), actor=w.manager_c), w.manager_c)[1],
    f"{RECON}.reconciliation_run_range": lambda w: (_c(RECON, "reconciliation_run_range")(
        casino=w.c, first=TODAY() - datetime.timedelta(days=1), last=TODAY(), actor=w.accountant_c),
        w.accountant_c)[1],
    f"{RECON}.finding_explain": lambda w: (_c(RECON, "finding_explain")(
        finding=_finding(w), actor=w.accountant_c, explanation="Drop compté le lendemain"), w.accountant_c)[1],
    f"{RECON}.finding_accept": lambda w: (_c(RECON, "finding_accept")(
        finding=_finding(w, explained=True), actor=w.manager_c), w.manager_c)[1],
    f"{RECON}.reconciliation_request": lambda w: (_c(RECON, "reconciliation_request")(
        casino=w.c, gaming_day=TODAY(), actor=w.accountant_c), w.accountant_c)[1],
    f"{RECON}.reconciliation_after_close": case_reconciliation_after_close,
    f"{RECON}.reconciliation_job": case_reconciliation_job,
    "compliance.reports.services.reports_after_close": case_reports_after_close,
    "compliance.reports.services.report_request": lambda w: case_report(w, generate=False),
    "compliance.reports.services.report_generate": lambda w: case_report(w, generate=True),
    "compliance.reports.services.report_reissue": case_report_reissue,
    "compliance.reports.services.certificate_issue": lambda w: (_c(REPORTS, "certificate_issue")(
        actor=w.admin, casino=w.c), w.admin)[1],
    "compliance.reports.services.certificate_revoke": case_certificate_revoke,
    # issue 40: the key ceremony's rotation (a new key and certificate, the old one superseded) and its other steps
    "compliance.reports.services.certificate_rotate": lambda w: (_c(REPORTS, "certificate_rotate")(
        actor=w.admin, certificate=_c(REPORTS, "certificate_issue")(actor=w.admin, casino=w.c)), w.admin)[1],
    "compliance.reports.services.key_ceremony_record": lambda w: (_c(REPORTS, "key_ceremony_record")(
        actor=w.admin, step="key_created", label="pki/essai", details={"kind": "ec-p256"}), w.admin)[1],
    "compliance.services.casino_create": case_casino_create,
    "compliance.services.casino_update": lambda w: (_compliance("casino_update")(
        actor=w.admin, casino=w.a, name="Casino A renommé"), w.admin)[1],
    "compliance.services.user_create": case_user_create,
    "compliance.services.user_update": lambda w: (_compliance("user_update")(
        actor=w.admin, user=w.accountant_a, role="manager", first_name="Promu"), w.admin)[1],
    "compliance.services.user_password_set": lambda w: (_compliance("user_password_set")(
        actor=w.admin, user=w.accountant_a, password=f"{PASSWORD}-bis"), w.admin)[1],
    "compliance.services.jurisdictions_load": case_jurisdictions_load,
    "compliance.services.system_user": case_system_user,
    f"{SECOND}.api_token_obtain": case_api_token_obtain,
    f"{SECOND}.second_factor_enrol": case_second_factor_enrol,
    f"{SECOND}.second_factor_verify": case_second_factor_verify,
    f"{SECOND}.recovery_codes_issue": case_recovery_codes_issue,
    f"{SECOND}.second_factor_reset": case_second_factor_reset,
    f"{SECOND}.demo_authenticator_install": case_demo_authenticator_install,
    "compliance.services.job_enqueue": case_job_enqueue,
    "compliance.services.job_execute": case_job_execute,
    "compliance.services.job_retry": case_job_retry,
    "compliance.services.calendar_feed_issue": lambda w: (_compliance("calendar_feed_issue")(
        actor=w.accountant_a), w.accountant_a)[1],
    "compliance.services.calendar_feed_revoke": case_calendar_feed_revoke,
    "compliance.services.digest_send": case_digest_send,
    "compliance.services.digests_send": case_digests_send,
    "games.services.rules_load": case_rules_load,
    f"{CHAIN}.entry_append": lambda w: (_c(CHAIN, "entry_append")(
        register=_register(w, "jackpots"), kind="jackpot.paiement_manuel", gaming_day=TODAY(), actor=w.accountant_c,
        payload={"amount": "1.00"}), w.accountant_c)[1],
    f"{CHAIN}.entry_file": lambda w: (_c(CHAIN, "entry_file")(
        register=_register(w, "jackpots"), kind="jackpot.paiement_manuel", gaming_day=TODAY(), actor=w.accountant_c,
        payload={"amount": "1.00"}), w.accountant_c)[1],
    f"{CHAIN}.pending_file": lambda w: (_c(CHAIN, "pending_file")(
        register=_register(w, "cagnotte"), kind="cagnotte.comptage", gaming_day=TODAY(), actor=w.accountant_c,
        payload={}, countersigner_role="manager", citation="LU RGD 1979 art. 97-1"), w.accountant_c)[1],
    f"{CHAIN}.pending_countersign": lambda w: (_c(CHAIN, "pending_countersign")(
        pending=_pending(w), countersigner=w.manager_c), w.manager_c)[1],
    f"{CHAIN}.entry_correct": lambda w: (_c(CHAIN, "entry_correct")(
        entry=_c(CHAIN, "pending_countersign")(pending=_pending(w), countersigner=w.other_manager),
        actor=w.manager_c, reason="déposé deux fois"), w.manager_c)[1],
    f"{CHAIN}.checkpoint_create": lambda w: (_c(CHAIN, "checkpoint_create")(
        register=_register(w, "cartes"), user=w.manager_c), w.manager_c)[1],
    f"{CHAIN}.session_close": lambda w: (_c(CHAIN, "session_close")(
        casino=w.c, gaming_day=TODAY() - datetime.timedelta(days=3), user=w.manager_c), w.manager_c)[1],
    f"{ORPH}.orphelin_file": lambda w: (_pending(w), w.accountant_c)[1],
    f"{ORPH}.orphelin_record": lambda w: (_c(ORPH, "orphelin_record")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), source="table", amount="5.00", currency="EUR",
        location="Table 2"), w.accountant_c)[1],
    f"{ORPH}.orphelin_return": lambda w: (_c(ORPH, "orphelin_return")(
        entry=_c(CHAIN, "pending_countersign")(pending=_pending(w), countersigner=w.manager_c), actor=w.accountant_c,
        gaming_day=TODAY(), owner_name="X", owner_document="P-9", right_established=True), w.accountant_c)[1],
    f"{ORPH}.orphelins_finalize": lambda w: (_c(CHAIN, "pending_countersign")(
        pending=_c(ORPH, "orphelin_file")(casino=w.c, actor=w.accountant_c, source="table", amount="1.00",
                                          currency="EUR", location="T", gaming_day=TODAY() - datetime.timedelta(
                                              days=20), late_reason="Fiche retrouvée"), countersigner=w.other_manager),
        _c(ORPH, "orphelins_finalize")(casino=w.c, actor=w.manager_c, gaming_day=TODAY()), w.manager_c)[2],
    f"{ORPH}.orphelins_finalize_due": lambda w: (_c(CHAIN, "pending_countersign")(
        pending=_c(ORPH, "orphelin_file")(casino=w.c, actor=w.accountant_c, source="table", amount="1.00",
                                          currency="EUR", location="T", gaming_day=TODAY() - datetime.timedelta(
                                              days=20), late_reason="Fiche retrouvée"), countersigner=w.manager_c),
        _c(ORPH, "orphelins_finalize_due")(), _compliance("system_user")())[2],
    f"{APP}.appareil_install": lambda w: (_machine(w, "M-1"), w.accountant_c)[1],
    f"{APP}.appareil_condition_record": lambda w: (_older(w, "M-9"), _c(APP, "appareil_condition_record")(
        casino=w.c, actor=w.manager_c, machine="M-9", condition="neuf"), w.manager_c)[2],
    f"{APP}.appareil_notice": lambda w: (_machine(w, "M-2"), _c(APP, "appareil_notice")(
        casino=w.c, actor=w.manager_c, gaming_day=TODAY(), machine="M-2", event="hors_service", effective=TODAY(),
        reference="L-1", sent_on=TODAY()), w.manager_c)[2],
    f"{APP}.appareil_move": lambda w: (_machine(w, "M-3"), _c(APP, "appareil_notice")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), machine="M-3", event="hors_service",
        effective=TODAY(), reference="L-2", sent_on=TODAY()), _c(APP, "appareil_move")(
        casino=w.c, actor=w.manager_c, gaming_day=TODAY(), machine="M-3", event="hors_service"), w.manager_c)[3],
    "registers.appareils.jackpots.jackpot_manual_payout_file": lambda w: (_machine(w, "M-9"), _c(
        "registers.appareils.jackpots", "jackpot_manual_payout_file")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), machine="M-9", amount="100.00", currency="EUR",
        receipt_number="Q-1", receipt_in_cabinet=True), w.accountant_c)[2],
    f"{CHAIN}.entries_append": lambda w: (_c(CHAIN, "entries_append")(
        register=_register(w, "avances"), items=[_c(CHAIN, "Appended")(
            kind="table.import", gaming_day=TODAY(), actor=w.accountant_c, payload={"bordereaux": 0})]),
        w.accountant_c)[1],
    f"{LISTS}.station_add": lambda w: (_station(w, "Caisse 9"), w.manager_c)[1],
    f"{LISTS}.station_retire": lambda w: (_c(LISTS, "station_retire")(
        station=_station(w, "TH-9", actor=w.other_manager), actor=w.manager_c), w.manager_c)[1],
    f"{LISTS}.denomination_add": lambda w: (_denomination(w, "25"), w.manager_c)[1],
    f"{LISTS}.denomination_retire": lambda w: (_c(LISTS, "denomination_retire")(
        denomination=_denomination(w, "100", actor=w.other_manager), actor=w.manager_c), w.manager_c)[1],
    # admissions and exclusions (registers/admissions): every reading of the exclusion list is audited too
    f"{ADMISSIONS}.admission_policy_set": lambda w: (_admission_policy(w, w.manager_c), w.manager_c)[1],
    f"{ADMISSIONS}.exclusion_record": lambda w: (_exclusion(w, w.manager_c), w.manager_c)[1],
    f"{ADMISSIONS}.admission_issue": lambda w: (_admitted(w), w.accountant_c)[1],
    f"{ADMISSIONS}.person_check": lambda w: (_exclusion(w, w.other_manager), _c(ADMISSIONS, "person_check")(
        casino=w.c, actor=w.accountant_c, where="carte", day=TODAY(), name="Anne Schmit"), w.accountant_c)[2],
    f"{ADMISSIONS}.exclusions_read": lambda w: (_exclusion(w, w.other_manager), _c(ADMISSIONS, "exclusions_read")(
        user=w.manager_c, casino=w.c), w.manager_c)[2],
    f"{ADMISSIONS}.admissions_compared": lambda w: (_admitted(w), _exclusion(w, w.other_manager), _c(
        ADMISSIONS, "admissions_compared")(user=w.regulator_lu, casino=w.c, day=TODAY()), w.regulator_lu)[3],
    f"{ADMISSIONS}.personal_data_purge": lambda w: (_purgeable(w), _c(ADMISSIONS, "personal_data_purge")(casino=w.c),
                                                   _c("compliance.services", "system_user")())[2],
    # a value the texts leave to an arrêté du Ministre, filed by the management (registers/arretes)
    "registers.arretes.services.arrete_value_file": lambda w: (_c("registers.arretes.services", "arrete_value_file")(
        casino=w.c, actor=w.manager_c, concept="uth.maximum", value="400", effective_from=TODAY(),
        reference="Arrêté ministériel n° 1"), w.manager_c)[1],
    # a notice the texts require, posted and withdrawn by the management (registers/notices)
    "registers.notices.services.notice_post": lambda w: (_c("registers.notices.services", "notice_post")(
        casino=w.c, actor=w.manager_c, kind="cartes", place="Salle des appareils", texts={"mode_emploi": "Carte"}),
        w.manager_c)[1],
    "registers.notices.services.notice_withdraw": lambda w: (_c("registers.notices.services", "notice_withdraw")(
        casino=w.c, actor=w.manager_c, posting=_c("registers.notices.services", "notice_post")(
            casino=w.c, actor=w.other_manager, kind="cartes", place="Salle 2", texts={"mode_emploi": "Carte"}).pk,
        reason="Remplacé"), w.manager_c)[1],
    # the progressive bet's lot (registers/tables/progressif, QC RJC art. 21.2)
    f"{PROGRESSIF}.lot_configure": lambda w: (_progressive(w, w.manager_a), w.manager_a)[1],
    f"{PROGRESSIF}.progressive_reading_file": _progressive_read,
    f"{PROGRESSIF}.progressive_win_file": lambda w: (_c(PROGRESSIF, "progressive_win_file")(
        session=_progressive(w)[0], actor=w.accountant_a, lot="P", hand="suited_blackjack_first_2"),
        w.accountant_a)[1],
    f"{TABLES}.table_create": lambda w: (_table(w, "T-1"), w.manager_c)[1],
    f"{TABLES}.session_open": lambda w: (_session(w, "T-2"), w.manager_c)[1],
    f"{TABLES}.slip_file": lambda w: _slip(_session(w, "T-3"), w.accountant_c),
    f"{TABLES}.slip_void": lambda w: (_c(TABLES, "slip_void")(
        slip=_slip(_session(w, "T-4"), w.accountant_c, returns="slip"), actor=w.manager_c,
        countersigner=w.other_manager, reason="Erreur"), w.manager_c)[1],
    f"{TABLES}.session_close": lambda w: (_close(_session(w, "T-5"), w.accountant_c), w.accountant_c)[1],
    f"{TABLES}.minimum_change": lambda w: (_c(TABLES, "minimum_change")(
        session=_session(w, "T-6", actor=w.other_manager), actor=w.manager_c, minimum="20", maximum="1000",
        closing=FLOAT, opening=FLOAT, signatures=SIGNED, float_amount="3500"), w.manager_c)[1],
    f"{TABLES}.limits_change": lambda w: (_c(TABLES, "limits_change")(
        session=_session(w, "T-9"), actor=w.accountant_c, minimum="10", maximum="1000", decided_by="Directeur",
        displayed=True), w.accountant_c)[1],
    f"{TABLES}.drop_count": lambda w: (_c(TABLES, "drop_count")(
        session=_close(_session(w, "T-7"), w.other_manager), actor=w.accountant_c, amount="100.00",
        denominations={"100": 1}, signatures={"compteur_1": "A", "compteur_2": "B"}), w.accountant_c)[1],
    "registers.tables.imports.slips_import": _imported,
    f"{ROOM}.poker_session_open": lambda w: (_poker_session(w, "PK-1"), w.other_manager)[1],
    f"{ROOM}.poker_session_stakes_raise": lambda w: (_c(ROOM, "poker_session_stakes_raise")(
        session=_poker_session(w, "PK-4"), actor=w.manager_c, minimum="20", small_blind="10", big_blind="20",
        decided_by="Jean Muller"), w.manager_c)[1],
    "compliance.approvals.services.wheel_publish": case_wheel_publish,
    f"{ROOM}.stake_consign": lambda w: (_c(ROOM, "stake_consign")(
        session=_poker_session(w, "PK-2"), actor=w.accountant_c, seat=3, player="Jo", amount="20.00",
        currency="EUR"), w.accountant_c)[1],
    "registers.poker_room.imports.hands_import": _hands_imported,
    f"{ROOM}.poker_seance_close": lambda w: (_c(ROOM, "poker_seance_close")(
        casino=w.c, actor=w.manager_c, gaming_day=_poker_session(w, "PK-5").gaming_day, table="PK-5",
        caisse="0"), w.manager_c)[1],
    f"{ROOM}.poker_rebuy": lambda w: (_c(ROOM, "poker_rebuy")(
        session=_poker_session(w, "PK-6"), actor=w.accountant_c, seat=2, player="Eva", amount="50.00"),
        w.accountant_c)[1],
    f"{WAITING}.waiting_list_add": lambda w: (_c(WAITING, "waiting_list_add")(
        casino=w.c, actor=w.accountant_c, gaming_day=_poker_session(w, "PK-7").gaming_day, player="Joueur 7"),
        w.accountant_c)[1],
    f"{WAITING}.waiting_list_call": lambda w: (_waiting_called(w), w.manager_c)[1],
    f"{TABLES}.commission_file": lambda w: (_c(TABLES, "commission_file")(
        session=_pai_gow(w), actor=w.accountant_a, amount="1.50", signatures=SIGNED,
        rounds=[{"banque": "croupier", "joueurs": ["1"], "gagnantes": {"1": "25.00"}}]), w.accountant_a)[1],
    f"{POKER}.cagnotte_file": lambda w: (_c(POKER, "cagnotte_file")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), table="P1", house="10.00", bad_beat="1.00",
        box_count="11.00", currency="EUR"), w.accountant_c)[1],
    f"{POKER}.progressive_configure": lambda w: (_jackpot(w, "J1"), w.other_manager)[1],
    f"{POKER}.progressive_statement": lambda w: (_jackpot(w, "J2"), _c(POKER, "progressive_statement")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), name="J2", displayed={"1": "510.00"},
        increments={"P1": "10.00"}),
        w.accountant_c)[2],
    f"{POKER}.progressive_win_file": lambda w: (_jackpot(w, "J3"), _c(POKER, "progressive_win_file")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), name="J3", level=1, game="Hold'em", table="P1",
        deal="1", won_at="23:10", board="Ah Kh Qh 2c 3d", hands=[{"player": "A", "cards": "Jh Th"}],
        amount="500.00", currency="EUR", chef_de_salle="Paul Thill"),
        w.accountant_c)[2],
    f"{POKER}.jackpot_stop": lambda w: (_jackpot(w, "J4"), _c(POKER, "jackpot_stop")(
        casino=w.c, actor=w.manager_c, gaming_day=TODAY(), name="J4", voluntary=False, reason="panne"),
        w.manager_c)[2],
    f"{POKER}.bad_beat_win_file": lambda w: (_house_rules(w), _c(POKER, "bad_beat_open")(
        casino=w.c, actor=w.manager_c, gaming_day=TODAY(), start="1000.00"), _c(POKER, "bad_beat_win_file")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), game="Texas hold'em", table="P1", won_at="23:10",
        loser="A", loser_cards="7c 7d", winner_cards="8h 9h", board="7h 7s Th Jh 2c", pot="640.00",
        amount="300.00", currency="EUR", players=["A", "B"], restart_at="0"), w.accountant_c)[3],
    f"{POKER}.house_rules_record": lambda w: (_house_rules(w), w.manager_c)[1],
    f"{POKER}.bad_beat_stop": lambda w: (_c(POKER, "bad_beat_stop")(
        casino=w.c, actor=w.manager_c, gaming_day=TODAY(), voluntary=False, reason="panne"), w.manager_c)[1],
    f"{POKER}.bad_beat_restart": lambda w: (_c(POKER, "bad_beat_stop")(
        casino=w.c, actor=w.other_manager, gaming_day=TODAY(), voluntary=False, reason="panne"),
        _c(POKER, "bad_beat_restart")(casino=w.c, actor=w.manager_c, gaming_day=TODAY(), restart_at="0"),
        w.manager_c)[2],
    f"{POKER}.bad_beat_open": lambda w: (_c(POKER, "bad_beat_open")(
        casino=w.c, actor=w.manager_c, gaming_day=TODAY(), start="1000.00"), w.manager_c)[1],
    f"{POKER}.bad_beat_notice": lambda w: (_c(POKER, "bad_beat_notice")(
        casino=w.c, actor=w.manager_c, gaming_day=TODAY(), minister_notified_on=TODAY(), reference="Lettre 1"),
        w.manager_c)[1],
    f"{POKER}.bad_beat_manual_file": lambda w: (_c(POKER, "bad_beat_stop")(
        casino=w.c, actor=w.other_manager, gaming_day=TODAY(), voluntary=False, reason="panne"),
        _c(POKER, "bad_beat_manual_file")(casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), table="P1",
                                          amount="12.00", currency="EUR"), w.accountant_c)[2],
    f"{POKER}.bad_beat_statement_file": lambda w: (_c(POKER, "bad_beat_statement_file")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), amount="12.00", currency="EUR",
        history_reference="H-1"), w.accountant_c)[1],
    f"{CARDS}.card_certificate_record": lambda w: (_c(CARDS, "card_certificate_record")(
        casino=w.c, actor=w.manager_c, supplier="S2", reference="R-2", issued_on=TODAY()), w.manager_c)[1],
    f"{CARDS}.client_register": lambda w: (_c(CARDS, "client_register")(
        casino=w.c, actor=w.accountant_c, last_name="Klein", first_name="Tom", birth_date=datetime.date(1975, 3, 3),
        id_document_type="Passeport", id_document_number="P-2"), w.accountant_c)[1],
    f"{CARDS}.card_issue": lambda w: (_c(CARDS, "card_issue")(
        casino=w.c, actor=w.manager_c, kind="journaliere", gaming_day=TODAY()), w.manager_c)[1],
    f"{CARDS}.card_issue_with_client": lambda w: (_c(CARDS, "card_issue_with_client")(
        casino=w.c, actor=w.manager_c, kind="nominative", gaming_day=TODAY(), new_client={
            "last_name": "Muller", "first_name": "Sophie", "birth_date": datetime.date(1992, 11, 20),
            "id_document_type": "Passeport", "id_document_number": "P-3"}), w.manager_c)[1],
    f"{CARDS}.card_status_change": lambda w: (_c(CARDS, "card_status_change")(
        card=w.card2, actor=w.manager_c, change="block", reason="demande"), w.manager_c)[1],
    f"{CARDS}.card_found": lambda w: (_c(CARDS, "card_found")(
        card=w.card2, actor=w.accountant_c, found_on=TODAY(), location="Bar"), w.accountant_c)[1],
    f"{CARDS}.cards_found_orphaned_due": lambda w: (_c(CARDS, "card_found")(
        card=w.card1, actor=w.accountant_c, found_on=TODAY() - datetime.timedelta(days=7), location="Bar"),
        _c(CARDS, "cards_found_orphaned_due")(), _compliance("system_user")())[2],
    f"{CARDS}.cards_expire_due": lambda w: (_c(CARDS, "card_issue")(
        casino=w.c, actor=w.manager_c, kind="journaliere", gaming_day=TODAY() - datetime.timedelta(days=1)),
        _c(CARDS, "cards_expire_due")(), _compliance("system_user")())[2],
    f"{CARD}.card_load": lambda w: (_c(CARD, "card_load")(card=w.card1, actor=w.accountant_c, amount="10.00"),
                                    w.accountant_c)[1],
    f"{CARD}.card_bet": lambda w: (_c(CARD, "card_bet")(card=w.card1, actor=w.accountant_c, amount="10.00",
                                                         machine="M"), w.accountant_c)[1],
    f"{CARD}.card_win": lambda w: (_c(CARD, "card_win")(card=w.card1, actor=w.accountant_c, amount="10.00",
                                                         machine="M"), w.accountant_c)[1],
    f"{CARD}.card_payout": lambda w: (_c(CARD, "card_payout")(card=w.card1, actor=w.accountant_c, amount="10.00"),
                                      w.accountant_c)[1],
    f"{CARD}.card_transfer": lambda w: (_c(CARD, "card_transfer")(
        source=w.card1, target=w.card2, actor=w.accountant_c, amount="10.00"), w.accountant_c)[1],
    f"{CARD}.card_benefit": lambda w: (_c(CARD, "card_benefit")(
        card=w.card1, actor=w.accountant_c, points=10, reason="fidélité"), w.accountant_c)[1],
    f"{CARD}.card_adjust": lambda w: (_c(CARD, "card_adjust")(
        card=w.card1, actor=w.manager_c, balance="499.00", reason="écart"), w.manager_c)[1],
    "registers.cards.caisse.services.desk_count_file": lambda w: (_c(
        "registers.cards.caisse.services", "desk_count_file")(
        casino=w.c, actor=w.accountant_c, gaming_day=TODAY(), desk="Caisse 1", cash="1.00", tokens="0"),
        w.accountant_c)[1],
    f"{SLOTS}.slot_system_register": lambda w: (_slot_system(w), w.other_manager)[1],
    f"{SLOTS}.slot_system_set_rate": lambda w: (_c(SLOTS, "slot_system_set_rate")(
        system=_slot_system(w), actor=w.manager_c, rate_per_minute=10), w.manager_c)[1],
    f"{SLOTS}.slot_debit": lambda w: (_c(SLOTS, "slot_debit")(
        system=_slot_system(w), key="k-1", card=w.card1.number, amount="1.00", currency="EUR", machine="M"),
        _slot_system(w).user)[1],
    f"{SLOTS}.slot_credit": lambda w: (_c(SLOTS, "slot_credit")(
        system=_slot_system(w), key="k-2", card=w.card1.number, amount="1.00", currency="EUR", machine="M"),
        _slot_system(w).user)[1],
    f"{SLOTS}.slot_batch": lambda w: (_c(SLOTS, "slot_batch")(system=_slot_system(w), operations=[
        {"operation": "credit", "key": "k-3", "card": w.card1.number, "amount": "1.00", "currency": "EUR",
         "machine": "M"}]), _slot_system(w).user)[1],
    f"{DIRECTION}.committee_change_record": lambda w: (_c(DIRECTION, "committee_change_record")(
        casino=w.c, actor=w.manager_c, change="nomination", name="Jean Kremer", effective_from=TODAY(),
        reference="PV-1"), w.manager_c)[1],
    f"{DIRECTION}.duty_record": lambda w: (_c(DIRECTION, "duty_record")(
        casino=w.c, actor=w.manager_c, member=_director(w), starts_at=timezone.now() - datetime.timedelta(hours=2),
        ends_at=timezone.now() - datetime.timedelta(hours=1)), w.manager_c)[1],
    f"{DIRECTION}.designation_record": lambda w: (_c(DIRECTION, "designation_record")(
        casino=w.c, actor=w.manager_c, employee=_director(w) and w.accountant_c.username,
        act="jackpot.paiement_manuel", first_day=TODAY(), reference="D-1"), w.manager_c)[1],
    f"{DIRECTION}.designation_end": lambda w: (_c(DIRECTION, "designation_end")(
        casino=w.c, actor=w.manager_c, designation=_c(DIRECTION, "designation_record")(
            casino=w.c, actor=w.other_manager, employee=_director(w) and w.accountant_c.username,
            act="jackpot.paiement_manuel", first_day=TODAY(), reference="D-1").seq,
        last_day=TODAY(), reason="Mutation"), w.manager_c)[1],
    f"{DIRECTION}.duty_correct": lambda w: (_c(DIRECTION, "duty_correct")(
        casino=w.c, actor=w.manager_c, duty=_c(DIRECTION, "duty_record")(
            casino=w.c, actor=w.other_manager, member=_director(w),
            starts_at=timezone.now() - datetime.timedelta(hours=2),
            ends_at=timezone.now() - datetime.timedelta(hours=1)).seq, reason="Inscrite par erreur", set_aside=True),
        w.manager_c)[1],
    f"{LEVIES}.levy_parameters_record": lambda w: (_c(LEVIES, "levy_parameters_record")(
        casino=w.c, actor=w.manager_c, effective_from=TODAY(), rates={"tables": "10"}, act="Arrêté A-1"),
        w.manager_c)[1],
    f"{LEVIES}.levies_compute": lambda w: (_levied(w, w.manager_c), w.manager_c)[1],
    f"{LEVIES}.levy_transfer_record": lambda w: (_c(LEVIES, "levy_transfer_record")(
        casino=w.c, actor=w.accountant_c, days=[_levied(w, w.other_manager)], amount="10.00", made_on=TODAY(),
        reference="VIR-1"), w.accountant_c)[1],
}


def _records_by(actor) -> int:
    """The audited records naming `actor`: events, entries (acting or countersigning), filings, checkpoints,
    closed sessions."""
    from compliance.approvals.models import WheelPublication

    return sum(model.objects.filter(**{field: actor}).count() for model, field in (
        (AuditEvent, "actor"), (Entry, "actor"), (Entry, "countersigner"), (PendingEntry, "actor"),
        (Checkpoint, "signed_by"), (GamingSession, "closed_by"),
        (WheelPublication, "published_by")))  # a QC wheel's publication: append-only, its publisher named


@pytest.mark.parametrize("service", sorted(CASES))
def test_the_service_leaves_an_audited_record_with_its_actor(world, rules, service):
    from compliance.models import User

    w = _lu(world)
    before = {user.pk: _records_by(user) for user in User.objects.all()}
    actor = CASES[service](w)
    if actor is CHECKED:
        return
    assert actor.pk
    assert _records_by(actor) > before.get(actor.pk, 0), f"{service}: no audited record by {actor.username}"
