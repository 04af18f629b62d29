"""What changes an approval request, each in one transaction: the casino's management drafts it, attaches its
documents and files it, answers a question or withdraws it; Vigie runs the checks; the regulator of the casino's
jurisdiction asks for information, adds findings and decides. Every step is a row of the request and an entry of the
casino's register of approvals (registers.kinds.RegisterKind.APPROBATIONS), by the person who took it."""

import datetime
import hashlib
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone

from compliance import two_person
from compliance.errors import DomainError, PermissionDeniedError
from compliance.models import AuditAction, Casino, User
from compliance.problems import refuse
from compliance.profiles import applies
from compliance.reports.models import Report
from compliance.reports.services import letter_request
from compliance.services import audit_record, system_user
from games.rtp.roue import odds_parsed, segments_from_text
from games.rtp.selectors import wheel_report
from games.selectors import paytable_get, rule_value_at
from registers.cards.services import card_certificate_record
from registers.chain.services import entry_append, register_for
from registers.kinds import EntryKind, RegisterKind

from . import checks, controls, errors, workflow
from .errors import Code
from .kinds import EFFECTIVE_AS_DECLARED, PRODUCTION, Form, form_of
from .models import ApprovalRequest, RequestAttachment, RequestFinding, RequestStep, WheelPublication
from .selectors import declared, state_of

ATTACHMENT_MAX = 20 * 1024 * 1024
TEXT_MAX = 5000


def _refused(message, code: str, field: str | None = None) -> DomainError:
    return DomainError(message, code=code, field=field)


def verify_side(actor: User, request: ApprovalRequest, side: str) -> None:
    """The casino's side is its management; the regulator's, the authority of the casino's jurisdiction."""
    casino = request.casino
    if side == workflow.CASINO:
        if actor.is_regulator:
            raise PermissionDeniedError(errors.SIDE_ONLY.format(side=errors.SIDES[side]),
                                        code=Code.NOT_YOUR_SIDE)
        if actor.casino_id != casino.pk or actor.role != User.Role.MANAGER:
            raise PermissionDeniedError(errors.NOT_A_MANAGER, code=Code.NOT_A_MANAGER)
    elif side == workflow.REGULATOR:
        if not actor.is_regulator:
            raise PermissionDeniedError(errors.SIDE_ONLY.format(side=errors.SIDES[side]),
                                        code=Code.NOT_YOUR_SIDE)
        if actor.jurisdiction_id != casino.jurisdiction_id:
            raise PermissionDeniedError(errors.OUTSIDE_JURISDICTION.format(jurisdiction=casino.jurisdiction.code),
                                        code=Code.OUTSIDE_JURISDICTION)


def _text(label: str, field: str, value) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > TEXT_MAX:
        raise _refused(errors.ITEM_NOT_TEXT.format(item=label), Code.ITEM_INVALID, field)
    return value.strip()


def _clean(item, value, casino: Casino, on: datetime.date, actor: User):
    """One item's value as the request keeps it (JSON), or refused naming the item."""
    if item.type in ("text", "longtext", "segments"):
        return _text(item.label_fr, item.key, value)
    if item.type == "digest":
        digest = str(value).strip().lower()
        if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
            raise _refused(errors.ITEM_NOT_DIGEST.format(item=item.label_fr), Code.ITEM_INVALID, item.key)
        return digest
    if item.type == "date":
        try:
            return datetime.date.fromisoformat(str(value)).isoformat()
        except ValueError:
            raise _refused(errors.ITEM_NOT_DATE.format(item=item.label_fr), Code.ITEM_INVALID, item.key) from None
    if item.type == "ratio":
        try:
            rate = Decimal(str(value))
        except InvalidOperation:
            rate = Decimal(-1)
        if not rate.is_finite() or not 0 <= rate <= 1:
            raise _refused(errors.ITEM_NOT_RATIO.format(item=item.label_fr), Code.ITEM_INVALID, item.key)
        return str(rate)
    if item.type == "paytable":
        found = paytable_get(user=actor, key=value) if isinstance(value, str) else None
        if found is None or found.game.jurisdiction_id != casino.jurisdiction_id:  # a table of the casino's texts
            raise _refused(errors.ITEM_NOT_PAYTABLE.format(item=item.label_fr, value=value,
                                                           jurisdiction=casino.jurisdiction.code),
                           Code.ITEM_INVALID, item.key)
        return value
    if item.type == "payouts":
        if not isinstance(value, dict) or not value:
            raise _refused(errors.ITEM_NOT_PAYOUTS.format(item=item.label_fr, line="—"), Code.ITEM_INVALID, item.key)
        for line, odds in value.items():
            if not str(line).isdigit() or odds_parsed(str(odds)) is None:
                raise _refused(errors.ITEM_NOT_PAYOUTS.format(item=item.label_fr, line=f"{line} : {odds}"),
                               Code.ITEM_INVALID, item.key)
        return {str(line): str(odds).strip() for line, odds in value.items()}
    if item.type == "casinos":
        codes = value.split(",") if isinstance(value, str) else value
        if not isinstance(codes, list) or not codes:
            raise _refused(errors.ITEM_NOT_CASINOS.format(item=item.label_fr, value=value), Code.ITEM_INVALID,
                           item.key)
        return [str(code).strip() for code in codes if str(code).strip()]
    if item.type == "event":
        events = rule_value_at(jurisdiction=casino.jurisdiction, on=on, drafts=True,
                               key="appareils_a_sous.evenements_information_prealable").value
        if value not in events:
            raise _refused(errors.ITEM_NOT_EVENT.format(item=item.label_fr, value=value), Code.ITEM_INVALID, item.key)
        return value
    raise _refused(errors.ITEM_NOT_FILE.format(item=item.label_fr), Code.ITEM_INVALID, item.key)  # files are attached


