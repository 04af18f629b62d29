"""Inputs every register family takes the same way: a required text is never blank, and a text that enters a
register (a name, a reason, a place) is printable, on one line unless it is a description, and bounded. A
register is append-only: what it refuses here is what it would otherwise keep for ever."""

import unicodedata

from compliance.errors import DomainError
from registers.errors import ErrorCode

from . import errors

NAME_MAX = 120  # a jackpot, a table, a machine, a person
TEXT_MAX = 1000  # a reason, a description


def required(**fields) -> None:
    """Refuses the first blank field, by its name."""
    for field, value in fields.items():
        if not str(value or "").strip():
            raise DomainError(errors.FIELD_REQUIRED, code=ErrorCode.REQUIRED, field=field)


def clean_text(value, *, field: str, max_length: int = NAME_MAX, multiline: bool = False,
               optional: bool = False) -> str:
    """The text trimmed; refused when blank (unless optional), too long, or holding a control or unprintable
    character (line breaks only where `multiline`)."""
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise DomainError(errors.TEXT_NOT_TEXT, code=ErrorCode.INVALID, field=field)
    text = value.strip()
    if not text and not optional:
        raise DomainError(errors.FIELD_REQUIRED, code=ErrorCode.REQUIRED, field=field)
    if len(text) > max_length:
        raise DomainError(errors.TEXT_TOO_LONG.format(max=max_length), code=ErrorCode.TOO_LONG, field=field)
    allowed = {"\n", "\r", "\t"} if multiline else set()
    for char in text:
        if char not in allowed and unicodedata.category(char) in {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}:
            raise DomainError(errors.TEXT_UNPRINTABLE.format(code=f"U+{ord(char):04X}"), code=ErrorCode.UNPRINTABLE,
                              field=field)
    return text
