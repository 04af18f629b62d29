"""Open Hand History JSON (hh-specs.handhistory.org): each hand is an object {"ohh": {...}}; a file holds many, one
per line (what write() produces) or separated by any whitespace, or gathered in one JSON array. read() decodes the
file in chunks with json.JSONDecoder.raw_decode on a growing buffer, so a file of any size is read in bounded memory,
and yields each hand as a games.poker.hand.Hand.

Our reading of the format (docs/poker-import.md has the full table):
- an action's `amount` is what that action adds in front of the player (for a "Raise", the chips added, not the
  total raised to), as games.poker.hand counts it; "Straddle" and "Post Extra Blind" are the option (POST_OPTION);
  "Dealt Cards" gives a player's hole cards and is not an action;
- amounts are decimal numbers of the currency, parsed as Decimal from the file's own text (never through a float)
  and converted exactly to cents: a fraction of a cent, a negative amount or a non-number is refused;
- a pot's `amount` is before its rake and drops; its `jackpot` is the progressive jackpot's drop and `x_bad_beat`
  (our extension) the bad-beat jackpot's drop; `x_session` (ours) at the hand level is kept in Hand.extra;
- players marked `is_sitting_out` are not dealt in and are left out of the seats; a seat's cards are its hole cards
  as the file gives them (the player's `cards`, a "Dealt Cards"), or else those the player shows or mucks face up;
- actions are taken in the order of the file (rounds in order, actions in order), not re-sorted by action_number.

Form only: whether the actions make a legal deal is for games/poker/replay.py."""

import json
import re
from datetime import UTC, datetime
from decimal import Decimal
from operator import attrgetter, itemgetter

from games.hands.cards import DECK, text
from games.poker import hand as h
from games.poker.formats import errors as e
from games.poker.formats.common import cards_of, check_dealt_once, json_values, sink
from games.poker.hand import STREETS, Action, DeclaredPot, Hand, Seat

GAME_TYPES = {"Holdem": h.HOLDEM, "Omaha": h.OMAHA, "OmahaHiLo": h.OMAHA_HILO}
BET_TYPES = {"NL": h.NO_LIMIT, "PL": h.POT_LIMIT, "FL": h.LIMIT}
ROUND_STREETS = {"Preflop": "preflop", "Flop": "flop", "Turn": "turn", "River": "river", "Showdown": "showdown"}
DEALT = "dealt"  # "Dealt Cards": hole cards, not an action
ACTIONS = {"Post SB": h.POST_SMALL_BLIND, "Post BB": h.POST_BIG_BLIND, "Straddle": h.POST_OPTION,
           "Post Extra Blind": h.POST_OPTION, "Post Ante": h.POST_ANTE, "Post Dead": h.POST_DEAD, "Fold": h.FOLD,
           "Check": h.CHECK, "Call": h.CALL, "Bet": h.BET, "Raise": h.RAISE, "Shows Cards": h.SHOW,
           "Mucks Cards": h.MUCK, "Dealt Cards": DEALT}
ADDED = ("Added Chips",)  # the spec's action for chips bought during the deal
STREET_ORDER = {street: index for index, street in enumerate(STREETS)}
BOARD_AT = {"flop": (0, 3), "turn": (3, 1), "river": (4, 1)}  # board cards before the street, cards it deals
SPEC_VERSION = "1.4.7"

CHUNK = 1 << 16  # characters read at a time
MAX_HAND = 1 << 22  # a hand longer than this is refused rather than buffered without end
_decode = json.JSONDecoder(parse_float=Decimal, parse_constant=str).raw_decode  # NaN, Infinity: refused as text
_NUMBER = re.compile(r'"game_number"\s*:\s*"?([^",}\s]*)')
_IDS = (int, str)  # a player's id, as the file gives it
_SEAT_ORDER = attrgetter("seat")
_PLAYER = itemgetter("id", "seat", "name", "starting_stack")
CACHE_SIZE = 4096  # Actions remembered across hands (see _rounds): bounded, so memory stays flat


