"""A notice's signed poster (registers/notices: the notice as posted, its text kept with its SHA-256), on A4 or A3: the
document the reports sign, and its request, asked by the posting's service through the point
compliance.hooks.NOTICE_POSTER_REQUEST (this app's hooks.py contributes both), so that the registers never import the
reports. Signed with the casino's certificate; its hash is written in the platform's audit log (a notice belongs to no
register of the chain)."""

import datetime

from compliance.models import Casino
from registers.models import NoticeEvent

from .documents import Document
from .models import Report

TEMPLATE = "compliance/reports/notice_poster.html"


def source(posting: NoticeEvent) -> dict:
    """What the poster shows: the notice's text as posted, its place, day, paper and SHA-256."""
    return {"notice": posting.pk, "kind": posting.kind, "casino_name": posting.casino.name,
            "place": posting.place, "day": posting.day.isoformat(), "size": posting.size,
            "sha256": posting.digest, "content": posting.content}


def build(report: Report) -> Document:
    """The report's document, dated by its posting's record."""
    posting = NoticeEvent.objects.select_related("casino__jurisdiction").get(casino=report.casino,
                                                                             pk=int(report.subject))
    made = posting.recorded_at.astimezone(datetime.UTC).replace(microsecond=0)
    return Document(source(posting), TEMPLATE, made,
                    f"{Report.Kind.NOTICE_POSTER.label} · {posting.content.get('title', posting.kind)}", None,
                    {"casino": posting.casino})


def request(*, actor, casino: Casino, posting: NoticeEvent) -> Report:
    """The poster of `posting`, asked of the worker like any report."""
    # the reports' services bring WeasyPrint and pyHanko: only a process that asks for a report pays for them
    from .services import letter_request

    return letter_request(actor=actor, kind=Report.Kind.NOTICE_POSTER, casino=casino, register_kind="",
                          subject=str(posting.pk), day=posting.day)


def posters(casino: Casino, numbers) -> dict[int, Report]:
    """{posting's number: its latest poster}, in one query (the notices' page links to each)."""
    found = {}
    for report in (Report.objects.filter(casino=casino, kind=Report.Kind.NOTICE_POSTER,
                                         subject__in=[str(number) for number in numbers])
                   .defer("pdf").order_by("requested_at", "pk")):
        found[int(report.subject)] = report  # the latest asked last
    return found
