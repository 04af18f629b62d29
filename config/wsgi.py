import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
application = get_wsgi_application()

# What every request needs, imported before gunicorn forks its workers (--preload): otherwise each worker imports the
# URLconf, the views and DRF on its first request (about a second of CPU, while the others wait on the cores), and
# the workers share those pages instead of holding a copy each.
from django.db import connections  # noqa: E402
from django.urls import get_resolver  # noqa: E402

get_resolver().url_patterns  # noqa: B018 - imports the URLconf
connections.close_all()  # a worker must not inherit a connection of the parent's
