"""The demo's poker rooms: a week of deals at La Moselle (Luxembourg) and Lac-Bleu (Québec), played by the simulator
(games/poker/simulator.py) at sessions opened through the services, imported from the room's file as the nightly
feed does, and the registers filed as the cashier and the management file them each night: the cagnotte counted per
table, La Moselle's progressive jackpot statement and bad-beat statement, a stake set aside carried to the
orphelins. The room's file is left in var/demo/poker/<casino>.ohh.json (settings.DEMO_FILES_DIR), for the README's
commands. A few faults are planted for the reconciliation to find, and nothing else:

- La Moselle, 5 days ago, TH-1: three deals raked one euro more than the session's rate gives;
- La Moselle, 4 days ago, OM-1: the cagnotte counted 20 € short of the deals' rake;
- La Moselle, 3 days ago, TH-1: the progressive statement's increment 5 € short of the deals' drops;
- La Moselle, 2 days ago, TH-1: a stake set aside, not carried to the orphelins;
- La Moselle, 6 days ago, OM-1: a player starts a deal 5 € short of what the deal before left them;
- La Moselle, 4 days ago, TH-1: a player's recave of 2 500 € between two deals, above the 2 000 € maximum of the
  règlement intérieur then in force (LU RGD 1979 art. 49-1; registers/demo.py records it);
- Lac-Bleu, 5 days ago, SP-1: two deals raked at 12 %, above the 10 % of the game's pot (QC RJC art. 67.108);
- Lac-Bleu, 3 days ago, SP-2: no cagnotte counted;
- La Moselle, 6 days ago, TH-1: the séance closed with its caisse de change 50 € short, unexplained (LU art. 49-3
  al. 4); 4 days ago, OM-1's 20 € short is explained at the close, and is no finding.

La Moselle's séances open with their initial cave and caisse de change as its arrêté fixes them, each closed at the
end of its day with the caisse counted; a few players' recaves within the house rules' maximum."""

import io
import os
import random
import tempfile
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import transaction

from compliance.models import Casino, User
from games.poker import hand as deal
from games.poker.faults import recave_above, stack_short
from games.poker.formats import ohh
from games.poker.simulator import Table, overraked, play, rake_above_legal

from ..chain.services import pending_countersign
from ..models import PokerSession
from ..orphelins.services import orphelin_file
from ..poker.services import bad_beat_statement_file, cagnotte_file, progressive_configure, progressive_statement
from . import rules, services
from .imports import hands_import

DAYS = 7
HANDS = 120  # per table and day
CENTS = Decimal(100)
PLAYERS = ("Ana Lopes", "Tom Klein", "Eva Schmit", "Luc Hoffmann", "Marc Weber", "Sara Muller", "Jo Reuter",
           "Nina Thill", "Paul Kieffer", "Lea Wagner", "Max Becker", "Ines Faber", "Yves Lentz", "Zoe Kremer")
JACKPOT = "Hold'em 5-10"


@dataclass(frozen=True)
class DemoTable:
    name: str
    variant: str
    version: str
    minimum: str
    small_blind: str
    big_blind: str
    rate: str
    rake_cap: str | None = None
    caisse: str | None = None  # the caisse de change counted at the opening (LU art. 49-1, 49-3 al. 4)
    cave: str | None = None  # the initial cave the chef de salle fixes (art. 49-3 al. 3)
    no_flop_no_drop: bool | None = None  # None: as the house rules in force say (la-moselle's, registers/demo.py)
    bad_beat: bool = False
    progressive: bool = False


ROOMS = {
    "la-moselle": ("lu", (DemoTable("TH-1", deal.HOLDEM, deal.NO_LIMIT, "10", "5", "10", "0.05", bad_beat=True,
                                    progressive=True, caisse="5000", cave="100"),
                          DemoTable("OM-1", deal.OMAHA, deal.POT_LIMIT, "4", "2", "4", "0.05", caisse="3000",
                                    cave="100"))),
    "lac-bleu": ("qc", (DemoTable("SP-1", deal.HOLDEM, deal.NO_LIMIT, "2", "1", "2", "0.10", rake_cap="5",
                                  no_flop_no_drop=True),
                        DemoTable("SP-2", deal.OMAHA_HILO, deal.POT_LIMIT, "4", "2", "4", "0.05"))),
}
BAD_BEAT = {"kind": "pourcentage", "value": "1", "rounding": "inferieur", "minimum_pot": "20"}


def _cents(value: str) -> int:
    return int(Decimal(value) * CENTS)


