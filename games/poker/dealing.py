"""One simulated deal of Texas hold'em or Omaha at a table, played as the rules allow (LU RGD 1979 art. 49-1, 49-4,
49-5, 49-8; QC RJC art. 67.95, 67.96, 67.102): the antes and blinds, the option when the table offers it, the betting
rounds in turn order within the version's limits, the board dealt as far as the deal goes, and the cards shown at
the showdown. The demo and the benchmarks need deals an honest room could have played: a reconciliation that finds
a variance in them has found one of the faults planted on purpose, never one of the simulator's.

Where a reading of the texts is open, the players keep to the narrowest one, so the deal is legal under every
reading: a raise is at least double the bet it raises (art. 49-4 2) and 3)), an all-in short of that does not reopen
the betting for those who have already spoken (ROPTA §9.7), nobody bets or raises when no opponent could answer, the
option is posted only with a player behind it (four at the table or more), and a player always has the chips for
the blind or ante that falls to them (the session sees to it). Heads-up, the button posts the small blind and speaks
first before the flop, last after it, as games/poker/betting.py expects.

The players' choices are drawn at random, not from their cards (the replay checks that the deal was playable, not
that it was well played), and tuned so that some 25 to 35 % of the deals reach the showdown."""

import random
from dataclasses import dataclass
from datetime import datetime

from games.hands.cards import DECK

from .hand import (
    BET,
    CALL,
    CHECK,
    FOLD,
    HOLDEM,
    LIMIT,
    NO_LIMIT,
    OMAHA,
    OMAHA_HILO,
    POST_ANTE,
    POST_BIG_BLIND,
    POST_OPTION,
    POST_SMALL_BLIND,
    POT_LIMIT,
    RAISE,
    SHOW,
    Action,
    Hand,
    Seat,
)
from .outcome import Rules

PREFLOP, FLOP, TURN, RIVER, SHOWDOWN = "preflop", "flop", "turn", "river", "showdown"
BOARD_SIZE = {PREFLOP: 0, FLOP: 3, TURN: 4, RIVER: 5}
HOLE_CARDS = {HOLDEM: 2, OMAHA: 4, OMAHA_HILO: 4}
MAX_SEATS = {HOLDEM: 10, OMAHA: 9, OMAHA_HILO: 9}  # art. 49-1: at most ten seated; Omaha's table seats nine
VERSIONS_OF = {HOLDEM: (LIMIT, POT_LIMIT, NO_LIMIT), OMAHA: (LIMIT, POT_LIMIT), OMAHA_HILO: (LIMIT, POT_LIMIT)}


@dataclass(frozen=True)
class Table:
    """A poker table as the session opens it (art. 49-3, 49-4: the blinds, the version and the cap are set for the
    session); `rules` is what games.poker.replay settles its pots by (rake, jackpots, smallest chip)."""

    name: str
    game: str
    version: str
    small_blind: int
    big_blind: int
    option: bool  # the house allows the third player left of the button to post an option of two big blinds
    ante: int
    cap: int  # in limit, the largest a bet or raise may add (art. 49-4 1)); 0 in the other versions
    seats: int
    currency: str
    rules: Rules

    def __post_init__(self):
        if self.game not in VERSIONS_OF or self.version not in VERSIONS_OF[self.game]:
            raise ValueError(f"{self.game} is not played {self.version}")
        if not 0 < self.small_blind <= self.big_blind <= 2 * self.small_blind:
            raise ValueError("the big blind is one to two small blinds")
        if not 3 <= self.seats <= MAX_SEATS[self.game]:
            raise ValueError(f"{self.game} seats 3 to {MAX_SEATS[self.game]}")
        if self.version == LIMIT and self.cap < self.big_blind:
            raise ValueError("a limit table's cap is at least a big blind")

    @property
    def chip(self) -> int:
        return self.rules.chip

    @property
    def least_stack(self) -> int:
        """What a player needs to post whatever falls to them (ante, blind or option) without going all-in on it."""
        return self.ante + 2 * self.big_blind + self.chip


_SAID: dict[tuple, Action] = {}
_SEATS: dict[tuple, Seat] = {}


def _said(street: str, player: str, kind: str, amount: int = 0) -> Action:
    """The same fold, check or post by the same player on the same street, one immutable Action: most of a deal's
    actions, made once instead of once a deal (the benchmarks generate a million deals)."""
    key = (street, player, kind, amount)
    said = _SAID.get(key)
    if said is None:
        if len(_SAID) > 100_000:
            _SAID.clear()
        said = _SAID[key] = Action(street, player, kind, amount)
    return said


def _seat(seat: int, player: str, stack: int) -> Seat:
    """A seat whose cards were not shown, the same object while the player's stack does not move."""
    key = (seat, player, stack)
    found = _SEATS.get(key)
    if found is None:
        if len(_SEATS) > 100_000:
            _SEATS.clear()
        found = _SEATS[key] = Seat(seat, player, stack)
    return found


