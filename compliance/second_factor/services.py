"""The second factor's state changes, each with its audit event: a person enrols an authenticator, gives a code (or a
recovery code), renews their recovery codes; an administrator resets a person's second factor; a person exchanges their
credentials for an API token. A refused code is recorded too, and counts toward the django-axes lockout."""

import secrets

from django.contrib.auth import authenticate
from django.contrib.auth.signals import user_login_failed
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone
from django_otp import devices_for_user
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.authtoken.models import Token

from compliance import errors
from compliance.errors import DomainError, ErrorCode, PermissionDeniedError
from compliance.models import AuditAction, User
from compliance.services import audit_record

from .selectors import authenticator, demo_allowed, demo_key, second_factor_required

RECOVERY_CODES = 10  # single-use, shown once: enough for a lost phone until the administrator resets
RECOVERY_DEVICE = "Codes de secours"


def _person_record(*, actor: User, action: str, user: User, **details):
    return audit_record(actor=actor, action=action, casino=user.casino, jurisdiction=user.jurisdiction,
                        target_type="user", target_id=user.pk, details={"username": user.username, **details})


def _code_refused(*, request, user: User, message, code: str = ErrorCode.OTP_INVALID, step: str):
    """A code refused: recorded, counted toward the lockout as a wrong password is (django-axes listens to
    `user_login_failed`), then the refusal on the field `otp`. Outside any transaction: nothing rolls it back."""
    with transaction.atomic():
        _person_record(actor=user, action=AuditAction.SECOND_FACTOR_REFUSED, user=user, step=step)
    user_login_failed.send(sender=__name__, credentials={"username": user.username}, request=request)
    if getattr(request, "axes_locked_out", False):
        raise DomainError(errors.ACCOUNT_LOCKED, code=ErrorCode.ACCOUNT_LOCKED, status=403)
    raise DomainError(message, code=code, field="otp")


def second_factor_verify(*, request, user: User, code: str):
    """Checks a code of the person's authenticator, or one of their recovery codes (spent by its use). A code already
    used is refused like a wrong one: TOTPDevice keeps the last time step it accepted. Returns the device that accepted
    it, for django_otp.login."""
    code = "".join((code or "").split()).lower()
    if not code:
        _code_refused(request=request, user=user, message=errors.OTP_REQUIRED, step="verify")
    throttled = False
    with transaction.atomic():
        for device in devices_for_user(user, for_verify=True):
            if not device.verify_is_allowed()[0]:
                throttled = True
                continue
            if device.verify_token(code):
                recovery = isinstance(device, StaticDevice)
                _person_record(actor=user, action=AuditAction.RECOVERY_CODE_USED if recovery else
                        AuditAction.SECOND_FACTOR_VERIFIED, user=user,
                        **({"recovery_codes_left": device.token_set.count()} if recovery else {}))
                return device
    # the devices' failure counts (their doubling delay) committed above; now the refusal
    if throttled:
        _code_refused(request=request, user=user, message=errors.OTP_THROTTLED, code=ErrorCode.OTP_THROTTLED,
                      step="verify")
    _code_refused(request=request, user=user, message=errors.OTP_INVALID, step="verify")


def _recovery_codes_write(user: User) -> list[str]:
    device, _created = StaticDevice.objects.get_or_create(user=user, name=RECOVERY_DEVICE,
                                                          defaults={"confirmed": True})
    device.token_set.all().delete()
    codes = [StaticToken.random_token() for _ in range(RECOVERY_CODES)]
    StaticToken.objects.bulk_create([StaticToken(device=device, token=code) for code in codes])
    return codes


class _EnrolmentRefused(Exception):
    pass


def second_factor_enrol(*, request, user: User, key: str, code: str) -> tuple[TOTPDevice, list[str]]:
    """Enrols the authenticator the person has just set up with `key` (made by the enrolment page, kept in their
    session), once its first code proves it; returns it with the new recovery codes, to show once. A person who already
    has one keeps it: only an administrator's reset lets them enrol another."""
    if authenticator(user) is not None:
        raise DomainError(errors.OTP_INVALID, code=ErrorCode.OTP_INVALID, field="otp")
    try:
        with transaction.atomic():
            TOTPDevice.objects.filter(user=user).delete()  # an enrolment left unconfirmed
            device = TOTPDevice.objects.create(user=user, name="Vigie", key=key, confirmed=True)
            # the first code is spent here: its time step is kept, so it cannot sign in a second time
            if not device.verify_token("".join((code or "").split())):
                raise _EnrolmentRefused
            codes = _recovery_codes_write(user)
            _person_record(actor=user, action=AuditAction.SECOND_FACTOR_ENROLLED, user=user, recovery_codes=len(codes))
            return device, codes
    except _EnrolmentRefused:
        _code_refused(request=request, user=user, message=errors.OTP_ENROLMENT_INVALID, step="enrol")


