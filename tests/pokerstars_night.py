"""A night of consecutive deals at one no-limit hold'em table, as a PokerStars client writes them (issue 41): players
who sit down and post a big blind to enter, who step away and come back posting the blinds they missed (« posts
small & big blinds », the small one dead), who leave; raises that take the pot before the flop (no flop, no drop),
pots played to the showdown, all-ins with side pots, boards run twice, a player who cashes out. Each deal is settled
by games.poker.replay.settle with the session's rules, so the room's rake is its schedule's; the departures a test
wants are planted afterwards (games.poker.faults), never by the dealer.

The dealer keeps to what the replay takes as legal everywhere: a raise at least doubles the bet it raises (LU RGD
1979 art. 49-4 2) and 3)), a bet is at least the big blind, three players or more in every deal, nobody joins or
comes back on the button or in the small blind (they wait a deal, as rooms make them), and an option is posted only
where asked (`straddle_at`)."""

import io
import random
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from games.hands.cards import DECK
from games.poker import hand as h
from games.poker.formats import pokerstars_writer
from games.poker.outcome import Rules
from games.poker.replay import replay, settle

NAMES = ["alice", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo", "ines", "jonas", "kaori", "lucas",
         "mona", "nils", "olga", "pavel", "quinn", "rosa", "sven", "tania"]
BOARD = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
STREETS = ("preflop", "flop", "turn", "river")


@dataclass
class Chair:
    player: str
    stack: int
    owes: str = ""  # "bb": new at the table; "both": came back after missing the blinds
    away: int = 0  # deals still to sit out


class _Deal:
    """One deal's betting, in turn, from the players' order (the first left of the button)."""

    def __init__(self, names: list[str], stacks: list[int], big: int, rng: random.Random):
        self.names, self.stack, self.big, self.rng = names, stacks, big, rng
        n = len(names)
        self.front, self.folded, self.all_in = [0] * n, [False] * n, [False] * n
        self.actions: list[h.Action] = []
        self.aggressor: int | None = None

    def post(self, i: int, kind: str, amount: int, live: bool = True) -> None:
        amount = min(amount, self.stack[i])
        self.stack[i] -= amount
        if live:
            self.front[i] += amount
        self.all_in[i] = self.stack[i] == 0
        self.actions.append(h.Action("preflop", self.names[i], kind, amount, self.all_in[i]))

    @property
    def live(self) -> int:
        return self.folded.count(False)

    def _do(self, street: str, i: int, kind: str, amount: int = 0) -> None:
        self.stack[i] -= amount
        self.front[i] += amount
        self.all_in[i] = amount > 0 and self.stack[i] == 0
        self.actions.append(h.Action(street, self.names[i], kind, amount, self.all_in[i]))

    def betting(self, street: str, first: int, mood: str) -> None:
        """One round: every player able to act speaks until all have matched the bet to match."""
        n, rng = len(self.names), self.rng
        to_match = max(self.front)
        pending = [not self.folded[i] and not self.all_in[i] for i in range(n)]
        raises, i = 0, first
        while any(pending) and self.live > 1:
            if not pending[i]:
                i = (i + 1) % n
                continue
            pending[i] = False
            owed = to_match - self.front[i]
            others = [j for j in range(n) if j != i and not self.folded[j] and not self.all_in[j]]
            roll = rng.random()
            if mood == "shove" and street == "preflop" and raises < 3 and self.stack[i] > owed and others:
                if roll < 0.85:  # all in: a raise (short of a full one it does not reopen the betting)
                    self._do(street, i, h.RAISE, self.stack[i])
                    if self.front[i] > to_match:
                        if self.front[i] >= 2 * to_match:
                            pending = [j != i and not self.folded[j] and not self.all_in[j] for j in range(n)]
                        to_match = self.front[i]
                        raises += 1
                        self.aggressor = i
                else:
                    self._fold_or_check(street, i, owed)
            elif owed > 0:
                raise_to = max(2 * to_match, to_match + self.big)
                wants_raise = mood == "raise" and raises == 0 and others and roll < 0.5
                if wants_raise and self.stack[i] > raise_to - self.front[i]:
                    self._do(street, i, h.RAISE, raise_to - self.front[i])
                    to_match, raises, self.aggressor = raise_to, raises + 1, i
                    pending = [j != i and not self.folded[j] and not self.all_in[j] for j in range(n)]
                elif roll < (0.75 if mood == "raise" else 0.35):
                    self._do(street, i, h.FOLD)
                    self.folded[i] = True
                else:
                    self._do(street, i, h.CALL, min(owed, self.stack[i]))
            else:
                bet = self.big * rng.randint(1, 3)
                if to_match == 0 and others and roll < 0.3 and self.stack[i] > bet:
                    self._do(street, i, h.BET, bet)
                    to_match, self.aggressor = bet, i
                    pending = [j != i and not self.folded[j] and not self.all_in[j] for j in range(n)]
                else:
                    self._do(street, i, h.CHECK)
            i = (i + 1) % n

    def _fold_or_check(self, street: str, i: int, owed: int) -> None:
        if owed:
            self._do(street, i, h.FOLD)
            self.folded[i] = True
        else:
            self._do(street, i, h.CHECK)


