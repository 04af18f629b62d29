"""PokerStars-style hand histories: text, one hand after another separated by blank lines, read line by line (a
file of any size in the memory of one hand). docs/poker-import.md lists every line read and our extensions.

Our reading:
- "raises €4 to €6" adds what takes the player to €6 on this street (6 minus what they already had in: blinds,
  option and bets, not antes nor dead blinds); "calls", "bets" and "posts" give what they add;
- "posts small & big blinds €3" is a dead small blind (€3 minus the big blind) then a live big blind; "posts
  straddle" (ours) is the option, "posts dead blind" (ours) a dead blind alone;
- "Uncalled bet (…) returned to …" is no action: games/poker/replay.py derives it;
- the pots come from the summary ("Total pot €X", or "Main pot €Y. Side pot-1 €Z."), what each player was paid
  from the "collected … from pot / main pot / side pot-N" lines; the rake, and our "| Jackpot €J" and
  "| Bad beat €B" (the drops), are declared for the whole deal: all of it is the main pot's unless a line "Rake by
  pot: €x | €y" (or "Jackpot by pot:", "Bad beat by pot:", ours) gives each pot's share;
- in Limit, the header's stakes are the small and the big bet: the big blind is the small bet, the small blind is
  what the first full "posts small blind" says (else half the big blind); our " - Small blind €x", " - Ante €x"
  and " - Cap €x" after the currency say the table's figures when the posts cannot;
- the header in every form the client writes (pokerstars_header.py): « Game # », « Hand # », « Zoom Hand # », the
  currency by its symbol when the header names none, a capped table; the time is the Eastern time in brackets,
  the first one checked against it (any zone the client prints), else the first one in its zone or `default_tz`;
- « *********** # N » separators, blanks at the ends of lines, chat and comings and goings, « No low hand
  qualified » are no part of a deal; a hand « cancelled » is passed over;
- boards run twice or three times (« *** FIRST FLOP *** », « *** SECOND SHOW DOWN *** »): Hand.runs, each board's
  « collected » lines DeclaredPot.boards; « X cashed out the hand for $A | Cash Out Fee $F »: Hand.cash_outs, with
  what the summary says the room kept (« pot not awarded as player cashed out »);
- side pots written after their rake (their sum and the levies make « Total pot »): Hand.after_rake, each pot's
  rake found by the replay; cards shown once the pot is collected are shown at the deal's end;
- a seat's cards are its "Dealt to" cards, or else those the player shows; seats "is sitting out" are not dealt in.

Form only: whether the actions make a legal deal is for games/poker/replay.py."""

import re
from datetime import UTC

from games.hands.cards import text
from games.poker import hand as h
from games.poker.formats import errors as e
from games.poker.formats.common import sink, text_lines
from games.poker.formats.pokerstars_parser import GAMES, LUXEMBOURG, SYMBOLS, TORONTO, VERSIONS, Parser
from games.poker.hand import STREETS, Action, Hand

SEPARATOR = re.compile(r"\*{3,} # \d+ \*{3,}")  # between the hands of a history the client was asked for
STARTS = ("PokerStars Hand #", "PokerStars Game #", "PokerStars Zoom Hand #")


def read(stream, default_tz=None, default_currency=None):
    """Yield each hand of the stream (binary or text), in order; raise errors.FormatError at the first hand that
    cannot be read, with its number, its ordinal, the line at fault and the field. A hand « cancelled » before it was
    dealt is no hand: it is passed over. `default_currency`: the dollar of a header that names no currency."""
    for hand, _line in read_placed(stream, default_tz, default_currency):
        yield hand


def read_placed(stream, default_tz=None, default_currency=None):
    """As read(), each hand with the line where it starts: (hand, line)."""
    block, start, ordinal, number, cache = [], 0, 0, 0, {}
    lines = text_lines(stream)
    while True:
        try:
            line = next(lines, None)
        except UnicodeDecodeError:
            raise e.Malformed("encoding", e.ENCODING).format_error(None, ordinal + 1, number + 1) from None
        number += 1
        if line is not None:
            line = line.rstrip()  # the client ends many lines with a blank
            if block and line.startswith(STARTS):  # a hand straight after another, no blank line between
                ordinal += 1
                hand = _read_hand(block, start, ordinal, default_tz, cache, default_currency)
                if hand is not None:
                    yield hand, start
                block = []
            if SEPARATOR.fullmatch(line):
                line = ""
        if line:
            if not block:
                start = number
            block.append(line)
        elif block:
            ordinal += 1
            hand = _read_hand(block, start, ordinal, default_tz, cache, default_currency)
            if hand is not None:
                yield hand, start
            block = []
        if line is None:
            return


