"""The demo's table games: each demo casino's tables, the last month of their sessions taken over from the table
system's export (one import, late and countersigned, as a casino starting with Vigie does), and today's tables open
through the forms' services. A few variances are planted for the reconciliation to find: a float not restored, a
closing inventory not carried to the next opening, a drop not counted, a table left open (each the casino's own
control: LU RGD 1979 art. 21 al. 1 only has an arrêté fix the float), a day whose hold falls outside the table's own
band. La Moselle's BT-02 opens today with its mise « égalité » once the règlement intérieur in force offers it
(LU RGD 1979 art. 37-16; poker/house_rules_demo.py records that version after the tables)."""

import io
import math
import random
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from compliance.models import Casino, User
from compliance.profiles import applies, concept, game_engine

from ..decks.demo import decks_before_opening
from ..models import GamingTable, TableSession
from . import pai_gow
from .imports import COLUMNS, slips_import
from .limits_demo import maximum_raised, planted_seance
from .progressif.demo import progressive_seances
from .selectors import expected_serial
from .services import commission_file, session_open, slip_file, table_create
from .slips import SIGNATORIES

DAYS = 30
CHIPS = (Decimal("500"), Decimal("100"), Decimal("25"), Decimal("5"))
TEAM = {"demandeur": "Chef de partie", "caissier": "Caissier principal", "porteur": "Porteur", "croupier": "Croupier",
        "superviseur": "Chef de salle"}
COUNTERS = ("Compteur A", "Compteur B")
LATE = "Reprise de l'historique du système de tables à la mise en service de Vigie"


@dataclass(frozen=True)
class DemoTable:
    number: str
    game: str  # « jeu.<name> »: a concept of the casino's jurisdiction's profile, the game's key there
    pit: str
    minimum: str
    maximum: str
    float_amount: Decimal  # the avance where the jurisdiction keeps one, else the first opening inventory
    spots: tuple = ()  # today's limits of its betting spots and side bets: (bet, minimum, maximum), tables/limits.py
    options: tuple = ()  # what today's table indicates: (option, True or the number chosen)
    house_rules: bool = False  # opens today once the règlement intérieur in force offers its spots (LU art. 37-16)


TABLES = {
    "la-moselle": (DemoTable("HC-01", "jeu.holdem_casino", "Poker de contrepartie", "10", "1000", Decimal("20000"),
                             spots=(("bonus", "5", "2500"),)),
                   DemoTable("HC-02", "jeu.holdem_casino", "Poker de contrepartie", "10", "500", Decimal("20000")),
                   DemoTable("UT-01", "jeu.uth", "Poker de contrepartie", "10", "1000", Decimal("15000"),
                             spots=(("trips", "5", "100"),)),
                   DemoTable("BT-01", "jeu.bataille", "Bataille", "10", "300", Decimal("10000")),
                   DemoTable("BT-02", "jeu.bataille", "Bataille", "5", "250", Decimal("8000"),
                             spots=(("egalite", "5", "50"),), house_rules=True)),
    "lac-bleu": (DemoTable("BJ-01", "jeu.blackjack", "Blackjack", "15", "1000", Decimal("25000"),
                           spots=(("douze_seize", "5", "1000"), ("progressive", "1", "1")),
                           options=(("bonus", True), ("douze_seize", True), ("progressive", True),
                                    ("doublement_totaux", True), ("partages", True))),
                 DemoTable("BJ-02", "jeu.blackjack", "Blackjack", "25", "2000", Decimal("30000")),
                 DemoTable("BA-01", "jeu.baccara", "Baccara", "25", "5000", Decimal("40000")),
                 DemoTable("RO-01", "jeu.roulette", "Roulette", "5", "500", Decimal("15000"),
                           options=(("double", True), ("triple", True))),
                 DemoTable("PG-01", "jeu.pai_gow", "Pai Gow", "10", "500", Decimal("12000"))),
    "les-rochers": (DemoTable("UT-01", "jeu.uth", "Ultimate Texas Hold'em", "25", "2500", Decimal("30000")),
                    DemoTable("UT-02", "jeu.uth", "Ultimate Texas Hold'em", "25", "2500", Decimal("30000")),
                    DemoTable("UT-03", "jeu.uth", "Ultimate Texas Hold'em", "50", "5000", Decimal("40000"))),
}
# (casino, table, days ago) → the variance planted there
PLANTED = {
    ("la-moselle", "BT-02", 6): "float_not_restored",
    ("la-moselle", "HC-02", 4): "drop_not_counted",
    ("la-moselle", "UT-01", 3): "hold_outside_band",
    ("la-moselle", "BT-01", 1): "left_open",
    ("lac-bleu", "BJ-02", 5): "inventory_not_carried",
    ("lac-bleu", "BA-01", 3): "hold_outside_band",
    ("lac-bleu", "RO-01", 2): "drop_not_counted",
    ("les-rochers", "UT-02", 4): "inventory_not_carried",
    ("les-rochers", "UT-03", 2): "hold_outside_band",
}


