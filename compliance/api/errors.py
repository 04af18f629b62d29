"""Every API error has one shape: {"code", "message", "field_errors"}, in the request's language."""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from ..errors import DomainError, ErrorCode


def _flatten(detail) -> list[str]:
    if isinstance(detail, dict):
        return [f"{k}: {m}" for k, v in detail.items() for m in _flatten(v)]
    if isinstance(detail, list):
        return [m for item in detail for m in _flatten(item)]
    return [str(detail)]


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
        response.data = {
            "code": ErrorCode.INVALID,
            "message": _("Certaines données sont invalides ; rien n'a été enregistré."),
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
