"""The audit's checks that belong to the chain (`registers_audit`): what every register requires of any entry
(registers/chain/services.py and the catalogue of kinds), and the correction of a wrongly filed entry
(`entry_correct`), which any register but the cards' may hold."""

import datetime
import json
import re

from django.utils.translation import gettext_lazy as _

from compliance.formatting import days
from compliance.models import SYSTEM_USERNAME, Casino, User

from .. import controls
from ..errors import ErrorCode
from ..fields import TEXT_MAX
from ..kinds import ABOUT_THE_REGISTER, AFTER_THE_CLOSE, OUTSIDE_PLAY, REGISTER_ENTRY_KINDS, EntryKind, RegisterKind
from ..models import Entry
from .controls import gaming_day_problems
from .recitation import rectified, value_at
from .replay import HOUSE_RULE, Audited, Check, Counted, Problem, Replay, rendered
from .services import EQUIVALENT_GUARANTEES, days_late

UNREADABLE = _("Le contenu de l'écriture n'est pas un objet JSON.")
KIND_NOT_HERE = _("Une écriture « {kind} » n'a pas sa place dans le registre « {register} ».")
FUTURE_DAY = _("Journée de jeu du {day} postérieure au jour de l'enregistrement ({recorded}).")
BEFORE_OPENING = _("Journée de jeu du {day} antérieure au premier jour des registres du casino dans Vigie ({first}).")
DAY_CLOSED = _("Écriture portée sur la journée de jeu du {day}, déjà close le {closed}.")
REFERS_ELSEWHERE = _("L'écriture se rapporte à une écriture qui n'est pas une écriture antérieure de ce registre.")
NOT_STAFF = _("{user} n'est pas un membre du personnel de ce casino : il ne peut y déposer ni contresigner d'écriture.")
CORRECTS_NOTHING = _("La correction ne se rapporte à aucune écriture antérieure de ce registre.")
CORRECTION_OF_CORRECTION = _("Une correction ne se corrige pas.")
CORRECTION_OF_BASIS = _("Ce que Vigie écrit du registre lui-même (base d'application du projet, rapport signé) ne se "
                        "corrige pas.")
ALREADY_CORRECTED = _("L'écriture n° {seq} est déjà corrigée par l'écriture n° {by}.")
LATE_UNSIGNED = _("Écriture portée {age} après sa journée de jeu, au-delà du délai de saisie de {allowed} du casino, "
                  "sans motif ni contresignature d'un responsable.")
LATE_COUNTERSIGNER = _("Une saisie tardive est contresignée par un responsable ; {user} ne l'est pas.")
BASIS_NOT_BY_VIGIE = _("La base d'application du projet est écrite par Vigie d'après la fiche du casino, "
                       "non par {user}.")
BASIS_WITHOUT_DRAFT = _("La base d'application ne nomme aucun projet appliqué.")
STEP_OUT_OF_SEQUENCE = _("La demande {reference} passe de « {written} » alors que sa dernière étape au registre l'a "
                         "laissée « {state} ».")
NOT_A_HASH = _("pas une empreinte SHA-256 (64 chiffres hexadécimaux)")
COVERS_ELSEWHERE = _("Le rapport dit couvrir des écritures qui ne sont pas des écritures antérieures de ce registre.")
RECITES_NOTHING = _("La rectification ne se rapporte à aucune écriture antérieure de ce registre.")
RECITATION_MISMATCH = _("La rectification dit rectifier l'écriture n° {written} ({kind}), mais se rapporte au n° {seq} "
                        "({referred}).")
RECITATION_NOT_WRITTEN = _("La rectification dit que l'écriture porte « {was} » en « {path} », mais elle y porte "
                           "« {found} ».")
RECITATION_UNKNOWN_RULE = _("La rectification invoque la règle « {rule} », que la table des rectifications ne connaît "
                            "pas, ou pas avec cette citation.")
RECITATION_SIGNERS = _("Une rectification est déposée par un administrateur de la plateforme et contresignée par le "
                       "traitement automatique de Vigie.")
CORRECTION_MISMATCH = _("La correction dit corriger l'écriture n° {written} ({kind}), mais se rapporte au n° {seq} "
                        "({referred}).")


def _staff(user: User, casino: Casino, kind: str) -> bool:
    """The casino's staff or the platform's own account; for what is not about play (an approval's step), the
    regulator of the casino's jurisdiction too."""
    if user.username == SYSTEM_USERNAME or (user.is_casino_staff and user.casino_id == casino.pk):
        return True
    if kind == EntryKind.RECITATION:  # the platform rectifies what Vigie itself wrote
        return user.is_platform_admin
    return kind in OUTSIDE_PLAY and user.is_regulator and user.jurisdiction_id == casino.jurisdiction_id


