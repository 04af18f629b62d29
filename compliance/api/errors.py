"""Every API error has one shape: {"code", "message", "field_errors"}, in the request's language.

A refusal of the services (`DomainError`) keeps its code. A body refused for its shape (a serializer's
`ValidationError`) is `invalid`, unless every one of its field errors carries the same member of an app's
`ErrorCode` enum (the inputs of compliance/api/inputs.py and of the registers give the codes the services give
for the same fault: `required`, `invalid_amount`, `unknown_source` …): the answer then has that code, and, for a
single error, its message."""

from enum import Enum

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from ..errors import DomainError, ErrorCode


class ErrorOutput(serializers.Serializer):
    """The body of every refusal."""

    code = serializers.CharField(help_text="stable: clients branch on it (`required`, `invalid_amount` …)")
    message = serializers.CharField(help_text="for people, in the request's language")
    field_errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text='the messages of each refused input, by its name as the services give it ("amount", '
        '"levels[1].start", "displayed[3]")',
    )


ERRORS = {
    400: "Refused: the body's shape or a rule (`code` says which; `field_errors` names the inputs)",
    401: "Not authenticated",
    403: "Authenticated, but this role or system may not do this",
    404: "Unknown here, or outside the caller's scope",
    409: "Conflict with an earlier request (`idempotency_key_reused`)",
    415: "The body is not JSON",
    429: "Too many requests: retry after `Retry-After` seconds",
}


def error_responses(*statuses: int) -> dict:
    """The documented refusals of an operation, each with the one error body."""
    return {code: OpenApiResponse(ErrorOutput, description=ERRORS[code]) for code in statuses}


def _flatten(detail) -> list[str]:
    if isinstance(detail, dict):
        return [f"{k}: {m}" for k, v in detail.items() for m in _flatten(v)]
    if isinstance(detail, list):
        return [m for item in detail for m in _flatten(item)]
    return [str(detail)]


def _leaves(detail) -> list:
    if isinstance(detail, dict):
        return [leaf for value in detail.values() for leaf in _leaves(value)]
    if isinstance(detail, list):
        return [leaf for item in detail for leaf in _leaves(item)]
    return [detail]


def _shared_code(leaves: list) -> str | None:
    """The app's error code every field error shares, if they share one."""
    codes = {getattr(leaf, "code", None) for leaf in leaves}
    code = codes.pop() if len(codes) == 1 else None
    return str(code) if isinstance(code, Enum) else None


def exception_handler(exc, context):
    if isinstance(exc, DomainError):
        return Response({"code": exc.code, "message": str(exc.message), "field_errors": exc.field_errors},
                        status=exc.status)
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(exc.message_dict if hasattr(exc, "error_dict") else exc.messages)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    if isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        detail = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        leaves = _leaves(detail)
        code = _shared_code(leaves)
        response.data = {
            "code": code or ErrorCode.INVALID,
            "message": str(leaves[0]) if code and len(leaves) == 1
            else _("Certaines données sont invalides ; rien n'a été enregistré."),
            "field_errors": {field: _flatten(msgs) for field, msgs in detail.items()},
        }
    else:
        code = exc.get_codes() if isinstance(exc, exceptions.APIException) else "error"
        response.data = {
            "code": code if isinstance(code, str) else "error",
            "message": str(getattr(exc, "detail", exc)),
            "field_errors": {},
        }
    if response.status_code == status.HTTP_401_UNAUTHORIZED and "WWW-Authenticate" not in response:
        response["WWW-Authenticate"] = "Token"
    return response


def not_found(request, exception):
    """Django's 404 (config/urls.py `handler404`): under /api/, a path no route matches answers the API's error
    body, as an unknown object does, rather than the site's HTML page."""
    if request.path.startswith("/api/"):
        body = {"code": "not_found", "message": str(exceptions.NotFound.default_detail), "field_errors": {}}
        return JsonResponse(body, status=status.HTTP_404_NOT_FOUND)
    return page_not_found(request, exception)
