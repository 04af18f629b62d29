"""Re-validation of what the registers hold (`manage.py registers_audit`): each register replayed in sequence order,
every entry checked against the rules its service applies when filing, as far as the entry's content allows.

The hash chain proves that nothing changed since an entry was written (`verification.py`); the audit asks whether it
should have been written at all, since a register keeps for ever what its services once let through. Every entry
passes the chain's checks (`checks.any_entry`), then those of its (register, kind), which the wiring gives
(registers/management/audit.py: the chain knows no family), each family's in its `checks.py` (replay.py).

An entry set aside by a countersigned correction is still checked, and reported with its correction, but it is no
longer counted invalid, and its effect stays out of the replayed state, as the selectors leave it out (`standing`).
The audit reads in one read-only transaction: PostgreSQL refuses any write, so the application's role may run it."""

import copy
import datetime
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.db import connection, transaction
from django.utils.translation import gettext_lazy as _

from ..kinds import EntryKind
from ..models import Entry, GamingSession, KeptEntry, Register
from .checks import any_entry
from .kept import archived_entries
from .replay import HOUSE_RULE, Audited, Check, Problem, Replay

Checker = Callable[[Replay, Audited], list[Problem]]
Checkers = Mapping[tuple[str, str], Sequence[Checker]]

NOT_READ = _("Le contenu de l'écriture ne se lit pas comme celui d'une écriture « {kind} » ({error}).")


@dataclass(frozen=True)
class Finding:
    """An entry and what is wrong with it."""

    register: str  # "<casino code>/<register kind>"
    seq: int
    kind: str
    gaming_day: datetime.date
    problems: tuple[Problem, ...]
    corrected_by: int | None = None  # the countersigned correction that set the entry aside


@dataclass(frozen=True)
class RegisterAudit:
    register: str
    entries: int
    findings: list[Finding]
    archived: int = 0  # entries of archived years, replayed for the state they built, not checked again

    @property
    def invalid(self) -> list[Finding]:
        """The findings no correction has set aside."""
        return [finding for finding in self.findings if finding.corrected_by is None]


def _checked(checker: Checker, replay: Replay, entry: Audited) -> list[Problem]:
    """A check's problems; a payload the check cannot even read (a key missing, a list for a text) is one."""
    try:
        return checker(replay, entry)
    except (KeyError, TypeError, ValueError, ArithmeticError, AttributeError) as error:
        check = Check(replay, entry, HOUSE_RULE)
        check.fail(NOT_READ, kind=entry.kind, error=f"{type(error).__name__}: {error}")
        return check.problems


def register_audit(register: Register, checkers: Checkers) -> RegisterAudit:
    """Replays the register in sequence order, checking each entry against the state the entries before it built."""
    replay = Replay(register)
    closed = dict(GamingSession.objects.filter(casino_id=register.casino_id).values_list("gaming_day", "closed_at"))
    corrections = dict(KeptEntry.objects.filter(register_id=register.pk, kind=EntryKind.CORRECTION,
                                                refers_to_id__isnull=False)
                       .order_by("-seq").values_list("refers_to_id", "seq"))  # the earliest correction of each
    # an archived year was audited while live: its rows hanging from the entries (slips, sessions…) went to the
    # archive with it, where the checks do not read, so it is replayed for the state it leaves, not judged again
    archived = 0
    for row in archived_entries(register):
        _replayed(replay, row, checkers, closed, corrections)
        archived += 1
    findings, count = [], 0
    rows = (Entry.objects.filter(register=register).select_related("actor", "countersigner", "pending")
            .order_by("seq", "id"))
    for row in rows.iterator(2000):
        count += 1
        problems = _replayed(replay, row, checkers, closed, corrections)
        if problems:
            findings.append(Finding(register.label, row.seq, row.kind, row.gaming_day, tuple(problems),
                                    corrections.get(row.pk)))
    return RegisterAudit(register.label, count, findings, archived)


def _replayed(replay: Replay, row: Entry, checkers: Checkers, closed: dict, corrections: dict) -> list[Problem]:
    """The entry checked against the state the entries before it built, which it then moves on."""
    entry, corrected_by = Audited(row, replay.casino), corrections.get(row.pk)
    state = copy.deepcopy(replay.parts) if corrected_by else None
    problems = any_entry(replay, entry, closed)
    for checker in checkers.get((replay.register.kind, row.kind), ()):
        problems += _checked(checker, replay, entry)
    if state is not None:  # a corrected entry leaves the state as it found it
        replay.parts = state
    replay.seen[row.pk] = (row.seq, row.kind)
    return problems


def entry_found(entry: Entry, checkers: Checkers) -> list[tuple[str, str]]:
    """What the audit finds in one entry of its register, replayed up to it: (French, English) of each problem."""
    audit = register_audit(entry.register, checkers)
    return [(problem.fr, problem.en) for finding in audit.findings if finding.seq == entry.seq
            for problem in finding.problems]


def registers_audit(*, checkers: Checkers, casino_code: str | None = None, kind: str | None = None
                    ) -> list[RegisterAudit]:
    """Every register (or one casino's, or one kind), in one read-only transaction: one snapshot of them all, and
    PostgreSQL refuses any write."""
    nested = connection.in_atomic_block
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION READ ONLY" if nested
                           else "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        registers = Register.objects.select_related("casino__jurisdiction").order_by("casino__code", "kind")
        if casino_code:
            registers = registers.filter(casino__code=casino_code)
        if kind:
            registers = registers.filter(kind=kind)
        audits = [register_audit(register, checkers) for register in registers]
        transaction.set_rollback(True)  # nothing was written: the read-only mode ends with the transaction
    return audits
