"""A player's stack from one deal to the next at a table's séance, as the import reads the deals (imports.py): the
stack a player starts a deal with is what the previous deal at that table and séance left them (the replay's
settlement, games/poker/outcome.py), plus a recave between the two deals (LU RGD 1979 art. 49-1, 49-5: « Au cours
d'une partie, le joueur a la possibilité de se recaver. Aucune recave n'est acceptée pendant un coup »; QC RJC art.
67.95 1°: « un joueur ne peut augmenter le montant de son avoir qu'entre les parties »). The room's files carry no
recave of their own between deals: a stack above what the previous deal left is a recave the file shows, counted in
the day's entry; a stack below is a break the deal keeps as a flag for the reconciliation, citing QC art. 67.95 2°
(« à une table sans limite ou cagnotte limite, un joueur ne peut retirer de son avoir aucun montant ») where the
session's version is one the rule data names (avoir_retire), the casino's control elsewhere. A recave the stacks show
is checked, as the séance's recave is (controls.rebuy_problems), against the maximum of the règlement intérieur in force
on the deal's gaming day (LU art. 49-1: « Le montant maximum de la recave est fixé par le règlement intérieur »): one
above it is a flag for the reconciliation, citing the article that leaves the maximum to the règlement.

Only the deals of one file are followed (a file holds a table's séance as the room's system writes it), each compared
with the deal before it at its table and gaming day in the order they started."""

import datetime
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import Casino
from games.poker.hand import Hand
from games.poker.outcome import Outcome
from games.selectors import rule_value_at

from ..models import PokerSession
from . import rules
from .controls import Dealt, Moment, Opened, Recave, Seance, rebuy_problems, recaves_seen, stacks_problems

WITHDRAWAL = "avoir_retire"  # « <game>.avoir_retire »: QC art. 67.95 2°, the versions where nothing is taken off
BREAK, GAP = "stack_break", "stack_gap"  # a deal's flags: below what the previous deal left, cited or the control's
ABOVE = "recave_above"  # a deal's flag: a recave before it above the règlement intérieur's maximum
CONTROL = _("Contrôle interne du casino : tapis de chaque joueur égal, d'une main à la suivante, à ce que la main "
            "précédente lui a laissé, recaves comprises")


def withdrawal_versions(casino: Casino, game: str, day: datetime.date) -> tuple[tuple[str, ...], str] | None:
    """The versions at which no amount is taken off a stack, and what cites it (QC art. 67.95 2°); None where the
    texts say nothing."""
    try:
        rule = rule_value_at(jurisdiction=casino.jurisdiction, key=f"{game}.{WITHDRAWAL}", on=day, drafts=True)
    except DomainError:
        return None
    return tuple(str(version) for version in rule.value), str(rule.citation)


def dealt(hand: Hand, outcome: Outcome) -> Dealt:
    return Dealt(hand.number, {seat.player: (seat.seat, seat.stack) for seat in hand.seats},
                 dict(outcome.stacks_after))


class Follower:
    """The previous deal of each table and gaming day, as the file's deals are read."""

    def __init__(self, casino: Casino):
        self.casino = casino
        self.last: dict[tuple[str, datetime.date], tuple[datetime.datetime, Dealt]] = {}
        self.cited: dict[int, tuple[str, str]] = {}  # per session: the flag's code and what it cites
        self.days: dict[datetime.date, list[int]] = {}  # per day, the recaves the stacks show: how many, cents
        self.terms: dict[int, tuple[Opened, rules.RebuyTerms]] = {}  # per session: its opening, the recave's maximum

    def prepare(self, session: PokerSession) -> None:
        """The session's flag code and citation, read once (a query: the import pauses its COPY first)."""
        rule = withdrawal_versions(self.casino, session.game.key, session.gaming_day)
        self.cited[session.pk] = (BREAK, rule[1]) if rule and session.version in rule[0] else (GAP, str(CONTROL))
        self.terms[session.pk] = (Opened(session.number, session.version, session.opened_at),
                                  rules.rebuy_terms(self.casino, session.game.key, session.gaming_day))

    def follow(self, hand: Hand, session: PokerSession, outcome: Outcome) -> list[list]:
        """The deal's flags for the stacks the deal before it at its table left: [code, cents short, detail]."""
        key, now = (session.table, session.gaming_day), dealt(hand, outcome)
        before = self.last.get(key)
        if before is not None and hand.started_at < before[0]:
            return []  # a deal the file gives out of order is not compared
        self.last[key] = (hand.started_at, now)
        if before is None:
            return []
        code, cited = self.cited[session.pk]
        seen = recaves_seen(before[1], now)
        if seen:
            sums = self.days.setdefault(session.gaming_day, [0, 0])
            sums[0], sums[1] = sums[0] + len(seen), sums[1] + sum(seen.values())
        return self.above(hand, session, now, seen) + [
            [code, int((problem.params["expected"] - problem.params["found"]) * 100), {
                "previous": problem.params["previous"], "player": problem.params["player"],
                "seat": problem.params["seat"], "expected": int(problem.params["expected"] * 100),
                "stack": int(problem.params["found"] * 100)}]
            for problem in stacks_problems(before[1], now, None, cited)]

    def above(self, hand: Hand, session: PokerSession, now: Dealt, seen: dict[str, int]) -> list[list]:
        """The deal's flags for the recaves before it above the règlement intérieur's maximum, as the séance's recave
        is refused (controls.rebuy_problems): [code, cents above, detail]."""
        opened, terms = self.terms[session.pk]
        if not seen or terms.maximum is None:
            return []
        seance = Seance(session.table, session.gaming_day, hand.started_at, (opened,))
        moment, flags = Moment(hand.started_at, session.gaming_day), []
        for player, cents in sorted(seen.items()):
            amount = Decimal(cents) / 100
            problems = rebuy_problems(seance, session.number, Recave(
                amount, moment, terms.maximum, terms.house, terms.citation, self.casino.currency,
                self.casino.jurisdiction))
            if any(problem.field == "amount" for problem in problems):  # the deal's moment is the import's own check
                flags.append([ABOVE, int((amount - terms.maximum) * 100), {
                    "player": player, "seat": now.started[player][0], "amount": cents,
                    "maximum": int(terms.maximum * 100), "house": terms.house}])
        return flags
