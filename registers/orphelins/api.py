"""API of the orphelins register (LU RGD 1979 art. 8, 18-12): list with states and deadlines, filing, return
to the owner. Thin views over the selectors and services, which do every check."""

from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from compliance import selectors as compliance_selectors
from compliance.errors import DomainError
from games.selectors import day_from_text
from registers.errors import ErrorCode

from ..chain import selectors as chain_selectors
from ..chain.api import EntryOutput, PendingOutput, ScopedObjectApi
from ..kinds import RegisterKind
from . import errors, selectors
from .services import FILED, orphelin_file, orphelin_return


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
        if not chain_selectors.kind_applies(self.casino, RegisterKind.ORPHELINS):
            raise Http404

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=list(selectors.STATUSES)),
            OpenApiParameter("from", str, description="AAAA-MM-JJ"),
            OpenApiParameter("to", str, description="AAAA-MM-JJ"),
        ],
        responses=OrphelinOutput(many=True),
    )
    def get(self, request, casino):
        params = request.query_params
        if params.get("status") and params["status"] not in selectors.STATUSES:
            raise DomainError(
                errors.UNKNOWN_STATUS.format(value=params["status"]), code=ErrorCode.UNKNOWN_STATUS, field="status"
            )
        rows = selectors.orphelin_rows(
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
        self.entry = chain_selectors.entry_get(user=request.user, casino_code=casino, kind=RegisterKind.ORPHELINS,
                                               seq=seq)
        if self.entry.kind != FILED:
            raise Http404

    @extend_schema(request=ReturnInput, responses={201: EntryOutput})
    def post(self, request, casino, seq):
        data = self.ReturnInput(data=request.data)
        data.is_valid(raise_exception=True)
        values = {"gaming_day": timezone.localdate(), **data.validated_data}
        entry = orphelin_return(entry=self.entry, actor=request.user, **values)
        return Response(EntryOutput(entry).data, status=status.HTTP_201_CREATED)


