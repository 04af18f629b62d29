"""A poker room's deals, played by the simulator and written as the room's Open Hand History file, for the poker
benchmark and the scale generator; the file is then imported through `registers.poker_room.imports.hands_import`,
as a room's file is. Nothing here touches the database."""

import datetime
import multiprocessing
import os
import random
from pathlib import Path

from games.poker import hand as deal
from games.poker.formats import ohh
from games.poker.simulator import Table, play

from ..models import PokerSession
from ..poker_room import rules

PLAYERS = [f"Joueur {n}" for n in range(1, 121)]


def table_of(session: PokerSession) -> tuple:
    """What the simulator needs of a session, picklable for a worker process."""
    return (session.table, session.variant, session.version, int(session.small_blind * 100),
            int(session.big_blind * 100), 9 if session.variant == deal.HOLDEM else 6, session.casino.currency,
            rules.session_rules(session, None), session.opened_at + datetime.timedelta(minutes=5), session.pk)


def _played(specs: list[tuple], deals: int, path: str) -> int:
    """A worker process: the sessions' deals written to its own part of the file."""
    written = 0
    with open(path, "w", encoding="utf-8") as out:
        for name, variant, version, small, big, seats, currency, session_rules, start, seed in specs:
            table = Table(name, variant, version, small, big, False, 0, 0, seats, currency, session_rules)
            written += ohh.write(play(table, start, deals, random.Random(seed), PLAYERS), out)  # nosec B311  # scale data, seeded
    return written


def room_file(opened: list[PokerSession], deals: int, folder: Path, processes: int = 2) -> tuple[Path, int]:
    """`deals` deals of each session, played in `processes` processes; the file and its number of deals."""
    specs = [table_of(session) for session in opened]
    parts = [str(folder / f"part-{n}.json") for n in range(processes)]
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        counts = pool.starmap(_played, [(specs[n::processes], deals, parts[n]) for n in range(processes)])
    path = folder / "salon.ohh.json"
    with open(path, "wb") as out:
        for part in parts:
            with open(part, "rb") as chunk:
                while block := chunk.read(1 << 24):
                    out.write(block)
            os.unlink(part)
    return path, sum(counts)