@transaction.atomic
def recovery_codes_issue(*, actor: User) -> list[str]:
    """New recovery codes for the person, the old ones void; shown once."""
    if authenticator(actor) is None:
        raise DomainError(errors.OTP_REQUIRED, code=ErrorCode.OTP_INVALID, field="otp")
    codes = _recovery_codes_write(actor)
    _person_record(actor=actor, action=AuditAction.RECOVERY_CODES_ISSUED, user=actor, recovery_codes=len(codes))
    return codes


def _sessions_end(user: User) -> int:
    """Deletes the person's open sessions (the database keeps them): signed out everywhere at their next request."""
    mine = [session.pk for session in Session.objects.filter(expire_date__gt=timezone.now())
            if session.get_decoded().get("_auth_user_id") == str(user.pk)]
    return Session.objects.filter(pk__in=mine).delete()[0]


@transaction.atomic
def second_factor_reset(*, actor: User, user: User) -> int:
    """An administrator's reset of a person's second factor (a lost phone): their authenticator and recovery codes
    deleted, their sessions ended; they enrol again at their next sign-in. Returns the devices removed."""
    if not actor.is_platform_admin:
        raise PermissionDeniedError(errors.SECOND_FACTOR_RESET_ADMIN_ONLY, code=ErrorCode.NOT_PLATFORM_ADMIN)
    removed = sum(model.objects.filter(user=user).delete()[1].get(model._meta.label, 0)
                  for model in (TOTPDevice, StaticDevice))
    ended = _sessions_end(user)
    _person_record(actor=actor, action=AuditAction.SECOND_FACTOR_RESET, user=user, devices=removed,
                   sessions_ended=ended)
    return removed


@transaction.atomic
def demo_authenticator_install(*, actor: User, user: User) -> TOTPDevice:
    """The demo's authenticator of a person, with its fixed known key (selectors.demo_key), so testers sign in with
    codes from `./scripts/manage demo_otp_code`. Refused outside the demo; a second load creates nothing."""
    if not demo_allowed():
        raise PermissionDeniedError(errors.DEMO_ONLY)
    existing = authenticator(user)
    if existing is not None:
        return existing
    device = TOTPDevice.objects.create(user=user, name="Démo", key=demo_key(user.username), confirmed=True)
    _person_record(actor=actor, action=AuditAction.SECOND_FACTOR_ENROLLED, user=user, demo=True)
    return device


def api_token_obtain(*, request, username: str, password: str, otp: str = "") -> Token:
    """Exchanges a person's username, password and, where they give a second factor at sign-in, a code (`otp`) for an
    API token; bad attempts count towards the lockout. A new token is recorded with its user as the actor (never its
    key). Tokens issued before the second factor existed keep working until revoked."""
    user = authenticate(request=request, username=username, password=password)
    if getattr(request, "axes_locked_out", False):
        raise DomainError(errors.ACCOUNT_LOCKED, code=ErrorCode.ACCOUNT_LOCKED, status=403)
    if user is None:
        raise DomainError(errors.INVALID_CREDENTIALS, code=ErrorCode.INVALID_CREDENTIALS, status=400)
    if second_factor_required(user):
        second_factor_verify(request=request, user=user, code=otp)
    # only now a transaction: a failed attempt that the lockout counted above must never be rolled back
    with transaction.atomic():
        token, created = Token.objects.get_or_create(user=user)
        if created:
            audit_record(actor=user, action=AuditAction.API_TOKEN_ISSUED, casino=user.casino,
                         jurisdiction=user.jurisdiction, target_type="user", target_id=user.pk,
                         details={"username": user.username})
    return token


def new_key() -> str:
    """A fresh authenticator key (20 random bytes, hex, as TOTPDevice keeps it)."""
    return secrets.token_hex(20)
