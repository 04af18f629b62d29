"""What a refusal must leave on record although the act it refuses is rolled back: a check that refuses inside a
service's transaction (an excluded person at a card's issue, at a tournament's entry) hands its audit line to `keep`,
and the service, decorated with `refusals_kept` outside its `transaction.atomic`, writes what was kept in a
transaction of its own once the act's has been rolled back. A regulator sees every refused attempt; the act itself
leaves nothing."""

import functools
from collections.abc import Callable
from contextvars import ContextVar

from django.db import transaction

_kept: ContextVar[list | None] = ContextVar("refusals_kept", default=None)


def keep(write: Callable[[], object]) -> None:
    """`write` (an audit record) outlives the refused act's rollback where a `refusals_kept` service runs; anywhere
    else it is written now, in the caller's transaction."""
    kept = _kept.get()
    if kept is None:
        write()
    else:
        kept.append(write)


def refusals_kept(service: Callable) -> Callable:
    """Decorates a service (above its `transaction.atomic`): what its checks kept is written once it returns or
    raises, its transaction ended. Within another such service, the outermost writes it, after its own rollback."""
    @functools.wraps(service)
    def run(*args, **kwargs):
        if _kept.get() is not None:
            return service(*args, **kwargs)
        kept: list = []
        token = _kept.set(kept)
        try:
            return service(*args, **kwargs)
        finally:
            _kept.reset(token)
            if kept:
                with transaction.atomic():
                    for write in kept:
                        write()
    return run
