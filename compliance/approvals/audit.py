"""`registers_audit`'s check of the register of approvals, contributed by this app (hooks.py): each step of a request
asked of the same controls as its service (controls.py) over the request as the register replayed so far has it: a
step only from its named state, by its side, a decision only of the kind's power, the same request filed again while
the first waits for its decision, a request superseded by anything but a later approval of its subject. The chain's
own check (registers/chain/checks.py, approval_step) holds each step to the state the previous one left."""

import datetime
from dataclasses import dataclass

from compliance.errors import DomainError
from compliance.problems import Problem as Found
from registers.chain.replay import Audited, Problem, Replay

from . import controls, errors, selectors, workflow
from .kinds import Form, form_of


@dataclass
class Book:
    """One request as the register replayed so far has it."""

    kind: str
    subject: str
    state: str = workflow.DRAFT
    filed_on: object = None
    power: str = "autorisation"
    citation: str = ""
    digest: str = ""  # what it asks, as its filing wrote it (older filings did not)
    form: Form | None = None  # its kind's items on the day it was filed


def _state(reference: str, book: Book, books: dict[str, Book]) -> controls.RequestState:
    same = tuple(controls.Other(other, one.state, one.digest) for other, one in books.items()
                 if other != reference and (one.kind, one.subject) == (book.kind, book.subject))
    return controls.RequestState(reference, book.kind, book.subject, book.state, book.power, book.citation,
                                 book.filed_on, book.digest, same)


def _kind(book: Book, entry: Audited) -> None:
    """The power and the article of the request's kind on the day it was filed, as the service reads them."""
    try:
        form = form_of(book.kind, entry.casino, entry.gaming_day)
    except DomainError:
        return
    book.power, book.citation, book.form = form.power, form.citation, form


DECIDED = {transition.name for transition in workflow.DECISIONS}


def _day(payload: dict) -> datetime.date | None:
    """A decision's day of effect as its entry wrote it (an entry of before 2026-11-29 has none: its gaming day)."""
    try:
        return datetime.date.fromisoformat(str(payload["prend_effet"]))
    except (KeyError, ValueError):
        return None


def _dates(replay: Replay, entry: Audited, book: Book, name: str) -> list[Found]:
    """The dates a filing declares (older filings did not write them) or an answer adds, asked of their control
    (controls.py `declared_dates_problems`) on the day the entry was recorded, as the service asks it."""
    payload = entry.payload
    items = payload.get("dates_declarees") if name == workflow.FILE.name else (
        payload.get("elements") if name == workflow.ANSWER.name else None)
    if not isinstance(items, dict) or book.form is None:
        return []
    about = {"numero_serie": payload.get("objet"), **items}  # the machine a machine's notice is about: its subject
    machines = lambda: replay.part("approvals.machines", lambda: selectors.machines_of(replay.casino))  # noqa: E731
    return controls.declared_dates_problems(selectors.declared(replay.casino, book.form, items, entry.latest_day,
                                                               machines, about=about))


def step(replay: Replay, entry: Audited) -> list[Problem]:
    payload = entry.payload
    books: dict[str, Book] = replay.part("approvals.requests", dict)
    reference = str(payload.get("demande"))
    book = books.setdefault(reference, Book(str(payload.get("nature") or ""), str(payload.get("objet") or "")))
    name, side, note = (str(payload.get(key) or "") for key in ("etape", "cote", "motif"))
    if name == workflow.FILE.name:
        _kind(book, entry)
        book.digest = str(payload.get("empreinte_elements") or "")
    state = _state(reference, book, books)
    if name == workflow.FILE.name:
        found = controls.filing_problems(state, controls.Step(name, side, note))
    elif name == workflow.SUPERSEDE.name:
        by = str((payload.get("elements") or {}).get("par") if isinstance(payload.get("elements"), dict) else "")
        found = controls.supersede_problems(state, _state(by, books[by], books) if by in books else None)
    elif name in DECIDED and side == workflow.REGULATOR:
        found = controls.decision_problems(state, controls.Decision(name, note, _day(payload) or entry.gaming_day))
    else:
        found = controls.step_problems(state, controls.Step(name, side, note))
    transition = workflow.TRANSITIONS.get(name)
    if not found and transition is not None and payload.get("vers") != transition.target:
        found = [Found("vers", errors.LEADS_ELSEWHERE, state.citation or controls.written(controls.HOUSE),
                       params={"step": name, "target": transition.target, "written": payload.get("vers")})]
    found = [*found, *_dates(replay, entry, book, name)]
    # the request as the register says it left it, valid or not: the pages and the later steps saw it so
    if payload.get("vers") in workflow.STATES:
        book.state = payload["vers"]
    if name == workflow.FILE.name:
        book.filed_on = entry.gaming_day
    return [Problem(problem.text(language="fr"), problem.text(language="en"), problem.citation) for problem in found]
