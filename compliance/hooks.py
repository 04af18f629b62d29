"""Every extension point of the product, in one place: how a floor lets the apps above it (or a family beside it) add
to what it does without importing them.

One idiom. A point is declared here, by name, with what it is called with. An app contributes to points in its own
`hooks.py`, in one function, `contribute()`, which its AppConfig.ready calls at start-up (the core's own contributions:
compliance/apps.py). Nothing is contributed when a module is imported, so a reader finds every contribution of an app
in its hooks.py, and tests/test_hooks.py holds it so. A contribution added twice (AppConfig.ready runs again under the
test runner) is kept once.

Three shapes: a `Point` calls all its contributions in their order, a `Table` holds one per key (a job's kind, a
document's kind), a `Hook` holds one (what the upper floor answers for a family: an approval, a report asked).

This module imports nothing of the product: every floor may read its points."""

from __future__ import annotations

from collections.abc import Callable

POINTS: list[Point | Table | Hook] = []  # in the order declared below: the catalogue the doc and the tests read


class Point(list):
    """Contributions all called by the floor that declares the point, in their order (then in the order added)."""

    def __init__(self, name: str, about: str):
        super().__init__()
        self.name, self.about, self.orders = name, about, {}
        POINTS.append(self)

    def add(self, contribution, *, order: int = 100) -> None:
        if contribution in self:
            return
        self.orders[contribution] = order
        self.append(contribution)
        self.sort(key=lambda item: self.orders.get(item, getattr(item, "order", 100)))


class Table(dict):
    """One contribution per key; the floor that declares it looks it up by key (a kind unknown here is refused)."""

    def __init__(self, name: str, about: str):
        super().__init__()
        self.name, self.about = name, about
        POINTS.append(self)

    def add(self, key: str, contribution) -> None:
        self[str(key)] = contribution


class Hook:
    """One contribution: what an app above answers when the floor that declares the hook asks."""

    def __init__(self, name: str, about: str):
        self.name, self.about, self.contribution = name, about, None
        POINTS.append(self)

    def set(self, contribution: Callable) -> None:
        self.contribution = contribution

    def __bool__(self) -> bool:
        return self.contribution is not None

    def __call__(self, *args, **kwargs):
        if self.contribution is None:
            raise LookupError(f"hook {self.name}: no installed app contributes it")
        return self.contribution(*args, **kwargs)


# --- the core of compliance calls these ------------------------------------------------------------------------------

TODO_PROVIDERS = Point("todo.providers", "What waits for each person (compliance/todo.py, tasks_for): "
                       "provider(user) -> Tasks, for some roles; added through todo.provider_register.")
SEARCHERS = Point("search.searchers", "The header's search (compliance/search.py, search): searcher(user, query) -> "
                  "Hits; added through search.searcher_register.")
JOB_HANDLERS = Table("jobs.handlers", "A job's kind -> handler(job=, worker=) -> its result: what "
                     "compliance.services.job_execute runs, in the worker, for the tasks compliance.tasks.job_run and "
                     "compliance.reconciliation.tasks.reconciliation_day.")
JOB_PARAMETERS = Table("jobs.parameters", "A job's kind -> (its parameters' names, check(casino=, actor=, "
                       "**parameters) -> its inputs, or None when it takes none): what compliance.services.job_enqueue "
                       "checks before the job is written. Contributed beside the kind's handler.")
CASINO_CREATED = Point("casino.created", "What follows a casino's creation, after its commit "
                       "(compliance.services.casino_create): follow(casino).")

# --- the registers call these -----------------------------------------------------------------------------------------

SESSION_CLOSED = Point("registers.session_closed", "What follows a gaming day's close, in its transaction "
                       "(registers.chain.services.session_close): follow(session, user).")
COUNTERSIGN_CHECKS = Table("registers.countersign_checks", "An entry's kind -> check(pending): what its family checks "
                           "again when a filing of it is countersigned, under the register's lock "
                           "(registers.chain.services.pending_countersign).")
LATE_AUDIT = Point("registers.late_audit", "A late filing checked, at its countersignature, as the audit checks an "
                   "entry: audit(entry) -> its problems in (French, English).")
AUDIT_CHECKS = Table("registers.audit_checks", "« register's kind/entry's kind » -> check(replay, entry) -> its "
                     "problems (registers.chain.replay): what an app above the registers checks again in "
                     "registers_audit, beside the families' checks, in the entries its services write (the approvals: "
                     "each step of a request from its named state, by the controls of its service).")
SETTLEMENTS = Table("registers.settlements", "A payload key -> Settlement (registers.appareils.jackpots): the debt of "
                    "another register that a hand-paid jackpot may settle, and its check.")
