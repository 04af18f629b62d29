"""What each kind of report is made of: its data (`source`), the template that shows it, its date (the data's), the
register it covers and the entries of it it shows. `build` is the one place that knows the kinds."""

import datetime
from dataclasses import dataclass, field

from compliance.hooks import DOCUMENTS
from compliance.models import Jurisdiction
from registers.models import Card, Register

from . import caisse, card, daily, ledger, levies, monthly, paytable
from .models import Report


@dataclass
class Document:
    source: dict
    template: str
    created: datetime.datetime
    title: str  # the signature's reason
    register: Register | None = None  # where its hash is written; None: the audit log
    context: dict = field(default_factory=dict)
    authority: Jurisdiction | None = None  # signed by this authority's certificate rather than the casino's

    @property
    def covered(self) -> list[int]:
        entries = self.source.get("entries", [])
        return entries.seqs if isinstance(entries, ledger.Rows) else [row["seq"] for row in entries]



def build(report: Report) -> Document:
    kind, start, end = report.kind, report.period_start, report.period_end
    if kind in DOCUMENTS:  # made by its app's contribution (compliance/hooks.py): a decision letter, a tournament's
        return DOCUMENTS[kind](report)
    period = start.isoformat() if start == end else f"{start.isoformat()} – {end.isoformat()}"
    title = f"{report.get_kind_display()} · {period}"
    if kind == Report.Kind.REGISTER_DAILY:
        source = daily.source(report.register, start)
        return Document(source, daily.TEMPLATE, daily.created(source), title, report.register)
    if kind == Report.Kind.REGISTER_MONTHLY:  # the levy book has its own layout (levies.py), the others the ledger's
        layout = levies if report.register.kind == levies.REGISTER else monthly
        source = layout.source(report.register, start, end)
        return Document(source, layout.TEMPLATE, monthly.created(source), title, report.register)
    if kind == Report.Kind.CAISSE_DAILY:
        context, source = caisse.context(report.casino, start, report.requested_by)
        return Document(source, caisse.TEMPLATE, context["generated_at"], title, report.register, context)
    if kind == Report.Kind.CARD_STATEMENT:
        source = card.source(Card.objects.select_related("casino", "client").get(number=report.subject), start, end)
        return Document(source, card.TEMPLATE, card.created(source), f"{title} · {report.subject}", report.register)
    source = paytable.source(report.requested_by, report.subject, start)
    return Document(source, paytable.TEMPLATE, paytable.created(source), f"{title} · {report.subject}")
