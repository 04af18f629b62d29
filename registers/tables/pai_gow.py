"""A Pai Gow session's rounds (QC RJC art. 111, 116): who was the bank, who played, the winning bets; each winning
bet pays a commission of 5 % computed on the next multiple of 10, as the rule data sets the rate and the step."""

import datetime
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal

from compliance.errors import DomainError
from compliance.models import Casino
from compliance.profiles import game_engine
from games.selectors import rule_value_at
from registers.errors import ErrorCode

from ..money import CENT, parse_amount
from . import errors

DEALER = "croupier"
ENGINE = "pai_gow"  # the game whose return the Pai Gow engine computes: its profile names it (compliance.profiles)
# concepts of the jurisdiction's profile
RATE, STEP, ROTATION = "pai_gow.commission", "pai_gow.commission_arrondi", "pai_gow.banque_mains_consecutives"


@dataclass(frozen=True)
class Rounds:
    rounds: list[dict]  # as the entry writes them: bank, players, winning bets and their commissions
    commission: Decimal
    citation: str
    rotation_citation: str


def _value(casino: Casino, key: str, day: datetime.date):
    return rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True)


def commission(bet: Decimal, rate: Decimal, step: Decimal) -> Decimal:
    """5 % of the bet rounded up to the next multiple of 10 (art. 111): 25 → 1.50, 30 → 1.50, 31 → 2.00."""
    base = (bet / step).to_integral_value(rounding=ROUND_CEILING) * step
    return (base * rate).quantize(CENT)


def _seat(value, index: int) -> str:
    seat = str(value).strip()
    if seat != DEALER and not (seat.isascii() and seat.isdigit()):  # « ² » is a digit int() refuses
        raise DomainError(errors.ROUND_INVALID.format(round=index, problem=f"place « {value} »"),
                          code=ErrorCode.INVALID, field="rounds")
    return seat


def rounds_checked(casino: Casino, day: datetime.date, game: str, rounds: list) -> Rounds:
    """The rounds as declared, the bank's rotation checked (art. 116: the dealer banks the first game, no player
    banks two hands in a row, a player banks only after playing the last game the dealer banked)."""
    if game_engine(game) != ENGINE:
        raise DomainError(errors.NOT_PAI_GOW, code=ErrorCode.INVALID, field="session")
    rate, step, rotation = (_value(casino, key, day) for key in (RATE, STEP, ROTATION))
    if not isinstance(rounds, list) or not rounds:
        raise DomainError(errors.ROUNDS_EMPTY, code=ErrorCode.EMPTY, field="rounds")
    written, total, previous, streak, dealer_game = [], Decimal("0.00"), None, 0, set()
    for index, declared in enumerate(rounds, 1):
        if not isinstance(declared, dict):
            raise DomainError(errors.ROUND_INVALID.format(round=index, problem="?"), code=ErrorCode.INVALID,
                              field="rounds")
        bank = _seat(declared.get("banque"), index)
        players = sorted({_seat(seat, index) for seat in declared.get("joueurs") or ()} - {DEALER}, key=int)
        if index == 1 and bank != DEALER:
            raise DomainError(errors.BANK_FIRST.format(citation=rotation.citation), code=ErrorCode.INVALID,
                              field="rounds")
        streak = streak + 1 if bank == previous else 1
        if bank != DEALER and streak > rotation.value:
            raise DomainError(errors.BANK_TWICE.format(round=index, seat=bank, citation=rotation.citation),
                              code=ErrorCode.INVALID, field="rounds")
        if bank != DEALER and bank not in dealer_game:
            raise DomainError(errors.BANK_NOT_IN_LAST.format(round=index, seat=bank, citation=rotation.citation),
                              code=ErrorCode.INVALID, field="rounds")
        wins = declared.get("gagnantes") or {}
        if not isinstance(wins, dict):
            raise DomainError(errors.ROUND_INVALID.format(round=index, problem="gagnantes"), code=ErrorCode.INVALID,
                              field="rounds")
        paid = {}
        for seat, bet in sorted(wins.items()):
            amount = parse_amount(bet, field="rounds")
            paid[_seat(seat, index)] = {"mise": str(amount), "commission": str(commission(amount, rate.value,
                                                                                          step.value))}
            total += Decimal(paid[_seat(seat, index)]["commission"])
        written.append({"main": index, "banque": bank, "joueurs": players, "gagnantes": paid})
        if bank == DEALER:
            dealer_game = set(players)
        previous = bank
    return Rounds(written, total.quantize(CENT), str(rate.citation), str(rotation.citation))
