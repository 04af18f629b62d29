"""The reading of one PokerStars hand, line by line (pokerstars.py splits the file into hands and documents our
reading): the format's vocabulary, shared with the writer, and the parser."""

import re
from functools import lru_cache

from games.poker import hand as h
from games.poker.formats import errors as e
from games.poker.formats.common import cards_of, check_dealt_once
from games.poker.formats.pokerstars_header import GAMES, HEADER, LUXEMBOURG, SYMBOLS, TORONTO, VERSIONS, read_header
from games.poker.hand import Action, CashOut, DeclaredPot, Hand, Seat

__all__ = ["GAMES", "LUXEMBOURG", "SYMBOLS", "TORONTO", "VERSIONS", "Parser", "cents"]
SECTIONS = {"HOLE CARDS": "preflop", "FLOP": "flop", "TURN": "turn", "RIVER": "river", "SHOW DOWN": "showdown",
            "SHOWDOWN": "showdown", "SUMMARY": "summary"}
RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}  # the boards of a deal run more than once
HOLE = {h.HOLDEM: 2, h.OMAHA: 4, h.OMAHA_HILO: 4}
ORDER = {street: index for index, street in enumerate(h.STREETS)}
BOARD_AT = {"flop": (0, 3), "turn": (3, 1), "river": (4, 1)}
VERBS = {"folds": h.FOLD, "checks": h.CHECK, "calls": h.CALL, "bets": h.BET, "raises": h.RAISE, "shows": h.SHOW,
         "mucks": h.MUCK}
POSTS = {"small blind": h.POST_SMALL_BLIND, "big blind": h.POST_BIG_BLIND, "the ante": h.POST_ANTE,
         "straddle": h.POST_OPTION, "dead blind": h.POST_DEAD, "small & big blinds": "both"}
LIVE = {h.POST_SMALL_BLIND, h.POST_BIG_BLIND, h.POST_OPTION, h.CALL, h.BET, h.RAISE}  # count towards "raises to"
IGNORED = {"doesn't show hand", "sits out", "is sitting out", "is back", "has returned", "has timed out"}
NOISE = re.compile(r"Uncalled bet \(.*|No low hand qualified|.+ (?:joins the table at seat #\d+|leaves the table|is "
                   r"(?:dis)?connected|has reconnected|has timed out.*|has returned|is sitting out|sits out|will be "
                   r"allowed to play after the button|was removed from the table.*|is feeling \w+|said, \".*)")
# chat, comings and goings, and what the deal itself says otherwise: no part of it
CASH_OUT = re.compile(r"(.+) cashed out the hand for (\S+) \| Cash Out Fee (\S+)")
CAPPED = re.compile(r" and has reached the \S+ cap$")
TABLE = re.compile(r"Table '(.*)' \d+-max(?: \([^)]*\))? Seat #(\d+) is the button")
SEAT = re.compile(r"Seat (\d+): (.+) \((\S+) in chips(?:, [^)]*)?\)(?: (is sitting out|out of hand.*))?")
KEPT = " (pot not awarded as player cashed out)"  # a summary's seat whose winnings the room kept
WON = re.compile(r" and won \((\S+)\)")


@lru_cache(maxsize=4096)  # the same few amounts come back line after line
def _amount(text: str) -> int | None:
    digits = text.lstrip("€$£").replace(",", "")
    whole, _, fraction = digits.partition(".")
    if whole.isdigit() and whole.isascii() and len(fraction) <= 2 and (fraction == "" or fraction.isdigit()
                                                                         and fraction.isascii()):
        return int(whole) * 100 + int(fraction.ljust(2, "0"))
    return None


def cents(text: str, field: str) -> int:
    """"€1,234.50" → 123450: an optional currency symbol, thousands commas, at most two decimals."""
    amount = _amount(text)
    if amount is None:
        digits = text.lstrip("€$£").replace(",", "")
        whole, _, fraction = digits.partition(".")
        if len(fraction) > 2 and whole.isdigit() and fraction.isdigit():
            raise e.Malformed(field, e.FRACTION_OF_CENT, value=text)
        raise e.Malformed(field, e.NEGATIVE if digits.startswith("-") else e.NOT_AN_AMOUNT, value=text)
    return amount