def chips(amount: Decimal) -> str:
    """An amount in the fewest chips, as the export writes them: "500x3 100x2 25x1"."""
    pieces, left = [], amount
    for chip in CHIPS:
        count, left = divmod(left, chip)
        if count:
            pieces.append(f"{chip}x{int(count)}")
    return " ".join(pieces)


def _row(kind: str, day: date, table: str, amount: Decimal, **columns) -> list[str]:
    values = {"type": kind, "journee": day.isoformat(), "table": table, "seance": "1", "montant": f"{amount:.2f}",
              "coupures": chips(amount), **columns}
    return [values.get(column, "") for column in COLUMNS]


def _five(value: float) -> Decimal:
    return Decimal(int(value / 5) * 5)


def month_rows(code: str, today: date, serial: int, keeps_float: bool) -> tuple[list[list[str]], dict[str, Decimal]]:
    """The export of the last month, day by day: each table's opening, fills, credits, closing and drop; and each
    table's inventory left at the end (where the bank is an inventory, today's opening carries it)."""
    rows, draw = [], random.Random(code)  # nosec B311  # demo data, seeded
    inventory = {table.number: table.float_amount for table in TABLES[code]}
    for back in range(DAYS, 0, -1):
        day = today - timedelta(days=back)
        for table in TABLES[code]:
            planted = PLANTED.get((code, table.number, back))
            drop = _five(draw.uniform(4000, 14000))
            # a normal day's hold swings within its table's usual range; the planted day loses big
            hold = -0.6 if planted == "hold_outside_band" else 0.18 + 0.035 * math.sin(1.7 * back + len(rows) % 7)
            win = _five(float(drop) * hold)
            change = Decimal(0) if keeps_float else _five(draw.uniform(-1500, 1500))
            opening, closing = inventory[table.number], inventory[table.number] + change
            opening_row = {"minimum": table.minimum, "maximum": table.maximum, **_team("ouverture")}
            if keeps_float:
                opening_row["avance"] = f"{table.float_amount:.2f}"
            rows.append(_row("ouverture", day, table.number, opening, **opening_row))
            for part in _parts(drop - win + change, draw):  # fills − credits that make the table's result
                rows.append(_row("approvisionnement" if part > 0 else "credit", day, table.number, abs(part),
                                 serie=str(serial), **_team("approvisionnement")))
                serial += 1
            if planted == "left_open":
                continue
            if planted == "float_not_restored":
                closing += 25  # a 25 chip left on the table
            rows.append(_row("fermeture", day, table.number, closing, **_team("fermeture")))
            if planted != "drop_not_counted":
                rows.append(_row("drop", day, table.number, drop, compteur_1=COUNTERS[0], compteur_2=COUNTERS[1]))
            inventory[table.number] = table.float_amount if keeps_float else closing
            if planted == "inventory_not_carried":
                inventory[table.number] -= 200
    return rows, inventory


def _team(kind: str) -> dict[str, str]:
    """Who signs a slip of this kind, as the export names them."""
    return {role: TEAM[role] for role in SIGNATORIES[kind]}


def _parts(net: Decimal, draw: random.Random) -> list[Decimal]:
    """A day's net fill as the slips that made it: two or three fills, and a credit at the end of a good day."""
    if net <= 0:
        return [net] if net else []
    first = _five(float(net) * draw.uniform(0.4, 0.7))
    parts = [first, net - first]
    if draw.random() < 0.4:
        credit = _five(draw.uniform(200, 1500))
        parts = [parts[0], parts[1] + credit, -credit]
    return [part for part in parts if part]


