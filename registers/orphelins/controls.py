"""An orphan's life (found money and what is assimilated to it: LU RGD 1979 art. 8, 18-12, 3-4 8), 49-1) as a small
state machine, and the conditions of each step as pure functions over its state (`<operation>_problems(state,
proposed)`): the services refuse with the first problem, the audit (checks.py, registers_audit) replays the orphelins
register into the same states and asks the same functions of every entry, the orphan's page asks them why its return
is not offered. No database here: the caller reads the state and the rule values it is held to.

    (filed, countersigned) enregistré ─restituer (au plus tard le dernier jour du délai)→ restitué
                           enregistré ─le délai écoulé→ définitif
    a correction sets an orphan aside (écarté): nothing follows it

Each step from its named state only (a second return, a return of an orphan made definitive or set aside, a
finalization before the period has run are refused), its day bounded: never before the orphan was registered, a found
card never found after the day its balance is filed; the step naming a registered orphan of the register (a return
naming a return is not one). The period and the articles come from the rule data (`RuleValueAt`)."""

import datetime
from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.selectors import RuleValueAt

from .. import controls
from ..chain.replay import HOUSE_RULE
from ..controls import Problem, Transition
from ..errors import ErrorCode
from . import errors


class Stage(models.TextChoices):
    REGISTERED = "registered", _("enregistré")
    RETURNED = "returned", _("restitué")
    FINAL = "final", _("définitif")
    SET_ASIDE = "set_aside", _("écarté par une correction")


RETURN = Transition("return", (Stage.REGISTERED,), Stage.RETURNED)  # art. 8 al. 3, within the period
FINALIZE = Transition("finalize", (Stage.REGISTERED,), Stage.FINAL)  # once the period has run


@dataclass
class Orphan:
    """A registered orphan as its register leaves it: its registration's n° and gaming day, its deadline (the last
    day of the period, the rule data's), the article of the period, its stage and the entry that closed it."""

    seq: int
    registered: datetime.date
    deadline: datetime.date | None
    citation: str
    stage: str = Stage.REGISTERED
    closing: int | None = None


def deadline_of(registered: datetime.date, period: RuleValueAt | None) -> datetime.date | None:
    """The last day the owner may come forward: art. 8 al. 3 « endéans les sept jours de calendrier qui suivent
    l'enregistrement », the number of days read from the rule data."""
    return registered + datetime.timedelta(days=int(period.value)) if period is not None else None


def closed(orphan: Orphan, transition: Transition, seq: int) -> None:
    """The orphan after its return or its finalization."""
    orphan.stage, orphan.closing = transition.target, seq


# --- filing (art. 8, 18-12, 3-4 8), 49-1) -------------------------------------------------------------------------


@dataclass(frozen=True)
class Filing:
    source: str
    gaming_day: datetime.date
    origin: RuleValueAt | None  # the rule value whose article makes the source found money (None: no such source)
    found_on: datetime.date | None = None
    hold: RuleValueAt | None = None  # a found nominative card's hold, in weeks (art. 3-4 8)), for that source


def card_held_until(found_on: datetime.date | None, hold: RuleValueAt, day: datetime.date) -> datetime.date:
    return (found_on or day) + datetime.timedelta(weeks=int(hold.value))


def filing_problems(proposed: Filing, citation: str = HOUSE_RULE) -> list[Problem]:
    """Found money of an origin the texts name (`citation`: the period's article, for an origin they do not); a found
    nominative card's balance an orphan only once the card has been held its week (art. 3-4 8) « gardées à
    disposition par le casino pendant une semaine »); a day found never after the day it is filed (the casino's
    books)."""
    if proposed.origin is None:
        return [Problem("source", errors.UNKNOWN_SOURCE, citation, ErrorCode.UNKNOWN_SOURCE,
                        {"value": proposed.source})]
    found, day = proposed.found_on, proposed.gaming_day
    if found is not None and found > day:
        return [Problem("found_on", errors.FOUND_AFTER_FILING, controls.written(controls.BOOKS), ErrorCode.INVALID,
                        {"found": found, "day": day})]
    hold = proposed.hold
    if hold is not None and (found is None or day < card_held_until(found, hold, day)):
        citation = str(hold.citation)
        return [Problem("found_on", errors.CARD_STILL_HELD, citation, ErrorCode.CARD_STILL_HELD,
                        {"until": card_held_until(found, hold, day), "found": found or "—"})]
    return []


# --- return and finalization (art. 8 al. 3) -----------------------------------------------------------------------


@dataclass(frozen=True)
class Return:
    gaming_day: datetime.date
    right_established: bool


def _step_problems(orphan: Orphan | None, transition: Transition, citation: str) -> list[Problem]:
    """The step names a registered orphan of the register, still awaiting its owner."""
    if orphan is None:
        return [Problem(None, errors.NOT_AN_ORPHAN, citation, ErrorCode.NOT_OPEN)]
    if orphan.stage not in transition.sources:  # returned, made definitive or set aside: closed for good
        message = errors.ORPHAN_SET_ASIDE if orphan.stage == Stage.SET_ASIDE else errors.ORPHAN_CLOSED
        return [Problem(None, message, orphan.citation, ErrorCode.NOT_OPEN,
                        {"orphan": orphan.seq, "seq": orphan.closing or "—"})]
    return []


def return_problems(orphan: Orphan | None, proposed: Return, citation: str = HOUSE_RULE) -> list[Problem]:
    """Art. 8 al. 3: « Dans le cas où le propriétaire légitime de la somme trouvée est connu ou se fait connaître
    endéans les sept jours de calendrier qui suivent l'enregistrement et peut établir son droit sans contestation
    possible, cette somme lui est restituée. » A registered orphan, returned once, on a day from its registration to
    its deadline, to an owner whose right is established. `citation`: the period's article, for a step naming no
    orphan."""
    problems = _step_problems(orphan, RETURN, citation)
    if problems:
        return problems
    day = proposed.gaming_day
    if day < orphan.registered:
        problems.append(Problem("gaming_day", errors.RETURN_BEFORE_REGISTRATION, orphan.citation, ErrorCode.INVALID,
                                {"orphan": orphan.seq, "registered": orphan.registered, "day": day}))
    elif orphan.deadline is not None and day > orphan.deadline:
        problems.append(Problem("gaming_day", errors.ORPHAN_DEADLINE, orphan.citation, ErrorCode.DEADLINE_PASSED,
                                {"registered": orphan.registered, "deadline": orphan.deadline, "day": day}))
    if proposed.right_established is not True:
        problems.append(Problem("right_established", errors.RIGHT_NOT_ESTABLISHED, orphan.citation,
                                ErrorCode.RIGHT_NOT_ESTABLISHED))
    return problems


def finalize_problems(orphan: Orphan | None, day: datetime.date, citation: str = HOUSE_RULE) -> list[Problem]:
    """A registered orphan no owner claimed becomes definitive once its period has run (art. 8 al. 3), once."""
    problems = _step_problems(orphan, FINALIZE, citation)
    if not problems and orphan.deadline is not None and day <= orphan.deadline:
        problems.append(Problem("gaming_day", errors.NOT_YET_FINAL, orphan.citation, ErrorCode.INVALID,
                                {"orphan": orphan.seq, "deadline": orphan.deadline, "day": day}))
    return problems


def return_not_offered(orphan: Orphan) -> Problem | None:
    """Why an orphan's page offers no return, whatever the day and the owner: its stage's problem (a return past the
    deadline is still offered, for a day within it filed late, and refused with its day)."""
    found = _step_problems(orphan, RETURN, orphan.citation)
    return found[0] if found else None
