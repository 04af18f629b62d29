"""A long ledger (a month's book: a thousand pages) rendered in parts, in worker processes: one WeasyPrint document
holding every page takes more memory than a worker may use, and one process alone takes minutes.

The ledger's items (templates/compliance/reports/_ledger.html: the entries and the days' headings, the `<div>`s of
`<div class="ledger">`) are cut into as many contiguous ranges as there are workers: at a day's heading when the
ledger has some (the day then starts a page), else where a page starts (seen by laying out its first pages, and
checked: else that range's last page ends short). Each worker lays its range out a part at a time, each part going
on from the first item of the previous part's last page (that page laid out again with it): the pages are those of
one document. The footers (« page X / Y ») are laid out once the number of pages is known and drawn after each
page's own content; the parts, the footers, the outline and the attached data are then written as one PDF/A-3b,
with the first part's catalog (metadata, output intent, attachment) and the same identifier.

Nothing that grows with the ledger is held in one process: the items are in a file (this process keeps where each
starts), the parts are files, the footers are laid out so many pages at a time, the attached data is read from its
file a piece at a time, and the PDF is written to its file as its objects are made (`_Sink`).

Relies on WeasyPrint's page objects (`anchors`, `bookmarks`, `Document.copy`) and its outline writer
(`add_outlines`, `Document.make_bookmark_tree`): requirements.txt pins the version these were read from."""

import dataclasses
import hashlib
import io
import pickle  # nosec B403  # only between this process and its own workers
import re
import subprocess  # nosec B404  # the report's own workers
import sys
import tempfile
import types
import zlib
from array import array
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pydyf
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.reader import PdfFileReader
from weasyprint import CSS, HTML, Attachment
from weasyprint.document import Document
from weasyprint.pdf.anchors import add_outlines
from weasyprint.text.fonts import FontConfiguration

VARIANT = "pdf/a-3b"
PARTS_FROM = 1500  # ledger entries from which a report is rendered in parts (about 65 pages)
PART_ENTRIES = 1200  # entries a worker lays out at once: about 55 pages, under 200 MiB in its process
FOOTER_PAGES = 1000  # footers a worker lays out at once
# Processes at once, each 150 to 250 MiB. Fixed, not the machine's CPUs: where the ledger is cut changes the file's
# objects, and the same data must give the same bytes on any machine.
WORKERS = 2
ROOT = Path(__file__).resolve().parents[2]
ITEM_ID = "vigie-ledger-item-"
TAGGED = 150  # the items of a part given an id, to find which begins its last page: its last ones only (ids cost)
PROBE = 80  # the first items laid out to see where pages start, in a ledger of items all alike (about 4 pages)
# A part that goes on from another: no top margin above its first item, as on a page after a break
GOING_ON = "body { margin-top: 0 !important } .ledger > :first-child { margin-top: 0 !important }"
# In the parts, no page box of the margins: the footers are laid out apart, once the number of pages is known
NO_MARGIN_BOXES = "@page {" + " ".join(
    f"@{side}-{place} {{ content: none !important }}" for side, places in (
        ("top", ("left-corner", "left", "center", "right", "right-corner")),
        ("bottom", ("left-corner", "left", "center", "right", "right-corner")),
        ("left", ("top", "middle", "bottom")), ("right", ("top", "middle", "bottom"))) for place in places) + "}"


def long_ledger(html: str) -> "Ledger | None":
    """The page's ledger when it is long enough to be rendered in parts."""
    ledger = Ledger.of(html)
    return ledger if ledger is not None and len(ledger.items) >= PARTS_FROM else None


