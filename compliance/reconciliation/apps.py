from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def _after_close(session, user):
    from .services import reconciliation_after_close

    return reconciliation_after_close(session, user)


def _job_inputs(**inputs):
    from .services import reconciliation_job_inputs

    return reconciliation_job_inputs(**inputs)


def _job(*, job, worker):
    from .services import reconciliation_job

    return reconciliation_job(job=job, worker=worker)


class ReconciliationConfig(AppConfig):
    name = "compliance.reconciliation"
    label = "reconciliation"
    verbose_name = _("Rapprochements des tables")

    def ready(self) -> None:
        # the registers and the core of compliance never import this floor: it hands them its hook and its job
        from compliance.models import JobRun
        from compliance.services import JOB_HANDLERS, JOB_PARAMETERS
        from registers.chain.services import SESSION_CLOSED

        if _after_close not in SESSION_CLOSED:
            SESSION_CLOSED.append(_after_close)
        JOB_HANDLERS[JobRun.Kind.RECONCILIATION] = _job
        JOB_PARAMETERS[JobRun.Kind.RECONCILIATION] = (("gaming_day",), _job_inputs)

        # what waits in the reconciliations for each person, on the « À faire » home and in the menu's counts
        from compliance.todo import ACCOUNTANT, MANAGER, REGULATOR, provider_register

        from . import todo

        provider_register(todo.to_explain, roles=(ACCOUNTANT,), order=30)
        provider_register(todo.to_accept, roles=(MANAGER,), order=30)
        provider_register(todo.across_casinos, roles=(REGULATOR,), order=30)
