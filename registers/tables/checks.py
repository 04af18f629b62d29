"""`registers_audit`'s checks of the table games' entries filed one by one (registers/chain/audit.py): each entry
checked again as registers/tables/services.py checked it when filing — its slip's amount as the sum of its
denominations, everyone who signed it, a fill's or credit's serial following the last one of the year, a float counted
at opening (LU RGD 1979 art. 21), a void's reason and second person, Pai Gow commissions recomputed (QC RJC art. 111,
116) — against the carnet d'avances replayed up to it; and each entry of an imported file, its slips' digest
recomputed from the rows."""

import hashlib
import json
from dataclasses import replace
from decimal import Decimal

from django.db.models import OuterRef, Subquery, TextField
from django.db.models.functions import Cast
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ..chain.replay import Amount, Audited, Check, Counted, Problem, Replay, refusal
from ..controls import Money
from ..controls import Problem as Refusal
from ..kinds import EntryKind
from ..models import Slip, SlipKind, TableSession
from . import controls, pai_gow, rules
from . import digest as digests
from . import limits as spot_limits
from .errors import slips
from .services import BOOKS
from .slips import VOIDABLE, amount_checked, denominations_clean, signatures_clean, total

FLOAT_COUNTED = _("L'inventaire d'ouverture, {counted}, n'est pas l'avance, {float}.")
VOID_TARGET = _("Une annulation se rapporte à un bordereau de ce carnet qui s'annule : approvisionnement, crédit ou "
                "comptage du drop.")
RECOUNT_UNVOIDED = _("Un nouveau comptage du drop suit l'annulation du comptage qu'il remplace.")
COMMISSION_DIFFERS = _("Commissions écrites {written}, recalculées {computed}.")


def _state(replay: Replay) -> dict:
    """The carnet d'avances replayed: each session's state by (table, day, number), each table's latest session, each
    table's last session number of a day, the year's last serial."""
    return replay.part("tables", lambda: {"sessions": {}, "latest": {}, "numbers": {}, "serials": {}})


def _report(check: Check, problems: list[Refusal]) -> None:
    """The problems a control of tables/controls.py finds, as the audit writes them (French and English)."""
    for problem in problems:
        check.fail(problem.message, problem.citation, **problem.params)


def _key(entry: Audited) -> tuple:
    """The session an entry names: its table's number, its gaming day, its number that day."""
    return entry.payload.get("table"), entry.gaming_day, entry.payload.get("seance")


def _moved(state: dict, key: tuple, transition: controls.Transition) -> None:
    """The session's state after a step, as the books hold it whether the step was valid or not."""
    table, day, number = key
    session = state["sessions"].get(key) or controls.SessionState(str(table), day, number, controls.Stage.NONE)
    state["sessions"][key] = controls.SessionState(session.table, day, number,
                                                   controls.after(session.stage, transition), session.commission)
    if transition is controls.OPEN:
        latest = state["latest"].get(table)
        if latest is None or (day, number) > latest[1:]:
            state["latest"][table] = key
        state["numbers"][(table, day)] = max(number, state["numbers"].get((table, day), 0))


def _check(replay: Replay, entry: Audited, register: str) -> Check:
    return Check(replay, entry, str(entry.payload.get("citation") or replay.cited(BOOKS[register], entry.gaming_day)))


def _slip(check: Check, kind: str, *, amount_key: str, allow_zero: bool):
    """The denominations, the amount as their sum and the signatures, refused as the services refuse them."""
    payload, casino = check.entry.payload, check.entry.casino
    refused = refusal(lambda: signatures_clean(kind, payload.get("signatures")))
    if refused is not None:
        check.field("signatures", refused[:2])
    refused = refusal(lambda: denominations_clean(payload.get("coupures"), casino=casino))
    if refused is not None:
        check.field("coupures", refused[:2])
        return None
    counted = denominations_clean(payload.get("coupures"), casino=casino)
    refused = refusal(lambda: amount_checked(payload.get(amount_key), counted, casino=casino, allow_zero=allow_zero))
    if refused is not None:
        check.field(amount_key, refused[:2])
        return None
    return total(counted)


