"""Deals written as the PokerStars client writes its cash-game hand histories, line for line: the header with its two
spaces and the Eastern time in brackets, the posts (a player entering posts the big blind, one coming back « posts
small & big blinds »), « Uncalled bet (…) returned to … », the boards run twice (« *** FIRST RIVER *** »), the
cash-outs, and the summary with the side pots after their rake (« Main pot €5.37. Side pot-1 €7.50. | Rake €0.89 »),
each seat's line. What pokerstars.read takes back from it is the same deal: the same pots, rake, drops and wins to
the cent (tests/test_pokerstars_roundtrip.py), though not always the same Hand (the pots come back as the room writes
them, after their rake: Hand.after_rake).

Where the client has no words for a deal's figure, ours from pokerstars.py are written, only when needed: « posts
straddle », « posts dead blind », « | Jackpot €J », « Jackpot by pot: … » and the header's « - Small blind €x »,
« - Ante €x » and, in limit, « - Cap €x ». The players' hands are not described (« with a pair of Aces »): the
reader does not need it. A deal must be one the replay takes (games/poker/replay.py): the uncalled bet is its."""

from datetime import UTC

from games.poker import hand as h
from games.poker.betting import walk
from games.poker.formats import pokerstars
from games.poker.formats.pokerstars_parser import GAMES, LUXEMBOURG, SYMBOLS, TORONTO, VERSIONS
from games.poker.hand import Hand

GAME_NAMES = {game: name for name, game in GAMES.items()}
VERSION_NAMES = {version: name for name, version in VERSIONS.items()}
POSTED = {h.POST_SMALL_BLIND: "posts small blind", h.POST_BIG_BLIND: "posts big blind", h.POST_ANTE: "posts the ante",
          h.POST_OPTION: "posts straddle", h.POST_DEAD: "posts dead blind"}
SAID = {h.FOLD: "folds", h.CHECK: "checks", h.CALL: "calls", h.BET: "bets"}
LIVE = {h.POST_SMALL_BLIND, h.POST_BIG_BLIND, h.POST_OPTION, h.CALL, h.BET, h.RAISE}
ORDINALS = ("FIRST", "SECOND", "THIRD")
TIMES = {2: "twice", 3: "three times"}
STREET_NAMES = {"preflop": "before Flop", "flop": "on the Flop", "turn": "on the Turn", "river": "on the River"}
BOARD_AT = {"flop": 3, "turn": 4, "river": 5}


def write(hands, stream) -> int:
    """Write the hands to a binary or text stream as the client does (three line ends between two hands); return
    how many were written."""
    return pokerstars.write(hands, stream, lines)


def money(symbol: str, cents: int) -> str:
    """« $0.05 », « $1 », « €12.50 »: whole amounts without their cents, as the client writes them."""
    return pokerstars._money(symbol, cents)


_cards = pokerstars._cards


def _when(hand: Hand) -> str:
    """« 2026/11/20 21:05:00 CET [2026/11/20 15:05:00 ET] », the hour unpadded; in Eastern time alone when the deal's
    zone is Toronto's."""
    zone = hand.started_at.tzinfo
    eastern = hand.started_at.astimezone(TORONTO)
    stamp = f"{eastern:%Y/%m/%d} {eastern.hour}:{eastern:%M:%S}"
    if zone is TORONTO:
        return f"{stamp} ET"
    local = hand.started_at.astimezone(zone if zone is LUXEMBOURG else UTC)
    return f"{local:%Y/%m/%d} {local.hour}:{local:%M:%S} {local.tzname()} [{stamp} ET]"


def _header(hand: Hand, cash) -> str:
    stakes, figures = pokerstars.stakes_and_figures(hand, cash)
    capped = f" - {cash(hand.cap)} Cap - " if hand.cap and hand.version != h.LIMIT else ""
    if hand.cap and hand.version == h.LIMIT:
        figures.append(f"Cap {cash(hand.cap)}")
    return (f"PokerStars Hand #{hand.number}:  {GAME_NAMES[hand.game]} {VERSION_NAMES[hand.version]} "
            f"({cash(stakes[0])}/{cash(stakes[1])}{capped} {' - '.join([hand.currency, *figures])}) - {_when(hand)}")


def _small_blind_seat(hand: Hand) -> str | None:
    """Who posts the small blind from its seat: the first player dealt in left of the button (three or more)."""
    dealt = [seat for seat in hand.seats if seat.stack > 0]
    if len(dealt) < 3:
        return None
    return next((seat for seat in dealt if seat.seat > hand.button), dealt[0]).player


