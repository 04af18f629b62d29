"""Every write operation of the API taken legitimately, through journeys a casino's people, its regulator and its slot
system make with the demo: each request a schemathesis case of its operation in the live schema, built from the demo's
real machines, cards, tables, requests and days, sent with the right person's token, its answer checked against the
schema as the fuzz checks it (tests/test_api_fuzz.py). Each journey is a realistic sequence: a machine installed, told
to the Minister, put out of service and sold; a table created, opened, filled, its credit voided, closed and counted;
a request drafted, documented, filed, questioned, answered, decided and revoked …

It fails on any step refused, on any write operation of the schema without a 2xx (but those listed in IMPOSSIBLE, with
why), on any answer not as documented, and if `registers_audit` (the families' shared controls) finds an entry invalid
afterwards. Every entry the journeys wrote is listed by register and kind, beside the 2xx of each operation: printed
(`pytest -s`) and kept in the report's properties, which the terminal summary shows (tests/conftest.py)."""

import datetime
import io
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import requests
import schemathesis
from django.db.models import Max
from rest_framework.throttling import SimpleRateThrottle
from schemathesis.core.failures import FailureGroup

from compliance.demo import DEMO_PASSWORD
from compliance.models import Casino, User
from games.poker.formats import ohh
from registers.cards.slot_system.services import RATE_MAX, slot_system_register
from registers.models import Card, Entry, PendingEntry, PokerSession, Slip
from registers.poker_room.services import poker_session_open
from registers.tables.imports import COLUMNS
from tests.conftest import otp_code
from tests.poker_world import hands
from tests.test_api_fuzz import CHECKS, _audit, _written

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db(transaction=True)]

LU, QC, MC = "la-moselle", "lac-bleu", "les-rochers"
PEOPLE = ("lu.caissier", "lu.direction", "lu.ministere", "qc.caissier", "qc.direction", "mc.caissier", "mc.direction")
SLOTS = "système de gestion des appareils"  # La Moselle's slot system: the slots' API takes its key only
# Write operations no journey can take legitimately, each with why (none today).
IMPOSSIBLE: dict[str, str] = {}
SIGNED = {"croupier": "Alice Martin", "superviseur": "Bruno Keller"}
SLIP_SIGNED = {**SIGNED, "demandeur": "Bruno Keller", "caissier": "Dora Lentz", "porteur": "Eric Roth"}
COUNTED = {"compteur_1": "Dora Lentz", "compteur_2": "Eric Roth"}


@dataclass
class Journeys:
    """The live schema's operations, each person's token, and what every call gave."""

    base: str
    operations: dict  # "POST /path" → its schemathesis operation
    tokens: dict[str, str] = field(default_factory=dict)  # person → "Token …" or "Slot …"
    ok: Counter = field(default_factory=Counter)  # "POST /path" → its 2xx
    refused: list[str] = field(default_factory=list)  # a journey's step not taken
    failures: list[str] = field(default_factory=list)  # an answer not as the schema documents it
    steps: int = 0

    def call(self, who: str, method: str, path: str, *, params: dict | None = None, body=None, query=None,
             multipart: bool = False, headers: dict | None = None) -> dict | list | None:
        """One step of a journey as `who`: the answer's body when it succeeded (2xx), else None and the step named in
        `refused`."""
        operation = self.operations[f"{method} {path}"]
        kwargs = {"path_parameters": params or {}, "query": query or {}}
        if body is not None:
            kwargs["body"] = body
            kwargs["media_type"] = "multipart/form-data" if multipart else "application/json"
        case = operation.Case(**kwargs)
        sent = {**(headers or {}), "Authorization": self.tokens[who]} if who in self.tokens else dict(headers or {})
        response = case.call(base_url=self.base, headers=sent, timeout=60)
        self.steps += 1
        where = f"{who} {method} {case.formatted_path} → {response.status_code}"
        try:
            case.validate_response(response, checks=CHECKS, headers=sent)
        except FailureGroup as group:
            self.failures.append(f"{where}: " + "; ".join(f"{f.title}: {f.message}"[:300] for f in group.exceptions))
        if not 200 <= response.status_code < 300:
            self.refused.append(f"{where}\n{json.dumps(body, ensure_ascii=False, default=str)[:400]}\n"
                                f"{response.text[:600]}")
            return None
        self.ok[f"{method} {path}"] += 1
        try:
            return response.json()
        except ValueError:  # an answer without a body (none of the writes')
            return {}

    def post(self, who: str, path: str, body=None, **kwargs):
        return self.call(who, "POST", path, body=body, **kwargs)

    def get(self, who: str, path: str, **kwargs):
        return self.call(who, "GET", path, **kwargs)

    def countersign(self, who: str, pending: dict | None) -> dict | None:
        """A pending filing countersigned by a second person (`who`): the entry it becomes."""
        if not pending or pending.get("entry") is not None or "id" not in pending:
            return None
        return self.post(who, "/api/v1/registers/pending/{id}/countersign/", params={"id": pending["id"]})


R = "/api/v1/registers/{casino}"


def _day(casino: str) -> datetime.date:
    return Casino.objects.get(code=casino).today()