class _Deal:
    """The chips of one deal, position 0 being the player left of the button and the button last."""

    def __init__(self, table: Table, rng: random.Random, names: list[str], stacks: list[int]):
        self.table, self.rng, self.names = table, rng, names
        self.n = len(names)
        self.stack = list(stacks)
        self.put = [0] * self.n  # in front of each player on this street
        self.folded = [False] * self.n
        self.all_in = [False] * self.n
        self.live = self.n
        self.pot = 0  # every chip put in so far, this street's bets included
        self.level = 0  # the bet to match on this street
        self.last_raise = table.big_blind  # the last full raise's increment
        self.raises = 0  # bets and raises on this street
        self.aggressor: int | None = None  # who bet or raised last on the last street anyone spoke
        self.reopened = False  # the last bet or raise was a full one: those who had spoken may raise again
        self.actions: list[Action] = []
        self.fold_after_flop = 0.42 if table.version == LIMIT else 0.3

    def post(self, street: str, i: int, kind: str, amount: int) -> None:
        self.stack[i] -= amount
        self.pot += amount
        if kind != POST_ANTE:
            self.put[i] += amount
            self.level = max(self.level, self.put[i])
        self.actions.append(_said(street, self.names[i], kind, amount))

    def betting(self, street: str, first: int) -> None:
        """One betting round from `first` round the table until everyone still able to bet has matched the last
        bet or folded, or one player is left (art. 49-1: « le tour d'enchères prend fin lorsque … »)."""
        n, folded, all_in = self.n, self.folded, self.all_in
        need = [not (folded[i] or all_in[i]) for i in range(n)]
        fresh = list(need)  # not yet spoken since the last full raise: may raise
        waiting = sum(need)
        spoke = False
        i = first
        while waiting:
            if need[i]:
                need[i] = False
                waiting -= 1
                acted = self.act(street, i, fresh)
                if acted is not None:
                    spoke = True
                    fresh[i] = False
                if self.live == 1:
                    break
                if acted in (BET, RAISE):
                    for j in range(n):
                        if j != i and not (folded[j] or all_in[j]):
                            waiting += not need[j]
                            need[j] = True
                            fresh[j] = fresh[j] or self.reopened
            i = i + 1 if i + 1 < n else 0
        if spoke and self.raises == 0:
            self.aggressor = None
        self.put = [0] * n
        self.level, self.last_raise, self.raises = 0, self.table.big_blind, 0

    def act(self, street: str, i: int, fresh: list[bool]) -> str | None:
        """What player `i` does, or None when nobody could answer them and they owe nothing: they are not asked."""
        to_call = self.level - self.put[i]
        chance = self.rng.random()
        if to_call <= 0:
            if not self.answerable(i):
                return None
            if fresh[i] and chance < (0.22 if street == PREFLOP else 0.3):
                bounds = self.raise_bounds(street, i)
                if bounds:
                    return self.aggress(street, i, bounds)
            self.actions.append(_said(street, self.names[i], CHECK))
            return CHECK
        pressure = to_call / self.pot
        # limit bets are small beside the pot: without a higher base, too many deals would reach the showdown
        fold = (0.55 if street == PREFLOP else self.fold_after_flop) + 0.25 * min(pressure, 1.0) + 0.08 * self.raises
        if chance < fold:
            self.folded[i] = True
            self.live -= 1
            self.actions.append(_said(street, self.names[i], FOLD))
            return FOLD
        if fresh[i] and chance > 0.93 - 0.02 * self.raises and self.answerable(i):
            bounds = self.raise_bounds(street, i)
            if bounds:
                return self.aggress(street, i, bounds)
        amount = min(to_call, self.stack[i])
        self.stack[i] -= amount
        self.put[i] += amount
        self.pot += amount
        self.all_in[i] = self.stack[i] == 0
        self.actions.append(Action(street, self.names[i], CALL, amount, self.all_in[i]))
        return CALL

    def answerable(self, i: int) -> bool:
        """Whether an opponent could still put in more than the bet to match: without one, a bet or raise is an
        empty gesture, and a player who owes nothing is not asked."""
        level, put, stack, folded, all_in = self.level, self.put, self.stack, self.folded, self.all_in
        return any(j != i and not (folded[j] or all_in[j]) and put[j] + stack[j] > level for j in range(self.n))

    def raise_bounds(self, street: str, i: int) -> tuple[int, int] | None:
        """The least and the most player `i` may bet or raise to on this street, or None when they may not.

        Limit: each bet or raise adds the street's unit, the big blind before the turn and two after, never more
        than the cap (art. 49-4 1)), four a street as rooms usually cap them. Pot limit: at most the pot after
        calling (the last bet three times and the pot before it, art. 49-4 2)). No limit: the whole stack (art.
        49-4 3)). In pot limit and no limit a raise is at least double the bet it raises; an all-in short of that is
        made in no limit only (« sauf dans le cas d'un tapis »), and in limit, which sets no least."""
        table, level = self.table, self.level
        most = self.put[i] + self.stack[i]
        if most <= level:
            return None
        if table.version == LIMIT:
            if self.raises >= 4:
                return None
            unit = min(table.big_blind if street in (PREFLOP, FLOP) else 2 * table.big_blind, table.cap)
            return (level + unit,) * 2 if level + unit <= most else (most, most)
        least = max(2 * level, table.big_blind)
        if table.version == POT_LIMIT:
            ceiling = level + self.pot + (level - self.put[i])
            if least > ceiling or least > most:
                return None
            return least, min(ceiling, most)
        if least > most:
            return most, most
        return least, most

    def aggress(self, street: str, i: int, bounds: tuple[int, int]) -> str:
        least, most = bounds
        chip, rng = self.table.chip, self.rng
        pot = self.pot
        if least == most:
            target = least
        else:
            shove = self.table.version == NO_LIMIT and rng.random() < 0.06
            size = rng.choice((0.5, 0.75, 1.0, 1.5)) if self.level else rng.choice((0.33, 0.5, 0.75, 1.0))
            wanted = most if shove else self.level + int((pot + self.level) * size)
            wanted = wanted // chip * chip
            target = min(max(wanted, least), most)
        stack_after = self.put[i] + self.stack[i] - target
        if 0 < stack_after < least // 2 and self.table.version == NO_LIMIT:
            target = self.put[i] + self.stack[i]  # nobody leaves a few chips behind
        kind = RAISE if self.level else BET
        amount = target - self.put[i]
        self.stack[i] -= amount
        self.put[i] = target
        self.pot += amount
        self.all_in[i] = self.stack[i] == 0
        self.reopened = target - self.level >= self.last_raise and target >= 2 * self.level
        if self.reopened:
            self.last_raise = target - self.level
        self.level = target
        self.raises += 1
        self.aggressor = i
        self.actions.append(Action(street, self.names[i], kind, amount, self.all_in[i]))
        return kind


