"""Keno tickets (QC RJC art. 86, as replaced by décret 1675-95) as pure functions over the keno register's state: the
services refuse with the first problem, the audit (checks.py, registers_audit) replays the register into the same
state (book.py) and asks the same functions of every entry, the page and the « À faire » list say with them when each
winning ticket stops being payable. No database here: the caller reads the state, the rule values and the zone.

    issued (its draws to come) ─each draw recorded→ drawn (winning or not) ─paid before its deadline→ paid
                                                    a winning ticket past its deadline unpaid: échu (listed)

Art. 86: « Lorsqu'un billet n'est valide que pour un seul tirage, il doit, s'il est gagnant et s'il est pour un tirage
qui a lieu à minuit ou avant cette heure, être présenté pour paiement avant l'heure de fermeture du casino de la
journée qui suit la journée du tirage; s'il l'est pour un tirage qui a lieu après minuit, il doit être présenté pour
paiement avant l'heure de fermeture du casino le jour même du tirage. Si un billet valide pour plusieurs tirages est
gagnant, il doit être présenté pour paiement dans les quatre-vingt-dix jours de la date du dernier tirage. »

The casino's closing hour is not in our texts: its manager records it with the reference where the casino sets it
(`Closing`). How a closing after midnight counts (the closing of « la journée » X falls on the next calendar day) is
Vigie's reading, recorded in games/rules/ambiguities.yaml (qc.keno.heure_de_fermeture)."""

import datetime
from dataclasses import dataclass, field
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from compliance import formatting

from ..controls import HOUSE_RULE, Problem, written
from ..errors import ErrorCode
from . import errors

ZERO = Decimal(0)
MIDNIGHT = datetime.time(0, 0)
CLOSING = _("Contrôle interne du casino : heure de fermeture enregistrée par la direction avec sa référence")
SOLD_BEFORE = _("Contrôle interne du casino : billet vendu avant ses tirages, tirage enregistré une fois")
# the concepts of the rule data (games/rules/profiles): art. 86's delays
BEFORE_MIDNIGHT = "keno.delai_paiement_tirage_unique_avant_minuit"
AFTER_MIDNIGHT = "keno.delai_paiement_tirage_unique_apres_minuit"
MULTI_DRAW = "keno.delai_paiement_plusieurs_tirages"


@dataclass(frozen=True)
class Moment:
    """A moment of a message, in the casino's zone it was given in, written when the message is read (« 28 nov. 2026
    23 h 15 »): called by the service's refusal, turned to text by the audit's."""

    value: datetime.datetime

    def __call__(self) -> str:
        with timezone.override(self.value.tzinfo):
            return formatting.date(self.value, jurisdiction=None, style="short")

    __str__ = __call__


@dataclass(frozen=True)
class Closing:
    """The casino's closing hour as its manager recorded it: in force from `effective`, at `hour`, on the calendar day
    after its journée when `next_day` (a casino open past midnight), with the reference the casino gives."""

    seq: int
    effective: datetime.date
    hour: datetime.time
    next_day: bool
    reference: str

    def of(self, journee: datetime.date, zone: ZoneInfo) -> datetime.datetime:
        """The moment the casino closes at the end of its journée `journee`."""
        day = journee + datetime.timedelta(days=1) if self.next_day else journee
        return datetime.datetime.combine(day, self.hour, tzinfo=zone)


@dataclass(frozen=True)
class Delays:
    """Art. 86's delays as the rule data gives them, with their citations: the days after the draw's day whose
    closing ends a single draw's payment (at or before midnight, after midnight), the days after the last draw of a
    multi-draw ticket."""

    before_midnight: int
    after_midnight: int
    multi_draw: int
    citation: str


@dataclass
class Ticket:
    number: str
    seq: int
    draws: tuple[int, ...]
    stake: Decimal
    issued_at: datetime.datetime
    won: dict[int, Decimal] = field(default_factory=dict)  # draw n° → amount won at it
    paid_seq: int | None = None
    paid_at: datetime.datetime | None = None

    @property
    def single(self) -> bool:
        return len(self.draws) == 1

    @property
    def total(self) -> Decimal:
        return sum(self.won.values(), ZERO)


@dataclass(frozen=True)
class Draw:
    number: int
    seq: int
    drawn_at: datetime.datetime


@dataclass
class Keno:
    """The register as its entries leave it: the closing hours recorded, the tickets by number, the draws by n°."""

    closings: list[Closing] = field(default_factory=list)
    tickets: dict[str, Ticket] = field(default_factory=dict)
    draws: dict[int, Draw] = field(default_factory=dict)


@dataclass(frozen=True)
class Deadline:
    """When a winning ticket stops being payable: a payment is made strictly before `moment` (« avant l'heure de
    fermeture »; for a multi-draw ticket, `moment` is the midnight that ends its ninetieth day, `last_day`)."""

    moment: datetime.datetime
    last_day: datetime.date | None = None  # a multi-draw ticket's last day, included

    @property
    def day(self) -> datetime.date:
        return self.last_day or self.moment.date()


