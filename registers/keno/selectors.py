"""What the keno register reads (QC RJC art. 86): the register as its entries leave it (book.py), art. 86's delays
from the rule data through the jurisdiction's profile, the winning tickets not paid with their deadlines."""

import datetime
import json
from zoneinfo import ZoneInfo

from compliance.models import Casino
from compliance.profiles import applies
from games.selectors import rule_value_at

from ..chain.selectors import standing
from ..kinds import RegisterKind
from ..models import Entry, Register
from .book import keno_apply
from .controls import AFTER_MIDNIGHT, BEFORE_MIDNIGHT, MULTI_DRAW, Delays, Keno, Unpaid, unpaid_winners

FEATURE = "keno"
WINDOW = datetime.timedelta(days=100)  # the « À faire » list reads this far back: past the ninety days of art. 86


def zone_of(casino: Casino) -> ZoneInfo:
    return ZoneInfo(casino.jurisdiction.timezone)


def keno_applies(casino: Casino, day: datetime.date | None = None) -> bool:
    return applies(casino.jurisdiction, FEATURE, day or casino.today())


def register_of(casino: Casino) -> Register | None:
    return Register.objects.filter(casino=casino, kind=RegisterKind.KENO).first()


def keno_of(register: Register | None) -> Keno:
    """The register as its standing entries leave it, in their order: one query."""
    return Keno() if register is None else _keno(Entry.objects.filter(register=register))


def casino_keno(casino: Casino, since: datetime.date) -> Keno:
    """The casino's register from the gaming day `since` on, its register not read apart (the « À faire » list asks
    it on every page): one query. A ticket is sold before its draws, which come before its payment: those read are
    whole."""
    return _keno(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.KENO,
                                      gaming_day__gte=since))


def _keno(entries) -> Keno:
    keno = Keno()
    for kind, seq, payload in standing(entries).order_by("seq").values_list("kind", "seq", "payload"):
        keno_apply(keno, kind, seq, json.loads(payload))
    return keno


def delays_on(casino: Casino, day: datetime.date) -> Delays:
    """Art. 86's delays in force on `day`, read through the jurisdiction's profile (a missing one refuses)."""
    values = [rule_value_at(jurisdiction=casino.jurisdiction, key=name, on=day)
              for name in (BEFORE_MIDNIGHT, AFTER_MIDNIGHT, MULTI_DRAW)]
    return Delays(*(int(value.value) for value in values), str(values[0].citation))


def unpaid(casino: Casino, keno: Keno) -> list[Unpaid]:
    """The winning tickets not paid, with their deadlines (art. 86)."""
    return unpaid_winners(keno, delays_on(casino, casino.today()), zone_of(casino))