# --- the journeys --------------------------------------------------------------------------------------------------


def machines(j: Journeys) -> None:
    """La Moselle's slot machines (LU RGD 1979 art. 17, 18-1, 18-10): a machine installed; the Minister told in writing
    of its putting out of service, the move made that day; then of its putting in reserve, then of its sale, each told
    and made; a jackpot paid by hand on a machine of the floor, countersigned by the direction."""
    today = str(_day(LU))
    where = {"casino": LU}
    fleet = j.get("lu.caissier", f"{R}/appareils/machines/", params=where) or []
    taken = {row["machine"] for row in fleet}
    number = next(f"LM-{n:03d}" for n in range(20, 999) if f"LM-{n:03d}" not in taken)
    j.post("lu.caissier", f"{R}/appareils/install/", params=where, body={
        "machine": number, "manufacturer": "Novomatic", "certificate": f"CE-LU-2026-{number[3:]}",
        "server_based": True, "games": ["Book of Ra", "Lucky Lady"], "certified_games": ["Book of Ra", "Lucky Lady"],
        "condition": "neuf"})
    for n, event in enumerate(("hors_service", "reserve", "vente"), start=1):
        j.post("lu.caissier", f"{R}/appareils/notices/", params=where, body={
            "machine": number, "event": event, "effective": today, "sent_on": today,
            "reference": f"Lettre au Ministre des Finances n° 2026-{number[3:]}-{n}"})
        j.post("lu.caissier", f"{R}/appareils/moves/", params=where, body={
            "gaming_day": today, "machine": number, "event": event})
    # a machine installed before Vigie asked its condition (art. 17 al. 2 5°): the direction records it
    unsaid = sorted(row["machine"] for row in fleet if row.get("condition") is None and row["state"] != "vendu")
    if unsaid:
        j.post("lu.direction", f"{R}/appareils/conditions/", params=where, body={
            "machine": unsaid[0], "condition": "neuf"})
    on_floor = sorted(row["machine"] for row in fleet if row["state"] == "en_service")
    receipt = f"Q-{today}-{len(fleet):03d}"
    paid = j.post("lu.caissier", f"{R}/jackpots/", params=where, body={
        "gaming_day": today, "machine": on_floor[0], "amount": "1 850,00", "receipt_number": receipt,
        "receipt_in_cabinet": True})
    j.countersign("lu.direction", paid)


def cards(j: Journeys) -> None:
    """La Moselle's slot system on the electronic gaming cards (LU RGD 1979 art. 3-1 to 3-4, 18-10): a bet debited, a
    win credited, a batch of both, then a win past another card's cap whose excess the cashier pays by hand."""
    fleet = j.get("lu.caissier", f"{R}/appareils/machines/", params={"casino": LU}) or []
    machine = sorted(row["machine"] for row in fleet if row["state"] == "en_service")[0]
    balances = {}
    for number in _active_cards():
        balance = j.get(SLOTS, "/api/v1/slots/cards/{number}/balance/", params={"number": number})
        if balance:
            balances[number] = balance
    room = {n: Decimal(b["cap"]) - Decimal(b["balance"]) for n, b in balances.items() if b.get("cap")}
    # the bets and wins of a card with money on it and room under its cap: nothing of them is paid by hand
    played = next((n for n, b in balances.items() if Decimal(b["balance"]) >= 10 and room.get(n, 0) >= 20), None)
    capped = next((n for n in room if n != played), None)
    if played is None or capped is None:
        j.refused.append(f"no card to play on: {balances}")
        return
    one = {"card": played, "currency": "EUR", "machine": machine}
    key = f"journey-{time.time_ns()}"
    j.post(SLOTS, "/api/v1/slots/debit/", {**one, "amount": "2,50"}, headers={"Idempotency-Key": f"{key}-d"})
    j.post(SLOTS, "/api/v1/slots/credit/", {**one, "amount": "7,50"}, headers={"Idempotency-Key": f"{key}-c"})
    batch = j.post(SLOTS, "/api/v1/slots/batch/", {"operations": [
        {"operation": "debit", "key": f"{key}-b1", **one, "amount": "1,00"},
        {"operation": "credit", "key": f"{key}-b2", **one, "amount": "3,00"}]})
    # a batch answers 200 whole: each operation's own answer is in its result
    j.refused += [f"batch {result['key']} → {result['status']}: {result['body']}"
                  for result in (batch or {}).get("results", []) if result["status"] != 201]
    # a win 30 € past another card's cap: credited up to the cap, the rest paid by hand by the cashier
    won = j.post(SLOTS, "/api/v1/slots/credit/", {"card": capped, "currency": "EUR", "machine": machine,
                                                  "amount": f"{room[capped] + 30:.2f}"},
                 headers={"Idempotency-Key": f"{key}-x"})
    if not won or not won.get("manual_payout"):
        j.refused.append(f"the win past the cap of {capped} left nothing to pay by hand: {won}")
        return
    excess = Entry.objects.get(register__casino__code=LU, register__kind="cartes",
                               seq=won["manual_payout"]["entry"]["seq"])
    paid = j.post("lu.caissier", f"{R}/jackpots/", params={"casino": LU}, body={
        "gaming_day": str(excess.gaming_day), "machine": machine, "amount": won["excess"],
        "receipt_number": f"QX-{excess.seq}", "receipt_in_cabinet": True, "card_excess": excess.seq})
    j.countersign("lu.direction", paid)


