"""Two middlewares after Django's authentication: a session idle too long is signed out, and a person who must give a
second factor goes to it before any other page."""

import functools
import time

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.views import redirect_to_login
from django.http import JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _
from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.middleware import OTPMiddleware
from django_otp.models import Device

from .selectors import authenticator, second_factor_required

LAST_SEEN = "vigie_last_seen"  # the session's last request, in epoch seconds
LAST_SEEN_STEP = 60  # written again only once a minute has passed: no session write on every page
IDLE_SIGNED_OUT = _("Votre session est restée inactive plus de %(minutes)s minutes : reconnectez-vous.")
SECOND_FACTOR_NEEDED = _("Cette session n'a pas encore donné son second facteur.")
# what an unverified session may still reach: the sign-in and its second factor, sign-out, the language switch, the
# static files and the pages open to anyone
OPEN_WHILE_UNVERIFIED = ("/connexion/", "/deconnexion/", "/i18n/", "/static/", "/public/", "/pki/", "/health/")


class IdleSessionMiddleware:
    """Signs a session out at its first request after settings.SESSION_IDLE_MINUTES without one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            now, last = int(time.time()), request.session.get(LAST_SEEN)
            if last is not None and now - last > settings.SESSION_IDLE_MINUTES * 60:
                logout(request)
                if request.path.startswith("/api/"):
                    return self.get_response(request)  # now anonymous: the API answers 401 itself
                messages.info(request, IDLE_SIGNED_OUT % {"minutes": settings.SESSION_IDLE_MINUTES})
                return redirect_to_login(request.get_full_path())
            if last is None or now - last >= LAST_SEEN_STEP:
                request.session[LAST_SEEN] = now
        return self.get_response(request)


class SecondFactorMiddleware(OTPMiddleware):
    """django-otp's middleware (`request.user.otp_device`, `is_verified()`), with two changes. The device that verified
    the session is loaded only when something reads it, not on every request: the session is kept by the server and only
    django_otp.login writes the key, and an administrator's reset ends the person's sessions. And a person who must give
    a second factor is sent to it (or to enrol one) until they have."""

    async_capable = False  # the project runs under WSGI; the parent's async path would skip the redirect

    def __call__(self, request):
        self._install_lazy_accessors(request)
        user = request.user
        if (user.is_authenticated and not user.is_verified() and not request.path.startswith(OPEN_WHILE_UNVERIFIED)
                and second_factor_required(user)):
            if request.path.startswith("/api/"):
                return JsonResponse({"detail": str(SECOND_FACTOR_NEEDED), "code": "second_factor_required"},
                                    status=403)
            step = "second-factor" if authenticator(user) is not None else "second-factor-enrol"
            return redirect(f"{reverse(step)}?{urlencode({'next': request.get_full_path()})}")
        return self.get_response(request)

    def _verify_user_sync(self, request, user):
        self._init_user_fields(user)
        persistent_id = request.session.get(DEVICE_ID_SESSION_KEY) if user.is_authenticated else None
        if persistent_id:
            user.otp_device = SimpleLazyObject(functools.partial(Device.from_persistent_id, persistent_id))
        return user