def _money(cents: int) -> str:
    return str((Decimal(cents) / CENTS).quantize(Decimal("0.01")))


@transaction.atomic
def poker_room_demo(code: str) -> list[str]:
    casino = Casino.objects.select_related("jurisdiction").get(code=code)
    if PokerSession.objects.filter(casino=casino).exists():
        return []
    prefix, tables = ROOMS[code]
    cashier, manager = User.objects.get(username=f"{prefix}.caissier"), User.objects.get(username=f"{prefix}.direction")
    zone, rng = ZoneInfo(casino.jurisdiction.timezone), random.Random(f"vigie-poker-{code}")  # nosec B311  # demo data, seeded
    today = casino.today()
    first = today - timedelta(days=DAYS)
    if prefix == "lu":
        progressive_configure(casino=casino, actor=manager, gaming_day=first, name=JACKPOT, tables=["TH-1"],
                              small_blind="5.00", levels=[{"combination": "royal_flush", "start": "2500.00"},
                                                          {"combination": "straight_flush", "start": "1000.00"},
                                                          {"combination": "four_of_a_kind", "start": "250.00"}],
                              increment_kind="pourcentage", increment_value="1.00", rounding="inferieur",
                              blinds=[{"table": "TH-1", "small_blind": "5.00", "big_blind": "10.00"}])
    file, drops, counted = io.StringIO(), {}, {}
    for offset in range(DAYS, 0, -1):
        day = today - timedelta(days=offset)
        for spec in tables:
            session = services.poker_session_open(
                casino=casino, actor=manager, gaming_day=day, table=spec.name, variant=spec.variant,
                version=spec.version, minimum=spec.minimum, small_blind=spec.small_blind, big_blind=spec.big_blind,
                rake_rate=spec.rate, rake_cap=spec.rake_cap, no_flop_no_drop=spec.no_flop_no_drop,
                bad_beat=BAD_BEAT if spec.bad_beat else None, caisse=spec.caisse, cave=spec.cave,
                opened_at=datetime.combine(day, time(19, 0), tzinfo=zone))
            increment = {"kind": "pourcentage", "value": "1.00", "rounding": "inferieur"} if spec.progressive else None
            table = Table(spec.name, spec.variant, spec.version, _cents(spec.small_blind), _cents(spec.big_blind),
                          False, 0, 0, 9 if spec.variant == deal.HOLDEM else 6, casino.currency,
                          rules.session_rules(session, increment))
            start = datetime.combine(day, time(19, 0), tzinfo=zone) + timedelta(minutes=5)
            hands = list(play(table, start, HANDS, rng, list(PLAYERS)))
            hands = _planted(code, offset, spec.name, hands)
            if (code, offset, spec.name) == ("la-moselle", 6, "OM-1"):  # 5 € gone between two deals
                hands = stack_short(hands, table.rules, 500)[0]
            if (code, offset, spec.name) == ("la-moselle", 4, "TH-1"):  # 2 500 € brought between two deals
                hands = recave_above(hands, 250_000)[0]
            ohh.write(hands, file)
            sums = drops.setdefault((day, spec.name), [0, 0, 0])
            for one in hands:
                for pot in one.pots:
                    sums[0] += pot.rake
                    sums[1] += pot.progressive
                    sums[2] += pot.bad_beat
            counted[(day, spec.name)] = session
    content = file.getvalue().encode()
    _left(code, content)
    result = hands_import(casino=casino, actor=cashier, source=io.BytesIO(content), name=f"{code}.ohh.json")
    _registers(casino, prefix, cashier, manager, drops, counted)
    _seances_closed(casino, manager, counted, {spec.name: spec for spec in tables})
    return [f"poker room of {code}: {result.created} deals over {len(result.days)} days"]


def _left(code: str, content: bytes) -> None:
    """The room's file left for the README's commands: written whole then renamed, since demos loading at the same
    time (the test suite's workers) write the same path."""
    path = Path(settings.DEMO_FILES_DIR) / "poker" / f"{code}.ohh.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{code}-", delete=False) as written:
        written.write(content)
    os.replace(written.name, path)


def _planted(code: str, offset: int, table: str, hands: list) -> list:
    if (code, offset, table) == ("la-moselle", 5, "TH-1"):
        return [overraked(hand, 100) if index in (10, 40, 80) else hand for index, hand in enumerate(hands)]
    if (code, offset, table) == ("lac-bleu", 5, "SP-1"):
        raked = [index for index, hand in enumerate(hands) if sum(p.amount for p in hand.pots) >= 2000][:2]
        return [rake_above_legal(hand, "0.12") if index in raked else hand for index, hand in enumerate(hands)]
    return hands


