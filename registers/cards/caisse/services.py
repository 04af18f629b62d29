"""The caisse spéciale of the card system (LU RGD 1979 art. 3-4 9) and 18-14).

The special cash desks carry out every accounting operation of the electronic gaming cards (loads and
payouts are entries of the card ledger, `cards/ledger.py`, naming their desk); here the cashier files what a
desk holds when it is counted. Its encaisse is « constituée d'espèces, de tokens et des valeurs contenus sur les comptes
attribués aux cartes de jeu électroniques » (art. 18-14 al. 2): the count gives the cash and tokens, the
card ledger the rest (`selectors.desk_statement`). A count is an entry of the casino's `cartes`
register; a later count of the same desk and day supersedes it, never rewrites it.
"""

import datetime

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.permissions import verify_can_write
from registers.errors import ErrorCode

from ... import controls
from ...chain.replay import HOUSE_RULE
from ...chain.services import entry_append, register_for
from ...kinds import EntryKind, RegisterKind
from ...models import Entry
from ...money import parse_amount
from ..ledger import card_system_applies
from . import errors

COUNTED = EntryKind.DESK_COUNTED
OPENING, CLOSING = "ouverture", "cloture"
MOMENT_LABELS = {CLOSING: _("Clôture de la journée"), OPENING: _("Ouverture de la journée")}
MOMENTS = (OPENING, CLOSING)
DESK_MAX = 60

DESK_RULE = "caisse_speciale.operations_cartes"  # art. 18-14 al. 1: the card operations go through its desks
ENCAISSE_RULE = "caisse_speciale.encaisse"  # art. 18-14 al. 2: what its cash holding is made of


def caisse_citation(casino: Casino, key: str, day: datetime.date | None = None) -> str:
    """The article of the caisse spéciale, as the rule data cites it; the casino's control where it has none."""
    return controls.cited(casino, key, day or casino.today(), HOUSE_RULE)


def desk_name(raw, casino: Casino) -> str:
    """A desk as the ledger's entries name it: trimmed, never empty."""
    desk = " ".join(str(raw or "").split())
    if not desk:
        raise DomainError(errors.DESK_REQUIRED.format(citation=caisse_citation(casino, DESK_RULE)),
                          code=ErrorCode.REQUIRED, field="desk")
    if len(desk) > DESK_MAX:
        raise DomainError(errors.DESK_TOO_LONG.format(max=DESK_MAX), code=ErrorCode.TOO_LONG, field="desk")
    return desk


@transaction.atomic
def desk_count_file(*, casino: Casino, actor: User, gaming_day: datetime.date | None, desk: str, cash, tokens,
                    moment: str = CLOSING) -> Entry:
    """The cashier records the cash and tokens counted at a special desk, at the close of a gaming day (or
    its opening); exact decimals in the casino's currency, zero allowed."""
    verify_can_write(actor, casino)
    if not isinstance(gaming_day, datetime.date):
        raise DomainError(errors.DAY_REQUIRED, code=ErrorCode.REQUIRED, field="gaming_day")
    if not card_system_applies(casino, gaming_day):
        raise DomainError(errors.NO_CARD_SYSTEM.format(casino=casino.name,
                                                       citation=caisse_citation(casino, DESK_RULE, gaming_day)),
                          code=ErrorCode.NO_CARD_SYSTEM, field="casino")
    name = desk_name(desk, casino)
    if moment not in MOMENTS:
        raise DomainError(errors.MOMENT_UNKNOWN.format(value=moment), code=ErrorCode.UNKNOWN_MOMENT, field="moment")
    counted_cash = parse_amount(cash, field="cash", allow_zero=True)
    counted_tokens = parse_amount(tokens, field="tokens", allow_zero=True)
    return entry_append(
        register=register_for(casino=casino, kind=RegisterKind.CARTES), kind=COUNTED, gaming_day=gaming_day,
        actor=actor,
        payload={"desk": name, "moment": moment, "cash": counted_cash, "tokens": counted_tokens,
                 "currency": casino.currency, "citation": caisse_citation(casino, ENCAISSE_RULE, gaming_day)},
    )
