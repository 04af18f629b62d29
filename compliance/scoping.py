"""The one place where what a user may see is decided.

A casino user (accountant, manager) sees only their casino; a regulator sees every casino of their
jurisdiction, read-only; a platform administrator sees everything. Every model that holds casino
data uses a `ScopedQuerySet`, and every view, API view and selector reads through `visible_to`.
"""

from django.db import models
from django.db.models import Q


class ScopedQuerySet(models.QuerySet):
    #: lookup from this model to its casino's id, or None if casino users never see it
    casino_lookup: str | None = "casino"
    #: lookup from this model to its jurisdiction's id
    jurisdiction_lookup: str = "casino__jurisdiction"

    def visible_to(self, user) -> "ScopedQuerySet":
        if user is None or not user.is_authenticated or not user.is_active:
            return self.none()
        if user.is_platform_admin:
            return self
        if user.is_regulator:
            return self.filter(self.jurisdiction_q(user.jurisdiction_id))
        if user.casino_id is None or self.casino_lookup is None:
            return self.none()
        return self.filter(self.casino_q(user.casino_id))

    def casino_q(self, casino_id: int) -> Q:
        return Q(**{self.casino_lookup: casino_id})

    def jurisdiction_q(self, jurisdiction_id: int) -> Q:
        return Q(**{self.jurisdiction_lookup: jurisdiction_id})


def scoped_queryset(*, casino: str | None, jurisdiction: str) -> type[ScopedQuerySet]:
    """A ScopedQuerySet for a model whose casino and jurisdiction sit at the given lookups."""
    return type("ScopedQuerySet", (ScopedQuerySet,), {"casino_lookup": casino, "jurisdiction_lookup": jurisdiction})
