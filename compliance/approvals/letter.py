"""The authority's letter on a request, stating the act its kind's power gives (compliance/approvals/kinds.py): a
decision on an authorisation (approved from its date, with its conditions, or refused and why), an opinion (« avis »)
on a proposal, an acknowledgement of receipt (« accusé de réception ») or an objection to a notice or a document
produced; what was asked, the findings it was decided on with their articles, and each step; signed with the
authority's certificate (compliance/reports), the request and its findings carried inside the PDF as data. The
reports know it only through compliance.hooks.DOCUMENTS, to which this app's hooks.py contributes it."""

import json

from django.utils import timezone

from compliance.errors import DomainError
from compliance.reports import documents, render
from compliance.reports.models import Report

from . import workflow
from .kinds import KINDS, form_of
from .models import STATE_LABELS, ApprovalRequest
from .selectors import request_view

TEMPLATE = "compliance/reports/approval_decision.html"

# The act each power gives, as the letter names it, and the sentence that says what it does (French: the letter is
# the authority's, in the jurisdiction's language)
ACTS = {
    "autorisation": ("Décision", "Décision sur la demande {reference}, sur le fondement de {citation}."),
    "avis": ("Avis", "Avis sur la proposition {reference}, donné conformément à {citation} (« il a fait l'objet "
                     "d'un avis de la Régie des alcools, des courses et des jeux ») : cet avis ne modifie pas les "
                     "Règles ; la table en vigueur reste celle du règlement tant qu'un règlement ne l'a pas changée."),
    "notification": ("Accusé de réception", "Accusé de réception de la notification {reference} ({citation}) : "
                                            "elle a pris effet le {effective}, telle que le casino l'a déclarée."),
    "production": ("Accusé de réception", "Accusé de réception du document produit {reference} ({citation}), en "
                                          "vigueur depuis sa production le {effective}."),
}
OBJECTION = ("Objection", "Objection de l'autorité à la notification ou au document {reference} ({citation}) : il a "
                          "pris effet le {effective}, tel que le casino l'a déclaré ; l'objection en dit le motif.")

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
    legacy = request.state in (*workflow.IN_FORCE, workflow.REFUSED, *workflow.EVER_IN_FORCE)  # approved as it was
    act, statement = OBJECTION if request.state == workflow.OBJECTED else ACTS["autorisation" if legacy else form.power]
    statement = statement.format(reference=request.reference, citation=form.citation,
                                 effective=request.effective_from or "—")
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
        "decision": {"act": act, "power": form.power, "statement": statement,
                     "state": request.state, "label": str(STATE_LABELS[request.state]),
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
    return documents.Document(source, TEMPLATE, request.decided_at, f"{act} {request.reference}",
                              report.register, authority=jurisdiction)


def outdated(report: Report) -> bool:
    """Whether a signed letter states an act or cites an article its request's kind no longer gives it
    (registers_recite reissues it); a letter whose kind the texts no longer provide cannot be made again, and stays."""
    try:
        now = build(report).source
    except (DomainError, StopIteration):
        return False
    stream = render.source_stream(bytes(report.pdf))
    if stream is None:
        return False
    shown = json.loads(stream.data)
    return ((shown["request"].get("basis"), shown["decision"].get("act"), shown["decision"].get("statement"))
            != (now["request"]["basis"], now["decision"]["act"], now["decision"]["statement"]))
