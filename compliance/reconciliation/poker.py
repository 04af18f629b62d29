"""The poker room's part of a day's reconciliation: the deals imported (registers/poker_room), each already replayed
and recomputed at its import, added up per table by PostgreSQL, and set against what the registers say.

- the rake above the legal cap of the game's pot (QC RJC art. 67.108), deal by deal;
- the rake the room's system declared against ours, recomputed at the session's rate, deal by deal: every pot is
  levied (LU RGD 1979 art. 49-1, 49-5), so a deal over and another under do not cancel out: the deals that differ,
  their count, the gross sum of their differences beside the net;
- the deals' rake per table against the cagnotte counted for that table and day (art. 49-1, 49-5: « Le montant de la
  retenue est immédiatement versé dans la cagnotte »);
- the progressive jackpot's drops per table against the session-end statement's increments (art. 49-9 al. 5), the
  bad-beat drops against the cagnotte's bad-beat part and the bad-beat register's statement (art. 49-13);
- the stakes set aside for absent players against the orphelins (art. 49-1);
- what the replay flagged: winners other than the cards say (the pot to the best hand: LU art. 49-1, 49-5; QC RJC
  art. 67.103 1°), raises outside the version, a version, blinds or an option that are not the session's (art. 49-4,
  49-1).
Each finding cites its rule from the rule data, or the casino's control where the texts say nothing."""

import datetime
import json
from collections import Counter, defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db import connection

from compliance.models import Casino
from registers import controls
from registers.chain.selectors import standing
from registers.kinds import EntryKind, RegisterKind
from registers.models import Consignment, Entry, PokerSession
from registers.money import CENT
from registers.poker import selectors as bad_beat
from registers.poker.controls.bad_beat_stages import carnet_problems
from registers.poker.controls.shared import BREAKDOWN
from registers.poker_room import rules as room
from registers.poker_room import stacks

from .checks import Found

ZERO = Decimal(0)
LISTED = 5  # deals named in a finding; the rest counted
# The codes the replay and the import flag a deal with, and the rule data each cites where it has one.
FLAGGED = {"wins": "poker_gains", "raise_size": "poker_relance", "version": "poker_version", "blinds": "poker_version",
           "option": "poker_version", "stack_low": "poker_avoir",
           stacks.BREAK: "poker_tapis", stacks.GAP: "poker_tapis", stacks.ABOVE: "poker_recave"}
FLAG_RULES = {"wins": "meilleure_main", "raise_size": "relance_min", "version": "versions", "blinds": "small_blind",
              "option": "option", "stack_low": "avoir_minimum", stacks.BREAK: stacks.WITHDRAWAL,
              stacks.ABOVE: room.REBUY}  # the article that leaves the recave's maximum to the règlement intérieur
# what a flag no rule value cites rests on: the casino's own control
FLAG_CONTROLS = {stacks.GAP: stacks.CONTROL}


@dataclass
class TableDay:
    table: str
    hands: int = 0
    rake: Decimal = ZERO
    rake_declared: Decimal = ZERO
    progressive: Decimal = ZERO
    progressive_declared: Decimal = ZERO
    bad_beat: Decimal = ZERO
    bad_beat_declared: Decimal = ZERO
    game: str = ""


def _money(cents) -> Decimal:
    return (Decimal(cents) / 100).quantize(CENT)


def _tables(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, dict[str, TableDay]]:
    """Per day and table, the deals' sums: one grouped query over the period's partitions."""
    found: dict[datetime.date, dict[str, TableDay]] = defaultdict(dict)
    with connection.cursor() as cursor:
        cursor.execute(
            """SELECT h.gaming_day, h."table", count(*), sum(h.rake), sum(h.rake_declared), sum(h.progressive),
                      sum(h.progressive_declared), sum(h.bad_beat), sum(h.bad_beat_declared), min(g.key)
                 FROM registers_pokerhand h JOIN registers_pokersession s ON s.id = h.session_id
                 JOIN games_game g ON g.id = s.game_id
                WHERE h.casino_id = %s AND h.gaming_day BETWEEN %s AND %s
                GROUP BY h.gaming_day, h."table" """, [casino.pk, first, last])
        for day, table, *sums, game in cursor.fetchall():
            found[day][table] = TableDay(table, *sums, game=game)
    return found


