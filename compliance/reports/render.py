"""A report as a PDF/A-3b: the page rendered by WeasyPrint from a template, and the JSON of what it shows attached
as its `Source` (PDF/A-3 associated file), so that the file carries its own data. Nothing in the bytes depends on
the moment of rendering: the dates are the data's, the document identifier the hash of the data, so the same data
renders to the same bytes. A long ledger is rendered in parts (parts.py)."""

import dataclasses
import datetime
import hashlib
import io
import json
from decimal import Decimal

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.functional import Promise
from pyhanko.pdf_utils.reader import PdfFileReader
from weasyprint import HTML, Attachment

from . import parts

SOURCE_NAME = "source.json"


def source_bytes(source: dict) -> bytes:
    return json.dumps(source, ensure_ascii=False, sort_keys=True, indent=1, cls=DjangoJSONEncoder).encode()


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
    """The report's PDF/A-3b, in French (people read French first; the data is the same in any language)."""
    data = source_bytes(source)
    with translation.override("fr"):
        html = render_to_string(template, {**context, "created": created, "source": source})
    attachment = {"string": data, "name": SOURCE_NAME, "description": "Données du rapport (JSON)",
                  "relationship": "Source", "created": created, "modified": created}
    identifier = hashlib.sha256(data).digest()[:16]
    ledger = parts.long_ledger(html)
    if ledger is not None:
        return parts.in_parts(ledger, attachment, identifier)
    return HTML(string=html).write_pdf(pdf_variant=parts.VARIANT, attachments=[Attachment(**attachment)],
                                       pdf_identifier=identifier)


def source_of(document: bytes) -> dict | None:
    """The JSON a report carries (its `source.json`), None when the file holds none or cannot be read."""
    try:
        names = PdfFileReader(io.BytesIO(document), strict=False).root["/Names"]["/EmbeddedFiles"]["/Names"]
        for index in range(0, len(names) - 1, 2):  # a flat name tree: name, file specification, …
            if str(names[index]) == SOURCE_NAME:
                return json.loads(names[index + 1]["/EF"]["/F"].data)
    except Exception:  # noqa: BLE001 - a damaged or foreign file simply carries no readable source
        return None
    return None


def page_count(document: bytes) -> int:
    return int(PdfFileReader(io.BytesIO(document), strict=False).root["/Pages"]["/Count"])
