"""The bad-beat jackpot (LU RGD 1979 art. 49-12 to 49-15), one per casino in the `bad_beat` register, by gaming day:

    en service ─arrêter→ arrêté ─remettre en service→ en service; en service: gains

Its state as the register leaves it (its openings, stops, restarts, wins, notices and « carnet de compte » lines), and
its account: the cagnotte day by day from its latest opening (art. 49-13, 49-14). What each operation asks of the state:
bad_beat_stages.py (openings, restarts, the carnet), bad_beat_wins.py, bad_beat_notices.py."""

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from .shared import ZERO, Stage, decimal


@dataclass
class BadBeat:
    """The casino's bad-beat jackpot as its register leaves it: its stops and restarts, its wins."""

    events: list[tuple[datetime.date, int, bool]] = field(default_factory=list)  # (gaming day, n°, a stop?)
    wins: dict[tuple, int] = field(default_factory=dict)  # (table, gaming day, time) → n° of the win
    # its account, kept from its opening at the start value the casino fixes (art. 49-13 al. 1)
    opened: tuple[datetime.date, int] | None = None  # (gaming day, n°) of its latest opening
    start: Decimal = Decimal(0)
    openings: list[datetime.date] = field(default_factory=list)  # the gaming day of each opening
    restarts: list[tuple[datetime.date, int, Decimal]] = field(default_factory=list)  # (day, n°, resumed at)
    paid: list[tuple[datetime.date, int, Decimal, Decimal]] = field(default_factory=list)  # (day, n°, won, restart)
    breakdowns: set[int] = field(default_factory=set)  # the n° of its stops on a breakdown (art. 49-14 al. 3)
    notices: list[tuple[datetime.date, int]] = field(default_factory=list)  # (the Minister told on, n°)
    noted: dict[tuple, int] = field(default_factory=dict)  # (table, gaming day) → n° of its « carnet de compte » line

    def stopped_on(self, day: datetime.date) -> tuple[datetime.date, int] | None:
        """(day, n°) of the stop it stands under on `day`: its latest stop or restart by then is a stop."""
        by_then = [event for event in self.events if event[0] <= day]
        last = max(by_then, key=lambda event: event[:2], default=None)
        return last[:2] if last is not None and last[2] else None

    def stage_on(self, day: datetime.date) -> str:
        return Stage.STOPPED if self.stopped_on(day) else Stage.RUNNING

    @property
    def since(self) -> datetime.date | None:
        """The first gaming day it is known in service: its first opening, stop or restart."""
        return min((event[0] for event in self.events), default=None)

    def constituted_on(self, day: datetime.date) -> bool:
        """Art. 49-13 al. 1: the jackpot exists from the first day a start value is fixed by the establishment."""
        return any(opened <= day for opened in self.openings)

    def resumes_at(self, day: datetime.date, credits: dict[datetime.date, Decimal]) -> Decimal | None:
        """What a restart on `day` puts back in service: the cagnotte as the stop left it, its balance on `day` while
        it stands stopped (nothing enters it while stopped); None where the account is not kept."""
        if self.opened is None or day < self.opened[0]:
            return None
        return account(self, credits, day)[-1].balance

    def broken_down_on(self, day: datetime.date) -> bool:
        stopped = self.stopped_on(day)
        return stopped is not None and stopped[1] in self.breakdowns

    def available(self, day: datetime.date, credits: dict[datetime.date, Decimal]) -> Decimal | None:
        """The cagnotte before a win on `day`: its start value, the days' credits from its opening while in service,
        less the wins, each back to its restart value; None before any opening (the account is not kept)."""
        if self.opened is None or day < self.opened[0]:
            return None
        return account(self, credits, day)[-1].balance


def bad_beat_event(bad_beat: BadBeat, seq: int, day: datetime.date, stop: bool) -> None:
    bad_beat.events.append((day, seq, stop))


def bad_beat_won(bad_beat: BadBeat, seq: int, day: datetime.date, payload: dict) -> None:
    bad_beat.wins.setdefault((payload.get("table"), day, payload.get("won_at")), seq)
    amount, restart = decimal(payload.get("amount")), decimal(payload.get("restart_at"))
    if amount is not None and restart is not None:
        bad_beat.paid.append((day, seq, amount, restart))


