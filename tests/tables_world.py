"""A Luxembourg casino's tables (fixed float, art. 9, 21, 37-9) and a Québec casino's (inventory counted), with the
slips of one session: what the table-games tests build on."""

import datetime
from decimal import Decimal

from registers.house_lists.services import denomination_add
from registers.tables.services import drop_count, session_close, session_open, slip_file, table_create

SIGNED = {"croupier": "Anne Croupier", "superviseur": "Marc Chef"}
SLIP_SIGNED = {"demandeur": "Marc Chef", "caissier": "Luc Caisse", "porteur": "Paul Porteur",
               "croupier": "Anne Croupier", "superviseur": "Marc Chef"}
COUNTED = {"compteur_1": "Ines Compte", "compteur_2": "Omar Compte"}
FLOAT = {"100": 20, "25": 40, "5": 100}  # 2,000 + 1,000 + 500 = 3,500
CHIPS = ("5", "25", "100", "500")


def keep_chips(casino, manager, values=CHIPS):
    """The casino's counting grid: the chips its management keeps (registers/house_lists)."""
    for value in values:
        denomination_add(casino=casino, actor=manager, value=value, kind="jeton")


def grid(counts: dict, field="denominations") -> dict:
    """A counting grid as the forms post it: one count per row, named by the row's value (« denominations-25.00 »)."""
    return {f"{field}-{Decimal(str(value)):.2f}": str(count) for value, count in counts.items()}


def lu_table(w, number="HC-01", game="lu.holdem_casino", pit="A"):
    return table_create(casino=w.c, actor=w.manager_c, game=game, number=number, pit=pit)


def qc_table(w, number="BJ-01", game="qc.blackjack", pit="Blackjack"):
    return table_create(casino=w.a, actor=w.manager_a, game=game, number=number, pit=pit)


def open_lu(w, table, day: datetime.date, minimum="10.00", maximum="500.00", denominations=None, float_amount="3500",
            **limits):
    return session_open(table=table, actor=w.manager_c, gaming_day=day, minimum=minimum, maximum=maximum,
                        denominations=FLOAT if denominations is None else denominations, signatures=SIGNED,
                        float_amount=float_amount, **limits)


def fill(w, session, serial, denominations, kind="approvisionnement", actor=None):
    amount = sum(int(value) * count for value, count in denominations.items())
    return slip_file(session=session, actor=actor or w.accountant_c, kind=kind, serial=serial, amount=f"{amount}.00",
                     denominations=denominations, signatures=SLIP_SIGNED)


def close(w, session, denominations, actor=None):
    return session_close(session=session, actor=actor or w.accountant_c, denominations=denominations,
                         signatures=SIGNED)


def count(w, session, denominations, actor=None, signatures=COUNTED):
    amount = sum(int(value) * n for value, n in denominations.items())
    return drop_count(session=session, actor=actor or w.accountant_c, amount=f"{amount}.00",
                      denominations=denominations, signatures=signatures)