def _active_cards() -> list[str]:
    return list(Card.objects.filter(casino__code=LU, status="active").order_by("kind", "number")
                .values_list("number", flat=True))


def orphelins(j: Journeys) -> None:
    """La Moselle's orphelins (LU RGD 1979 art. 8, 18-12): two chips found at a table, filed by the cashier and
    countersigned; filed twice by mistake, the second set aside by the direction's correction, countersigned by the
    cashier; the first returned to its owner."""
    today, where = str(_day(LU)), {"casino": LU}
    found = {"gaming_day": today, "source": "table", "amount": "25,00", "currency": "EUR",
             "location": "Table HC-01, place 3", "description": "Deux plaques de 12,50 € sous la table"}
    first = j.countersign("lu.direction", j.post("lu.caissier", f"{R}/orphelins/", found, params=where))
    twice = j.countersign("lu.direction", j.post("lu.caissier", f"{R}/orphelins/", found, params=where))
    if twice:
        correction = j.post("lu.direction", f"{R}/{{kind}}/{{seq}}/correct/",
                            {"reason": "Les mêmes plaques saisies deux fois"},
                            params={"casino": LU, "kind": "orphelins", "seq": twice["seq"]})
        j.countersign("lu.caissier", correction)
    if first:
        returned = j.post("lu.caissier", f"{R}/orphelins/{{seq}}/return/", {
            "owner_name": "Jeanne Weber", "owner_document": "Carte d'identité LU n° 1234567",
            "right_established": True, "evidence": "Le joueur de la place 3 a décrit les plaques et l'heure"},
            params={"casino": LU, "seq": first["seq"]})
        j.countersign("lu.direction", returned)


def poker_room(j: Journeys) -> None:
    """La Moselle's poker room (LU RGD 1979 art. 49-1 to 49-15, 97-1): the Omaha table's session opened by the
    direction (the room's own page does it), its deals imported from the room's file, its cagnotte counted and
    countersigned; a bad-beat jackpot won at another table; a progressive jackpot linked, its statement, a level won
    and countersigned, then stopped after a breakdown."""
    casino, today = Casino.objects.get(code=LU), _day(LU)
    where = {"casino": LU}
    last = PokerSession.objects.filter(casino=casino, table="OM-1").order_by("-gaming_day").first()
    opened = poker_session_open(
        casino=casino, actor=User.objects.get(username="lu.direction"), gaming_day=today, table=last.table,
        variant=last.variant, version=last.version, minimum=last.minimum, small_blind=last.small_blind,
        big_blind=last.big_blind, rake_rate=last.rake_rate)
    # the waiting list (LU art. 49-1, 49-5): a player inscribed, the list called at the table, the seats drawn
    j.post("lu.caissier", f"{R}/poker/waiting/", {"gaming_day": str(today), "player": "Joueur 51"}, params=where)
    j.post("lu.direction", f"{R}/poker/waiting/calls/", {
        "gaming_day": str(today), "table": last.table, "free_seats": [6], "quality": "chef de partie",
        "chef_de_partie": "Paul Hoffmann"}, params=where)
    dealt = hands(opened, 6, seed=37)
    text = io.StringIO()
    ohh.write(dealt, text)
    j.post("lu.caissier", f"{R}/poker/import/", {"file": text.getvalue().encode(), "format": "ohh"}, params=where,
           multipart=True)
    rake = sum(pot.rake for deal in dealt for pot in deal.pots) / Decimal(100)
    count = j.post("lu.caissier", f"{R}/cagnotte/", {
        "gaming_day": str(today), "table": last.table, "house": f"{rake:.2f}", "bad_beat": "0,00",
        "box_count": f"{rake:.2f}"}, params=where)
    j.countersign("lu.direction", count)

    won = j.post("lu.caissier", f"{R}/bad_beat/", {
        "gaming_day": str(today), "game": "Texas hold'em", "table": "TH-1", "won_at": "21:17",
        "loser": "Marc Weber", "loser_cards": "8c 8d", "winner_cards": "9h Th", "board": "8h 8s Jh Qh 2c",
        "pot": "420,00", "amount": "1 200,00", "players": ["Marc Weber", "Ana Lopes", "Tom Klein", "Eva Schmit"],
        "restart_at": "0,00"}, params=where)
    j.countersign("lu.direction", won)
    bad_beat_account(j, today)

    name = f"Hold'em 1-2 ({today:%d/%m})"
    j.post("lu.direction", f"{R}/jackpot_progressif/configure/", {
        "gaming_day": str(today), "name": name, "tables": ["TH-2", "TH-3"], "small_blind": "1,00",
        "blinds": [{"table": t, "small_blind": "1,00", "big_blind": "2,00"} for t in ("TH-2", "TH-3")],
        "levels": [{"combination": "royal_flush", "start": "500,00"}, {"combination": "straight_flush",
                                                                        "start": "200,00"},
                   {"combination": "four_of_a_kind", "start": "50,00"}],
        "increment_kind": "pourcentage", "increment_value": "1,00", "rounding": "inferieur"}, params=where)
    j.post("lu.caissier", f"{R}/jackpot_progressif/statements/", {
        "gaming_day": str(today), "name": name, "displayed": {"1": "502,10", "2": "200,84", "3": "50,21"},
        "increments": {"TH-2": "2,10", "TH-3": "0,00"}}, params=where)
    win = j.post("lu.caissier", f"{R}/jackpot_progressif/wins/", {
        "gaming_day": str(today), "name": name, "level": 3, "game": "Texas hold'em", "table": "TH-2", "deal": "4711",
        "won_at": "22:05", "board": "Qh Qs 2d 3c 9c",
        "hands": [{"player": "Sara Muller", "cards": "Qd Qc"}, {"player": "Jo Reuter", "cards": "4d 5c"}],
        "amount": "50,21", "chef_de_salle": "Paul Thill"}, params=where)
    j.countersign("lu.direction", win)
    j.post("lu.direction", f"{R}/jackpot_progressif/stops/", {
        "gaming_day": str(today), "name": name, "voluntary": False,
        "reason": "Panne du panneau d'affichage des montants"}, params=where)
    # the Omaha table's séance closed, its caisse de change counted (LU art. 49-3 al. 4, 49-7 al. 4)
    j.post("lu.direction", f"{R}/poker/seances/close/", {
        "gaming_day": str(today), "table": last.table, "caisse": "3 000,00"}, params=where)


