"""API of the casino's slot management system (the machines' back-end) on electronic gaming cards,
under /api/v1/slots/. Thin views over registers.cards.slot_system.services, which does every check.

Authentication: `Authorization: Slot <key>`, the key `slot_system_register` gave once when a manager
registered the system. Only a slot system gets in (people and their tokens or sessions are refused: 403),
and a slot system's key opens nothing else of the API (it is not a DRF token).

- `POST debit/` and `POST credit/` take the JSON body `{"card", "amount", "currency", "machine"}` (an amount as a
  string, « 12.50 » or « 12,50 », at most two decimals; the casino's currency), exactly as the OpenAPI schema
  documents it, and require the header `Idempotency-Key`: the first answer given for
  a key (success or refusal) is given again to any retry with the same body, with the header
  `Idempotent-Replayed: true`; the same key with another body is a 409 `idempotency_key_reused`.
- `POST batch/` takes `{"operations": [...]}`, up to 500 debits and credits, each the body above with its
  `operation` (`debit` or `credit`) and its `key` (the Idempotency-Key it would have been sent with alone), and
  answers 200 with `{"results": [{"key", "status", "replayed", "body"}]}` in the order sent: each operation the
  answer it would have had alone (its refusal included) and keeps for its key. A batch whose shape is wrong is
  refused whole (400, the field named `operations[n].…`) and writes nothing. It counts its operations in the rate.
- `GET cards/<number>/balance/`: balance, cap and status.

A card of another casino is unknown (404 `unknown_card`, LU RGD 1979 art. 3-1 2)). Each system has its own
rate limit per minute (429 `rate_limited` with `Retry-After`). Errors are `{code, message, field_errors}`.
Every JSON answer has its keys sorted, so a replay is byte for byte the first answer.
"""

import json

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.permissions import BasePermission
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.utils import json as drf_json
from rest_framework.views import APIView

from compliance.api.errors import error_responses
from compliance.api.inputs import JSON_ONLY, Input
from compliance.errors import DomainError
from registers.errors import ErrorCode

from ...chain.inputs import Amount, Currency, RegisterText
from ...models import SlotSystem
from . import errors
from . import services as slot_services

KEYWORD = "Slot"
# where a request answered without DRF's machinery keeps its count in the system's rate (the seconds to wait, or None):
# set by the server only, as no header becomes a key without the `HTTP_` prefix
RATE_TAKEN, NOT_TAKEN = "vigie.slot_rate_taken", object()


class SlotSystemAuthentication(BaseAuthentication):
    """`Authorization: Slot <key>` → (the system's user, the SlotSystem as `request.auth`)."""

    def authenticate(self, request):
        words = get_authorization_header(request).split()
        if not words or words[0].lower() != KEYWORD.lower().encode():
            return None
        try:
            key = words[1].decode() if len(words) == 2 else ""
        except UnicodeError:
            key = ""
        system = slot_services.slot_system_for_key(key) if key else None
        if system is None:
            raise exceptions.AuthenticationFailed(errors.SLOT_KEY_INVALID)
        if not system.active or not system.user.is_active:
            raise exceptions.AuthenticationFailed(errors.SLOT_SYSTEM_INACTIVE)
        return system.user, system

    def authenticate_header(self, request):
        return KEYWORD


class SlotSystemAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = "registers.cards.slot_system.api.SlotSystemAuthentication"
    name = "slotSystemKey"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "`Slot <clé>` : la clé donnée à l'inscription du système / the registration key"}


class SlotSystemOnly(BasePermission):
    message = errors.SLOT_SYSTEM_ONLY

    def has_permission(self, request, view):
        return isinstance(request.auth, SlotSystem) and request.auth.user_id == request.user.pk


class RateLimited(exceptions.Throttled):
    default_code = ErrorCode.RATE_LIMITED

    def __init__(self, wait: float, rate: int):
        super().__init__(wait=wait, code=ErrorCode.RATE_LIMITED)
        self.detail = exceptions.ErrorDetail(str(errors.SLOT_RATE_LIMITED.format(rate=rate, wait=self.wait)),
                                             code=ErrorCode.RATE_LIMITED)


