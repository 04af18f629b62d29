"""Platform guarantees: deploy checks, PostgreSQL only, health, static assets, API schema, security headers."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.urls import reverse

ROOT = Path(settings.BASE_DIR)
SKIP_DIRS = {".git", ".venv", "var", "staticfiles", "__pycache__", ".pytest_cache", ".ruff_cache"}


def _check_deploy(**settings) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "VIGIE_KEYS_BACKEND")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings.production", DJANGO_ALLOWED_HOSTS="vigie.example.org",
               **settings)
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=ROOT, env=env, capture_output=True, text=True)


def test_check_deploy_with_production_settings_reports_nothing():
    result = _check_deploy(VIGIE_KEYS_BACKEND="pkcs11")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_check_deploy_refuses_signing_keys_in_files_outside_the_demo():
    """Issue 40 point 1: « Files stay possible only for the demo »."""
    result = _check_deploy()
    assert result.returncode == 1 and "vigie.E001" in result.stderr and "VIGIE_KEYS_BACKEND=pkcs11" in result.stderr
    assert _check_deploy(VIGIE_DEMO="1").returncode == 0


def test_production_settings_refuse_to_start_without_a_secret_key():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    env.update(DJANGO_SETTINGS_MODULE="config.settings.production", DJANGO_ALLOWED_HOSTS="vigie.example.org")
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True,
                            text=True)
    assert result.returncode != 0 and "DJANGO_SECRET_KEY" in result.stderr


def test_production_logs_json_lines_and_allows_the_demo_only_when_the_run_says_so():
    show = ("import django; django.setup(); from django.conf import settings; "
            "print(settings.DEMO_ALLOWED, settings.LOGGING['handlers']['console']['formatter'], settings.STATIC_ROOT)")
    for demo, allowed in ((None, "False"), ("1", "True")):
        env = {k: v for k, v in os.environ.items() if k != "VIGIE_DEMO"}
        env.update(DJANGO_SETTINGS_MODULE="config.settings.production", DJANGO_ALLOWED_HOSTS="vigie.example.org",
                   DJANGO_STATIC_ROOT="/var/lib/vigie/static", **({"VIGIE_DEMO": demo} if demo else {}))
        result = subprocess.run([sys.executable, "-c", show], cwd=ROOT, env=env, capture_output=True, text=True)
        assert result.stdout.split() == [allowed, "json", "/var/lib/vigie/static"], result.stdout + result.stderr


def test_production_refuses_a_static_file_missing_from_the_manifest(tmp_path):
    """The manifest's storage is strict in production: a page naming a file collectstatic did not write fails loudly
    instead of being served without its style."""
    (tmp_path / "staticfiles.json").write_text('{"paths": {"css/vigie.css": "css/vigie.0123456789ab.css"}, '
                                                '"version": "1.1", "hash": "0"}')
    show = ("import django; django.setup(); from django.templatetags.static import static\n"
            "print(static('css/vigie.css'))\n"
            "try:\n    static('css/absent.css')\nexcept ValueError as exc:\n    print('refused', exc)")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.production",
           "DJANGO_ALLOWED_HOSTS": "vigie.example.org", "DJANGO_STATIC_ROOT": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", show], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.stdout.splitlines() == ["/static/css/vigie.0123456789ab.css",
                                          "refused Missing staticfiles manifest entry for 'css/absent.css'"], \
        result.stdout + result.stderr


def test_no_file_of_the_project_mentions_another_database_engine():
    needle = "sql" + "ite"  # spelt apart so this file does not match itself
    hits = []
    for path in ROOT.rglob("*"):
        inside = path.is_file() and not SKIP_DIRS & set(path.relative_to(ROOT).parts)
        if inside and needle in path.read_bytes().decode("utf-8", "ignore").lower():
            hits.append(str(path.relative_to(ROOT)))
    assert hits == []


@pytest.mark.django_db
def test_the_database_is_postgresql():
    assert connection.vendor == "postgresql"
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


@pytest.mark.django_db
def test_health_reports_database_and_broker(client):
    response = client.get(reverse("health"))
    assert response.status_code == 200
    body = response.json()
    assert body["database"] == "ok" and body["broker"] == "ok" and body["ok"] is True


@pytest.mark.django_db
def test_health_reports_an_unreachable_broker(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    from config.celery_app import app

    app.conf.broker_url = "redis://127.0.0.1:1/0"
    try:
        response = client.get(reverse("health"))
    finally:
        app.conf.broker_url = f"{settings.REDIS_URL}/0"
    assert response.status_code == 503
    assert response.json()["broker"].startswith("error")


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy_without_inline_scripts(client):
    response = client.get(reverse("login"))
    csp = response["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "object-src 'none'" in csp and "unsafe-inline" not in csp
    assert response["X-Frame-Options"] == "DENY"
    body = response.content.decode()
    assert "http://" not in body and "https://" not in body  # every asset is served by the product itself


@pytest.mark.django_db
def test_css_framework_is_served_locally(client):
    css = client.get("/static/vendor/bootstrap/css/bootstrap.min.css")
    assert css.status_code == 200 and b"Bootstrap" in b"".join(css.streaming_content)
    font = client.get("/static/vendor/bootstrap-icons/fonts/bootstrap-icons.woff2")
    assert font.status_code == 200 and font["Content-Type"] == "font/woff2"


@pytest.mark.django_db
def test_openapi_schema_and_local_docs(world):
    from tests.conftest import api_client_for

    api = api_client_for(world.accountant_a)
    schema = api.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert schema["openapi"].startswith("3.")
    assert "/api/v1/casinos/{code}/" in schema["paths"] and "/api/v1/auth/token/" in schema["paths"]
    docs = api.get(reverse("api-docs"))
    assert docs.status_code == 200
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in docs.content.decode()
    assert "cdn" not in docs.content.decode().lower()


def test_celery_is_never_eager():
    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    assert settings.CELERY_BROKER_URL.startswith("redis://")
