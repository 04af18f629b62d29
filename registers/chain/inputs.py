"""The inputs of the registers' API, each checked for exactly the shape its OpenAPI schema documents (a pattern,
an enum, a length, a JSON type), with the code and the message the services give for the same fault: a blank
text is `required`, an amount outside the documented format `invalid_amount` or `amount_not_positive`, a text
with a control character `unprintable`, a text too long `too_long`. What a rule decides (a currency other than
the casino's, a machine not in the register, an article's limit) stays with the services."""

import re
import unicodedata

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.fields import empty

from compliance.api.inputs import Choice, Coded, Day, Flag, ListOf, Whole
from compliance.errors import DomainError
from registers.errors import (
    AMOUNT_INVALID,
    FIELD_REQUIRED,
    TEXT_NOT_TEXT,
    TEXT_TOO_LONG,
    TEXT_UNPRINTABLE,
    ErrorCode,
)

from ..fields import NAME_MAX, TEXT_MAX
from ..money import parse_amount

CURRENCY_FORMAT = _("Code de devise attendu : trois lettres majuscules (ISO 4217), par exemple EUR.")

# DRF's error keys → the registers' codes: every shape error of a register input carries one of them.
SHAPE = {
    "required": ErrorCode.REQUIRED,
    "null": ErrorCode.REQUIRED,
    "blank": ErrorCode.REQUIRED,
    "invalid": ErrorCode.INVALID,
    "invalid_choice": ErrorCode.INVALID,
    "not_a_list": ErrorCode.INVALID,
    "not_a_dict": ErrorCode.INVALID,
    "min_value": ErrorCode.INVALID,
    "max_value": ErrorCode.INVALID,
    "max_string_length": ErrorCode.INVALID,
    "date": ErrorCode.INVALID,
    "datetime": ErrorCode.INVALID,
    "empty": ErrorCode.INVALID,
    "min_length": ErrorCode.INVALID,
    "max_length": ErrorCode.TOO_LONG,
}
REQUIRED = {"required": FIELD_REQUIRED, "null": FIELD_REQUIRED, "blank": FIELD_REQUIRED}


class Exact(Coded, serializers.CharField):
    """A JSON string (never a number) that `check` alone judges, as sent: DRF neither trims it nor refuses it
    blank first. Its validators only document the schema (pattern, maxLength)."""

    def __init__(self, **kwargs):
        super().__init__(trim_whitespace=False, **kwargs)

    def run_validation(self, data=empty):
        try:
            is_empty, data = self.validate_empty_values(data)
            if is_empty:
                return data
            if not isinstance(data, str):
                self.fail("invalid")
            return self.check(data)
        except ValidationError as exc:
            raise ValidationError(self._recoded(exc.detail, data)) from None

    def check(self, value: str) -> str:
        raise NotImplementedError


# --- amounts ------------------------------------------------------------------------------------------------

# One canonical format, which registers.money.parse_amount reads as written: up to 12 digits, either run together
# or in groups of three after a space (also U+00A0 or U+202F, as French formatting prints them), then a point or
# a comma and one or two decimals; no sign, no exponent, no leading zero.
_GROUP = "[ \\u00a0\\u202f]"
_UNITS = f"(?:[1-9][0-9]{{0,11}}|[1-9][0-9]{{0,2}}(?:{_GROUP}[0-9]{{3}}){{1,3}})"
_CENTS = "(?:[.,][0-9]{1,2})?"
AMOUNT = f"^(?:0|{_UNITS}){_CENTS}$"
POSITIVE_AMOUNT = f"^(?:{_UNITS}{_CENTS}|0[.,](?:0[1-9]|[1-9][0-9]?))$"
AMOUNT_HELP = "« 1234,50 », « 1234.50 » or « 1 234,50 »: up to 12 digits and 2 decimals, no sign"


class Amount(Exact):
    """An amount in the canonical format (zero only where `allow_zero`), refused as `parse_amount` refuses it: a
    negative or zero amount where one is not allowed is `amount_not_positive`, anything else `invalid_amount`."""

    def __init__(self, *, allow_zero: bool = False, **kwargs):
        self.allow_zero = allow_zero
        self.format = re.compile(AMOUNT if allow_zero else POSITIVE_AMOUNT)
        kwargs.setdefault("help_text", AMOUNT_HELP + ("; 0 allowed" if allow_zero else "; more than 0"))
        super().__init__(validators=[RegexValidator(self.format.pattern)],
                         codes={**SHAPE, "invalid": ErrorCode.INVALID_AMOUNT},
                         messages={**REQUIRED, "invalid": TEXT_NOT_TEXT}, **kwargs)

    def check(self, value: str) -> str:
        if not self.format.fullmatch(value):
            try:
                parse_amount(value, field=self.field_name, allow_zero=self.allow_zero)
            except DomainError as refused:
                self.refuse(refused.code, refused.message)
            self.refuse(ErrorCode.INVALID_AMOUNT, AMOUNT_INVALID, value=value)
        return value


# --- texts --------------------------------------------------------------------------------------------------

# The characters registers.fields.clean_text refuses: controls, format characters (bidirectional overrides …),
# surrogates, private use, unassigned code points, line and paragraph separators; line breaks and tabs only in a
# multi-line text. The documented pattern lists those of the Basic Multilingual Plane but the unassigned ones (a
# regular expression cannot list them all); the check refuses them all, as the register would.
UNPRINTABLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
BREAKS = {"\n", "\r", "\t"}


