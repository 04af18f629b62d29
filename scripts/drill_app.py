"""The application side of the recovery drill (scripts/standby.py): Django processes that go through the
product's services, as the cash desk does.

setup  (owner role) the LU demo casino, its manager and cashier, the system certificate, day cards and a
       signed checkpoint of the cartes register; prints {"day", "cards"} as JSON
write  (application role, primary) loads its card(s) until the database goes away; after each load
       returns, appends "ack <entry pk> <seq> <card> <amount>" to its file, flushed and fsynced; the load
       under way when the connection breaks is written "inflight <card> <amount>"
probe  (application role, standby's address) once the primary is lost, tries a load until one succeeds
       (the standby is read-only until promoted); prints {"at": time.monotonic(), "attempts"}
check  (promoted standby) every acknowledged load present and unchanged; each card's balance equal to
       the sum of its loads in the register; prints the figures as JSON

The point-in-time recovery drill (scripts/backup.py) uses `setup`, `write --count N` (stops after N loads) and:
mistake        (owner role) notes the moment (the database's clock, as pgBackRest takes a target), then makes the
               mass UPDATE a careless owner could: every card of the casino's balance set to 0, the triggers
               that hold balances to the ledger disabled for it; prints {"moment", "sql", "rows"}
restore-check  (restored cluster) the loads of before-*.acks present and unchanged, none of after-*.acks; each
               card's balance equal to its loads in the register (the mistake absent); prints the figures
"""

import argparse
import datetime
import json
import os
import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

import django  # noqa: E402

django.setup()

from django.db import Error as DatabaseError  # noqa: E402
from django.db import connection  # noqa: E402

from compliance.models import Casino, User  # noqa: E402
from registers.cards.ledger import LOADED, card_load  # noqa: E402
from registers.cards.services import card_certificate_record, card_issue  # noqa: E402
from registers.chain.services import register_for  # noqa: E402
from registers.kinds import RegisterKind  # noqa: E402
from registers.models import Card, Entry  # noqa: E402

CASINO, MANAGER, CASHIER = "la-moselle", "lu.direction", "lu.caissier"


def _staff() -> tuple[Casino, User, User]:
    casino = Casino.objects.select_related("jurisdiction").get(code=CASINO)
    return casino, User.objects.get(username=MANAGER), User.objects.get(username=CASHIER)


def setup(cards: int) -> dict:
    from compliance.demo import CASINOS, DEMO_PASSWORD, USERS
    from compliance.services import casino_create, system_user, user_create
    from games.services import rules_load
    from registers.chain.services import checkpoint_create

    actor = system_user()  # the drill sets up as the platform; the manager and the cashier act from then on
    rules_load(actor=actor)
    casino = casino_create(actor=actor, **next(spec for spec in CASINOS if spec["code"] == CASINO))
    for user in USERS:
        if user.casino == CASINO:
            user_create(actor=actor, username=user.username, password=DEMO_PASSWORD, role=user.role, casino=casino,
                        first_name=user.first_name, last_name=user.last_name)
    casino, manager, _cashier = _staff()
    day = casino.today()  # the casino's date: its registers open on it, whatever the server's zone
    card_certificate_record(casino=casino, actor=manager, supplier="Cartes SA", reference="CERT-DRILL",
                            issued_on=day)
    numbers = [card_issue(casino=casino, actor=manager, kind="journaliere", gaming_day=day).number
               for _ in range(cards)]
    checkpoint_create(register=register_for(casino=casino, kind=RegisterKind.CARTES), user=manager)
    return {"day": day.isoformat(), "cards": numbers}


class Acks:
    def __init__(self, path: str):
        self.handle = open(path, "a", encoding="ascii")  # noqa: SIM115 - held for the process's life

    def write(self, line: str) -> None:
        self.handle.write(line + "\n")
        self.handle.flush()
        os.fsync(self.handle.fileno())


