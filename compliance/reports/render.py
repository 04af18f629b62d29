"""A report as a PDF/A-3b: the page rendered by WeasyPrint from a template, and the JSON of what it shows attached
as its `Source` (PDF/A-3 associated file), so that the file carries its own data. Nothing in the bytes depends on
the moment of rendering: the dates are the data's, the document identifier the hash of the data, so the same data
renders to the same bytes. A long ledger is rendered in parts (parts.py); a month's book, whose entries are not held
at once (ledger.Rows), is written a batch of entries at a time: its data, its ledger's items, its file."""

import dataclasses
import datetime
import hashlib
import io
import json
import tempfile
import textwrap
from decimal import Decimal
from pathlib import Path
from typing import BinaryIO

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.functional import Promise

from . import ledger

# WeasyPrint, pyHanko and the parts' renderer are read when a report is made or read, not by every process that starts
# Django (a command, the web server): their imports cost a second or two

SOURCE_NAME = "source.json"
LEDGER = "compliance/reports/_ledger.html"
APART = "vigie-entries-written-apart"


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, indent=1, cls=DjangoJSONEncoder)


def source_bytes(source: dict) -> bytes:
    written = io.BytesIO()
    source_write(source, written)
    return written.getvalue()


def source_write(source: dict, out) -> None:
    """`source` as JSON in `out`: entries read by a `ledger.Rows` are written a batch at a time, in the bytes one
    dump of the whole would give (each indented to its depth in the list of entries)."""
    rows = source.get("entries")
    if not isinstance(rows, ledger.Rows):
        out.write(_dumps(source).encode())
        return
    before, after = _dumps({**source, "entries": APART}).split(json.dumps(APART), 1)
    out.write(f"{before}[".encode())
    written = False
    for batch in rows.batches():
        out.write(("," if written else "").encode()
                  + ",".join("\n" + textwrap.indent(_dumps(row), "  ") for row in batch).encode())
        written = True
    out.write(f"{chr(10) + ' ' if written else ''}]{after}".encode())


class _Apart:
    """A ledger's rows as the page's template sees them when they are laid out apart: as many as they are (the
    template's « no entry » does not show), none of them here."""

    def __init__(self, count: int):
        self.count = count

    def __len__(self) -> int:
        return self.count

    def __iter__(self):
        return iter(())


def _items(rows: ledger.Rows, zone: str, folder: Path) -> "parts.Items":  # noqa: F821
    """The ledger's items (entries, days' headings: the monthly book's ledger), rendered a batch of rows at a time
    into a file."""
    from . import parts

    items, last_day, opening = parts.Items(folder / "items"), None, '<div class="ledger">'
    for batch in rows.batches():
        html = render_to_string(LEDGER, {"entries": batch, "zone": zone, "by_day": True})
        found, _ = parts.items_of(html, html.index(opening) + len(opening))
        if batch[0]["gaming_day"] == last_day and found[0].startswith('<div class="day"'):
            found = found[1:]  # the day goes on from the batch before: its heading is there
        for item in found:
            items.add(item)
        last_day = batch[-1]["gaming_day"]
    return items.close()


def plain(value):
    """`value` as JSON-ready data: a dataclass as its fields and its properties (what a template reads of it), a
    model as its name, amounts and dates as DjangoJSONEncoder writes them."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        for name, member in vars(type(value)).items():
            if isinstance(member, property) and not name.startswith("_"):
                data[name] = plain(getattr(value, name))
        return data
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, models.Model | Promise):
        return str(value)
    if value is None or isinstance(value, str | int | float | bool | Decimal | datetime.date):
        return value
    return str(value)


def pdf(template: str, context: dict, source: dict, *, created: datetime.datetime) -> bytes:
    written = io.BytesIO()
    write(written, template, context, source, created=created)
    return written.getvalue()


def write(out, template: str, context: dict, source: dict, *, created: datetime.datetime) -> None:
    """Writes the report's PDF/A-3b to `out` (a binary file), in French (people read French first; the data is the
    same in any language)."""
    from weasyprint import HTML, Attachment

    from . import parts

    rows = source.get("entries")
    apart = isinstance(rows, ledger.Rows)
    with tempfile.TemporaryDirectory(prefix="vigie-report-") as folder:
        folder = Path(folder)
        data = folder / SOURCE_NAME
        with data.open("wb") as written:
            source_write(source, written)
        identifier = _sha256(data)[:16]
        attachment = {"name": SOURCE_NAME, "description": "Données du rapport (JSON)", "relationship": "Source",
                      "created": created, "modified": created}
        with translation.override("fr"):
            shown = {**source, "entries": _Apart(rows.count) if apart else rows}
            html = render_to_string(template, {**context, "created": created, "source": shown})
            if apart:  # the page holds none of its entries: they are laid out apart, a batch at a time
                long = dataclasses.replace(parts.Ledger.of(html), items=_items(rows, source["timezone"], folder))
            else:
                long = parts.long_ledger(html)
        if long is not None:
            parts.in_parts(long, attachment, identifier, out, folder, data)
        else:
            HTML(string=html).write_pdf(out, pdf_variant=parts.VARIANT, pdf_identifier=identifier,
                                        attachments=[Attachment(string=data.read_bytes(), **attachment)])


def _sha256(path: Path) -> bytes:
    digest = hashlib.sha256()
    with path.open("rb") as read:
        while piece := read.read(1 << 20):
            digest.update(piece)
    return digest.digest()


def source_stream(document: bytes | BinaryIO):
    """The stream of the `source.json` a report carries (a pyHanko StreamObject), None when the file holds none or
    cannot be read."""
    from pyhanko.pdf_utils.reader import PdfFileReader

    read = io.BytesIO(document) if isinstance(document, bytes) else document
    try:
        names = PdfFileReader(read, strict=False).root["/Names"]["/EmbeddedFiles"]["/Names"]
        for index in range(0, len(names) - 1, 2):  # a flat name tree: name, file specification, …
            if str(names[index]) == SOURCE_NAME:
                return names[index + 1]["/EF"]["/F"]
    except Exception:  # noqa: BLE001 - a damaged or foreign file simply carries no readable source
        return None
    return None


def source_of(document: bytes) -> dict | None:
    """The JSON a report carries (its `source.json`), None when the file holds none or cannot be read."""
    stream = source_stream(document)
    try:
        return None if stream is None else json.loads(stream.data)
    except Exception:  # noqa: BLE001 - as above
        return None


def page_count(document: bytes | BinaryIO) -> int:
    from pyhanko.pdf_utils.reader import PdfFileReader

    read = io.BytesIO(document) if isinstance(document, bytes) else document
    return int(PdfFileReader(read, strict=False).root["/Pages"]["/Count"])