def _read_hand(lines: list[str], start: int, ordinal: int, default_tz, cache: dict, default_currency=None) -> Hand:
    parser, line_number = Parser(default_tz, cache, default_currency), start
    try:
        for line in lines:
            parser.feed(line)
            line_number += 1
        line_number -= 1  # what hand() refuses is told at the hand's last line
        return parser.hand()
    except e.Malformed as bad:
        raise bad.format_error(parser.number, ordinal, bad.line or line_number) from None


# Writing: what read() reads back into the same Hand (the figures the lines cannot give are written in our
# extensions, only when needed), and otherwise as PokerStars writes it, so the demo's files look like a room's.
GAME_NAMES = {game: name for name, game in GAMES.items()}
VERSION_NAMES = {version: name for name, version in VERSIONS.items()}
POST_TEXT = {h.POST_SMALL_BLIND: "posts small blind", h.POST_BIG_BLIND: "posts big blind",
             h.POST_OPTION: "posts straddle", h.POST_ANTE: "posts the ante", h.POST_DEAD: "posts dead blind"}
VERB_TEXT = {h.FOLD: "folds", h.CHECK: "checks", h.CALL: "calls", h.BET: "bets"}
LIVE = {h.POST_SMALL_BLIND, h.POST_BIG_BLIND, h.POST_OPTION, h.CALL, h.BET, h.RAISE}
SECTION_LINES = {"flop": "*** FLOP ***", "turn": "*** TURN ***", "river": "*** RIVER ***"}


def write(hands, stream, lines=None) -> int:
    """Write the hands as PokerStars text to a binary or text stream; return how many were written. `lines`: how a
    hand is written, our form that reads back as the same Hand by default (pokerstars_writer.lines: the client's)."""
    out, count = sink(stream), 0
    for hand in hands:
        out("\n".join((lines or _lines)(hand)) + "\n\n\n")
        count += 1
    return count


def _money(symbol: str, cents: int) -> str:
    return f"{symbol}{cents // 100}" if cents % 100 == 0 else f"{symbol}{cents // 100}.{cents % 100:02d}"


def _cards(cards) -> str:
    return "[" + " ".join(text(card) for card in cards) + "]"


def stakes_and_figures(hand: Hand, money) -> tuple[tuple[int, int], list[str]]:
    """The header's stakes (in limit, the small and the big bet) and our figures that the lines cannot give: the small
    blind when its post does not say it, the ante when no post does."""
    small = hand.small_blind
    if hand.version == h.LIMIT:  # the stakes are the small and the big bet; the small blind is read from its post
        first = next((a for a in hand.actions if a.kind == h.POST_SMALL_BLIND and not a.all_in), None)
        stakes, small = (hand.big_blind, 2 * hand.big_blind), first.amount if first else hand.big_blind // 2
    else:
        stakes = (hand.small_blind, hand.big_blind)
    figures = [f"Small blind {money(hand.small_blind)}"] if small != hand.small_blind else []
    if hand.ante != max((a.amount for a in hand.actions if a.kind == h.POST_ANTE), default=0):
        figures.append(f"Ante {money(hand.ante)}")
    return stakes, figures


