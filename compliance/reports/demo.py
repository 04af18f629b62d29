"""The demo's signed reports: La Moselle closes its most recent past gaming day with nothing left to countersign,
which asks for the daily report of each of its registers; they are signed here (the worker would do the same, and
takes a report only once), so the demo shows them at once. Each regulator authority gets its certificate."""

from datetime import timedelta

from compliance.models import Casino, Jurisdiction, User
from compliance.services import system_user
from registers.chain.services import session_close
from registers.models import Entry, GamingSession, PendingEntry

from .models import Report, SigningCertificate
from .services import certificate_issue, report_generate

DEMO_CASINOS = ("la-moselle",)


def demo_load() -> list[str]:
    created = []
    admin = User.objects.filter(username="admin").first() or system_user()
    for jurisdiction in Jurisdiction.objects.order_by("code"):
        if not SigningCertificate.objects.filter(jurisdiction=jurisdiction).exists():
            certificate_issue(actor=admin, jurisdiction=jurisdiction)
            created.append(f"signing certificate of {jurisdiction.code}'s regulator")
    for casino in Casino.objects.filter(code__in=DEMO_CASINOS):
        if GamingSession.objects.filter(casino=casino).exists():
            continue
        day = _closable_day(casino)
        if day is None:
            continue
        manager = casino.users.filter(role=User.Role.MANAGER).first()
        session_close(casino=casino, gaming_day=day, user=manager)
        for report in Report.objects.filter(casino=casino, period_start=day, status=Report.Status.PENDING):
            report_generate(report)
        created.append(f"gaming day {day.isoformat()} of {casino.code} closed, its registers' daily reports signed")
    return created


def _closable_day(casino: Casino):
    """The most recent past day with entries and nothing waiting for a countersignature."""
    today = casino.today()
    for back in range(1, 15):
        day = today - timedelta(days=back)
        if (Entry.objects.filter(register__casino=casino, gaming_day=day).exists()
                and not PendingEntry.objects.filter(register__casino=casino, gaming_day=day,
                                                    entry__isnull=True).exists()):
            return day
    return None



