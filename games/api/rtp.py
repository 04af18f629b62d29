"""Return-to-player API: exact returns of the loaded tables, a submitted roue de fortune, and batch
hand evaluation."""

import re

from django.core.validators import RegexValidator
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.fields import empty
from rest_framework.response import Response
from rest_framework.views import APIView

from compliance.api.errors import error_responses
from compliance.api.inputs import JSON_ONLY, NON_FIELD, Choice, Day, Input, ListOf, Text, Whole
from compliance.api.permissions import SignedInCalculator
from compliance.errors import DomainError
from games import errors, selectors
from games.errors import ErrorCode
from games.hands.distributions import KINDS
from games.rtp import hands_api
from games.rtp.engine import ModelError
from games.rtp.selectors import progressive_from_text, rtp_report, wheel_report

PROGRESSIVE_PARAM = OpenApiParameter("progressive", str, description="montant du lot progressif, ex. 25000.00")
ODDS_FORMAT = _("Cote attendue sous la forme « X à Y » ou « X pour Y », X et Y positifs (par exemple « 5 à 1 »).")
HAND_FORMAT = _(
    "Main attendue : de {least} à {most} cartes séparées par des espaces, par exemple « Ah Kh Qh Jh Th » (rangs 2 à "
    "9, T ou 10, J, Q, K, A ; couleurs c, d, h, s)."
)
# games.rtp.roue reads odds « X à Y » or « X pour Y » (any case, spaces around); X and Y more than 0
_NUMBER = "(?:[0-9]*[1-9][0-9]*(?:[.,][0-9]+)?|[0-9]+[.,][0-9]*[1-9][0-9]*)"
ODDS = f"^ *{_NUMBER} *(?:[aAàÀ]|[pP][oO][uU][rR]) *{_NUMBER} *$"
# games.hands.cards.parse reads cards separated by spaces or commas, or run together two characters each (no 10);
# how many a kind takes, and whether one is there twice, is the service's check (`invalid_hand`)
_CARD = "(?:10|[2-9TJQKAtjqka])[cdhsCDHS]"
LEAST, MOST = min(kind.cards for kind in KINDS.values()), max(kind.cards for kind in KINDS.values())
HAND = (f"^(?:[ ,]*{_CARD}(?:[ ,]+{_CARD}){{{LEAST - 1},{MOST - 1}}}[ ,]*"
        f"|(?:[2-9TJQKAtjqka][cdhsCDHS]){{{LEAST},{MOST}}})$")
SHAPE = {"required": ErrorCode.INVALID, "null": ErrorCode.INVALID, "blank": ErrorCode.INVALID,
         "invalid": ErrorCode.INVALID, "not_a_list": ErrorCode.INVALID, "min_value": ErrorCode.INVALID}
# The calculators answer with the errors of the rule pages: 400 (the body or a rule), 401, 415, 429.
CALCULATOR_ERRORS = error_responses(400, 401, 415, 429)


class Exactly(Text):
    """A string matching `pattern` as a whole (Python's `$` would also take a final line break)."""

    def __init__(self, pattern: str, **kwargs):
        self.format = re.compile(pattern)
        super().__init__(validators=[RegexValidator(pattern)], trim_whitespace=False, **kwargs)

    def run_validators(self, value):
        if not self.format.fullmatch(value):
            self.fail("invalid")
        super().run_validators(value)


def _messages(detail) -> list[str]:
    """A nested serializer's errors as messages, each prefixed with its field's name."""
    if isinstance(detail, dict):
        return [message if name == NON_FIELD else f"{name}: {message}"
                for name, messages in detail.items() for message in _messages(messages)]
    return [str(item) for item in detail]


class SegmentInput(Input):
    """One bet of the wheel: a symbol on `count` of its segments paying `odds`. A refused bet is named as a whole
    (`segments[0]`, `invalid_segment`)."""

    symbol = Text(validators=[RegexValidator(r"\S")], help_text="not blank")
    count = Whole(min_value=1, help_text="how many of the wheel's segments bear it")
    odds = Exactly(ODDS, messages={"invalid": ODDS_FORMAT}, help_text="« X à Y » or « X pour Y », e.g. « 5 à 1 »")

    def run_validation(self, data=empty):
        try:
            return super().run_validation(data)
        except ValidationError as exc:
            raise ValidationError({NON_FIELD: [ErrorDetail(message, code=ErrorCode.INVALID_SEGMENT)
                                               for message in _messages(exc.detail)]}) from None


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
    parser_classes = JSON_ONLY

    class WheelInput(Input):
        on = Day(required=False, codes={"invalid": ErrorCode.BAD_DATE},
                 messages={"invalid": lambda value: errors.BAD_DATE.format(value=value)},
                 help_text="the day whose rules apply; today when left out")
        segments = ListOf(
            child=SegmentInput(),
            min_length=1,
            codes={**SHAPE, "min_length": ErrorCode.NO_SEGMENTS},
            messages={"min_length": errors.WHEEL_NO_SEGMENTS},
            help_text="the wheel's bets; how many segments in all, and each bet's return, are the rules' "
            "(`segments_out_of_range`, `below_minimum_return`)",
        )

    @extend_schema(request=WheelInput, responses={200: dict, **CALCULATOR_ERRORS})
    def post(self, request):
        data = self.WheelInput(data=request.data)
        data.is_valid(raise_exception=True)
        day = data.validated_data.get("on") or timezone.localdate()
        return Response(wheel_report(segments=[dict(s) for s in data.validated_data["segments"]], on=day))


class HandEvaluateApi(APIView):
    permission_classes = [SignedInCalculator]
    parser_classes = JSON_ONLY

    class HandsInput(Input):
        kind = Choice(list(KINDS), codes={"invalid_choice": ErrorCode.UNKNOWN_KIND, **SHAPE},
                      messages={"invalid_choice": lambda value: errors.HANDS_UNKNOWN_KIND.format(kind=value)})
        hands = ListOf(
            child=Exactly(HAND, codes={**SHAPE, "invalid": ErrorCode.INVALID_HAND},
                          messages={"invalid": lambda value: HAND_FORMAT.format(least=LEAST, most=MOST)}),
            max_length=hands_api.MAX_HANDS,
            codes={**SHAPE, "max_length": ErrorCode.TOO_MANY},
            messages={"max_length": lambda value: errors.HANDS_TOO_MANY.format(limit=hands_api.MAX_HANDS)},
            help_text='["Ah Kh Qh Jh Th 2c 3d", …]: each with as many cards as the kind takes (`invalid_hand`)',
        )

    @extend_schema(request=HandsInput, responses={200: dict, **CALCULATOR_ERRORS})
    def post(self, request):
        data = self.HandsInput(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(hands_api.evaluate_texts(data.validated_data["kind"], data.validated_data["hands"]))