def _above_cap(casino: Casino, first: datetime.date, last: datetime.date) -> dict:
    """Per day and table, the deals whose declared rake passes the legal cap: their numbers and the excess."""
    found = defaultdict(dict)
    with connection.cursor() as cursor:
        cursor.execute(
            """SELECT gaming_day, "table", count(*), sum(rake_declared - rake_legal),
                      (array_agg(number ORDER BY started_at))[1:%s]
                 FROM registers_pokerhand
                WHERE casino_id = %s AND gaming_day BETWEEN %s AND %s AND rake_declared > rake_legal
                GROUP BY gaming_day, "table" """, [LISTED, casino.pk, first, last])
        for day, table, count, excess, numbers in cursor.fetchall():
            found[day][table] = (count, excess, numbers)
    return found


def _raked_otherwise(casino: Casino, first: datetime.date, last: datetime.date) -> dict:
    """Per day and table, the deals whose declared rake is not ours: how many, the gross sum of their differences
    (each counted whatever its sign), the net, the first deals' numbers. Every pot is levied: a deal over and a deal
    under are two deals wrong, not none."""
    found = defaultdict(dict)
    with connection.cursor() as cursor:
        cursor.execute(
            """SELECT gaming_day, "table", count(*), sum(abs(rake_declared - rake)), sum(rake_declared - rake),
                      (array_agg(number ORDER BY started_at))[1:%s]
                 FROM registers_pokerhand
                WHERE casino_id = %s AND gaming_day BETWEEN %s AND %s AND rake_declared <> rake
                GROUP BY gaming_day, "table" """, [LISTED, casino.pk, first, last])
        for day, table, count, gross, net, numbers in cursor.fetchall():
            found[day][table] = (count, gross, net, numbers)
    return found


def _flagged(casino: Casino, first: datetime.date, last: datetime.date) -> dict:
    """Per day, table and flag (only those the reconciliation reports): how many deals, the sum of their variances,
    the first deals' numbers. A deal flagged twice for the same thing (a main pot and a side pot both paid to the
    wrong player) is one deal: its flags are summed per deal before the deals are counted."""
    found = defaultdict(dict)
    with connection.cursor() as cursor:
        cursor.execute(
            """SELECT gaming_day, "table", code, count(*), sum(cents),
                      (array_agg(number ORDER BY started_at))[1:%s]
                 FROM (SELECT h.gaming_day, h."table", h.number, h.started_at, f->>0 AS code,
                              sum((f->>1)::bigint) AS cents
                         FROM registers_pokerhand h, jsonb_array_elements(h.flags) f
                        WHERE h.casino_id = %s AND h.gaming_day BETWEEN %s AND %s AND jsonb_array_length(h.flags) > 0
                          AND f->>0 = ANY(%s)
                        GROUP BY h.id, h.gaming_day, h."table", h.number, h.started_at, f->>0) per_deal
                GROUP BY gaming_day, "table", code""", [LISTED, casino.pk, first, last, list(FLAGGED)])
        for day, table, code, count, cents, numbers in cursor.fetchall():
            found[day].setdefault(table, {})[code] = (count, _money(cents or 0), numbers)
    return found


def _payloads(casino: Casino, register: str, kind: str, first: datetime.date, last: datetime.date):
    rows = standing(Entry.objects.filter(register__casino=casino, register__kind=register, kind=kind,
                                         gaming_day__range=(first, last)))
    for day, payload in rows.values_list("gaming_day", "payload"):
        yield day, json.loads(payload)


def _cited(casino: Casino, key: str, day: datetime.date, control) -> str:
    return controls.cited(casino, key, day, control)


def _listed(numbers: list[str], count: int) -> str:
    shown = ", ".join(numbers or [])
    return shown if count <= len(numbers or []) else f"{shown} …"


def _finding(kind: str, day: datetime.date, table: str, citation: str, variance: Decimal | None, **params) -> Found:
    return Found(kind, f"{kind}:{table}:{day.isoformat()}", citation, variance, table[:20], None,
                 {"table": table, **{key: str(value) for key, value in params.items()}})


