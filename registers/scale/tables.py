"""A table system's export of a casino's tables, for the tables benchmark and the scale generator: every
session's opening (its float), fills and credits, closing (the float restored, but for a few variances) and drop
(a hold between 10 % and 30 %), in the format `registers.tables.imports.slips_import` reads (docs/tables-import.md).
Nothing here touches the database."""

import datetime
import random
from decimal import Decimal
from pathlib import Path

from compliance.profiles import concept

from ..models import GamingTable
from ..tables.imports import COLUMNS

SESSIONS_PER_DAY = 2  # each table opened twice a gaming day (afternoon, evening)
FILLS_AND_CREDITS = (5, 9)  # per session, at random: ≈ 7 on average (a third credits)
# (prefix, the game's concept in the Luxembourg casino's profile, minimums, multiples of the minimum)
GAMES = (("HC", "jeu.holdem_casino", ("10.00", "25.00"), (50, 100, 200)),  # LU RGD 1979 art. 37-11: multiples
         ("BA", "jeu.bataille", ("10.00", "20.00"), (10, 20, 30, 50)),  # art. 37-17
         ("UT", "jeu.uth", ("5.00", "10.00"), (50, 100)))  # the casino's own limits
FLOAT = ("3500.00", "100x20 25x40 5x100")  # LU art. 9, 21, 37-9: the fixed float, counted at opening
CROUPIERS = [f"Croupier {n}" for n in range(1, 31)]
SUPERVISORS = [f"Chef de table {n}" for n in range(1, 9)]
CASHIERS = [f"Caissier {n}" for n in range(1, 7)]
RUNNERS = [f"Porteur {n}" for n in range(1, 7)]
COUNTERS = [f"Compteur {n}" for n in range(1, 7)]


def racks(rng: random.Random, most: int = 4) -> tuple[int, str]:
    """A fill or a credit: chips in racks of 20, as the cage sends them and takes them back."""
    counts = [(value, 20 * rng.randint(0, most)) for value in (500, 100, 25)]
    counts = [(value, count) for value, count in counts if count] or [(100, 20)]
    return sum(v * c for v, c in counts), " ".join(f"{v}x{c}" for v, c in counts)


def notes(rng: random.Random, amount: int) -> str:
    """A drop box's cash counted by denomination, in some mix of notes."""
    counted, left = [], amount
    for value in (500, 200, 100, 50, 20, 10):
        count = left // value if value <= 50 else rng.randint(0, left // value)
        if count:
            counted.append(f"{value}x{count}")
            left -= value * count
    if left:
        raise ValueError(f"{amount} cannot be counted in notes of 10 and more")
    return " ".join(counted)


def export(path: Path, tables: list[GamingTable], days: list[datetime.date], first_serial: int, seed: int = 15) -> int:
    """The table system's export of `days`, written to `path`; returns its number of slips."""
    rng = random.Random(seed)  # nosec B311  # scale data, seeded
    jurisdiction = tables[0].casino.jurisdiction if tables else None
    games = {concept(jurisdiction, game): (minimums, multiples) for _, game, minimums, multiples in GAMES}
    serial, count = first_serial, 0
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write(";".join(COLUMNS) + "\n")

        def write(**values):
            nonlocal count
            count += 1
            out.write(";".join(values.get(column, "") for column in COLUMNS) + "\n")

        for day in days:
            for table in tables:
                minimums, multiples = games[table.game.key]
                for number in range(1, SESSIONS_PER_DAY + 1):
                    base = dict(journee=day.isoformat(), table=table.number, seance=str(number))
                    dealer, chief = rng.choice(CROUPIERS), rng.choice(SUPERVISORS)
                    low = rng.choice(minimums)
                    write(type="ouverture", montant=FLOAT[0], coupures=FLOAT[1], croupier=dealer, superviseur=chief,
                          minimum=low, maximum=f"{Decimal(low) * rng.choice(multiples)}", avance=FLOAT[0], **base)
                    net = 0
                    for index in range(rng.randint(*FILLS_AND_CREDITS)):
                        credit = index > 1 and rng.random() < 0.3
                        amount, counted = racks(rng, 2 if credit else 4)
                        credit = credit and amount <= net  # chips taken back from what the table received
                        net += -amount if credit else amount
                        write(type="credit" if credit else "approvisionnement", serie=str(serial),
                              montant=f"{amount}.00", coupures=counted, demandeur=chief,
                              caissier=rng.choice(CASHIERS), porteur=rng.choice(RUNNERS), croupier=dealer,
                              superviseur=chief, **base)
                        serial += 1
                    closing = FLOAT if rng.random() > 0.002 else ("3475.00", "100x20 25x39 5x100")
                    write(type="fermeture", montant=closing[0], coupures=closing[1], croupier=dealer,
                          superviseur=chief, **base)
                    drop = max(10, round(max(net, 500) / (1 - rng.uniform(0.10, 0.30)) / 10) * 10)
                    first, second = rng.sample(COUNTERS, 2)
                    write(type="drop", montant=f"{drop}.00", coupures=notes(rng, drop), compteur_1=first,
                          compteur_2=second, **base)
    return count