def bad_beat_account(j: Journeys, today: datetime.date) -> None:
    """La Moselle's bad-beat jackpot as an account after today's win (LU RGD 1979 art. 49-13, 49-14): read by its
    regulator, the session-end statement countersigned, the notice to the Minister, a breakdown with its carnet de
    compte line, put back in service at the cagnotte the account says the stop left, stopped again and opened at a
    new start value."""
    where, day = {"casino": LU}, str(today)
    j.get("lu.ministere", f"{R}/bad_beat/account/", params=where)
    j.countersign("lu.direction", j.post("lu.caissier", f"{R}/bad_beat/statements/", {
        "gaming_day": day, "amount": "12,40", "history_reference": "Historique certifié TH-1"}, params=where))
    j.post("lu.direction", f"{R}/bad_beat/notices/", {"gaming_day": day, "minister_notified_on": day,
                                                     "reference": "Lettre au Ministre des Finances n° 2026-140"},
           params=where)
    breakdown = {"gaming_day": day, "voluntary": False, "reason": "Panne de la machine de la table TH-1"}
    j.post("lu.caissier", f"{R}/bad_beat/stops/", breakdown, params=where)
    j.post("lu.caissier", f"{R}/bad_beat/carnet/", {"gaming_day": day, "table": "TH-1", "amount": "8,20"},
           params=where)
    stopped = j.get("lu.direction", f"{R}/bad_beat/account/", params=where) or {}
    j.post("lu.direction", f"{R}/bad_beat/restarts/", {"gaming_day": day, "restart_at": stopped.get("restart_at")},
           params=where)
    j.post("lu.direction", f"{R}/bad_beat/stops/", breakdown, params=where)
    j.post("lu.direction", f"{R}/bad_beat/openings/", {"gaming_day": day, "start": "1 500,00"}, params=where)


def admissions(j: Journeys) -> None:
    """La Moselle's door (LU RGD 1979 art. 75 al. 1 as the draft amends it: « ou annuelle »): the management records
    its admission policy's next version and an exclusion, the cashier issues an annual card, the management reads the
    list (each reading audited), the regulator the day's counts (no name)."""
    where = {"casino": LU}
    tomorrow = str(_day(LU) + datetime.timedelta(days=1))
    j.post("lu.direction", f"{R}/admissions/politique/", {
        "minimum_age": 18, "age_reference": "Règlement intérieur, art. 2", "retention_days": 365,
        "retention_reference": "Politique de conservation", "effective_from": tomorrow}, params=where)
    j.post("lu.direction", f"{R}/exclusions/", {
        "last_name": "Becker", "first_name": "Jean", "birth_date": "1970-07-07", "scope": "etablissement",
        "source": "Décision de la direction n° DEMO-EX-2", "starts_on": str(_day(LU))}, params=where)
    j.post("lu.caissier", f"{R}/admissions/", {
        "kind": "annuelle", "price": "150.00", "last_name": "Wagner", "first_name": "Paul", "birth_date": "1991-04-30",
        "document": "passeport", "document_end": "88A1"}, params=where)
    j.get("lu.direction", f"{R}/exclusions/", params=where)
    j.get("lu.ministere", f"{R}/admissions/", params=where)


