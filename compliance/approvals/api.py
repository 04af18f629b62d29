"""API of the approvals under /api/v1/approvals/, for both sides: the requests the caller sees (a casino's own, or
the queue of the regulator's jurisdiction with each request's age, deadline, whose turn it is and its blocking
findings), what waits for the caller, the kinds of a casino's jurisdiction with their items; a draft, its documents
(multipart/form-data) and its filing by the casino's management; the regulator's question, the casino's answer, a
withdrawal, the regulator's own findings, its decision and a revocation.

Thin views over compliance/approvals/selectors.py and services.py, which decide every rule: which side takes a step
(`not_your_side`, `not_a_manager`, `outside_jurisdiction`), whether the request's state allows it
(`step_not_allowed`), an item missing (`item_missing`, the item's key as its field) … A refusal is
`{code, message, field_errors}` in the request's language (compliance/api/errors.py) and changes nothing. Every
signed-in user may call a step (regulators included: the services say whose step it is); a request of another
casino, or of another jurisdiction, is a 404 whatever the method, and a regulator never sees a casino's draft."""

import unicodedata
from enum import StrEnum

from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.http import content_disposition_header
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from compliance import selectors as compliance_selectors
from compliance.api.errors import ErrorOutput, error_responses
from compliance.api.inputs import JSON_ONLY, Choice, Coded, Day, Input
from compliance.errors import DomainError
from registers.chain.inputs import SHAPE, RegisterText
from registers.errors import TEXT_UNPRINTABLE
from registers.errors import ErrorCode as TextCode
from registers.tables.api_import import Upload

from . import errors, selectors, services, workflow
from .errors import Code
from .kinds import KINDS, Form, form_of
from .models import STATE_LABELS, ApprovalRequest, RequestAttachment, RequestFinding

TITLE_MAX, KIND_MAX, CASINO_MAX, ITEM_KEY_MAX = 200, 40, 40, 60  # as the models bound them
CITATION_MAX = 300  # a finding's article, value found and value required
UNPRINTABLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # as a register's texts (registers.chain.inputs)
BREAKS = {"\n", "\r", "\t"}
SIDES = [workflow.CASINO, workflow.REGULATOR]
ITEMS_HELP = ('the kind\'s items by key, e.g. {"table": "<pay table>", "paiements": {"7": "2 pour 1"}, '
              '"date_effet": "2026-12-01", "motif": "…"} (`GET kinds/?casino=` gives each key and its type); an item '
              "of another kind is `item_unknown`, a value of the wrong form `item_invalid`, each under the item's key")


# --- who may call ----------------------------------------------------------------------------------------------


class SignedIn(BasePermission):
    """Every signed-in user, regulators included: which side takes a step is the services' to say."""

    def has_permission(self, request, view):
        return bool(request.user and request.user.is_authenticated)


# --- outputs ---------------------------------------------------------------------------------------------------


class ApprovalItemOutput(serializers.Serializer):
    key = serializers.CharField()
    type = serializers.CharField(help_text="text, longtext, date, ratio, file, paytable, payouts, casinos, event, "
                                           "segments, digest (a SHA-256 in hexadecimal)")
    label_fr = serializers.CharField()
    label_en = serializers.CharField()


class ApprovalKindOutput(serializers.Serializer):
    key = serializers.CharField(source="kind.key")
    label = serializers.SerializerMethodField()
    notice = serializers.BooleanField(source="kind.notice",
                                      help_text="a notice or a document produced: in effect as the casino declared "
                                                "it, the authority acknowledges receipt or objects")
    power = serializers.ChoiceField(choices=["autorisation", "avis", "notification", "production"],
                                    help_text="the power the kind's article gives the authority, and so its "
                                              "decisions: autorisation (approuver, approuver_sous_conditions, "
                                              "refuser), avis (avis_favorable, avis_defavorable), notification and "
                                              "production (accuser_reception, objecter)")
    subject = serializers.CharField(source="kind.subject",
                                    help_text="the item naming what an approval covers (blank: the kind itself)")
    citation = serializers.CharField(help_text="the article the items rest on")
    items = ApprovalItemOutput(many=True)

    def get_label(self, form: Form) -> str:
        return str(form.kind.label)


