"""The poker room's state changes, one transaction each, each an entry of the cagnotte register: a table's session
opened with what art. 49-4 fixes until the next one, and a stake set aside for an absent player and not claimed by
the end of the session (art. 49-1). The deals come in by import (imports.py)."""

import datetime
from decimal import Decimal

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from compliance.errors import DomainError
from compliance.models import Casino, User
from games.models import Game
from games.poker import hand as deal
from games.poker.jackpots import ROUNDINGS
from registers.errors import ErrorCode

from .. import controls
from ..chain.services import entry_append, register_for, verify_actor, verify_gaming_day
from ..fields import clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import Consignment, PokerSession
from ..money import check_currency, parse_amount
from . import errors, rules

TABLE_MAX = 60
CAGNOTTE_BOOKS = rules.CAGNOTTE_BOOKS


def _append(casino: Casino, kind: str, day: datetime.date, actor: User, payload: dict):
    payload = {**payload, "citation_registre": controls.cited(casino, CAGNOTTE_BOOKS, day, controls.BOOKS)}
    return entry_append(register=register_for(casino=casino, kind=RegisterKind.CAGNOTTE), kind=kind, gaming_day=day,
                        actor=actor, payload=payload)


def _bad_beat(casino: Casino, increment: dict | None, day: datetime.date) -> dict | None:
    if not increment:
        return None
    citation = controls.cited(casino, rules.BAD_BEAT_RECORD, day, controls.POKER_SESSION)
    if casino.jurisdiction.code != "LU":
        raise DomainError(errors.BAD_BEAT_NOT_HERE, code=ErrorCode.INVALID, field="bad_beat")
    kind, rounding = increment.get("kind"), increment.get("rounding")
    value = parse_amount(increment.get("value"), field="bad_beat.value")
    if kind not in ("fixe", "pourcentage") or rounding not in ROUNDINGS or (kind == "pourcentage" and value >= 100):
        raise DomainError(errors.BAD_BEAT_INCREMENT.format(citation=citation), code=ErrorCode.INVALID,
                          field="bad_beat")
    minimum = parse_amount(increment.get("minimum_pot") or "0", field="bad_beat.minimum_pot", allow_zero=True)
    return {"kind": kind, "value": str(value), "rounding": rounding, "minimum_pot": str(minimum)}