@dataclasses.dataclass
class Ledger:
    """A page's HTML cut around its ledger: what comes before its entries, each entry (and each day's heading) as
    its own item, what follows them."""

    head: str  # up to and including <body>
    before: str  # the body up to and including the ledger's opening tag
    opening: str  # the ledger's opening tag
    items: list[str]
    after: str  # from the ledger's closing tag to the end
    strings: str  # the elements setting the strings the margins show (_base.html's footer: `.runfoot`)

    @classmethod
    def of(cls, html: str) -> "Ledger | None":
        body, opening = re.search(r"<body[^>]*>", html), re.search(r'<div class="ledger">', html)
        if body is None or opening is None or len(re.findall(r'<div class="ledger">', html)) != 1:
            return None
        found = items_of(html, opening.end())
        if found is None:
            return None
        items, at = found
        strings = "".join(re.findall(r'<div class="runfoot">.*?</div>', html[body.end():opening.start()], re.S))
        return cls(html[:body.end()], html[body.end():opening.end()], opening.group(), items, html[at:], strings)

    def ranges(self, count: int) -> list[tuple[int, int, bool]]:
        """`count` contiguous ranges of about as many items, and whether each ends where a page starts (so that its
        last page is full): a range starts at a day's heading when one is near (the day then starts a page); in a
        ledger of items all alike, where a page starts (`period`)."""
        size, bounds, seams = len(self.items), [0], []
        headed = any(self.items.headings)
        period = None if headed or count == 1 else self.period()
        for index in range(1, count):
            ideal, reach = index * size // count, size // (4 * count)
            headings = [i for i in range(max(bounds[-1] + 1, ideal - reach), min(size, ideal + reach + 1))
                        if self.items.headings[i]]
            paged = period[0] + round((ideal - period[0]) / period[1]) * period[1] if period else 0
            if headings:
                bound, seam = min(headings, key=lambda i: (abs(i - ideal), i)), False
            elif bounds[-1] < paged < size:
                bound, seam = paged, True
            else:
                bound, seam = ideal, False
            if bounds[-1] < bound < size:
                bounds.append(bound)
                seams.append(seam)
        return list(zip(bounds, [*bounds[1:], size], [*seams, False], strict=True))

    def period(self) -> tuple[int, int] | None:
        """Where pages start, from the first pages laid out: the second at item `a`, then every `e` items; None
        when they do not start that regularly."""
        probe = self.items[:PROBE]
        html = self.head + self.before + _tagged(probe, 0, 0) + "</div></body></html>"
        pages = HTML(string=html).render(stylesheets=[CSS(string=NO_MARGIN_BOXES)], pdf_variant=VARIANT).pages
        starts = [item for index, page in enumerate(pages[1:], 1) if (item := _first_item(page)) is not None
                  and item > 0 and _begins(pages, index, item)]
        steps = {b - a for a, b in zip(starts, starts[1:], strict=False)}
        return (starts[0], steps.pop()) if len(starts) >= 3 and len(steps) == 1 else None


def items_of(html: str, start: int) -> tuple[list[str], int] | None:
    """The `<div>`s following each other in `html` from `start` (just after a ledger's opening tag), and where the
    ledger closes; None when anything else stands between them (not a ledger of entries)."""
    items, depth, begin, position = [], 0, None, start
    for tag in re.finditer(r"<div\b|</div>", html[start:]):
        at = start + tag.start()
        if tag.group() == "</div>":
            depth -= 1
            if depth < 0:  # the ledger's own closing tag
                break
            if depth == 0:
                items.append(html[begin:at + 6])
                position = at + 6
        else:
            if depth == 0:
                if html[position:at].strip():
                    return None
                begin = at
            depth += 1
    else:
        return None
    return (items, at) if not html[position:at].strip() else None


class Items:
    """A ledger's items in a file, in order: the workers read their ranges from it; this process holds where each
    starts and which are days' headings, not the items (a month's book: hundreds of megabytes of them)."""

    def __init__(self, path: Path):
        self.path, self.offsets, self.headings = path, array("q", [0]), bytearray()
        self._file = path.open("wb")

    def add(self, item: str) -> None:
        written = item.encode()
        self._file.write(written)
        self.offsets.append(self.offsets[-1] + len(written))
        self.headings.append(item.startswith('<div class="day"'))

    def close(self) -> "Items":
        self._file.close()
        return self

    def __len__(self) -> int:
        return len(self.headings)

    def __getitem__(self, wanted: slice) -> list[str]:
        return Stored(self.path, list(self.offsets[wanted.start or 0:(wanted.stop or len(self)) + 1]))[:]


