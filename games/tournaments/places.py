"""Places and prizes (ROPTA §1.10, §2.7): players out on the same hand at the same table, or on the bubble, are placed
by their stacks at the start of that hand, the biggest best; equal stacks, or players out at different tables away
from the bubble, are tied for good and share the prizes of the places they take, equally, in whole cents. What does
not divide goes a cent at a time to the tied players in the order given (their seats from the button's left: the
odd chip's rule, §10.8, carried over to the cents)."""

from collections.abc import Mapping, Sequence


def placed(out: Mapping[str, int], players_before: int) -> list[tuple[int, tuple[str, ...]]]:
    """The places of players out at once (`out`: their stacks at the start of the hand, in seat order) among the
    `players_before` still in the tournament when the hand began: each place with the players tied on it."""
    groups: dict[int, list[str]] = {}
    for player, stack in out.items():
        groups.setdefault(stack, []).append(player)
    if len(out) > players_before:
        raise ValueError("more players out than in the tournament")
    places, place = [], players_before - len(out) + 1
    for stack in sorted(groups, reverse=True):
        tied = tuple(groups[stack])
        places.append((place, tied))
        place += len(tied)
    return places


def shares(prizes: Sequence[int], places: Sequence[tuple[int, Sequence[str]]]) -> dict[str, int]:
    """Each player's prize in cents: `prizes[p - 1]` is the prize of place p (0 beyond the paid places); tied players
    share the prizes of all the places they take between them."""
    paid: dict[str, int] = {}
    for place, tied in places:
        pot = sum(prizes[p - 1] if 0 < p <= len(prizes) else 0 for p in range(place, place + len(tied)))
        each, odd = divmod(pot, len(tied))
        for index, player in enumerate(tied):
            paid[player] = each + (1 if index < odd else 0)
    return paid


def placed_at_tables(out: Mapping[str, tuple[str, int]], players_before: int) -> list[tuple[int, tuple[str, ...]]]:
    """The places of players out on the same deal at several tables (`out`: each player's table and stack at the start
    of the deal, in seat order): at one table they are told apart by their stacks (§1.10), from one table to another
    they are tied (§2.7, the hand-for-hand: « ils seront classés à égalité »). When a table loses several players, the
    best of each table share the best places, the second best of each the next, and so on: the one order that keeps
    both rules."""
    tables: dict[str, list[tuple[str, int]]] = {}
    for player, (table, stack) in out.items():
        tables.setdefault(table, []).append((player, stack))
    if len(tables) <= 1:
        return placed({player: stack for player, (_table, stack) in out.items()}, players_before)
    if len(out) > players_before:
        raise ValueError("more players out than in the tournament")
    ranks: dict[int, list[str]] = {}
    for players in tables.values():
        for rank, (_stack, tied) in enumerate(sorted(_by_stack(players).items(), reverse=True)):
            ranks.setdefault(rank, []).extend(tied)
    places, place = [], players_before - len(out) + 1
    for rank in sorted(ranks):
        tied = tuple(player for player in out if player in ranks[rank])
        places.append((place, tied))
        place += len(tied)
    return places


def _by_stack(players: list[tuple[str, int]]) -> dict[int, list[str]]:
    groups: dict[int, list[str]] = {}
    for player, stack in players:
        groups.setdefault(stack, []).append(player)
    return groups