@transaction.atomic
def poker_session_open(
    *, casino: Casino, actor: User, gaming_day: datetime.date, table: str, variant: str, version: str, minimum,
    small_blind, big_blind, rake_rate, option: bool = False, cap=None, rake_cap=None, time_charge: bool = False,
    bad_beat: dict | None = None, opened_at: datetime.datetime | None = None,
) -> PokerSession:
    """Opens a poker table's session: its variant and version among those the game allows (LU art. 49-4, 49-8), its
    blinds from the table's minimum (art. 49-1), its retention rate (art. 49-3; QC at most 10 %, art. 67.108, or a
    time charge instead) and the bad beat's increment (art. 49-13), all fixed until the next session. `opened_at`:
    when the table opened, if not now (a session recorded after the fact); never to come."""
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)
    casino = Casino.objects.select_related("jurisdiction").get(pk=casino.pk)
    table = clean_text(table, field="table", max_length=TABLE_MAX)
    game = rules.game_key(casino, variant)
    version_citation = rules.versions(casino, game, gaming_day, version)
    low = parse_amount(minimum, field="minimum")
    blinds = rules.blinds(casino, game, gaming_day, low, parse_amount(small_blind, field="small_blind"),
                          parse_amount(big_blind, field="big_blind"), bool(option))
    if version == deal.LIMIT and cap in (None, ""):
        raise DomainError(errors.CAP_REQUIRED.format(citation=version_citation), code=ErrorCode.REQUIRED, field="cap")
    if version != deal.LIMIT and cap not in (None, ""):
        raise DomainError(errors.CAP_NOT_HERE, code=ErrorCode.INVALID, field="cap")
    raise_cap = parse_amount(cap, field="cap") if cap not in (None, "") else None
    try:
        rate = Decimal(str(rake_rate).strip().replace(",", "."))
    except ArithmeticError:
        raise DomainError(errors.RATE_RANGE.format(rate=rake_rate), code=ErrorCode.INVALID, field="rake_rate") \
            from None
    if time_charge and casino.jurisdiction.code != "QC":
        raise DomainError(errors.TIME_CHARGE_QC, code=ErrorCode.INVALID, field="time_charge")
    if time_charge and rate:
        raise DomainError(errors.TIME_CHARGE_RATE, code=ErrorCode.INVALID, field="rake_rate")
    rate_citation = rules.retention(casino, game, gaming_day, rate)
    hand_cap = parse_amount(rake_cap, field="rake_cap") if rake_cap not in (None, "") else None
    increment = _bad_beat(casino, bad_beat, gaming_day)
    moment = opened_at or timezone.now()
    if moment > timezone.now() or casino.today(moment) not in (gaming_day, gaming_day + datetime.timedelta(days=1)):
        raise DomainError(errors.OPENED_AT.format(day=gaming_day.isoformat()), code=ErrorCode.INVALID,
                          field="opened_at")
    sessions = PokerSession.objects.select_for_update().filter(casino=casino, gaming_day=gaming_day, table=table)
    number = (sessions.aggregate(n=Max("number"))["n"] or 0) + 1
    citation = " ; ".join(dict.fromkeys((version_citation, blinds.citation, rate_citation)))
    entry = _append(casino, EntryKind.POKER_SESSION, gaming_day, actor, {
        "table": table, "seance": number, "jeu": game, "variante": variant, "version": version, "minimum": low,
        "small_blind": blinds.small, "big_blind": blinds.big, "option": bool(option), "cap": raise_cap,
        "taux_retenue": str(rate), "plafond_retenue": hand_cap, "commission_au_temps": bool(time_charge),
        "bad_beat": increment, "ouverte_le": moment.isoformat(), "citation": citation})
    return PokerSession.objects.create(
        casino=casino, game=Game.objects.get(key=game), table=table, gaming_day=gaming_day, number=number,
        variant=variant, version=version, minimum=low, small_blind=blinds.small, big_blind=blinds.big,
        option=bool(option), cap=raise_cap, rake_rate=rate, rake_cap=hand_cap, time_charge=bool(time_charge),
        bad_beat=increment, citation=citation, opened_at=moment, opened_by=actor, entry=entry)


@transaction.atomic
def stake_consign(*, session: PokerSession, actor: User, seat: int, player: str, amount, currency: str,
                  consigned_at: datetime.datetime | None = None) -> Consignment:
    """The chef de table sets aside, in the player's name, the stake of a player absent beyond the time the house
    allows and unclaimed by the end of the session: it goes to the orphelins (art. 49-1), where the reconciliation
    looks for it."""
    casino = Casino.objects.select_related("jurisdiction").get(pk=session.casino_id)
    verify_actor(actor, casino)
    verify_gaming_day(casino, session.gaming_day)
    check_currency(casino, currency)
    try:
        seat = int(seat)
    except (TypeError, ValueError):
        seat = 0
    if not 1 <= seat <= 10:
        raise DomainError(errors.SEAT_RANGE.format(seat=seat), code=ErrorCode.INVALID, field="seat")
    player = clean_text(player, field="player", max_length=120)
    value = parse_amount(amount, field="amount")
    rule = rules.CONSIGNED.get(session.game.key)
    citation = controls.cited(casino, rule, session.gaming_day, controls.POKER_SESSION) if rule else \
        controls.written(controls.POKER_SESSION)
    moment = consigned_at or timezone.now()
    entry = _append(casino, EntryKind.STAKE_CONSIGNED, session.gaming_day, actor, {
        "table": session.table, "seance": session.number, "place": seat, "joueur": player, "montant": value,
        "devise": currency, "consignee_le": moment.isoformat(), "citation": citation})
    return Consignment.objects.create(session=session, seat=seat, player=player, amount=value, consigned_at=moment,
                                      consigned_by=actor, entry=entry)