def table_opened(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry, "avances")
    state = _state(replay)
    written = check.text("table", max_length=20)
    counted = _slip(check, SlipKind.OPENING, amount_key="inventaire", allow_zero=True)
    if entry.payload.get("tenue") == "avance" and counted is not None:
        float_amount = check.amount("avance", citation=entry.payload.get("tenue_citation"))
        if float_amount is not None and counted != float_amount:
            check.fail(FLOAT_COUNTED, entry.payload.get("tenue_citation"), counted=Amount(counted),
                       float=Amount(float_amount))
    table, day, number = _key(entry)
    if written is not None and isinstance(number, int):
        latest = state["sessions"].get(state["latest"].get(table))
        _report(check, controls.session_open_problems(latest, controls.Opening(
            table, day, number, state["numbers"].get((table, day), 0))))
        _moved(state, (table, day, number), controls.OPEN)
    if "mises" in entry.payload or "options" in entry.payload:
        maximum = check.amount("maximum")
        if maximum is not None:
            _spots(check, maximum, entry.payload.get("mises"), entry.payload.get("options"),
                   str(entry.payload.get("jeu")))
    return check.problems


def _spoken(problems: list[Refusal]) -> list[Refusal]:
    """A control's problems with their amounts as the audit writes them."""
    return [replace(problem, params={key: Amount(Decimal(str(value.value))) if isinstance(value, Money) else value
                                     for key, value in problem.params.items()}) for problem in problems]


def _spots(check: Check, maximum, spots, options, game: str) -> None:
    """Each spot's limits and the options an opening or a change recorded, against the game's rules that day (the
    controls the service refused with: tables/controls.py)."""
    entry, casino = check.entry, check.entry.casino
    held = refusal(lambda: spot_limits.spots_clean(spots))
    if held is not None:
        check.field("mises", held[:2])
        return
    rules_of = spot_limits.spot_rules(casino, game, entry.gaming_day)
    offered = options if isinstance(options, dict) else {}
    _report(check, _spoken(controls.options_problems(offered, spot_limits.option_rules(
        casino, game, entry.gaming_day)) + controls.spot_limits_problems(
        maximum, spot_limits.spots_clean(spots), rules_of, options=offered, day=entry.gaming_day,
        house=spot_limits.house_offers(casino, entry.gaming_day, rules_of))))


def limits_changed(replay: Replay, entry: Audited) -> list[Problem]:
    """A change of limits during the séance: of an open session, indicated at the table, the Bataille's minimum only by
    closing the table, a spot's limits within its rule (LU RGD 1979 art. 37-11, 37-17; QC RJC art. 9)."""
    check = _check(replay, entry, "avances")
    check.text("table", max_length=20)
    check.text("decide_par", max_length=120)
    payload, key = entry.payload, _key(entry)
    table, day, number = key
    citation = str(payload.get("limites_citation") or "")
    closes = None
    if not payload.get("mise") and payload.get("ancien_minimum") not in (None, payload.get("minimum")):
        rule = rules.minimum_change_rule(entry.casino, str(payload.get("jeu")), day)
        closes = str(rule.citation) if rule is not None and rule.value else None
    _report(check, controls.limit_change_problems(
        _state(replay)["sessions"].get(key), controls.LimitChange(
            closes is not None, payload.get("indique_a_la_table") is True, citation, closes),
        table=table, number=number, day=day))
    maximum = check.amount("maximum_table")
    if payload.get("mise") and maximum is not None:
        _spots(check, maximum, {payload["mise"]: {"minimum": payload.get("minimum"),
                                                  "maximum": payload.get("maximum")}}, None, str(payload.get("jeu")))
    return check.problems


def table_closed(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry, "avances")
    check.text("table", max_length=20)
    _slip(check, SlipKind.CLOSING, amount_key="inventaire", allow_zero=True)
    _step(check, _state(replay), controls.session_close_problems, controls.CLOSE)
    return check.problems


def _step(check: Check, state: dict, problems, transition: controls.Transition) -> None:
    """A step of the session the entry names, checked from the state the carnet leaves it in, then taken."""
    key = _key(check.entry)
    table, day, number = key
    _report(check, problems(state["sessions"].get(key), table=table, number=number, day=day))
    if state["sessions"].get(key) is not None:
        _moved(state, key, transition)