def _bracketed(text: str, field: str) -> tuple[int, ...]:
    if not (text.startswith("[") and "]" in text):
        raise e.Malformed(field, e.BAD_CARD, value=text)
    return cards_of(text[1:text.index("]")], field)


class Parser:
    """One hand's lines, fed in order; `hand()` once they are all in."""

    def __init__(self, default_tz, cache: dict, default_currency: str | None = None):
        self.default_tz, self.default_currency, self.number, self.cache = default_tz, default_currency, None, cache
        self.table = self.button = None
        self.seats, self.sitting_out, self.dealt, self.shown = [], [], {}, {}
        self.actions, self.board, self.street, self.put = [], (), "preflop", {}
        self.totals, self.pots, self.by_pot, self.wins = None, [], {}, []
        self.boards: list[tuple[int, ...]] = []  # run more than once: each board, the first one self.board
        self.run, self.cash_outs, self.kept, self.after_rake, self.cancelled = 0, {}, {}, False, False
        self.common: tuple[int, ...] = ()
        self.feed = self._header

    def _header(self, line: str) -> None:
        found = HEADER.fullmatch(line)
        self.number = found and found.group(1)  # a refusal of the header names the hand when it can
        header = read_header(found, line, self.default_tz, self.default_currency, cents)
        self.number, self.game, self.version, self.currency = header[:4]
        self.stakes, self.figures, self.started_at = header.stakes, header.figures, header.started_at
        self.feed = self._table

    def _table(self, line: str) -> None:
        found = TABLE.fullmatch(line)
        if not found:
            raise e.Malformed("table", e.UNREADABLE_LINE, value=line)
        self.table, self.button = found.group(1), int(found.group(2))
        self.feed = self._seat

    def _seat(self, line: str) -> None:
        if not line.startswith("Seat "):
            self.feed = self._play
            return self._play(line)
        found = SEAT.fullmatch(line)
        if not found:
            raise e.Malformed("seat", e.UNREADABLE_LINE, value=line)
        seat, name = int(found.group(1)), found.group(2)
        if found.group(4):  # "is sitting out", "out of hand (…)": not dealt in
            self.sitting_out.append(name)
            return None
        if not 1 <= seat <= 10:
            raise e.Malformed("seat", e.BAD_SEAT, value=seat)
        if name in self.dealt or any(other[0] == seat for other in self.seats):
            raise e.Malformed("seat", e.DUPLICATE, value=name if name in self.dealt else seat)
        self.seats.append((seat, name, cents(found.group(3), "stack")))
        self.dealt[name] = ()
        return None

    def _play(self, line: str) -> None:
        head, colon, rest = line.partition(": ")
        if colon and head in self.dealt:
            return self._action(head, rest)
        if line.startswith("*** "):
            return self._section(line)
        if line.startswith("Dealt to "):
            name, _, cards = line[9:].rpartition(" [")
            if name not in self.dealt:
                raise e.Malformed("player", e.UNKNOWN_PLAYER, value=name)
            cards = _bracketed("[" + cards, "cards")
            if self.dealt[name] and self.dealt[name] != cards:
                raise e.Malformed("cards", e.CARDS_DIFFER, value=name)
            self.dealt[name] = cards
            return None
        if " collected " in line:
            name, _, rest = line.rpartition(" collected ")
            amount, _, pot = rest.partition(" from ")
            if name not in self.dealt:
                raise e.Malformed("player", e.UNKNOWN_PLAYER, value=name)
            number = {"pot": 0, "main pot": 0, "side pot": 1}.get(pot)
            if number is None and pot.startswith("side pot-") and pot[9:].isdigit():
                number = int(pot[9:])
            if number is None:
                raise e.Malformed("collected", e.UNKNOWN_POT, value=pot)
            self.wins.append((number, name, cents(amount, "collected"), self.run))
            return None
        if NOISE.fullmatch(line):
            return None
        cashed = CASH_OUT.fullmatch(line)
        if cashed and cashed.group(1) in self.dealt:
            self.cash_outs[cashed.group(1)] = (cents(cashed.group(2), "cash out"), cents(cashed.group(3), "cash out"))
            return None
        if line == "Hand cancelled":  # no deal: nothing was played, nothing is read
            self.cancelled = True
            return None
        if colon and any(line.startswith(name + ": ") for name in self.dealt):  # a name with ": " in it
            name = next(name for name in self.dealt if line.startswith(name + ": "))
            return self._action(name, line[len(name) + 2:])
        raise e.Malformed("line", e.UNREADABLE_LINE, value=line)

    def _section(self, line: str) -> None:
        name, _, cards = line[4:].partition(" ***")
        ordinal, _, rest = name.partition(" ")
        if ordinal in RUNS and rest in SECTIONS:
            return self._run(RUNS[ordinal], SECTIONS[rest], cards, line)
        street = SECTIONS.get(name)
        if street == "summary":
            self.feed = self._summary
            return None
        if street is None or ORDER[street] < ORDER[self.street] or street == self.street != "preflop":
            raise e.Malformed("section", e.UNREADABLE_LINE, value=line)
        if street in BOARD_AT:
            before, count = BOARD_AT[street]
            cards = cards.strip()  # "[Ah Kd 2c]"; on the turn and the river, "[Ah Kd 2c] [7s]": the new card last
            dealt = _bracketed(cards[cards.rfind("["):] if street != "flop" else cards, "board")
            if len(self.board) != before or len(dealt) != count:
                raise e.Malformed("board", e.BOARD_CARDS, street=street, count=len(dealt), expected=count)
            self.board += dealt
        if street != self.street:
            self.street, self.put = street, {}
        return None

    def _run(self, run: int, street: str, cards: str, line: str) -> None:
        """« *** SECOND TURN *** [Js 9h Jh] [5h] »: a card of the second board; « *** FIRST SHOW DOWN *** »: the
        showdown of the first, whose « collected » lines are its wins."""
        if street == "showdown":
            self.street, self.run = street, run
            return
        if street not in BOARD_AT or run > len(self.boards) or self.street == "showdown":
            raise e.Malformed("section", e.UNREADABLE_LINE, value=line)
        if not self.boards:  # the cards dealt before the run are every board's
            self.common = self.board
            self.boards.append(self.board)
        if run == len(self.boards):
            self.boards.append(self.common)
        before, count = BOARD_AT[street]
        cards = cards.strip()
        dealt = _bracketed(cards[cards.rfind("["):] if street != "flop" else cards, "board")
        if len(self.boards[run]) != before or len(dealt) != count:
            raise e.Malformed("board", e.BOARD_CARDS, street=street, count=len(dealt), expected=count)
        self.boards[run] += dealt
        if run == 0:
            self.board = self.boards[0]

    def _action(self, player: str, rest: str) -> None:
        """One action; the same line on the same street is the same Action, kept in the cache (but for a raise,
        which depends on what the player has in, and a dead and big blind posted together, which make two)."""
        action = self.cache.get((self.street, player, rest))
        if action is None:
            action, alone = self._new_action(player, rest)
            if action is None:
                return
            if alone and action.kind not in (h.RAISE, h.SHOW, h.MUCK):  # a show's street is the deal's, not the line's
                if len(self.cache) >= 4096:
                    self.cache.clear()
                self.cache[self.street, player, rest] = action
        if action.kind in LIVE:
            self.put[player] = self.put.get(player, 0) + action.amount
        elif self.run and action.kind in (h.SHOW, h.MUCK) and any(
                a.player == player and a.kind == action.kind for a in self.actions if a.street == "showdown"):
            return  # the same cards shown again at the second board's showdown
        self.actions.append(action)

    def _new_action(self, player: str, rest: str) -> tuple[Action | None, bool]:
        """The action the line says, and whether it is the line's only one."""
        capped = CAPPED.search(rest)  # a capped table: the player can put in no more, as if all-in
        all_in = capped is not None or rest.endswith(" and is all-in")
        if all_in:
            rest = rest[:capped.start()] if capped else rest[:-14]
        verb, _, argument = rest.partition(" ")
        kind = VERBS.get(verb)
        amount, cards = 0, ()
        if verb == "posts":
            what, _, text = argument.rpartition(" ")
            kind = POSTS.get(what)
            if kind is None:
                raise e.Malformed("action", e.UNKNOWN_ACTION, value=rest)
            amount = cents(text, "amount")
            if kind == "both":  # the small blind dead, the big blind live
                big = min(amount, self.stakes[0] if self.version == h.LIMIT else self.stakes[1])
                if amount > big:
                    self.actions.append(Action(self.street, player, h.POST_DEAD, amount - big))
                return Action(self.street, player, h.POST_BIG_BLIND, big, all_in), False
        elif kind in (h.CALL, h.BET):
            amount = cents(argument, "amount")
        elif kind == h.RAISE:
            by, to, target = argument.partition(" to ")
            cents(by, "amount")
            if not to:
                raise e.Malformed("action", e.UNKNOWN_ACTION, value=rest)
            amount = cents(target, "amount") - self.put.get(player, 0)
            if amount < 0:
                raise e.Malformed("amount", e.NEGATIVE, value=amount)
        elif kind in (h.SHOW, h.MUCK):
            if argument != "hand" or kind == h.SHOW:
                cards = _bracketed(argument, "cards")
                self.shown[player] = self.shown.get(player, ()) + cards
        elif kind is None or argument and (kind != h.FOLD or not argument.startswith("[")):  # "folds [7c 2d]"
            if rest in IGNORED:
                return None, False
            raise e.Malformed("action", e.UNKNOWN_ACTION, value=rest)
        # cards shown once the pot is collected, everyone else having folded, are shown at the deal's end all the same
        street = "showdown" if kind in (h.SHOW, h.MUCK) and self.wins else self.street
        return Action(street, player, kind, amount, all_in, cards), True

    def _summary(self, line: str) -> None:
        if line.startswith("Total pot "):
            parts = line.split(" | ")
            total, _, pots = parts[0][10:].partition(" ")
            self.totals = {"pot": cents(total, "total pot")}
            self.pots = [self.totals["pot"]]
            if pots:  # "Main pot €60. Side pot-1 €27.50. Side pot-2 €10."
                self.pots = []
                for item in pots.rstrip(".").split(". "):
                    label, _, amount = item.rpartition(" ")
                    if label != ("Main pot" if not self.pots else f"Side pot-{len(self.pots)}") and (
                            label != "Side pot" or len(self.pots) != 1):
                        raise e.Malformed("total pot", e.UNKNOWN_POT, value=label)
                    self.pots.append(cents(amount, "pots"))
            for part in parts[1:]:
                what, _, amount = part.rpartition(" ")
                if what not in ("Rake", "Jackpot", "Bad beat"):
                    raise e.Malformed("total pot", e.UNKNOWN_VALUE, value=part, expected="Rake, Jackpot, Bad beat")
                self.totals[what] = cents(amount, what.lower())
            if sum(self.pots) != self.totals["pot"]:  # the rooms write the side pots after their rake and drops
                levied = sum(self.totals.get(what, 0) for what in ("Rake", "Jackpot", "Bad beat"))
                if len(self.pots) < 2 or sum(self.pots) + levied != self.totals["pot"]:
                    raise e.Malformed("total pot", e.POTS_TOTAL, total=total, pots=pots)
                self.after_rake = True
        elif line.startswith(("Rake by pot: ", "Jackpot by pot: ", "Bad beat by pot: ")):
            what, _, values = line.partition(" by pot: ")
            self.by_pot[what] = [cents(value, what.lower()) for value in values.split(" | ")]
        elif line.startswith("Seat "):
            if line.endswith(KEPT):  # what the cards gave a player who cashed out, the room's
                number, _, rest = line[5:].partition(": ")
                name = next((name for seat, name, _ in self.seats if str(seat) == number and rest.startswith(name)),
                            None)
                if name is None:
                    raise e.Malformed("summary", e.UNREADABLE_LINE, value=line)
                self.kept[name] = sum(cents(won, "won") for won in WON.findall(rest))
        elif not (line.startswith("Board ") or line.startswith("Hand was run ") or line.partition(" ")[0] in RUNS
                  and line.partition(" ")[2].startswith("Board [")):
            raise e.Malformed("summary", e.UNREADABLE_LINE, value=line)

    def hand(self) -> Hand | None:
        """The hand read, or None when it was cancelled before it was dealt (« Hand cancelled »)."""
        if self.feed in (self._header, self._table):
            raise e.Malformed("header" if self.feed == self._header else "table", e.MISSING_HEADER, value="")
        if self.cancelled:
            return None
        if self.totals is None:
            raise e.Malformed("summary", e.MISSING_SUMMARY)
        if not self.seats:
            raise e.Malformed("seat", e.NO_PLAYERS)
        share = {}
        for what in ("Rake", "Jackpot", "Bad beat"):
            total = self.totals.get(what, 0)
            values = self.by_pot.get(what, [total] + [0] * (len(self.pots) - 1))
            if len(values) != len(self.pots) or sum(values) != total:
                raise e.Malformed(what.lower(), e.BY_POT, count=len(values), pots=len(self.pots), total=total)
            share[what] = values
        for number, _, _, _ in self.wins:
            if number >= len(self.pots):
                raise e.Malformed("collected", e.UNKNOWN_POT, value=number)
        for name in self.kept:
            if name not in self.cash_outs:
                raise e.Malformed("summary", e.UNKNOWN_PLAYER, value=name)
        pots = tuple(DeclaredPot(number, amount, share["Rake"][number], share["Jackpot"][number],
                                 share["Bad beat"][number], *self._wins(number))
                     for number, amount in enumerate(self.pots))
        own = [card for board in self.boards[1:] for card in board[len(self.common):]]
        check_dealt_once(self.board + tuple(own), {name: cards + self.shown.get(name, ())
                                                  for name, cards in self.dealt.items()}, "cards")
        hole = HOLE[self.game]
        seats = tuple(Seat(seat, name, stack, self.dealt[name] or (
            shown if len(shown := tuple(dict.fromkeys(self.shown.get(name, ())))) == hole else ()))
                      for seat, name, stack in sorted(self.seats))
        small, big = self.stakes
        if self.version == h.LIMIT:
            first = next((a for a in self.actions if a.kind == h.POST_SMALL_BLIND and not a.all_in), None)
            small, big = first.amount if first else small // 2, small
        small = self.figures.get("Small blind", small)
        antes = [a.amount for a in self.actions if a.kind == h.POST_ANTE]
        ante = self.figures.get("Ante", max(antes, default=0))
        extra = {"sitting_out": self.sitting_out} if self.sitting_out else {}
        cash_outs = tuple(CashOut(name, paid, fee, self.kept.get(name, 0))
                          for name, (paid, fee) in self.cash_outs.items())
        return Hand(self.number, self.table, self.started_at, self.game, self.version, self.currency, small, big,
                    self.button, seats, tuple(self.actions), self.board, pots, ante, self.figures.get("Cap", 0),
                    extra, tuple(self.boards[1:]), cash_outs, self.after_rake)

    def _wins(self, number: int) -> tuple[tuple, tuple]:
        """A pot's wins, and each board's when the deal was run more than once (the wins then their sum)."""
        if not self.boards:
            return tuple((name, won) for n, name, won, _ in self.wins if n == number), ()
        boards = tuple(tuple((name, won) for n, name, won, run in self.wins if n == number and run == index)
                       for index in range(len(self.boards)))
        summed: dict[str, int] = {}
        for board in boards:
            for name, won in board:
                summed[name] = summed.get(name, 0) + won
        return tuple(summed.items()), boards
