"""Settings shared by every environment; each value that differs between machines comes from the
environment (https://docs.djangoproject.com/en/6.1/topics/settings/)."""

from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent
env = environ.Env()

# --- Core ------------------------------------------------------------------------------------
SECRET_KEY = env("DJANGO_SECRET_KEY")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.contrib.postgres",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "compliance",
    "games",
    "registers",
    "compliance.reports",
    "compliance.reconciliation",
    "compliance.approvals",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "compliance.middleware.FrenchFirstLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # a session idle too long is signed out; then a person who needs the second factor is sent to it
    "compliance.second_factor.middleware.IdleSessionMiddleware",
    "compliance.second_factor.middleware.SecondFactorMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "compliance.middleware.CasinoTimezoneMiddleware",
    # U+0000 in any input refused (400) before a view sends it to PostgreSQL; after the above, so its page is drawn
    "compliance.middleware.NulRefusedMiddleware",
    # django-axes must come last: it turns a locked-out login into a 403.
    "axes.middleware.AxesMiddleware",
]

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "compliance.context_processors.shell",
                "compliance.notifications.bell",
            ],
        },
    },
]

# --- Database: PostgreSQL only ----------------------------------------------------------------
DATABASES = {"default": env.db("DATABASE_URL")}
DATABASES["default"]["ENGINE"] = "django.db.backends.postgresql"
DATABASES["default"].setdefault("OPTIONS", {})
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# The role the web server and the worker connect as: it may only SELECT and INSERT on the registers
# (registers/migrations/0002); migrations run as the role that owns the tables (scripts/stack.py).
DATABASE_APP_ROLE = env("DATABASE_APP_ROLE", default="vigie_app")
if not DATABASE_APP_ROLE.isidentifier():  # the migrations write it into their statements: a plain name only
    raise ImproperlyConfigured(f"DATABASE_APP_ROLE {DATABASE_APP_ROLE!r} must be a plain SQL name.")
# Each casino's Ed25519 key that signs register checkpoints lives here, never in the database.
REGISTER_KEYS_DIR = Path(env("VIGIE_KEYS_DIR", default=str(BASE_DIR / "var" / "keys")))
# Where the private keys live and sign (compliance/keystore.py): « file », PEM files under REGISTER_KEYS_DIR (the demo
# only), or « pkcs11 », an HSM's token through its PKCS#11 module (SoftHSM2's in development), its token named by its
# label or its slot, its user PIN from the environment.
KEYS_BACKEND = env("VIGIE_KEYS_BACKEND", default="file")
PKCS11_MODULE = env("VIGIE_PKCS11_MODULE", default="/usr/lib/softhsm/libsofthsm2.so")
PKCS11_TOKEN = env("VIGIE_PKCS11_TOKEN", default="vigie")
PKCS11_SLOT = env.int("VIGIE_PKCS11_SLOT", default=None)
PKCS11_PIN = env("VIGIE_PKCS11_PIN", default="")
# where the demo leaves the files it imported (the poker rooms' deals), for the README's commands to import again
DEMO_FILES_DIR = Path(env("VIGIE_DEMO_FILES_DIR", default=str(BASE_DIR / "var" / "demo")))
# signed reports: an RFC 3161 timestamping unit (a qualified TSA in production); empty, the platform's own
REPORT_TSA_URL = env("VIGIE_TSA_URL", default="")
# where readers fetch the platform's certificate revocation list (written in every signing certificate)
PUBLIC_URL = env("VIGIE_PUBLIC_URL", default="http://localhost:8000")
if not env("DATABASE_URL").startswith(("postgres://", "postgresql://")):
    raise ImproperlyConfigured("DATABASE_URL must be a postgres:// URL: PostgreSQL is the only database.")

# --- Redis: broker and cache ------------------------------------------------------------------
REDIS_URL = env("REDIS_URL")
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": f"{REDIS_URL}/1",
        "KEY_PREFIX": env("CACHE_KEY_PREFIX", default="vigie"),
    }
}

# --- Celery (https://docs.celeryq.dev/en/stable/django/first-steps-with-django.html) -----------
CELERY_BROKER_URL = f"{REDIS_URL}/0"
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_IGNORE_RESULT = True  # results live in PostgreSQL (compliance.JobRun), not in Redis
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_QUEUE", default="vigie")
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    "worker-heartbeat": {"task": "compliance.tasks.worker_heartbeat", "schedule": 30.0},
    # orphans whose return period has run become definitive (LU RGD 1979 art. 8 al. 3); hourly, idempotent
    "orphelins-finalize": {"task": "registers.tasks.orphelins_finalize_all", "schedule": 3600.0},
    # day cards expire, found nominative cards past their week's hold become orphans (LU art. 3-1 7), 3-4 8))
    "cards-daily": {"task": "registers.tasks.cards_daily", "schedule": 3600.0},
    "partitions-ahead": {"task": "registers.tasks.partitions_ahead", "schedule": 86400.0},
    # the personal data of the admissions and exclusions kept no longer than each casino's retention; daily, idempotent
    "admissions-purge": {"task": "registers.tasks.admissions_purge", "schedule": 86400.0},
    # each person's e-mail digest of what is new for them since the last (compliance/notifications.py); hourly, an item
    # goes out once
    "notifications-digest": {"task": "compliance.tasks.notifications_digest", "schedule": 3600.0},
}

