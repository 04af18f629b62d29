"""API of what every register has: the list of registers, the countersignature queue, verification, export,
the signature of a register's head, the close of a gaming day; and the base of each family's API (`KindApi`).
Thin views over the chain's selectors and services, which do every check; a refusal is
`{code, message, field_errors}` (compliance/api/errors.py). Regulators read and verify; only casino staff file,
countersign and close."""

import json

from django.http import Http404
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from compliance import selectors as compliance_selectors
from compliance.api.errors import error_responses
from compliance.api.inputs import JSON_ONLY, Input
from compliance.models import Casino

from ..fields import TEXT_MAX
from ..models import Entry, PendingEntry
from . import selectors as queries
from .inputs import RegisterText, day
from .services import checkpoint_create, entry_correct, pending_countersign, session_close
from .verification import register_export, register_verify

# --- outputs ----------------------------------------------------------------------------------------


class CheckpointOutput(serializers.Serializer):
    size = serializers.IntegerField()
    head_hash = serializers.CharField()
    signed_at = serializers.DateTimeField()
    reason = serializers.CharField()
    signed_by = serializers.CharField(source="signed_by.username")


class RegisterOutput(serializers.Serializer):
    kind = serializers.CharField()
    label = serializers.CharField()
    opened = serializers.SerializerMethodField()
    entries = serializers.IntegerField()
    head_seq = serializers.IntegerField(allow_null=True)
    last_checkpoint = CheckpointOutput(allow_null=True)
    pending = serializers.IntegerField()

    def get_opened(self, row) -> bool:
        return row.register is not None


class CasinoRegistersOutput(serializers.Serializer):
    casino = serializers.CharField(source="casino.code")
    name = serializers.CharField(source="casino.name")
    currency = serializers.CharField(source="casino.currency")
    registers = RegisterOutput(many=True)


class EntryOutput(serializers.ModelSerializer):
    register = serializers.CharField(source="register.label")
    refers_to = serializers.IntegerField(source="refers_to.seq", default=None, allow_null=True)
    payload = serializers.SerializerMethodField()
    actor = serializers.CharField(source="actor.username")
    countersigner = serializers.CharField(source="countersigner.username", default=None, allow_null=True)

    class Meta:
        model = Entry
        fields = [
            "register",
            "seq",
            "kind",
            "gaming_day",
            "refers_to",
            "payload",
            "actor",
            "countersigner",
            "recorded_at",
            "prev_hash",
            "hash",
        ]

    def get_payload(self, entry) -> dict:
        return json.loads(entry.payload)


class PendingOutput(serializers.ModelSerializer):
    casino = serializers.CharField(source="register.casino.code")
    register = serializers.CharField(source="register.kind")
    refers_to = serializers.IntegerField(source="refers_to.seq", default=None, allow_null=True)
    payload = serializers.SerializerMethodField()
    actor = serializers.CharField(source="actor.username")
    entry = serializers.IntegerField(source="entry.seq", default=None, allow_null=True)

    class Meta:
        model = PendingEntry
        fields = [
            "id",
            "casino",
            "register",
            "kind",
            "gaming_day",
            "refers_to",
            "payload",
            "actor",
            "countersigner_role",
            "citation",
            "created_at",
            "entry",
        ]

    def get_payload(self, pending) -> dict:
        return json.loads(pending.payload)


class ProblemOutput(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    detail = serializers.CharField()


class VerificationOutput(serializers.Serializer):
    register = serializers.CharField()
    ok = serializers.BooleanField()
    entries = serializers.IntegerField()
    checkpoints = serializers.IntegerField()
    first_broken = serializers.IntegerField(allow_null=True)
    problems = ProblemOutput(many=True)
    since = serializers.IntegerField(help_text="the verified checkpoint's size it started from; 0: the first entry")


# --- what every write operation documents ---------------------------------------------------------------

# A refusal of a register's write: the body's shape or a rule (400), no session or token (401), a read-only role
# (403), a casino or object outside the caller's scope, or a register its rules do not have (404), a body that is
# not JSON (415), too many requests (429).
WRITE_ERRORS = error_responses(400, 401, 403, 404, 415, 429)
BODILESS_ERRORS = error_responses(400, 401, 403, 404, 429)  # a write without a body


def writes(ok: dict) -> dict:
    """The documented answers of a register's write: `ok` (status → serializer) and every refusal."""
    return {**ok, **WRITE_ERRORS}


# --- views ------------------------------------------------------------------------------------------


class ScopedObjectApi(APIView):
    """Finds the object of the URL in the caller's scope before the method is dispatched, so another
    casino's object is a 404 whatever the method (after authentication and permissions: a regulator's
    write is a 403). A body is JSON."""

    parser_classes = JSON_ONLY

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        self.resolve(request, **kwargs)

    def resolve(self, request, **kwargs) -> None:
        raise NotImplementedError


class RegisterListApi(APIView):
    @extend_schema(responses=CasinoRegistersOutput(many=True))
    def get(self, request):
        overview = [
            {"casino": casino, "registers": rows} for casino, rows in queries.register_overview(user=request.user)
        ]
        return Response(CasinoRegistersOutput(overview, many=True).data)


class PendingListApi(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("casino", str), OpenApiParameter("register", str)],
        responses=PendingOutput(many=True),
    )
    def get(self, request):
        queue = [row.pending for row in queries.pending_list(user=request.user)]
        casino, kind = request.query_params.get("casino"), request.query_params.get("register")
        queue = [
            p
            for p in queue
            if (not casino or p.register.casino.code == casino) and (not kind or p.register.kind == kind)
        ]
        return Response(PendingOutput(queue, many=True).data)