def _lines(hand: Hand) -> list[str]:
    symbol = SYMBOLS[hand.currency]

    def money(cents):
        return _money(symbol, cents)

    if not hand.pots or any(pot.number != index for index, pot in enumerate(hand.pots)):
        raise ValueError(f"hand {hand.number}: PokerStars text needs the pots, numbered 0, 1 …")
    stakes, figures = stakes_and_figures(hand, money)
    if hand.cap:
        figures.append(f"Cap {money(hand.cap)}")
    zone = hand.started_at.tzinfo if hand.started_at.tzinfo in (LUXEMBOURG, TORONTO) else UTC
    local, eastern = hand.started_at.astimezone(zone), hand.started_at.astimezone(TORONTO)
    lines = [f"PokerStars Hand #{hand.number}: {GAME_NAMES[hand.game]} {VERSION_NAMES[hand.version]} "
             f"({money(stakes[0])}/{money(stakes[1])} {' - '.join([hand.currency, *figures])}) - "
             f"{local:%Y/%m/%d %H:%M:%S} {local.tzname()} [{eastern:%Y/%m/%d %H:%M:%S} ET]",
             f"Table '{hand.table}' {max(9, *(seat.seat for seat in hand.seats))}-max Seat #{hand.button} is the "
             f"button"]
    lines += [f"Seat {seat.seat}: {seat.player} ({money(seat.stack)} in chips)" for seat in hand.seats]
    shows = {a.player: a.cards for a in hand.actions if a.kind == h.SHOW}
    dealt = [f"Dealt to {seat.player} {_cards(seat.cards)}" for seat in hand.seats
             if seat.cards and seat.cards != shows.get(seat.player)]  # shown cards are read as the seat's
    runs = [(street, [a for a in hand.actions if a.street == street]) for street in STREETS]
    if [a for _, run in runs for a in run] != list(hand.actions):
        raise ValueError(f"hand {hand.number}: its actions are not in street order")
    for street, run in runs:
        if street == "preflop":
            posts, put = next((i for i, a in enumerate(run) if a.kind not in POST_TEXT), len(run)), {}
            lines += [*_actions(run[:posts], hand.big_blind, money, put), "*** HOLE CARDS ***", *dealt]
            lines += _actions(run[posts:], hand.big_blind, money, put)
            continue
        if street in SECTION_LINES:
            before = {"flop": 0, "turn": 3, "river": 4}[street]
            if len(hand.board) <= before:
                if run:
                    raise ValueError(f"hand {hand.number}: {street} actions without the {street} card(s)")
                continue
            cards = _cards(hand.board[:3]) if street == "flop" else (
                f"{_cards(hand.board[:before])} {_cards(hand.board[before:before + 1])}")
            lines.append(f"{SECTION_LINES[street]} {cards}")
        elif run:
            lines.append("*** SHOW DOWN ***")
        lines += _actions(run, hand.big_blind, money, {})
    several = len(hand.pots) > 1
    for pot in hand.pots:
        where = "main pot" if several and not pot.number else f"side pot-{pot.number}" if several else "pot"
        lines += [f"{player} collected {money(won)} from {where}" for player, won in pot.wins]
    total = sum(pot.amount for pot in hand.pots)
    split = " " + " ".join(f"{'Main pot' if not pot.number else f'Side pot-{pot.number}'} {money(pot.amount)}."
                           for pot in hand.pots) if several else ""
    summary = f"Total pot {money(total)}{split} | Rake {money(sum(pot.rake for pot in hand.pots))}"
    by_pot = []
    for name, field in (("Jackpot", "progressive"), ("Bad beat", "bad_beat"), ("Rake", "rake")):
        values = [getattr(pot, field) for pot in hand.pots]
        if name != "Rake" and any(values):
            summary += f" | {name} {money(sum(values))}"
        if any(values[1:]):  # read as the main pot's unless said otherwise
            by_pot.append(f"{name} by pot: {' | '.join(money(value) for value in values)}")
    lines += ["*** SUMMARY ***", summary, *by_pot] + ([f"Board {_cards(hand.board)}"] if hand.board else [])
    won = {}
    for pot in hand.pots:
        for player, amount in pot.wins:
            won[player] = won.get(player, 0) + amount
    for seat in hand.seats:
        shown = f" showed {_cards(shows[seat.player])}" if seat.player in shows else ""
        result = (" and won" if shown else " collected") + f" ({money(won[seat.player])})" if won.get(
            seat.player) else " and lost" if shown else ""
        lines.append(f"Seat {seat.seat}: {seat.player}{' (button)' if seat.seat == hand.button else ''}{shown}{result}")
    return lines


def _actions(run: list[Action], big_blind: int, money, put: dict) -> list[str]:
    """The lines of one street's actions; `put` is what each player has in on the street (for "raises … to")."""
    lines, skip = [], False
    for index, action in enumerate(run):
        if skip:
            skip = False
            continue
        level = max(put.values(), default=0)
        kind, amount = action.kind, action.amount
        following = run[index + 1] if index + 1 < len(run) else None
        if (kind == h.POST_DEAD and not action.all_in and amount and following and following.player == action.player
                and following.kind == h.POST_BIG_BLIND and following.amount == big_blind):
            text, skip, action = f"posts small & big blinds {money(amount + big_blind)}", True, following
            amount, kind = following.amount, following.kind
        elif kind in POST_TEXT or kind in VERB_TEXT:
            text = POST_TEXT.get(kind) or VERB_TEXT[kind]
            text += f" {money(amount)}" if kind not in (h.FOLD, h.CHECK) else ""
        elif kind == h.RAISE:
            to = put.get(action.player, 0) + amount
            text = f"raises {money(max(to - level, 0))} to {money(to)}"  # only the "to" is read back
        elif kind == h.SHOW:
            text = f"shows {_cards(action.cards)}"
        else:
            text = f"mucks {_cards(action.cards)}" if action.cards else "mucks hand"
        if kind in LIVE:
            put[action.player] = put.get(action.player, 0) + amount
        lines.append(f"{action.player}: {text}{' and is all-in' if action.all_in else ''}")
    return lines