def lines(hand: Hand) -> list[str]:  # noqa: C901 - the deal's lines in the client's order, one pass
    """The deal's lines, as the client writes them."""
    symbol = SYMBOLS[hand.currency]

    def cash(cents: int) -> str:
        return money(symbol, cents)

    if not hand.pots or any(pot.number != index for index, pot in enumerate(hand.pots)):
        raise ValueError(f"hand {hand.number}: PokerStars text needs the pots, numbered 0, 1 …")
    played = walk(hand)
    order = [seat.player for seat in played.order]
    returned = {order[q]: amount for q, amount in enumerate(played.returned) if amount}
    stacks = {seat.player: seat.stack for seat in hand.seats}
    lines = [_header(hand, cash),
             f"Table '{hand.table}' {next(m for m in (6, 9, 10) if m >= max(s.seat for s in hand.seats))}-max "
             f"Seat #{hand.button} is the button"]
    lines += [f"Seat {seat.seat}: {seat.player} ({cash(seat.stack)} in chips)" for seat in hand.seats]
    shows = {a.player: a.cards for a in hand.actions if a.kind == h.SHOW}
    small_seat, live_small = _small_blind_seat(hand), any(
        a.kind == h.POST_SMALL_BLIND for a in hand.actions if a.player == _small_blind_seat(hand))
    actions, last = list(hand.actions), max((k for k, a in enumerate(hand.actions) if a.kind not in (h.SHOW, h.MUCK)
                                             and a.kind not in POSTED), default=-1)
    put: dict[str, int] = {}  # in front of each player on the street, for « raises … to »
    total: dict[str, int] = {}  # in the deal, for the cap
    folded: dict[str, str] = {}
    street, k = "preflop", 0
    dealt_lines = [f"Dealt to {seat.player} {_cards(seat.cards)}" for seat in hand.seats
                   if seat.cards and seat.cards != shows.get(seat.player)]
    runs = (hand.board, *hand.runs)
    common = len(hand.board) if not hand.runs else min(
        next((i for i, (a, b) in enumerate(zip(run, hand.board, strict=False)) if a != b), len(run))
        for run in hand.runs)
    holes_written, streets = False, set()
    while k < len(actions):
        action = actions[k]
        if action.kind not in POSTED and not holes_written:
            lines += ["*** HOLE CARDS ***", *dealt_lines]
            holes_written = True
        if action.street != street and action.street in BOARD_AT:
            for name, at in BOARD_AT.items():
                if at <= BOARD_AT[action.street] and name not in streets:
                    lines.append(_street(name, hand.board))
                    streets.add(name)
            street, put = action.street, {}
        if action.kind in (h.SHOW, h.MUCK):
            break
        text_, step = _action(action, actions[k + 1] if k + 1 < len(actions) else None, hand, put, cash,
                              small_seat, live_small)
        for one in actions[k:k + step]:
            if one.kind in LIVE:
                put[one.player] = put.get(one.player, 0) + one.amount
            total[one.player] = total.get(one.player, 0) + one.amount
        capped = (hand.cap and hand.version != h.LIMIT and action.all_in and stacks[action.player] > hand.cap
                  and total[action.player] >= hand.cap)
        end = f" and has reached the {cash(hand.cap)} cap" if capped else " and is all-in" if action.all_in else ""
        lines.append(f"{action.player}: {text_}{end}")
        if action.kind == h.FOLD:
            folded[action.player] = action.street
        if k == last or (k + step - 1 == last):
            lines += [f"Uncalled bet ({cash(amount)}) returned to {player}" for player, amount in returned.items()]
        k += step
    if not holes_written:
        lines += ["*** HOLE CARDS ***", *dealt_lines]
    shown_down = [a for a in actions[k:] if a.kind in (h.SHOW, h.MUCK)]
    live = len(order) - len(folded)
    if live > 1:  # the rest of the board, run once or more
        lines += [_street(name, hand.board) for name, at in BOARD_AT.items()
                  if at <= common and len(hand.board) >= at and name not in streets]
        for index, run in enumerate(runs if hand.runs else ()):
            lines += [_street(name, run, ORDINALS[index]) for name, at in BOARD_AT.items() if at > common]
    several = len(hand.pots) > 1
    cashed = {c.player: c for c in hand.cash_outs}
    for index in range(len(runs) if hand.runs else 1):
        if live > 1:
            lines.append(f"*** {ORDINALS[index] + ' ' if hand.runs else ''}SHOW DOWN ***")
            lines += [f"{a.player}: shows {_cards(a.cards)}" if a.kind == h.SHOW else
                      f"{a.player}: mucks hand" for a in shown_down]
        for pot in reversed(hand.pots):  # the client pays the outermost pot first
            where = ("side pot" if len(hand.pots) == 2 else f"side pot-{pot.number}") if pot.number else (
                "main pot" if several else "pot")
            wins = pot.boards[index] if hand.runs and pot.boards else pot.wins
            lines += [f"{player} collected {cash(won)} from {where}" for player, won in wins if won]
        if live == 1:
            lines += [f"{a.player}: shows {_cards(a.cards)}" for a in shown_down if a.kind == h.SHOW]
    lines += [f"{c.player} cashed out the hand for {cash(c.amount)} | Cash Out Fee {cash(c.fee)}"
              for c in hand.cash_outs]
    lines += ["*** SUMMARY ***", *_summary(hand, cash)]
    if hand.runs:
        lines.append(f"Hand was run {TIMES[len(runs)]}")
        lines += [f"{ORDINALS[index]} Board {_cards(run)}" for index, run in enumerate(runs)]
    elif hand.board:
        lines.append(f"Board {_cards(hand.board)}")
    lines += _seat_lines(hand, cash, shows, folded, cashed, small_seat)
    return lines


