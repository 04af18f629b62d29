"""The poker room's waiting list and its seats drawn at random (LU RGD 1979 art. 49-1, 49-5; see
docs/poker-waiting-list.md): a player inscribed, then called in order of inscription at a table's free seats, each
who answers seated at a seat drawn from a recorded seed (../draw.py). Entries of the cagnotte register, nothing else:
the list is read back from them (selectors.py) and the audit replays them (checks.py) through the same controls
(../controls.py)."""
