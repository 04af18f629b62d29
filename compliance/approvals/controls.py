"""The conditions of each step of a request, as pure functions over its state (`<step>_problems(state, proposed)`):
the services refuse with their first problem, the audit (compliance/approvals/audit.py, in registers_audit) replays
the register of approvals into the same state and asks the same functions of every step, the pages offer only the
steps they allow. The transitions themselves are workflow.py's table: a step only from its named states, by its side,
saying why where it must, a decision only of those the kind's power gives (a request decided twice, answered when no
question was asked, withdrawn after its decision, are refused). Beside the table: the same request (its kind, its
subject, what it asks) filed once while it waits for its decision (the casino answers or withdraws the first), a
decision taking effect no earlier than the filing, and a request superseded only by a later approval of its own
subject."""

import datetime
import hashlib
import json
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from compliance.problems import Problem

from . import errors, workflow
from .errors import Code
from .models import STATE_LABELS

# Where no article speaks: the casino's own control of its requests (cited as such, never as an article)
HOUSE = _("Contrôle interne du casino : chaque étape d'une demande à l'autorité, de l'état qui y mène, par le côté "
          "qui la prend")
HOUSE_ONE_OPEN = _("Contrôle interne du casino : une même demande déposée une fois, tant qu'elle attend sa décision")
HOUSE_DATES = _("Contrôle interne du casino : une date déclarée dans une demande, ni avant les registres du casino ou "
                "ce qu'elle concerne, ni à venir pour ce qui a déjà eu lieu")


WAITING = (workflow.FILED, workflow.CHECKING, workflow.REVIEW, workflow.INFORMATION)  # filed, not yet decided


def written(control) -> str:
    return Problem(None, control, "").text(language="fr")