def _street(name: str, board, ordinal: str = "") -> str:
    at = BOARD_AT[name]
    cards = _cards(board[:3]) if name == "flop" else f"{_cards(board[:at - 1])} {_cards(board[at - 1:at])}"
    return f"*** {ordinal + ' ' if ordinal else ''}{name.upper()} *** {cards}"


def _action(action, following, hand: Hand, put: dict, cash, small_seat, live_small) -> tuple[str, int]:
    """The line of an action (without its « and is all-in ») and how many actions it says: a dead small blind and a
    big blind posted together are one line."""
    kind, amount = action.kind, action.amount
    if (kind == h.POST_DEAD and following is not None and following.player == action.player and not action.all_in
            and following.kind == h.POST_BIG_BLIND and following.street == action.street):
        return f"posts small & big blinds {cash(amount + following.amount)}", 2
    if kind == h.POST_DEAD and amount == hand.small_blind and (live_small or action.player != small_seat):
        return f"posts small blind {cash(amount)}", 1  # posted out of its seat: a dead small blind
    if kind in POSTED or kind in SAID:
        return (POSTED.get(kind) or SAID[kind]) + (f" {cash(amount)}" if kind not in (h.FOLD, h.CHECK) else ""), 1
    level = max(put.values(), default=0)
    to = put.get(action.player, 0) + amount
    return f"raises {cash(max(to - level, 0))} to {cash(to)}", 1


def _summary(hand: Hand, cash) -> list[str]:
    """« Total pot … | Rake … », the side pots after their rake, our drops and their share by pot when needed."""
    total = sum(pot.amount for pot in hand.pots)
    rake = sum(pot.rake for pot in hand.pots)
    line = f"Total pot {cash(total)}"
    if len(hand.pots) > 1:
        names = ["Main pot"] + (["Side pot"] if len(hand.pots) == 2 else [f"Side pot-{n}" for n in
                                                                           range(1, len(hand.pots))])
        line += " " + " ".join(f"{name} {cash(pot.amount - pot.rake - pot.progressive - pot.bad_beat)}."
                               for name, pot in zip(names, hand.pots, strict=True))
    line += f" | Rake {cash(rake)}"
    by_pot = []
    for name, field in (("Jackpot", "progressive"), ("Bad beat", "bad_beat")):
        values = [getattr(pot, field) for pot in hand.pots]
        if any(values):
            line += f" | {name} {cash(sum(values))}"
        if any(values[1:]):  # read as the main pot's unless said otherwise
            by_pot.append(f"{name} by pot: {' | '.join(cash(value) for value in values)}")
    return [line, *by_pot]


def _seat_lines(hand: Hand, cash, shows, folded, cashed, small_seat) -> list[str]:
    won: dict[str, int] = {}
    for pot in hand.pots:
        for player, amount in pot.wins:
            won[player] = won.get(player, 0) + amount
    big = next((a.player for a in hand.actions if a.kind == h.POST_BIG_BLIND), None)
    put = {a.player for a in hand.actions if a.amount and a.kind != h.POST_ANTE}
    found = []
    for seat in hand.seats:
        name = seat.player
        where = (" (button)" if seat.seat == hand.button else "") + (
            " (small blind)" if name == small_seat and any(
                a.kind == h.POST_SMALL_BLIND and a.player == name for a in hand.actions) else "") + (
            " (big blind)" if name == big else "")
        if name in folded:
            result = f"folded {STREET_NAMES[folded[name]]}" + ("" if name in put else " (didn't bet)")
        elif name in shows:
            cash_out = cashed.get(name)
            if cash_out is not None and cash_out.kept:
                result = (f"showed {_cards(shows[name])} and won ({cash(cash_out.kept)}) (pot not awarded as player "
                          "cashed out)")
            elif won.get(name):
                result = f"showed {_cards(shows[name])} and won ({cash(won[name])})"
            else:
                result = f"showed {_cards(shows[name])} and lost" + (" (cashed out)" if name in cashed else "")
        elif won.get(name):
            result = f"collected ({cash(won[name])})"
        else:
            result = "mucked" + (f" {_cards(seat.cards)}" if seat.cards else "")
        found.append(f"Seat {seat.seat}: {name}{where} {result}")
    return found
