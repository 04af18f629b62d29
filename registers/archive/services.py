"""A casino's closed year archived: its card movements and its poker deals, partitioned by casino and period
(migrations 0012 and 0017), detached from the registers' tables by `vigie_archive` and kept read-only (INSERT,
UPDATE, DELETE and TRUNCATE refused for every role, SELECT only for the application's role). The register entries
that sealed them stay in their chains: each day's deals by their digest, each card operation with its movements in
its payload, so the chain still verifies and the archive can be checked against it."""

from django.db import connection, transaction
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import AuditAction, Casino, User
from compliance.services import audit_record
from registers.errors import ErrorCode

ARCHIVED = ("registers_cardmovement", "registers_pokerhand")
ADMIN_ONLY = _("Seul un administrateur de la plateforme archive une année d'un casino.")
YEAR_OPEN = _("L'année {year} n'est pas close pour le casino (il est au {today}) : seule une année passée s'archive.")


@transaction.atomic
def year_archive(*, casino: Casino, year: int, actor: User) -> dict[str, int]:
    """Detaches the casino's `year` from each partitioned table; returns the partitions archived per table."""
    if actor.role != User.Role.ADMIN:
        raise DomainError(ADMIN_ONLY, code=ErrorCode.WRONG_ROLE, field="actor")
    today = casino.today()
    if not isinstance(year, int) or isinstance(year, bool) or year >= today.year:
        raise DomainError(YEAR_OPEN.format(year=year, today=today.isoformat()), code=ErrorCode.INVALID, field="year")
    done = {}
    with connection.cursor() as cursor:
        for table in ARCHIVED:
            cursor.execute("SELECT vigie_archive(%s, %s, %s)", [table, casino.pk, year])
            done[table] = cursor.fetchone()[0]
    audit_record(actor=actor, action=AuditAction.YEAR_ARCHIVED, casino=casino, target_type="year", target_id=year,
                 details=done)
    return done
