"""Security checks in the test command (issue 40, point 5): every page and API route turns away a visitor who has not
signed in, unless it says here why anyone may see it; the production profile's cookies, HSTS and CSP, as the
production settings module gives them. `bandit` runs on the code in ./scripts/test's lint steps (pyproject.toml
[tool.bandit]); `check --deploy` on the production profile is tests/test_platform.py's."""

import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse

from compliance.models import User
from tests.conftest import PASSWORD, make_casino, make_user

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)

# name -> why anyone may open it without signing in. Everything else must refuse an anonymous visitor.
OPEN_TO_ANYONE = {
    "login": "the sign-in form itself",
    "logout": "signing out: a visitor without a session leaves nothing to end",
    "set_language": "the language of the login page itself",
    "health": "the load balancer's probe: it answers « ok » and names nothing",
    "api-token": "a person's API token is asked for with the password",
    "api-schema": "the API's description, as published to the casinos' systems",
    "api-docs": "the API's description, as published to the casinos' systems",
    "reports-root": "anyone checking a signed report needs the platform's root certificate",
    "reports-crl": "anyone checking a signed report needs the revocation list",
    "reports-root-of": "a report signed before the root's rotation is checked against the root of its day",
    "reports-crl-of": "a certificate a later root issued names that root's revocation list",
    "reports-verify": "anyone uploads a report and reads the verdict (nothing is kept)",
    "api-rules-rtp-wheel": "a calculator over the caller's own input: reads rules, stores nothing",
    "api-rules-hands-evaluate": "a calculator over the caller's own input: reads rules, stores nothing",
    "tournaments-public-casino": "a casino's published tournaments (QC RJC art. 125)",
    "tournaments-public": "a published tournament's rules (tests/test_scoping.py: a draft is a 404)",
    "approvals-wheel-public": "a Québec casino's wheel of fortune as it made it public (QC RJC art. 120)",
    "notices-public": "a casino's public site: the notices displayed on a day, with no one's name",
    "notices-public-poster": "a poster of that public site, while it is displayed on the day asked",
    "deadlines-feed": "an iCalendar feed: the address's random token is the credential",
}
# Whole namespaces with their own guard.
GUARDED_NAMESPACES = {
    "admin": "Django's admin: its own staff check (tests/test_scoping.py: platform administrators only)",
}
# name -> why it refuses an anonymous visitor with a 404 rather than the login page.
NOT_FOUND_TO_ANYONE = {
    "mailbox-mail-html": "a mail's HTML part, drawn in a sandboxed frame: no login page inside the frame",
}
REFUSED = {302, 401, 403}


