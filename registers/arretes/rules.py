"""Which values the texts leave to an arrêté du Ministre des Finances, read from the rule data: the concepts
« arrete.<jeu>.<mesure> » of the jurisdiction's profile (compliance.profiles), each a rule value whose value is the
game it concerns (its name, as the rule data names it) and whose reference is the article that delegates it. A
jurisdiction whose texts delegate nothing has none: its casinos file nothing and their sessions are compared with
nothing."""

import datetime
from collections.abc import Iterable

from compliance.errors import DomainError
from compliance.profiles import code_of, concepts_under
from games.models import Game
from games.selectors import rule_values_of, rule_values_on

from .controls import MEASURES, Delegation

PREFIX = "arrete"


def concepts(jurisdiction) -> dict[str, str]:
    """{concept: rule key} of the values the jurisdiction's texts leave to an arrêté, in its profile's order."""
    return {concept: key for concept, key in concepts_under(jurisdiction, PREFIX).items()
            if concept.rsplit(".", 1)[-1] in MEASURES}


def delegations_on(jurisdiction, days: Iterable[datetime.date]) -> dict[datetime.date, list[Delegation]]:
    """Each day's delegations in force: one query per concept whatever the number of days (a day per query only
    where a period starts before a delegation does)."""
    days = sorted(set(days))
    found = {day: [] for day in days}
    read = {concept: _read(jurisdiction, key, days) for concept, key in concepts(jurisdiction).items()}
    names = {str(rule.value) for rules in read.values() for rule in rules.values()}
    games = dict(Game.objects.filter(jurisdiction__code=code_of(jurisdiction), name__in=names)
                 .values_list("name", "key")) if names else {}
    for concept, rules in read.items():
        for day, rule in rules.items():
            if str(rule.value) in games:
                found[day].append(Delegation(concept, games[str(rule.value)], concept.rsplit(".", 1)[-1],
                                             str(rule.citation), rule.effective_from))
    return found


def _read(jurisdiction, key: str, days: list[datetime.date]) -> dict:
    """The values of `key` on those of `days` it is in force."""
    try:
        return rule_values_on(jurisdiction=jurisdiction, key=key, days=days, drafts=True) if days else {}
    except DomainError:
        if len(days) == 1:
            return {}
    found = {}
    for day in days:
        found.update(_read(jurisdiction, key, [day]))
    return found


def delegations(jurisdiction, day: datetime.date, games: dict[str, str] | None = None) -> list[Delegation]:
    """The delegations in force on `day`, in one query (and one for the games' keys, unless `games` gives those
    wanted, {name: key}: the others are left out)."""
    found = concepts(jurisdiction)
    read = rule_values_of(keys=found.values(), on=day, drafts=True) if found else {}
    named = {concept: read[key] for concept, key in found.items() if key in read}
    if games is None:
        names = {str(rule.value) for rule in named.values()}
        games = dict(Game.objects.filter(jurisdiction__code=code_of(jurisdiction), name__in=names)
                     .values_list("name", "key")) if names else {}
    return [Delegation(concept, games[str(rule.value)], concept.rsplit(".", 1)[-1], str(rule.citation),
                       rule.effective_from) for concept, rule in named.items() if str(rule.value) in games]


def delegation(jurisdiction, concept: str, day: datetime.date) -> Delegation | None:
    return next((found for found in delegations(jurisdiction, day) if found.concept == concept), None)