@dataclasses.dataclass
class Stored:
    """Some consecutive items of an `Items` file, read when sliced (what a worker is given of its range)."""

    path: Path
    offsets: list[int]

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, wanted: slice) -> list[str]:
        first, last = wanted.start or 0, min(wanted.stop if wanted.stop is not None else len(self), len(self))
        if first >= last:
            return []
        with self.path.open("rb") as read:
            read.seek(self.offsets[first])
            data = read.read(self.offsets[last] - self.offsets[first])
        base = self.offsets[first]
        return [data[self.offsets[i] - base:self.offsets[i + 1] - base].decode() for i in range(first, last)]


def in_parts(ledger: Ledger, attachment: dict, identifier: bytes, out, folder: Path, data: Path) -> None:
    """Writes to `out` the PDF/A-3b of the page whose ledger is `ledger` (its items a list, or already in a file):
    its Source the JSON file `data`, `attachment` the Attachment's other arguments; `folder` holds what is made on
    the way (the items, the parts)."""
    if not isinstance(ledger.items, Items):
        items = Items(folder / "items")
        for item in ledger.items:
            items.add(item)
        ledger = dataclasses.replace(ledger, items=items.close())
    count = WORKERS
    with _Workers(count) as workers:  # they start while the ranges are chosen
        ranges = ledger.ranges(count)
        made = workers.run([{"job": "body", "head": ledger.head, "opening": ledger.opening, "first": a,
                             "items": Stored(ledger.items.path, list(ledger.items.offsets[a:b + 1])),
                             "ahead": ledger.items[b:b + 1] if seam else [],
                             "before": ledger.before if a == 0 else None,
                             "after": ledger.after if b == len(ledger.items) else "</div></body></html>",
                             "attachment": {**attachment, "string": b"{}"} if a == 0 else None,
                             "identifier": identifier, "part": PART_ENTRIES, "written": folder / f"part-{a}"}
                            for a, b, seam in ranges])
        parts = [part for result in made for part in result]  # (file, [(height, bookmarks) of each page])
        total = sum(len(pages) for _, pages in parts)
        head, jobs = ledger.head.replace("counter(pages)", f'"{total}"') + ledger.strings, []
        for first in range(1, total + 1, FOOTER_PAGES):  # the footers, so many pages at a time
            jobs.append({"job": "footers", "head": head, "first": first, "count": min(FOOTER_PAGES, total - first + 1),
                         "identifier": identifier})
        footers = workers.run(jobs)
        workers.close()  # they end while the parts are put together
        _merge(parts, footers, identifier, out, data)


class _Workers:
    """Worker processes (this module's `worker`), each given its jobs in turn, pickled on its standard input, and
    answering each on its standard output."""

    def __init__(self, count: int):
        self.count, self.processes, self.errors = count, [], []

    def __enter__(self):
        for _ in range(self.count):
            errors = tempfile.TemporaryFile()  # noqa: SIM115 - closed on exit, read when the worker fails
            self.errors.append(errors)
            self.processes.append(subprocess.Popen(  # nosec B603  # our interpreter, no shell
                [sys.executable, "-c", "from compliance.reports.parts import worker; worker()"], cwd=ROOT,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors))
        return self

    def run(self, jobs: list[dict]) -> list:
        """The answers to `jobs`, in their order: worker i does jobs i, i + count, … in turn."""
        answers = [None] * len(jobs)

        def run(index):
            process = self.processes[index]
            for at in range(index, len(jobs), self.count):
                try:
                    pickle.dump(jobs[at], process.stdin)
                    process.stdin.flush()
                    answers[at] = pickle.load(process.stdout)  # nosec B301  # our own worker's answer
                except (OSError, EOFError, pickle.UnpicklingError) as exc:
                    self.errors[index].seek(0)
                    raise RuntimeError(f"rendu d'une partie du rapport / report part: {exc} "
                                       f"{self.errors[index].read().decode(errors='replace')[-2000:]}") from exc

        with ThreadPoolExecutor(max_workers=self.count) as pool:
            list(pool.map(run, range(min(self.count, len(jobs)))))
        return answers

    def close(self):
        for process in self.processes:
            if not process.stdin.closed:
                process.stdin.close()

    def __exit__(self, failed, *exc):
        self.close()
        for process, errors in zip(self.processes, self.errors, strict=True):
            try:
                if failed:  # no report will be made of what they do: they stop now
                    process.kill()
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            process.stdout.close()
            errors.close()