def _items(form: Form, given: dict, casino: Casino, on: datetime.date, actor: User) -> dict:
    if not isinstance(given, dict):
        raise _refused(errors.ITEM_UNKNOWN.format(item="items"), Code.ITEM_UNKNOWN, "items")
    cleaned = {}
    for key, value in given.items():
        item = form.item(key)
        if item is None:
            raise _refused(errors.ITEM_UNKNOWN.format(item=key), Code.ITEM_UNKNOWN, str(key))
        if value not in (None, "", [], {}):
            cleaned[key] = _clean(item, value, casino, on, actor)
    return cleaned


def _subject(form: Form, items: dict) -> str:
    value = items.get(form.kind.subject) if form.kind.subject else form.kind.key
    return str(value or "")[:120]


@transaction.atomic
def request_create(*, actor: User, casino: Casino, kind: str, items: dict, title: str = "") -> ApprovalRequest:
    """A draft request of `kind`, its items checked for their form (not yet for their presence: a draft may be
    incomplete)."""
    locked = Casino.objects.select_for_update().select_related("jurisdiction").get(pk=casino.pk)
    draft = ApprovalRequest(casino=locked, kind=kind, created_by=actor, created_at=timezone.now())
    verify_side(actor, draft, workflow.CASINO)
    today = locked.today()
    form = form_of(kind, locked, today)
    if not form.filed:
        raise _refused(errors.NOT_FILED_POWER.format(kind=form.kind.label, citation=form.citation,
                                                     why=errors.NOT_FILED_WHY[form.power]), Code.KIND_NOT_HERE, "kind")
    cleaned = _items(form, items, locked, today, actor)
    refuse(controls.declared_dates_problems(declared(locked, form, cleaned, today)))
    count = ApprovalRequest.objects.filter(casino=locked, created_at__year=draft.created_at.year).count()
    draft.reference = f"{locked.code.upper()[:12]}-{draft.created_at.year}-{count + 1:04d}"
    draft.items, draft.subject = cleaned, _subject(form, cleaned)
    draft.title = (title or "").strip()[:200] or f"{form.kind.label} · {draft.subject}"[:200]
    draft.save()
    audit_record(actor=actor, action=AuditAction.APPROVAL_DRAFTED, casino=locked, target_type="approval_request",
                 target_id=draft.pk, details={"reference": draft.reference, "kind": kind})
    return draft


def _locked(request: ApprovalRequest) -> ApprovalRequest:
    return ApprovalRequest.objects.select_for_update().select_related("casino__jurisdiction").get(pk=request.pk)


