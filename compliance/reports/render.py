"""A report as a PDF/A-3b: the page rendered by WeasyPrint from a template, and the JSON of what it shows attached
as its `Source` (PDF/A-3 associated file), so that the file carries its own data. Nothing in the bytes depends on
the moment of rendering: the dates are the data's, the document identifier the hash of the data, so the same data
renders to the same bytes."""

import datetime
import hashlib
import io
import json

from django.core.serializers.json import DjangoJSONEncoder
from django.template.loader import render_to_string
from django.utils import translation
from pyhanko.pdf_utils.reader import PdfFileReader
from weasyprint import HTML, Attachment

SOURCE_NAME = "source.json"


def source_bytes(source: dict) -> bytes:
    return json.dumps(source, ensure_ascii=False, sort_keys=True, indent=1, cls=DjangoJSONEncoder).encode()


def pdf(template: str, context: dict, source: dict, *, created: datetime.datetime) -> bytes:
    """The report's PDF/A-3b, in French (people read French first; the data is the same in any language)."""
    data = source_bytes(source)
    with translation.override("fr"):
        html = render_to_string(template, {**context, "created": created, "source": source})
    attachment = Attachment(string=data, name=SOURCE_NAME, description="Données du rapport (JSON)",
                            relationship="Source", created=created, modified=created)
    return HTML(string=html).write_pdf(pdf_variant="pdf/a-3b", attachments=[attachment],
                                       pdf_identifier=hashlib.sha256(data).digest()[:16])


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
