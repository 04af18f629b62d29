"""The seats drawn at random from the waiting list (LU RGD 1979 art. 49-1, 49-5: « L'attribution des places assises
est effectuée [...] de façon aléatoire »), as a draw anyone can run again: the seed is drawn by `secrets` when the
chef de partie calls the list, written in the register's entry with the method's name, and the seats follow from it.

The method, « sha256-fisher-yates/1 »: the free seats in increasing order, then for i from the last index down to 1,
j = int(SHA-256(« <seed>:<i> ») read as a big-endian integer) mod (i + 1), and the seats at i and j swapped (the
Fisher–Yates shuffle, its random numbers taken from SHA-256 rather than from a generator whose algorithm could
change). The players who answer the call, in the order of inscription, take the shuffled seats in that order.
A 256-bit number taken modulo ten or fewer leaves no bias one could measure. Pure: no database, no clock."""

import hashlib
import secrets
from collections.abc import Iterable

METHOD = "sha256-fisher-yates/1"
SEED_BYTES = 16


def seed_new() -> str:
    """A fresh seed: 128 random bits from the operating system, written in hexadecimal."""
    return secrets.token_hex(SEED_BYTES)


def seats_drawn(seed: str, seats: Iterable[int]) -> list[int]:
    """The seats in the order the seed draws them (METHOD)."""
    order = sorted(seats)
    for i in range(len(order) - 1, 0, -1):
        j = int.from_bytes(hashlib.sha256(f"{seed}:{i}".encode()).digest(), "big") % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order
