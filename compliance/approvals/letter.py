"""The authority's decision letter: the decision on the request (approved from its date, with its conditions, or
refused and why), what was asked, the findings it was decided on with their articles, and each step; signed with the
authority's certificate (compliance/reports), the request and its findings carried inside the PDF as data. The
reports know it only through documents.BUILDERS, which this app's AppConfig.ready fills in."""

from django.utils import timezone

from compliance.reports import documents, render
from compliance.reports.models import Report

from . import workflow
from .kinds import KINDS, form_of
from .models import STATE_LABELS, ApprovalRequest
from .selectors import request_view

TEMPLATE = "compliance/reports/approval_decision.html"


def _value(item_type: str, value):
    if item_type == "payouts" and isinstance(value, dict):
        return "; ".join(f"{line} : {odds}" for line, odds in sorted(value.items(), key=lambda pair: int(pair[0])))
    if isinstance(value, list):
        return ", ".join(str(part) for part in value)
    return value


def _moment(value) -> str:
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M")


def build(report: Report) -> documents.Document:
    request = ApprovalRequest.objects.select_related("casino__jurisdiction", "decided_by").get(
        reference=report.subject, casino=report.casino)
    view = request_view(request.decided_by, request)
    form = form_of(request.kind, request.casino, timezone.localdate(request.filed_at))
    decided = {transition.name for transition in workflow.DECISIONS}
    decision = next(step for step in reversed(view.steps) if step.transition in decided)
    jurisdiction = request.casino.jurisdiction
    source = render.plain({
        "report": "approval_decision",
        "authority": {"code": jurisdiction.code, "name": jurisdiction.regulator_fr},
        "casino": {"code": request.casino.code, "name": request.casino.name},
        "request": {"reference": request.reference, "kind": request.kind, "kind_label": str(KINDS[request.kind].label),
                    "title": request.title, "subject": request.subject, "basis": form.citation,
                    "filed_at": _moment(request.filed_at), "items": [
                        {"key": item.key, "label": item.label_fr,
                         "value": _value(item.type, request.items.get(item.key)),
                         "attachments": [{"filename": a.filename, "sha256": a.sha256}
                                         for a in request.attachments.all() if a.item == item.key]}
                        for item in form.items]},
        "decision": {"state": request.state, "label": str(STATE_LABELS[request.state]),
                     "by": request.decided_by.get_full_name() or request.decided_by.username,
                     "at": _moment(request.decided_at), "effective_from": request.effective_from,
                     "conditions": request.conditions,
                     "reason": "" if decision.note == request.conditions else decision.note,
                     "supersedes": request.supersedes.reference if request.supersedes_id else None},
        "findings": [{"citation": f.citation, "severity": f.severity, "found": f.found, "required": f.required,
                      "message": f.message_fr, "source": f.source} for f in view.findings],
        "steps": [{"step": s.transition, "from": s.from_state, "to": s.to_state,
                   "to_label": str(STATE_LABELS[s.to_state]), "by": s.actor.username, "at": _moment(s.at),
                   "note": s.note,
                   "entry": s.entry.seq if s.entry_id else None} for s in view.steps],
    })
    return documents.Document(source, TEMPLATE, request.decided_at, f"Décision {request.reference}",
                              report.register, authority=jurisdiction)
