"""The product on one machine, as `scripts/run` starts it (plain HTTP on localhost)."""

from .base import *  # noqa: F403

# Static files straight from the apps' folders: no collectstatic (whose compression takes half a
# minute) before each start. Production collects, compresses and fingerprints them.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
