"""The reading of one PokerStars hand, line by line (pokerstars.py splits the file into hands and documents our
reading): the format's vocabulary, shared with the writer, and the parser."""

import re
from datetime import datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

from games.poker import hand as h
from games.poker.formats import errors as e
from games.poker.formats.common import cards_of, check_dealt_once
from games.poker.hand import Action, DeclaredPot, Hand, Seat

GAMES = {"Hold'em": h.HOLDEM, "Omaha": h.OMAHA, "Omaha Hi/Lo": h.OMAHA_HILO}
VERSIONS = {"No Limit": h.NO_LIMIT, "Pot Limit": h.POT_LIMIT, "Limit": h.LIMIT}
SYMBOLS = {"EUR": "€", "CAD": "$", "USD": "$"}
LUXEMBOURG, TORONTO = ZoneInfo("Europe/Luxembourg"), ZoneInfo("America/Toronto")
ZONES = {"CET": (LUXEMBOURG, 1), "CEST": (LUXEMBOURG, 0), "ET": (TORONTO, 0), "EST": (TORONTO, 1),
         "EDT": (TORONTO, 0), "UTC": (ZoneInfo("UTC"), 0), "GMT": (ZoneInfo("UTC"), 0)}  # fold: the later or not
SECTIONS = {"HOLE CARDS": "preflop", "FLOP": "flop", "TURN": "turn", "RIVER": "river", "SHOW DOWN": "showdown",
            "SHOWDOWN": "showdown", "SUMMARY": "summary"}
ORDER = {street: index for index, street in enumerate(h.STREETS)}
BOARD_AT = {"flop": (0, 3), "turn": (3, 1), "river": (4, 1)}
VERBS = {"folds": h.FOLD, "checks": h.CHECK, "calls": h.CALL, "bets": h.BET, "raises": h.RAISE, "shows": h.SHOW,
         "mucks": h.MUCK}
POSTS = {"small blind": h.POST_SMALL_BLIND, "big blind": h.POST_BIG_BLIND, "the ante": h.POST_ANTE,
         "straddle": h.POST_OPTION, "dead blind": h.POST_DEAD, "small & big blinds": "both"}
LIVE = {h.POST_SMALL_BLIND, h.POST_BIG_BLIND, h.POST_OPTION, h.CALL, h.BET, h.RAISE}  # count towards "raises to"
IGNORED = {"doesn't show hand", "sits out", "is sitting out", "is back", "has returned", "has timed out"}
NOISE = re.compile(r"Uncalled bet \(.*|.+ (?:joins the table at seat #\d+|leaves the table|is (?:dis)?connected|has"
                   r" timed out.*|has returned|is sitting out|sits out|will be allowed to play after the button|was"
                   r" removed from the table.*|said, \".*)")  # chat and comings and goings: no part of the deal
HEADER = re.compile(r"PokerStars (?:Zoom )?Hand #([^:\s]+): +(Hold'em|Omaha Hi/Lo|Omaha) (No Limit|Pot Limit|Limit)"
                    r" \(([^)]*)\) - (\d{4})/(\d{2})/(\d{2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Z]+))?(?: \[.*\])?")
