"""The betting walk of a poker deal: its actions taken in turn, as a dealer would take them, to find what each player
put in, who folded, who is all-in, which streets were dealt and whose cards are known. A deal that cannot have been
played is refused (HandError); a bet or a blind of a size the version does not allow is only reported.

How the turn goes (LU RGD 1979 art. 49-1, 49-5): the blinds are posted by the two players left of the button (heads-
up, the button posts the small blind), the option by the third; before the flop the player left of the last blind
speaks first, after it the first player left of the button; a betting round ends when every player still able to bet
has spoken since the last bet or raise and matched it. A player no opponent could answer (every other player is
all-in or folded) and who owes nothing is not asked. Before the flop the bet to match is a whole big blind even when
the big blind is all-in for less or was not posted (ROPTA §9.7).

Sizes (art. 49-4, 49-8), reported as "raise_size" and never refused; the least ones only where the jurisdiction's
texts set them (Rules.raise_minimums: Luxembourg's; Québec's define a raise as any higher bet, QC RJC art. 67.88
16°): a bet is at least the big blind (art. 49-1),
except all-in; in pot limit and no limit a raise is at least double the bet it raises and adds at least the last
full raise (the narrowest reading of « au minimum du double de la dernière relance », which the simulator keeps to),
no limit excepting an all-in; in pot limit a bet reaches at most the pot after the player's call (« trois fois le
montant de la dernière relance en plus du montant du pot »); in limit a bet or raise adds at most the table's cap.
An all-in short of a full raise does not reopen the betting for those who have already spoken since the last full
bet or raise (ROPTA §9.8), unless with the all-ins before it since then it makes one: their raise is reported too.

Antes and dead blinds are not bets. Antes paid by everyone count as each player's contribution, like a bet; an ante
only one player pays (the button's or the big blind's ante) and a dead blind are dead money, all of it in the pot
every live player shares, however short the all-in players (ROPTA §4.2, §9.7)."""

from typing import Final

from .hand import (
    BET,
    CALL,
    CHECK,
    FOLD,
    LIMIT,
    MUCK,
    NO_LIMIT,
    POST_ANTE,
    POST_BIG_BLIND,
    POST_DEAD,
    POST_OPTION,
    POST_SMALL_BLIND,
    POSTS,
    POT_LIMIT,
    RAISE,
    SHOW,
    STREETS,
    Action,
    Hand,
    Seat,
)
from .outcome import BAD_DEAL, BLINDS, OPTION, OUT_OF_TURN, RAISE_SIZE, HandError, Irregularity, Step
from .refusals import HOLE_CARDS, adds_up, dealt, known_cards, out_of_turn, refuse

STREET_INDEX: Final = {street: index for index, street in enumerate(STREETS)}
PREFLOP: Final = 0
RIVER: Final = 3
SHOWDOWN: Final = 4
BOARD_AT: Final = (0, 3, 4, 5)  # the board's cards once each street is dealt
# the sorts of action, the betting ones last
_END: Final = -1
_POST: Final = 0
_SHOW: Final = 1
_FOLD: Final = 2
_CHECK: Final = 3
_CALL: Final = 4
_RAISE: Final = 5
SORTS: Final = {**dict.fromkeys(POSTS, _POST), SHOW: _SHOW, MUCK: _SHOW, FOLD: _FOLD, CHECK: _CHECK, CALL: _CALL,
                BET: _RAISE, RAISE: _RAISE}
_new = tuple.__new__  # a Step without the keyword machinery of NamedTuple.__new__: one per action, in the hot path
_END_OF_DEAL = Action("", "", "")  # after the last action


