"""Issue 14, a long ledger rendered in parts (compliance/reports/parts.py), with the thresholds lowered so that a
few hundred entries take that path: the file shows the same pages as the one-piece rendering, each entry once and
in register order, « page X / Y » right on every page, and carries the same data; the same data gives the same
bytes. A monthly book (the days' headings cut the ledger) and a daily report (no heading: cut where a page starts)."""

import copy
import datetime
import re
import subprocess

import pytest
from django.template.loader import render_to_string

from compliance.reports import documents, parts, render
from compliance.reports.services import report_request
from tests.test_reports_daily import closed_day  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db

ENTRIES = 330


def _long(document: documents.Document, days: int) -> dict:
    """The document's source with ENTRIES entries, over `days` gaming days: its first entry repeated, renumbered."""
    source = copy.deepcopy(document.source)
    first, start = source["entries"][0], source["entries"][0]["gaming_day"]
    source["entries"] = []
    for index in range(ENTRIES):
        row = {**first, "seq": index + 1, "amount": f"{index + 1}.25", "hash": f"{index + 1:064x}"}
        row["gaming_day"] = start + datetime.timedelta(days=index * days // ENTRIES)
        source["entries"].append(row)
    return source


def _pages(pdf: bytes, tmp_path, name: str) -> list[str]:
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return [page.rstrip() for page in text.split("\f")[:-1]]


def _both(document, source, monkeypatch, tmp_path):
    one = render.pdf(document.template, document.context, source, created=document.created)
    monkeypatch.setattr(parts, "PARTS_FROM", 100)
    monkeypatch.setattr(parts, "PART_ENTRIES", 70)  # each worker's range in several parts
    cut = render.pdf(document.template, document.context, source, created=document.created)
    return one, cut, _pages(one, tmp_path, "one"), _pages(cut, tmp_path, "cut")


@pytest.mark.parametrize(("kind", "days"), [("register_monthly", 9), ("register_daily", 1)])
def test_a_ledger_in_parts_shows_the_pages_of_the_one_piece_rendering(closed_day, monkeypatch, tmp_path, kind,  # noqa: F811
                                                                      days):
    world, register, day = closed_day
    document = documents.build(report_request(actor=world.accountant_c, kind=kind, casino=world.c,
                                              register_kind=register.kind, start=day))
    source = _long(document, days)
    html = render_to_string(document.template, {**document.context, "created": document.created, "source": source})
    assert parts.long_ledger(html) is None  # under PARTS_FROM: the one-piece rendering
    one, cut, one_pages, cut_pages = _both(document, source, monkeypatch, tmp_path)
    assert cut != one and render.page_count(cut) == render.page_count(one) == len(one_pages) > 12
    assert cut_pages == one_pages  # every line of every page, the footers included
    total = len(one_pages)
    for number, page in enumerate(cut_pages, 1):
        assert re.search(rf"page {number} / {total}\b", page), page[-300:]
    shown = [int(seq) for seq in re.findall(r"^\s*(\d{1,7})\s+\d\d/\d\d \d\d:\d\d:\d\d", "\n".join(cut_pages), re.M)]
    assert shown == list(range(1, ENTRIES + 1))  # each entry once, in register order, none lost at a seam
    assert render.source_of(cut) == render.source_of(one) and len(render.source_of(cut)["entries"]) == ENTRIES
    if days > 1:
        assert "\n".join(cut_pages).count("Journée de jeu du") == days
    again = render.pdf(document.template, document.context, source, created=document.created)
    assert again == cut  # the same data, the same bytes
