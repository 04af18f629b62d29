"""Celery tasks of the rules app: thin callers of the services, taking ids only."""

from celery import shared_task


@shared_task(acks_late=True)
def strategy_evaluation_run(evaluation_id: int) -> None:
    from games.rtp.services import strategy_evaluation_run as run

    run(evaluation_id=evaluation_id)