class PendingCountersignApi(ScopedObjectApi):
    def resolve(self, request, pk):
        self.pending = queries.pending_get(user=request.user, pk=pk)

    @extend_schema(request=None, responses={201: EntryOutput, **BODILESS_ERRORS})
    def post(self, request, pk):
        entry = pending_countersign(pending=self.pending, countersigner=request.user)
        return Response(EntryOutput(entry).data, status=status.HTTP_201_CREATED)


class RegisterVerifyApi(ScopedObjectApi):
    """Verification writes nothing: GET for everyone who sees the register (regulators included), POST
    for casino staff."""

    def resolve(self, request, casino, kind):
        self.register = queries.register_get(user=request.user, casino_code=casino, kind=kind)

    @extend_schema(request=None, responses=VerificationOutput, parameters=[OpenApiParameter(
        "complete", bool, description="from the first entry rather than the last verified checkpoint")])
    def get(self, request, casino, kind):
        full = request.query_params.get("complete") in ("1", "true", "oui")
        return Response(VerificationOutput(register_verify(self.register, full=full)).data)

    @extend_schema(request=None, responses={200: VerificationOutput, **BODILESS_ERRORS})
    def post(self, request, casino, kind):
        return self.get(request, casino, kind)


class RegisterExportApi(ScopedObjectApi):
    def resolve(self, request, casino, kind):
        self.register = queries.register_get(user=request.user, casino_code=casino, kind=kind)

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, casino, kind):
        return Response(register_export(self.register))


class SessionOutput(serializers.Serializer):
    casino = serializers.CharField(source="casino.code")
    gaming_day = serializers.DateField()
    closed_at = serializers.DateTimeField()
    closed_by = serializers.CharField(source="closed_by.username")


class SessionInput(Input):
    gaming_day = day()


class KindApi(ScopedObjectApi):
    """A register of one kind in a casino the caller sees; writing needs the kind's rule data."""

    kind: str = ""

    def resolve(self, request, casino, kind=None):
        self.casino: Casino = compliance_selectors.casino_get(user=request.user, code=casino)
        kind = kind or self.kind
        self.register = queries.register_find(user=request.user, casino=self.casino, kind=kind)
        self.applies = queries.kind_applies(self.casino, kind)
        if self.register is None and not self.applies:
            raise Http404

    def values(self, serializer_class, request) -> dict:
        """The body, checked for its shape; a gaming day or a currency left out is today's or the casino's."""
        data = serializer_class(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        fields = serializer_class().fields
        if "gaming_day" in fields and "gaming_day" not in values:
            values["gaming_day"] = timezone.localdate()
        if "currency" in fields and "currency" not in values:
            values["currency"] = self.casino.currency
        return values

    def writable(self) -> None:
        if not self.applies:
            raise Http404

    @extend_schema(responses=EntryOutput(many=True))
    def get(self, request, casino):
        """The register's entries, oldest first, each with its payload (none before the first filing)."""
        register = self.register
        entries = (
            Entry.objects.filter(register=register)
            .select_related("register", "actor", "countersigner", "refers_to")
            .order_by("seq")
            if register is not None
            else []
        )
        return Response(EntryOutput(entries, many=True).data)


class PostOnly:
    """A form's endpoint: POST only (any other method is a 405, after the scoping's 404)."""

    http_method_names = ["post", "options"]


class WriteOnlyApi(PostOnly, KindApi):
    pass


class CheckpointApi(PostOnly, ScopedObjectApi):
    """Signs the head of any register of the casino (orphelins included) with the casino's key."""

    def resolve(self, request, casino, kind):
        self.register = queries.register_get(user=request.user, casino_code=casino, kind=kind)

    @extend_schema(request=None, responses={201: CheckpointOutput, **BODILESS_ERRORS})
    def post(self, request, casino, kind):
        return created(CheckpointOutput(checkpoint_create(register=self.register, user=request.user)))


class SessionCloseApi(PostOnly, ScopedObjectApi):
    """Closes a gaming day of the casino: nothing more is filed on it, every register's head is signed."""

    def resolve(self, request, casino):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)

    @extend_schema(request=SessionInput, responses=writes({201: SessionOutput}))
    def post(self, request, casino):
        data = SessionInput(data=request.data)
        data.is_valid(raise_exception=True)
        session = session_close(casino=self.casino, user=request.user, **data.validated_data)
        return created(SessionOutput(session))


class CorrectionInput(Input):
    reason = RegisterText(max_length=TEXT_MAX, multiline=True, help_text="why the entry was filed wrongly")


class EntryCorrectApi(PostOnly, ScopedObjectApi):
    """A manager files the correction of an entry of the casino (LU RGD 1979 art. 18-15); it waits for another
    person of the casino to countersign it (`pending/<id>/countersign/`), then the entry leaves the totals."""

    def resolve(self, request, casino, kind, seq):
        self.entry = queries.entry_get(user=request.user, casino_code=casino, kind=kind, seq=seq)

    @extend_schema(request=CorrectionInput, responses=writes({201: PendingOutput}))
    def post(self, request, casino, kind, seq):
        data = CorrectionInput(data=request.data)
        data.is_valid(raise_exception=True)
        pending = entry_correct(entry=self.entry, actor=request.user, **data.validated_data)
        return created(PendingOutput(pending))


def created(output) -> Response:
    return Response(output.data, status=status.HTTP_201_CREATED)


# A filing one person may make alone enters the register at once (201), or, for a gaming day past the casino's delay,
# waits for a manager's countersignature (202, the filing in the queue).
FILED_ANSWERS = {201: EntryOutput, 202: PendingOutput}


def filed(result: Entry | PendingEntry) -> Response:
    if isinstance(result, PendingEntry):
        return Response(PendingOutput(result).data, status=status.HTTP_202_ACCEPTED)
    return created(EntryOutput(result))


