"""A casino's gaming day is its own date (Casino.today), not the server's: CI once ran the README's drill at
23:30 UTC, when Luxembourg was already on the next day, and the drill's card for the server's date was refused."""
import datetime
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.utils import timezone

from compliance.errors import DomainError
from compliance.services import casino_create, jurisdictions_load, system_user
from registers.cards.services import card_certificate_record, card_issue
from tests.conftest import make_user

ROOT = Path(__file__).resolve().parent.parent
LATE_EVENING_UTC = datetime.datetime(2026, 11, 24, 23, 30, tzinfo=datetime.UTC)


@pytest.fixture
def late_evening(monkeypatch):
    monkeypatch.setattr(timezone, "now", lambda: LATE_EVENING_UTC)


def test_a_casino_opened_late_in_the_evening_utc_issues_cards_on_its_own_day(db, late_evening):
    jurisdictions_load()
    casino = casino_create(actor=system_user(), jurisdiction_code="LU", code="soir", name="Casino du Soir",
                           operator_name="Soir SA", licence_number="LIC-S", address="1, rue du Soir",
                           share_capital=Decimal("1000000.00"))
    manager = make_user("soir.direction", "manager", casino=casino)
    assert (casino.opened_on, casino.today()) == (datetime.date(2026, 11, 25), datetime.date(2026, 11, 25))
    card_certificate_record(casino=casino, actor=manager, supplier="Cartes SA", reference="C-1",
                            issued_on=casino.today())
    assert card_issue(casino=casino, actor=manager, kind="journaliere", gaming_day=casino.today()).number
    with pytest.raises(DomainError) as refused:  # the server's date, a day behind the casino's
        card_issue(casino=casino, actor=manager, kind="journaliere", gaming_day=timezone.localdate())
    assert refused.value.field == "gaming_day" and "depuis le 25 novembre 2026" in str(refused.value.message)


SERVER_DATE = re.compile(r"timezone\.localdate\(\)|date\.today\(\)")


def test_scripts_and_benchmarks_name_a_gaming_day_by_the_casinos_date():
    """Outside a request nothing activates the casino's zone, so the server's date is a day off for an hour or
    more each night; these run in CI at any hour."""
    lines = [(path, number, line) for folder in ("scripts", "benchmarks")
             for path in sorted((ROOT / folder).glob("*.py"))
             for number, line in enumerate(path.read_text().splitlines(), 1)]
    offenders = [f"{path.relative_to(ROOT)}:{number}" for path, number, line in lines
                 if SERVER_DATE.search(line) and "not a gaming day" not in line]
    assert not offenders