def worker() -> None:
    """A worker process: answers each job read on its standard input (pickled) on its standard output."""
    fonts, answers = FontConfiguration(), sys.stdout.buffer
    sys.stdout = sys.stderr  # whatever else is printed stays out of the answers
    while True:
        try:
            job = pickle.load(sys.stdin.buffer)  # nosec B301  # our own parent's job
        except EOFError:
            return
        made = _body(job, fonts) if job["job"] == "body" else _footers(job, fonts)
        pickle.dump(made, answers)
        answers.flush()


def _body(job: dict, fonts: FontConfiguration) -> list:
    """The range's pages, as PDF parts of at most PART_ENTRIES items each (files, named after `written`). Each part
    goes on from the first item of the previous one's last page (laid out again), so that no page ends short; the
    range's last part, when the range should end where a page ends, is laid out with the next range's first item
    (`ahead`) to see that it starts a page (else its last page is laid out apart, and ends short)."""
    items, first, parts, start, ahead = job["items"], job["first"], [], 0, job["ahead"]
    while start < len(items):
        end = min(start + job["part"], len(items))
        last = end == len(items)
        document = _layout(job, fonts, start, items[start:end] + (ahead if last else []),
                           tagged_from=end - TAGGED if not last or ahead else None)
        pages, following, going_on = document.pages, end, None
        if not last:
            going_on = _first_item(pages[-1])
        elif ahead:  # the next range's first item, on the last page: it should start it
            if len(pages) > 1 and _begins(pages, len(pages) - 1, first + end):
                pages = pages[:-1]
            else:  # it does not: this last page is laid out again apart, without it
                going_on, ahead = _first_item(pages[-1]), []
        if going_on is not None:
            if (len(pages) > 1 and going_on - 1 >= first + end - TAGGED and going_on - first > start
                    and _begins(pages, len(pages) - 1, going_on)):
                pages, following = pages[:-1], going_on - first
            elif last:  # no page to go on from: the range's items laid out again without the next range's
                document = _layout(job, fonts, start, items[start:end], tagged_from=None)
                pages = document.pages
        for page in pages:
            page.anchors = {}  # the items' ids were only for finding them: no destination in the file
        attachments = [Attachment(**job["attachment"])] if job["attachment"] and not parts else None
        written = Path(f"{job['written']}-{len(parts)}.pdf")
        document.copy(pages).write_pdf(written, pdf_variant=VARIANT, pdf_identifier=job["identifier"],
                                       attachments=attachments)
        parts.append((written, [(page.height, page.bookmarks) for page in pages]))
        start = following
    return parts


def _layout(job: dict, fonts: FontConfiguration, start: int, items: list[str], *, tagged_from: int | None):
    """The document of the range's items from `start` on: after what precedes the ledger for its first items, else
    as they go on on a new page (no top margin above them); the items from `tagged_from` on with an id."""
    styles = [CSS(string=NO_MARGIN_BOXES, font_config=fonts)]
    if job["before"] is None or start:
        styles.append(CSS(string=GOING_ON, font_config=fonts))
    html = (job["head"] + (job["before"] if job["before"] is not None and not start else job["opening"])
            + _tagged(items, job["first"] + start, tagged_from + job["first"] if tagged_from is not None else None)
            + (job["after"] if start + len(items) >= len(job["items"]) else "</div></body></html>"))
    return HTML(string=html).render(stylesheets=styles, font_config=fonts, pdf_variant=VARIANT)


def _tagged(items: list[str], first: int, tagged_from: int | None) -> str:
    """The items (the first is item `first`), those from `tagged_from` on with an id (ids cost: WeasyPrint looks
    every one up on each page)."""
    return "".join(f'{item[:4]} id="{ITEM_ID}{index}"{item[4:]}' if tagged_from is not None and index >= tagged_from
                   else item for index, item in enumerate(items, first))


