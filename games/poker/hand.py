"""A poker deal as the room's system records it, whatever its file format (games/poker/formats/): the seats and their
stacks, the button, the actions street by street, the board, the cards shown, and what the room declares it did with
each pot (its rake, the jackpot drops, who was paid what). Amounts are whole numbers of the currency's minor unit (the
cent): a deal is replayed in integers and only the registers and pages turn them back into Decimals.

The readers build these; games/poker/replay.py checks them and recomputes the pots from the actions."""

from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Final


def rebuilt(instance: object) -> tuple:
    """How a frozen dataclass of the engine pickles (`__reduce__`): made again from its fields, as the engine compiled
    (scripts/compile_engine.py) cannot set them one by one."""
    return type(instance), tuple(getattr(instance, one.name) for one in fields(instance))  # type: ignore[arg-type]


STREETS: Final = ("preflop", "flop", "turn", "river", "showdown")
# Final: the engine compiled (scripts/compile_engine.py) reads these as constants, not from the module's namespace
HOLDEM: Final = "holdem"  # LU RGD 1979 art. 49-1; QC RJC art. 67.88 15°
OMAHA: Final = "omaha"  # LU RGD 1979 art. 49-5
OMAHA_HILO: Final = "omaha_hilo"
GAMES: Final = (HOLDEM, OMAHA, OMAHA_HILO)
LIMIT: Final = "limit"  # art. 49-4, 49-8
POT_LIMIT: Final = "pot_limit"
NO_LIMIT: Final = "no_limit"
VERSIONS: Final = (LIMIT, POT_LIMIT, NO_LIMIT)

# What a player does. The amount of a post, bet, call or raise is what that action adds in front of the player
# (a raise from 2 to 6 adds 4 for the player who had 2 in): the chips that leave the stack.
POST_SMALL_BLIND: Final = "post_sb"
POST_BIG_BLIND: Final = "post_bb"
POST_OPTION: Final = "post_option"
POST_ANTE: Final = "post_ante"
POST_DEAD: Final = "post_dead"
FOLD: Final = "fold"
CHECK: Final = "check"
CALL: Final = "call"
BET: Final = "bet"
RAISE: Final = "raise"
SHOW: Final = "show"
MUCK: Final = "muck"
POSTS: Final = (POST_SMALL_BLIND, POST_BIG_BLIND, POST_OPTION, POST_ANTE, POST_DEAD)
ACTIONS = (*POSTS, FOLD, CHECK, CALL, BET, RAISE, SHOW, MUCK)


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int  # the number on the table, 1 … 10
    player: str  # as the room names them: a pseudonym or a card number, never checked against anything else
    stack: int  # in front of the player when the deal starts
    cards: tuple[int, ...] = ()  # the hole cards, when shown or known (games.hands.cards numbering)

    def __reduce__(self):
        return rebuilt(self)


@dataclass(frozen=True, slots=True)
class Action:
    street: str
    player: str
    kind: str
    amount: int = 0  # what the action adds in front of the player (see above); 0 for a fold, check, show, muck
    all_in: bool = False
    cards: tuple[int, ...] = ()  # a show's cards

    def __reduce__(self):
        return rebuilt(self)


@dataclass(frozen=True, slots=True)
class DeclaredPot:
    """One pot as the room's system says it settled it."""

    number: int  # 0 the main pot, 1 … the side pots, in the order they were made
    amount: int  # before any rake or drop
    rake: int = 0  # to the cagnotte, the house's retention (LU art. 49-1; QC art. 67.108)
    progressive: int = 0  # the progressive jackpot's increment (art. 49-9)
    bad_beat: int = 0  # the bad-beat jackpot's increment (art. 49-13)
    wins: tuple[tuple[str, int], ...] = ()  # (player, amount paid from this pot)
    # run more than once: each board's wins, in the boards' order (`wins` then holds their sum per player)
    boards: tuple[tuple[tuple[str, int], ...], ...] = ()

    def __reduce__(self):
        return rebuilt(self)


@dataclass(frozen=True, slots=True)
class CashOut:
    """A player who sold the room their stake in the deal's outcome once the betting was over (PokerStars' « All-in
    Cash Out »: « alice cashed out the hand for $22.77 | Cash Out Fee $0.46 »): the room pays `amount` and keeps
    `fee`; what the cards then give the player (`kept`, « pot not awarded as player cashed out ») is the room's."""

    player: str
    amount: int
    fee: int = 0
    kept: int = 0

    def __reduce__(self):
        return rebuilt(self)


@dataclass(frozen=True, slots=True)
class Hand:
    number: str  # the room's number for the deal: with the casino, what recognises the same deal imported twice
    table: str
    started_at: datetime  # aware
    game: str
    version: str
    currency: str
    small_blind: int
    big_blind: int
    button: int  # the seat with the button
    seats: tuple[Seat, ...]  # in seat order
    actions: tuple[Action, ...]
    board: tuple[int, ...] = ()
    pots: tuple[DeclaredPot, ...] = ()
    ante: int = 0
    cap: int = 0  # in limit, the raises' cap set for the table (art. 49-4 1)); 0 where the game has none
    extra: dict = field(default_factory=dict, compare=False)  # what the file says beyond this (kept, not checked)
    # run twice or three times: the second and third boards, each whole, sharing the cards dealt before the run
    runs: tuple[tuple[int, ...], ...] = ()
    cash_outs: tuple[CashOut, ...] = ()
    # the pots as rooms write them after their rake (« Main pot €5.37. Side pot-1 €7.50. | Rake €0.89 »): each
    # DeclaredPot.amount is then what the pot kept, and its rake what the actions' pot lacks (games/poker/replay.py)
    after_rake: bool = False

    def seat_of(self, player: str) -> Seat:
        for seat in self.seats:
            if seat.player == player:
                return seat
        raise KeyError(player)

    def __reduce__(self):
        return rebuilt(self)
