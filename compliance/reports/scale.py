"""The scale generator's signed reports (issue 19), asked and signed as the demo's are (compliance/reports/demo.py):
the last generated day's daily report of each register, as the worker signs them after a close, and the books of
the last whole month of the registers kept by hand (jackpots, orphelins). A year of daily reports is not rendered:
about 2,500 documents, the cards register's of about 430 pages each, some two and a half hours on this machine,
past the generator's twenty minutes. The generator (registers/scale) calls it through the point
compliance.hooks.SCALE_GENERATED, which this app's hooks.py fills: the registers never import the reports."""

import datetime

from compliance.models import Casino, User
from registers.kinds import RegisterKind
from registers.models import Register

from .models import Report

BOOKS = (RegisterKind.JACKPOTS, RegisterKind.ORPHELINS)


def reports_generate(casino: Casino, manager: User, days: list[datetime.date]) -> int:
    """Asks for and signs the reports, as the casino's manager; how many were signed."""
    # the reports' services bring WeasyPrint and pyHanko: only a process that generates a casino pays for them
    from .services import report_generate, report_request

    last = days[-1]
    asked = [report_request(actor=manager, kind=Report.Kind.REGISTER_DAILY, casino=casino,
                            register_kind=register.kind, start=last)
             for register in Register.objects.filter(casino=casino).order_by("kind")]
    month_end = last.replace(day=1) - datetime.timedelta(days=1)
    if month_end.replace(day=1) >= days[0]:  # a whole month generated
        asked += [report_request(actor=manager, kind=Report.Kind.REGISTER_MONTHLY, casino=casino,
                                 register_kind=kind, start=month_end.replace(day=1)) for kind in BOOKS]
    signed = [report_generate(report) for report in asked]
    return sum(report.status == Report.Status.SUCCEEDED for report in signed)
