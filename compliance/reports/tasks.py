"""Celery tasks of the signed reports: thin callers of the services, taking ids only."""

from celery import shared_task


@shared_task(bind=True, acks_late=True, max_retries=2, default_retry_delay=10)
def report_run(self, report_id: int) -> None:
    from .models import Report
    from .services import report_generate

    report = Report.objects.filter(pk=report_id, status=Report.Status.PENDING).first()
    if report is not None:  # taken or done already (a task delivered twice): nothing to redo
        report_generate(report)