def write(number: str, day: str, acks_path: str, count: int = 1_000_000) -> int:
    """Loads 1 to 9 € at a time; a full card (250 € cap) is followed by a new one issued by the manager."""
    casino, manager, cashier = _staff()
    gaming_day = datetime.date.fromisoformat(day)
    acks = Acks(acks_path)
    card = Card.objects.get(number=number)
    balance = card.balance
    for index in range(count):
        amount = Decimal(1 + (index * 7 + os.getpid()) % 9).quantize(Decimal("0.01"))
        try:
            if balance + amount > card.cap:
                card = card_issue(casino=casino, actor=manager, kind="journaliere", gaming_day=gaming_day)
                balance = card.balance
            entry = card_load(card=card, actor=cashier, amount=amount, gaming_day=gaming_day)
        except DatabaseError as lost:
            acks.write(f"inflight {card.number} {amount} {type(lost).__name__}")
            return 0
        balance += amount
        acks.write(f"ack {entry.pk} {entry.seq} {card.number} {amount}")
    return 0


def probe(number: str, day: str, acks_path: str, go: str) -> int:
    cashier = None
    while not os.path.exists(go):
        time.sleep(0.005)
    gaming_day = datetime.date.fromisoformat(day)
    deadline, attempts = time.monotonic() + 60, 0
    while time.monotonic() < deadline:
        attempts += 1
        try:
            if cashier is None:
                cashier = _staff()[2]
            card = Card.objects.get(number=number)
            entry = card_load(card=card, actor=cashier, amount=Decimal("1.00"), gaming_day=gaming_day)
        except DatabaseError:  # read-only until promoted
            connection.close()
            time.sleep(0.01)
            continue
        at = time.monotonic()
        Acks(acks_path).write(f"ack {entry.pk} {entry.seq} {card.number} 1.00")
        print(json.dumps({"at": at, "attempts": attempts, "entry": entry.pk}), flush=True)
        return 0
    return 1


def check(folder: str) -> dict:
    casino, _manager, _cashier = _staff()
    register = register_for(casino=casino, kind=RegisterKind.CARTES)
    loads = {}
    for pk, seq, payload in Entry.objects.filter(register=register, kind=LOADED).values_list("pk", "seq", "payload"):
        data = json.loads(payload)
        loads[pk] = (seq, data["card"], Decimal(data["amount"]))
    acknowledged = found = in_flight = 0
    acked, problems, wrong_balances = set(), [], []
    for path in sorted(Path(folder).glob("*.acks")):  # the writers' (on the primary) and the probe's
        for line in path.read_text(encoding="ascii").splitlines():
            fields = line.split()
            if fields[0] == "inflight":
                in_flight += 1
                continue
            acknowledged += path.name.startswith("writer-")
            pk, seq, number, amount = int(fields[1]), int(fields[2]), fields[3], Decimal(fields[4])
            acked.add(pk)
            if loads.get(pk) == (seq, number, amount):
                found += path.name.startswith("writer-")
            else:
                problems.append(f"acknowledged load lost or altered: entry {pk} n° {seq} {number} {amount}"
                                f" → {loads.get(pk)}")
    sums: dict[str, Decimal] = {}
    for _seq, number, amount in loads.values():
        sums[number] = sums.get(number, Decimal(0)) + amount
    for number, balance in Card.objects.filter(casino=casino).values_list("number", "balance"):
        if sums.get(number, Decimal(0)) != balance:
            wrong_balances.append(f"card {number}: balance {balance} ≠ {sums.get(number, 0)} loaded in the register")
    return {"acknowledged": acknowledged, "found": found, "in_flight": in_flight,
            "in_flight_committed": len(set(loads) - acked), "entries": Entry.objects.filter(register=register).count(),
            "balances_ok": not wrong_balances, "problems": (problems + wrong_balances)[:20]}


def _now() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'")
        return cursor.fetchone()[0]


