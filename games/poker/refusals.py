"""Why a poker deal is refused (games/poker/betting.py walks it): the deal's own faults found before any action is
taken (the game, the seats, the stacks, the cards) and the messages, in French and English, of a refusal that
names the action at fault. Amounts in the messages are in the deal's currency, as people write them (12.50 EUR), never
in the minor units the deal counts in."""

from dataclasses import replace
from decimal import Decimal
from typing import Final

from .hand import HOLDEM, OMAHA, OMAHA_HILO, VERSIONS, Action, Hand, Seat
from .outcome import ACTIONS_DONT_ADD_UP, BAD_DEAL, OUT_OF_TURN, HandError

HOLE_CARDS: Final = {HOLDEM: 2, OMAHA: 4, OMAHA_HILO: 4}


def refuse(code: str, fr: str, en: str, action: int | None = None, field: str = "") -> HandError:
    """A HandError whose messages begin with the action at fault, counted from 1 as people count (else `field`, the
    deal's part at fault)."""
    where_fr, where_en = (f"action {action + 1} : ", f"action {action + 1}: ") if action is not None else ("", "")
    return HandError(code, where_fr + fr, where_en + en, action, field)


def dealt(hand: Hand) -> tuple[list[Seat], list[str]]:
    """The players dealt in (a chip or more), clockwise from the button's left, and their names by seat number; the
    deal's own faults refused."""
    hole = HOLE_CARDS.get(hand.game)
    if hole is None or hand.version not in VERSIONS:
        raise refuse(BAD_DEAL, f"jeu ou version inconnus : {hand.game} {hand.version}",
                      f"unknown game or version: {hand.game} {hand.version}", field="game")
    seats, button = hand.seats, hand.button
    before, after, names, last = [], [], set(), None
    for seat in seats:
        if last is not None and seat.seat <= last:
            if seat.seat == last:
                raise refuse(BAD_DEAL, "un siège figure deux fois", "a seat appears twice", field="seats")
            return dealt(replace(hand, seats=tuple(sorted(seats, key=lambda seat: seat.seat))))
        last = seat.seat
        names.add(seat.player)
        if seat.stack <= 0 or (seat.cards and len(seat.cards) != hole):
            if seat.stack < 0 or seat.cards and len(seat.cards) != hole:
                raise refuse(BAD_DEAL, f"« {seat.player} » : tapis négatif, ou pas {hole} cartes",
                              f"{seat.player}: negative stack, or not {hole} cards", field="seats")
        elif seat.seat > button:
            after.append(seat)
        else:
            before.append(seat)
    if len(names) != len(seats):
        raise refuse(BAD_DEAL, "un joueur figure deux fois", "a player appears twice", field="seats")
    if len(before) + len(after) < 2:
        raise refuse(BAD_DEAL, "moins de deux joueurs dans la donne", "fewer than two players in the deal",
                     field="seats")
    return after + before, [seat.player for seat in before + after]


def known_cards(hand: Hand, order: list[Seat], shown: dict[int, tuple[int, ...]]) -> list[tuple[int, ...] | None]:
    """Each player's hole cards when known; a card twice in the deal, or not a card, refuses it."""
    every = list(hand.board)
    for run in hand.runs:  # the cards each other board has of its own
        common = next((k for k, (mine, first) in enumerate(zip(run, hand.board, strict=False)) if mine != first),
                      len(run))
        every += run[common:]
    for seat in hand.seats:
        every += seat.cards
    if shown:
        every += [card for k, hole in shown.items() if not order[k].cards for card in hole]
    if every and (len(set(every)) != len(every) or min(every) < 0 or max(every) > 51):
        raise refuse(BAD_DEAL, "une carte figure deux fois dans la donne, ou n'est pas une carte",
                      "a card appears twice in the deal, or is not a card", field="cards")
    return [shown.get(k) or seat.cards or None for k, seat in enumerate(order)] if shown else [
        seat.cards or None for seat in order]


def out_of_turn(order: list[Seat], action: Action, due: int, index: int) -> HandError:
    """`action` taken when the player at position `due` is to act (-1: when no one is)."""
    fr, en = ((f"c'est à « {order[due].player} » de parler", f"{order[due].player} is to act") if due >= 0
              else ("personne n'a la parole", "no one is to act"))
    return refuse(OUT_OF_TURN, f"« {action.player} » parle, {fr}", f"{action.player} acts, {en}", index)


def money(amount: int, currency: str) -> str:
    """An amount of the deal (in minor units) as people read it: « 12.50 EUR »."""
    return f"{Decimal(amount).scaleb(-2)} {currency}"


def adds_up(action: Action, amount: int, owed: int, have: int, index: int, currency: str) -> HandError:
    """`action` of `amount`, which what the player owes and has does not allow."""
    put, due, stack = (money(value, currency) for value in (amount, max(owed, 0), have))
    return refuse(ACTIONS_DONT_ADD_UP, f"« {action.player} » : {action.kind} de {put} avec {due} à payer et un "
                  f"tapis de {stack}", f"{action.player}: {action.kind} of {put} with {due} to call and a stack of "
                  f"{stack}", index)
