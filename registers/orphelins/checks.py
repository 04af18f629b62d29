"""The audit's checks of the orphelins register (LU RGD 1979 art. 8, 18-12, 3-4 8)) (`registers_audit`): the register
replayed into its orphans' states (registers/orphelins/controls.py), each entry asked the same controls as the
services ask: a registration opens an orphan with its deadline from the rule data, its return or its finalization
closes it."""

from .. import controls
from ..chain.replay import Audited, Check, Problem, Replay
from ..fields import TEXT_MAX
from . import controls as orphans
from .selectors import RETURN_PERIOD, SOURCES
from .services import HOLD


def _orphans(replay: Replay) -> dict[int, orphans.Orphan]:
    return replay.part("orphelins.orphans", dict)  # by the n° of its registration


def _report(check: Check, problems: list) -> None:
    """The controls' problems as the audit writes them (French and English, the article beside them)."""
    for problem in problems:
        check.fail(problem.message, problem.citation, **problem.params)


def orphelin_filed(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 8, 18-12, 3-4 8), 49-1: found money of a known origin, an amount in the casino's currency, where it was
    found, countersigned by a manager (the casino's control); a found nominative card's balance only once its hold
    has run."""
    check, payload, day = Check(replay, entry, controls.written(controls.SECOND_SIGNATURE)), entry.payload, \
        entry.gaming_day
    check.countersigned()
    source = payload.get("source")
    known = isinstance(source, str) and source in SOURCES
    origin = replay.rule(SOURCES[source][1], day) if known else None
    if origin is not None:
        check.citation = str(origin.citation)
    check.amount("amount")
    check.currency()
    check.text("location", max_length=200)  # the bounds of orphelin_record and orphelin_return
    check.text("description", max_length=TEXT_MAX, multiline=True, optional=True)
    found = check.day("found_on", optional=True)
    hold = check.rule(HOLD) if source == "carte_nominative" else None
    _report(check, orphans.filing_problems(orphans.Filing(str(source), day, origin, found, hold),
                                           replay.cited(RETURN_PERIOD, day)))
    period = check.rule(RETURN_PERIOD)
    _orphans(replay)[entry.seq] = orphans.Orphan(entry.seq, day, orphans.deadline_of(day, period),
                                                 replay.cited(RETURN_PERIOD, day))
    return check.problems


def _orphan(replay: Replay, entry: Audited) -> orphans.Orphan | None:
    """The registered orphan the entry refers to, if it refers to one."""
    referred = replay.referred(entry)
    return _orphans(replay).get(referred[0]) if referred else None


def orphelin_returned(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 8 al. 3: a registered orphan still open, returned within its period to an owner named with their
    document, whose right is established."""
    citation = replay.cited(RETURN_PERIOD, entry.gaming_day)
    check, orphan = Check(replay, entry, citation), _orphan(replay, entry)
    if orphan is not None:
        check.citation = orphan.citation
    _report(check, orphans.return_problems(orphan, orphans.Return(entry.gaming_day,
                                                                  entry.payload.get("right_established")), citation))
    check.text("owner_name", max_length=200)
    check.text("owner_document", max_length=200)
    check.text("evidence", max_length=2000, multiline=True, optional=True)
    if orphan is not None and orphan.stage in orphans.RETURN.sources:
        orphans.closed(orphan, orphans.RETURN, entry.seq)
    return check.problems


def orphelin_final(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 8 al. 3: a registered orphan still open becomes definitive once its period has run."""
    citation = replay.cited(RETURN_PERIOD, entry.gaming_day)
    check, orphan = Check(replay, entry, citation), _orphan(replay, entry)
    _report(check, orphans.finalize_problems(orphan, entry.gaming_day, citation))
    if orphan is not None and orphan.stage in orphans.FINALIZE.sources:
        orphans.closed(orphan, orphans.FINALIZE, entry.seq)
    return check.problems