class SlotSystemThrottle(BaseThrottle):
    """The system's own rate per minute, counted in Redis (replaces the API's default user throttle)."""

    def allow_request(self, request, view):
        if not isinstance(request.auth, SlotSystem):
            return True
        self.rate = request.auth.rate_per_minute
        taken = request.META.get(RATE_TAKEN, NOT_TAKEN)  # counted once, by the direct answer if it tried first
        self.retry_after = slot_services.slot_rate_take(request.auth) if taken is NOT_TAKEN else taken
        return self.retry_after is None

    def wait(self):
        return self.retry_after


class SortedJSONRenderer(JSONRenderer):
    """Keys sorted: the first answer and its replay (read back from PostgreSQL's jsonb) render identically."""

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        return json.dumps(data, cls=self.encoder_class, ensure_ascii=False, allow_nan=False, sort_keys=True,
                          separators=(",", ":")).encode()


class SlotApi(APIView):
    authentication_classes = [SlotSystemAuthentication]
    permission_classes = [SlotSystemOnly]
    throttle_classes = [SlotSystemThrottle]
    renderer_classes = [SortedJSONRenderer]
    parser_classes = JSON_ONLY

    def throttled(self, request, wait):
        raise RateLimited(wait, request.auth.rate_per_minute)


class CardOperationInput(Input):
    card = RegisterText(max_length=32, help_text="the card's number; a card of another casino is unknown (404)")
    amount = Amount()
    currency = Currency(help_text="ISO 4217: the casino's currency (another is refused: `wrong_currency`)")
    machine = RegisterText(max_length=60)


class EntryRefOutput(serializers.Serializer):
    kind = serializers.CharField()
    seq = serializers.IntegerField()
    hash = serializers.CharField()


class DebitOutput(serializers.Serializer):
    operation = serializers.CharField()
    card = serializers.CharField()
    amount = serializers.CharField()
    currency = serializers.CharField()
    machine = serializers.CharField()
    balance = serializers.CharField()
    entry = EntryRefOutput()


class ManualPayoutOutput(serializers.Serializer):
    amount = serializers.CharField()
    citation = serializers.CharField()
    message = serializers.CharField()
    entry = EntryRefOutput()


class CreditOutput(DebitOutput):
    credited = serializers.CharField()
    excess = serializers.CharField()
    manual_payout = ManualPayoutOutput(allow_null=True)
    entry = EntryRefOutput(allow_null=True)


class BalanceOutput(serializers.Serializer):
    card = serializers.CharField()
    kind = serializers.CharField()
    status = serializers.CharField()
    balance = serializers.CharField()
    cap = serializers.CharField()
    currency = serializers.CharField()


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "minLength": 1, "maxLength": slot_services.KEY_MAX_LENGTH, "pattern": "\\S"},
    OpenApiParameter.HEADER,
    required=True,
    description="Une clé par opération ; une reprise avec la même clé rejoue la première réponse / one key per "
    "operation: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`)",
)
# 400: the body's shape, the key missing, or a refusal (kept for the key: a retry gets it again); 401: no valid
# key of an active system; 403: a person, not a slot system; 404: a card unknown to the system's casino; 409: the
# key already used with another body; 415: not JSON; 429: the system's rate per minute.
SLOT_ERRORS = error_responses(400, 401, 403, 404, 409, 415, 429)


def _replayed(answer: slot_services.Answer) -> dict:
    return {"Idempotent-Replayed": "true"} if answer.replayed else {}


def _answered_directly(request: HttpRequest, operation) -> slot_services.Answer | None:
    """The answer to a debit or credit whose every check of DRF's would let it through (its key, its rate, its body's
    shape), without DRF's request machinery (a third of the request's time in Python): the same service, called
    with the same values. None when DRF must answer; the request then keeps its place in the system's rate."""
    words = get_authorization_header(request).split()  # as the authentication reads it: bytes, ASCII blanks
    charset = request.content_params.get("charset", "utf-8").lower()
    if (len(words) != 2 or words[0].lower() != KEYWORD.lower().encode() or not words[1].isascii()
            or request.content_type != "application/json" or charset not in ("utf-8", "utf8")
            or request.headers.get("Accept", "*/*") not in ("*/*", "application/json")
            or request.META.get("QUERY_STRING")):  # DRF's negotiation answers those
        return None
    system = slot_services.slot_system_for_key(words[1].decode())
    if system is None or not system.active or not system.user.is_active:
        return None
    request.META[RATE_TAKEN] = wait = slot_services.slot_rate_take(system)
    if wait is not None:
        return None
    try:
        key = slot_services.idempotency_key(request.headers.get("Idempotency-Key"))
        data = CardOperationInput(data=drf_json.loads(request.body.decode()))  # as its JSON parser
    except (DomainError, ValueError, RequestDataTooBig):
        return None
    if not data.is_valid():
        return None
    try:
        return operation(system=system, key=key, **data.validated_data)
    except DomainError:  # refused before anything was written (a key used with another body): DRF answers it
        return None


