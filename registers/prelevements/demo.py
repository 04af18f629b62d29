"""The demo's levy book at La Moselle (LU RGD 1979 art. 88, 97-1, the draft's wording), through the services: its
manager records the levy parameters with the reference of the act the casino cites, three past gaming days with play
are closed (nothing left to countersign), the months they fall in computed, each levy transferred to the receveur des
Contributions on its due date, but one planted a working day late: the nightly reconciliation finds it on its due day
(compliance/reconciliation/demo.py runs this before reconciling the casino's last month). The rates are the demo's:
the texts Vigie holds give none."""

import datetime

from compliance.models import Casino, User
from compliance.services import system_user

from ..chain.services import session_close
from ..models import Entry, GamingSession, PendingEntry
from . import calendar, selectors
from .services import levies_compute, levy_parameters_record, levy_transfer_record

CASINO = "la-moselle"
RATES = {"tables": "10", "cagnotte": "10", "machines": "15"}
ACT = "Taux de prélèvement de démonstration : référence de l'acte à saisir par la direction"
CLOSED = 3  # days closed for the book, besides the one the reports' demo closes
FIRST = 30  # days back: the first of the tables' demo (registers/tables/demo.py imports 30 days)


def _closable(casino: Casino, day: datetime.date) -> bool:
    return (Entry.objects.filter(register__casino=casino, gaming_day=day).exists()
            and not PendingEntry.objects.filter(register__casino=casino, gaming_day=day, entry__isnull=True).exists()
            and not GamingSession.objects.filter(casino=casino, gaming_day=day).exists())


def levies_demo() -> list[str]:
    casino = Casino.objects.filter(code=CASINO).select_related("jurisdiction").first()
    if casino is None or selectors.register_of(casino) is not None:
        return []
    manager = casino.users.filter(role=User.Role.MANAGER).first()
    accountant = casino.users.filter(role=User.Role.ACCOUNTANT).first()
    today = casino.today()
    # from the first days the tables' demo imported (a month back): the book of last month holds days too, so that
    # `levies_compute --month <last month>` is seen to write nothing again
    days = [day for day in (today - datetime.timedelta(days=back) for back in range(FIRST, 8, -1))
            if _closable(casino, day)][:CLOSED]
    if not days:
        return []
    levy_parameters_record(casino=casino, actor=manager, effective_from=days[0].replace(day=1), rates=RATES, act=ACT)
    for day in days:
        session_close(casino=casino, gaming_day=day, user=manager)
    for month in sorted({day.strftime("%Y-%m") for day in days}):
        levies_compute(casino=casino, month=month, actor=system_user())
    book, code = selectors.book_of(selectors.register_of(casino)), calendar.holidays_of(casino.jurisdiction)
    created, planted = [f"{len(days)} gaming days of {casino.code} levied"], None
    for index, day in enumerate(days):
        levied = book.days[day]
        late = index == 1 and planted is None
        made_on = calendar.working_days_after(code, levied.due, 1) if late else levied.due
        if levied.set_aside <= 0 or made_on >= today:
            continue
        levy_transfer_record(casino=casino, actor=accountant, days=[day], amount=levied.set_aside, made_on=made_on,
                             reference=f"VIR-{day:%Y%m%d}")
        planted = day if late else planted
    if planted is not None:
        created.append(f"the levy of {planted.isoformat()} transferred a working day late (a planted finding)")
    return created
