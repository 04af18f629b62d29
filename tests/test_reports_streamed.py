"""Issue 19, the monthly book at a casino-year's size: its entries are not held at once (ledger.Rows reads them a batch
at a time at each pass), its data and its ledger's items are written a batch at a time, its file as its objects are
made. With the thresholds lowered, a few hundred entries take that path: the file is the very one the entries held
at once give, and it shows every entry of the one-piece rendering, once and in order."""

import datetime
import re
import subprocess

import pytest

from benchmarks.reports import fill, orphelin
from compliance.reports import documents, ledger, parts, render, signing, verification
from compliance.reports.monthly import month_of
from compliance.reports.selectors import crl_der
from compliance.reports.services import report_generate, report_request
from registers.chain.services import register_for
from registers.kinds import RegisterKind
from registers.models import Entry
from tests.conftest import make_user
from tests.test_reports_parts import _pages

pytestmark = pytest.mark.django_db

ENTRIES = 330


@pytest.fixture
def book(world, rules):
    """Last month's orphelins, ENTRIES of them over nine gaming days, and the request of its monthly book."""
    manager = make_user("direction.c", "manager", casino=world.c)
    start, _end = month_of(world.c.today().replace(day=1) - datetime.timedelta(days=1))
    register = register_for(casino=world.c, kind=RegisterKind.ORPHELINS)
    fill(register, [start + datetime.timedelta(days=n) for n in range(9)], ENTRIES, orphelin, world.accountant_c,
         manager)
    report = report_request(actor=world.accountant_c, kind="register_monthly", casino=world.c,
                            register_kind=register.kind, start=start)
    return world, register, report, manager


def _rendered(report, monkeypatch, *, held: int):
    monkeypatch.setattr(ledger, "HELD", held)
    made = documents.build(report)
    return made, render.pdf(made.template, made.context, made.source, created=made.created)


def test_a_book_read_a_batch_at_a_time_is_the_file_of_the_entries_held_at_once(book, monkeypatch, tmp_path):
    world, register, report, _manager = book
    one_made, one = _rendered(report, monkeypatch, held=10**9)  # held at once, under PARTS_FROM: one piece
    monkeypatch.setattr(parts, "PARTS_FROM", 100)
    monkeypatch.setattr(parts, "PART_ENTRIES", 70)
    monkeypatch.setattr(parts, "FOOTER_PAGES", 4)  # the footers too, in several jobs a worker
    held_made, held = _rendered(report, monkeypatch, held=10**9)
    monkeypatch.setattr(ledger, "BATCH", 45)  # a day's entries over two batches: its heading shown once
    rows_made, rows = _rendered(report, monkeypatch, held=100)
    assert isinstance(rows_made.source["entries"], ledger.Rows) and isinstance(held_made.source["entries"], list)
    assert rows_made.covered == held_made.covered == list(range(1, ENTRIES + 1))
    assert rows_made.source["totals"] == held_made.source["totals"] and rows_made.source["days"] == \
        held_made.source["days"]
    assert render.source_bytes(rows_made.source) == render.source_bytes(held_made.source)  # the data, batch by batch
    assert rows == held  # the same file, byte for byte
    pages, one_pages = _pages(rows, tmp_path, "rows"), _pages(one, tmp_path, "one")
    assert len(pages) > 12 and render.page_count(rows) == len(pages)
    for number, page in enumerate(pages, 1):
        assert re.search(rf"page {number} / {len(pages)}\b", page), page[-300:]

    def shown(text):
        return [int(seq) for seq in re.findall(r"^\s*(\d{1,7})\s+\d\d/\d\d \d\d:\d\d:\d\d", "\n".join(text), re.M)]
    assert shown(pages) == shown(one_pages) == list(range(1, ENTRIES + 1))  # once each, in order, none lost
    assert "\n".join(pages).count("Journée de jeu du") == 9
    source = render.source_of(rows)
    assert [row["seq"] for row in source["entries"]] == list(range(1, ENTRIES + 1))
    assert source == render.source_of(one)


def test_the_passes_of_a_book_read_the_register_as_it_stood_at_the_first(book, monkeypatch):
    world, register, report, manager = book
    monkeypatch.setattr(ledger, "HELD", 100)
    rows = documents.build(report).source["entries"]
    start = report.period_start
    fill(register, [start], 3, orphelin, world.accountant_c, manager)  # appended meanwhile
    assert Entry.objects.filter(register=register, gaming_day__month=start.month).count() == ENTRIES + 3
    assert [row["seq"] for row in rows] == rows.seqs == list(range(1, ENTRIES + 1))


def _streamed(monkeypatch) -> None:
    """The thresholds lowered so that the book's 330 entries take the streamed path, laid out in parts."""
    monkeypatch.setattr(ledger, "HELD", 100)
    monkeypatch.setattr(parts, "PARTS_FROM", 100)
    monkeypatch.setattr(parts, "PART_ENTRIES", 70)


def test_a_book_read_a_batch_at_a_time_is_signed_and_filed(book, monkeypatch, tmp_path):
    world, register, report, _manager = book
    _streamed(monkeypatch)
    report = report_generate(report)
    assert report.status == "succeeded", report.error
    assert report.covered == list(range(1, ENTRIES + 1)) and report.pages > 12
    signed = bytes(report.pdf)
    assert render.page_count(signed) == report.pages and len(render.source_of(signed)["entries"]) == ENTRIES
    filed = Entry.objects.get(register=register, kind="rapport.signe")
    assert filed.seq == ENTRIES + 1
    verdict = signing.verify(signed, crl_der())
    assert verdict.valid and verdict.long_term, verdict.details
    path = tmp_path / "livre.pdf"
    path.write_bytes(signed)
    read = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    assert read.stderr == "" and f"Pages:           {report.pages}" in read.stdout  # poppler reads it, no complaint


def test_the_entries_a_book_shows_are_read_for_its_check_as_its_data_is_decompressed(book, monkeypatch):
    """The check of an uploaded book compares the n° and hash of each entry it shows with the register, read from its
    attached JSON as a stream (a month's book of the cards register shows some 300,000: parsed whole, a gigabyte of
    objects). It finds each of them, and names by its n° an entry whose hash is not the register's."""
    world, register, report, _manager = book
    _streamed(monkeypatch)
    signed = bytes(report_generate(report).pdf)
    whole = {row["seq"]: row["hash"] for row in render.source_of(signed)["entries"]}
    assert verification.shown_entries(signed) == whole and len(whole) == ENTRIES
    check = verification.verify_report(signed)
    assert check.valid and check.covered == ENTRIES and check.changed == []
    assert verification._changed(register, {**whole, 7: "0" * 64}) == [7]  # a hash that is not the register's


def test_a_report_without_readable_data_shows_no_entries_to_compare():
    assert verification.shown_entries(b"%PDF-1.7 not really") is None