class Walk:
    """The deal walked through; lists are by position, 0 the player left of the button and the button last."""

    __slots__ = ("order", "in_seat_order", "put", "dead", "folded", "mucked", "cards", "returned", "steps",
                 "irregularities", "live", "reached")

    def __init__(self, order: list[Seat], in_seat_order: list[str], put: list[int], dead: list[int],
                 folded: list[bool], mucked: list[bool], cards: list[tuple[int, ...] | None], returned: list[int],
                 steps: list[Step], irregularities: list[Irregularity], live: int, reached: int):
        self.order = order  # the players dealt in, clockwise from the button's left
        self.in_seat_order = in_seat_order  # their names by seat number
        self.put = put  # live contributions (antes paid by several included), the uncalled bet given back
        self.dead = dead  # dead money: a lone ante, dead blinds
        self.folded, self.mucked = folded, mucked
        self.cards = cards  # the hole cards known (shown or given), else None
        self.returned = returned
        self.steps = steps
        self.irregularities = irregularities
        self.live = live  # players who have not folded
        self.reached = reached  # the last street dealt with two players or more in the deal (STREETS index)


def walk(hand: Hand, trace: bool = False, minimums: bool = True,  # noqa: C901 - one loop keeps the replay fast
         straddle: bool = True) -> Walk:
    """The deal's actions taken in turn (see the module's docstring); HandError when they cannot have been played.
    With `trace`, every action, street and uncalled bet as a Step, for people to follow the deal; the
    reconciliation, which replays every deal of the day, goes without. `minimums`: the jurisdiction sets a least bet
    and raise (Rules.raise_minimums); without, any bet above the one to match is a full raise. `straddle`: the
    session allows the option (Rules.straddle_allowed); without, one posted is reported."""
    order, in_seat_order = dealt(hand)
    n = len(order)
    position = {seat.player: k for k, seat in enumerate(order)}
    small_at, big_at, option_at = (1, 0, -1) if n == 2 else (0, 1, 2)
    version, big_blind, board = hand.version, hand.big_blind, hand.board
    stack = [seat.stack for seat in order]
    if hand.cap and version != LIMIT:  # a capped no-limit or pot-limit table: no one puts in more than the cap
        stack = [min(chips, hand.cap) for chips in stack]
    bet, put, ante, dead = [0] * n, [0] * n, [0] * n, [0] * n
    folded, all_in, mucked = [False] * n, [False] * n, [False] * n
    pending, spoke = [False] * n, [False] * n  # still to act; spoke since the last full bet or raise
    shown: dict[int, tuple[int, ...]] = {}
    posted: set[str] = set()
    steps: list[Step] = []
    step = steps.append
    irregular: list[Irregularity] = []
    street, reached, posting, name = PREFLOP, PREFLOP, True, STREETS[PREFLOP]
    live = able = n  # not folded; not folded and not all-in
    current = last_raise = full = pot = cursor = 0  # full: the bet the last full bet or raise made
    count = len(hand.actions)
    for index, action in enumerate((*hand.actions, _END_OF_DEAL)):
        if index < count:
            kind, player = action.kind, action.player
            target, sort, p = STREET_INDEX.get(action.street), SORTS.get(kind), position.get(player)
            if target is None or sort is None or p is None:
                raise _unknown(hand, action, index)
        else:  # the end of the deal: the board runs out to the showdown when two players or more are left
            sort, p = _END, -1
            target = SHOWDOWN if live > 1 else street
        # --- the posts end with the first action that is not one: the first betting round begins -----------------
        if posting and (sort != _POST or target):
            posting = False
            current, last_raise = max(max(bet), big_blind), big_blind
            full = current
            cursor = option_at if POST_OPTION in posted else big_at
            for q in range(n):  # in place, as every reset below: no list made per street or raise
                pending[q] = not (folded[q] or all_in[q])
        # --- a street ends when no one is left to act; the next is dealt --------------------------------------
        if target != street:
            where = None if index == count else index
            if target < street:
                raise refuse(OUT_OF_TURN, f"{action.street} après {name}", f"{action.street} after {name}", where)
            while street < target:
                if street < SHOWDOWN and live > 1 and True in pending:
                    due = _due(-1, n, cursor, pending, bet, stack, folded, all_in, current, able)
                    if due >= 0:
                        raise refuse(OUT_OF_TURN, f"la rue {name} n'est pas finie : c'est à « {order[due].player} » "
                                      "de parler", f"the {name} is not over: {order[due].player} is to act", where)
                street += 1
                name = STREETS[street]
                if street == SHOWDOWN:
                    if trace:
                        step(_new(Step, (None, name, "", "street", 0, pot, 0, ())))
                elif live > 1:
                    reached = street
                    for q in range(n):
                        bet[q], pending[q], spoke[q] = 0, not (folded[q] or all_in[q]), False
                    current = full = 0
                    last_raise, cursor = big_blind, n - 1
                    if trace:
                        turned = board[BOARD_AT[street - 1]:BOARD_AT[street]]
                        step(_new(Step, (None, name, "", "street", 0, pot, 0, turned)))
        if sort >= _FOLD:
            # --- a betting action: in turn, adding up (the hot path: most actions are folds, checks and calls) ---
            amount = action.amount
            k = cursor + 1 if cursor + 1 < n else 0
            if not pending[k]:
                for _ in range(n):  # the next player still to act: they speak now, unless they owe nothing (_due)
                    k = k + 1 if k + 1 < n else 0
                    if pending[k]:
                        break
            if not (k == p and pending[p] and (bet[p] < current or (current == 0 and able > 1))):
                due = _due(p, n, cursor, pending, bet, stack, folded, all_in, current, able) if live > 1 else -1
                if due != p:
                    raise out_of_turn(order, action, due, index)
            cursor = p
            pending[p] = False
            if sort == _FOLD:
                if amount:
                    raise adds_up(action, amount, current - bet[p], stack[p], index, hand.currency)
                folded[p] = True
                live -= 1
                able -= 1
                if live == 1:
                    for q in range(n):
                        pending[q] = False
            elif sort == _CHECK:
                if amount or bet[p] != current:
                    raise adds_up(action, amount, current - bet[p], stack[p], index, hand.currency)
                spoke[p] = True
            else:
                have, owed = stack[p], current - bet[p]
                if sort == _CALL:
                    if owed <= 0 or (amount != owed or amount > have) and not amount == have < owed:
                        raise adds_up(action, amount, owed, have, index, hand.currency)
                else:
                    to = bet[p] + amount
                    if amount <= 0 or amount > have or to <= current:
                        raise adds_up(action, amount, owed, have, index, hand.currency)
                    shove = amount == have
                    fault = _size(version, hand.cap, current, last_raise, big_blind, to, shove, pot + owed, spoke[p],
                                  minimums)
                    if fault is not None:
                        irregular.append(Irregularity(RAISE_SIZE, abs(to - fault[1]), {
                            "action": index, "player": action.player, "street": name, "to": to, "limit": fault[1],
                            "reason": fault[0]}))
                    if current == 0 or not shove or not minimums or (to - full >= last_raise and to >= 2 * full):
                        last_raise, full = max(last_raise, to - full), to
                        for q in range(n):  # a full bet or raise reopens the betting for everyone
                            spoke[q] = False
                    current = to
                    for q in range(n):
                        pending[q] = q != p and not (folded[q] or all_in[q])
                spoke[p] = True
                stack[p] = have - amount
                bet[p] += amount
                put[p] += amount
                pot += amount
                if amount == have:
                    all_in[p] = True
                    able -= 1
            if action.all_in and stack[p]:
                raise adds_up(action, amount, current - bet[p], stack[p], index, hand.currency)
            if trace:
                step(_new(Step, (index, name, player, kind, amount, pot, stack[p], ())))
        elif sort == _POST:
            # --- posts: the blinds from their seats, the antes, dead blinds ------------------------------------
            amount = action.amount
            if not posting:
                raise refuse(OUT_OF_TURN, "une mise obligatoire après le début des enchères",
                              "a forced bet after the betting began", index)
            if not 0 < amount <= stack[p]:
                raise adds_up(action, amount, 0, stack[p], index, hand.currency)
            at, owed, once, lost = p, amount, f"{kind}:{p}", kind == POST_DEAD  # lost: dead money, not a bet
            if kind == POST_SMALL_BLIND:
                owed = hand.small_blind
                if p == small_at and kind not in posted:
                    once = kind
                else:  # a missed small blind posted by a player coming back (never on the button): dead (ROPTA §4.2)
                    lost, at = True, p if p != n - 1 or n == 2 else small_at
            elif kind == POST_BIG_BLIND:
                owed = big_blind
                if kind not in posted:  # the table's big blind; left of the button when no small blind is posted
                    if p != big_at and not (n > 2 and p == small_at and POST_SMALL_BLIND not in posted):
                        at = big_at
                    big_at, option_at, once = p, p + 1 if n > 2 else -1, kind
                # else: a player entering the game or coming back posts a big blind, live, from any seat
            elif kind == POST_OPTION:
                at, owed, once = option_at, 2 * big_blind, kind
                if not straddle:
                    irregular.append(Irregularity(OPTION, amount, {"action": index, "player": action.player,
                                                                   "posted": amount}))
            elif kind == POST_ANTE:  # one ante each, of the table's
                owed = hand.ante
            if at != p or (once in posted and kind != POST_DEAD):
                raise refuse(BAD_DEAL, f"{kind} de « {action.player} », qui ne la doit pas à cette place",
                              f"{kind} by {action.player}, who does not owe it from that seat", index)
            posted.add(once)
            stack[p] -= amount
            pot += amount
            if kind == POST_ANTE:
                ante[p] += amount
            elif lost:
                dead[p] += amount
            else:
                bet[p] += amount
                put[p] += amount
            if not stack[p]:
                all_in[p] = True
                able -= 1
            elif action.all_in:
                raise adds_up(action, amount, 0, stack[p], index, hand.currency)
            if amount != owed and not (amount < owed and all_in[p]):
                irregular.append(Irregularity(BLINDS, amount - owed, {
                    "action": index, "player": action.player, "kind": kind, "posted": amount, "expected": owed}))
            if trace:
                step(_new(Step, (index, name, player, kind, amount, pot, stack[p], ())))
        elif sort == _SHOW:
            # --- the showdown: cards shown or given up -------------------------------------------------------------
            if street != SHOWDOWN or action.amount:
                raise refuse(OUT_OF_TURN, f"{action.kind} en {name} : les cartes se montrent à l'abattage",
                              f"{action.kind} on the {name}: cards are shown at the showdown", index)
            if action.kind == MUCK:
                mucked[p] = True
            elif action.cards:
                whole = len(action.cards) == HOLE_CARDS[hand.game]  # else one card of the hand shown: not read
                if len(action.cards) > HOLE_CARDS[hand.game] or (order[p].cards not in ((), action.cards) if whole
                                                                 else not set(action.cards) <= set(order[p].cards
                                                                                                   or action.cards)):
                    raise refuse(BAD_DEAL, f"« {action.player} » montre d'autres cartes que les siennes",
                                  f"{action.player} shows cards other than their hand", index)
                if whole:
                    shown[p] = tuple(action.cards)
            if trace:
                step(_new(Step, (index, name, action.player, action.kind, 0, pot, stack[p],
                                 tuple(action.cards or order[p].cards))))
    if len(board) != BOARD_AT[reached]:
        raise refuse(BAD_DEAL, f"{len(board)} cartes au tableau, la donne en a vu {BOARD_AT[reached]}",
                      f"{len(board)} board cards, the deal saw {BOARD_AT[reached]}", field="board")
    if hand.runs:
        _check_runs(hand)
    cards = known_cards(hand, order, shown)
    payers = [q for q in range(n) if ante[q]]
    if len(payers) == 1:  # the button's or the big blind's ante: dead money
        dead[payers[0]] += ante[payers[0]]
    else:
        for q in payers:
            put[q] += ante[q]
    returned = [0] * n
    top, second = 0, -1  # who put in most (the first of them), and the most anyone else put in
    for q in range(1, n):
        if put[q] > put[top]:
            top, second = q, put[top]
        elif put[q] > second:
            second = put[q]
    over = put[top] - second
    if over > 0:
        returned[top] = over
        put[top] -= over
        stack[top] += over
        pot -= over
        if trace:
            step(_new(Step, (None, name, order[top].player, "returned", over, pot, stack[top], ())))
    return Walk(order, in_seat_order, put, dead, folded, mucked, cards, returned, steps, irregular, live, reached)


