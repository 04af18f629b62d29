"""A seeded session of poker at one table, deal after deal, for the demo and the benchmarks: what an honest room's
system would record, so the import takes every deal and the reconciliation finds nothing but the faults planted on
purpose (games.poker.faults).

Players sit down with 50 to 200 big blinds, the button moves round the table clockwise, stacks carry over from one
deal to the next after what the pots paid, a player who can no longer cover the blinds buys in again or leaves,
and now and then someone leaves or sits down between deals (never during one: LU RGD 1979 art. 49-1, « aucune
recave n'est acceptée pendant un coup »; QC RJC art. 67.95 1°). Each deal is played by games.poker.dealing and its
pots settled by games.poker.replay.settle, as the room declares them. The same seed gives the same session."""

import random
from collections.abc import Iterator
from datetime import datetime, timedelta

from .dealing import Table, deal
from .faults import broken, missing_drop, overraked, rake_above_legal
from .hand import Hand
from .replay import Rules, settle

__all__ = ["Table", "play", "overraked", "rake_above_legal", "missing_drop", "broken"]

LEAVE, JOIN, REBUY = 0.02, 0.25, 0.7  # a seated player leaves; an empty seat fills; a busted player buys in again
BUY_IN = (50, 200)  # in big blinds
FEWEST = 2  # « la partie se poursuit tant que deux joueurs participent encore au jeu » (art. 49-1)


class _Session:
    """Who sits where with what, between deals."""

    def __init__(self, table: Table, rng: random.Random, players_pool: list[str]):
        if len(set(players_pool)) < FEWEST + 1:
            raise ValueError(f"at least {FEWEST + 1} players are needed for a session at {table.name}")
        self.table, self.rng = table, rng
        self.waiting = list(dict.fromkeys(players_pool))  # in the pool's order, each once
        self.chairs: dict[int, list] = {}  # seat → [player, stack]
        for _ in range(rng.randint(FEWEST + 1, min(table.seats, len(self.waiting)))):
            self.sit()
        self.button = rng.choice(sorted(self.chairs))

    def buy_in(self) -> int:
        table = self.table
        return self.rng.randint(*BUY_IN) * table.big_blind // table.chip * table.chip

    def sit(self) -> None:
        """The next player called from the waiting list, at a seat drawn at random (art. 49-1: the seats are given
        « de façon aléatoire »)."""
        empty = [seat for seat in range(1, self.table.seats + 1) if seat not in self.chairs]
        if not empty or not self.waiting:
            return
        player = self.waiting.pop(self.rng.randrange(min(3, len(self.waiting))))
        self.chairs[self.rng.choice(empty)] = [player, self.buy_in()]

    def stand(self, seat: int) -> None:
        self.waiting.append(self.chairs.pop(seat)[0])

    def between_deals(self) -> None:
        rng, table, least = self.rng, self.table, self.table.least_stack
        for seat in sorted(self.chairs):
            chair = self.chairs[seat]
            if chair[1] < least:
                if rng.random() < REBUY:
                    chair[1] += self.buy_in()
                else:
                    self.stand(seat)
            elif rng.random() < LEAVE and len(self.chairs) > FEWEST:
                self.stand(seat)
        if len(self.chairs) < table.seats and rng.random() < JOIN * (2 if len(self.chairs) < 5 else 1):
            self.sit()
        while len(self.chairs) < FEWEST and self.waiting:
            self.sit()
        if len(self.chairs) < FEWEST:
            raise ValueError(f"not enough players left to go on at {table.name}")
        seats = sorted(self.chairs)
        self.button = next((seat for seat in seats if seat > self.button), seats[0])

    def seated(self) -> list[tuple[int, str, int]]:
        return [(seat, player, stack) for seat, (player, stack) in sorted(self.chairs.items())]

    def paid(self, hand: Hand) -> None:
        """Each stack after the deal: what the player put in out, what the pots paid them in, and the uncalled bet
        (what no pot holds) back to the one who made it, the player who put in most."""
        change: dict[str, int] = {}
        for action in hand.actions:
            if action.amount:
                change[action.player] = change.get(action.player, 0) - action.amount
        uncalled = -sum(change.values()) - sum(pot.amount for pot in hand.pots)
        if uncalled:
            bettor = min(change, key=change.__getitem__)
            change[bettor] += uncalled
        for pot in hand.pots:
            for player, amount in pot.wins:
                change[player] = change.get(player, 0) + amount
        for chair in self.chairs.values():
            chair[1] += change.get(chair[0], 0)


def play(table: Table, start: datetime, count: int, rng: random.Random, players_pool: list[str]) -> Iterator[Hand]:
    """`count` consecutive deals at `table` from `start` (aware), one every one to three minutes, numbered
    « table-yyyymmdd-00001 » on: unique and increasing within the session."""
    session = _Session(table, rng, players_pool)
    at, day, prefix = start, None, ""
    for n in range(1, count + 1):
        if n > 1:
            session.between_deals()
            at += timedelta(seconds=rng.randrange(60, 181))
        if at.date() != day:
            day, prefix = at.date(), f"{table.name}-{at:%Y%m%d}-"
        hand = _settled(deal(table, rng, session.seated(), session.button, f"{prefix}{n:05d}", at), table.rules)
        session.paid(hand)
        yield hand


def _settled(hand: Hand, rules: Rules) -> Hand:
    """The deal with the pots an honest room declares (dataclasses.replace does the same, a good deal slower)."""
    return Hand(number=hand.number, table=hand.table, started_at=hand.started_at, game=hand.game,
                version=hand.version, currency=hand.currency, small_blind=hand.small_blind, big_blind=hand.big_blind,
                button=hand.button, seats=hand.seats, actions=hand.actions, board=hand.board,
                pots=settle(hand, rules), ante=hand.ante, cap=hand.cap)
