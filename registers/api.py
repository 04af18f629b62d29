"""API of the electronic registers: thin views over registers.queries and the services, which do every
check; a refusal is `{code, message, field_errors}` (compliance/api/errors.py). Regulators read and
verify; only casino staff file, countersign and return."""

import json

from django.http import Http404
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from compliance import selectors as compliance_selectors
from compliance.errors import DomainError
from games.selectors import day_from_text

from . import queries
from .models import Entry, PendingEntry, RegisterKind
from .orphelins import FILED, orphelin_file, orphelin_return
from .selectors import register_export, register_verify
from .services import pending_countersign

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
    refers_to = serializers.IntegerField(source="refers_to.seq", default=None)
    payload = serializers.SerializerMethodField()
    actor = serializers.CharField(source="actor.username")
    countersigner = serializers.CharField(source="countersigner.username", default=None)

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
    refers_to = serializers.IntegerField(source="refers_to.seq", default=None)
    payload = serializers.SerializerMethodField()
    actor = serializers.CharField(source="actor.username")
    entry = serializers.IntegerField(source="entry.seq", default=None)

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


class OrphelinOutput(serializers.Serializer):
    seq = serializers.IntegerField(source="entry.seq")
    gaming_day = serializers.DateField(source="entry.gaming_day")
    source = serializers.CharField(source="state.payload.source")
    source_label = serializers.CharField()
    source_citation = serializers.CharField(source="state.payload.citation")
    amount = serializers.DecimalField(max_digits=18, decimal_places=2, coerce_to_string=True)
    currency = serializers.CharField(source="state.payload.currency")
    location = serializers.CharField(source="state.payload.location")
    description = serializers.CharField(source="state.payload.description", default="")
    actor = serializers.CharField(source="entry.actor.username")
    countersigner = serializers.CharField(source="entry.countersigner.username", default=None)
    recorded_at = serializers.DateTimeField(source="entry.recorded_at")
    hash = serializers.CharField(source="entry.hash")
    status = serializers.CharField(source="state.status")
    deadline = serializers.DateField(source="state.deadline")
    citation = serializers.CharField(source="state.citation")
    closed_by = serializers.IntegerField(source="state.closing.seq", default=None)


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


# --- views ------------------------------------------------------------------------------------------


class ScopedObjectApi(APIView):
    """Finds the object of the URL in the caller's scope before the method is dispatched, so another
    casino's object is a 404 whatever the method (after authentication and permissions: a regulator's
    write is a 403)."""

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


class OrphelinListApi(ScopedObjectApi):
    class FileInput(serializers.Serializer):
        gaming_day = serializers.DateField()
        source = serializers.CharField(allow_blank=True)
        amount = serializers.CharField(required=False, allow_blank=True, default="")
        currency = serializers.CharField(required=False, allow_blank=True, default="")
        location = serializers.CharField(required=False, allow_blank=True, default="")
        description = serializers.CharField(required=False, allow_blank=True, default="")
        found_on = serializers.DateField(required=False, allow_null=True, default=None)

    def resolve(self, request, casino):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)
        if not queries.kind_applies(self.casino, RegisterKind.ORPHELINS):
            raise Http404

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=list(queries.STATUSES)),
            OpenApiParameter("from", str, description="AAAA-MM-JJ"),
            OpenApiParameter("to", str, description="AAAA-MM-JJ"),
        ],
        responses=OrphelinOutput(many=True),
    )
    def get(self, request, casino):
        params = request.query_params
        if params.get("status") and params["status"] not in queries.STATUSES:
            raise DomainError(
                queries.UNKNOWN_STATUS.format(value=params["status"]), code="unknown_status", field="status"
            )
        rows = queries.orphelin_rows(
            user=request.user,
            casino=self.casino,
            status=params.get("status") or None,
            day_from=day_from_text(params.get("from"), field="from", default=None),
            day_to=day_from_text(params.get("to"), field="to", default=None),
        )
        return Response(OrphelinOutput(rows, many=True).data)

    @extend_schema(request=FileInput, responses={201: PendingOutput})
    def post(self, request, casino):
        data = self.FileInput(data=request.data)
        data.is_valid(raise_exception=True)
        pending = orphelin_file(casino=self.casino, actor=request.user, **data.validated_data)
        return Response(PendingOutput(pending).data, status=status.HTTP_201_CREATED)


class OrphelinReturnApi(ScopedObjectApi):
    class ReturnInput(serializers.Serializer):
        gaming_day = serializers.DateField(required=False)
        owner_name = serializers.CharField(required=False, allow_blank=True, default="")
        owner_document = serializers.CharField(required=False, allow_blank=True, default="")
        right_established = serializers.BooleanField(required=False, default=False)
        evidence = serializers.CharField(required=False, allow_blank=True, default="")

    def resolve(self, request, casino, seq):
        self.entry = queries.entry_get(user=request.user, casino_code=casino, kind=RegisterKind.ORPHELINS, seq=seq)
        if self.entry.kind != FILED:
            raise Http404

    @extend_schema(request=ReturnInput, responses={201: EntryOutput})
    def post(self, request, casino, seq):
        data = self.ReturnInput(data=request.data)
        data.is_valid(raise_exception=True)
        values = {"gaming_day": timezone.localdate(), **data.validated_data}
        entry = orphelin_return(entry=self.entry, actor=request.user, **values)
        return Response(EntryOutput(entry).data, status=status.HTTP_201_CREATED)


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

    @extend_schema(request=None, responses={201: EntryOutput})
    def post(self, request, pk):
        entry = pending_countersign(pending=self.pending, countersigner=request.user)
        return Response(EntryOutput(entry).data, status=status.HTTP_201_CREATED)


class RegisterVerifyApi(ScopedObjectApi):
    """Verification writes nothing: GET for everyone who sees the register (regulators included), POST
    for casino staff."""

    def resolve(self, request, casino, kind):
        self.register = queries.register_get(user=request.user, casino_code=casino, kind=kind)

    @extend_schema(request=None, responses=VerificationOutput)
    def get(self, request, casino, kind):
        return Response(VerificationOutput(register_verify(self.register)).data)

    @extend_schema(request=None, responses=VerificationOutput)
    def post(self, request, casino, kind):
        return self.get(request, casino, kind)


class RegisterExportApi(ScopedObjectApi):
    def resolve(self, request, casino, kind):
        self.register = queries.register_get(user=request.user, casino_code=casino, kind=kind)

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, casino, kind):
        return Response(register_export(self.register))
