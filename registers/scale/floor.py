"""The scale generator's registers kept by hand (issue 19): the slot machines installed on the first day, then each
day a few hand-paid jackpots (art. 18-10) and now and then found money (orphelins), each filed by the cashier and
countersigned by the management through the services, as the casino's people do. Densities as a Luxembourg casino of
the generator's size sees them: about two jackpots a day and one found sum every other day."""

import datetime
import random

from compliance.models import Casino

from ..appareils.jackpots import jackpot_manual_payout_file
from ..appareils.services import appareil_install
from ..chain.services import pending_countersign
from ..orphelins.services import orphelin_file
from .cards import Cast

MACHINES, JACKPOTS_PER_DAY, ORPHELINS_PER_DAY = 24, 2.0, 0.5  # at density 1
FOUND = (("table", "Table de roulette n° {n}", "Plaque et jetons oubliés"),
         ("credits_appareil", "Appareil à sous EM-{n:03}", "Crédits laissés au compteur"),
         ("pieces_tokens", "Allée {n} de la salle des machines", "Pièces ramassées au sol"))


def floor_generate(casino: Casino, cast: Cast, days: list[datetime.date], density: float,
                   rng: random.Random) -> tuple[int, int]:
    """The machines, then the jackpots and orphelins of `days`; how many jackpots and orphelins were written."""
    machines = [f"EM-{n:03}" for n in range(1, max(2, round(MACHINES * density)) + 1)]
    for machine in machines:
        appareil_install(casino=casino, actor=cast.cashier, gaming_day=days[0], machine=machine,
                         manufacturer="Novomatic", certificate=f"CE-{casino.code}-{machine}", condition="neuf")
    jackpots = orphelins = 0
    for day in days:
        for _ in range(_count(rng, JACKPOTS_PER_DAY * density)):
            filed = jackpot_manual_payout_file(
                casino=casino, actor=cast.cashier, gaming_day=day, machine=rng.choice(machines),
                amount=f"{rng.randint(1200, 25000)}.00", currency=casino.currency,
                receipt_number=f"R-{day:%Y%m%d}-{jackpots + 1}", receipt_in_cabinet=True)
            pending_countersign(pending=filed, countersigner=cast.manager)
            jackpots += 1
        for _ in range(_count(rng, ORPHELINS_PER_DAY * density)):
            source, location, description = rng.choice(FOUND)
            filed = orphelin_file(casino=casino, actor=cast.cashier, gaming_day=day, source=source,
                                  amount=f"{rng.randint(1, 400)}.{rng.choice(('00', '50'))}",
                                  currency=casino.currency, location=location.format(n=rng.randint(1, 12)),
                                  description=description)
            pending_countersign(pending=filed, countersigner=cast.manager)
            orphelins += 1
    return jackpots, orphelins


def _count(rng: random.Random, mean: float) -> int:
    """A day's number, `mean` on average (one every four days at the least, so that a small casino has some): from
    0 to four."""
    return sum(rng.random() < max(mean, 0.25) / 4 for _ in range(4))