class Night:
    """The table between deals: who sits where with what, the button, who is away or owes a blind."""

    def __init__(self, table: str, currency: str, small: int, big: int, rules: Rules, start: datetime, seed: int,
                 seats: int = 9):
        self.table, self.currency, self.small, self.big, self.rules = table, currency, small, big, rules
        self.rng, self.at, self.seats = random.Random(seed), start, seats
        self.waiting = list(NAMES)
        self.chairs: dict[int, Chair] = {}
        for seat in self.rng.sample(range(1, seats + 1), 6):
            self.chairs[seat] = Chair(self.waiting.pop(0), self.buy_in())
        self.button = min(self.chairs)
        self.count = 0

    def buy_in(self) -> int:
        return self.rng.randint(40, 150) * self.big

    def _between(self) -> None:
        rng = self.rng
        for seat, chair in list(self.chairs.items()):
            if chair.stack < 2 * self.big:
                self.waiting.append(self.chairs.pop(seat).player)  # busted: leaves (« leaves the table »)
            elif chair.away:
                chair.away -= 1
                if not chair.away:
                    chair.owes = "both"
            elif rng.random() < 0.02 and len(self.chairs) > 5:
                self.waiting.append(self.chairs.pop(seat).player)
            elif rng.random() < 0.04 and self._ready() > 5:
                chair.away = rng.randint(2, 6)
        while True:  # five players ready to be dealt in at least: never fewer than three in a deal
            empty = [seat for seat in range(1, self.seats + 1) if seat not in self.chairs]
            if not (empty and self.waiting and (rng.random() < 0.08 or self._ready() < 5)):
                break
            self.chairs[rng.choice(empty)] = Chair(self.waiting.pop(rng.randrange(len(self.waiting))),
                                                   self.buy_in(), owes="bb")

    def _ready(self) -> int:
        return sum(1 for chair in self.chairs.values() if not chair.away)

    def _order(self) -> list[int]:
        """The seats in the deal, from the one left of the button; the button moved on to the next one dealt."""
        ready = [seat for seat, chair in sorted(self.chairs.items()) if not chair.away]
        button = next((seat for seat in ready if seat > self.button), ready[0])
        while True:
            start = next((k for k, seat in enumerate(ready) if seat > button), 0)
            order = ready[start:] + ready[:start]
            late = [seat for seat in (order[-1], order[0]) if self.chairs[seat].owes]  # the button, the small blind
            if not late or len(ready) - len(late) < 3:
                break
            ready = [seat for seat in ready if seat not in late]
            button = next((seat for seat in reversed(ready) if seat <= button), ready[-1])
        self.button = button
        return order

    def deal(self, straddle_at: bool = False, mood: str | None = None) -> h.Hand:
        """The next deal, settled as an honest room does; `straddle_at`: its third player posts an option."""
        if self.count:
            self._between()
            self.at += timedelta(seconds=self.rng.randrange(40, 90))
        self.count += 1
        rng, order = self.rng, self._order()
        names = [self.chairs[seat].player for seat in order]
        play = _Deal(names, [self.chairs[seat].stack for seat in order], self.big, rng)
        play.post(0, h.POST_SMALL_BLIND, self.small)
        play.post(1, h.POST_BIG_BLIND, self.big)
        if self.chairs[order[1]].owes:
            self.chairs[order[1]].owes = ""
        first = 2
        if straddle_at and len(order) >= 4 and not self.chairs[order[2]].owes:
            play.post(2, h.POST_OPTION, 2 * self.big)
            first = 3
        for k, seat in enumerate(order[2:], start=2):
            chair = self.chairs[seat]
            if chair.owes == "both":  # back after missing the blinds: the small one dead, the big one live
                play.post(k, h.POST_DEAD, self.small, live=False)
            if chair.owes:
                play.post(k, h.POST_BIG_BLIND, self.big)
                chair.owes = ""
        mood = mood or rng.choices(("raise", "play", "shove"), (0.4, 0.5, 0.1))[0]
        reached = "preflop"
        for street in STREETS:
            reached = street
            play.betting(street, first % len(order) if street == "preflop" else 0, mood if street == "preflop"
                         else "play")
            if play.live == 1:
                break
            if sum(1 for i in range(len(order)) if not play.folded[i] and not play.all_in[i]) < 2:
                reached = "river"  # all in: the board is run out
                break
        return self._settled(order, play, reached)

    def _settled(self, order: list[int], play: _Deal, reached: str) -> h.Hand:
        rng, n = self.rng, len(order)
        contenders = [i for i in range(n) if not play.folded[i]] if play.live > 1 else []
        cards = rng.sample(DECK, 10 + 2 * len(contenders))
        board, spare = tuple(cards[:BOARD[reached]]), cards[5:10]
        hole = {i: tuple(cards[10 + 2 * k:12 + 2 * k]) for k, i in enumerate(contenders)}
        actions = list(play.actions)
        for i in contenders:
            actions.append(h.Action("showdown", play.names[i], h.SHOW, cards=hole[i]))
        seats = tuple(h.Seat(seat, self.chairs[seat].player, self.chairs[seat].stack, hole.get(order.index(seat), ()))
                      for seat in sorted(order))
        all_in_before_river = contenders and any(play.all_in[i] for i in contenders) and \
            not any(a.street == "river" and a.kind in (h.BET, h.CALL, h.CHECK, h.RAISE, h.FOLD) for a in actions)
        runs = ()
        if all_in_before_river and rng.random() < 0.4:  # run twice: the cards after the last betting street differ
            betting = max(STREETS.index(a.street) for a in actions if a.kind in (h.FOLD, h.CHECK, h.CALL, h.BET,
                                                                                 h.RAISE))
            common = BOARD[STREETS[betting]]
            runs = (board[:common] + tuple(spare[:5 - common]),)
        hand = h.Hand(number=f"{250_000_000_000 + self.count}", table=self.table, started_at=self.at, game=h.HOLDEM,
                      version=h.NO_LIMIT, currency=self.currency, small_blind=self.small, big_blind=self.big,
                      button=self.button, seats=seats, actions=tuple(actions), board=board, runs=runs)
        hand = replace(hand, pots=settle(hand, self.rules))
        if all_in_before_river and not runs and rng.random() < 0.3:
            hand = self._cash_out(hand, play.names[contenders[0]])
        after = replay(hand, self.rules).stacks_after
        for seat in order:
            chair = self.chairs[seat]
            chair.stack = after[chair.player] + sum(c.amount for c in hand.cash_outs if c.player == chair.player)
        return hand

    def _cash_out(self, hand: h.Hand, player: str) -> h.Hand:
        """`player` sells their part of the outcome to the room once all are in: what the cards give them is kept."""
        pots, kept = [], 0
        for pot in hand.pots:
            theirs = sum(amount for who, amount in pot.wins if who == player)
            kept += theirs
            pots.append(replace(pot, wins=tuple((who, amount) for who, amount in pot.wins if who != player)))
        put = sum(a.amount for a in hand.actions if a.player == player and a.kind != h.POST_DEAD)
        amount = put * self.rng.randint(30, 95) // 100 // self.rules.chip * self.rules.chip + self.rules.chip
        fee = amount * 2 // 100 // self.rules.chip * self.rules.chip
        return replace(hand, pots=tuple(pots), cash_outs=(h.CashOut(player, amount - fee, fee, kept),))


def night(count: int, *, table: str, currency: str, small: int, big: int, rules: Rules, start: datetime, seed: int,
          straddles: tuple[int, ...] = ()) -> list[h.Hand]:
    """`count` consecutive deals; at each deal numbered in `straddles` (from 1), or the first after it with four
    players or more, the third player posts an option."""
    room, due, dealt = Night(table, currency, small, big, rules, start, seed), sorted(straddles), []
    for n in range(1, count + 1):
        one = room.deal(straddle_at=bool(due) and due[0] <= n)
        if any(action.kind == h.POST_OPTION for action in one.actions):
            due.pop(0)
        dealt.append(one)
    return dealt


def written(hands: list[h.Hand]) -> io.BytesIO:
    """The deals as the client writes them, one after the other in one file."""
    text = io.StringIO()
    pokerstars_writer.write(hands, text)
    return io.BytesIO(text.getvalue().encode())
