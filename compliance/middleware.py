import json
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import HttpResponseBadRequest, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext_lazy as _

from .errors import ErrorCode

SUPPORTED = {code for code, _name in settings.LANGUAGES}


class FrenchFirstLocaleMiddleware:
    """Pages are French unless the person chose English with the switch (a cookie); the API also
    honours Accept-Language, so machine clients get errors in the language they ask for."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if language not in SUPPORTED and request.path.startswith("/api/"):
            language = translation.get_language_from_request(request)
        if language not in SUPPORTED:
            language = settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        patch_vary_headers(response, ["Accept-Language", "Cookie"])
        translation.deactivate()
        return response


class CasinoTimezoneMiddleware:
    """Dates show in the time zone of the user's casino, or of the regulator's jurisdiction."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        activate_home_zone(getattr(request, "user", None))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


def activate_home_zone(user) -> None:
    """The zone of the user's casino or jurisdiction, for the rest of the request."""
    jurisdiction = user.home_jurisdiction if user is not None and user.is_authenticated else None
    if jurisdiction is not None:
        timezone.activate(ZoneInfo(jurisdiction.timezone))


# --- text PostgreSQL cannot store ------------------------------------------------------------------------------------

NUL = "\x00"
NUL_REFUSED = _("« {field} » contient le caractère nul (U+0000), qu'aucun texte ne peut conserver : la demande est "
                "refusée et rien n'a été enregistré.")
JSON_TYPES = ("application/json",)
FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"


def nul_in(value, name: str = "") -> str | None:
    """The name of the first input of `value` holding U+0000 (a key or a text of a JSON document, however deep, named
    as the services name theirs: `operations[0].machine`), or None."""
    if isinstance(value, str):
        return name if NUL in value else None
    if isinstance(value, dict):
        pairs = ((f"{name}.{key}" if name else str(key), item) for key, item in value.items())
    elif isinstance(value, list):
        pairs = ((f"{name}[{index}]", item) for index, item in enumerate(value))
    else:
        return None
    for path, item in pairs:
        found = path if NUL in path else nul_in(item, path)
        if found is not None:
            return found
    return None


def _nul_in_fields(fields, text=lambda value: value) -> str | None:
    """The first field of a query string or a form (a MultiValueDict) with U+0000 in its name or one of its values."""
    for key, values in fields.lists():
        if NUL in key or any(NUL in text(value) for value in values):
            return key
    return None


def _nul_field(request) -> tuple[str | None, bool]:
    """The input of the request holding U+0000, and whether it is a header (a page cannot be drawn then: the session's
    cookie is one)."""
    if NUL in request.path:
        return "path", False
    for key, value in request.META.items():
        if key.startswith("HTTP_") and isinstance(value, str) and NUL in value:
            return "-".join(word.capitalize() for word in key.removeprefix("HTTP_").split("_")), True
    found = _nul_in_fields(request.GET)
    if found is None and request.method not in ("GET", "HEAD", "OPTIONS"):
        found = _nul_in_body(request)
    return found, False


def _nul_in_body(request) -> str | None:
    kind = request.content_type or ""
    try:
        if kind in JSON_TYPES or kind.endswith("+json"):
            size = int(request.META.get("CONTENT_LENGTH") or 0)
            if size > settings.DATA_UPLOAD_MAX_MEMORY_SIZE or b"\\u0000" not in request.body:
                return None  # a raw NUL byte is no JSON: the parser refuses it
            return nul_in(json.loads(request.body))
        # a multipart body read here could no longer be refused by an API view that takes only JSON (415): under /api/
        # its parts are the serializers' (DRF's texts refuse U+0000), its files' text the imports'
        if kind == FORM or kind == MULTIPART and not request.path.startswith("/api/"):
            return _nul_in_fields(request.POST) or _nul_in_fields(request.FILES, lambda upload: upload.name or "")
    except (ValueError, MultiPartParserError, RequestDataTooBig, TooManyFieldsSent):
        return None  # a body the view's parser cannot read: it answers it, as before
    return None


class NulRefusedMiddleware:
    """U+0000 in any input (the path, a header, a query string, a form, a JSON body) is refused here with a 400 naming
    the input, before a view sends it to PostgreSQL, whose texts cannot hold it (a 500 otherwise). The API answers its
    error body (code `unprintable`, as the registers' texts refuse a control character); a page, the error page. The
    text of an imported file is checked by its import, which names the line."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        field, header = _nul_field(request)
        if field is None:
            return self.get_response(request)
        shown = field.replace(NUL, "\\u0000")
        message = str(NUL_REFUSED).format(field=shown)
        if request.path.startswith("/api/"):
            return JsonResponse({"code": ErrorCode.UNPRINTABLE, "message": message, "field_errors": {shown: [message]}},
                                status=400)
        if header:
            return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
        return render(request, "400.html", {"message": message}, status=400)
