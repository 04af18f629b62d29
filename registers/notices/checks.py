"""The audit of a casino's notices: its rows replayed in the order recorded, each posting and withdrawal asked again
the controls its service refused with (on the casino's day it was recorded), and each posting's text against its
SHA-256. A row written past the service is found here."""

from dataclasses import dataclass

from compliance.models import Casino
from compliance.problems import Problem

from . import catalogue, selectors
from .controls import Board, Posting, Withdrawal, content_problems, posting_problems, withdrawal_problems


@dataclass(frozen=True)
class Found:
    number: int
    problem: Problem


def notices_audit(casino: Casino) -> list[Found]:
    board, found = Board(), []
    for event in selectors.events_of(casino):
        today = casino.today(event.recorded_at)
        if event.action == selectors.POSTED:
            kind = catalogue.KINDS.get(event.kind)
            rule = catalogue.rule_of(casino, kind, event.day) if kind is not None else None
            texts = kind.texts(rule) if rule is not None else ()
            proposed = Posting(event.kind, event.content.get("title", event.kind), event.place, event.day, event.size,
                               event.content.get("texts") or {})
            problems = posting_problems(board, proposed, str(rule.citation) if rule else None, texts, today)
            problems += content_problems(event.pk, event.content, event.digest)
            board.post(event.pk, event.kind, event.place, event.day)
        else:
            problems = withdrawal_problems(board, Withdrawal(event.posting_id, event.day, event.reason), today)
            board.withdraw(event.posting_id, event.day)
        found += [Found(event.pk, problem) for problem in problems]
    return found