def _first_item(page) -> int | None:
    shown = [int(name[len(ITEM_ID):]) for name in page.anchors if name.startswith(ITEM_ID)]
    return min(shown) if shown else None


def _begins(pages: list, at: int, item: int) -> bool:
    """Whether page `at` starts with item `item`, whole: the item is on it and not on the page before, the item
    before it (which has an id) not on it."""
    return (f"{ITEM_ID}{item}" in pages[at].anchors and f"{ITEM_ID}{item - 1}" not in pages[at].anchors
            and (at == 0 or f"{ITEM_ID}{item}" not in pages[at - 1].anchors))


def _footers(job: dict, fonts: FontConfiguration) -> bytes | None:
    """The margins of pages first … first + count - 1 (the page counter starts at `first`, the total is written,
    the strings they show are set at the start)."""
    if not job["count"]:
        return None
    html = job["head"] + "<div></div>" + '<div style="break-before: page"></div>' * (job["count"] - 1)
    start = CSS(string=f"@page :first {{ counter-reset: page {job['first']} }}", font_config=fonts)
    document = HTML(string=html + "</body></html>").render(stylesheets=[start], font_config=fonts,
                                                           pdf_variant=VARIANT)
    if len(document.pages) != job["count"]:
        raise RuntimeError(f"{len(document.pages)} pages de pied au lieu de {job['count']} / footer pages")
    return document.write_pdf(pdf_variant=VARIANT, pdf_identifier=job["identifier"])


class _Raw(pydyf.Object):
    def __init__(self, data: bytes):
        super().__init__()
        self._data = data

    @property
    def data(self):
        return self._data


class _Copy:
    """Copies objects of a file read by pyHanko into the PDF being written by pydyf (WeasyPrint's own writer), each
    object once."""

    def __init__(self, pdf: pydyf.PDF, reader: PdfFileReader):
        self.pdf, self.reader, self.made, self.queue = pdf, reader, {}, []

    def __call__(self, value):
        value = self._value(value)
        while self.queue:
            source, target = self.queue.pop()
            if isinstance(target, pydyf.Stream):
                target.stream, target.extra = [source.encoded_data], self._entries(source, skip=("/Length",))
            elif isinstance(target, pydyf.Dictionary):
                target.update(self._entries(source))
            elif isinstance(target, pydyf.Array):
                target.extend(self._value(item) for item in source)
        return value

    def _entries(self, dictionary, skip=()) -> dict:
        return {key[1:]: self._value(dictionary.raw_get(key)) for key in dictionary if key not in skip}

    def _value(self, value):
        if isinstance(value, generic.IndirectObject):
            reference = value.reference
            if reference not in self.made:
                source = value.get_object()
                target = (pydyf.Stream() if isinstance(source, generic.StreamObject) else pydyf.Dictionary()
                          if isinstance(source, generic.DictionaryObject) else pydyf.Array()
                          if isinstance(source, generic.ArrayObject) else _Raw(_bytes(source)))
                self.pdf.add_object(target)
                self.made[reference] = target
                if not isinstance(target, _Raw):
                    self.queue.append((source, target))
            return self.made[reference].reference
        if isinstance(value, generic.StreamObject):
            return pydyf.Stream([value.encoded_data], self._entries(value, skip=("/Length",)))
        if isinstance(value, generic.DictionaryObject):
            return pydyf.Dictionary(self._entries(value))
        if isinstance(value, generic.ArrayObject):
            return pydyf.Array(self._value(item) for item in value)
        return _bytes(value)


def _bytes(value) -> bytes:
    written = io.BytesIO()
    value.write_to_stream(written, None)
    return written.getvalue()


