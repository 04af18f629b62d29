"""La Moselle's direction register, through the services, once every table and poker séance of the demo is open: its
management committee of four (the responsible director and three members, each appointment with its act), a duty
log covering every hour its tables and poker tables played over the last month, the director and a member taking
turns, and the director's designation of the cashier for the hand-paid jackpots. Two gaps are planted for the nightly
reconciliation: three days ago nobody is on duty from 21:00 to 22:00 while the poker tables play, and the cashier's
designation ran until the day before yesterday, so yesterday's jackpot is paid by an employee not designated that
day. The register's later entries show too: the current designation ended early (in five days, on the management's
« À faire »), and a presence written on the wrong day set aside by a correction."""

import datetime

from compliance.models import Casino, User

from ..kinds import EntryKind
from . import selectors, services

CASINO = "la-moselle"
DAYS = 30
DIRECTOR = "Luc Schmit"  # the demo's lu.direction
MEMBERS = ("Claire Muller", "Jean Kremer", "Sophie Wagner")
PLANTED_DAY, PLANTED_HOUR = 3, 21  # three days ago, from 21:00 to 22:00: the one hour nobody is on duty
MARGIN, CHUNK = datetime.timedelta(minutes=30), datetime.timedelta(hours=8)
ENDS_IN = 5  # the current designation's early end, days from today


def _hull(casino: Casino, day: datetime.date):
    """The day's playing time with a margin either side; an evening where its sessions have no hours."""
    known = [one for one in selectors.played(casino, day, day) if one.start is not None]
    zone = selectors.zone_of(casino)
    if not known:
        start = datetime.datetime.combine(day, datetime.time(18), tzinfo=zone)
        return start, start + datetime.timedelta(hours=9)
    return min(one.start for one in known) - MARGIN, max(one.end for one in known) + MARGIN


def _pieces(start: datetime.datetime, end: datetime.datetime, cut: tuple | None):
    """[start, end] in turns of at most CHUNK, the planted hour cut out."""
    spans = [(start, end)]
    if cut is not None:
        spans = [(a, b) for a, b in ((start, min(end, cut[0])), (max(start, cut[1]), end)) if b > a]
    for a, b in spans:
        while a < b:
            yield a, min(b, a + CHUNK)
            a = min(b, a + CHUNK)


def direction_demo() -> list[str]:
    casino = Casino.objects.filter(code=CASINO).select_related("jurisdiction").first()
    if casino is None or not selectors.applies_to(casino) or selectors.register_of(casino) is not None:
        return []
    manager = casino.users.get(username="lu.direction")
    cashier = casino.users.filter(role=User.Role.ACCOUNTANT).order_by("username").first()
    today, zone = casino.today(), selectors.zone_of(casino)
    appointed = today - datetime.timedelta(days=420)
    services.committee_change_record(casino=casino, actor=manager, change="nomination", name=DIRECTOR, director=True,
                                     effective_from=appointed,
                                     reference="Agrément du directeur responsable, lettre du Ministre du 2 octobre")
    for name in MEMBERS:
        services.committee_change_record(casino=casino, actor=manager, change="nomination", name=name,
                                         effective_from=appointed,
                                         reference=f"Procès-verbal du conseil d'administration, nomination de {name}")
    covered_until, shifts = None, 0
    for back in range(DAYS, -1, -1):
        day = today - datetime.timedelta(days=back)
        start, end = _hull(casino, day)
        start = max(start, covered_until) if covered_until else start
        planted = datetime.datetime.combine(day, datetime.time(PLANTED_HOUR), tzinfo=zone)
        cut = (planted, planted + datetime.timedelta(hours=1)) if back == PLANTED_DAY else None
        for turn, (a, b) in enumerate(_pieces(start, end, cut)):
            member = DIRECTOR if turn % 2 == 0 else MEMBERS[back % len(MEMBERS)]
            services.duty_record(casino=casino, actor=manager, member=member, starts_at=a, ends_at=b)
            shifts += 1
        covered_until = max(end, covered_until or end)
    first = today - datetime.timedelta(days=DAYS)
    services.designation_record(casino=casino, actor=manager, employee=cashier.username, act=EntryKind.JACKPOT_PAID,
                                first_day=first, last_day=today - datetime.timedelta(days=2),
                                reference="Désignation du directeur responsable n° D-2026-07")
    current = services.designation_record(casino=casino, actor=manager, employee=cashier.username,
                                          act=EntryKind.JACKPOT_PAID, first_day=today,
                                          reference="Désignation du directeur responsable n° D-2026-11")
    # the director ends it early, in five days: on the management's « À faire » until a designation takes over
    services.designation_end(casino=casino, actor=manager, designation=current.seq,
                             last_day=today + datetime.timedelta(days=ENDS_IN), reason="Fin du contrat saisonnier")
    # a presence written on the wrong day for a member not on duty then, set aside by a correction: the log as
    # corrected is what the page and the night read (no hour of play depends on it)
    wrong_day = today - datetime.timedelta(days=1)
    wrong = services.duty_record(casino=casino, actor=manager, member=MEMBERS[0],
                                 starts_at=datetime.datetime.combine(wrong_day, datetime.time(14), tzinfo=zone),
                                 ends_at=datetime.datetime.combine(wrong_day, datetime.time(15), tzinfo=zone))
    services.duty_correct(casino=casino, actor=manager, duty=wrong.seq, set_aside=True,
                          reason="Inscrite sur la mauvaise journée")
    return [f"{CASINO}: the management committee of {1 + len(MEMBERS)}, {shifts} presences over {DAYS + 1} days, "
            f"the cashier designated for the hand-paid jackpots until {ENDS_IN} days from now, a presence set aside"]