@transaction.atomic
def request_attach(*, actor: User, request: ApprovalRequest, item: str, filename: str,
                   content: bytes) -> RequestAttachment:
    """A document for one of the request's file items, while the casino may still add to it (a draft, or a
    question to answer)."""
    request = _locked(request)
    verify_side(actor, request, workflow.CASINO)
    if request.state not in workflow.WAITING_FOR_CASINO:
        raise _refused(errors.STEP_NOT_ALLOWED.format(reference=request.reference, state=request.state_label,
                                                      step="joindre"), Code.STEP_NOT_ALLOWED, "item")
    form = form_of(request.kind, request.casino, request.created_at.date())
    wanted = form.item(item)
    if wanted is None or wanted.type != "file":
        raise _refused(errors.ITEM_UNKNOWN.format(item=item), Code.ITEM_UNKNOWN, "item")
    if len(content) > ATTACHMENT_MAX:
        raise _refused(errors.ATTACHMENT_TOO_LARGE.format(name=filename, limit=ATTACHMENT_MAX // 2**20),
                       Code.ATTACHMENT_TOO_LARGE, "file")
    name = (filename or "document").strip()[:200]
    attached = RequestAttachment.objects.create(request=request, item=item, filename=name, content=content,
                                                sha256=hashlib.sha256(content).hexdigest(), size=len(content),
                                                uploaded_by=actor, at=timezone.now())
    audit_record(actor=actor, action=AuditAction.APPROVAL_ATTACHED, casino=request.casino,
                 target_type="approval_request", target_id=request.pk,
                 details={"reference": request.reference, "item": item, "sha256": attached.sha256})
    return attached


def _move(request: ApprovalRequest, name: str, actor: User, side: str, note: str = "",
          items: dict | None = None, effective: datetime.date | None = None,
          dates: dict | None = None) -> RequestStep:
    """The step `name` taken on the locked request by `actor`, recorded on the request and in its register."""
    refuse(controls.step_problems(state_of(request), controls.Step(name, side, note)))
    transition = workflow.TRANSITIONS[name]
    casino, before = request.casino, request.state
    payload = {"demande": request.reference, "nature": request.kind, "objet": request.subject, "etape": name,
               "de": before, "vers": transition.target, "cote": side, "par": actor.username}
    if note.strip():
        payload["motif"] = note.strip()[:TEXT_MAX]
    if items:
        payload["elements"] = items
    if effective is not None:  # a decision's day of effect: the audit asks the decision's control again with it
        payload["prend_effet"] = effective.isoformat()
    if name == workflow.FILE.name:  # what it asks, as one digest: the audit tells the same request filed twice
        payload["empreinte_elements"] = controls.items_digest(request.items)
    if dates:  # the days its items declare: the audit asks their control again with them
        payload["dates_declarees"] = dates
    entry = entry_append(register=register_for(casino=casino, kind=RegisterKind.APPROBATIONS),
                         kind=EntryKind.APPROVAL_STEP, gaming_day=casino.today(), actor=actor, payload=payload)
    request.state = transition.target
    request.save(update_fields=["state"])
    return RequestStep.objects.create(request=request, transition=name, from_state=before, to_state=transition.target,
                                      actor=actor, at=entry.recorded_at, note=note.strip(), items=items or {},
                                      entry=entry)


def _checked(request: ApprovalRequest, actor: User) -> None:
    """The kind's checks on the request's items (with an answer's additions), their findings a new run."""
    form = form_of(request.kind, request.casino, request.filed_at.date())
    items = dict(request.items)
    for step in request.steps.filter(transition=workflow.ANSWER.name).order_by("at", "pk"):
        items |= step.items
    run = (RequestFinding.objects.filter(request=request, source=RequestFinding.Source.CHECK)
           .order_by("-run").values_list("run", flat=True).first() or 0) + 1
    context = checks.Context(request.casino, actor, items, request.casino.today(), form)
    now = timezone.now()
    rows = []
    for found in checks.run(context):
        value, needed = found.values()
        rows.append(RequestFinding(request=request, run=run, source=RequestFinding.Source.CHECK, code=found.code,
                                   citation=found.citation[:300], found=value[:300], required=needed[:300],
                                   severity=found.severity, message_fr=found.text("fr"), message_en=found.text("en"),
                                   at=now))
    RequestFinding.objects.bulk_create(rows)


def _verify_complete(request: ApprovalRequest, form: Form, items: dict) -> None:
    attached = set(request.attachments.values_list("item", flat=True))
    for item in form.items:
        present = item.key in attached if item.type == "file" else item.key in items
        if not present:
            raise _refused(errors.ITEM_MISSING.format(item=item.label_fr, citation=form.citation), Code.ITEM_MISSING,
                           item.key)


@transaction.atomic
def request_file(*, actor: User, request: ApprovalRequest) -> ApprovalRequest:
    """The draft filed with the authority: refused while an item is missing (named); then Vigie checks it and it
    waits for the regulator's review."""
    request = _locked(request)
    verify_side(actor, request, workflow.CASINO)
    casino = request.casino
    form = form_of(request.kind, casino, casino.today()) if request.state == workflow.DRAFT else None
    if form is not None:  # else the step below says why it cannot be filed
        _verify_complete(request, form, request.items)
    refuse(controls.filing_problems(state_of(request, others=True), controls.Step(workflow.FILE.name,
                                                                                  workflow.CASINO)))
    dates = declared(casino, form, request.items, casino.today())  # a draft: any other was refused above
    refuse(controls.declared_dates_problems(dates))
    _move(request, workflow.FILE.name, actor, workflow.CASINO,
          dates={date.key: date.day.isoformat() for date in dates.dates})
    request.filed_at = timezone.now()
    request.save(update_fields=["filed_at"])
    _declared(request)
    vigie = system_user()
    _move(request, workflow.CHECK.name, vigie, workflow.SYSTEM)
    _checked(request, actor)
    _move(request, workflow.EXAMINE.name, vigie, workflow.SYSTEM)
    return request


DECLARED_DATES = ("date_effet", "date_arret", "date_evenement")  # the date a notice declares


def _declared(request: ApprovalRequest) -> None:
    """A notice takes effect as the casino declared it (MC AM 2007-668 art. 1 « immédiatement notifiée »; LU 18-1,
    49-11), a document produced from its production (LU 3-2: « ne peut être mis en service avant la production de
    ce certificat »): neither waits for the authority, who acknowledges receipt or objects."""
    form = form_of(request.kind, request.casino, timezone.localdate(request.filed_at))
    if form.power not in EFFECTIVE_AS_DECLARED:
        return
    declared = next((request.items[key] for key in DECLARED_DATES if key in request.items), None)
    request.effective_from = datetime.date.fromisoformat(declared) if declared else request.casino.today()
    request.save(update_fields=["effective_from"])
    if form.power == PRODUCTION and request.kind == "systeme_cartes":
        card_certificate_record(casino=request.casino, actor=request.created_by, supplier=request.items["fournisseur"],
                                reference=f"{request.items['systeme']} · {request.reference}"[:100],
                                issued_on=request.casino.today())


@transaction.atomic
def request_ask(*, actor: User, request: ApprovalRequest, question: str) -> ApprovalRequest:
    """The regulator asks the casino for information; the request waits for its answer."""
    request = _locked(request)
    verify_side(actor, request, workflow.REGULATOR)
    _move(request, workflow.ASK.name, actor, workflow.REGULATOR, question)
    return request


@transaction.atomic
def request_answer(*, actor: User, request: ApprovalRequest, answer: str, items: dict | None = None) -> ApprovalRequest:
    """The casino answers (its text, items it adds or gives anew, documents attached meanwhile); the checks run
    again and the request is back under review. What was filed stays as filed."""
    request = _locked(request)
    verify_side(actor, request, workflow.CASINO)
    form = form_of(request.kind, request.casino, request.casino.today())
    added = _items(form, items or {}, request.casino, request.casino.today(), actor)
    refuse(controls.declared_dates_problems(declared(request.casino, form, added, request.casino.today(),
                                                     about={**request.items, **added})))
    _move(request, workflow.ANSWER.name, actor, workflow.CASINO, answer, added)
    _checked(request, actor)
    return request


@transaction.atomic
def request_withdraw(*, actor: User, request: ApprovalRequest, reason: str) -> ApprovalRequest:
    request = _locked(request)
    verify_side(actor, request, workflow.CASINO)
    _move(request, workflow.WITHDRAW.name, actor, workflow.CASINO, reason)
    return request


@transaction.atomic
def finding_add(*, actor: User, request: ApprovalRequest, citation: str, severity: str, message_fr: str,
                message_en: str = "", found: str = "", required: str = "") -> RequestFinding:
    """A finding of the regulator's own, beside the checks'."""
    request = _locked(request)
    verify_side(actor, request, workflow.REGULATOR)
    if request.state not in workflow.WAITING_FOR_REGULATOR and request.state != workflow.INFORMATION:
        raise _refused(errors.STEP_NOT_ALLOWED.format(reference=request.reference, state=request.state_label,
                                                      step="constat"), Code.STEP_NOT_ALLOWED, "state")
    if severity not in RequestFinding.Severity.values:
        raise _refused(errors.ITEM_UNKNOWN.format(item=severity), Code.ITEM_INVALID, "severity")
    citation, message_fr = _text("citation", "citation", citation), _text("message_fr", "message_fr", message_fr)
    added = RequestFinding.objects.create(
        request=request, run=0, source=RequestFinding.Source.REGULATOR, code=RequestFinding.REGULATOR_CODE,
        citation=citation[:300],
        found=(found or "")[:300], required=(required or "")[:300], severity=severity, message_fr=message_fr,
        message_en=(message_en or "").strip() or message_fr, author=actor, at=timezone.now())
    audit_record(actor=actor, action=AuditAction.APPROVAL_FINDING_ADDED, casino=request.casino,
                 target_type="approval_request", target_id=request.pk,
                 details={"reference": request.reference, "finding": added.pk, "severity": severity})
    return added


@transaction.atomic
def request_decide(*, actor: User, request: ApprovalRequest, decision: str, reason: str = "", conditions: str = "",
                   effective_from: datetime.date | None = None) -> ApprovalRequest:
    """The regulator's decision, as the kind's power gives it: an authorisation approved (from `effective_from`, the
    casino's today by default, never before the filing), approved with conditions, or refused; an opinion on a
    proposal, favourable or not (nothing changes in force); a notice or a document acknowledged or objected to (it
    took effect as declared). Two regulators deciding at once make one decision: the request is locked, the second
    finds it decided. An approval replaces the earlier approval of the same subject."""
    request = _locked(request)
    verify_side(actor, request, workflow.REGULATOR)
    two_person.verify(actor, "decider_demande", request)  # whoever filed it, even moved since to the authority
    state = state_of(request)
    power = state.power
    effective = effective_from or request.casino.today()
    note = conditions if decision == workflow.APPROVE_WITH_CONDITIONS.name else reason
    refuse(controls.decision_problems(state, controls.Decision(decision, note, effective)))
    _move(request, decision, actor, workflow.REGULATOR, note, effective=effective)
    request.decided_by, request.decided_at = actor, timezone.now()
    if power == "autorisation" and decision != workflow.REFUSE.name:
        request.effective_from, request.conditions = effective, conditions.strip()
        for earlier in ApprovalRequest.objects.select_for_update().filter(
                casino=request.casino, kind=request.kind, subject=request.subject,
                state__in=workflow.IN_FORCE).exclude(pk=request.pk):
            _move(earlier, workflow.SUPERSEDE.name, system_user(), workflow.SYSTEM, items={"par": request.reference})
            earlier.ended_on = max(effective, earlier.effective_from)
            earlier.save(update_fields=["ended_on"])
            request.supersedes = earlier
    request.letter = letter_request(actor=actor, kind=Report.Kind.APPROVAL_DECISION, casino=request.casino,
                                    register_kind=RegisterKind.APPROBATIONS, subject=request.reference,
                                    day=request.casino.today())
    request.save(update_fields=["decided_by", "decided_at", "effective_from", "conditions", "supersedes", "letter"])
    return request


@transaction.atomic
def request_revoke(*, actor: User, request: ApprovalRequest, reason: str) -> ApprovalRequest:
    request = _locked(request)
    verify_side(actor, request, workflow.REGULATOR)
    _move(request, workflow.REVOKE.name, actor, workflow.REGULATOR, reason)
    request.ended_on = max(request.casino.today(), request.effective_from)
    request.save(update_fields=["ended_on"])
    return request



@transaction.atomic
def wheel_publish(*, actor: User, casino: Casino, segments: str) -> WheelPublication:
    """QC RJC art. 120: « Le mode d'attribution des lots ainsi que les lots à gagner doivent être accessibles au
    public à chaque table de roue de fortune »: the casino's management publishes the wheel's configuration on the
    casino's public page, dated by Vigie at this call. A publication, not a request: no one approves it. Refused,
    naming the article, below 75 % for a bet (art. 122) or outside 9 to 60 segments (art. 117)."""
    locked = Casino.objects.select_for_update().select_related("jurisdiction").get(pk=casino.pk)
    if not applies(locked.jurisdiction, "roue_de_fortune.publication"):
        raise _refused(errors.WHEEL_NOT_QC.format(jurisdiction=locked.jurisdiction.code), Code.KIND_NOT_HERE, "casino")
    verify_side(actor, ApprovalRequest(casino=locked), workflow.CASINO)
    text = _text("segments", "segments", segments)
    today = locked.today()
    report = wheel_report(segments=segments_from_text(text), on=today)  # a DomainError names art. 117 or 122
    form = form_of("roue_de_fortune", locked, today)
    published = WheelPublication.objects.create(casino=locked, segments=text, report=report,
                                                citation=form.citation[:300], published_by=actor,
                                                published_at=timezone.now())
    return published
