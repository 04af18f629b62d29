"""The body of a write operation, checked for exactly the shape its OpenAPI schema documents, so that a client can
check a request before sending it: a JSON string is a string (never a number), a boolean a boolean, an integer an
integer, a date `AAAA-MM-JJ`. The services still decide everything the rules decide.

An `Input` refuses with the field errors keyed as the services key theirs (`levels[1].start`, `displayed[3]`,
`hands[1]`), so a client finds a refused input under one name whichever check refused it. A field may give its
errors the code the services give for the same fault (`codes`, DRF's error key → an app's `ErrorCode`): when all
the errors of a refusal share such a code, the answer carries it (compliance/api/errors.py)."""

import re
from enum import Enum

from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.fields import empty
from rest_framework.parsers import JSONParser
from rest_framework.settings import api_settings

NON_FIELD = api_settings.NON_FIELD_ERRORS_KEY
JSON_ONLY = [JSONParser]  # the parsers of a write operation: its schema documents a JSON body only
DAY = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


# --- errors keyed as the services key theirs ------------------------------------------------------------


def _flat(field, detail, path: str, out: dict) -> None:
    if isinstance(detail, list) and not any(isinstance(item, list | dict) for item in detail):
        out.setdefault(path or NON_FIELD, []).extend(detail)
        return
    if isinstance(field, serializers.Serializer) and isinstance(detail, dict):
        for name, sub in detail.items():
            if name == NON_FIELD:
                _flat(None, sub, path, out)
            else:
                _flat(field.fields.get(name), sub, f"{path}.{name}" if path else name, out)
        return
    child = getattr(field, "child", None)
    items = detail.items() if isinstance(detail, dict) else enumerate(detail)
    for key, sub in items:
        if key == NON_FIELD:
            _flat(None, sub, path, out)
        elif sub:
            _flat(child, sub, f"{path}[{key}]", out)


def field_errors(serializer: serializers.Serializer) -> dict[str, list[ErrorDetail]]:
    """The serializer's errors, flat: one key per refused input."""
    out: dict[str, list[ErrorDetail]] = {}
    _flat(serializer, serializer.errors, "", out)
    return out


# A write operation's body: `is_valid(raise_exception=True)` refuses with flat field errors. (No docstring: the
# schema would give it as the description of every body.)
class Input(serializers.Serializer):
    def is_valid(self, *, raise_exception=False):
        valid = super().is_valid(raise_exception=False)
        if not valid and raise_exception:
            raise ValidationError(field_errors(self))
        return valid


# --- fields whose errors carry the services' codes ------------------------------------------------------


class Coded:
    """A field that answers DRF's error keys (`required`, `invalid`, `max_length` …) with the codes in `codes`
    (and, where given, the messages in `messages`: a text formatted with the refused value as `{value}`, or a
    function of that value)."""

    codes: dict = {}

    def __init__(self, *args, codes: dict | None = None, messages: dict | None = None, **kwargs):
        self.codes = {**self.codes, **(codes or {})}
        self.coded_messages = messages or {}
        super().__init__(*args, **kwargs)

    def refuse(self, error_code, message, /, **values):
        """Refuses with an app's code and message (formatted with `values`, if any), as the services would."""
        text = str(message).format(**values) if values else str(message)
        raise ValidationError(ErrorDetail(text, code=error_code))

    def run_validation(self, data=empty):
        try:
            return super().run_validation(data)
        except ValidationError as exc:
            raise ValidationError(self._recoded(exc.detail, data)) from None

    def _recoded(self, detail, data):
        if isinstance(detail, dict):
            return {key: self._recoded(value, data) for key, value in detail.items()}
        if isinstance(detail, list):
            return [self._recoded(item, data) for item in detail]
        code = getattr(detail, "code", None)
        if isinstance(code, Enum):  # already an app's code (`refuse`, a child field)
            return detail
        if code in self.coded_messages:
            message = self.coded_messages[code]
            text = message(data) if callable(message) else str(message).format(value=data)
            detail = ErrorDetail(text, code=code)
        return ErrorDetail(str(detail), code=self.codes.get(code, code))


class ListOf(Coded, serializers.ListField):
    """A JSON array of `child`, its errors keyed `name[index]`."""


class Text(Coded, serializers.CharField):
    """A JSON string, never a number (DRF's CharField takes 12 for "12")."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class Choice(Coded, serializers.ChoiceField):
    """One of a closed set of strings."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid_choice", input=data)
        return super().to_internal_value(data)


class Flag(Coded, serializers.BooleanField):
    """A JSON boolean, never "on", "yes" or 1."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class Whole(Coded, serializers.IntegerField):
    """A JSON integer (a number with no fractional part, as JSON Schema has it), never a string."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int | float) or (
            isinstance(data, float) and not data.is_integer()
        ):
            self.fail("invalid")
        return super().to_internal_value(int(data))


class Day(Coded, serializers.DateField):
    """A day as `AAAA-MM-JJ` only (Python's own parser also takes `20260101` or `2026-W01-1`)."""

    def to_internal_value(self, value):
        if not isinstance(value, str) or not DAY.match(value):
            self.fail("invalid", format="YYYY-MM-DD")
        return super().to_internal_value(value)
