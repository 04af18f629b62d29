"""The second factor's pages: the code after the password, the enrolment of an authenticator (QR code, then the recovery
codes shown once), and a person's new recovery codes. Thin callers of the services."""

import django_otp
from django.contrib.auth import logout
from django.contrib.auth.mixins import LoginRequiredMixin
from django.contrib.auth.models import AnonymousUser
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views import View

from compliance.errors import DomainError, ErrorCode
from compliance.security import lockout_response

from . import selectors, services

ENROLMENT_KEY = "vigie_otp_enrolment_key"  # the key being enrolled, kept in the session until its first code


def _next(request) -> str:
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return wanted
    return reverse("dashboard")


def _page(request, template: str, **context):
    # `user` as anonymous for the page's frame: no menu, search or bell before the second factor is given. A refused
    # code shows the page again with its error, as Django's sign-in page does a wrong password (200)
    return render(request, template, {"user": AnonymousUser(), "person": request.user, "next": _next(request),
                                      **context})


def _refused(request, refusal: DomainError, template: str, **context):
    """A code refused: a locked-out account is signed out to the lockout page, else the page again with its error."""
    if refusal.code == ErrorCode.ACCOUNT_LOCKED:
        logout(request)
        return lockout_response(request)
    return _page(request, template, error=refusal.message, **context)


class SecondFactorView(LoginRequiredMixin, View):
    """After the password: the authenticator's code, or a recovery code."""

    template_name = "registration/second_factor.html"

    def get(self, request):
        if request.user.is_verified():
            return redirect(_next(request))
        if selectors.authenticator(request.user) is None:
            return redirect(f"{reverse('second-factor-enrol')}?{urlencode({'next': _next(request)})}")
        return _page(request, self.template_name)

    def post(self, request):
        try:
            device = services.second_factor_verify(request=request, user=request.user, code=request.POST.get("otp"))
        except DomainError as refusal:
            return _refused(request, refusal, self.template_name)
        django_otp.login(request, device)
        return redirect(_next(request))


class EnrolmentView(LoginRequiredMixin, View):
    """A person with no authenticator yet: a new key as a QR code and as text, confirmed by its first code; then the
    recovery codes, shown this once."""

    template_name = "registration/second_factor_enrol.html"

    def get(self, request):
        if selectors.authenticator(request.user) is not None:
            return redirect(f"{reverse('second-factor')}?{urlencode({'next': _next(request)})}")
        key = request.session.setdefault(ENROLMENT_KEY, services.new_key())
        return _page(request, self.template_name, **selectors.provisioning(request.user, key))

    def post(self, request):
        key = request.session.get(ENROLMENT_KEY)
        if not key:
            return self.get(request)
        try:
            device, codes = services.second_factor_enrol(request=request, user=request.user, key=key,
                                                         code=request.POST.get("otp"))
        except DomainError as refusal:
            return _refused(request, refusal, self.template_name, **selectors.provisioning(request.user, key))
        del request.session[ENROLMENT_KEY]
        django_otp.login(request, device)
        return _page(request, "registration/recovery_codes.html", codes=codes, enrolled=True)


class RecoveryCodesView(LoginRequiredMixin, View):
    """A person's recovery codes: how many are left, and new ones (the old void), shown once."""

    template_name = "registration/recovery_codes.html"

    def get(self, request):
        return render(request, self.template_name, {"left": selectors.recovery_codes_left(request.user),
                                                    "enrolled": selectors.authenticator(request.user) is not None})

    def post(self, request):
        try:
            codes = services.recovery_codes_issue(actor=request.user)
        except DomainError as refusal:
            return render(request, self.template_name, {"error": refusal.message, "enrolled": False})
        return render(request, self.template_name, {"codes": codes, "enrolled": True})
