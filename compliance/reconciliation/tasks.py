"""Celery task of the reconciliation: a casino's gaming day, by the id of its job (the job names the day)."""

from celery import shared_task


@shared_task(bind=True, acks_late=True, max_retries=2, default_retry_delay=10)
def reconciliation_day(self, job_id: str) -> None:
    """The day's reconciliation: job_execute runs the handler of the job's kind, reconciliation_job (services.py;
    this app's hooks.py contributes it to compliance.hooks.JOB_HANDLERS)."""
    # job_execute leaves a finished job as it is (a task delivered twice) and records the outcome
    from compliance.services import job_execute

    job_execute(job_id=job_id, worker=self.request.hostname or "worker")