def closing_in_force(closings: list[Closing], day: datetime.date) -> Closing | None:
    """The closing hour in force on `day`: the latest effective on or before it (the later recorded on a tie)."""
    dated = [item for item in closings if item.effective <= day]
    return max(dated, key=lambda item: (item.effective, item.seq)) if dated else None


def after_midnight(drawn: datetime.datetime, closing: Closing) -> bool:
    """« un tirage qui a lieu après minuit »: after midnight (midnight itself is « à minuit ») and before the closing
    that ends the night, for a casino open past midnight; any other draw is « à minuit ou avant cette heure »."""
    moment = drawn.time()
    return closing.next_day and MIDNIGHT < moment < closing.hour


def single_draw_journee(drawn: datetime.datetime, closing: Closing, delays: Delays) -> datetime.date:
    """The journée whose closing ends a single draw's payment: the draw's day plus art. 86's delay; a draw at
    midnight exactly closes the journée before (« à minuit ou avant cette heure »)."""
    day = drawn.date()
    if drawn.time() == MIDNIGHT:
        return day - datetime.timedelta(days=1) + datetime.timedelta(days=delays.before_midnight)
    delay = delays.after_midnight if after_midnight(drawn, closing) else delays.before_midnight
    return day + datetime.timedelta(days=delay)


def deadline_of(ticket: Ticket, keno: Keno, delays: Delays, zone: ZoneInfo) -> Deadline | None:
    """The ticket's deadline once all its draws are recorded; None before, or for a single draw when the casino's
    closing hour is not recorded for its journée."""
    if any(number not in keno.draws for number in ticket.draws):
        return None
    last = max(keno.draws[number].drawn_at for number in ticket.draws).astimezone(zone)
    if not ticket.single:
        final = last.date() + datetime.timedelta(days=delays.multi_draw)
        return Deadline(datetime.datetime.combine(final + datetime.timedelta(days=1), MIDNIGHT, tzinfo=zone), final)
    probe = closing_in_force(keno.closings, last.date())
    if probe is None:
        return None
    journee = single_draw_journee(last, probe, delays)
    closing = closing_in_force(keno.closings, journee) or probe
    return Deadline(closing.of(journee, zone))


# --- the closing hour (the casino's data) ---------------------------------------------------------------------------


def closing_problems(proposed: Closing) -> list[Problem]:
    """What the manager records: the reference where the casino sets its closing hour (not one of our texts)."""
    if not proposed.reference.strip():
        return [Problem("reference", errors.REFERENCE_REQUIRED, written(CLOSING), ErrorCode.REQUIRED)]
    return []


# --- a ticket sold ---------------------------------------------------------------------------------------------------


def ticket_problems(keno: Keno, number: str, draws: tuple[int, ...], issued_at: datetime.datetime,
                    now: datetime.datetime) -> list[Problem]:
    """A ticket of a new number, valid for one draw or several (distinct n°, each from 1), sold before each of its
    draws is recorded and not in the future (the casino's control: a ticket is sold for draws to come)."""
    control = written(SOLD_BEFORE)
    if number in keno.tickets:
        return [Problem("number", errors.TICKET_EXISTS, control, ErrorCode.DUPLICATE,
                        {"number": number, "seq": keno.tickets[number].seq})]
    if not draws or len(set(draws)) != len(draws) or any(draw < 1 for draw in draws):
        return [Problem("draws", errors.DRAWS_INVALID, control, ErrorCode.INVALID)]
    if issued_at > now:
        return [Problem("issued_at", errors.IN_FUTURE, HOUSE_RULE, ErrorCode.FUTURE_DAY, {"moment": Moment(issued_at)})]
    drawn = sorted(draw for draw in draws if draw in keno.draws)
    if drawn:
        return [Problem("draws", errors.ALREADY_DRAWN, control, ErrorCode.WRONG_STATE,
                        {"draw": drawn[0], "seq": keno.draws[drawn[0]].seq})]
    return []


# --- a draw's result ---------------------------------------------------------------------------------------------


def draw_problems(keno: Keno, number: int, drawn_at: datetime.datetime, winners: dict[str, Decimal],
                  now: datetime.datetime) -> list[Problem]:
    """A draw recorded once, not in the future, after each winning ticket was sold; each winner a ticket valid for
    this draw, its amount positive."""
    control = written(SOLD_BEFORE)
    if number < 1 or number in keno.draws:
        seq = keno.draws[number].seq if number in keno.draws else "—"
        return [Problem("number", errors.DRAW_EXISTS, control, ErrorCode.DUPLICATE, {"draw": number, "seq": seq})]
    if drawn_at > now:
        return [Problem("drawn_at", errors.IN_FUTURE, HOUSE_RULE, ErrorCode.FUTURE_DAY, {"moment": Moment(drawn_at)})]
    for ticket_number, amount in sorted(winners.items()):
        ticket = keno.tickets.get(ticket_number)
        if ticket is None or number not in ticket.draws:
            return [Problem("winners", errors.NOT_FOR_THIS_DRAW, control, ErrorCode.INVALID,
                            {"ticket": ticket_number, "draw": number})]
        if ticket.issued_at >= drawn_at:
            return [Problem("winners", errors.SOLD_AFTER_DRAW, control, ErrorCode.INVALID,
                            {"ticket": ticket_number, "issued": Moment(ticket.issued_at), "drawn": Moment(drawn_at)})]
        if amount <= ZERO:
            return [Problem("winners", errors.AMOUNT_NOT_POSITIVE, control, ErrorCode.AMOUNT_NOT_POSITIVE,
                            {"ticket": ticket_number})]
    return []


