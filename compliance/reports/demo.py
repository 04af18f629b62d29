"""The demo's signed reports: each demo casino closes its most recent past gaming day with nothing left to
countersign, which asks for the daily report of each of its registers; they are signed here (the worker would do the
same, and takes a report only once), so the demo shows them at once. La Moselle also asks for its orphelins' monthly
book, its caisse spéciale's statement and a client's card statement; the Luxembourg and Monaco regulators sign the
exact return of their TRIPS tables. Each regulator authority gets its certificate."""

from datetime import timedelta

from compliance.models import Casino, Jurisdiction, User
from compliance.profiles import concept
from compliance.services import system_user
from registers.chain.services import session_close
from registers.models import Card, Entry, GamingSession, PendingEntry

from .models import Report, SigningCertificate
from .services import certificate_issue, report_generate, report_request

DEMO_CASINOS = ("la-moselle", "lac-bleu", "les-rochers")


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
        if casino.code == "la-moselle":
            created += _la_moselle_reports(casino, day)
    # the posters of the notices the demo casinos posted (registers/notices/demo.py), signed at once as the worker would
    for report in Report.objects.filter(kind=Report.Kind.NOTICE_POSTER, status=Report.Status.PENDING).order_by("pk"):
        report_generate(report)
        created.append(f"poster of notice n° {report.subject} signed")
    for username in ("lu.ministere", "mc.commission"):
        regulator = User.objects.select_related("jurisdiction").filter(username=username).first()
        key = f"{concept(regulator.jurisdiction, 'jeu.uth')}.trips" if regulator else None  # its jurisdiction's UTH
        if regulator and not Report.objects.filter(kind=Report.Kind.PAYTABLE_RETURN, subject=key).exists():
            report_generate(report_request(actor=regulator, kind=Report.Kind.PAYTABLE_RETURN, subject=key))
            created.append(f"exact return of {key}, signed by {regulator.jurisdiction.code}'s regulator")
    return created


def _la_moselle_reports(casino: Casino, day) -> list[str]:
    """The other reports a casino asks for: the orphelins' monthly book, the caisse spéciale's statement of the
    closed day, the card statement of the first identified client's card."""
    manager = casino.users.filter(role=User.Role.MANAGER).first()
    cashier = casino.users.filter(role=User.Role.ACCOUNTANT).first()
    card = Card.objects.filter(casino=casino, kind="nominative").order_by("number").first()
    asked = [report_request(actor=manager, kind=Report.Kind.REGISTER_MONTHLY, casino=casino, register_kind="orphelins",
                            start=day),
             report_request(actor=cashier, kind=Report.Kind.CAISSE_DAILY, casino=casino, start=day)]
    if card is not None:
        asked.append(report_request(actor=cashier, kind=Report.Kind.CARD_STATEMENT, subject=card.number))
    for report in asked:
        report_generate(report)
    return [f"{report.get_kind_display()} of {casino.code}" for report in asked]


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



