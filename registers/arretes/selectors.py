"""What the arrêté values' page and the reconciliation read: every version a casino filed, and those in force on a day
(the latest effective on or before it), in one query whatever the number of days."""

import datetime
from collections.abc import Iterable

from compliance.models import Casino
from compliance.problems import Problem

from ..models import ArreteValue
from . import rules
from .controls import Filed, Opened, arrete_problems


def versions_of(casino: Casino) -> list[ArreteValue]:
    """Every version filed, by value, the latest first; with who filed it."""
    return list(ArreteValue.objects.filter(casino=casino).select_related("filed_by")
                .order_by("concept", "-effective_from", "-pk"))


def in_force_on(casino: Casino, days: Iterable[datetime.date]) -> dict[datetime.date, dict[str, Filed]]:
    """{day: {concept: the version in force}}: the latest version effective on or before each day."""
    days = sorted(set(days))
    found = {day: {} for day in days}
    if not days:
        return found
    rows = (ArreteValue.objects.filter(casino=casino, effective_from__lte=days[-1])
            .order_by("effective_from", "pk").values_list("concept", "value", "reference", "effective_from"))
    for concept, value, reference, effective_from in rows:  # later versions overwrite earlier ones
        for day in days:
            if effective_from <= day:
                found[day][concept] = Filed(value, reference, effective_from)
    return found


def in_force(casino: Casino, day: datetime.date) -> dict[str, Filed]:
    return in_force_on(casino, [day])[day]


def opening_differences(casino: Casino, game, day: datetime.date, values: dict) -> list[Problem]:
    """What a session of `game` (a Game) opened on `day` with (`values` by field) differs in from the arrêté values in
    force then: the page of the session says it, as the nightly reconciliation reports it."""
    return day_differences(casino, day, [(None, game, values)]).get(None, [])


def day_differences(casino: Casino, day: datetime.date, openings: list[tuple]) -> dict[object, list[Problem]]:
    """`opening_differences` of a day's sessions, each `(key, game, values)`, by key: two queries whatever their
    number where the casino's texts delegate something, none where they do not."""
    if not openings or not rules.concepts(casino.jurisdiction):
        return {}
    delegations = rules.delegations(casino.jurisdiction, day, games={game.name: game.key for _, game, _ in openings})
    if not delegations:
        return {}
    force = in_force(casino, day)
    return {key: arrete_problems(Opened(game.key, day, values), delegations, force, currency=casino.currency,
                                 jurisdiction=casino.jurisdiction) for key, game, values in openings}