def keno(j: Journeys) -> None:
    """Lac-Bleu's Keno (QC RJC art. 86): the cashier sells a single-draw ticket for the next draw, records its result
    (the ticket wins), pays it within its delay; the management reads the tickets."""
    where = {"casino": QC}
    tickets = (j.get("qc.caissier", f"{R}/keno/", params=where) or {}).get("tickets", [])
    draw = max((n for row in tickets for n in row["draws"]), default=0) + 1
    number = f"J-{draw}"
    now = datetime.datetime.now(datetime.UTC)
    j.post("qc.caissier", f"{R}/keno/tickets/", {"number": number, "draws": [draw], "stake": "2.00", "currency": "CAD",
                                                  "issued_at": (now - datetime.timedelta(minutes=2)).isoformat()},
           params=where)
    j.post("qc.caissier", f"{R}/keno/draws/", {"number": draw, "currency": "CAD", "winners": {number: "40.00"},
                                                "drawn_at": (now - datetime.timedelta(minutes=1)).isoformat()},
           params=where)
    j.post("qc.caissier", f"{R}/keno/payments/", {"number": number}, params=where)
    j.post("qc.direction", f"{R}/keno/closings/", {
        "effective_from": str(_day(QC)), "hour": "03:00", "next_day": True,
        "reference": "Heures d'exploitation du casino, décision DIR-J-2"}, params=where)
    j.get("qc.direction", f"{R}/keno/", params=where)


def arretes(j: Journeys) -> None:
    """La Moselle's arrêté values (LU RGD 1979 art. 37-13): the management files the Ultimate Texas hold'em
    maximum of a new arrêté from tomorrow, the regulator reads every version."""
    where = {"casino": LU}
    j.post("lu.direction", f"{R}/arretes/", {"concept": "uth.maximum", "value": "600", "effective_from": str(
        _day(LU) + datetime.timedelta(days=1)), "reference": "Arrêté ministériel du 20 novembre 2026"}, params=where)
    j.get("lu.ministere", f"{R}/arretes/", params=where)


def decks(j: Journeys) -> None:
    """La Moselle's playing-card stock (LU RGD 1979 art. 6, 49-1 (projet)): a sixain received under its seal, a deck
    issued to the Omaha table for tonight, back not in perfect condition and retired; the regulator reads the stock."""
    where = {"casino": LU}
    j.post("lu.caissier", f"{R}/decks/receipts/", {
        "supplier": "Cartamundi", "description": "52 cartes, logo du casino", "colour": "vert", "packs": 1,
        "per_pack": 6, "seals": ["S-77001"], "plain_back": True}, params=where)
    stock = j.get("lu.ministere", f"{R}/decks/", params=where) or {"lots": []}
    lot = max((row["lot"] for row in stock["lots"]), default="")
    given = j.post("lu.caissier", f"{R}/decks/issues/", {
        "lot": lot, "decks": 1, "new": True, "family": "poker", "table": "OM-1", "counted": True, "sealed": True,
        "perfect": True}, params=where)
    if given:
        j.post("lu.caissier", f"{R}/decks/returns/", {"issue": given["seq"], "decks": 1, "perfect": False,
                                                      "reason": "Carte marquée"}, params=where)


def direction(j: Journeys) -> None:
    """La Moselle's direction's register (LU RGD 1979 art. 51 § I al. 1, 52 al. 2, 18-6 al. 3 (projet)): a member
    appointed to the committee, written present this morning, the presence corrected by half an hour, the cashier
    designated for the hand-paid jackpots for a month and the designation ended early; the regulator reads it."""
    where, today = {"casino": LU}, _day(LU)

    def at(hour: int, minute: int = 0) -> str:
        return datetime.datetime.combine(today, datetime.time(hour, minute),
                                         tzinfo=ZoneInfo("Europe/Luxembourg")).isoformat()

    j.post("lu.direction", f"{R}/direction/committee/", {
        "change": "nomination", "name": "Marc Weber", "effective_from": str(today),
        "reference": "Procès-verbal du conseil d'administration n° 12"}, params=where)
    duty = j.post("lu.direction", f"{R}/direction/duties/", {"member": "Marc Weber", "starts_at": at(6),
                                                             "ends_at": at(7)}, params=where)
    if duty:
        j.post("lu.direction", f"{R}/direction/duties/corrections/", {
            "duty": duty["seq"], "reason": "Arrivée à 6 h 30, non à 6 h", "starts_at": at(6, 30),
            "ends_at": at(7, 30)}, params=where)
    designation = j.post("lu.direction", f"{R}/direction/designations/", {
        "employee": "lu.caissier", "act": "jackpot.paiement_manuel", "first_day": str(today),
        "last_day": str(today + datetime.timedelta(days=30)), "reference": "Désignation n° D-2026-20"}, params=where)
    if designation:
        j.post("lu.direction", f"{R}/direction/designations/ends/", {
            "designation": designation["seq"], "last_day": str(today + datetime.timedelta(days=5)),
            "reason": "Mutation au service des tables"}, params=where)
    j.get("lu.ministere", f"{R}/direction/", params=where)


