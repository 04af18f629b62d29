"""API of the orphelins register (LU RGD 1979 art. 8, 18-12): list with states and deadlines, filing, return
to the owner. Thin views over the selectors and services, which do every check."""

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from compliance import selectors as compliance_selectors
from compliance.api.inputs import Input
from compliance.errors import DomainError
from games.selectors import day_from_text
from registers.errors import ErrorCode

from ..chain import selectors as chain_selectors
from ..chain.api import FILED_ANSWERS, PendingOutput, ScopedObjectApi, filed, writes
from ..chain.inputs import Amount, Currency, RegisterText, choice, day, flag, free_text, late_reason_text
from ..kinds import RegisterKind
from . import errors, selectors
from .services import FILED, orphelin_file, orphelin_return

LOCATION_MAX = OWNER_MAX = 200  # as orphelin_record and orphelin_return bound them
EVIDENCE_MAX = 2000


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
    closed_by = serializers.IntegerField(source="state.closing.seq", default=None, allow_null=True)


class OrphelinListApi(ScopedObjectApi):
    class FileInput(Input):
        gaming_day = day()
        source = choice(list(selectors.SOURCES), code=ErrorCode.UNKNOWN_SOURCE, message=errors.UNKNOWN_SOURCE)
        amount = Amount()
        currency = Currency(help_text="ISO 4217: the casino's currency (another is refused: `wrong_currency`)")
        location = RegisterText(max_length=LOCATION_MAX)
        description = free_text()
        found_on = day(required=False, allow_null=True, default=None,
                       help_text="a found nominative card's balance (`carte_nominative`): the day it was found")
        late_reason = late_reason_text()

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

    @extend_schema(request=FileInput, responses=writes({201: PendingOutput}))
    def post(self, request, casino):
        data = self.FileInput(data=request.data)
        data.is_valid(raise_exception=True)
        pending = orphelin_file(casino=self.casino, actor=request.user, **data.validated_data)
        return Response(PendingOutput(pending).data, status=status.HTTP_201_CREATED)


class OrphelinReturnApi(ScopedObjectApi):
    class ReturnInput(Input):
        gaming_day = day(required=False, help_text="today when left out")
        owner_name = RegisterText(max_length=OWNER_MAX)
        owner_document = RegisterText(max_length=OWNER_MAX)
        right_established = flag(help_text="a return needs the owner's right established (`right_not_established`)")
        evidence = free_text(max_length=EVIDENCE_MAX)
        late_reason = late_reason_text()

    def resolve(self, request, casino, seq):
        self.entry = chain_selectors.entry_get(user=request.user, casino_code=casino, kind=RegisterKind.ORPHELINS,
                                               seq=seq)
        if self.entry.kind != FILED:
            raise Http404

    @extend_schema(request=ReturnInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino, seq):
        data = self.ReturnInput(data=request.data)
        data.is_valid(raise_exception=True)
        values = {"gaming_day": self.entry.register.casino.today(), **data.validated_data}
        return filed(orphelin_return(entry=self.entry, actor=request.user, **values))