class CardOperationApi(SlotApi):
    operation = None  # a slot_services function

    def dispatch(self, request, *args, **kwargs):
        answer = _answered_directly(request, self.operation) if request.method == "POST" else None
        if answer is None:
            return super().dispatch(request, *args, **kwargs)
        response = HttpResponse(SortedJSONRenderer().render(answer.body), status=answer.status,
                                content_type=SortedJSONRenderer.media_type)
        for name, value in {**self.default_response_headers, **_replayed(answer)}.items():
            response[name] = value
        return response

    def post(self, request):
        key = slot_services.idempotency_key(request.headers.get("Idempotency-Key"))
        data = CardOperationInput(data=request.data)
        data.is_valid(raise_exception=True)
        answer = self.operation(system=request.auth, key=key, **data.validated_data)
        return Response(answer.body, status=answer.status, headers=_replayed(answer))


class SlotDebitApi(CardOperationApi):
    operation = staticmethod(slot_services.slot_debit)

    @extend_schema(request=CardOperationInput, responses={201: DebitOutput, **SLOT_ERRORS},
                   parameters=[IDEMPOTENCY_KEY])
    def post(self, request):
        return super().post(request)


class SlotCreditApi(CardOperationApi):
    operation = staticmethod(slot_services.slot_credit)

    @extend_schema(request=CardOperationInput, responses={201: CreditOutput, **SLOT_ERRORS},
                   parameters=[IDEMPOTENCY_KEY])
    def post(self, request):
        return super().post(request)


class BatchOperationInput(CardOperationInput):
    operation = serializers.ChoiceField(choices=[slot_services.DEBIT, slot_services.CREDIT])
    # a key of spaces only is blank once trimmed: the schema says so as the Idempotency-Key header's does
    key = serializers.RegexField(r"\S", max_length=slot_services.KEY_MAX_LENGTH,
                                 help_text="the operation's idempotency key, as its Idempotency-Key sent alone")


class BatchInput(Input):
    operations = serializers.ListField(child=BatchOperationInput(), min_length=1, max_length=slot_services.BATCH_MAX)


class BatchResultOutput(serializers.Serializer):
    key = serializers.CharField()
    status = serializers.IntegerField(help_text="the status it would have had sent alone: 201, 400, 404 or 409")
    replayed = serializers.BooleanField(help_text="the first answer given for its key")
    body = serializers.DictField(help_text="its answer: as debit/ or credit/ answers, or an error")


class BatchOutput(serializers.Serializer):
    results = BatchResultOutput(many=True)


class SlotBatchApi(SlotApi):
    @extend_schema(request=BatchInput, responses={200: BatchOutput, **error_responses(400, 401, 403, 415, 429)})
    def post(self, request):
        data = BatchInput(data=request.data)
        data.is_valid(raise_exception=True)
        operations = data.validated_data["operations"]
        wait = slot_services.slot_rate_take(request.auth, count=len(operations) - 1)  # the request counted one
        if wait is not None:
            raise RateLimited(wait, request.auth.rate_per_minute)
        answers = slot_services.slot_batch(system=request.auth, operations=operations)
        return Response({"results": [{"key": operation["key"], "status": answer.status, "replayed": answer.replayed,
                                      "body": answer.body} for operation, answer in zip(operations, answers,
                                                                                         strict=True)]})


class SlotCardBalanceApi(SlotApi):
    @extend_schema(responses=BalanceOutput)
    def get(self, request, number):
        return Response(slot_services.slot_card_balance(system=request.auth, number=number))
