"""Issue 36: a register's monthly book reads in the order of its gaming days. Days filed late sit after later days in
the register (22, 19, 28, 25, 27 November, then the 28th again); the book shows the 19th, the 22nd, the 25th, the
27th, the 28th, each day's entries in register order, whether it holds them at once or reads them a batch at a time."""

import datetime
import re

import pytest

from benchmarks.reports import fill, orphelin
from compliance.reports import documents, ledger, render
from compliance.reports.monthly import month_of
from compliance.reports.services import report_request
from registers.chain.services import register_for
from registers.kinds import RegisterKind
from tests.conftest import make_user
from tests.test_reports_parts import _pages

pytestmark = pytest.mark.django_db

FILED = (22, 19, 28, 25, 27, 28)  # the order the days were filed in: late days after later ones
PER_DAY = 3


@pytest.fixture
def shuffled(world, rules):
    manager = make_user("direction.c", "manager", casino=world.c)
    start, _end = month_of(world.c.today().replace(day=1) - datetime.timedelta(days=1))
    register = register_for(casino=world.c, kind=RegisterKind.ORPHELINS)
    days = [start.replace(day=day) for day in FILED]
    fill(register, days, PER_DAY * len(days), orphelin, world.accountant_c, manager)
    report = report_request(actor=world.accountant_c, kind="register_monthly", casino=world.c,
                            register_kind=register.kind, start=start)
    return start, report


@pytest.mark.parametrize("held", [10**9, 4], ids=["held at once", "read a batch at a time"])
def test_the_monthly_book_reads_in_the_order_of_the_gaming_days(shuffled, held, monkeypatch, tmp_path):
    start, report = shuffled
    monkeypatch.setattr(ledger, "HELD", held)
    made = documents.build(report)
    rows = list(made.source["entries"])
    assert [row["gaming_day"].day for row in rows] == sorted(day for day in FILED for _ in range(PER_DAY))
    for day in set(FILED):  # within a day, the register's order
        seqs = [row["seq"] for row in rows if row["gaming_day"].day == day]
        assert seqs == sorted(seqs)
    assert sorted(made.covered) == list(range(1, PER_DAY * len(FILED) + 1))

    pdf = render.pdf(made.template, made.context, made.source, created=made.created)
    text = "\n".join(_pages(pdf, tmp_path, "book"))
    headings = [int(day) for day in re.findall(r"Journée de jeu du \w+ (\d{1,2}) ", text)]
    assert headings == [19, 22, 25, 27, 28]  # each day once, in its place
    assert [row["seq"] for row in render.source_of(pdf)["entries"]] == [row["seq"] for row in rows]
    assert start.month == rows[0]["gaming_day"].month
