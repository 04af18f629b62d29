import os

from celery import Celery
from celery.signals import after_setup_logger, after_setup_task_logger
from django.conf import settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("vigie")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@after_setup_logger.connect
@after_setup_task_logger.connect
def json_lines_in_production(logger, **kwargs):  # noqa: ARG001
    """The worker's and the beat's handlers write JSON lines where the settings ask for them (production), as Django's
    and gunicorn's do there; elsewhere Celery's own format."""
    if getattr(settings, "LOGS_AS_JSON", False):
        from config.json_logs import JsonLines

        for handler in logger.handlers:
            handler.setFormatter(JsonLines())