def notices(j: Journeys) -> None:
    """La Moselle's notices (LU RGD 1979 art. 74 al. 1 (projet): « Le directeur est tenu d'afficher au casino de
    façon lisible et facilement visible les informations suivantes »): the direction posts them in the bar as well,
    then takes that posting down; the regulator reads what was owed and displayed today."""
    from registers.notices.demo import ROOMS_TEXTS

    where = {"casino": LU}
    posted = j.post("lu.direction", f"{R}/notices/postings/", {
        "kind": "salles", "place": "Bar du casino", "size": "A3",
        "texts": {**ROOMS_TEXTS, "site": "https://www.la-moselle.example/regles"}}, params=where)
    if posted:
        j.post("lu.direction", f"{R}/notices/withdrawals/", {"posting": posted["number"],
                                                            "reason": "Bar fermé pour travaux"}, params=where)
    j.get("lu.ministere", f"{R}/notices/", params=where)


def tables(j: Journeys) -> None:
    """Lac-Bleu's Pai Gow (QC RJC art. 9, 111, 116): a table created by the direction, opened with its inventory, a fill
    and a credit, the credit voided by two people, its maximum raised during the séance and indicated at the table, a
    round's commissions, the table closed and its drop counted."""
    where = {"casino": QC}
    taken = {row["number"] for row in j.get("qc.caissier", f"{R}/tables/", params=where) or []}
    number = next(f"PG-{n:02d}" for n in range(2, 99) if f"PG-{n:02d}" not in taken)
    j.post("qc.direction", f"{R}/tables/", {"game": "qc.pai_gow", "number": number, "pit": "Pai Gow"}, params=where)
    session = j.post("qc.caissier", f"{R}/tables/sessions/", {
        "table": number, "minimum": "10,00", "maximum": "500,00", "denominations": {"100": 20, "25": 40},
        "signatures": SIGNED}, params=where)
    if session is None:
        return
    at = {"casino": QC, "id": session["id"]}
    serial = (Slip.objects.filter(casino__code=QC, year=_day(QC).year).aggregate(m=Max("serial"))["m"] or 0) + 1
    j.post("qc.caissier", f"{R}/tables/sessions/{{id}}/slips/", {
        "kind": "approvisionnement", "serial": serial, "amount": "1 000,00", "denominations": {"100": 10},
        "signatures": SLIP_SIGNED}, params=at)
    credit = j.post("qc.caissier", f"{R}/tables/sessions/{{id}}/slips/", {
        "kind": "credit", "serial": serial + 1, "amount": "500,00", "denominations": {"100": 5},
        "signatures": SLIP_SIGNED}, params=at)
    if credit:
        j.post("qc.caissier", f"{R}/tables/slips/{{id}}/void/", {
            "countersigner": "qc.direction", "countersigner_password": DEMO_PASSWORD,
            "reason": "Crédit saisi sur la mauvaise table"}, params={"casino": QC, "id": credit["id"]})
    j.post("qc.direction", f"{R}/tables/sessions/{{id}}/limits/", {
        "minimum": "10,00", "maximum": "1 000,00", "decided_by": "le directeur de la salle de jeux",
        "displayed": True}, params=at)
    j.post("qc.caissier", f"{R}/tables/sessions/{{id}}/commissions/", {
        "rounds": [{"banque": "croupier", "joueurs": ["1", "2"], "gagnantes": {"1": "25", "2": "30"}}],
        "amount": "3,00", "signatures": SIGNED}, params=at)
    j.post("qc.caissier", f"{R}/tables/sessions/{{id}}/close/", {
        "denominations": {"100": 25, "25": 40}, "signatures": SIGNED}, params=at)
    j.post("qc.caissier", f"{R}/tables/sessions/{{id}}/drop/", {
        "amount": "1 450,00", "denominations": {"100": 14, "50": 1}, "signatures": COUNTED}, params=at)


def progressive(j: Journeys) -> None:
    """Lac-Bleu's blackjack progressive lot (QC RJC art. 21.2): the direction creates a blackjack table and links it to
    a new lot under its decision; the table opens indicating the 1,00 $ bet, a fixed prize of the pay table is paid,
    the séance closes, its drop is counted, and the board's displayed lot is read at the close."""
    where = {"casino": QC}
    taken = {row["number"] for row in j.get("qc.caissier", f"{R}/tables/", params=where) or []}
    number = next(f"BJ-{n:02d}" for n in range(2, 99) if f"BJ-{n:02d}" not in taken)
    j.post("qc.direction", f"{R}/tables/", {"game": "qc.blackjack", "number": number, "pit": "Blackjack"},
           params=where)
    lot = f"Progressif {number}"
    j.post("qc.direction", f"{R}/tables/progressif/lots/", {
        "name": lot, "tables": [number], "start": "5000.00", "rate": "20",
        "reference": "Décision de la direction DIR-J-1"}, params=where)
    session = j.post("qc.caissier", f"{R}/tables/sessions/", {
        "table": number, "minimum": "10,00", "maximum": "500,00", "denominations": {"100": 20, "25": 40},
        "signatures": SIGNED, "spots": {"progressive": {"minimum": "1", "maximum": "1"}},
        "options": {"progressive": True}}, params=where)
    if session is None:
        return
    at = {"casino": QC, "id": session["id"]}
    j.post("qc.caissier", f"{R}/tables/progressif/wins/", {
        "session": session["id"], "lot": lot, "hand": "suited_blackjack_first_2"}, params=where)
    j.post("qc.caissier", f"{R}/tables/sessions/{{id}}/close/", {
        "denominations": {"100": 20, "25": 40}, "signatures": SIGNED}, params=at)
    j.post("qc.caissier", f"{R}/tables/sessions/{{id}}/drop/", {
        "amount": "0,00", "denominations": {}, "signatures": COUNTED}, params=at)
    j.post("qc.caissier", f"{R}/tables/progressif/readings/", {
        "session": session["id"], "lot": lot, "bets": 40, "displayed": "5008.00"}, params=where)
    j.get("qc.direction", f"{R}/tables/progressif/", params=where)