def any_entry(replay: Replay, entry: Audited, closed: dict[datetime.date, datetime.datetime]) -> list[Problem]:
    """Every entry: a readable payload, a kind of its register, a gaming day neither to come when it was recorded, nor
    before the casino's registers were opened in Vigie (`Casino.opened_on`), nor closed before, a reference to an
    earlier entry of the same register, filed and countersigned by the casino's staff (or the platform's own
    account)."""
    check, row, register, casino = Check(replay, entry, HOUSE_RULE), entry.entry, replay.register, replay.casino
    if not entry.readable:
        check.fail(UNREADABLE)
    if row.kind not in REGISTER_ENTRY_KINDS.get(register.kind, ()):
        check.fail(KIND_NOT_HERE, kind=_label(EntryKind, row.kind), register=_label(RegisterKind, register.kind))
    follows_close = row.kind in ABOUT_THE_REGISTER or row.kind in AFTER_THE_CLOSE or row.kind in OUTSIDE_PLAY
    closed_at = closed.get(row.gaming_day)
    for problem in gaming_day_problems(row.gaming_day, today=entry.latest_day, opened_on=casino.opened_on,
                                       closed=closed_at is not None and closed_at <= row.recorded_at
                                       and not follows_close):
        # the service's condition, said as the audit finds it: when the entry was recorded, when the day closed
        message, more = {ErrorCode.FUTURE_DAY: (FUTURE_DAY, {"recorded": row.recorded_at}),
                         ErrorCode.BEFORE_OPENING: (BEFORE_OPENING, {"first": casino.opened_on}),
                         ErrorCode.SESSION_CLOSED: (DAY_CLOSED, {"closed": closed_at})}[problem.code]
        check.fail(message, day=row.gaming_day, **more)
    if row.refers_to_id is not None and replay.referred(entry) is None:
        check.fail(REFERS_ELSEWHERE)
    for person in filter(None, (row.actor, row.countersigner)):
        if not _staff(person, casino, row.kind):
            check.fail(NOT_STAFF, user=person.username)
    if not follows_close:
        _late(check, entry)
    return check.problems


def _label(choices, value) -> object:
    """A kind by its name in the reader's language (« Orphelin définitif »); an unknown one as written."""
    return choices(value).label if value in choices.values else value


def _late(check: Check, entry: Audited) -> None:
    """A filing made past the casino's delay (`Casino.late_filing_days`, measured from the day it was filed: a
    countersigned one from its deposit) carries its reason and a manager's countersignature (`entry_file`)."""
    row, casino = entry.entry, entry.casino
    filed = row.pending.created_at if hasattr(row, "pending") else row.recorded_at
    age = days_late(casino, row.gaming_day, entry.filed_day(filed))
    late = entry.payload.get("late_filing")
    if late is None:
        if age:
            check.fail(LATE_UNSIGNED, age=Counted(age, days), allowed=Counted(casino.late_filing_days, days))
        return
    check.text("reason", value=late.get("reason") if isinstance(late, dict) else None, max_length=TEXT_MAX,
               multiline=True)
    if row.countersigner_id is None or row.countersigner.role != User.Role.MANAGER:
        check.fail(LATE_COUNTERSIGNER, user=row.countersigner.username if row.countersigner_id else "—")


def correction(replay: Replay, entry: Audited) -> list[Problem]:
    """`entry_correct`, the casino's control (art. 18-15 al. 2 where the texts keep registers electronically): a
    manager sets aside an earlier entry of the register, not a correction and not
    corrected yet, with the reason, countersigned by a second member of the staff."""
    rule = replay.rule(EQUIVALENT_GUARANTEES, entry.gaming_day)
    check = Check(replay, entry, str(rule.citation) if rule else controls.written(controls.CORRECTION))
    check.actor_role()
    check.countersigned(role=None)
    check.text("reason", max_length=TEXT_MAX, multiline=True)
    referred = replay.referred(entry)
    if referred is None:
        check.fail(CORRECTS_NOTHING)
        return check.problems
    seq, kind = referred
    corrected = replay.part("chain.corrected", dict)
    if kind == EntryKind.CORRECTION:
        check.fail(CORRECTION_OF_CORRECTION)
    elif kind in ABOUT_THE_REGISTER:
        check.fail(CORRECTION_OF_BASIS)
    elif seq in corrected:
        check.fail(ALREADY_CORRECTED, seq=seq, by=corrected[seq])
    else:
        corrected[seq] = entry.seq
    if (entry.payload.get("corrects"), entry.payload.get("kind")) != (seq, kind):
        check.fail(CORRECTION_MISMATCH, written=entry.payload.get("corrects"),
                   kind=_label(EntryKind, entry.payload.get("kind")), seq=seq, referred=_label(EntryKind, kind))
    return check.problems


