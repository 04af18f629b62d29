"""API of a table system's file of slips (docs/tables-import.md): `POST /api/v1/registers/<casino>/tables/import/`,
the CSV as the `file` part of a multipart/form-data body. A thin caller of `slips_import`, which checks every line:
all or nothing, a refused line named in `field_errors` (`lignes[12].montant`). Casino staff import; a regulator
reads (403 here). A file with a day past the casino's filing delay gives the reason (`late_reason`) and a manager's
countersignature: the manager's username and own password (`countersigner`, `countersigner_password`)."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response

from compliance import selectors as compliance_selectors
from compliance.api.errors import ErrorOutput, error_responses
from compliance.api.inputs import Input
from compliance.errors import DomainError
from registers.errors import ErrorCode

from ..chain.api import PostOnly, ScopedObjectApi
from ..chain.inputs import RegisterText
from ..fields import TEXT_MAX
from .imports import countersigner_present, slips_import

FILE_MAX_MB = 200  # a year of a casino's slips is about 40 MB
FILE_TOO_LARGE = _("Le fichier dépasse {max} Mo : importez-le en plusieurs fois (une journée de jeu n'y est que "
                   "dans un fichier).")


@extend_schema_field({"type": "string", "format": "binary"})
class Upload(serializers.FileField):
    """A file part of a multipart/form-data body."""


class ImportInput(Input):
    file = Upload(help_text="the table system's export: UTF-8, `;` between columns, its header first "
                            "(docs/tables-import.md)", allow_empty_file=True)
    late_reason = RegisterText(max_length=TEXT_MAX, multiline=True, optional=True,
                               help_text="why days past the casino's filing delay are imported now")
    countersigner = RegisterText(optional=True, help_text="a late file: the username of the manager who countersigns")
    countersigner_password = serializers.CharField(
        write_only=True, trim_whitespace=False, required=False, max_length=128,
        help_text="the countersigning manager's own password: they sign in person")


class ImportedEntryOutput(serializers.Serializer):
    register = serializers.CharField(help_text="avances (openings, fills, credits, closings) or carnets_speciaux "
                                               "(drops)")
    gaming_day = serializers.DateField()
    seq = serializers.IntegerField(help_text="the entry's number in its register")
    slips = serializers.IntegerField()
    digest = serializers.CharField(help_text="SHA-256 of the slips' canonical lines, sealed by the entry")


class SerialRangeOutput(serializers.Serializer):
    year = serializers.IntegerField()
    first = serializers.IntegerField()
    last = serializers.IntegerField()


class ImportOutput(serializers.Serializer):
    casino = serializers.CharField()
    file_sha256 = serializers.CharField()
    slips = serializers.IntegerField()
    by_kind = serializers.DictField(child=serializers.IntegerField(), help_text='{"ouverture": 2, "credit": 5 …}')
    sessions = serializers.IntegerField(help_text="the sessions the file opened")
    days = serializers.ListField(child=serializers.DateField())
    late_days = serializers.ListField(child=serializers.DateField())
    serials = serializers.SerializerMethodField()
    entries = ImportedEntryOutput(many=True)

    @extend_schema_field(SerialRangeOutput(many=True))
    def get_serials(self, result) -> list[dict]:
        return SerialRangeOutput([{"year": year, "first": first, "last": last}
                                  for year, (first, last) in sorted(result.serials.items())], many=True).data


class FileImportApi(PostOnly, ScopedObjectApi):
    """A file imported by a casino's staff, as multipart/form-data: its size bounded, a late file's countersigner
    signed in person (before the import's transaction, so that a wrong attempt stays counted)."""

    parser_classes = [MultiPartParser]
    file_max_mb: int | None = None  # the tables' FILE_MAX_MB where a kind of file sets none

    def resolve(self, request, casino):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)

    def upload(self, request, data: Input):
        """The file and the countersigner, checked; then the import's service gets them."""
        upload, most = data.validated_data["file"], FILE_MAX_MB if self.file_max_mb is None else self.file_max_mb
        if upload.size > most * 1024 * 1024:
            raise DomainError(FILE_TOO_LARGE.format(max=most), code=ErrorCode.TOO_LARGE, field="file")
        countersigner = None
        if data.validated_data["countersigner"]:
            countersigner = countersigner_present(self.casino, request.user, data.validated_data["countersigner"],
                                                  data.validated_data.get("countersigner_password", ""), request)
        upload.seek(0)
        return upload, countersigner


class SlipsImportApi(FileImportApi):
    """Imports a table system's file of slips into the casino's carnet d'avances and carnets spéciaux: one entry per
    register and gaming day, sealing the digest of its slips."""

    @extend_schema(
        request={"multipart/form-data": ImportInput},
        responses={201: ImportOutput, **error_responses(400, 401, 403, 404, 429),
                   415: OpenApiResponse(ErrorOutput, description="The body is not multipart/form-data")})
    def post(self, request, casino):
        data = ImportInput(data=request.data)
        data.is_valid(raise_exception=True)
        upload, countersigner = self.upload(request, data)
        result = slips_import(casino=self.casino, actor=request.user, source=upload,
                              late_reason=data.validated_data["late_reason"], countersigner=countersigner)
        return Response(ImportOutput(result).data, status=status.HTTP_201_CREATED)
