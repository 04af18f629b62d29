"""What a control finds wrong with an operation proposed on a state: the field at fault, the message (a French
template, English in locale/en) with its values, the article or the casino's control it rests on, and the refusal's
code. A family's controls are pure functions over a state returning these (`<operation>_problems(state, proposed)`):
the service refuses with the first (`refuse`), the audit writes each in French and English (`text`), a page says with
it why an action is not offered. No database here: the core of compliance, below every family that uses it."""

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.utils import translation

from . import formatting
from .errors import DomainError, ErrorCode


@dataclass(frozen=True)
class Problem:
    field: str | None
    message: object  # a lazy French template with {placeholders}
    citation: str
    code: str = ErrorCode.INVALID
    # the values of the template: a text, a number, a lazy text, or a callable made in the language it is read in
    # (an amount or a date as the casino's people write them)
    params: Mapping = field(default_factory=dict)

    def text(self, jurisdiction=None, *, language: str | None = None) -> str:
        """The message with its values, in `language` (the active one when None); a day as the people of
        `jurisdiction` write it."""
        if language is None:
            return str(self.message).format(**{key: _said(value, jurisdiction) for key, value in self.params.items()})
        with translation.override(language):
            return self.text(jurisdiction)

    def refusal(self) -> DomainError:
        """The refusal as the message says it (a message that names its rule itself)."""
        return DomainError(self.text(), code=self.code, field=self.field)

    def refused(self, jurisdiction=None) -> DomainError:
        """The refusal with its article before the message's full stop, the field and the code."""
        text = self.text(jurisdiction)
        sentence, stop = (text[:-1], ".") if text.endswith(".") else (text, "")
        return DomainError(f"{sentence} ({self.citation}){stop}", code=self.code, field=self.field)


@dataclass(frozen=True)
class Money:
    """An amount of a message in a casino's money, written as its people write it (« 48 805,00 € ») in the language
    the message is read in; a value that is not an amount (a payload's bad text) is shown as written."""

    value: object
    currency: str
    jurisdiction: object = None

    def said(self) -> str:
        try:
            return formatting.money(Decimal(str(self.value)), currency=self.currency, jurisdiction=self.jurisdiction)
        except (InvalidOperation, ValueError, TypeError):
            return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in str(self.value))[:80]


def _said(value, jurisdiction):
    if isinstance(value, Money):
        return value.said()
    if callable(value):
        return value()
    if isinstance(value, datetime.date):
        return formatting.date(value, jurisdiction=jurisdiction)
    return value


def refuse(problems: list[Problem]) -> None:
    """The service's refusal: the first problem found, with its field, message and code."""
    if problems:
        raise problems[0].refusal()


def refuse_first(problems: Iterable[Problem], jurisdiction=None) -> None:
    """The registers' refusal: the first problem found, its article cited."""
    for problem in problems:
        raise problem.refused(jurisdiction)


def first(problems: list[Problem]) -> Problem | None:
    return problems[0] if problems else None

