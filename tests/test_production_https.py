"""`./scripts/run --production` from a fresh clone, driven over HTTPS as it runs (docs/deploy.md): nginx in front with
its self-signed certificate, production settings, the collected static files and JSON logs. The browser's smoke run
catches what only production shows: a static file missing from the manifest, a cookie without Secure, a CSP break."""

import http.client
import json
import shutil
import ssl
import time
import types
import urllib.request
from pathlib import Path

import pytest
from django_otp.oath import totp

from compliance.second_factor.selectors import demo_key
from tests.test_browser import browser, shots, signed_in  # noqa: F401 - the browser suite's fixtures and sign-in
from tests.test_readme_commands import (
    Line,
    Serving,
    clone_env,
    free_ports,
    left_running,
    make_clone,
    stop_everything_in,
)

pytestmark = [pytest.mark.browser, pytest.mark.production]

ROOT = Path(__file__).resolve().parent.parent
# one person a persona (docs/personas.md), and pages each of them opens
PERSONAS = {
    "lu.caissier": ["/mon-casino/", "/regles/"],
    "lu.direction": ["/mon-casino/", "/traitements/"],
    "lu.ministere": ["/regles/", "/regles/tables/qc.357.trois_cartes/"],
    "admin": ["/certificats/", "/admin/"],
}


def _demo_code(username: str) -> str:
    """The code a demo person's phone shows now: the demo's keys are fixed (the server's database is its own)."""
    return f"{totp(bytes.fromhex(demo_key(username))):06d}"


@pytest.fixture(scope="module")
def production():
    """The product as `./scripts/run --production` serves it from a fresh clone on free ports: its HTTPS base URL,
    its plain HTTP port and its var/; stopped with Ctrl-C afterwards, and it must leave nothing running."""
    clone = make_clone()
    env = clone_env(clone)
    https_port, http_port = free_ports(2)
    env.update(VIGIE_HTTPS_PORT=str(https_port), VIGIE_HTTP_PORT=str(http_port))
    line = Line(0, "./scripts/run --production", "./scripts/run --production", None)
    serving = Serving(line, clone, env)
    try:
        try:
            url = serving.wait_ready(timeout=600)
        except AssertionError as exc:
            raise AssertionError(f"{exc}\n{serving.output()[-4000:]}") from None
        yield types.SimpleNamespace(url=url.rstrip("/"), http_port=http_port, var=clone / "var", output=serving.output)
        assert serving.interrupt() == 0, serving.output()[-3000:]
        assert not left_running(clone)
    finally:
        stop_everything_in(clone)
        shutil.rmtree(clone, ignore_errors=True)


def test_production_serves_over_https_each_persona_signs_in_and_every_service_logs_json(production, browser, shots):  # noqa: F811
    assert production.url.startswith("https://localhost:")
    assert "Vigie is running: https://" in production.output()

    page = browser.new_page(ignore_https_errors=True, viewport={"width": 1366, "height": 900})
    response = page.goto(f"{production.url}/connexion/")
    assert response.status == 200
    headers = response.headers
    assert headers["strict-transport-security"].startswith("max-age=31536000")
    assert "default-src 'self'" in headers["content-security-policy"]
    assert "script-src 'self'" in headers["content-security-policy"]
    assert page.locator("h1").inner_text() == "Connexion"
    page.screenshot(path=shots / "production-login.png")
    page.close()

    for username, pages in PERSONAS.items():
        statics: dict[str, int] = {}
        page, errors = signed_in(browser, production, username, code=_demo_code, ignore_https_errors=True)
        page.on("response", lambda r, statics=statics: "/static/" in r.url and statics.__setitem__(r.url, r.status))
        page.reload()  # the dashboard again, its assets now counted
        page.screenshot(path=shots / f"production-dashboard-{username}.png", full_page=True)
        for path in pages:
            response = page.goto(f"{production.url}{path}")
            assert response.status == 200, (username, path, response.status)
        assert statics, f"{username}: no static file loaded"
        missing = {url: status for url, status in statics.items() if status not in (200, 304)}
        assert not missing, missing
        assert all(".css" not in url or len(Path(url).suffixes) > 1 for url in statics), statics  # fingerprinted
        cookies = {cookie["name"]: cookie for cookie in page.context.cookies()}
        assert cookies["sessionid"]["secure"] and cookies["sessionid"]["httpOnly"], cookies["sessionid"]
        assert cookies["csrftoken"]["secure"], cookies["csrftoken"]
        assert errors == [], (username, errors)  # no CSP violation, no static file missing
        page.close()

    # one test, so that the suite's two workers do not each start a server for it
    _plain_http_is_redirected_to_https(production)
    _the_certificate_is_checked_against_var_tls_and_static_files_come_from_nginx(production)
    _the_worker_and_the_beat_run_beside_it(production)
    _every_log_line_is_a_json_object(production)


def _plain_http_is_redirected_to_https(production):
    connection = http.client.HTTPConnection("localhost", production.http_port, timeout=10)
    connection.request("GET", "/connexion/?suivant=1")
    response = connection.getresponse()
    assert response.status == 301
    assert response.getheader("Location") == f"{production.url}/connexion/?suivant=1"


def _the_certificate_is_checked_against_var_tls_and_static_files_come_from_nginx(production):
    context = ssl.create_default_context(cafile=str(production.var / "tls" / "vigie.pem"))
    host, port = production.url.removeprefix("https://").split(":")
    connection = http.client.HTTPSConnection(host, int(port), context=context, timeout=10)
    manifest = json.loads((production.var / "static" / "staticfiles.json").read_text())["paths"]
    name, hashed = next((name, hashed) for name, hashed in manifest.items() if name.endswith(".css"))
    connection.request("GET", f"/static/{hashed}", headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    response.read()
    assert response.status == 200, name
    assert "immutable" in response.getheader("Cache-Control")
    assert response.getheader("Content-Encoding") == "gzip"  # WhiteNoise's .gz, served by nginx's gzip_static


def _the_worker_and_the_beat_run_beside_it(production):
    """The beat sends the worker's heartbeat every 30 s; the worker records it; /health/ reads it back."""
    context = ssl.create_default_context(cafile=str(production.var / "tls" / "vigie.pem"))
    deadline = time.monotonic() + 90
    while True:
        with urllib.request.urlopen(f"{production.url}/health/", timeout=10, context=context) as response:
            health = json.loads(response.read())
        if health["worker_heartbeat"] or time.monotonic() > deadline:
            break
        time.sleep(2)
    assert health["ok"] and health["worker_heartbeat"], health


def _every_log_line_is_a_json_object(production):
    web = (production.var / "log" / "web.log").read_text().splitlines()
    lines = [json.loads(line) for line in web if line.strip()]
    assert lines and all({"time", "level", "logger", "message"} <= line.keys() for line in lines)
    access = [line for line in lines if line["logger"] == "gunicorn.access"]
    assert any(line["path"] == "/connexion/" and line["status"] == 200 for line in access), access[-5:]
    for name in ("worker", "beat", "proxy"):
        for text in (production.var / "log" / f"{name}.log").read_text().splitlines():
            assert {"time", "level", "logger", "message"} <= json.loads(text).keys(), (name, text)