# --- a payment (art. 86) ------------------------------------------------------------------------------------------


def payment_problems(keno: Keno, number: str, paid_at: datetime.datetime, delays: Delays, zone: ZoneInfo,
                     now: datetime.datetime) -> list[Problem]:
    """Art. 86: a winning ticket (« Le paiement se fait au détenteur du billet gagnant valide »), paid once, after
    its draws are all recorded, and before its deadline: a single draw at or before midnight, before the casino's
    closing of the journée after the draw's; after midnight, before its closing the same day; a multi-draw ticket,
    within ninety days of its last draw's date."""
    citation = delays.citation
    ticket = keno.tickets.get(number)
    if ticket is None:
        return [Problem("ticket", errors.UNKNOWN_TICKET, citation, ErrorCode.NOTHING_TO_PAY, {"ticket": number})]
    if ticket.paid_seq is not None:
        return [Problem("ticket", errors.ALREADY_PAID, citation, ErrorCode.DUPLICATE,
                        {"ticket": number, "seq": ticket.paid_seq})]
    waiting = [draw for draw in ticket.draws if draw not in keno.draws]
    if waiting:
        return [Problem("ticket", errors.DRAW_TO_COME, written(SOLD_BEFORE), ErrorCode.WRONG_STATE,
                        {"ticket": number, "draw": waiting[0]})]
    if ticket.total <= ZERO:
        return [Problem("ticket", errors.NOT_WINNING, citation, ErrorCode.NOTHING_TO_PAY, {"ticket": number})]
    last = max(keno.draws[draw].drawn_at for draw in ticket.draws)
    if paid_at > now:
        return [Problem("paid_at", errors.IN_FUTURE, HOUSE_RULE, ErrorCode.FUTURE_DAY, {"moment": Moment(paid_at)})]
    if paid_at < last:
        return [Problem("paid_at", errors.PAID_BEFORE_DRAW, written(SOLD_BEFORE), ErrorCode.INVALID,
                        {"ticket": number, "drawn": Moment(last)})]
    deadline = deadline_of(ticket, keno, delays, zone)
    if deadline is None:
        return [Problem("paid_at", errors.NO_CLOSING, written(CLOSING), ErrorCode.REQUIRED, {"day": last.date()})]
    if paid_at >= deadline.moment:
        message = errors.MULTI_DRAW_LATE if deadline.last_day else errors.SINGLE_DRAW_LATE
        return [Problem("paid_at", message, citation, ErrorCode.DEADLINE_PASSED,
                        {"ticket": number, "deadline": Moment(deadline.moment), "last_day": deadline.day,
                         "drawn": Moment(last), "paid": Moment(paid_at)})]
    return []


def ticket_state(ticket: Ticket, keno: Keno, deadline: Deadline | None, now: datetime.datetime) -> str:
    """paid; to_draw (a draw still to come); not_winning; no_closing (winning, its deadline not to be said without the
    casino's closing hour); expired (winning, unpaid past its deadline); to_pay."""
    if ticket.paid_seq is not None:
        return "paid"
    if any(draw not in keno.draws for draw in ticket.draws):
        return "to_draw"
    if ticket.total <= ZERO:
        return "not_winning"
    if deadline is None:
        return "no_closing"
    return "expired" if now >= deadline.moment else "to_pay"


@dataclass(frozen=True)
class Unpaid:
    ticket: Ticket
    deadline: Deadline | None  # None: the casino's closing hour is not recorded for it

    def passed(self, now: datetime.datetime) -> bool:
        return self.deadline is not None and now >= self.deadline.moment


def unpaid_winners(keno: Keno, delays: Delays, zone: ZoneInfo) -> list[Unpaid]:
    """Every winning ticket not paid, its draws all recorded, with its deadline, the nearest first (those whose
    deadline cannot be said without the closing hour last)."""
    found = [Unpaid(ticket, deadline_of(ticket, keno, delays, zone)) for ticket in keno.tickets.values()
             if ticket.paid_seq is None and ticket.total > ZERO and all(draw in keno.draws for draw in ticket.draws)]
    return sorted(found, key=lambda item: (item.deadline is None,
                                           item.deadline.moment if item.deadline else item.ticket.issued_at,
                                           item.ticket.number))
