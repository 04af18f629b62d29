"""Inputs every register family takes the same way: a required text is never blank."""

from compliance.errors import DomainError
from registers.errors import ErrorCode

from . import errors


def required(**fields) -> None:
    """Refuses the first blank field, by its name."""
    for field, value in fields.items():
        if not str(value or "").strip():
            raise DomainError(errors.FIELD_REQUIRED, code=ErrorCode.REQUIRED, field=field)