class _Sink(pydyf.PDF):
    """A pydyf PDF written to its file as its objects are made: pydyf's own `write` holds every object to the end
    (and joins all their bytes once more for the identifier), a month's book more than a process should hold. The
    pages' tree, the catalog and the information dictionary, which grow to the end, are written last."""

    def __init__(self, output, version: bytes):
        self.output, self.waiting, self.digest = output, [], hashlib.md5(usedforsecurity=False)
        super().__init__()
        self.write_line(b"%PDF-" + version, output)
        self.write_line(b"%\xf0\x9f\x96\xa4", output)

    def add_object(self, object_):
        super().add_object(object_)
        self.waiting.append(object_)

    def flush(self, *, last: bool = False) -> None:
        """Writes the objects waiting (but those written last, unless `last`), each then forgotten but for its
        place in the file."""
        kept = []
        for object_ in self.waiting:
            if object_.free == "f" or (not last and any(object_ is held for held in (self.pages, self.catalog))):
                kept.append(object_)
                continue
            data = object_.data
            self.digest.update(data)
            written = types.SimpleNamespace(offset=self.current_position, generation=0, free="n")
            self.write_line(f"{object_.number} 0 obj\n".encode() + data + b"\nendobj", self.output)
            self.objects[object_.number] = written
        self.waiting = kept

    def close(self, identifier: bytes) -> None:
        """The last objects, the cross-reference table and the trailer (the identifier as pydyf writes it)."""
        if self.info:
            self.add_object(self.info)
        self.flush(last=True)
        xref = self.current_position
        self.write_line(b"xref", self.output)
        self.write_line(f"0 {len(self.objects)}".encode(), self.output)
        for object_ in self.objects:
            self.write_line(f"{object_.offset:010} {object_.generation:05} {object_.free} ".encode(), self.output)
        self.write_line(b"trailer", self.output)
        self.write_line(b"<<", self.output)
        self.write_line(f"/Size {len(self.objects)}".encode(), self.output)
        self.write_line(b"/Root " + self.catalog.reference, self.output)
        if self.info:
            self.write_line(b"/Info " + self.info.reference, self.output)
        self.write_line(b"/ID [" + pydyf.String(identifier).data + b" "
                        + pydyf.String(self.digest.hexdigest().encode()).data + b"]", self.output)
        self.write_line(b">>", self.output)
        self.write_line(b"startxref", self.output)
        self.write_line(f"{xref}".encode(), self.output)
        self.write_line(b"%%EOF", self.output)


def _attach(copy: "_Copy", reader: PdfFileReader, data: Path) -> None:
    """The first part's attached file (a stand-in, made by WeasyPrint with its name, dates and relationship) given the
    bytes of `data`, compressed a piece at a time, with their size and checksum."""
    specification = reader.root["/Names"]["/EmbeddedFiles"]["/Names"][1]
    stream = copy.made[specification["/EF"].raw_get("/F").reference]
    packer, packed, checksum, size = zlib.compressobj(), [], hashlib.md5(usedforsecurity=False), 0
    with data.open("rb") as source:
        while piece := source.read(1 << 20):
            checksum.update(piece)
            size += len(piece)
            packed.append(packer.compress(piece))
    packed.append(packer.flush())
    stream.stream = [b"".join(packed)]
    stream.extra = {key: value for key, value in stream.extra.items() if key not in ("Filter", "DecodeParms")}
    stream.extra["Filter"] = "/FlateDecode"
    stream.extra["Params"]["CheckSum"] = f"<{checksum.hexdigest()}>"
    stream.extra["Params"]["Size"] = size


