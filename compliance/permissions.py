"""Who may change what: casino staff write for their own casino; regulators only read."""

from compliance.errors import ErrorCode

from .errors import NOT_YOUR_CASINO, READ_ONLY_ROLE, PermissionDeniedError


def can_write(user, casino=None) -> bool:
    if not (user.is_authenticated and user.is_active and user.is_casino_staff):
        return False
    return casino is None or user.casino_id == casino.pk


def verify_can_write(user, casino=None) -> None:
    if not can_write(user):
        raise PermissionDeniedError(READ_ONLY_ROLE)
    if casino is not None and user.casino_id != casino.pk:
        raise PermissionDeniedError(NOT_YOUR_CASINO, code=ErrorCode.OUT_OF_SCOPE)
