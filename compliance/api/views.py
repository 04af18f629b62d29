"""API of the shell: one view per operation, nested serializers, scoped selectors."""

from django.core.validators import RegexValidator
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import selectors, services
from ..errors import ErrorCode
from ..models import Casino, JobRun, Jurisdiction, User
from ..second_factor.services import api_token_obtain
from .errors import error_responses
from .inputs import JSON_ONLY, Choice, Day, Input, Text


class JurisdictionOutput(serializers.ModelSerializer):
    class Meta:
        model = Jurisdiction
        fields = ["code", "name_fr", "name_en", "currency", "locale", "timezone", "regulator_fr", "regulator_en"]


class CasinoOutput(serializers.ModelSerializer):
    jurisdiction = serializers.CharField(source="jurisdiction.code")
    currency = serializers.CharField()
    share_capital = serializers.DecimalField(max_digits=18, decimal_places=2, coerce_to_string=True)

    class Meta:
        model = Casino
        fields = ["code", "name", "jurisdiction", "currency", "operator_name", "licence_number", "address",
                  "share_capital"]


class JobOutput(serializers.ModelSerializer):
    casino = serializers.CharField(source="casino.code")
    requested_by = serializers.CharField(source="requested_by.username")
    percent = serializers.IntegerField()
    # a failed job's message for people, in the request's language; the exception is the administrator's (the admin)
    error = serializers.CharField(source="failure", read_only=True)

    class Meta:
        model = JobRun
        fields = ["id", "casino", "kind", "status", "requested_by", "progress_done", "progress_total", "percent",
                  "message", "result", "error", "attempts", "created_at", "started_at", "finished_at"]


class MeApi(APIView):
    class MeOutput(serializers.ModelSerializer):
        casino = serializers.CharField(source="casino.code", default=None, allow_null=True)
        jurisdiction = serializers.SerializerMethodField()

        class Meta:
            model = User
            fields = ["username", "first_name", "last_name", "role", "casino", "jurisdiction", "preferred_language"]

        def get_jurisdiction(self, user) -> str | None:
            return user.home_jurisdiction.code if user.home_jurisdiction else None

    @extend_schema(responses=MeOutput)
    def get(self, request):
        return Response(self.MeOutput(request.user).data)


class TokenObtainApi(APIView):
    authentication_classes = []
    permission_classes = [AllowAny]
    parser_classes = JSON_ONLY

    class TokenInput(Input):
        username = Text(validators=[RegexValidator(r"\S")])  # not blank
        password = Text(style={"input_type": "password"}, trim_whitespace=False, min_length=1)
        # the second factor's code (or a recovery code), for a person who gives one at sign-in
        otp = Text(required=False, min_length=1, max_length=40)

    class TokenOutput(serializers.Serializer):
        token = serializers.CharField()

    # 400: a body of another shape, a wrong username or password, or a missing or wrong second factor (field otp);
    # 403: the account locked after failed attempts
    @extend_schema(request=TokenInput, responses={200: TokenOutput, **error_responses(400, 403, 415, 429)})
    def post(self, request):
        data = self.TokenInput(data=request.data)
        data.is_valid(raise_exception=True)
        token = api_token_obtain(request=request._request, **data.validated_data)
        return Response({"token": token.key})


class JurisdictionListApi(APIView):
    @extend_schema(responses=JurisdictionOutput(many=True))
    def get(self, request):
        return Response(JurisdictionOutput(selectors.jurisdiction_list(user=request.user), many=True).data)


class CasinoListApi(APIView):
    @extend_schema(responses=CasinoOutput(many=True))
    def get(self, request):
        return Response(CasinoOutput(selectors.casino_list(user=request.user), many=True).data)


class CasinoDetailApi(APIView):
    @extend_schema(responses=CasinoOutput)
    def get(self, request, code):
        return Response(CasinoOutput(selectors.casino_get(user=request.user, code=code)).data)


class JobKindInput(Input):
    kind = Choice(choices=JobRun.Kind.choices)


class PipelineCheckJobInput(Input):
    kind = Choice(choices=[JobRun.Kind.PIPELINE_CHECK], help_text="web → PostgreSQL → Redis → worker, end to end")


class ReconciliationJobInput(Input):
    kind = Choice(choices=[JobRun.Kind.RECONCILIATION], help_text="a casino's gaming day of tables reconciled")
    gaming_day = Day(codes={"required": ErrorCode.REQUIRED},
                     help_text="the gaming day reconciled: over, and one the casino's registers hold")


# Each kind's body: its parameters, typed and required as its kind takes them (compliance.hooks JOB_PARAMETERS, which
# tests/test_job_inputs.py holds equal to these); a parameter its kind does not take is refused by the service.
JOB_INPUTS = {JobRun.Kind.PIPELINE_CHECK: PipelineCheckJobInput, JobRun.Kind.RECONCILIATION: ReconciliationJobInput}
JOB_CREATE = PolymorphicProxySerializer(component_name="JobCreateInput", resource_type_field_name="kind",
                                        serializers={str(kind): body for kind, body in JOB_INPUTS.items()})


class JobListApi(APIView):
    parser_classes = JSON_ONLY

    @extend_schema(responses=JobOutput(many=True))
    def get(self, request):
        return Response(JobOutput(selectors.job_list(user=request.user)[:200], many=True).data)

    @extend_schema(request=JOB_CREATE, responses={201: JobOutput, **error_responses(400, 401, 403, 415, 429)})
    def post(self, request):
        asked = JobKindInput(data=request.data)
        asked.is_valid(raise_exception=True)
        kind = asked.validated_data["kind"]
        data = JOB_INPUTS[kind](data=request.data)
        data.is_valid(raise_exception=True)
        parameters = {name: value for name, value in data.validated_data.items() if name != "kind"}
        # what the kind's body does not name goes to the service, which refuses it by its name (parameter_not_taken)
        parameters |= {name: value for name, value in request.data.items() if name not in data.fields}
        job = services.job_enqueue(kind=kind, casino=request.user.casino, requested_by=request.user,
                                   parameters=parameters)
        return Response(JobOutput(job).data, status=status.HTTP_201_CREATED)


class JobDetailApi(APIView):
    @extend_schema(responses=JobOutput)
    def get(self, request, pk):
        return Response(JobOutput(selectors.job_get(user=request.user, pk=pk)).data)