def poker_findings(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, list[Found]]:
    tables, capped, flagged = _tables(casino, first, last), _above_cap(casino, first, last), \
        _flagged(casino, first, last)
    raked = _raked_otherwise(casino, first, last)
    counts = defaultdict(dict)
    for day, payload in _payloads(casino, RegisterKind.CAGNOTTE, EntryKind.CAGNOTTE_COUNTED, first, last):
        counts[day][payload["table"]] = payload
    statements = defaultdict(lambda: defaultdict(lambda: ZERO))
    for day, payload in _payloads(casino, RegisterKind.JACKPOT_PROGRESSIF, EntryKind.JACKPOT_STATEMENT, first, last):
        for table, amount in (payload.get("increments") or {}).items():
            statements[day][table] += Decimal(amount)
    bad_beat_statements = defaultdict(lambda: None)
    for day, payload in _payloads(casino, RegisterKind.BAD_BEAT, EntryKind.JACKPOT_STATEMENT, first, last):
        bad_beat_statements[day] = (bad_beat_statements[day] or ZERO) + Decimal(payload["amount"])
    consigned = _consigned(casino, first, last)
    for day, carnet in _carnet(casino, first, last).items():
        consigned.setdefault(day, []).extend(carnet)
    found: dict[datetime.date, list[Found]] = {}
    for offset in range((last - first).days + 1):
        day = first + datetime.timedelta(days=offset)
        found[day] = [*_day(casino, day, tables.get(day, {}), capped.get(day, {}), flagged.get(day, {}),
                            counts.get(day, {}), statements.get(day, {}), bad_beat_statements[day],
                            raked.get(day, {})),
                      *consigned.get(day, [])]
    return found


def _day(casino: Casino, day: datetime.date, tables: dict[str, TableDay], capped: dict, flagged: dict,
         counts: dict, statements: dict, bad_beat_statement: Decimal | None, raked: dict) -> list[Found]:
    found = []
    legal_rate, legal_citation = room.legal_rate(casino, day)
    for name in sorted(tables):
        row = tables[name]
        if name in capped:
            count, excess, numbers = capped[name]
            found.append(_finding("poker_plafond", day, name, legal_citation, excess, count=count,
                                  hands=_listed(numbers, count), rate=(legal_rate or ZERO) * 100, amount=excess))
        if name in raked:
            deals, gross, net, numbers = raked[name]
            found.append(_finding("poker_retenue", day, name, _cited(
                casino, f"{row.game}.{room.RETENTION}", day, controls.POKER_RAKE), gross,
                declared=row.rake_declared, computed=row.rake, amount=net, gross=gross, hands=row.hands,
                count=deals, listed=_listed(numbers, deals)))
        count = counts.get(name)
        counted = Decimal(count["house"]) if count else None
        if counted is None or counted != row.rake_declared:
            variance = row.rake_declared - (counted or ZERO)
            books = _cited(casino, f"{row.game}.retenue_cagnotte", day, controls.POKER_COUNT)
            found.append(_finding("poker_cagnotte", day, name, books, variance, declared=row.rake_declared,
                                  register="—" if counted is None else counted, amount=variance))
        taken = statements.get(name)
        if (row.progressive_declared or taken is not None) and (taken or ZERO) != row.progressive_declared:
            variance = row.progressive_declared - (taken or ZERO)
            found.append(_finding("poker_progressif", day, name, _cited(
                casino, "jackpot_progressif.increments_par_table", day, controls.POKER_DROPS), variance,
                declared=row.progressive_declared, register="—" if taken is None else taken, amount=variance))
        if row.progressive_declared != row.progressive or row.bad_beat_declared != row.bad_beat:
            variance = row.progressive_declared + row.bad_beat_declared - row.progressive - row.bad_beat
            found.append(_finding("poker_increments", day, name, _cited(
                casino, room.BAD_BEAT_RECORD, day, controls.POKER_DROPS), variance,
                declared=row.progressive_declared + row.bad_beat_declared, computed=row.progressive + row.bad_beat,
                amount=variance))
        if count and row.bad_beat_declared != Decimal(count.get("bad_beat") or 0):
            variance = row.bad_beat_declared - Decimal(count.get("bad_beat") or 0)
            found.append(_finding("poker_bad_beat", day, name, _cited(casino, room.BAD_BEAT_RECORD, day,
                                                                      controls.POKER_DROPS), variance,
                                  declared=row.bad_beat_declared, register=count.get("bad_beat"), amount=variance))
        for code, (how_many, amount, numbers) in sorted(flagged.get(name, {}).items()):
            rule = FLAG_RULES.get(code)
            citation = _cited(casino, f"{row.game}.{rule}", day, controls.POKER_SESSION) if rule else \
                controls.written(FLAG_CONTROLS.get(code, controls.POKER_SESSION))
            kind = FLAGGED[code]
            found.append(Found(kind, f"{kind}:{code}:{name}:{day.isoformat()}", citation, amount or None, name[:20],
                               None, {"table": name, "count": str(how_many), "hands": _listed(numbers, how_many),
                                      "amount": str(amount), "code": code}))
    declared = sum((row.bad_beat_declared for row in tables.values()), ZERO)
    if (bad_beat_statement is not None or declared) and (bad_beat_statement or ZERO) != declared:
        variance = declared - (bad_beat_statement or ZERO)
        found.append(_finding("poker_bad_beat", day, "*", _cited(
            casino, "bad_beat_jackpot.releve_fin_de_seance", day, controls.POKER_DROPS), variance,
            declared=declared, register="—" if bad_beat_statement is None else bad_beat_statement, amount=variance))
    return found