def slip_filed(replay: Replay, entry: Audited) -> list[Problem]:
    kind = SlipKind.FILL if entry.kind == EntryKind.SLIP_FILL else SlipKind.CREDIT
    check = _check(replay, entry, "avances")
    table = check.text("table", max_length=20)
    _slip(check, kind, amount_key="montant", allow_zero=False)
    state = _state(replay)
    if table is not None:
        _step(check, state, controls.slip_problems, controls.SLIP)
    serial, year = entry.payload.get("serie"), entry.payload.get("annee")
    last = state["serials"].get(year)
    if isinstance(serial, int):
        _report(check, controls.serial_problems(year, serial, last))
        state["serials"][year] = max(serial, last or 0)
    return check.problems


VOIDED_HERE = {"avances": (EntryKind.SLIP_FILL, EntryKind.SLIP_CREDIT, EntryKind.SLIPS_IMPORTED),
               "carnets_speciaux": (EntryKind.DROP_COUNTED, EntryKind.SLIPS_IMPORTED)}


def slip_voided(replay: Replay, entry: Audited) -> list[Problem]:
    """A fill or credit voided in the carnet d'avances, a drop count in the carnets spéciaux: its reason, two
    people, the slip's own entry."""
    book = replay.register.kind
    check = _check(replay, entry, book)
    check.countersigned(role=None)
    check.text("motif", max_length=1000, multiline=True)
    referred = replay.referred(entry)
    if referred is None or referred[1] not in VOIDED_HERE.get(book, ()):
        check.fail(VOID_TARGET)
        return check.problems
    payload = entry.payload
    voided = replay.part("tables.voided_slips", set)
    slip = (entry.entry.refers_to_id, payload.get("annule"), payload.get("annule_serie"), *_key(entry))
    _report(check, controls.void_problems(voidable=payload.get("annule") in VOIDABLE, voided=slip in voided))
    voided.add(slip)
    replay.part("tables.voided", set).add(entry.entry.refers_to_id)
    if payload.get("annule") == SlipKind.DROP:  # the count set aside: the session is counted again
        _marks(replay)["counted"].discard(_key(entry))
    return check.problems


def _held(replay: Replay) -> dict:
    """The casino's table sessions as Vigie holds them, read once: (table, day, number) → when their closing was
    recorded (None: not closed). The carnets spéciaux count what the carnet d'avances opened and closed."""
    def load() -> dict:
        closing = Slip.objects.filter(session=OuterRef("pk"), kind=SlipKind.CLOSING).values("recorded_at")[:1]
        return {(table, day, number): closed for table, day, number, closed in (
            TableSession.objects.filter(table__casino_id=replay.casino.pk).annotate(closed_at=Subquery(closing))
            .values_list("table__number", "gaming_day", "number", "closed_at"))}
    return replay.part("tables.held", load)


def _marks(replay: Replay) -> dict:
    """What the carnets spéciaux replayed hold of each session: its drop counted (not voided), its commissions."""
    return replay.part("tables.marks", lambda: {"counted": set(), "commission": set()})


def _special(replay: Replay, entry: Audited, problems) -> tuple:
    """The session an entry of the carnets spéciaux names, as it stood when the entry was recorded (closed if its
    closing was recorded by then), checked by a control of tables/controls.py."""
    check = _check(replay, entry, "carnets_speciaux")
    key, held, marks = _key(entry), _held(replay), _marks(replay)
    session = None
    if key in held:
        closed = held[key] is not None and held[key] <= entry.entry.recorded_at
        session = controls.SessionState(str(key[0]), key[1], key[2],
                                        controls.stage_of(closed=closed, counted=key in marks["counted"]),
                                        key in marks["commission"])
    _report(check, problems(session, table=key[0], number=key[2], day=key[1]))
    return check, key


def drop_counted(replay: Replay, entry: Audited) -> list[Problem]:
    """Two counters, the amount as the sum of its denominations; a recount follows the void of the count it
    replaces."""
    check, key = _special(replay, entry, controls.drop_count_problems)
    _marks(replay)["counted"].add(key)
    check.text("table", max_length=20)
    if entry.entry.refers_to_id is not None and entry.entry.refers_to_id not in replay.part("tables.voided", set):
        check.fail(RECOUNT_UNVOIDED)
    _slip(check, SlipKind.DROP, amount_key="montant", allow_zero=True)
    return check.problems