MISTAKE = ("ALTER TABLE registers_card DISABLE TRIGGER USER; UPDATE registers_card SET balance = 0 "
           "WHERE casino_id = %s AND balance <> 0; ALTER TABLE registers_card ENABLE TRIGGER USER")


def mistake() -> dict:
    from django.db import transaction

    casino = _staff()[0]
    time.sleep(0.1)
    moment = _now()  # every load acknowledged before it committed before it
    time.sleep(0.1)
    with transaction.atomic(), connection.cursor() as cursor:
        first, update, last = MISTAKE.split("; ")
        cursor.execute(first)
        cursor.execute(update, [casino.pk])
        rows = cursor.rowcount
        cursor.execute(last)
    return {"moment": moment, "sql": MISTAKE.replace("%s", str(casino.pk)), "rows": rows}


def restore_check(folder: str) -> dict:
    casino = _staff()[0]
    register = register_for(casino=casino, kind=RegisterKind.CARTES)
    loads = {}
    for pk, seq, payload in Entry.objects.filter(register=register, kind=LOADED).values_list("pk", "seq", "payload"):
        data = json.loads(payload)
        loads[pk] = (seq, data["card"], Decimal(data["amount"]))
    figures = {"before": 0, "restored": 0, "after": 0, "present_after": 0}
    problems = []
    for path in sorted(Path(folder).glob("*.acks")):
        when = "before" if path.name.startswith("before-") else "after"
        for line in path.read_text(encoding="ascii").splitlines():
            fields = line.split()
            if fields[0] != "ack":
                problems.append(f"{path.name}: {line}")
                continue
            pk, seq, number, amount = int(fields[1]), int(fields[2]), fields[3], Decimal(fields[4])
            figures[when] += 1
            if when == "before" and loads.get(pk) == (seq, number, amount):
                figures["restored"] += 1
            elif when == "before":
                problems.append(f"acknowledged before the moment, lost or altered: entry {pk} n° {seq} {number} "
                                f"{amount} → {loads.get(pk)}")
            elif pk in loads or Entry.objects.filter(pk=pk).exists():
                figures["present_after"] += 1
                problems.append(f"acknowledged after the moment, yet restored: entry {pk} n° {seq} {number}")
    sums: dict[str, Decimal] = {}
    for _seq, number, amount in loads.values():
        sums[number] = sums.get(number, Decimal(0)) + amount
    wrong = [f"card {number}: balance {balance} ≠ {sums.get(number, 0)} loaded in the register"
             for number, balance in Card.objects.filter(casino=casino).values_list("number", "balance")
             if sums.get(number, Decimal(0)) != balance]
    return {**figures, "balances_ok": not wrong, "problems": (problems + wrong)[:20]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("setup").add_argument("--cards", type=int, required=True)
    for name in ("write", "probe"):
        command = sub.add_parser(name)
        command.add_argument("--card", required=True)
        command.add_argument("--day", required=True)
        command.add_argument("--acks", required=True)
        if name == "probe":
            command.add_argument("--go", required=True, help="file whose appearance means the primary is lost")
        else:
            command.add_argument("--count", type=int, default=1_000_000, help="loads, then stop")
    sub.add_parser("check").add_argument("--acks", required=True, help="folder of the acknowledgement files")
    sub.add_parser("mistake")
    sub.add_parser("restore-check").add_argument("--acks", required=True, help="folder of the acknowledgement files")
    args = parser.parse_args()
    if args.command in ("mistake", "restore-check"):
        print(json.dumps(mistake() if args.command == "mistake" else restore_check(args.acks)))
        return 0
    if args.command == "setup":
        print(json.dumps(setup(args.cards)))
        return 0
    if args.command == "write":
        return write(args.card, args.day, args.acks, args.count)
    if args.command == "probe":
        return probe(args.card, args.day, args.acks, args.go)
    print(json.dumps(check(args.acks)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
