"""Roue de fortune: the return of each bet from the wheel's segments, and the floor of QC RJC art. 122.

A bet on a symbol wins when the pointer stops on one of its segments (art. 119); all segments are
equal (art. 117), so a symbol on n of N segments paying X à Y returns n/N × (1 + X/Y) — under the
"pour" reading n/N × X/Y. Every bet must return at least the floor; the wheel has 9 to 60 segments.
"""

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from compliance.errors import DomainError
from games import errors
from games.errors import ErrorCode

from .engine import paid

_ODDS = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*(à|a|pour)\s*(\d+(?:[.,]\d+)?)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class WheelRules:
    min_segments: int
    max_segments: int
    segments_citation: str
    floor: Fraction
    floor_citation: str


@dataclass(frozen=True)
class Bet:
    symbol: str
    segments: int
    odds: str
    probability: Fraction
    return_: Fraction


def _segment(index: int, raw) -> tuple[str, int, dict, str]:
    def refuse(problem):
        raise DomainError(
            errors.WHEEL_SEGMENT_INVALID.format(index=index + 1, problem=problem),
            code=ErrorCode.INVALID_SEGMENT,
            field=f"segments[{index}]",
        )

    if not isinstance(raw, dict):
        refuse("objet attendu / object expected")
    symbol = str(raw.get("symbol", "")).strip()
    count = raw.get("count")
    text = str(raw.get("odds", ""))
    if not symbol:
        refuse("symbole manquant / symbol missing")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        refuse("« count » doit être un entier ≥ 1 / count must be an integer ≥ 1")
    if not _ODDS.match(text):
        refuse("cote attendue sous la forme « X à Y » ou « X pour Y » / odds expected as 'X à Y' or 'X pour Y'")
    parsed = odds_parsed(text)
    if parsed is None:
        refuse("cote nulle / zero odds")
    return symbol, count, parsed, text.strip()


def odds_parsed(text: str) -> dict | None:
    """Odds written « X à Y » or « X pour Y » as the engine reads them; None when they are not odds, or nil."""
    match = _ODDS.match(str(text))
    if not match:
        return None
    numerator, word, denominator = (part.replace(",", ".") for part in match.groups())
    if Fraction(numerator) <= 0 or Fraction(denominator) <= 0:
        return None
    return {"kind": "odds", "numerator": numerator, "denominator": denominator,
            "notation": "pour" if word.lower() == "pour" else "a"}


def wheel_bets(segments, rules: WheelRules) -> list[Bet]:
    """Each bet's return under the odds as written; refuses a wheel outside art. 117 or below art. 122."""
    if not isinstance(segments, list) or not segments:
        raise DomainError(errors.WHEEL_NO_SEGMENTS, code=ErrorCode.NO_SEGMENTS, field="segments")
    parsed = [_segment(index, raw) for index, raw in enumerate(segments)]
    total = sum(count for _symbol, count, _odds, _text in parsed)
    if not rules.min_segments <= total <= rules.max_segments:
        raise DomainError(
            errors.WHEEL_SEGMENTS_RANGE.format(
                count=total, min=rules.min_segments, max=rules.max_segments, citation=rules.segments_citation
            ),
            code=ErrorCode.SEGMENTS_OUT_OF_RANGE,
            field="segments",
        )
    bets = []
    for index, (symbol, count, odds, text) in enumerate(parsed):
        probability = Fraction(count, total)
        bet = Bet(symbol, count, text, probability, probability * paid(odds, odds["notation"], Fraction(1), None))
        if bet.return_ < rules.floor:
            raise DomainError(
                errors.WHEEL_BELOW_FLOOR.format(
                    symbol=symbol,
                    rate=_percent(bet.return_),
                    floor=_percent(rules.floor),
                    citation=rules.floor_citation,
                ),
                code=ErrorCode.BELOW_MINIMUM_RETURN,
                field=f"segments[{index}]",
            )
        bets.append(bet)
    return bets


def _percent(value: Fraction) -> str:
    shown = (Decimal(value.numerator) * 100 / Decimal(value.denominator)).quantize(Decimal("0.01"))
    return f"{shown}".replace(".", ",")


# A classic « Big Six » wheel of 54 segments, every bet above the floor: the example the page starts from.
EXAMPLE = "\n".join(
    [
        "1 $ ; 24 ; 1 à 1",
        "2 $ ; 15 ; 2 à 1",
        "5 $ ; 7 ; 5 à 1",
        "10 $ ; 4 ; 10 à 1",
        "20 $ ; 2 ; 20 à 1",
        "Joker ; 2 ; 40 à 1",
    ]
)


def segments_from_text(text: str) -> list[dict]:
    """One segment per line, « symbole ; nombre de parties ; cote »; a line that does not split in three
    is kept whole so that `wheel_bets` names it."""
    segments = []
    for line in (line.strip() for line in text.splitlines()):
        if not line:
            continue
        parts = [part.strip() for part in line.split(";")]
        if len(parts) != 3:
            segments.append({"symbol": line, "count": None, "odds": ""})
            continue
        symbol, count, odds = parts
        segments.append({"symbol": symbol, "count": int(count) if count.isdigit() else None, "odds": odds})
    return segments