TABLE = re.compile(r"Table '(.*)' \d+-max(?: \([^)]*\))? Seat #(\d+) is the button")
SEAT = re.compile(r"Seat (\d+): (.+) \((\S+) in chips(?:, [^)]*)?\)(?: (is sitting out|out of hand.*))?")


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

    def __init__(self, default_tz, cache: dict):
        self.default_tz, self.number, self.cache = default_tz, None, cache
        self.table = self.button = None
        self.seats, self.sitting_out, self.dealt, self.shown = [], [], {}, {}
        self.actions, self.board, self.street, self.put = [], (), "preflop", {}
        self.totals, self.pots, self.by_pot, self.wins = None, [], {}, []
        self.feed = self._header

    def _header(self, line: str) -> None:
        found = HEADER.fullmatch(line)
        if not found:
            raise e.Malformed("header", e.MISSING_HEADER, value=line)
        self.number, game, version, stakes = found.group(1, 2, 3, 4)
        self.game, self.version = GAMES[game], VERSIONS[version]
        parts = stakes.split(" - ")
        blinds, _, self.currency = parts[0].rpartition(" ")
        if self.currency not in SYMBOLS:
            raise e.Malformed("currency", e.UNKNOWN_VALUE, value=self.currency, expected=", ".join(SYMBOLS))
        low, _, high = blinds.partition("/")
        self.stakes = (cents(low, "stakes"), cents(high, "stakes"))
        self.figures = {}
        for part in parts[1:]:
            what, _, amount = part.rpartition(" ")
            if what not in ("Cap", "Ante", "Small blind"):
                raise e.Malformed("header", e.UNKNOWN_VALUE, value=part, expected="Cap, Ante, Small blind")
            self.figures[what] = cents(amount, what.lower())
        zone = found.group(11)
        if zone is None and self.default_tz is None:
            raise e.Malformed("date", e.NO_ZONE)
        if zone is not None and zone not in ZONES:
            raise e.Malformed("date", e.UNKNOWN_ZONE, value=zone)
        tz, fold = ZONES[zone] if zone else (self.default_tz, 0)
        try:
            self.started_at = datetime(*map(int, found.group(5, 6, 7, 8, 9, 10)), tzinfo=tz, fold=fold)
        except ValueError:
            raise e.Malformed("date", e.BAD_DATE, value=line[found.start(5):found.end(10)]) from None
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
            self.wins.append((number, name, cents(amount, "collected")))
            return None
        if NOISE.fullmatch(line):
            return None
        if colon and any(line.startswith(name + ": ") for name in self.dealt):  # a name with ": " in it
            name = next(name for name in self.dealt if line.startswith(name + ": "))
            return self._action(name, line[len(name) + 2:])
        raise e.Malformed("line", e.UNREADABLE_LINE, value=line)

    def _section(self, line: str) -> None:
        name, _, cards = line[4:].partition(" ***")
        street = SECTIONS.get(name)
        if street == "summary":
            self.feed = self._summary
            return
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

    def _action(self, player: str, rest: str) -> None:
        """One action; the same line on the same street is the same Action, kept in the cache (but for a raise,
        which depends on what the player has in, and a dead and big blind posted together, which make two)."""
        action = self.cache.get((self.street, player, rest))
        if action is None:
            action, alone = self._new_action(player, rest)
            if action is None:
                return
            if alone and action.kind != h.RAISE and not action.cards:
                if len(self.cache) >= 4096:
                    self.cache.clear()
                self.cache[self.street, player, rest] = action
        if action.kind in LIVE:
            self.put[player] = self.put.get(player, 0) + action.amount
        self.actions.append(action)

    def _new_action(self, player: str, rest: str) -> tuple[Action | None, bool]:
        """The action the line says, and whether it is the line's only one."""
        all_in = rest.endswith(" and is all-in")
        if all_in:
            rest = rest[:-14]
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
        return Action(self.street, player, kind, amount, all_in, cards), True

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
            if sum(self.pots) != self.totals["pot"]:
                raise e.Malformed("total pot", e.POTS_TOTAL, total=total, pots=pots)
            for part in parts[1:]:
                what, _, amount = part.rpartition(" ")
                if what not in ("Rake", "Jackpot", "Bad beat"):
                    raise e.Malformed("total pot", e.UNKNOWN_VALUE, value=part, expected="Rake, Jackpot, Bad beat")
                self.totals[what] = cents(amount, what.lower())
        elif line.startswith(("Rake by pot: ", "Jackpot by pot: ", "Bad beat by pot: ")):
            what, _, values = line.partition(" by pot: ")
            self.by_pot[what] = [cents(value, what.lower()) for value in values.split(" | ")]
        elif not line.startswith(("Seat ", "Board ")):
            raise e.Malformed("summary", e.UNREADABLE_LINE, value=line)

    def hand(self) -> Hand:
        if self.feed in (self._header, self._table):
            raise e.Malformed("header" if self.feed == self._header else "table", e.MISSING_HEADER, value="")
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
        for number, _, _ in self.wins:
            if number >= len(self.pots):
                raise e.Malformed("collected", e.UNKNOWN_POT, value=number)
        pots = tuple(DeclaredPot(number, amount, share["Rake"][number], share["Jackpot"][number],
                                 share["Bad beat"][number], tuple((name, won) for n, name, won in self.wins
                                                                  if n == number))
                     for number, amount in enumerate(self.pots))
        check_dealt_once(self.board, {name: cards + self.shown.get(name, ()) for name, cards in self.dealt.items()},
                         "cards")
        seats = tuple(Seat(seat, name, stack, self.dealt[name] or tuple(dict.fromkeys(self.shown.get(name, ()))))
                      for seat, name, stack in sorted(self.seats))
        small, big = self.stakes
        if self.version == h.LIMIT:
            first = next((a for a in self.actions if a.kind == h.POST_SMALL_BLIND and not a.all_in), None)
            small, big = first.amount if first else small // 2, small
        small = self.figures.get("Small blind", small)
        antes = [a.amount for a in self.actions if a.kind == h.POST_ANTE]
        ante = self.figures.get("Ante", max(antes, default=0))
        extra = {"sitting_out": self.sitting_out} if self.sitting_out else {}
        return Hand(self.number, self.table, self.started_at, self.game, self.version, self.currency, small, big,
                    self.button, seats, tuple(self.actions), self.board, pots, ante, self.figures.get("Cap", 0),
                    extra)