def deal(table: Table, rng: random.Random, seated: list[tuple[int, str, int]], button: int, number: str,
         started_at: datetime) -> Hand:
    """One deal among `seated` (seat, player, stack, in seat order), the button at seat `button`: the posts, the
    betting rounds, the board and the showdown; the Hand has no pots yet (games.poker.replay.settle makes them)."""
    start = next((k for k, (seat, _, _) in enumerate(seated) if seat > button), 0)
    order = seated[start:] + seated[:start]
    names = [player for _, player, _ in order]
    n = len(order)
    play = _Deal(table, rng, names, [stack for _, _, stack in order])
    if table.ante:
        for i in range(n):
            play.post(PREFLOP, i, POST_ANTE, table.ante)
    small, last = (1, 0) if n == 2 else (0, 1)  # heads-up, the button posts the small blind and speaks first
    play.post(PREFLOP, small, POST_SMALL_BLIND, table.small_blind)
    play.post(PREFLOP, last, POST_BIG_BLIND, table.big_blind)
    if table.option and n >= 4 and rng.random() < 0.5:  # three-handed the button would post it: not offered
        last = 2
        play.post(PREFLOP, last, POST_OPTION, 2 * table.big_blind)
    reached = PREFLOP
    for street in (PREFLOP, FLOP, TURN, RIVER):
        reached = street
        play.betting(street, (last + 1) % n if street == PREFLOP else 0)
        if play.live == 1:
            break
    # The cards nobody sees are never written down: only the board as far as it went and the hands shown are drawn,
    # from one shuffled deck (the same as dealing every card and turning over these).
    showing = []
    if play.live > 1:
        begin = play.aggressor if play.aggressor is not None and not play.folded[play.aggressor] else 0
        showing = [i for i in (*range(begin, n), *range(begin)) if not play.folded[i]]
    each, on_board = HOLE_CARDS[table.game], BOARD_SIZE[reached]
    cards = rng.sample(DECK, on_board + each * len(showing))
    shown: dict[int, tuple[int, ...]] = {}
    for k, i in enumerate(showing):
        shown[i] = hole = tuple(cards[on_board + k * each:on_board + (k + 1) * each])
        play.actions.append(Action(SHOWDOWN, names[i], SHOW, cards=hole))
    seats = tuple(Seat(seat, player, stack, shown[(k - start) % n]) if (k - start) % n in shown
                  else _seat(seat, player, stack) for k, (seat, player, stack) in enumerate(seated))
    return Hand(number=number, table=table.name, started_at=started_at, game=table.game, version=table.version,
                currency=table.currency, small_blind=table.small_blind, big_blind=table.big_blind, button=button,
                seats=seats, actions=tuple(play.actions), board=tuple(cards[:on_board]),
                ante=table.ante, cap=table.cap if table.version == LIMIT else 0)