def tables_import(j: Journeys) -> None:
    """Les Rochers' table system (docs/tables-import.md): a new table's day taken over from its export (its opening,
    a fill, a credit, its close and drop), then the casino's gaming day closed by its direction."""
    where, today = {"casino": MC}, _day(MC)
    taken = {row["number"] for row in j.get("mc.caissier", f"{R}/tables/", params=where) or []}
    number = next(f"UT-{n:02d}" for n in range(4, 99) if f"UT-{n:02d}" not in taken)
    j.post("mc.direction", f"{R}/tables/", {"game": "mc.uth", "number": number, "pit": "Ultimate Texas Hold'em"},
           params=where)
    # its new deck first (MC AM 2007-668 art. 1, « cartes neuves »): the import opens no table without it
    j.post("mc.caissier", f"{R}/decks/receipts/", {
        "supplier": "Cartamundi", "description": "52 cartes, dos uni", "colour": "bleu", "packs": 1, "per_pack": 6,
        "seals": [f"S-{number}"], "plain_back": True}, params=where)
    stock = j.get("mc.caissier", f"{R}/decks/", params=where) or {"lots": []}
    j.post("mc.caissier", f"{R}/decks/issues/", {
        "lot": max((row["lot"] for row in stock["lots"]), default=""), "decks": 1, "new": True, "family": "tables",
        "table": number, "counted": True, "sealed": True, "perfect": True}, params=where)
    serial = (Slip.objects.filter(casino__code=MC, year=today.year).aggregate(m=Max("serial"))["m"] or 0) + 1
    team = dict(SLIP_SIGNED)

    def line(kind, amount, pieces, serial="", **columns):
        values = {"type": kind, "serie": str(serial), "journee": str(today), "table": number, "seance": "1",
                  "montant": amount, "coupures": pieces, **columns}
        return ";".join(values.get(column, "") for column in COLUMNS)

    lines = [line("ouverture", "10000.00", "500x20", minimum="50.00", maximum="5000.00", **SIGNED),
             line("approvisionnement", "2000.00", "500x4", serial, **team),
             line("credit", "1000.00", "500x2", serial + 1, **team),
             line("fermeture", "9500.00", "500x19", **SIGNED),
             line("drop", "3500.00", "500x7", **COUNTED)]
    text = "\n".join([";".join(COLUMNS), *lines]) + "\n"
    j.post("mc.caissier", f"{R}/tables/import/", {"file": text.encode()}, params=where, multipart=True)
    j.post("mc.direction", f"{R}/sessions/", {"gaming_day": str(today)}, params=where)


SEMI_AUTOMATIC = {
    "marques": "Novomatic Novo Unity", "taux_redistribution": "0.965",
    "deroulement": "Roulette à un zéro, la bille lancée toutes les 60 secondes ; six terminaux de jeu",
    "role_employes": "Un croupier surveille le cylindre et règle les incidents",
    "moyens_paiement": "Cartes de jeu électroniques aux terminaux"}
DOCUMENTS = {"presentation_technique": b"%PDF-1.4 Presentation technique : roulette Novo Unity",
             "certification_etat": b"%PDF-1.4 Certificat d'origine : modele livre neuf"}


def approvals(j: Journeys) -> None:
    """La Moselle's requests to the Minister: semi-automatic games drafted by the direction, their technical
    presentation attached, filed; the Ministry asks, the direction answers, the Ministry adds a finding of its own,
    approves, then revokes; another request under review withdrawn by the direction."""
    draft = j.post("lu.direction", "/api/v1/approvals/", {"casino": LU, "kind": "semi_automatique",
                                                           "items": SEMI_AUTOMATIC, "title": ""})
    if draft is None:
        return
    at = {"reference": draft["reference"]}
    for item, content in DOCUMENTS.items():
        j.post("lu.direction", "/api/v1/approvals/{reference}/attachments/", {"item": item, "file": content},
               params=at, multipart=True)
    j.post("lu.direction", "/api/v1/approvals/{reference}/file/", params=at)
    j.post("lu.ministere", "/api/v1/approvals/{reference}/ask/", {"question": "Quel taux par jeu ?"}, params=at)
    j.post("lu.direction", "/api/v1/approvals/{reference}/answer/", {
        "answer": "Le même taux de 95,5 % pour chaque jeu", "items": {}}, params=at)
    j.post("lu.ministere", "/api/v1/approvals/{reference}/findings/", {
        "citation": "LU RGD 1979 art. 17", "severity": "information", "message_fr": "Taux vérifié sur pièce"},
        params=at)
    j.post("lu.ministere", "/api/v1/approvals/{reference}/decide/", {
        "decision": "approuver", "effective_from": str(_day(LU))}, params=at)
    j.post("lu.ministere", "/api/v1/approvals/{reference}/revoke/", {
        "reason": "Le jeu n'est plus exploité"}, params=at)
    listed = j.get("lu.direction", "/api/v1/approvals/") or []
    under_review = [row["reference"] for row in listed if row["state"] == "en_examen"]
    if under_review:
        j.post("lu.direction", "/api/v1/approvals/{reference}/withdraw/", {
            "reason": "Demande remplacée par une nouvelle"}, params={"reference": under_review[0]})