def tables_demo(code: str) -> list[str]:
    """The demo casino's tables, its month taken over from the export, today's tables opened."""
    casino = Casino.objects.select_related("jurisdiction").get(code=code)
    if GamingTable.objects.filter(casino=casino).exists():
        return []
    manager = casino.users.filter(role=User.Role.MANAGER).first()
    cashier = casino.users.filter(role=User.Role.ACCOUNTANT).first()
    for table in TABLES[code]:
        table_create(casino=casino, actor=manager, game=concept(casino.jurisdiction, table.game), number=table.number,
                     pit=table.pit)
    today = casino.today()
    keeps_float = applies(casino.jurisdiction, "tables.avance_fixe")
    decks_before_opening(casino, today)  # the decks today's tables open with (registers/decks/demo.py)
    rows, inventory = month_rows(code, today, 1001, keeps_float)
    text = io.StringIO()
    text.write(";".join(COLUMNS) + "\n")
    text.writelines(";".join(row) + "\n" for row in rows)
    result = slips_import(casino=casino, actor=cashier, source=io.BytesIO(text.getvalue().encode()), late_reason=LATE,
                          countersigner=manager)
    serial = 1001 + sum(1 for row in rows if row[0] in ("approvisionnement", "credit"))
    planted_seance(casino, manager, cashier, today, _counted)
    progressive_seances(casino, manager, cashier, today, _counted)  # QC RJC art. 21.2: Lac-Bleu's lot (progressif/)
    _today(casino, manager, cashier, today, serial, keeps_float, inventory)
    maximum_raised(casino, manager, today)
    return [f"tables of {code}: {len(TABLES[code])} tables, {len(rows)} slips of {DAYS} days imported "
            f"({len(result.entries)} entries), today's tables open"]


def _today(casino: Casino, manager: User, cashier: User, today: date, serial: int, keeps_float: bool,
           inventory: dict[str, Decimal]) -> None:
    """Today's play: every table but the one left open yesterday opens, takes a fill or two; Pai Gow declares its
    commissions (QC RJC art. 111, 116)."""
    for number, table in enumerate(TABLES[casino.code]):
        if PLANTED.get((casino.code, table.number, 1)) == "left_open" or table.house_rules:
            continue
        serial = _open_today(casino, manager, cashier, today, table, number, serial, keeps_float, inventory)


def _open_today(casino: Casino, manager: User, cashier: User, today: date, table: DemoTable, number: int, serial: int,
                keeps_float: bool, inventory: dict[str, Decimal]) -> int:
    """One table's opening today with its fills; the next fill's serial."""
    signed = {"croupier": TEAM["croupier"], "superviseur": TEAM["superviseur"]}
    model = GamingTable.objects.get(casino=casino, number=table.number)
    session = session_open(table=model, actor=manager, gaming_day=today, minimum=table.minimum,
                           maximum=table.maximum, denominations=_counted(inventory[table.number]),
                           signatures=signed, float_amount=table.float_amount if keeps_float else None,
                           spots={bet: {"minimum": low, "maximum": high} for bet, low, high in table.spots},
                           options=dict(table.options))
    for _ in range(1 + number % 2):
        slip_file(session=session, actor=cashier, kind="approvisionnement", serial=serial, amount="2000.00",
                  denominations={"500": 4}, signatures=TEAM)
        serial += 1
    if game_engine(concept(casino.jurisdiction, table.game)) == pai_gow.ENGINE:
        commission_file(session=session, actor=cashier, amount="4.00", signatures=signed, rounds=[
            {"banque": "croupier", "joueurs": ["1", "3", "5"], "gagnantes": {"1": "25.00", "3": "40.00"}},
            {"banque": "3", "joueurs": ["1", "3", "5"], "gagnantes": {"5": "5.00"}}])
    return serial


def tables_after_house_rules(code: str) -> list[str]:
    """Today's tables whose spots the règlement intérieur in force offers (the Bataille's mise « égalité », LU RGD
    1979 art. 37-16), opened once the demo has recorded that version (poker/house_rules_demo.py)."""
    casino = Casino.objects.select_related("jurisdiction").get(code=code)
    today, done = casino.today(), []
    keeps_float = applies(casino.jurisdiction, "tables.avance_fixe")
    manager = casino.users.filter(role=User.Role.MANAGER).first()
    cashier = casino.users.filter(role=User.Role.ACCOUNTANT).first()
    for number, table in enumerate(TABLES[code]):
        if not table.house_rules or TableSession.objects.filter(table__casino=casino, table__number=table.number,
                                                                 gaming_day=today).exists():
            continue
        inventory = month_rows(code, today, 1001, keeps_float)[1]
        serial = expected_serial(casino, today.year) or 1001
        _open_today(casino, manager, cashier, today, table, number, serial, keeps_float, inventory)
        done.append(f"{table.number}: open today with its spots {', '.join(bet for bet, _, _ in table.spots)}")
    return done


def _counted(amount: Decimal) -> dict[str, int]:
    return {piece.split("x")[0]: int(piece.split("x")[1]) for piece in chips(amount).split()}