# --- E-mail (https://docs.djangoproject.com/en/6.1/topics/email/): the digests of compliance/notifications.py -------
# The environment's EMAIL_* variables make the default mailer: an SMTP server (EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER,
# EMAIL_HOST_PASSWORD, EMAIL_USE_TLS or EMAIL_USE_SSL, EMAIL_TIMEOUT), or another backend (EMAIL_BACKEND) with no option
SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
MAILERS = {"default": {"BACKEND": env("EMAIL_BACKEND", default=SMTP_BACKEND)}}
if MAILERS["default"]["BACKEND"] == SMTP_BACKEND:
    MAILERS["default"]["OPTIONS"] = {
        "host": env("EMAIL_HOST", default="localhost"), "port": env.int("EMAIL_PORT", default=25),
        "username": env("EMAIL_HOST_USER", default=""), "password": env("EMAIL_HOST_PASSWORD", default=""),
        "use_tls": env.bool("EMAIL_USE_TLS", default=False), "use_ssl": env.bool("EMAIL_USE_SSL", default=False),
        "timeout": env.int("EMAIL_TIMEOUT", default=30)}
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Vigie <vigie@localhost>")
# The Maildir where `./scripts/run`'s local mail server keeps what it receives, shown on the local mailbox page
# (/courrier/); empty, the page does not exist (a real mail server delivers the mails).
LOCAL_MAILBOX_DIR = env("VIGIE_LOCAL_MAILBOX", default="")

# --- Authentication ---------------------------------------------------------------------------
AUTH_USER_MODEL = "compliance.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 12}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"
LOGOUT_REDIRECT_URL = "login"

# django-axes (https://django-axes.readthedocs.io/en/latest/4_configuration.html): the account is
# locked after AXES_FAILURE_LIMIT bad passwords from any address, and so is an address that tries
# many accounts, until the cool-off ends.
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=6)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=30))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # each on its own: the account, and the address
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "compliance.security.lockout_response"
AXES_VERBOSE = False

# The second factor (django-otp, https://django-otp-official.readthedocs.io/en/stable/overview.html): mandatory for the
# direction, the regulators and the administrators, for a casino's cashiers where it says so (compliance/second_factor).
# A wrong code counts toward the django-axes lockout above, like a wrong password; and, because a right password resets
# that count (AXES_RESET_ON_SUCCESS), django-otp's own delay also doubles after each wrong code (1 s, 2 s, 4 s …) until
# a right one: signing in again never buys more guesses.
OTP_TOTP_ISSUER = "Vigie"
OTP_TOTP_THROTTLE_FACTOR = 1
OTP_STATIC_THROTTLE_FACTOR = 1
# A session idle this long is signed out at its next request; SESSION_COOKIE_AGE stays the absolute cap.
SESSION_IDLE_MINUTES = env.int("VIGIE_SESSION_IDLE_MINUTES", default=30)

# --- Internationalisation: French first ---------------------------------------------------------
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("Français")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"  # each request then runs in its casino's or jurisdiction's zone

# --- Static files (https://whitenoise.readthedocs.io/) -----------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# --- Security ---------------------------------------------------------------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_AGE = 8 * 3600  # one shift
CSRF_COOKIE_HTTPONLY = True
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# --- API (https://www.django-rest-framework.org/api-guide/settings/) ----------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first, so an anonymous call gets 401 with a WWW-Authenticate challenge.
        "compliance.api.authentication.ZonedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["compliance.api.permissions.ScopedAccess"],
    "DEFAULT_SCHEMA_CLASS": "compliance.api.schema.Schema",
    "EXCEPTION_HANDLER": "compliance.api.errors.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_CLASSES": ["rest_framework.throttling.UserRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"user": env("API_USER_RATE", default="600/minute")},
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Vigie — API de conformité des casinos",
    "DESCRIPTION": "Registres, règles et approbations des casinos du Québec, de Monaco et du Luxembourg.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "InstrumentKindEnum": "games.models.InstrumentKind",
        "JobKindEnum": "compliance.models.JobRun.Kind",
        "InstrumentStatusEnum": "games.models.InstrumentStatus",
        "JobStatusEnum": "compliance.models.JobRun.Status",
    },
}

# --- Logging ----------------------------------------------------------------------------------
# Vigie's lines to the console; the PDF and signing libraries' progress and warnings to var/log/libraries.log, never to
# a command's output (compliance/logs.py)
LOG_DIR = Path(env("VIGIE_LOG_DIR", default=str(BASE_DIR / env("VIGIE_VAR", default="var") / "log")))
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"},
                 "libraries": {"class": "compliance.logs.LibraryFile", "filename": str(LOG_DIR / "libraries.log"),
                               "formatter": "timed"}},
    "formatters": {"timed": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
    "loggers": {name: {"handlers": ["libraries"], "level": "INFO", "propagate": False}
                for name in ("weasyprint", "fontTools", "pyhanko", "pyhanko_certvalidator", "PIL")},
}
# The nightly reconciliation of the tables: the share of a table's normal days its hold band holds (two-sided)
HOLD_CONFIDENCE = env.float("VIGIE_HOLD_CONFIDENCE", default=0.95)
DEMO_ALLOWED = True  # the demo command refuses to run where this is off
# The demo queues every game's strategy evaluation (minutes of worker time); the tests queue their own.
DEMO_STRATEGY_EVALUATIONS = env.bool("VIGIE_DEMO_STRATEGY_EVALUATIONS", default=True)
# An entry filed under a draft text waits for the casino's recorded basis for applying it (registers/chain/services.py
# verify_draft_basis). Off only in the test settings, whose shared fixtures make casinos without one.
DRAFT_BASIS_REQUIRED = env.bool("VIGIE_DRAFT_BASIS_REQUIRED", default=True)