def _check_runs(hand: Hand) -> None:
    """The board run twice or three times: every board whole, and the same cards on each up to the last street that
    saw a bet, a call, a check or a fold (the rest is run once the betting is over)."""
    board, betting = hand.board, 0
    for action in hand.actions:
        if SORTS.get(action.kind, _POST) >= _FOLD:
            betting = max(betting, STREET_INDEX.get(action.street, 0))
    common = BOARD_AT[min(betting, RIVER)]
    if len(hand.runs) > 2 or any(len(run) != len(board) or run[:common] != board[:common] for run in hand.runs):
        raise refuse(BAD_DEAL, f"{len(hand.runs) + 1} tableaux : chacun a {len(board)} cartes et les {common} "
                      "premières du premier", f"{len(hand.runs) + 1} boards: each has {len(board)} cards and the "
                      f"first {common} of the first", field="board")


def _unknown(hand: Hand, action: Action, index: int) -> HandError:
    if action.street not in STREET_INDEX or action.kind not in SORTS:
        return refuse(BAD_DEAL, f"rue ou action inconnue : {action.street} {action.kind}",
                       f"unknown street or action: {action.street} {action.kind}", index)
    if any(seat.player == action.player for seat in hand.seats):
        return refuse(BAD_DEAL, f"« {action.player} » n'est pas dans la donne", f"{action.player} is not in the "
                       "deal", index)
    return refuse(BAD_DEAL, f"« {action.player} » n'est pas assis à la table", f"{action.player} is not seated at "
                   "the table", index)