def read(stream, chunk_size: int = CHUNK):
    """Yield each hand of the stream (binary or text), in order; raise errors.FormatError at the first hand that
    cannot be read, naming its number when known, its ordinal and line, and the field."""
    for hand, _line in read_placed(stream, chunk_size):
        yield hand


def read_placed(stream, chunk_size: int = CHUNK):
    """As read(), each hand with the line where it starts: (hand, line), for an importer to name a deal it refuses
    afterwards (its replay, its session) by its line."""
    cache = {}
    for ordinal, line, value in json_values(stream, _decode, chunk_size, MAX_HAND, _NUMBER):
        try:
            yield _hand(value, cache), line
        except e.Malformed as bad:
            ohh = value.get("ohh") if type(value) is dict else None
            number = ohh.get("game_number") if type(ohh) is dict else None
            raise bad.format_error(None if number is None else str(number), ordinal, line) from None


def _exact(value) -> int | None:
    """The amount in cents, or None if it is not one (negative, a fraction of a cent, not a number): the hot path,
    with no field name to build; _cents says what is wrong."""
    kind = type(value)
    if kind is int:
        return value * 100 if value >= 0 else None
    if kind is Decimal:  # exactly the file's text (parse_float=Decimal): 25.5 is 51/2, hence 2550 cents
        numerator, denominator = value.as_integer_ratio()
        return numerator * (100 // denominator) if not 100 % denominator and numerator >= 0 else None
    return None


def _cents(value, field: str) -> int:
    cents = _exact(value)
    if cents is None:
        if value is None:
            raise e.Malformed(field, e.MISSING)
        if type(value) not in (int, Decimal):  # a string, a bool, NaN …
            raise e.Malformed(field, e.NOT_AN_AMOUNT, value=value)
        if value < 0:
            raise e.Malformed(field, e.NEGATIVE, value=value)
        raise e.Malformed(field, e.FRACTION_OF_CENT, value=value)
    return cents


def _field(ohh, key: str, kind: type, field: str | None = None):
    value = ohh.get(key) if type(ohh) is dict else None
    if type(value) is not kind:
        if value is None:
            raise e.Malformed(field or key, e.MISSING if type(ohh) is dict else e.NOT_AN_OBJECT)
        raise e.Malformed(field or key, e.WRONG_TYPE, expected=kind.__name__, value=value)
    return value


def _choice(ohh: dict, key: str, choices: dict, field: str | None = None) -> str:
    value = ohh.get(key)
    found = choices.get(value) if type(value) is str else None
    if found is None:
        if value is None:
            raise e.Malformed(field or key, e.MISSING)
        raise e.Malformed(field or key, e.UNKNOWN_VALUE, value=value, expected=", ".join(choices))
    return found


def _hand(value, cache: dict) -> Hand:
    ohh = value.get("ohh") if type(value) is dict else None
    if type(ohh) is not dict:
        raise e.Malformed("ohh", e.NOT_AN_OBJECT)
    number = ohh.get("game_number")
    if type(number) is int:
        number = str(number)
    elif type(number) is not str or not number:
        raise e.Malformed("game_number", e.MISSING if number is None else e.WRONG_TYPE, expected="str", value=number)
    try:
        started_at = datetime.fromisoformat(_field(ohh, "start_date_utc", str))
    except ValueError:
        raise e.Malformed("start_date_utc", e.BAD_DATE, value=ohh["start_date_utc"]) from None
    if started_at.tzinfo is None:  # the field says UTC; iPoker's own example writes it without a zone
        started_at = started_at.replace(tzinfo=UTC)
    limit = _field(ohh, "bet_limit", dict)
    seats, names, dealt = _seats(_field(ohh, "players", list))
    actions, board, shown = _rounds(_field(ohh, "rounds", list), names, dealt, cache)
    check_dealt_once(board, {player: cards + shown.get(player, ()) for player, cards in dealt.items()}, "cards")
    if shown:  # a seat's cards: its hole cards as the file gives them, or else those the player showed
        seats = [Seat(seat.seat, seat.player, seat.stack, shown[seat.player])
                 if not seat.cards and seat.player in shown else seat for seat in seats]
    pots = tuple([_pot(pot, f"pots[{index}]", names) for index, pot in enumerate(_field(ohh, "pots", list))])
    return Hand(number, _field(ohh, "table_name", str), started_at, _choice(ohh, "game_type", GAME_TYPES),
                _choice(limit, "bet_type", BET_TYPES, "bet_limit.bet_type"), _field(ohh, "currency", str),
                _cents(ohh.get("small_blind_amount"), "small_blind_amount"),
                _cents(ohh.get("big_blind_amount"), "big_blind_amount"), _field(ohh, "dealer_seat", int),
                tuple(sorted(seats, key=_SEAT_ORDER)), actions, board, pots,
                _cents(ohh.get("ante_amount") or 0, "ante_amount"),
                _cents(limit.get("bet_cap") or 0, "bet_limit.bet_cap"),
                {key: ohh[key] for key in ("x_session", "site_name") if key in ohh})


def _seats(players: list) -> tuple[list[Seat], dict, dict]:
    """The seats dealt in, the players' names by their id, and each one's hole cards when the file gives them (here
    or by a "Dealt Cards" action). The checks that pass are made inline; _player_problem says which one failed."""
    seats, names, dealt, taken = [], {}, {}, set()
    for index, player in enumerate(players):
        try:
            if player.get("is_sitting_out") is True:
                continue
            key, seat, name, stack = _PLAYER(player)
            fine = (type(seat) is int and 0 < seat <= 10 and type(name) is str and name != "" and type(key) in _IDS
                    and key not in names and name not in dealt and seat not in taken)
        except (AttributeError, KeyError, TypeError):
            fine = False
        if not fine:
            raise _player_problem(player, f"players[{index}]", names, dealt, taken)
        stack = _exact(stack)
        if stack is None:
            _cents(player["starting_stack"], f"players[{index}].starting_stack")
        cards = player.get("cards")
        cards = cards_of(cards, f"players[{index}].cards") if cards else ()
        seats.append(Seat(seat, name, stack, cards))
        names[key], dealt[name] = name, cards
        taken.add(seat)
    if not seats:
        raise e.Malformed("players", e.NO_PLAYERS)
    return seats, names, dealt


def _player_problem(player, field: str, names: dict, dealt: dict, taken: set) -> e.Malformed:
    if type(player) is not dict:
        return e.Malformed(field, e.WRONG_TYPE, expected="object", value=player)
    for key, kind in (("id", None), ("seat", int), ("name", str), ("starting_stack", None)):
        if player.get(key) is None or player[key] == "":
            return e.Malformed(f"{field}.{key}", e.MISSING)
        if kind and type(player[key]) is not kind or key == "id" and type(player[key]) not in _IDS:
            return e.Malformed(f"{field}.{key}", e.WRONG_TYPE, expected=kind and kind.__name__ or "id",
                               value=player[key])
    if not 0 < player["seat"] <= 10:
        return e.Malformed(field + ".seat", e.BAD_SEAT, value=player["seat"])
    which = "id" if player["id"] in names else "name" if player["name"] in dealt else "seat"
    return e.Malformed(f"{field}.{which}", e.DUPLICATE, value=player[which])


def _rounds(rounds: list, names: dict, dealt: dict, cache: dict) -> tuple[tuple[Action, ...], tuple[int, ...], dict]:
    """The actions, the board, and the cards each player showed. The hot path: an action seen before (same street,
    player, action, amount, all-in, and no cards) is the same immutable Action, found in `cache` rather than built
    and checked again; any other goes through _move, which checks it and fills the cache."""
    actions, board, last, shown = [], (), -1, {}
    append, cached = actions.append, cache.get
    for round_index, round_ in enumerate(rounds):
        field = f"rounds[{round_index}]"
        if type(round_) is not dict:
            raise e.Malformed(field, e.WRONG_TYPE, expected="object", value=round_)
        street = _choice(round_, "street", ROUND_STREETS, field + ".street")
        if STREET_ORDER[street] <= last:
            raise e.Malformed(field + ".street", e.STREET_ORDER, value=round_["street"], after=STREETS[last])
        last = STREET_ORDER[street]
        if round_.get("cards"):
            cards = cards_of(round_["cards"], field + ".cards")
            before, count = BOARD_AT.get(street, (None, 0))
            if len(board) != before or len(cards) != count:
                raise e.Malformed(field + ".cards", e.BOARD_CARDS, street=street, count=len(cards), expected=count)
            board += cards
        moves = round_.get("actions") or ()
        if type(moves) is not list and moves != ():
            raise e.Malformed(field + ".actions", e.WRONG_TYPE, expected="list", value=moves)
        for index, move in enumerate(moves):
            try:
                amount, all_in = move.get("amount", 0), move.get("is_allin", False)
                action = cached((street, names[move["player_id"]], move["action"], amount, amount.__class__, all_in,
                                 all_in.__class__))
            except (AttributeError, KeyError, TypeError):  # not an object, an unknown player, an unhashable value
                action = None
            if action is None or "cards" in move:
                action = _move(street, move, (field, index), names, dealt, shown, cache)
                if action is None:
                    continue
            append(action)
    return tuple(actions), board, shown


def _move(street: str, move, where: tuple[str, int], names: dict, dealt: dict, shown: dict,
          cache: dict) -> Action | None:
    """An action met for the first time (or one with cards): checked, built, and remembered in the cache."""
    field = f"{where[0]}.actions[{where[1]}]"
    if type(move) is not dict:
        raise e.Malformed(field, e.WRONG_TYPE, expected="object", value=move)
    name = move.get("action")
    kind = ACTIONS.get(name) if type(name) is str else None
    if name in ADDED:  # a buy-in during the deal: no text allows it (the importer cites its casino's)
        raise e.Malformed(field + ".action", e.CHIPS_ADDED, value=name)
    if kind is None:
        raise e.Malformed(field + ".action", e.MISSING if name is None else e.UNKNOWN_ACTION, value=name)
    key = move.get("player_id")
    player = names.get(key) if type(key) in _IDS else None
    if player is None:
        raise e.Malformed(field + ".player_id", e.MISSING if key is None else e.UNKNOWN_PLAYER, value=key)
    amount, all_in = move.get("amount", 0), move.get("is_allin", False)
    cents = 0 if amount is None else _cents(amount, field + ".amount")
    if type(all_in) is not bool and all_in is not None:
        raise e.Malformed(field + ".is_allin", e.WRONG_TYPE, expected="bool", value=all_in)
    cards = move.get("cards")
    cards = cards_of(cards, field + ".cards") if cards else ()
    if kind == DEALT:
        if cards and dealt[player] and dealt[player] != cards:
            raise e.Malformed(field + ".cards", e.CARDS_DIFFER, value=player)
        dealt[player] = cards or dealt[player]
        return None
    action = Action(street, player, kind, cents, all_in is True, cards)
    if cards:
        shown[player] = shown.get(player, ()) + tuple(card for card in cards if card not in shown.get(player, ()))
    elif "cards" not in move:
        if len(cache) >= CACHE_SIZE:
            cache.clear()
        cache[street, player, name, amount, amount.__class__, all_in, all_in.__class__] = action
    return action


def _pot(pot, field: str, names: dict) -> DeclaredPot:
    wins = []
    for index, win in enumerate(_field(pot, "player_wins", list, field + ".player_wins")):
        where = f"{field}.player_wins[{index}]"
        player = win.get("player_id") if type(win) is dict else None
        if type(player) not in _IDS or player not in names:
            raise e.Malformed(where + ".player_id", e.UNKNOWN_PLAYER, value=player)
        wins.append((names[player], _cents(win.get("win_amount"), where + ".win_amount")))
    number = _field(pot, "number", int, field + ".number")
    if number < 0:
        raise e.Malformed(field + ".number", e.NEGATIVE, value=number)
    return DeclaredPot(number, _cents(pot.get("amount"), field + ".amount"),
                       _cents(pot.get("rake") or 0, field + ".rake"),
                       _cents(pot.get("jackpot") or 0, field + ".jackpot"),
                       _cents(pot.get("x_bad_beat") or 0, field + ".x_bad_beat"), tuple(wins))


# Writing: one hand per line, amounts as JSON numbers of the currency (an int when whole, else the float whose
# shortest repr is the two-decimal text: exact for any amount below 10^15 cents, and read back through Decimal).
GAME_NAMES = {game: name for name, game in GAME_TYPES.items()}
BET_NAMES = {version: name for name, version in BET_TYPES.items()}
STREET_NAMES = {street: name for name, street in ROUND_STREETS.items()}
ACTION_NAMES = {kind: name for name, kind in ACTIONS.items() if name not in ("Post Extra Blind", "Dealt Cards")}
CARD_NAMES = {card: text(card) for card in DECK}
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def _amount(cents: int) -> int | float:
    if not 0 <= cents < 10**15:
        raise ValueError(f"amount out of range: {cents}")
    return cents // 100 if cents % 100 == 0 else cents / 100


def write(hands, stream) -> int:
    """Write the hands as OHH, one per line, to a binary or text stream; return how many were written."""
    out, count = sink(stream), 0
    for hand in hands:
        out(_encode(document(hand)) + "\n")
        count += 1
    return count


def document(hand: Hand) -> dict:
    """The {"ohh": …} object of one hand."""
    ids = {seat.player: index for index, seat in enumerate(hand.seats, 1)}
    players = [{"id": ids[seat.player], "seat": seat.seat, "name": seat.player,
                "starting_stack": _amount(seat.stack)} | ({"cards": _card_names(seat.cards)} if seat.cards else {})
               for seat in hand.seats]
    by_street: dict[str, list[Action]] = {}
    for action in hand.actions:
        if action.street in by_street and next(reversed(by_street)) != action.street:
            raise ValueError(f"hand {hand.number}: the {action.street} actions are not together")
        by_street.setdefault(action.street, []).append(action)
    rounds, number = [], 0
    for index, street in enumerate(STREETS):
        before, count = BOARD_AT.get(street, (0, 0))
        cards = hand.board[before:before + count] if count and len(hand.board) > before else ()
        if street not in by_street and not cards and street != "preflop":
            continue
        moves = []
        for action in by_street.get(street, ()):
            number += 1
            move = {"action_number": number, "player_id": ids[action.player], "action": ACTION_NAMES[action.kind]}
            if action.amount:  # "amount", "is_allin" and a round's "cards" are optional: left out when nil
                move["amount"] = _amount(action.amount)
            if action.all_in:
                move["is_allin"] = True
            if action.cards:
                move["cards"] = _card_names(action.cards)
            moves.append(move)
        rounds.append({"id": index, "street": STREET_NAMES[street]} | ({"cards": _card_names(cards)} if cards else {})
                      | {"actions": moves})
    pots = [{"number": pot.number, "amount": _amount(pot.amount), "rake": _amount(pot.rake),
             "jackpot": _amount(pot.progressive)} | ({"x_bad_beat": _amount(pot.bad_beat)} if pot.bad_beat else {})
            | {"player_wins": [{"player_id": ids[player], "win_amount": _amount(won)} for player, won in pot.wins]}
            for pot in hand.pots]
    ohh = {"spec_version": SPEC_VERSION, "site_name": hand.extra.get("site_name", "Vigie"),
           "game_number": hand.number,
           "start_date_utc": hand.started_at.astimezone(UTC).isoformat().replace("+00:00", "Z"),
           "table_name": hand.table, "game_type": GAME_NAMES[hand.game],
           "bet_limit": {"bet_type": BET_NAMES[hand.version], "bet_cap": _amount(hand.cap)},
           "currency": hand.currency, "dealer_seat": hand.button, "small_blind_amount": _amount(hand.small_blind),
           "big_blind_amount": _amount(hand.big_blind), "ante_amount": _amount(hand.ante), "players": players,
           "rounds": rounds, "pots": pots}
    if "x_session" in hand.extra:
        ohh["x_session"] = hand.extra["x_session"]
    return {"ohh": ohh}


def _card_names(cards) -> list[str]:
    return [CARD_NAMES[card] for card in cards]
