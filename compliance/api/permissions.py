from rest_framework.permissions import SAFE_METHODS, BasePermission

from ..permissions import can_write


class ScopedAccess(BasePermission):
    """Any signed-in user reads (rows are scoped by the selectors); only casino staff write."""

    def has_permission(self, request, view):
        user = request.user
        if not (user and user.is_authenticated):
            return False
        return request.method in SAFE_METHODS or can_write(user)


class SignedInCalculator(BasePermission):
    """Calculators (a submitted wheel, a batch of hands) write nothing: every signed-in user, regulators
    included, may post to them."""

    def has_permission(self, request, view):
        return bool(request.user and request.user.is_authenticated)