def _class(codes: list[int]) -> str:
    """A character class's content for the sorted code points `codes`, as ranges of \\uXXXX escapes."""
    parts, start = [], None
    for index, code in enumerate(codes):
        start = code if start is None else start
        if index + 1 == len(codes) or codes[index + 1] != code + 1:
            parts.append(f"\\u{start:04x}" if start == code else f"\\u{start:04x}-\\u{code:04x}")
            start = None
    return "".join(parts)


def _pattern(*, multiline: bool, optional: bool) -> str:
    plane = [chr(code) for code in range(0x10000)]
    refused = [ord(c) for c in plane
               if unicodedata.category(c) in UNPRINTABLE - {"Cn"} and not (multiline and c in BREAKS)]
    if optional:
        return f"^[^{_class(refused)}]*$"
    # `\s` is the same set in Python and ECMAScript once the refused characters are out
    return f"^[^{_class(refused)}]*[^{_class(refused)}\\s][^{_class(refused)}]*$"


PATTERNS = {(multiline, optional): _pattern(multiline=multiline, optional=optional)
            for multiline in (False, True) for optional in (False, True)}


class RegisterText(Exact):
    """A text that enters a register as registers.fields.clean_text takes it: at most `max_length` characters as
    sent, printable, on one line unless `multiline`, not blank unless `optional` (then "" when left out). The
    service receives it trimmed."""

    def __init__(self, *, max_length: int = NAME_MAX, multiline: bool = False, optional: bool = False, **kwargs):
        self.multiline, self.optional = multiline, optional
        if optional:
            kwargs.setdefault("default", "")
        kwargs.setdefault("required", not optional)
        codes, messages = {**SHAPE}, {**REQUIRED, "invalid": TEXT_NOT_TEXT}
        if optional:  # null is not a text
            codes["null"], messages["null"] = ErrorCode.INVALID, TEXT_NOT_TEXT
        super().__init__(max_length=max_length, validators=[RegexValidator(PATTERNS[multiline, optional])],
                         codes=codes, messages=messages, **kwargs)

    def check(self, value: str) -> str:
        if not value.strip() and not self.optional:
            self.refuse(ErrorCode.REQUIRED, FIELD_REQUIRED)
        if len(value) > self.max_length:
            self.refuse(ErrorCode.TOO_LONG, TEXT_TOO_LONG, max=self.max_length)
        allowed = BREAKS if self.multiline else set()
        for char in value:
            if char not in allowed and unicodedata.category(char) in UNPRINTABLE:
                self.refuse(ErrorCode.UNPRINTABLE, TEXT_UNPRINTABLE, code=f"U+{ord(char):04X}")
        return value.strip()


def free_text(*, max_length: int = TEXT_MAX, **kwargs) -> RegisterText:
    """An optional free text (a description, a reason, evidence), on several lines if need be."""
    return RegisterText(max_length=max_length, multiline=True, optional=True, **kwargs)


LATE_HELP = ("why the filing is late: required when the gaming day is past the casino's delay (`late_filing_days`); "
             "the entry then waits for a manager's countersignature (answer 202)")


def late_reason_text() -> RegisterText:
    return free_text(help_text=LATE_HELP)


def names(*, max_length: int = NAME_MAX, required: bool = False, **kwargs) -> ListOf:
    """A list of names (tables, games, players), each a required one-line text; [] when left out unless
    `required`."""
    if not required:
        kwargs.setdefault("default", list)
    return ListOf(child=RegisterText(max_length=max_length), required=required, codes=SHAPE, messages=REQUIRED,
                  **kwargs)


CASINO_CURRENCY = "ISO 4217; the casino's currency when left out (another is refused: `wrong_currency`)"


class Currency(Exact):
    """An ISO 4217 code; whether it is the casino's is the services' check (`wrong_currency`)."""

    format = re.compile(r"^[A-Z]{3}$")

    def __init__(self, **kwargs):
        kwargs.setdefault("help_text", "ISO 4217, e.g. EUR")
        super().__init__(max_length=3, validators=[RegexValidator(self.format.pattern)], codes=SHAPE,
                         messages={**REQUIRED, "invalid": CURRENCY_FORMAT}, **kwargs)

    def check(self, value: str) -> str:
        if not self.format.fullmatch(value):
            self.refuse(ErrorCode.INVALID, CURRENCY_FORMAT)
        return value


# --- the rest ----------------------------------------------------------------------------------------------


def day(**kwargs) -> Day:
    """A date `AAAA-MM-JJ`."""
    return Day(codes=SHAPE, messages=REQUIRED, **kwargs)


def flag(**kwargs) -> Flag:
    return Flag(codes=SHAPE, messages=REQUIRED, **kwargs)


def whole(*, codes: dict | None = None, **kwargs) -> Whole:
    return Whole(codes={**SHAPE, **(codes or {})}, messages=REQUIRED, **kwargs)


def choice(choices, *, code=ErrorCode.INVALID, message=None, **kwargs) -> Choice:
    """One of `choices`; another value is refused with `code` (and `message`, formatted with `{value}`)."""
    messages = {**REQUIRED, **({"invalid_choice": message} if message else {})}
    return Choice(choices, codes={**SHAPE, "invalid_choice": code}, messages=messages, **kwargs)
