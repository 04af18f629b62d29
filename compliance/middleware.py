from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers

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