def commission_counted(replay: Replay, entry: Audited) -> list[Problem]:
    """QC RJC art. 111, 116: the rounds read again, their commissions recomputed from the rule data."""
    check, key = _special(replay, entry, controls.commission_problems)
    _marks(replay)["commission"].add(key)
    written = check.amount("montant", zero=True)
    rounds = [{"banque": r.get("banque"), "joueurs": r.get("joueurs"),
               "gagnantes": {seat: bet.get("mise") for seat, bet in (r.get("gagnantes") or {}).items()}}
              for r in check.items("mains") if isinstance(r, dict)]
    refused = refusal(lambda: pai_gow.rounds_checked(entry.casino, entry.gaming_day, entry.payload.get("jeu"), rounds))
    if refused is not None:
        check.field("mains", refused[:2], entry.payload.get("rotation_citation"))
        return check.problems
    computed = pai_gow.rounds_checked(entry.casino, entry.gaming_day, entry.payload.get("jeu"), rounds).commission
    if written is not None and written != computed:
        check.fail(COMMISSION_DIFFERS, entry.payload.get("commission_citation"), written=Amount(written),
                   computed=Amount(computed))
    return check.problems


# --- a table system's file (registers/tables/imports.py): one entry per register and gaming day ---------------------

IMPORT_COUNT = _("L'écriture dit couvrir {written} ; Vigie en tient {found}.")
IMPORT_DIGEST = _("L'empreinte des bordereaux importés, recalculée sur ceux que Vigie tient ({computed}), n'est pas "
                  "celle que l'écriture a scellée ({written}) : un bordereau a été ajouté, retiré ou changé.")
IMPORTED_FIELDS = ("kind", "serial", "year", "amount", "denominations_text", "signatures_text", "session__number",
                   "session__table__number", "session__table__game__key", "session__bank_mode",
                   "session__float_amount", "session__minimum", "session__maximum", "session__maximum_per",
                   "session__limits_citation")


def imported_rows(entry_id: int) -> list[tuple]:
    """The slips an entry covers, with their session's fields; the denominations and signatures as stored JSON text."""
    return list(Slip.objects.filter(entry_id=entry_id).annotate(
        denominations_text=Cast("denominations", TextField()), signatures_text=Cast("signatures", TextField()))
        .values_list(*IMPORTED_FIELDS))


def imported_lines(rows: list[tuple], read: dict | None = None) -> list[tuple[tuple, str]]:
    """(sort key, canonical line) of each slip (registers/tables/digest.py), sorted; a JSON text repeated across the
    rows (a team of signatories, a rack of chips) is read once (`read`, kept across entries by the replay)."""
    read = {} if read is None else read  # JSON text → canonical
    named: dict[str, str] = {}  # a table's number, a game's key → canonical

    def plain(text: str) -> str:
        if text not in read:
            read[text] = digests.plain_canonical(json.loads(text))
        return read[text]

    def name(text: str) -> str:
        if text not in named:
            named[text] = digests.plain_canonical(text)
        return named[text]

    lines = []
    for (kind, serial, _year, amount, counted, signed, number, table, game, bank_mode, float_amount, low, high, per,
         citation) in rows:
        opening = digests.plain_canonical(digests.opening_fields(
            bank_mode=bank_mode, float_amount=float_amount, minimum=low, maximum=high, maximum_per=per,
            limits_citation=citation)) if kind == SlipKind.OPENING else None
        lines.append((digests.sort_key(table, number, kind, serial), digests.line(
            kind, name(table), name(game), number, serial, format(amount, "f"),
            plain(counted), plain(signed), opening)))
    lines.sort()
    return lines


def slips_imported(replay: Replay, entry: Audited) -> list[Problem]:
    """The file's slips as Vigie holds them, their canonical lines' digest recomputed (registers/tables/digest.py):
    the count and the SHA-256 the entry sealed. The carnet d'avances replayed as the slips leave it: the sessions they
    open and close, the year's last serial."""
    register = replay.register.kind
    check = _check(replay, entry, register)
    rows = imported_rows(entry.entry.pk)
    lines = imported_lines(rows, replay.part("tables.json", dict))
    written = entry.payload.get("bordereaux")
    if written != len(rows):
        check.fail(IMPORT_COUNT, written=Counted(written, slips), found=len(rows))
    computed = digests.digest(text for _, text in lines)
    if entry.payload.get("empreinte") != computed:
        check.fail(IMPORT_DIGEST, written=entry.payload.get("empreinte"), computed=computed)
    if register == "avances":
        state = _state(replay)
        for (table, number, rank, _serial), _ in lines:  # in table and session order: a session opens, then closes
            if rank in IMPORTED_STEPS:
                _moved(state, (table, entry.gaming_day, number), IMPORTED_STEPS[rank])
        for _kind, serial, year, *_ in rows:
            if serial is not None:
                state["serials"][year] = max(serial, state["serials"].get(year) or 0)
    else:  # the drops the file counted
        counted = _marks(replay)["counted"]
        counted.update((table, entry.gaming_day, number) for (table, number, rank, _serial), _ in lines
                       if rank == digests.RANK[SlipKind.DROP])
    return check.problems


