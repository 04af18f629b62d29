"""The direction's register of a generated casino (benchmarks/scale.py, registers/scale), through the services: a
committee of two (the responsible director and a member), a presence every evening of its days taken in turn, one in
five corrected half an hour later, the cashier designated for the hand-paid jackpots then designated again, the first
designation ended early. What the direction's page and its menu count read, at any scale."""

import datetime
from zoneinfo import ZoneInfo

from compliance.models import Casino, User

from ..kinds import EntryKind
from . import services

DIRECTOR, MEMBER = "Direction Échelle", "Membre Échelle"
EVENING, NIGHT = 18, datetime.timedelta(hours=14)  # from 18:00 to 08:00 the next morning


def direction_generate(casino: Casino, manager: User, cashier: User, days: list[datetime.date]) -> int:
    """The register over `days` (oldest first); the number of its entries."""
    if not days:
        return 0
    zone, first, written = ZoneInfo(casino.jurisdiction.timezone), days[0], 0
    for name, director in ((DIRECTOR, True), (MEMBER, False)):
        services.committee_change_record(casino=casino, actor=manager, change="nomination", name=name,
                                         director=director, effective_from=first - datetime.timedelta(days=1),
                                         reference=f"Nomination de {name}")
        written += 1
    for index, day in enumerate(days):
        start = datetime.datetime.combine(day, datetime.time(EVENING), tzinfo=zone)
        entry = services.duty_record(casino=casino, actor=manager, member=(DIRECTOR, MEMBER)[index % 2],
                                     starts_at=start, ends_at=start + NIGHT)
        written += 1
        if index % 5 == 4:
            services.duty_correct(casino=casino, actor=manager, duty=entry.seq, reason="Arrivée à 18 h 30",
                                  starts_at=start + datetime.timedelta(minutes=30), ends_at=start + NIGHT)
            written += 1
    middle = days[len(days) // 2]
    designation = services.designation_record(casino=casino, actor=manager, employee=cashier.username,
                                              act=EntryKind.JACKPOT_PAID, first_day=first, reference="Désignation D-1")
    services.designation_end(casino=casino, actor=manager, designation=designation.seq, last_day=middle,
                             reason="Remplacée par une nouvelle désignation")
    services.designation_record(casino=casino, actor=manager, employee=cashier.username, act=EntryKind.JACKPOT_PAID,
                                first_day=middle + datetime.timedelta(days=1), reference="Désignation D-2")
    return written + 3
