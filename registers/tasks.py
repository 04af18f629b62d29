"""Celery tasks of the registers: thin callers of the services."""

from celery import shared_task


@shared_task(ignore_result=True)
def orphelins_finalize_all() -> None:
    from registers.orphelins.services import orphelins_finalize_due

    orphelins_finalize_due()


@shared_task(ignore_result=True)
def cards_daily() -> None:
    """Day cards past their gaming day expire; found nominative cards past the hold give their balance to
    the orphelins (LU RGD 1979 art. 3-1 7), 3-4 8))."""
    from registers.cards.services import cards_expire_due, cards_found_orphaned_due

    cards_expire_due()
    cards_found_orphaned_due()


@shared_task(ignore_result=True)
def partitions_ahead() -> None:
    """Each casino's partitions of this year and the next made before their first row (migration 0020)."""
    from registers.archive.services import partitions_ahead as make

    make()


@shared_task(ignore_result=True)
def admissions_purge() -> None:
    """The admissions and exclusions past the casino's retention deleted (registers/admissions)."""
    from registers.admissions.services import personal_data_purge

    personal_data_purge()