@transaction.atomic
def _registers(casino: Casino, prefix: str, cashier: User, manager: User, drops: dict, sessions: dict) -> None:
    """What the cashier files each night, the management countersigning: the cagnotte per table, the jackpots'
    statements; a stake set aside carried to the orphelins."""
    progressive_total = 0
    for (day, table), (rake, progressive, bad_beat) in sorted(drops.items()):
        offset = (casino.today() - day).days
        if (casino.code, offset, table) == ("lac-bleu", 3, "SP-2"):
            continue  # planted: no count
        house = rake - (2000 if (casino.code, offset, table) == ("la-moselle", 4, "OM-1") else 0)
        pending_countersign(pending=cagnotte_file(
            casino=casino, actor=cashier, gaming_day=day, table=table, house=_money(house),
            bad_beat=_money(bad_beat), box_count=_money(house + bad_beat), currency=casino.currency),
            countersigner=manager)
        if prefix == "lu" and table == "TH-1":
            progressive_total += progressive
            stated = progressive - (500 if offset == 3 else 0)
            progressive_statement(casino=casino, actor=cashier, gaming_day=day, name=JACKPOT,
                                  displayed={"1": _money(250000 + progressive_total // 2),
                                             "2": _money(100000 + progressive_total // 3),
                                             "3": _money(25000 + progressive_total - progressive_total // 2
                                                         - progressive_total // 3)},
                                  increments={"TH-1": _money(stated)})
    if prefix != "lu":
        return
    for day in sorted({day for day, _table in drops}):
        amount = sum(bad_beat for (when, _t), (_r, _p, bad_beat) in drops.items() if when == day)
        pending_countersign(pending=bad_beat_statement_file(
            casino=casino, actor=cashier, gaming_day=day, amount=_money(amount), currency=casino.currency,
            history_reference=f"Historique certifié des tables du {day.isoformat()}"), countersigner=manager)
    for offset, player, amount, carried in ((3, "Marc Weber", "85.00", True), (2, "Jo Reuter", "140.00", False)):
        day = casino.today() - timedelta(days=offset)
        session = sessions[(day, "TH-1")]
        services.stake_consign(session=session, actor=manager, seat=4, player=player, amount=amount,
                               currency=casino.currency,
                               consigned_at=datetime.combine(day, time(23, 30), tzinfo=ZoneInfo(
                                   casino.jurisdiction.timezone)))
        if carried:
            pending_countersign(pending=orphelin_file(
                casino=casino, actor=cashier, gaming_day=day, source="mise_consignee", amount=amount,
                currency=casino.currency, location="Salon de poker, table TH-1",
                description=f"Mise consignée de {player}, absent au-delà de la durée permise, non réclamée en fin "
                            "de séance"), countersigner=manager)


# (days ago, table) → (the caisse counted at the close less the opening's, its explanation)
CLOSES = {(6, "TH-1"): ("-50.00", ""),  # planted: short, unexplained
          (4, "OM-1"): ("-20.00", "Deux jetons de 10 € remis à la caisse centrale contre reçu n° 4471")}
REBUYS = ((5, "TH-1", 3, "Eva Schmit", "100.00"), (2, "OM-1", 5, "Luc Hoffmann", "100.00"))


def _seances_closed(casino: Casino, manager: User, sessions: dict, specs: dict) -> None:
    """Each séance counted at its opening closed at the end of its day with its caisse de change counted (one short
    and unexplained, planted; one short and explained); a few recaves taken during the evening."""
    zone, today = ZoneInfo(casino.jurisdiction.timezone), casino.today()
    for offset, table, seat, player, amount in REBUYS:
        day = today - timedelta(days=offset)
        if specs.get(table) is None or specs[table].caisse is None:  # La Moselle's tables only
            continue
        services.poker_rebuy(session=sessions[(day, table)], actor=manager, seat=seat, player=player, amount=amount,
                             rebought_at=datetime.combine(day, time(21, 15), tzinfo=zone))
    for (day, table), _session in sorted(sessions.items()):
        caisse = specs[table].caisse
        if caisse is None:
            continue
        short, explanation = CLOSES.get(((today - day).days, table), ("0", ""))
        services.poker_seance_close(casino=casino, actor=manager, gaming_day=day, table=table,
                                    caisse=str(Decimal(caisse) + Decimal(short)), explanation=explanation,
                                    closed_at=datetime.combine(day, time(23, 55), tzinfo=zone))