def _merge(parts: list, footers: list[bytes], identifier: bytes, out, data: Path) -> None:
    """Writes to `out` one PDF/A-3b: the first part's catalog (metadata, output intent, attached data: the file
    `data`), every part's pages, each with its footer drawn after it, the outline of every part's headings."""
    opened = parts[0][0].read_bytes()
    pdf = _Sink(out, opened[5:8])
    first = PdfFileReader(io.BytesIO(opened), strict=False)
    copy = _Copy(pdf, first)
    info = first.trailer_view.get_value_as_reference("/Info").get_object()
    pdf.info.update(copy._entries(info))
    for key in first.root:
        if key == "/Names":
            names = first.root["/Names"]
            if "/EmbeddedFiles" in names:
                pdf.catalog["Names"] = pydyf.Dictionary({"EmbeddedFiles": copy(names.raw_get("/EmbeddedFiles"))})
        elif key not in ("/Type", "/Pages", "/Outlines"):
            pdf.catalog[key[1:]] = copy(first.root.raw_get(key))
    _attach(copy, first, data)
    opening = pydyf.Stream([b"q"])  # the page's own drawing in a state of its own, closed by its footer's stream
    pdf.add_object(opening)
    margins = iter(_footers_drawn(pdf, [written for written in footers if written]))
    shown = []  # each page's height and headings, for the outline
    for index, (written, pages) in enumerate(parts):
        reader = first if not index else PdfFileReader(io.BytesIO(written.read_bytes()), strict=False)
        copy, merged = (_Copy(pdf, reader) if index else copy), {}  # the resources of this part's pages and footers
        for page, (height, bookmarks) in zip(_pages(reader), pages, strict=True):
            made = pydyf.Dictionary({key[1:]: copy(page.raw_get(key)) for key in page
                                     if key not in ("/Parent", "/Contents", "/Resources")})
            footer, added = next(margins)
            resources = page.raw_get("/Resources")
            key = (resources.reference if isinstance(resources, generic.IndirectObject) else id(page), id(added))
            if key not in merged:  # the page's resources and its footer's, renamed: one object for many pages
                resources = resources.get_object()
                merged[key] = pydyf.Dictionary({name[1:]: copy(resources.raw_get(name)) for name in resources})
                for kind, entries in added.items():
                    present = resources[kind] if kind in resources else generic.DictionaryObject()
                    merged[key][kind[1:]] = pydyf.Dictionary({**copy._entries(present), **entries})
                pdf.add_object(merged[key])
            made["Resources"] = merged[key].reference
            contents = page.raw_get("/Contents")
            contents = list(contents) if isinstance(contents, generic.ArrayObject) else [contents]
            made["Contents"] = pydyf.Array([opening.reference, *(copy(c) for c in contents), footer.reference])
            made["Parent"] = pdf.pages.reference
            pdf.add_page(made)
            pdf.flush()
            shown.append(types.SimpleNamespace(height=height, bookmarks=bookmarks))
    # the headings of every part, as WeasyPrint makes one document's outline (Document.make_bookmark_tree)
    add_outlines(pdf, Document.make_bookmark_tree(types.SimpleNamespace(pages=shown), 0.75, transform_pages=True))
    pdf.close(identifier)


def _pages(reader: PdfFileReader) -> list:
    return [reader.root["/Pages"]["/Kids"][index].get_object() for index in range(reader.root["/Pages"]["/Count"])]


def _footers_drawn(pdf: pydyf.PDF, footers: list[bytes]):
    """Each page of the footers as a content stream that ends the page's own state (`Q`) and draws the footer, its
    resources renamed (VF…, so as not to meet the page's): the stream, and these resources."""
    for written in footers:
        reader = PdfFileReader(io.BytesIO(written), strict=False)
        copy, renamed = _Copy(pdf, reader), {}
        for page in _pages(reader):
            shared = page.raw_get("/Resources")  # WeasyPrint's pages share theirs
            shared = shared.reference if isinstance(shared, generic.IndirectObject) else id(page)
            if shared not in renamed:
                resources = page["/Resources"]
                added = {kind: {f"VF{name[1:]}": copy(resources[kind].raw_get(name)) for name in resources[kind]}
                         for kind in resources if isinstance(resources[kind], generic.DictionaryObject)
                         and kind in ("/ExtGState", "/XObject", "/Pattern", "/Shading", "/Font", "/ColorSpace")}
                names = sorted({name[2:] for entries in added.values() for name in entries}, key=len, reverse=True)
                pattern = re.compile(rb"/(" + b"|".join(re.escape(name.encode()) for name in names)
                                     + rb")(?![^\s()<>\[\]{}/%])") if names else None
                renamed[shared] = added, pattern
            added, pattern = renamed[shared]
            content = page["/Contents"]
            data = (b"\n".join(part.get_object().data for part in content)
                    if isinstance(content, generic.ArrayObject) else content.data)
            if pattern is not None:
                data = pattern.sub(rb"/VF\1", data)
            stream = pydyf.Stream([zlib.compress(b"Q\n" + data)], {"Filter": "/FlateDecode"})
            pdf.add_object(stream)
            yield stream, added
