"""What the rule data says about a table: whether its game is played at a table, the limits it may display (QC RJC
art. 9; LU RGD 1979 art. 37-11, 37-17) and how its bank is kept (LU art. 9, 21, 37-9). Where the texts say nothing,
the casino's internal control is cited."""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from compliance.errors import DomainError
from compliance.models import Casino
from games.selectors import rule_value_at
from registers.errors import ErrorCode

from .. import controls
from ..models import BankMode, GamingTable
from ..money import parse_amount, shown
from . import errors

# Games Vigie does not keep at tables: machines, keno, tournaments, and the poker room's games (cercle).
NOT_AT_TABLES = ("appareils_a_sous", "semi_automatiques", "keno", "tournoi", "salon_poker", "texas_holdem", "omaha")
# A game's own values, under its key (« <game>.maximum »), where its texts set them: the maximum as multiples of the
# minimum, and what that maximum applies to (LU art. 37-11: per betting spot; 37-17: per bet).
MAXIMUM_MULTIPLES = (("maximum_par_case", "case"), ("maximum", "mise"))
MAXIMUM_BASIS = "mise_maximale_par"  # QC RJC art. 9: whether a game's maximum is per hand or per betting spot
MINIMUM_CLOSES = "changement_minimum_fermeture"  # LU art. 37-17: the minimum changes by closing the table
BANK = "tables.tenue_banque"  # a concept of the jurisdiction's profile: LU art. 9, 21, 37-9, a fixed float


@dataclass(frozen=True)
class Limits:
    minimum: Decimal
    maximum: Decimal
    per: str
    citation: str


@dataclass(frozen=True)
class Bank:
    mode: str
    citation: str


def is_table_game(key: str) -> bool:
    return key.split(".", 1)[-1] not in NOT_AT_TABLES


def _rule(casino: Casino, key: str, day: datetime.date):
    try:
        return rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=day, drafts=True)
    except DomainError:
        return None


def limits(table: GamingTable, day: datetime.date, minimum, maximum) -> Limits:
    """The minimum and maximum a session displays; a maximum the game's rule sets as multiples of the minimum must
    be one of them."""
    casino, game = table.casino, table.game.key
    low = parse_amount(minimum, field="minimum")
    high = parse_amount(maximum, field="maximum")
    if high < low:
        raise DomainError(errors.MAXIMUM_BELOW_MINIMUM.format(minimum=shown(casino, low), maximum=shown(casino, high)),
                          code=ErrorCode.INVALID, field="maximum")
    rule, per = next(((found, per) for suffix, per in MAXIMUM_MULTIPLES
                      if (found := _rule(casino, f"{game}.{suffix}", day)) is not None), (None, None))
    if rule is not None:
        allowed = [Decimal(str(multiple)) for multiple in rule.value]
        if high not in [low * multiple for multiple in allowed]:
            raise DomainError(errors.MAXIMUM_NOT_ALLOWED.format(
                maximum=high, minimum=low, multiples=", ".join(str(m) for m in allowed), citation=rule.citation),
                code=ErrorCode.INVALID, field="maximum")
        return Limits(low, high, per, str(rule.citation))
    basis = _rule(casino, f"{game}.{MAXIMUM_BASIS}", day)
    if basis is not None:
        return Limits(low, high, str(basis.value), str(basis.citation))
    return Limits(low, high, "mise", controls.written(controls.TABLE_LIMITS))


def minimum_change_rule(casino: Casino, game: str, day: datetime.date):
    """LU RGD 1979 art. 37-17: at the Bataille, the minimum changes only by closing and reopening the table."""
    return _rule(casino, f"{game}.{MINIMUM_CLOSES}", day)


def bank(casino: Casino, day: datetime.date) -> Bank:
    rule = _rule(casino, BANK, day)
    if rule is None:
        return Bank(BankMode.INVENTAIRE, controls.written(controls.TABLE_INVENTORY))
    return Bank(BankMode(rule.value), str(rule.citation))
