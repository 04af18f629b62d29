"""API of the poker room (docs/poker-import.md): `POST /api/v1/registers/<casino>/poker/import/`, a file of deals as
the `file` part of a multipart/form-data body (`format`: ohh or pokerstars), a thin caller of `hands_import` (all or
nothing; the refused deal named with its number, place and reason); `GET /api/v1/registers/<casino>/poker/days/<day>/`,
the room's day: each table's sums, ours beside the room's; `POST /api/v1/registers/<casino>/poker/seances/close/`, a
table's séance closed with its caisse de change counted (poker_seance_close). Casino staff import and close; a
regulator reads."""

import datetime

from django.http import Http404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from compliance import selectors as compliance_selectors
from compliance.api.errors import ErrorOutput, error_responses

from ..chain.api import FILED_ANSWERS, ScopedObjectApi, WriteOnlyApi, filed, writes
from ..kinds import RegisterKind
from ..tables.api_import import FileImportApi, ImportInput, Upload
from . import selectors
from .imports import FORMATS, hands_import
from .services import poker_seance_close

FILE_MAX_MB = 500  # a month of a busy room in OHH


class HandsImportInput(ImportInput):
    """The tables' import's fields (a late file's reason and countersigner), another file and its format."""

    file = Upload(help_text="the room's file of deals (docs/poker-import.md)", allow_empty_file=True)
    format = serializers.ChoiceField(choices=sorted(FORMATS), default="ohh",
                                     help_text="ohh (Open Hand History JSON) or pokerstars (text)")


class HandsImportedDayOutput(serializers.Serializer):
    journee = serializers.DateField()
    seq = serializers.IntegerField(help_text="the entry's number in the cagnotte register")
    mains = serializers.IntegerField()
    empreinte = serializers.CharField(help_text="SHA-256 of the day's new deals' digests, sealed by the entry")


class HandsImportOutput(serializers.Serializer):
    casino = serializers.CharField()
    file_sha256 = serializers.CharField()
    hands = serializers.IntegerField(help_text="deals read")
    created = serializers.IntegerField(help_text="new deals")
    known = serializers.IntegerField(help_text="deals already imported with the same content, skipped")
    days = serializers.ListField(child=serializers.DateField())
    late_days = serializers.ListField(child=serializers.DateField())
    entries = HandsImportedDayOutput(many=True)


class HandsImportApi(FileImportApi):
    """Imports a file of deals from the poker room's system: each deal replayed with its session's rules, then one
    entry of the cagnotte register per gaming day sealing the digest of its deals."""

    file_max_mb = FILE_MAX_MB

    @extend_schema(
        request={"multipart/form-data": HandsImportInput},
        responses={201: HandsImportOutput, **error_responses(400, 401, 403, 404, 429),
                   415: OpenApiResponse(ErrorOutput, description="The body is not multipart/form-data")})
    def post(self, request, casino):
        data = HandsImportInput(data=request.data)
        data.is_valid(raise_exception=True)
        upload, countersigner = self.upload(request, data)
        result = hands_import(casino=self.casino, actor=request.user, source=upload,
                              file_format=data.validated_data["format"], name=upload.name or "",
                              late_reason=data.validated_data["late_reason"], countersigner=countersigner)
        return Response(HandsImportOutput(result).data, status=status.HTTP_201_CREATED)


class TableDayOutput(serializers.Serializer):
    table = serializers.CharField()
    sessions = serializers.IntegerField()
    hands = serializers.IntegerField()
    pot = serializers.DecimalField(max_digits=16, decimal_places=2)
    rake = serializers.DecimalField(max_digits=16, decimal_places=2, help_text="ours, recomputed")
    rake_declared = serializers.DecimalField(max_digits=16, decimal_places=2, help_text="the room's")
    progressive_declared = serializers.DecimalField(max_digits=16, decimal_places=2)
    bad_beat_declared = serializers.DecimalField(max_digits=16, decimal_places=2)
    cagnotte_counted = serializers.DecimalField(max_digits=16, decimal_places=2, allow_null=True)
    flagged = serializers.IntegerField(help_text="deals the replay flagged")


class RoomDayOutput(serializers.Serializer):
    casino = serializers.CharField()
    gaming_day = serializers.DateField()
    tables = TableDayOutput(many=True)


class RoomDayApi(ScopedObjectApi):
    """The poker room's gaming day: each table's deals added up, ours beside what the room declared, and the
    cagnotte counted."""

    def resolve(self, request, casino, day):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)
        try:
            self.day = datetime.date.fromisoformat(day)
        except ValueError:
            raise Http404(day) from None

    @extend_schema(responses={200: RoomDayOutput, **error_responses(401, 403, 404, 429)})
    def get(self, request, casino, day):
        rows = selectors.room_day(self.casino, self.day)
        return Response(RoomDayOutput({"casino": self.casino.code, "gaming_day": self.day,
                                       "tables": [row.as_api() for row in rows]}).data)


class SeanceCloseInput(serializers.Serializer):
    gaming_day = serializers.DateField()
    table = serializers.CharField(max_length=60)
    caisse = serializers.CharField(max_length=30, min_length=1,
                                   help_text="the caisse de change counted at the close, « 5000.00 »")
    explanation = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="",
                                        help_text="why the caisse differs from the opening's count, if it does")
    closed_at = serializers.DateTimeField(required=False, help_text="when the séance closed, if not now")


class SeanceCloseApi(WriteOnlyApi):
    """Closes a table's séance (its gaming day) once, its caisse de change counted beside the opening's (LU RGD 1979
    art. 49-3 al. 4, 49-7 al. 4); an unexplained difference is recorded and reported by the nightly reconciliation.
    The entry of the cagnotte register it writes."""

    kind = RegisterKind.CAGNOTTE

    @extend_schema(request=SeanceCloseInput, responses=writes(FILED_ANSWERS))
    def post(self, request, casino):
        self.writable()
        values = self.values(SeanceCloseInput, request)
        return filed(poker_seance_close(casino=self.casino, actor=request.user, **values).entry)
