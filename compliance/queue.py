"""Work sent to the Celery worker by the task's name, once the transaction commits: a rolled-back transaction never
sends work, and a service need not import the task module that calls it back (which would be an import cycle)."""

from celery import current_app
from django.db import transaction


def send_on_commit(task: str, *args) -> None:
    transaction.on_commit(lambda: current_app.send_task(task, args=args))
