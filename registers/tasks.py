"""Celery tasks of the registers: thin callers of the services."""

from celery import shared_task


@shared_task(ignore_result=True)
def orphelins_finalize_all() -> None:
    from registers.orphelins import orphelins_finalize_due

    orphelins_finalize_due()
