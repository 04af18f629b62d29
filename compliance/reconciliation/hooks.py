"""What the reconciliation contributes to the points of compliance/hooks.py, connected at start-up by this app's
apps.py: the registers and the core of compliance never import this floor."""

from compliance.hooks import (
    JOB_HANDLERS,
    JOB_PARAMETERS,
    POKER_DAY_FINDINGS,
    POKER_FINDING_DAYS,
    RECONCILIATION_REQUEST,
    SESSION_CLOSED,
)
from compliance.models import JobRun
from compliance.todo import ACCOUNTANT, MANAGER, REGULATOR, provider_register

from . import poker_room, todo
from .services import reconciliation_after_close, reconciliation_job, reconciliation_job_inputs, reconciliation_request


def contribute() -> None:
    # a closed gaming day of a casino with tables or a poker room is reconciled (after its daily reports are asked)
    SESSION_CLOSED.add(reconciliation_after_close, order=20)
    # its job: the worker runs reconciliation_job (the tasks compliance.tasks.job_run and
    # compliance.reconciliation.tasks.reconciliation_day both run it, through compliance.services.job_execute); its one
    # parameter, the gaming day, is checked when the job is asked
    JOB_HANDLERS.add(JobRun.Kind.RECONCILIATION, reconciliation_job)
    JOB_PARAMETERS.add(JobRun.Kind.RECONCILIATION, (("gaming_day",), reconciliation_job_inputs))
    # the poker room's page: the recent days' findings, the day's, and the day reconciled again from there
    POKER_FINDING_DAYS.set(poker_room.finding_days)
    POKER_DAY_FINDINGS.set(poker_room.day_findings)
    RECONCILIATION_REQUEST.set(reconciliation_request)

    # what waits in the reconciliations for each person, on the « À faire » home and in the menu's counts
    provider_register(todo.to_explain, roles=(ACCOUNTANT,), order=30)
    provider_register(todo.to_accept, roles=(MANAGER,), order=30)
    provider_register(todo.across_casinos, roles=(REGULATOR,), order=30)