def items_digest(items: dict) -> str:
    """What a request asks, as one SHA-256: two requests of a kind and subject asking the same are the same request."""
    return hashlib.sha256(json.dumps(items, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


@dataclass(frozen=True)
class Other:
    """Another request of the same kind and subject: its reference, its state and what it asks."""

    reference: str
    state: str
    digest: str


@dataclass(frozen=True)
class RequestState:
    """A request as the controls read it: its reference, kind and subject, its state, the power its kind's article
    gives the authority (and that article), its filing's day, what it asks (`digest`) and the other requests of its
    kind and subject."""

    reference: str
    kind: str
    subject: str
    state: str
    power: str = "autorisation"
    citation: str = ""  # the kind's article, as the rule data cites it
    filed_on: datetime.date | None = None
    digest: str = ""
    others: tuple[Other, ...] = ()


@dataclass(frozen=True)
class Step:
    name: str  # a transition of workflow.py
    by: str  # workflow.CASINO, REGULATOR or SYSTEM
    note: str = ""


def step_problems(state: RequestState, proposed: Step) -> list[Problem]:
    """The step from the request's state, by its side, motivated where it must be, within the kind's power."""
    try:
        workflow.step(proposed.name, state.state, proposed.by, proposed.note, state.power)
    except KeyError:
        return [_not_allowed(state, proposed.name)]
    except workflow.NotAllowed as refused:
        if refused.code == "note":
            return [Problem("note", errors.NOTE_REQUIRED, written(HOUSE), Code.NOTE_REQUIRED,
                            {"step": proposed.name})]
        if refused.code == "side":
            return [Problem(None, errors.NOT_YOUR_SIDE, written(HOUSE), Code.NOT_YOUR_SIDE,
                            {"step": proposed.name, "side": errors.SIDES[refused.transition.by]})]
        if refused.code == "power":
            return [Problem("decision", errors.DECISION_NOT_POWER, state.citation or written(HOUSE),
                            Code.STEP_NOT_ALLOWED, {"step": proposed.name})]
        return [_not_allowed(state, proposed.name)]
    return []


def _not_allowed(state: RequestState, name: str, field: str = "state") -> Problem:
    label = STATE_LABELS.get(state.state, state.state)
    return Problem(field, errors.STEP_NOT_ALLOWED, written(HOUSE), Code.STEP_NOT_ALLOWED,
                   {"reference": state.reference, "state": label, "step": name})


def filing_problems(state: RequestState, proposed: Step) -> list[Problem]:
    """Filed from a draft, by the casino; never while the same request (its kind, its subject, what it asks) filed
    before waits for its decision: filed twice, it is one request (successive notices of one subject, each asking its
    own change, are each filed)."""
    problems = step_problems(state, proposed)
    same = [other for other in state.others if other.state in WAITING and state.digest
            and other.digest == state.digest]
    if problems or not same:
        return problems
    return [Problem("kind", errors.FILED_TWICE, written(HOUSE_ONE_OPEN), Code.DUPLICATE,
                    {"other": same[0].reference, "subject": state.subject or state.kind})]


@dataclass(frozen=True)
class Decision:
    name: str  # a decision of workflow.DECISIONS
    note: str
    effective_from: datetime.date


def decision_problems(state: RequestState, proposed: Decision) -> list[Problem]:
    """The regulator's decision: one the kind's power gives, taking effect no earlier than the filing, from a request
    under review (decided twice, the second finds it decided)."""
    powers = {t.name for t in workflow.DECISIONS_BY_POWER.get(state.power, ())}
    if proposed.name not in powers:
        if proposed.name in {t.name for t in workflow.DECISIONS}:
            return [Problem("decision", errors.DECISION_NOT_POWER, state.citation or written(HOUSE),
                            Code.STEP_NOT_ALLOWED, {"step": proposed.name})]
        return [_not_allowed(state, proposed.name, "decision")]
    if state.power == "autorisation" and state.filed_on is not None and proposed.effective_from < state.filed_on:
        return [Problem("effective_from", errors.EFFECTIVE_BEFORE_FILING, written(HOUSE), Code.EFFECTIVE_DATE,
                        {"filed": state.filed_on})]
    return step_problems(state, Step(proposed.name, workflow.REGULATOR, proposed.note))


# The date items of the kinds (games/rules/values/*/approbations/) that say something already happened: the rules of
# a tournament made public (QC, filed before the article was read as a publication). Every other date says what is
# announced or asked for ahead: a change notified « au préalable » or « avant » it, an entry into service, a start,
# an effect asked for or notified; the texts allow it to come.
HAPPENED = frozenset({"publication"})


@dataclass(frozen=True)
class Dated:
    """A date a request's item declares: its key, its name (a callable: in the reader's language) and its day."""

    key: str
    label: object
    day: datetime.date


def dated(form_items, items: dict) -> tuple[Dated, ...]:
    """The dates `items` declare among the form's date items (a value that is not a date is the item's own refusal)."""
    found = []
    for item in form_items:
        if item.type == "date" and isinstance(items.get(item.key), str):
            try:
                day = datetime.date.fromisoformat(items[item.key])
            except ValueError:
                continue
            found.append(Dated(item.key, lambda item=item: item.label, day))
    return tuple(found)


@dataclass(frozen=True)
class Declared:
    """The dates a request declares, read on the casino's `today`, with what bounds them: the day the casino's
    registers are kept in Vigie from, and the installation of the machine the request is about, where the register of
    machines holds it."""

    dates: tuple[Dated, ...]
    today: datetime.date
    opened_on: datetime.date
    machine: str = ""
    installed_on: datetime.date | None = None


def declared_dates_problems(proposed: Declared) -> list[Problem]:
    """Each date a request declares: not before the casino's registers, nor before the machine it concerns was
    installed; a date of what already happened not after the casino's today."""
    problems, cited = [], written(HOUSE_DATES)
    for date in proposed.dates:
        said = {"item": date.label, "day": date.day}
        if date.day < proposed.opened_on:
            problems.append(Problem(date.key, errors.DATE_BEFORE_REGISTERS, cited, Code.ITEM_INVALID,
                                    {**said, "opened": proposed.opened_on}))
        elif proposed.installed_on is not None and date.day < proposed.installed_on:
            problems.append(Problem(date.key, errors.DATE_BEFORE_MACHINE, cited, Code.ITEM_INVALID,
                                    {**said, "machine": proposed.machine, "since": proposed.installed_on}))
        elif date.key in HAPPENED and date.day > proposed.today:
            problems.append(Problem(date.key, errors.DATE_TO_COME, cited, Code.ITEM_INVALID,
                                    {**said, "today": proposed.today}))
    return problems


def supersede_problems(state: RequestState, by: RequestState | None) -> list[Problem]:
    """An approval in force replaced only by a later approval of the same kind and subject, in force itself."""
    problems = step_problems(state, Step(workflow.SUPERSEDE.name, workflow.SYSTEM))
    if problems:
        return problems
    if by is None or (by.kind, by.subject) != (state.kind, state.subject) or by.state not in workflow.IN_FORCE:
        return [Problem("par", errors.SUPERSEDED_BY_OTHER, written(HOUSE), Code.STEP_NOT_ALLOWED,
                        {"reference": state.reference, "by": by.reference if by else "—"})]
    return []
