"""The audit's check of a desk count of the caisse spéciale (LU RGD 1979 art. 3-4 9), 18-14) (`registers_audit`),
against the rules of registers/cards/caisse/services.py."""

from ...chain.replay import Audited, Check, Problem, Replay
from ...kinds import RULE_OF_KIND, RegisterKind
from . import errors
from .services import DESK_MAX, DESK_RULE, MOMENTS, caisse_citation


def desk_counted(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 3-4 9), 18-14: in a casino with the card system, the cash and tokens counted at a named special desk, at
    its opening or closing, in the casino's currency."""
    check = Check(replay, entry, caisse_citation(replay.casino, DESK_RULE, entry.gaming_day))
    check.rule(RULE_OF_KIND[RegisterKind.CARTES])  # the card system exists where the rule data has it
    check.text("desk", max_length=DESK_MAX)
    if entry.payload.get("moment") not in MOMENTS:
        check.fail(errors.MOMENT_UNKNOWN, value=entry.payload.get("moment"))
    check.amount("cash", zero=True)
    check.amount("tokens", zero=True)
    check.currency()
    return check.problems
