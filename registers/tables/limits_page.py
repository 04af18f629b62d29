"""What a table session's page shows of its limits (issue 38, point 5): each betting spot's and side bet's limits as
they stand with the article that binds them, the options its table indicates with the return of each that is a bet of
its own (the pay table's return as the games' RTP code computes it, in the reading the text supports), and the
limits' history: the opening, then each change during the séance with its time, who decided it and its article; and
the table's limits in force now with the time of the last change (the page's « Limites affichées »). A
fixed number of queries whatever the changes (a return only for an option the session offers)."""

from dataclasses import dataclass
from decimal import Decimal

from compliance.errors import DomainError
from games.models import BetType
from games.rtp.engine import ModelError
from games.rtp.selectors import rtp_report

from ..models import TableSession
from . import limits, selectors


@dataclass(frozen=True)
class SpotLine:
    label: str
    minimum: Decimal | None  # None: the session holds no limits for it
    maximum: Decimal | None
    citation: str


@dataclass(frozen=True)
class OptionLine:
    label: str
    value: object  # True, or the number chosen
    citation: str
    paytable: str | None
    returns: tuple[Decimal, Decimal] | None  # the least and greatest return (per cent) of its variants


@dataclass(frozen=True)
class HistoryLine:
    at: object
    spot: str  # "" for the table's own limits
    minimum: Decimal
    maximum: Decimal
    decided_by: str
    citation: str
    entry: object
    opening: bool = False


@dataclass(frozen=True)
class SessionLimits:
    spots: list[SpotLine]
    options: list[OptionLine]
    history: list[HistoryLine]
    minimum: Decimal | None = None  # the table's limits in force now, the last change's (art. 37-11, 37-17)
    maximum: Decimal | None = None
    since: object = None  # when they were last changed during the séance; None: the opening's

    def __bool__(self) -> bool:
        return bool(self.spots or self.options or len(self.history) > 1)


def _returns(user, key: str, day) -> tuple[Decimal, Decimal] | None:
    """The least and greatest return of the pay table's variants, in the reading its text supports."""
    try:
        report = rtp_report(user=user, key=key, on=day)
    except (DomainError, ModelError):
        return None
    found = [Decimal(variant["return"]["decimal"]) * 100 for variant in report["readings"][report["default_reading"]]
             if variant["return"] is not None]
    return (min(found), max(found)) if found else None


def session_limits(session: TableSession, user) -> SessionLimits:
    casino, game, day = session.table.casino, session.table.game, session.gaming_day
    changes = list(session.limit_changes.select_related("entry__register").order_by("changed_at", "id"))
    current = selectors.current_limits(session, changes)
    rules = limits.spot_rules(casino, game.key, day)
    labels = {bet: rule.label for bet, rule in rules.items()}
    spots = [SpotLine(rule.label, *current.spots.get(bet, (None, None)), rule.citation) for bet, rule in rules.items()]
    options = []
    if session.options:
        offered = limits.option_rules(casino, game.key, day)
        paytables = dict(BetType.objects.filter(game=game, key__in=list(session.options), paytable__isnull=False)
                         .values_list("key", "paytable__key"))
        for key, value in session.options.items():
            rule = offered.get(key)
            paytable = paytables.get(key)
            options.append(OptionLine(rule.label if rule else key, value, rule.citation if rule else "", paytable,
                                      _returns(user, paytable, day) if paytable else None))
    history = [HistoryLine(session.opened_at, "", session.minimum, session.maximum, "", session.limits_citation,
                           session.entry, opening=True)]
    history += [HistoryLine(change.changed_at, labels.get(change.spot, change.spot), change.minimum, change.maximum,
                            change.decided_by, change.citation, change.entry) for change in changes]
    return SessionLimits(spots, options, history, current.minimum, current.maximum, current.since)