IMPORTED_STEPS = {digests.RANK[SlipKind.OPENING]: controls.OPEN, digests.RANK[SlipKind.CLOSING]: controls.CLOSE}


# --- the day's reconciliation (compliance/reconciliation), as its entries write it --------------------------------

STATUSES = ("conforme", "constats")
STEPS = ("explique", "accepte")
STATUS_MISMATCH = _("Statut « {status} » pour {count} : « constats » s'il y en a, « conforme » sinon.")
FINGERPRINT = _("L'empreinte des constats écrite n'est pas celle de leurs clés et montants.")
LIFTED_UNKNOWN = _("Le constat levé « {key} » n'était pas ouvert ce jour-là.")
FOLLOWS_NOTHING = _("Une suite se rapporte à un rapprochement de ce carnet qui a relevé ce constat (« {key} »).")
STEP_UNKNOWN = _("Suite « {step} » inconnue : « explique » ou « accepte ».")
ACCEPT_UNEXPLAINED = _("Le constat « {key} » est accepté sans avoir été expliqué.")


def _findings(count: int) -> str:
    return ngettext("%(n)s constat", "%(n)s constats", count) % {"n": count}


def _fingerprint(findings: list[dict]) -> str:
    lines = sorted(f"{item.get('cle')}={'' if item.get('montant') is None else item.get('montant')}"
                   for item in findings)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def reconciled(replay: Replay, entry: Audited) -> list[Problem]:
    """The day's status and findings: each finding with its key, its rule and its amount; the fingerprint of their
    keys and amounts, as the run compares them; only findings standing that day lifted."""
    check = _check(replay, entry, "carnets_speciaux")
    findings = [item for item in check.items("constats") if isinstance(item, dict)]
    status = entry.payload.get("statut")
    if status not in STATUSES or (status == "constats") != bool(findings):
        check.fail(STATUS_MISMATCH, status=status, count=Counted(len(findings), _findings))
    for item in findings:
        check.text("cle", value=item.get("cle"), max_length=200)
        check.text("citation", value=item.get("citation"), max_length=300)
        if item.get("montant") is not None:
            check.number("montant", value=item.get("montant"))  # a variance, either way
    if entry.payload.get("empreinte") != _fingerprint(findings):
        check.fail(FINGERPRINT)
    standing = replay.part("reconciliation", dict).setdefault(entry.gaming_day, set())
    for key in entry.payload.get("leves") or ():
        if key not in standing:
            check.fail(LIFTED_UNKNOWN, key=key)
    standing.difference_update(entry.payload.get("leves") or ())
    standing.update(str(item.get("cle")) for item in findings)
    replay.part("reconciliation.runs", dict)[entry.entry.pk] = {str(item.get("cle")) for item in findings}
    return check.problems


def finding_followed(replay: Replay, entry: Audited) -> list[Problem]:
    """A finding explained by the accounts, then accepted by a manager, each referring to the run that found it."""
    check = _check(replay, entry, "carnets_speciaux")
    key, step = entry.payload.get("constat"), entry.payload.get("suite")
    found_in = replay.part("reconciliation.runs", dict).get(entry.entry.refers_to_id)
    if found_in is None or key not in found_in:
        check.fail(FOLLOWS_NOTHING, key=key)
    states = replay.part("reconciliation.states", dict)
    if step == "explique":
        check.text("explication", max_length=1000, multiline=True)
    elif step == "accepte":
        check.actor_role()
        if states.get((entry.entry.refers_to_id, key)) != "explique":
            check.fail(ACCEPT_UNEXPLAINED, key=key)
    else:
        check.fail(STEP_UNKNOWN, step=step)
    states[(entry.entry.refers_to_id, key)] = step
    return check.problems
