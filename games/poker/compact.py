"""A deal as the registers keep it: a small JSON of lists (a deal of nine players takes some 700 bytes), its canonical
text hashed for the chain. `load(dump(hand)) == hand`."""

import hashlib
import json
from datetime import datetime

from games.hands.cards import DECK, parse, text

from .hand import STREETS, Action, CashOut, DeclaredPot, Hand, Seat

STREET_INDEX = {street: index for index, street in enumerate(STREETS)}
CARD_TEXT = tuple(text(card) for card in DECK)  # an import dumps a million deals: no formatting per card


def _cards(cards: tuple[int, ...]) -> str:
    return "".join([CARD_TEXT[card] for card in cards]) if cards else ""


def _pot(p: DeclaredPot) -> list:
    row = [p.number, p.amount, p.rake, p.progressive, p.bad_beat, [list(win) for win in p.wins]]
    if p.boards:  # only when run more than once: the digests of the deals imported before stay the same
        row.append([[list(win) for win in board] for board in p.boards])
    return row


def dump(hand: Hand) -> dict:
    street, cards = STREET_INDEX, _cards
    data = {
        "n": hand.number, "t": hand.table, "at": hand.started_at.isoformat(), "g": hand.game, "v": hand.version,
        "c": hand.currency, "b": [hand.small_blind, hand.big_blind, hand.ante, hand.cap], "btn": hand.button,
        "s": [[seat.seat, seat.player, seat.stack, cards(seat.cards)] for seat in hand.seats],
        "a": [[street[a.street], a.player, a.kind, a.amount, 1 if a.all_in else 0, cards(a.cards) if a.cards else ""]
              for a in hand.actions],
        "bd": cards(hand.board),
        "p": [_pot(p) for p in hand.pots],
    }
    if hand.runs:
        data["runs"] = [cards(run) for run in hand.runs]
    if hand.cash_outs:
        data["co"] = [[c.player, c.amount, c.fee, c.kept] for c in hand.cash_outs]
    if hand.after_rake:
        data["ar"] = 1
    return data


def load(data: dict) -> Hand:
    small, big, ante, cap = data["b"]
    return Hand(
        number=data["n"], table=data["t"], started_at=datetime.fromisoformat(data["at"]), game=data["g"],
        version=data["v"], currency=data["c"], small_blind=small, big_blind=big, ante=ante, cap=cap,
        button=data["btn"],
        seats=tuple(Seat(seat, player, stack, parse(cards) if cards else ())
                    for seat, player, stack, cards in data["s"]),
        actions=tuple(Action(STREETS[street], player, kind, amount, bool(all_in), parse(cards) if cards else ())
                      for street, player, kind, amount, all_in, cards in data["a"]),
        board=parse(data["bd"]) if data["bd"] else (),
        pots=tuple(DeclaredPot(number, amount, rake, progressive, bad_beat, tuple((p, w) for p, w in wins),
                               tuple(tuple((p, w) for p, w in board) for board in boards[0]) if boards else ())
                   for number, amount, rake, progressive, bad_beat, wins, *boards in data["p"]),
        runs=tuple(parse(run) for run in data.get("runs", ())),
        cash_outs=tuple(CashOut(*row) for row in data.get("co", ())),
        after_rake=bool(data.get("ar")),
    )


def canonical(data: dict) -> str:
    """The text hashed: the same whatever PostgreSQL's jsonb does to the keys' order and the spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(data: dict) -> str:
    return hashlib.sha256(canonical(data).encode()).hexdigest()
