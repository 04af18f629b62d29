"""The demo's playing-card stock, through the services, where the texts keep one (La Moselle, LU RGD 1979 art. 6,
37-9, 37-12, 37-16, 49-1, 49-5; Les Rochers, MC AM 2007-668 art. 1): sixains received under seal, the opening control
applied to the table games and to the poker room from today (the room's séances of the past week opened before it),
each of today's tables given the decks its game requires before it opens (tables/demo.py calls `decks_before_opening`
there); later (`decks_after_opening`), tonight's poker tables given theirs, a UTH deck no longer in perfect condition
retired and replaced by a new one (art. 37-12), and the retired decks destroyed, filed by the cashier and
countersigned by the direction; the register's head signed."""

import datetime

from compliance.models import Casino, User

from ..chain.services import checkpoint_create, pending_countersign
from ..models import Checkpoint, GamingTable, PokerSession
from . import rules, selectors
from .controls import NEW, POKER, TABLES
from .services import deck_control_set, deck_destroy, deck_issue, deck_receive, deck_return

# (description, back's colour, packs, supplier, first seal) received at each casino; the decks to a pack are the
# jurisdiction's sixain where its texts fix one, else the supplier's box of twelve
RECEIPTS = {
    "la-moselle": (("52 cartes, format américain, logo du casino", "rouge", 8, "Cartamundi", 40100),
                   ("52 cartes, format américain, logo du casino", "bleu", 8, "Cartamundi", 40200)),
    "les-rochers": (("52 cartes, teinte unie avec logo", "bordeaux", 4, "France Cartes", 7700),),
}
PROCEDURE = "Procédure interne PI-JEUX-07 « Jeux de cartes », version du 2 novembre 2026"


def _people(casino: Casino) -> tuple[User, User]:
    return (casino.users.filter(role=User.Role.MANAGER).order_by("pk").first(),
            casino.users.filter(role=User.Role.ACCOUNTANT).order_by("pk").first())


def _received(casino: Casino, cashier: User, today: datetime.date) -> None:
    size = rules.pack_size(casino, today)
    for description, colour, packs, supplier, seal in RECEIPTS.get(casino.code, ()):
        deck_receive(casino=casino, actor=cashier, gaming_day=today, supplier=supplier,
                             description=description, colour=colour, packs=packs,
                             per_pack=int(size.value) if size else 12,
                             seals=[f"S-{seal + k}" for k in range(packs)], plain_back=True)


def _issue(casino: Casino, cashier: User, today: datetime.date, family: str, table: str, game: str) -> None:
    """The decks the game requires, new and under seal, half of each colour where it takes more than one."""
    requirement = rules.requirement_on(casino, game, today)
    if requirement is None:
        return
    lots = sorted(selectors.stock_of(casino).lots.values(), key=lambda lot: lot.lot)
    shares = [requirement.decks] if requirement.decks == 1 or len(lots) == 1 else \
        [requirement.decks // 2, requirement.decks - requirement.decks // 2]
    for lot, decks in zip(lots, shares, strict=False):
        deck_issue(casino=casino, actor=cashier, gaming_day=today, lot=lot.lot, decks=decks, family=family,
                   table=table, new=True, counted=True, sealed=True, perfect=True)


def decks_before_opening(casino: Casino, today: datetime.date) -> list[str]:
    """The stock received, the control applied to the tables and the poker room from today, each table's decks issued
    for today (the poker tables' come once the room's history is loaded: `decks_after_opening`)."""
    if not rules.keeps_stock(casino, today) or selectors.register_of(casino) is not None:
        return []
    manager, cashier = _people(casino)
    _received(casino, cashier, today)
    deck_control_set(casino=casino, actor=manager, gaming_day=today, tables=today, poker=today, reference=PROCEDURE)
    tables = GamingTable.objects.filter(casino=casino).select_related("game").order_by("number")
    for table in tables:
        _issue(casino, cashier, today, TABLES, table.number, table.game.key)
    return [f"decks of {casino.code}: received, issued to {len(tables)} tables for today"]


def decks_after_opening() -> list[str]:
    """The poker tables' decks for tonight (those of the room's latest séances); at La Moselle, UT-01's deck retired
    and replaced new, the retired destroyed."""
    done = []
    for code in RECEIPTS:
        casino = Casino.objects.select_related("jurisdiction").get(code=code)
        today = casino.today()
        stock = selectors.stock_of(casino)
        register = selectors.register_of(casino)
        if not stock.lots or Checkpoint.objects.filter(register=register).exists():  # done by an earlier load
            continue
        manager, cashier = _people(casino)
        latest = PokerSession.objects.filter(casino=casino, gaming_day__lte=today).order_by("-gaming_day").first()
        night = latest.gaming_day if latest else today
        for table, game in PokerSession.objects.filter(casino=casino, gaming_day=night).values_list(
                "table", "game__key").distinct().order_by("table"):
            _issue(casino, cashier, today, POKER, table, game)
        worn = next((issue for issue in stock.issues.values() if issue.family == TABLES and issue.table == "UT-01"
                     and rules.requirement_on(casino, GamingTable.objects.get(casino=casino, number="UT-01").game.key,
                                              today).condition != NEW), None)
        if worn is not None:
            deck_return(casino=casino, actor=cashier, gaming_day=today, issue=worn.seq, decks=1, perfect=False,
                        reason="Coin corné relevé par le chef de table ; jeu remplacé par un jeu neuf")
            deck_issue(casino=casino, actor=cashier, gaming_day=today, lot=worn.lot, decks=1, family=TABLES,
                       table="UT-01", new=True, counted=True, sealed=True, perfect=True)
            pending = deck_destroy(casino=casino, actor=cashier, gaming_day=today, lot=worn.lot, decks=1,
                                   how="Cisaillage en présence du chef de salle")
            pending_countersign(pending=pending, countersigner=manager)
        checkpoint_create(register=register, user=manager)  # the head signed, as every register's
        done.append(f"decks of {code}: the poker tables given theirs for tonight"
                    + (", a worn deck retired, replaced and destroyed" if worn else ""))
    return done