def draft_basis(replay: Replay, entry: Audited) -> list[Problem]:
    """`draft_basis_due`: the casino's basis for applying a draft, as its page recorded it (`Casino.draft_basis`),
    written by Vigie itself: the drafts it names, the decision and the day it applies from."""
    check = Check(replay, entry, controls.written(controls.BOOKS))
    if entry.entry.actor.username != SYSTEM_USERNAME:
        check.fail(BASIS_NOT_BY_VIGIE, user=entry.entry.actor.username)
    drafts = check.items("drafts")
    if not drafts:
        check.fail(BASIS_WITHOUT_DRAFT)
    for draft in drafts:
        check.text("drafts", value=draft, max_length=TEXT_MAX)
    check.text("basis", max_length=TEXT_MAX)
    check.day("since")
    return check.problems


def report_signed(replay: Replay, entry: Audited) -> list[Problem]:
    """A signed report's record (compliance/reports): its SHA-256, its signer's certificate, and the entries it
    covers, each an earlier entry of this register."""
    check = Check(replay, entry, controls.written(controls.BOOKS))
    if not re.fullmatch(r"[0-9a-f]{64}", str(entry.payload.get("sha256", ""))):
        check.field("sha256", rendered(NOT_A_HASH))
    check.text("certificate", max_length=TEXT_MAX)
    check.text("report", max_length=TEXT_MAX)
    covered = check.items("covered")
    if any(not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq < entry.entry.seq for seq in covered):
        check.fail(COVERS_ELSEWHERE)
    return check.problems


def approval_step(replay: Replay, entry: Audited) -> list[Problem]:
    """An approval request's step (compliance/approvals): its reference, the step and the states it leads from and
    to, the side that took it, each step leaving from the state the request's previous step left it in."""
    check = Check(replay, entry, controls.written(controls.APPROVALS))
    for name in ("demande", "etape", "de", "vers", "cote"):
        check.text(name, max_length=TEXT_MAX)
    check.text("motif", max_length=TEXT_MAX * 10, multiline=True, optional=True)
    states = replay.part("approvals.states", dict)
    reference, written = str(entry.payload.get("demande")), entry.payload.get("de")
    state = states.get(reference, written if written == "brouillon" else None)
    if written != state:
        check.fail(STEP_OUT_OF_SEQUENCE, reference=reference, written=written, state=state or "—")
    states[reference] = entry.payload.get("vers")
    return check.problems


def recitation(replay: Replay, entry: Audited) -> list[Problem]:
    """`entry_recite`: an earlier entry of the register whose citations a rule of recitations.yaml rectifies, each
    place holding what the recitation says was written there, filed by a platform administrator and countersigned by
    Vigie's own account."""
    check = Check(replay, entry, controls.written(controls.RECITATION))
    row = entry.entry
    if not (row.actor.is_platform_admin and row.actor.username != SYSTEM_USERNAME
            and row.countersigner is not None and row.countersigner.username == SYSTEM_USERNAME):
        check.fail(RECITATION_SIGNERS)
    referred = replay.referred(entry)
    if referred is None:
        check.fail(RECITES_NOTHING)
        return check.problems
    seq, kind = referred
    if (entry.payload.get("recites"), entry.payload.get("kind")) != (seq, kind):
        check.fail(RECITATION_MISMATCH, written=entry.payload.get("recites"),
                   kind=_label(EntryKind, entry.payload.get("kind")), seq=seq, referred=_label(EntryKind, kind))
    written = json.loads(Entry.objects.values_list("payload", flat=True).get(pk=row.refers_to_id))
    for correction in check.items("corrections"):
        if rectified(str(correction.get("was")), str(correction.get("rule"))) != correction.get("now"):
            check.fail(RECITATION_UNKNOWN_RULE, rule=correction.get("rule"))
        found = value_at(written, str(correction.get("path")))
        if found != correction.get("was"):
            check.fail(RECITATION_NOT_WRITTEN, was=correction.get("was"), path=correction.get("path"), found=found)
    return check.problems