def _due(actor: int, n: int, cursor: int, pending: list[bool], bet: list[int], stack: list[int], folded: list[bool],
         all_in: list[bool], current: int, able: int) -> int:
    """Who is to act after `cursor`, or -1: the next player still to act round the table, passing over (and no
    longer waiting for) one who owes nothing and whom no opponent could answer, unless it is `actor` speaking."""
    k = cursor
    for _ in range(n):
        k = k + 1 if k + 1 < n else 0
        if not pending[k]:
            continue
        if bet[k] >= current and (able < 2 if current == 0 else not any(
                q != k and not (folded[q] or all_in[q]) and bet[q] + stack[q] > current for q in range(n))):
            if k == actor:
                return k
            pending[k] = False
            continue
        return k
    return -1


def _size(version: str, cap: int, current: int, last_raise: int, big_blind: int, to: int, shove: bool,
          pot_after_call: int, spoke: bool, minimums: bool = True) -> tuple[str, int] | None:
    """Why a bet or raise to `to` is outside the version's sizes, and the limit it passes; None when it is not. The
    least bet and raise only where the jurisdiction sets them (`minimums`)."""
    if minimums:
        if current and spoke:
            return "not_reopened", current
        if current == 0 and to < big_blind and not shove:
            return "below_big_blind", big_blind
        least = max(2 * current, current + last_raise)
        if current and version != LIMIT and to < least and not (shove and version == NO_LIMIT):
            return "below_minimum", least
    if version == POT_LIMIT and to > current + pot_after_call:
        return "above_pot", current + pot_after_call
    if version == LIMIT and cap and to - current > cap:
        return "above_cap", current + cap
    return None