def bad_beat_opened(bad_beat: BadBeat, seq: int, day: datetime.date, payload: dict) -> None:
    """A putting in service: an opening at its start value (art. 49-13 al. 1) keeps the account from then."""
    bad_beat_event(bad_beat, seq, day, False)
    start = decimal(payload.get("start"))
    if start is not None:
        bad_beat.opened, bad_beat.start = (day, seq), start
        bad_beat.openings.append(day)
        return
    resumed = decimal(payload.get("restart_at"))  # a putting back in service after a stop (bad_beat_restart)
    if resumed is not None:
        bad_beat.restarts.append((day, seq, resumed))


def bad_beat_halted(bad_beat: BadBeat, seq: int, day: datetime.date, payload: dict) -> None:
    bad_beat_event(bad_beat, seq, day, True)
    if payload.get("voluntary") is False:
        bad_beat.breakdowns.add(seq)


def bad_beat_noticed(bad_beat: BadBeat, seq: int, day: datetime.date, payload: dict) -> None:
    notified = payload.get("minister_notified_on")
    if isinstance(notified, str):
        try:
            bad_beat.notices.append((datetime.date.fromisoformat(notified), seq))
        except ValueError:
            return


def bad_beat_noted(bad_beat: BadBeat, seq: int, day: datetime.date, payload: dict) -> None:
    bad_beat.noted.setdefault((payload.get("table"), day), seq)


# --- its account (art. 49-13, 49-14) ----------------------------------------------------------------------------------


def day_credit(drops: Decimal | None, statement: Decimal | None) -> Decimal:
    """What a gaming day adds to the cagnotte: its imported deals' drops to the bad beat, else the session-end
    statement of the sum dedicated to it (art. 49-13 al. 9), else nothing."""
    if drops is not None:
        return drops
    return statement if statement is not None else ZERO


@dataclass(frozen=True)
class AccountDay:
    day: datetime.date
    credit: Decimal  # nothing while it stands stopped (art. 49-14 al. 3: « sans que les pots ne soient prélevés »)
    won: Decimal
    reset: Decimal  # what its wins' restarts add back (the restart value less what the win left)
    balance: Decimal  # at the day's end
    stopped: bool
    resumed: Decimal | None = None  # the restart's value, where it was put back in service that day


def account(bad_beat: BadBeat, credits: dict[datetime.date, Decimal],
            until: datetime.date | None = None) -> list[AccountDay]:
    """The cagnotte day by day from its latest opening (through `until`): its start value; on a day it is put back in
    service, the restart's value (what the stop left) plus that day's credit; plus each day's credit while in service;
    less each win of its days, then the win's restart value; a day's wins and restarts in the order they were filed.
    A win dated after the opening counts even if filed before it (an opening recorded late: the jackpot was
    constituted that day, art. 49-13 al. 1); empty before any opening."""
    if bad_beat.opened is None:
        return []
    opened = bad_beat.opened
    wins = sorted(paid for paid in bad_beat.paid if paid[:2] > opened)
    restarts = [restart for restart in bad_beat.restarts if restart[:2] > opened]
    days = sorted({day for day in credits if day >= opened[0]} | {paid[0] for paid in wins}
                  | {restart[0] for restart in restarts} | {opened[0]})
    balance, rows = bad_beat.start, []
    for day in (day for day in days if until is None or day <= until):
        stopped = bad_beat.stopped_on(day) is not None
        credit = ZERO if stopped else credits.get(day, ZERO)
        balance += credit
        won = reset = ZERO
        resumed = None
        events = sorted([(paid[1], paid) for paid in wins if paid[0] == day]
                        + [(restart[1], restart) for restart in restarts if restart[0] == day])
        for _seq, event in events:
            if len(event) == 3:  # put back in service: what the stop left, and the day's credit since
                resumed = event[2]
                balance = resumed + credit
                continue
            _day, _seq, amount, restart = event
            won, reset, balance = won + amount, reset + restart - (balance - amount), restart
        rows.append(AccountDay(day, credit, won, reset, balance, stopped, resumed))
    return rows
