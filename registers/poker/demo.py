"""La Moselle's bad-beat jackpot as an account (LU RGD 1979 art. 49-12 to 49-15), every entry through the services,
after the poker room's week of deals (registers/poker_room/demo.py) whose drops it adds up: put in service 25 days
ago at 2 500 €, the Minister told of a voluntary stop 22 days ago, won 6 days ago (capped by the cagnotte, back to
0 as the house rules say), stopped voluntarily the next day (17 days after the notice), put back in service at
2 000 €, stopped by a breakdown 3 days ago with its « carnet de compte » kept by hand for two days — the second
planted 5 € short of the deals' retention, which the reconciliation finds — and put back in service yesterday,
its cagnotte as the breakdown left it."""

from datetime import timedelta
from decimal import Decimal

from django.db import transaction

from compliance.models import Casino, User

from ..chain.services import pending_countersign, register_for
from ..kinds import RegisterKind
from ..models import PendingEntry
from .selectors import bad_beat_of, bad_beat_resumes_at, carnet_deals
from .services import (
    bad_beat_manual_file,
    bad_beat_notice,
    bad_beat_open,
    bad_beat_restart,
    bad_beat_stop,
    bad_beat_win_file,
)

CASINO, TABLE = "la-moselle", "TH-1"  # the room's table with the bad beat's increment
SHORT = Decimal("5.00")  # planted: the carnet's second day, short of the deals' retention
LATE = "Saisie de la démonstration : le registre papier du bad beat jackpot reporté dans Vigie"


def _signed(filed, manager: User):
    return pending_countersign(pending=filed, countersigner=manager) if isinstance(filed, PendingEntry) else filed


@transaction.atomic
def bad_beat_account_demo() -> list[str]:
    casino = Casino.objects.select_related("jurisdiction").get(code=CASINO)
    cashier, manager = User.objects.get(username="lu.caissier"), User.objects.get(username="lu.direction")
    if bad_beat_of(register_for(casino=casino, kind=RegisterKind.BAD_BEAT)).opened is not None:
        return []  # loaded already
    today = casino.today()

    def day(offset: int):
        return today - timedelta(days=offset)

    _signed(bad_beat_open(casino=casino, actor=cashier, gaming_day=day(25), start="2500.00", late_reason=LATE),
            manager)
    _signed(bad_beat_notice(casino=casino, actor=cashier, gaming_day=day(22), minister_notified_on=day(22),
                            reference="Lettre au Ministre des Finances n° 2026-131", late_reason=LATE), manager)
    _signed(bad_beat_win_file(
        casino=casino, actor=cashier, gaming_day=day(6), table=TABLE, game="Texas hold'em", won_at="22:05",
        loser="Nora Schmit", loser_cards="9c 9d", winner_cards="Th Jh", board="9h 9s Qh Kh 2c", pot="380.00",
        amount="2500.00", currency=casino.currency, players=["Nora Schmit", "Paul Thill", "Ana Lopes", "Tom Klein"],
        restart_at="0"), manager)
    bad_beat_stop(casino=casino, actor=manager, gaming_day=day(5), voluntary=True,
                  reason="Fin de la formule du bad beat jackpot annoncée au Ministre")
    bad_beat_open(casino=casino, actor=manager, gaming_day=day(4), start="2000.00")
    bad_beat_stop(casino=casino, actor=cashier, gaming_day=day(3), voluntary=False,
                  reason="Panne de la machine de la table TH-1")
    for offset in (3, 2):
        retained = carnet_deals(casino, {day(offset)}).get((TABLE, day(offset)), Decimal(0))
        noted = retained - (SHORT if offset == 2 else 0)
        bad_beat_manual_file(casino=casino, actor=cashier, gaming_day=day(offset), table=TABLE, amount=f"{noted:.2f}",
                             currency=casino.currency)
    # the machine back: the cagnotte as the breakdown left it (art. 49-13 al. 1, 49-14 al. 3)
    bad_beat_restart(casino=casino, actor=manager, gaming_day=day(1),
                     restart_at=f"{bad_beat_resumes_at(casino, day(1)):.2f}")
    return [f"bad-beat account of {casino.code}: opened, won, stopped after its notice, a breakdown's carnet"]
