from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class ComplianceConfig(AppConfig):
    name = "compliance"
    verbose_name = _("Conformité")

    def ready(self) -> None:
        from . import checks  # noqa: F401  # registers the deployment's checks

        post_migrate.connect(audit_events_privileges_restore, sender=self)
        contribute()


def contribute() -> None:
    """The core's own contributions to its points (compliance/hooks.py; each other app's are in its hooks.py: this
    module, not compliance/hooks.py, because the points' module imports nothing that would import it back)."""
    from . import admin_todo
    from .hooks import JOB_HANDLERS, JOB_PARAMETERS
    from .models import JobRun
    from .services import pipeline_check
    from .todo import ADMIN, provider_register

    # the platform administrator's work on the « À faire » home
    provider_register(admin_todo.failed_jobs, roles=(ADMIN,), order=10)
    provider_register(admin_todo.heartbeat, roles=(ADMIN,), order=11)
    provider_register(admin_todo.locked_accounts, roles=(ADMIN,), order=30)
    # the job that proves web → PostgreSQL → Redis → worker → PostgreSQL, which takes no parameter
    JOB_HANDLERS.add(JobRun.Kind.PIPELINE_CHECK, pipeline_check)
    JOB_PARAMETERS.add(JobRun.Kind.PIPELINE_CHECK, ((), None))


def audit_events_privileges_restore(sender, using: str = "default", **kwargs) -> None:
    """Takes UPDATE, DELETE and TRUNCATE on the audit events from the application role again, after every
    migrate. registers 0002 grants that role UPDATE and DELETE on every table that exists when it runs, and on
    a new database it runs after compliance 0002 (which must not depend on the registers app). The triggers
    refuse those statements anyway; this keeps the privileges saying so too."""
    from django.conf import settings
    from django.db import connections

    role = settings.DATABASE_APP_ROLE
    with connections[using].cursor() as cursor:
        cursor.execute(f"""DO $$ BEGIN
          IF to_regclass('compliance_auditevent') IS NOT NULL
             AND EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') THEN
            REVOKE UPDATE, DELETE, TRUNCATE ON compliance_auditevent FROM "{role}";
          END IF; END $$;""")  # nosec B608  # a plain name (config/settings/base.py)
