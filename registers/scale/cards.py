"""A casino's electronic gaming cards played day by day (LU RGD 1979 art. 3-1 to 3-4), for the scale generator: day
cards issued, loaded at a desk, played on the machines and paid out at night; nominative cards issued to the
casino's clients and played on some days. Each operation is what the card ledger would write (its payload, its
movement, its balance never below zero nor above the card's cap), chained by `ChainWriter`; nothing here touches the
database (registers/scale/services.py writes)."""

import datetime
import random
from dataclasses import dataclass, field
from decimal import Decimal
from zoneinfo import ZoneInfo

from compliance.models import Casino, User

from ..cards.ledger import BET, CAP_KEYS, LOADED, PAID_OUT, WON, card_rule, with_movements
from ..kinds import EntryKind
from ..models import CardKind
from .imports import ChainWriter

CENT = Decimal("0.01")
DAY_CARDS = 55  # a day at density 1: ≈ 20,000 day cards a year
NOMINATIVE_PLAYERS = 100  # nominative cards played a day
OPERATIONS = (45, 80)  # machine operations a card's session, at random
DESKS = ("Caisse 1", "Caisse 2", "Caisse 3", "Caisse 4")
MACHINES = [f"AS-{n:03d}" for n in range(1, 201)]
OPENING = datetime.time(10)
STEP = datetime.timedelta(seconds=4)


@dataclass
class PlayedCard:
    pk: int
    number: str
    kind: str
    cap: Decimal
    client: int | None
    balance: Decimal = Decimal("0.00")
    moved_on: datetime.date | None = None


@dataclass
class Day:
    """A day's rows: the cards issued (to insert before their movements) and each movement's entry (its place among
    the chained rows) and values."""

    cards: list[tuple] = field(default_factory=list)
    movements: list[tuple[int, int, str, Decimal, Decimal]] = field(default_factory=list)


@dataclass
class Cast:
    manager: User
    cashier: User
    machine: User  # the slot system's user


class CardPlay:
    """The cards of one casino, from day to day."""

    def __init__(self, casino: Casino, cast: Cast, writer: ChainWriter, rng: random.Random, density: float,
                 clients: list[int]):
        self.casino, self.cast, self.writer, self.rng, self.density = casino, cast, writer, rng, density
        self.zone = ZoneInfo(casino.jurisdiction.timezone)
        self.clients = list(clients)  # those still without their nominative card
        self.nominative: list[PlayedCard] = []
        self.cards: dict[int, PlayedCard] = {}
        self.issued = 0
        self.prefix = "".join(c for c in casino.code if c.isalnum())[:3].upper()
        self.rules: dict = {}  # (key, day): the rule as it stood that day, read once a day rather than once a card

    def play(self, day: datetime.date, card_ids) -> Day:
        """The day's operations, chained in the register in the order they happen; `card_ids(n)` gives the ids of
        the n cards issued."""
        rows, clock = Day(), datetime.datetime.combine(day, OPENING, tzinfo=self.zone)
        new_nominative = self.clients[:max(1, round(50 * self.density))] if self.clients else []
        self.clients = self.clients[len(new_nominative):]
        day_cards = max(1, round(DAY_CARDS * self.density))
        ids = iter(card_ids(len(new_nominative) + day_cards))
        for client in new_nominative:
            card, clock = self._issue(rows, day, clock, next(ids), CardKind.NOMINATIVE, client)
            self.nominative.append(card)
        today = []
        for _ in range(day_cards):
            card, clock = self._issue(rows, day, clock, next(ids), CardKind.JOURNALIERE, None)
            today.append(card)
        players = today + self.rng.sample(self.nominative, min(len(self.nominative),
                                                               round(NOMINATIVE_PLAYERS * self.density)))
        for card in players:
            clock = self._session(rows, day, clock, card)
        return rows

    def _issue(self, rows: Day, day, clock, pk: int, kind: str, client: int | None):
        cap = self._rule(CAP_KEYS[kind], day)
        self.issued += 1
        number = f"{self.prefix}-{self.casino.pk:04d}{self.issued:08d}"
        slots = int(self._rule("nominatives_par_client_max", day).value) if client else None
        rows.cards.append((pk, self.casino.pk, number, kind, client, 1 if slots else None, slots, "active", cap.value,
                           Decimal("0.00"), f"Valable uniquement au {self.casino.name}", day, self.cast.manager.pk,
                           clock))
        self.writer.append(kind=EntryKind.CARD_ISSUED, gaming_day=day, actor=self.cast.manager, recorded_at=clock,
                           payload={"card": number, "kind": kind, "client": client, "cap": cap.value,
                                    "citation": str(cap.citation)})
        self.cards[pk] = PlayedCard(pk, number, kind, Decimal(cap.value).quantize(CENT), client)
        return self.cards[pk], clock + STEP

    def _rule(self, key: str, day: datetime.date):
        if (key, day) not in self.rules:
            self.rules[key, day] = card_rule(self.casino, key, day)
        return self.rules[key, day]

    def _move(self, rows: Day, day, clock, card: PlayedCard, kind: str, actor: User, amount: Decimal, delta: Decimal,
              extra: dict) -> datetime.datetime:
        card.balance += delta
        card.moved_on = day
        payload = with_movements({"card": card.number, "amount": amount, **extra},
                                 [(card.number, delta, card.balance)])
        place = self.writer.append(kind=kind, gaming_day=day, actor=actor, payload=payload, recorded_at=clock)
        rows.movements.append((place, card.pk, kind, delta, card.balance))
        return clock + STEP

    def _session(self, rows: Day, day, clock, card: PlayedCard) -> datetime.datetime:
        rng, desk = self.rng, {"desk": self.rng.choice(DESKS)}
        room = int(card.cap - card.balance) // 10
        if room >= 2:
            most = min(room, 25 if card.kind == CardKind.JOURNALIERE else 100)
            load = Decimal(10 * rng.randint(2, most)).quantize(CENT)
            clock = self._move(rows, day, clock, card, LOADED, self.cast.cashier, load, load, desk)
        machine = {"machine": rng.choice(MACHINES)}
        for _ in range(rng.randint(*OPERATIONS)):
            if rng.random() < 0.55:
                bet = (Decimal(rng.randint(50, 500)) / 100).quantize(CENT)
                if bet > card.balance:
                    break
                clock = self._move(rows, day, clock, card, BET, self.cast.machine, bet, -bet, machine)
            else:
                win = min((Decimal(rng.randint(50, 800)) / 100).quantize(CENT), card.cap - card.balance)
                if win > 0:
                    clock = self._move(rows, day, clock, card, WON, self.cast.machine, win, win, machine)
        if card.balance > 0 and (card.kind == CardKind.JOURNALIERE or rng.random() < 0.3):
            paid = card.balance
            clock = self._move(rows, day, clock, card, PAID_OUT, self.cast.cashier, paid, -paid, desk)
        return clock
