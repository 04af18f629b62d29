"""Return-to-player API: exact returns of the loaded tables, a submitted roue de fortune, and batch
hand evaluation."""


from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from compliance.api.permissions import SignedInCalculator
from compliance.errors import DomainError
from games import errors, selectors
from games.errors import ErrorCode
from games.rtp import hands_api
from games.rtp.engine import ModelError
from games.rtp.selectors import progressive_from_text, rtp_report, wheel_report

PROGRESSIVE_PARAM = OpenApiParameter("progressive", str, description="montant du lot progressif, ex. 25000.00")


class RtpDetailApi(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("on", str, description="AAAA-MM-JJ"), PROGRESSIVE_PARAM], responses=dict
    )
    def get(self, request, key):
        day = selectors.day_from_text(request.query_params.get("on"), field="on", default=timezone.localdate())
        try:
            amount = progressive_from_text(request.query_params.get("progressive"))
            return Response(rtp_report(user=request.user, key=key, on=day, progressive=amount))
        except ModelError as exc:
            raise DomainError(
                errors.RTP_UNAVAILABLE.format(key=key, problem=exc), code=ErrorCode.RTP_UNAVAILABLE, field="key"
            ) from exc


class WheelRtpApi(APIView):
    permission_classes = [SignedInCalculator]

    class WheelInput(serializers.Serializer):
        on = serializers.DateField(required=False)
        segments = serializers.JSONField(help_text='[{"symbol": "1 $", "count": 24, "odds": "1 à 1"}, …]')

    @extend_schema(request=WheelInput, responses=dict)
    def post(self, request):
        data = self.WheelInput(data=request.data)
        data.is_valid(raise_exception=True)
        day = data.validated_data.get("on") or timezone.localdate()
        return Response(wheel_report(segments=data.validated_data["segments"], on=day))


class HandEvaluateApi(APIView):
    permission_classes = [SignedInCalculator]

    class HandsInput(serializers.Serializer):
        kind = serializers.CharField(help_text="cinq_parmi_sept, cinq_cartes, trois_cartes, quatre_parmi_cinq …")
        hands = serializers.ListField(child=serializers.CharField(), help_text='["Ah Kh Qh Jh Th 2c 3d", …]')

    @extend_schema(request=HandsInput, responses=dict)
    def post(self, request):
        data = self.HandsInput(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(hands_api.evaluate_texts(data.validated_data["kind"], data.validated_data["hands"]))
