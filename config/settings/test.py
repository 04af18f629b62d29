"""The test suite, as `scripts/test` runs it."""

import os
from pathlib import Path

from .local import *  # noqa: F403
from .local import CACHES, DATABASES, env

# Each pytest-xdist worker gets its own queue and cache keys, so parallel runs never cross.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
CELERY_TASK_DEFAULT_QUEUE = f"test-{_WORKER}"
CACHES["default"]["KEY_PREFIX"] = f"test-{_WORKER}"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # speed only; never in production
SCREENSHOT_DIR = env("VIGIE_SCREENSHOTS", default=str(os.path.join(os.getcwd(), "var", "screenshots")))
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "WARNING"}}
DATABASES["default"]["CONN_MAX_AGE"] = 0  # no connection may outlive a test database
# Lets the owner role empty throw-away test databases (TRUNCATE) between transactional tests; the
# registers' triggers still refuse every UPDATE and DELETE, and the application role has no TRUNCATE.
DATABASES["default"]["OPTIONS"]["options"] = "-c vigie.maintenance=on"
# The application role's own URL, for the tests that act as it (raw SQL must be refused).
DATABASE_APP_URL = env("DATABASE_APP_URL", default="")
DATABASE_SUPERUSER_URL = env("DATABASE_SUPERUSER_URL", default="")  # the tamper tests only
WHITENOISE_AUTOREFRESH = True
DEMO_STRATEGY_EVALUATIONS = False  # a shared test worker must not spend minutes simulating games
DRAFT_BASIS_REQUIRED = False  # the fixtures' casinos record no basis; tests/test_house_controls_cited.py turns it on
REGISTER_KEYS_DIR = Path(env("VIGIE_KEYS_DIR", default=os.path.join(os.getcwd(), "var", f"test-keys-{_WORKER}")))