NOTICE_REFERENCES = Point("registers.notice_references", "(casino, reference) -> Named or None: what a slot machine "
                          "notice's reference names outside the register of machines, a request of another kind or "
                          "of another casino say (registers.appareils.references.named asks each in turn).")
REFURBISHMENT_APPROVAL = Hook("registers.refurbishment_approval", "(casino, reference, day) -> Refurbishment or None: "
                              "what a refurbished slot machine's approval reference names, and whether it is in force "
                              "that day (registers.appareils.services.appareil_install and its audit ask).")
BAD_BEAT_STOP_NOTICE = Hook("registers.bad_beat_stop_notice", "(casino, reference) -> StopNotice or None: what a "
                            "bad-beat notice's reference names among the requests to the authority, and the day it "
                            "was filed (registers.poker.services.bad_beat_notice and its audit ask).")
TOURNAMENT_RULES_APPROVAL = Hook("registers.tournament_rules_approval", "(casino, digest, day, field) -> the approval "
                                 "in force of the tournament rules whose digest is given, or a DomainError naming "
                                 "what is lacking (the paid tournament's approval, as the rule data cites it).")
TOURNAMENT_RESULTS_REQUEST = Hook("registers.tournament_results_request", "(actor=, casino=, subject=, day=) -> the "
                                  "signed report of a tournament's results, asked of the worker.")
NOTICE_POSTER_REQUEST = Hook("registers.notice_poster_request", "(actor=, casino=, posting=) -> the signed poster "
                             "(A4 or A3) of a notice as posted (registers/notices), asked of the worker.")
WHEEL_PUBLISHED = Hook("registers.wheel_published", "(casino, day) -> the wheel of fortune's configuration the casino "
                       "had made public by that day ({'bets': [(symbol, parts, odds)], 'parts', 'published_at'}) or "
                       "None: what the wheel's notice is composed of (registers/notices), never importing the "
                       "approvals.")
NOTICE_POSTERS = Hook("registers.notice_posters", "(casino, numbers) -> {posting's number: its latest signed poster "
                      "(pk, status label, signed or not)}: what the notices' page links to, never importing the "
                      "reports.")
RECONCILIATION_REQUEST = Hook("registers.reconciliation_request", "(casino=, gaming_day=, actor=) -> the job of the "
                              "day's reconciliation, asked from the poker room's page.")
POKER_FINDING_DAYS = Hook("registers.poker_finding_days", "(casino, before, days or None, count) -> {day: the poker "
                          "room's standing findings}: the recent days' marks of the poker room's page.")
POKER_DAY_FINDINGS = Hook("registers.poker_day_findings", "(user=, casino=, day=) -> the day's reconciliation, its "
                          "poker findings and its last job, as the poker room's page shows them.")
HOUSE_RULES_IN_FORCE = Hook("registers.house_rules_in_force", "(casino, day) -> the version of the casino's règlement "
                            "intérieur in force that day, or None (registers.poker.house_rules.house_rules_at): what "
                            "the table sessions read of it (the Bataille's mise égalité), never importing the poker "
                            "family.")
GAMING_REVENUE = Point("registers.gaming_revenue", "(casino, first, last) -> {gaming day: {source: Decimal}}: each "
                       "family's part of the gross gaming revenue of the days between two gaming days (the tables' "
                       "win, the poker room's cagnotte, the slot machines' bets less their wins), added up by the levy "
                       "book (registers.prelevements.selectors.revenue), which never imports a family.")
PERSON_CHECKS = Point("registers.person_checks", "check(casino=, actor=, where=, day=, name=, birth_date=None): each "
                      "time a register's service identifies a person (an electronic gaming card's client at its "
                      "issue, « carte »; a tournament's player at the entry, « tournoi »), what refuses them, raised "
                      "as a DomainError naming the field: the casino's exclusion list and minimum age "
                      "(registers/admissions), never imported by the family that asks.")
SCALE_GENERATED = Point("registers.scale_generated", "What follows a casino's years generated by the scale generator "
                        "(registers.scale.services): follow(casino, manager, days) -> how many documents it made.")

# --- the signed reports call these ------------------------------------------------------------------------------------

DOCUMENTS = Table("reports.documents", "A report's kind -> build(report) -> Document: the documents asked through the "
                  "app that makes them (compliance.reports.services.letter_request), never from the reports' form.")
REISSUE = Table("reports.reissue", "A report's kind -> outdated(report) -> bool: whether a signed document of that "
                "kind cites what was rectified since and must be reissued (registers_recite).")
