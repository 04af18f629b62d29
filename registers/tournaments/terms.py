"""What a tournament's rules must hold when a manager sets it up, each refusal naming its field: the return to the
participants (QC RJC art. 127, checked again when the places are set and at the close), the poker grand prix's fee
from the supplementary bet (art. 124), the tables marked (art. 126), whole numbers, the shares of the prizes and the
structure's levels."""

import datetime
from decimal import Decimal
from fractions import Fraction

from compliance import formatting
from compliance.errors import DomainError
from compliance.models import Casino
from compliance.profiles import game_engine
from games.models import Game
from games.tournaments import prize_pool
from registers.errors import ErrorCode

from .. import controls
from ..fields import clean_text
from ..money import parse_amount
from . import errors, rules

CENTS = Decimal(100)


def refused(message, code: str, field: str | None = None) -> DomainError:
    return DomainError(message, code=code, field=field)


def money(casino: Casino, amount: Decimal) -> str:
    return formatting.money(amount, currency=casino.currency, jurisdiction=casino.jurisdiction)


def return_check(casino: Casino, fee: Decimal, pool_share: Decimal, day: datetime.date, *, entries: int = 1,
                 extra: Decimal = Decimal(0)) -> str:
    """QC RJC art. 127: the prize pool (`pool_share` of each of `entries` fees, plus what the house adds) is at least
    the rule's share of the fees sold. Returns the article it rests on ('' where the jurisdiction has no minimum)."""
    minimum = rules.of(casino, rules.RETURN_MINIMUM, day)
    if minimum is None or not fee:
        return ""
    money = prize_pool.collected(entries, int(fee * CENTS), int(pool_share * CENTS))
    money = prize_pool.Money(money.fees, money.pool + int(extra * CENTS), money.house)
    if prize_pool.return_shortfall(money, minimum.value):
        found = percent(money.returned)
        raise refused(errors.RETURN_TOO_LOW.format(found=found, required=percent(minimum.value),
                                                    citation=minimum.citation), ErrorCode.RETURN_TOO_LOW, "to_pool")
    return str(minimum.citation)


def percent(value) -> str:
    """A share as a percentage to the hundredth, rounded down: 3/10 → « 30,00 % »."""
    share = Fraction(value) * 100
    return f"{Decimal(share.numerator * 100 // share.denominator) / 100:.2f} %".replace(".", ",")


def grand_prix(casino: Casino, game: Game, fee: Decimal, bet, day: datetime.date) -> str:
    """QC RJC art. 124: « Le droit d'entrée pour un tournoi de « poker grand prix » est pris à même la mise
    supplémentaire visée à l'article 67.9 » and is at least its share of it: every Québec tournament of the poker grand
    prix takes it (the bet is then required), no other tournament has one."""
    grand_prix = game_engine(game.key) == rules.GRAND_PRIX_ENGINE
    if bet in (None, "") and not grand_prix:
        return ""
    amount, minimum = rules.of(casino, rules.GRAND_PRIX_BET, day), rules.of(casino, rules.GRAND_PRIX_MINIMUM, day)
    if not grand_prix or amount is None or minimum is None:
        raise refused(errors.GRAND_PRIX_NOT_HERE, ErrorCode.INVALID, "supplementary_bet")
    if bet in (None, ""):
        raise refused(errors.GRAND_PRIX_BET_REQUIRED.format(required=money(casino, amount.value),
                                                             citation=minimum.citation),
                       ErrorCode.GRAND_PRIX_FEE, "supplementary_bet")
    bet = parse_amount(bet, field="supplementary_bet")
    if bet != amount.value:
        raise refused(errors.GRAND_PRIX_BET.format(required=money(casino, amount.value), found=money(casino, bet),
                                                    citation=amount.citation), ErrorCode.GRAND_PRIX_FEE,
                       "supplementary_bet")
    if not prize_pool.grand_prix_fee_ok(int(fee * CENTS), int(bet * CENTS), minimum.value):
        raise refused(errors.GRAND_PRIX_FEE.format(
            fee=money(casino, fee), bet=money(casino, bet), share=percent(minimum.value),
            minimum=money(casino, (bet * minimum.value).quantize(Decimal("0.01"))), citation=minimum.citation),
            ErrorCode.GRAND_PRIX_FEE, "fee")
    return str(minimum.citation)


def whole(raw, field: str, least: int) -> int:
    try:
        value = int(raw)
    except (TypeError, ValueError):
        value = least - 1
    if value < least:
        raise refused(errors.WHOLE_NUMBER, ErrorCode.INVALID, field)
    return value


def shares(raw, capacity: int) -> list[str]:
    try:
        shares = [Decimal(str(share).strip().replace(",", ".")) for share in raw]
    except (ArithmeticError, TypeError):
        shares = []
    if not shares or any(not s.is_finite() or s <= 0 for s in shares) or sum(shares) != 1 or len(shares) > capacity:
        raise refused(errors.SHARES, ErrorCode.INVALID, "shares")
    return [str(share) for share in shares]


def levels(raw) -> list[dict]:
    levels = []
    for number, level in enumerate(raw or [], start=1):
        try:
            small, big, ante, minutes = (int(level[key]) for key in ("petite_blinde", "grosse_blinde", "ante",
                                                                      "minutes"))
        except (KeyError, TypeError, ValueError):
            small = big = ante = minutes = 0
        if small <= 0 or big < small or ante < 0 or minutes <= 0:
            raise refused(errors.LEVELS.format(level=number), ErrorCode.INVALID, "levels")
        levels.append({"petite_blinde": small, "grosse_blinde": big, "ante": ante, "minutes": minutes})
    if not levels:
        raise refused(errors.LEVELS.format(level=1), ErrorCode.INVALID, "levels")
    return levels


def tables(casino: Casino, raw, day: datetime.date) -> tuple[list[str], str]:
    marked = rules.of(casino, rules.TABLES_MARKED, day)
    citation = str(marked.citation) if marked else controls.written(errors.HOUSE_PLAYERS)
    tables = [clean_text(table, field="tables", max_length=40) for table in (raw or []) if str(table or "").strip()]
    if not tables:
        raise refused(errors.TABLES_REQUIRED.format(citation=citation), ErrorCode.REQUIRED, "tables")
    return list(dict.fromkeys(tables)), citation if marked else ""
