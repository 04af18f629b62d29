"""The demo's Keno at the Casino du Lac-Bleu (QC RJC art. 86), through the services: its manager records the casino's
closing hour (03:00, the morning after its journée: the demo's, with the reference a casino would give; the texts hold
none), three days ago its cashier sells single- and multi-draw tickets and records three draws; a single-draw ticket
is paid the next afternoon, in time; the multi-draw ticket today, within its ninety days; a single-draw ticket
presented today, past the closing of the journée after its draw, is refused citing art. 86 and stays listed « échu sans
paiement »; a ticket won an hour ago waits, unpaid, on the cashier's « À faire » until its deadline."""

import datetime

from compliance.errors import DomainError
from compliance.models import Casino, User

from . import selectors
from .services import keno_closing_record, keno_draw_record, keno_ticket_issue, keno_ticket_pay

CASINO = "lac-bleu"
REFERENCE = "Heures d'exploitation du Casino du Lac-Bleu (démonstration) : ouvert jusqu'à 3 h le lendemain"


def keno_demo() -> list[str]:
    casino = Casino.objects.filter(code=CASINO).select_related("jurisdiction").first()
    if casino is None or not selectors.keno_applies(casino) or selectors.register_of(casino) is not None:
        return []
    manager = casino.users.filter(role=User.Role.MANAGER).first()
    cashier = casino.users.filter(role=User.Role.ACCOUNTANT).first()
    zone, today, currency = selectors.zone_of(casino), casino.today(), casino.currency
    now = datetime.datetime.now(zone).replace(second=0, microsecond=0)

    def at(days_back: int, hour: int, minute: int = 0) -> datetime.datetime:
        return datetime.datetime.combine(today - datetime.timedelta(days=days_back), datetime.time(hour, minute),
                                         tzinfo=zone)

    keno_closing_record(casino=casino, actor=manager, effective_from=max(casino.opened_on, today - datetime.timedelta(
        days=30)), hour="03:00", next_day=True, reference=REFERENCE)
    for number, draws, stake, sold in (("K-1001", [501], "5.00", at(3, 20, 50)),
                                       ("K-1002", [501, 502, 503], "3.00", at(3, 20, 55)),
                                       ("K-1003", [502], "10.00", at(3, 21, 40))):
        keno_ticket_issue(casino=casino, actor=cashier, number=number, draws=draws, stake=stake, currency=currency,
                          issued_at=sold)
    for number, drawn, winners in ((501, at(3, 21), {"K-1001": "45.00", "K-1002": "12.00"}),
                                   (502, at(3, 22), {"K-1002": "6.00", "K-1003": "150.00"}),
                                   (503, at(3, 23), {})):
        keno_draw_record(casino=casino, actor=cashier, number=number, drawn_at=drawn, winners=winners,
                         currency=currency)
    keno_ticket_pay(casino=casino, actor=cashier, number="K-1001", paid_at=at(2, 14))
    keno_ticket_pay(casino=casino, actor=cashier, number="K-1002", paid_at=now)
    created = [f"keno of {casino.code}: tickets K-1001 and K-1002 paid in time"]
    try:
        keno_ticket_pay(casino=casino, actor=cashier, number="K-1003", paid_at=now)
    except DomainError:
        created.append("ticket K-1003 presented past its deadline, refused citing the rule data: listed unpaid")
    keno_ticket_issue(casino=casino, actor=cashier, number="K-2001", draws=[601], stake="2.00", currency=currency,
                      issued_at=now - datetime.timedelta(minutes=90))
    keno_draw_record(casino=casino, actor=cashier, number=601, drawn_at=now - datetime.timedelta(minutes=60),
                     winners={"K-2001": "80.00"}, currency=currency)
    created.append("ticket K-2001 won an hour ago, unpaid, on the cashiers' « À faire » until its deadline")
    return created
