"""The navigation's badge of the approvals: how many requests wait for the signed-in person's action."""

from . import selectors


def waiting(request) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or not (user.is_regulator or user.is_casino_staff):
        return {}
    return {"approvals_waiting": selectors.waiting_count(user)}
