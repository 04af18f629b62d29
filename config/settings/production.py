"""Production: everything from the environment, HTTPS only behind a TLS-terminating proxy, logs as JSON lines
(https://docs.djangoproject.com/en/6.1/howto/deployment/checklist/; docs/deploy.md lists every variable)."""

import logging

from config.json_logs import as_json_lines

from .base import *  # noqa: F403
from .base import LOGGING, env

DEBUG = False
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])
# the proxy (docs/deploy/nginx-vigie.conf) sets it; gunicorn trusts it only from the proxy's address
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
# HSTS is Django's alone: the proxy does not add it a second time
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
LANGUAGE_COOKIE_HTTPONLY = True

# --- Static files: collected once (collectstatic), fingerprinted and compressed ----------------------------------
# The manifest's storage (base.STORAGES) is strict: a template naming a file that was not collected fails loudly.
STATIC_ROOT = env.path("DJANGO_STATIC_ROOT", default=BASE_DIR / "staticfiles")  # noqa: F405

# --- Logs: JSON lines on the console (journald under systemd, var/log/ under ./scripts/run --production) ----------
LOGGING = as_json_lines(LOGGING)
logging.captureWarnings(True)  # a library's warning as a JSON line too, not a bare line on stderr
# Celery's worker and beat keep this configuration rather than their own formats (config/celery_app.py)
LOGS_AS_JSON = True

# The demo's casinos and logins, for `./scripts/run --production` on a developer's machine only (VIGIE_DEMO=1): never
# set in a real deployment, where the demo command must refuse to run.
DEMO_ALLOWED = env.bool("VIGIE_DEMO", default=False)