class ApprovalRowOutput(serializers.Serializer):
    reference = serializers.CharField(source="request.reference")
    casino = serializers.CharField(source="request.casino.code")
    kind = serializers.CharField(source="request.kind")
    subject = serializers.CharField(source="request.subject")
    title = serializers.CharField(source="request.title")
    state = serializers.ChoiceField(choices=list(STATE_LABELS), source="request.state")
    state_label = serializers.CharField(source="request.state_label")
    created_at = serializers.DateTimeField(source="request.created_at")
    filed_at = serializers.DateTimeField(source="request.filed_at", allow_null=True)
    age_days = serializers.IntegerField(help_text="days since it was filed (0 for a draft)")
    due_on = serializers.DateField(allow_null=True, help_text="the date a notice must precede, or the effective "
                                                              "date asked for")
    next_actor = serializers.CharField(allow_null=True, help_text="whose turn it is: casino, regulator, or null "
                                                                  "(decided or closed)")
    blocking = serializers.IntegerField(help_text="blocking findings of the last run of the checks")
    last_step = serializers.CharField(source="last_step.transition", default=None, allow_null=True)
    last_step_at = serializers.DateTimeField(source="last_step.at", default=None, allow_null=True)


class ApprovalFindingOutput(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    source = serializers.CharField(help_text="controle (Vigie's checks) or autorite (the regulator)")
    run = serializers.IntegerField(help_text="the run of the checks (0: the regulator's)")
    code = serializers.CharField()
    citation = serializers.CharField()
    severity = serializers.CharField(help_text="bloquant, avertissement or information")
    found = serializers.CharField()
    required = serializers.CharField()
    message_fr = serializers.CharField()
    message_en = serializers.CharField()
    author = serializers.CharField(source="author.username", default=None, allow_null=True)
    at = serializers.DateTimeField()


class ApprovalStepOutput(serializers.Serializer):
    transition = serializers.CharField()
    from_state = serializers.CharField()
    to_state = serializers.CharField()
    actor = serializers.CharField(source="actor.username")
    at = serializers.DateTimeField()
    note = serializers.CharField()
    items = serializers.DictField(help_text="an answer's items, given anew or added")
    entry = serializers.IntegerField(source="entry.seq", default=None, allow_null=True,
                                     help_text="the step's entry in the casino's register of approvals")


class ApprovalAttachmentOutput(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    item = serializers.CharField()
    filename = serializers.CharField()
    sha256 = serializers.CharField()
    size = serializers.IntegerField()
    uploaded_by = serializers.CharField(source="uploaded_by.username")
    at = serializers.DateTimeField()
    url = serializers.SerializerMethodField(help_text="the document's bytes")

    def get_url(self, attachment: RequestAttachment) -> str:
        return reverse("api-approvals-attachment",
                       kwargs={"reference": attachment.request.reference, "pk": attachment.pk})


class ApprovalAllowedOutput(serializers.Serializer):
    transition = serializers.CharField(source="name")
    target = serializers.CharField(help_text="the state it leads to")
    note_required = serializers.BooleanField(help_text="the step says why (`note_required` otherwise)")


class ApprovalOutput(serializers.Serializer):
    reference = serializers.CharField(source="request.reference")
    casino = serializers.CharField(source="request.casino.code")
    kind = serializers.CharField(source="request.kind")
    kind_label = serializers.SerializerMethodField()
    subject = serializers.CharField(source="request.subject")
    title = serializers.CharField(source="request.title")
    state = serializers.ChoiceField(choices=list(STATE_LABELS), source="request.state")
    state_label = serializers.CharField(source="request.state_label")
    items = serializers.DictField(source="request.items", help_text="the items as filed (never changed after)")
    citation = serializers.CharField(source="form.citation", help_text="the article the items rest on")
    form = ApprovalItemOutput(source="form.items", many=True, help_text="the kind's items")
    created_by = serializers.CharField(source="request.created_by.username")
    created_at = serializers.DateTimeField(source="request.created_at")
    filed_at = serializers.DateTimeField(source="request.filed_at", allow_null=True)
    decided_by = serializers.CharField(source="request.decided_by.username", default=None, allow_null=True)
    decided_at = serializers.DateTimeField(source="request.decided_at", allow_null=True)
    effective_from = serializers.DateField(source="request.effective_from", allow_null=True)
    conditions = serializers.CharField(source="request.conditions")
    ended_on = serializers.DateField(source="request.ended_on", allow_null=True)
    supersedes = serializers.CharField(source="request.supersedes.reference", default=None, allow_null=True)
    next_actor = serializers.CharField(allow_null=True, help_text="whose turn it is: casino, regulator, or null "
                                                                  "(decided or closed)")
    allowed = ApprovalAllowedOutput(many=True, help_text="the steps the caller may take now")
    findings = ApprovalFindingOutput(many=True, help_text="the last run of the checks, and the regulator's own")
    earlier_findings = ApprovalFindingOutput(many=True, help_text="the checks' earlier runs")
    steps = ApprovalStepOutput(many=True)
    attachments = serializers.SerializerMethodField()
    letter = serializers.SerializerMethodField(help_text="the authority's signed decision letter, once decided: its "
                                                         "status while the worker signs it, then its SHA-256 and "
                                                         "where to download it")

    def get_kind_label(self, view: selectors.RequestView) -> str:
        kind = KINDS.get(view.request.kind)
        return str(kind.label) if kind else view.request.kind

    @extend_schema_field(ApprovalAttachmentOutput(many=True))
    def get_attachments(self, view: selectors.RequestView) -> list[dict]:
        found = [attachment for beside in view.items for attachment in beside.attachments]
        return ApprovalAttachmentOutput(found, many=True).data


    @extend_schema_field({"type": "object", "nullable": True, "properties": {
        "status": {"type": "string"}, "sha256": {"type": "string"}, "url": {"type": "string", "nullable": True}}})
    def get_letter(self, view: selectors.RequestView) -> dict | None:
        letter = view.request.letter
        if letter is None:
            return None
        signed = letter.status == letter.Status.SUCCEEDED
        return {"status": letter.status, "sha256": letter.sha256,
                "url": reverse("reports-download", kwargs={"pk": letter.pk}) if signed else None}


def _detail(user, approval: ApprovalRequest) -> dict:
    return ApprovalOutput(selectors.request_view(user, approval)).data


# --- inputs ----------------------------------------------------------------------------------------------------


@extend_schema_field({"type": "object", "additionalProperties": {}, "description": ITEMS_HELP})
class Items(Coded, serializers.DictField):
    """The items of a request, a JSON object the services check item by item."""

    def __init__(self, **kwargs):
        super().__init__(codes={**SHAPE, "not_a_dict": Code.ITEM_INVALID, "null": Code.ITEM_INVALID}, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            self.fail("not_a_dict", input_type=type(data).__name__)
        return dict(data)


class Document(Coded, Upload):
    """The file part of a multipart/form-data body, refused with the registers' codes (`required`, `invalid`)."""

    def __init__(self, **kwargs):
        super().__init__(codes={**SHAPE, "no_name": TextCode.INVALID, "empty": TextCode.INVALID}, **kwargs)


def note(help_text: str) -> RegisterText:
    """Why a step is taken, on several lines: the service says whether the step needs it (`note_required`)."""
    return RegisterText(max_length=services.TEXT_MAX, multiline=True, optional=True, help_text=help_text)


class ApprovalCreateInput(Input):
    casino = RegisterText(max_length=CASINO_MAX, help_text="the casino's code: the caller's own (a casino the caller "
                                                           "does not see is a 404)")
    kind = RegisterText(max_length=KIND_MAX, help_text="a kind of the casino's jurisdiction (`kind_not_here`)")
    items = Items(required=False, default=dict)
    title = RegisterText(max_length=TITLE_MAX, optional=True, help_text="the kind and the subject when left out")


class ApprovalAttachInput(Input):
    item = RegisterText(max_length=ITEM_KEY_MAX, help_text="the key of one of the kind's file items "
                                                           "(`item_unknown`)")
    file = Document(help_text=f"the document, at most {services.ATTACHMENT_MAX // 2**20} MB "
                            "(`attachment_too_large`)", allow_empty_file=True)


class ApprovalAskInput(Input):
    question = note("what the regulator asks the casino (`note_required` when blank)")


class ApprovalAnswerInput(Input):
    answer = note("the casino's answer (`note_required` when blank)")
    items = Items(required=False, default=dict)


class ApprovalReasonInput(Input):
    reason = note("why (`note_required` when blank)")


class ApprovalFindingInput(Input):
    citation = RegisterText(max_length=CITATION_MAX, help_text="the rule, with its article")
    severity = Choice(RequestFinding.Severity.values, codes={**SHAPE, "invalid_choice": Code.ITEM_INVALID})
    message_fr = RegisterText(max_length=services.TEXT_MAX, multiline=True)
    message_en = RegisterText(max_length=services.TEXT_MAX, multiline=True, optional=True,
                              help_text="the French message when left out")
    found = RegisterText(max_length=CITATION_MAX, optional=True, help_text="the value found")
    required = RegisterText(max_length=CITATION_MAX, optional=True, help_text="the value required")


class ApprovalDecideInput(Input):
    decision = Choice([t.name for t in workflow.DECISIONS],
                      codes={**SHAPE, "invalid_choice": Code.STEP_NOT_ALLOWED},
                      help_text="required, no default: the decision recorded is the one named. The API asks no "
                                "confirmation (the pages restate the decision and its findings and ask for one); a "
                                "client names its decision explicitly, and the person who filed the request may not "
                                "decide it (`same_person`)")
    reason = note("why: required for a refusal (`note_required`)")
    conditions = note("the conditions: required for an approval under conditions (`note_required`)")
    effective_from = Day(required=False, allow_null=True, default=None,
                         codes={**SHAPE, "invalid": Code.EFFECTIVE_DATE, "date": Code.EFFECTIVE_DATE},
                         help_text="AAAA-MM-JJ: the casino's today when left out, never before the filing "
                                   "(`effective_date`)")


class QueryCode(StrEnum):
    """The code of a query parameter refused (the services' codes are compliance/approvals/errors.py's)."""

    UNKNOWN_STATE = "unknown_state"


class ApprovalListQuery(Input):
    state = Choice(list(STATE_LABELS), required=False, default="",
                   codes={**SHAPE, "invalid_choice": QueryCode.UNKNOWN_STATE})


class ApprovalKindsQuery(Input):
    casino = RegisterText(max_length=CASINO_MAX)


def _query(serializer_class, request) -> dict:
    data = serializer_class(data=request.query_params.dict())
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


def _body(serializer_class, request) -> dict:
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


def _printable(key: str, value) -> None:
    """Every text of an item (its key, its values, nested) as a register takes it: no control, format or unassigned
    character (line breaks and tabs aside), refused under the item's key."""
    texts, stack = [str(key)], [value]
    while stack:
        current = stack.pop()
        if isinstance(current, dict):
            texts += [str(k) for k in current]
            stack += list(current.values())
        elif isinstance(current, list):
            stack += current
        elif isinstance(current, str):
            texts.append(current)
    for text in texts:
        for char in text:
            if char not in BREAKS and unicodedata.category(char) in UNPRINTABLE:
                raise DomainError(TEXT_UNPRINTABLE.format(code=f"U+{ord(char):04X}"), code=TextCode.UNPRINTABLE,
                                  field=str(key))


def _items(items: dict) -> dict:
    for key, value in items.items():
        _printable(key, value)
    return items


def _noted(call, field: str):
    """The service's call, its refusal of a blank note named by the body's field (`question`, `reason` …)."""
    try:
        return call()
    except DomainError as refused:
        if refused.field == "note":
            refused.field = field
        raise


# --- documented answers ----------------------------------------------------------------------------------------

WRITE_ERRORS = error_responses(400, 401, 403, 404, 415, 429)
BODILESS_ERRORS = error_responses(400, 401, 403, 404, 429)
STATE_PARAM = OpenApiParameter("state", str, enum=list(STATE_LABELS),
                               description="only the requests in this state (`unknown_state` otherwise)")
CASINO_PARAM = OpenApiParameter("casino", str, required=True,
                                description="the casino's code (`required`; a casino the caller does not see is a "
                                            "404)")


class AnyAccept(DefaultContentNegotiation):
    """A document's bytes whatever the client accepts (its refusals are JSON)."""

    def select_renderer(self, request, renderers, format_suffix=None):
        try:
            return super().select_renderer(request, renderers, format_suffix)
        except NotAcceptable:
            return renderers[0], renderers[0].media_type


# --- views -----------------------------------------------------------------------------------------------------


class ApprovalsApi(APIView):
    permission_classes = [SignedIn]
    parser_classes = JSON_ONLY


class RequestApi(ApprovalsApi):
    """A request the caller sees, found before the method is dispatched: another casino's, another jurisdiction's,
    or (for a regulator) a casino's draft is a 404 whatever the method."""

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        self.approval = selectors.request_get(request.user, kwargs["reference"])
        if self.approval is None:
            raise Http404(kwargs["reference"])


class StepApi(RequestApi):
    """A step of the request: POST only (another method is a 405, after the scoping's 404)."""

    http_method_names = ["post", "options"]

    def answer(self, request, approval: ApprovalRequest) -> Response:
        return Response(_detail(request.user, approval))


class ApprovalListApi(ApprovalsApi):
    @extend_schema(parameters=[STATE_PARAM], responses=ApprovalRowOutput(many=True))
    def get(self, request):
        """The requests the caller sees: a casino's own, newest first; a regulator's queue of its jurisdiction (filed
        requests only), those waiting for it first, the oldest first."""
        state = _query(ApprovalListQuery, request)["state"]
        return Response(ApprovalRowOutput(selectors.queue(request.user, state=state), many=True).data)

    @extend_schema(request=ApprovalCreateInput, responses={201: ApprovalOutput, **WRITE_ERRORS})
    def post(self, request):
        """A draft by the casino's management (`not_a_manager`): its items checked for their form, not yet for their
        presence (the filing names the item missing)."""
        values = _body(ApprovalCreateInput, request)
        casino = compliance_selectors.casino_get(user=request.user, code=values["casino"])
        draft = services.request_create(actor=request.user, casino=casino, kind=values["kind"],
                                        items=_items(values["items"]), title=values["title"])
        return Response(_detail(request.user, draft), status=status.HTTP_201_CREATED)


class ApprovalInboxApi(ApprovalsApi):
    @extend_schema(responses=ApprovalRowOutput(many=True))
    def get(self, request):
        """What waits for the caller: for a regulator, the requests to review; for a casino's management, drafts to
        file and questions to answer; nothing for anyone else."""
        return Response(ApprovalRowOutput(selectors.inbox(request.user), many=True).data)


class ApprovalKindsApi(ApprovalsApi):
    @extend_schema(parameters=[CASINO_PARAM], responses=ApprovalKindOutput(many=True))
    def get(self, request):
        """The kinds of request the casino's jurisdiction provides for, each with its items and the article they rest
        on, as of the casino's today."""
        code = _query(ApprovalKindsQuery, request)["casino"]
        casino = compliance_selectors.casino_get(user=request.user, code=code)
        today = casino.today()
        forms = [form_of(kind.key, casino, today) for kind in selectors.kinds_for(casino)]
        return Response(ApprovalKindOutput(forms, many=True).data)


class ApprovalDetailApi(RequestApi):
    http_method_names = ["get", "head", "options"]

    @extend_schema(responses=ApprovalOutput)
    def get(self, request, reference):
        """The request: its items beside its kind's, the findings with their articles, each step (with its entry in
        the register of approvals), its documents, whose turn it is and the steps the caller may take."""
        return Response(ApprovalOutput(selectors.request_view(request.user, self.approval)).data)


class ApprovalAttachApi(StepApi):
    parser_classes = [MultiPartParser]

    @extend_schema(
        request={"multipart/form-data": ApprovalAttachInput},
        responses={201: ApprovalAttachmentOutput, **error_responses(400, 401, 403, 404, 429),
                   415: OpenApiResponse(ErrorOutput, description="The body is not multipart/form-data")})
    def post(self, request, reference):
        """A document for one of the kind's file items, while the casino may add to the request (a draft, or a
        question to answer): by its management."""
        values = _body(ApprovalAttachInput, request)
        upload = values["file"]
        if upload.size > services.ATTACHMENT_MAX:  # refused before it is read
            raise DomainError(errors.ATTACHMENT_TOO_LARGE.format(name=upload.name,
                                                                 limit=services.ATTACHMENT_MAX // 2**20),
                              code=Code.ATTACHMENT_TOO_LARGE, field="file")
        name = "".join(char for char in (upload.name or "") if unicodedata.category(char) not in UNPRINTABLE)
        upload.seek(0)
        attached = services.request_attach(actor=request.user, request=self.approval, item=values["item"],
                                           filename=name, content=upload.read())
        return Response(ApprovalAttachmentOutput(attached).data, status=status.HTTP_201_CREATED)


class ApprovalAttachmentApi(RequestApi):
    http_method_names = ["get", "head", "options"]
    content_negotiation_class = AnyAccept

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        self.attachment = self.approval.attachments.filter(pk=kwargs["pk"]).first()
        if self.attachment is None:
            raise Http404(kwargs["pk"])

    @extend_schema(responses={(200, "application/octet-stream"): OpenApiTypes.BINARY})
    def get(self, request, reference, pk):
        """The document's bytes, as attached (its SHA-256 in the request's `attachments`)."""
        attachment = self.attachment
        response = HttpResponse(bytes(attachment.content), content_type="application/octet-stream")
        response["Content-Disposition"] = content_disposition_header(True, attachment.filename)
        response["Content-Length"] = str(attachment.size)
        return response


class ApprovalFileApi(StepApi):
    @extend_schema(request=None, responses={200: ApprovalOutput, **BODILESS_ERRORS})
    def post(self, request, reference):
        """The draft filed with the authority by the casino's management: refused while an item is missing
        (`item_missing`, the item's key as its field); then Vigie checks it and it waits for the regulator."""
        return self.answer(request, services.request_file(actor=request.user, request=self.approval))


class ApprovalAskApi(StepApi):
    @extend_schema(request=ApprovalAskInput, responses={200: ApprovalOutput, **WRITE_ERRORS})
    def post(self, request, reference):
        """The regulator asks the casino for information; the request waits for its answer."""
        values = _body(ApprovalAskInput, request)
        return self.answer(request, _noted(lambda: services.request_ask(
            actor=request.user, request=self.approval, question=values["question"]), "question"))


class ApprovalAnswerApi(StepApi):
    @extend_schema(request=ApprovalAnswerInput, responses={200: ApprovalOutput, **WRITE_ERRORS})
    def post(self, request, reference):
        """The casino's management answers (its text, items it gives anew or adds; documents attached meanwhile):
        the checks run again and the request is back under review. What was filed stays as filed."""
        values = _body(ApprovalAnswerInput, request)
        items = _items(values["items"])
        return self.answer(request, _noted(lambda: services.request_answer(
            actor=request.user, request=self.approval, answer=values["answer"], items=items), "answer"))


class ApprovalWithdrawApi(StepApi):
    @extend_schema(request=ApprovalReasonInput, responses={200: ApprovalOutput, **WRITE_ERRORS})
    def post(self, request, reference):
        """The casino's management withdraws its request, before the decision, saying why."""
        values = _body(ApprovalReasonInput, request)
        return self.answer(request, _noted(lambda: services.request_withdraw(
            actor=request.user, request=self.approval, reason=values["reason"]), "reason"))


class ApprovalFindingApi(StepApi):
    @extend_schema(request=ApprovalFindingInput, responses={201: ApprovalFindingOutput, **WRITE_ERRORS})
    def post(self, request, reference):
        """A finding of the regulator's own, beside the checks', while the request is before it or waits for an
        answer."""
        added = services.finding_add(actor=request.user, request=self.approval, **_body(ApprovalFindingInput, request))
        return Response(ApprovalFindingOutput(added).data, status=status.HTTP_201_CREATED)


class ApprovalDecideApi(StepApi):
    @extend_schema(request=ApprovalDecideInput, responses={200: ApprovalOutput, **WRITE_ERRORS})
    def post(self, request, reference):
        """The regulator's decision: approuver (from `effective_from`), approuver_sous_conditions (its
        `conditions`) or refuser (its `reason`). Of two decisions at once, the second finds the request decided
        (`step_not_allowed`). An approval replaces the earlier approval of the same subject. The decision is named
        explicitly, with no default and no confirmation step (the web pages ask one); the person who filed the
        request may not decide it (`same_person`, the two-person rule)."""
        values = _body(ApprovalDecideInput, request)
        field = "conditions" if values["decision"] == workflow.APPROVE_WITH_CONDITIONS.name else "reason"
        return self.answer(request, _noted(lambda: services.request_decide(
            actor=request.user, request=self.approval, **values), field))


class ApprovalRevokeApi(StepApi):
    @extend_schema(request=ApprovalReasonInput, responses={200: ApprovalOutput, **WRITE_ERRORS})
    def post(self, request, reference):
        """The regulator revokes an approval in force, saying why: it ends on the casino's today."""
        values = _body(ApprovalReasonInput, request)
        return self.answer(request, _noted(lambda: services.request_revoke(
            actor=request.user, request=self.approval, reason=values["reason"]), "reason"))