def registers(j: Journeys) -> None:
    """What every register has: a checkpoint signed on the head of La Moselle's machines, their chain verified."""
    at = {"casino": LU, "kind": "appareils"}
    j.post("lu.direction", f"{R}/{{kind}}/checkpoints/", params=at)
    j.post("lu.caissier", f"{R}/{{kind}}/verify/", params=at)


def platform(j: Journeys) -> None:
    """The jobs of each kind La Moselle's cashier may ask, and the rules' calculators a regulator uses."""
    j.post("lu.caissier", "/api/v1/jobs/", {"kind": "pipeline_check"})
    j.post("lu.caissier", "/api/v1/jobs/", {"kind": "reconciliation",
                                            "gaming_day": str(_day(LU) - datetime.timedelta(days=1))})
    j.post("lu.ministere", "/api/v1/rules/hands/evaluate/", {"kind": "cinq_parmi_sept",
                                                            "hands": ["Ah Kh Qh Jh Th 2c 3d", "7c 7d 7h 7s 2c 3d 4h"]})
    j.post("lu.ministere", "/api/v1/rules/rtp/roue-de-fortune/", {"segments": [
        {"symbol": "1 $", "count": 24, "odds": "1 à 1"}, {"symbol": "2 $", "count": 15, "odds": "2 à 1"},
        {"symbol": "5 $", "count": 7, "odds": "5 à 1"}, {"symbol": "10 $", "count": 4, "odds": "10 à 1"},
        {"symbol": "20 $", "count": 2, "odds": "20 à 1"}, {"symbol": "Joker", "count": 2, "odds": "40 à 1"}]})


JOURNEYS = (machines, cards, orphelins, poker_room, arretes, decks, keno, direction, notices,
            admissions, tables, progressive, tables_import,
            approvals, registers, platform)


def test_every_write_operation_taken_legitimately_through_journeys(demo, rules, live_server, monkeypatch, request):
    started = time.monotonic()
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**SimpleRateThrottle.THROTTLE_RATES,
                                                              "user": "1000000/minute"})
    base = live_server.url
    raw = requests.get(f"{base}/api/schema/?format=json", timeout=30).json()
    schema = schemathesis.openapi.from_dict(raw)
    operations = {f"{op.method.upper()} {op.path}": op for op in (result.ok() for result in
                                                                   schema.get_all_operations())}
    writes = sorted(label for label in operations if not label.startswith(("GET ", "HEAD ", "OPTIONS ")))
    j = Journeys(base, operations)
    for person in PEOPLE:
        # with the code of the person's authenticator: the demo's direction and regulators give one (issue 40)
        token = j.post("anyone", "/api/v1/auth/token/", {"username": person, "password": DEMO_PASSWORD,
                                                          "otp": otp_code(User.objects.get(username=person))})
        assert token, j.refused
        j.tokens[person] = f"Token {token['token']}"
    _system, key = slot_system_register(casino=Casino.objects.get(code=LU),
                                        actor=User.objects.get(username="lu.direction"), name="Système des journées",
                                        rate_per_minute=RATE_MAX)
    j.tokens[SLOTS] = f"Slot {key}"
    heads = dict(Entry.objects.values_list("register_id").annotate(head=Max("seq")))
    pending_before = set(PendingEntry.objects.values_list("pk", flat=True))
    for journey in JOURNEYS:
        journey(j)
    code, invalid, report = _audit()
    written = _written(heads)
    assert set(IMPOSSIBLE) <= set(writes), set(IMPOSSIBLE) - set(writes)  # each one still an operation
    missing = [label for label in writes if not j.ok[label] and label not in IMPOSSIBLE]
    waiting = Counter(f"{p.register.kind} · {p.kind}" for p in PendingEntry.objects.exclude(pk__in=pending_before)
                      .filter(entry__isnull=True).select_related("register"))
    counts = {
        "write operations": len(writes), "taken": len(writes) - len(missing), "steps": j.steps,
        "2xx by operation": {label: j.ok[label] for label in writes},
        "refused steps": len(j.refused), "schema failures": len(j.failures), "invalid entries": invalid,
        "entries written": sum(written.values()), "written by kind": written, "left pending": dict(waiting),
        "seconds": round(time.monotonic() - started),
    }
    print(f"\nAPI journeys: {json.dumps(counts, ensure_ascii=False, indent=1)}")
    request.node.user_properties.append(("API journeys", counts))
    assert j.refused == [], "\n\n".join(j.refused)
    assert j.failures == [], "\n".join(j.failures)
    assert missing == [], missing
    assert (code, invalid) == (0, 0), report