def _consigned(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, list[Found]]:
    """Each stake set aside and unclaimed at a session's end must be in the orphelins as « mise consignée », on its
    day or the next (art. 49-1): matched by amount; what is left over is a finding."""
    found = defaultdict(list)
    stakes = list(Consignment.objects.filter(session__casino=casino, session__gaming_day__range=(first, last))
                  .select_related("session__game").order_by("consigned_at", "pk"))
    if not stakes:
        return found
    filed = Counter()
    rows = standing(Entry.objects.filter(register__casino=casino, register__kind=RegisterKind.ORPHELINS,
                                         kind=EntryKind.ORPHELIN_FILED,
                                         gaming_day__range=(first, last + datetime.timedelta(days=1))))
    for day, payload in rows.values_list("gaming_day", "payload"):
        payload = json.loads(payload)
        if payload.get("source") == "mise_consignee":
            filed[(day, Decimal(payload["amount"]))] += 1
    for stake in stakes:
        day = stake.session.gaming_day
        for when in (day, day + datetime.timedelta(days=1)):
            if filed[(when, stake.amount)]:
                filed[(when, stake.amount)] -= 1
                break
        else:
            rule = f"{stake.session.game.key}.{room.CONSIGNED}"
            found[day].append(Found(
                "poker_orphelin", f"poker_orphelin:{stake.pk}", _cited(casino, rule, day, controls.POKER_SESSION),
                stake.amount, stake.session.table[:20], None,
                {"table": stake.session.table, "player": stake.player, "seat": str(stake.seat),
                 "amount": str(stake.amount), "session": str(stake.session.number)}))
    return found


def _carnet(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, list[Found]]:
    """The bad beat's « carnet de compte », kept by hand while its machine was down, against the retention of the
    deals imported for those tables and days (LU art. 49-14 al. 3: `carnet_problems`): each difference a finding."""
    noted = bad_beat.carnet_lines(casino, first, last)
    if not noted:
        return {}
    found = defaultdict(list)
    deals = bad_beat.carnet_deals(casino, {day for _table, day in noted})
    for problem in carnet_problems(noted, deals, ""):
        table, day = problem.params["table"], problem.params["day"]
        variance = problem.params["noted"] - problem.params["deals"]
        found[day].append(_finding("poker_carnet", day, table, _cited(casino, BREAKDOWN, day, controls.POKER_DROPS),
                                   variance, noted=problem.params["noted"], deals=problem.params["deals"],
                                   amount=variance))
    return found


def has_poker(casino: Casino) -> bool:
    return PokerSession.objects.filter(casino=casino).exists()