def _routes(resolver=None, namespace=None, prefix=""):
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace in GUARDED_NAMESPACES:
                continue
            yield from _routes(entry, entry.namespace or namespace, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            name = f"{namespace}:{entry.name}" if namespace and entry.name else entry.name
            yield name, entry, prefix + str(entry.pattern)


SAMPLES = (1, "x", "00000000-0000-4000-8000-000000000000", "2026-01-01", "2026-01", "lu-projet-rgd-1979", "qc.357",
           "art", "3-1", "A1")


def _literals(regex: str, key: str) -> tuple[str, ...]:
    """A group written as words (« (?P<kind>jackpots) »): its first word, the only values it takes."""
    found = re.search(rf"\(\?P<{key}>([\w|-]+)\)", regex)
    return (found.group(1).split("|")[0],) if found else ()


def _path(name: str, pattern: URLPattern) -> str:
    """The route's address with made-up values its converters or expressions accept."""
    regex = pattern.pattern.regex.pattern
    keys = list(pattern.pattern.regex.groupindex)
    for values in itertools.product(*[(*_literals(regex, key), *SAMPLES) for key in keys]):
        try:
            return reverse(name, kwargs=dict(zip(keys, values, strict=True)))
        except NoReverseMatch:
            continue
    raise AssertionError(f"{name}: no sample fits {pattern.pattern}")


def _answer(response) -> int:
    """The status, with a redirect anywhere but to the login page counted as an open door (200)."""
    if response.status_code == 302 and not response["Location"].startswith(reverse("login")):
        return 200
    return response.status_code


def _anonymous_answers(client, name, pattern):
    path = _path(name, pattern)
    return path, _answer(client.get(path)), _answer(client.post(path))


def test_every_route_has_a_name_or_is_a_static_file():
    unnamed = [route for name, _pattern, route in _routes() if not name]
    assert unnamed == [] or all(route.startswith(("static", "media")) for route in unnamed), unnamed


def test_every_page_and_api_route_refuses_a_visitor_without_a_session_unless_it_says_why_not(client):
    routes = [(name, pattern) for name, pattern, _ in _routes() if name]
    assert len(routes) > 200  # the whole site, not a corner of it
    leaks = []
    for name, pattern in routes:
        if name in OPEN_TO_ANYONE:
            continue
        path, on_get, on_post = _anonymous_answers(client, name, pattern)
        if name in NOT_FOUND_TO_ANYONE:
            if (on_get, on_post) != (404, 404):
                leaks.append((name, path, on_get, on_post))
            continue
        if on_get not in REFUSED | {405} or on_post not in REFUSED | {405} or {on_get, on_post} == {405}:
            leaks.append((name, path, on_get, on_post))
    assert leaks == []


def test_a_page_refusing_a_visitor_sends_it_to_the_login_page(client):
    response = client.get(reverse("dashboard"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_each_route_open_to_anyone_exists_and_says_why():
    names = {name for name, _pattern, _route in _routes() if name}
    assert set(OPEN_TO_ANYONE) <= names
    assert all(len(reason) > 10 for reason in OPEN_TO_ANYONE.values())


def _production_settings() -> dict:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(DJANGO_SETTINGS_MODULE="config.settings.production", DJANGO_ALLOWED_HOSTS="vigie.example.org")
    names = ["SESSION_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY", "SESSION_COOKIE_SAMESITE", "CSRF_COOKIE_SECURE",
             "CSRF_COOKIE_HTTPONLY", "LANGUAGE_COOKIE_SECURE", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
             "SECURE_CONTENT_TYPE_NOSNIFF", "DEBUG", "X_FRAME_OPTIONS"]
    code = ("import django, json; django.setup(); from django.conf import settings as s; "
            f"print(json.dumps({{n: getattr(s, n) for n in {names!r}}}))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_production_profile_s_cookies_travel_over_https_only_and_out_of_reach_of_scripts():
    production = _production_settings()
    assert production["DEBUG"] is False
    assert production["SESSION_COOKIE_SECURE"] and production["CSRF_COOKIE_SECURE"]
    assert production["LANGUAGE_COOKIE_SECURE"]
    assert production["SESSION_COOKIE_HTTPONLY"] and production["CSRF_COOKIE_HTTPONLY"]
    assert production["SESSION_COOKIE_SAMESITE"] in {"Lax", "Strict"}
    assert production["SECURE_SSL_REDIRECT"] and production["SECURE_HSTS_SECONDS"] >= 31536000
    assert production["SECURE_CONTENT_TYPE_NOSNIFF"] and production["X_FRAME_OPTIONS"] == "DENY"


def test_the_session_cookie_set_at_sign_in_is_http_only_and_same_site(client):
    make_user("securite", User.Role.MANAGER, casino=make_casino("securite", "LU"))
    client.get(reverse("login"))
    response = client.post(reverse("login"), {"username": "securite", "password": PASSWORD})
    assert response.status_code == 302
    session = response.cookies[settings.SESSION_COOKIE_NAME]
    assert session["httponly"] and session["samesite"] == "Lax"
    assert response.cookies[settings.CSRF_COOKIE_NAME]["httponly"]


def test_every_page_s_content_security_policy_allows_no_inline_script_and_no_other_origin(client):
    response = client.get(reverse("login"))
    policy = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";") if part)
    assert policy["default-src"] == "'self'" and policy["object-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'" and policy["base-uri"] == "'self'"
    assert policy["script-src"].startswith("'self'") and "'unsafe-inline'" not in policy["script-src"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"] and "*" not in response["Content-Security-Policy"]
