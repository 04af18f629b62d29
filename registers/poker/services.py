"""Poker progressive jackpots (LU RGD 1979 art. 49-9 to 49-11) and the bad-beat jackpot (art. 49-12 to 49-15).

Configuration, session-end statements of displayed amounts, wins and stops are entries of the
`jackpot_progressif` and `bad_beat` registers; wins are signed by the cashier and a member of the
management (a second person). Limits (levels, start values, notice before a voluntary stop, shares)
come from the rule data.
"""

import datetime
import json
from decimal import Decimal

from django.db import transaction

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.permissions import verify_can_write
from games.poker.jackpots import HIGHEST_FIRST, ROUNDINGS, bad_beat_qualifies, bad_beat_split
from games.selectors import rule_value_at
from registers.errors import ErrorCode

from .. import errors as common
from ..chain.services import (
    countersign_check_register,
    entry_file,
    pending_file,
    register_for,
    verify_actor,
    verify_gaming_day,
)
from ..fields import TEXT_MAX, clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import Entry, PendingEntry, Register
from ..money import check_currency, parse_amount
from . import errors
from .selectors import CONFIGURED, STATEMENT, STOPPED, WON, jackpot_state

CAGNOTTE_RULE = "LU RGD 1979 art. 97-1"  # the cagnotte books, kept electronically with equivalent guarantees
CONFIGURATION_RULE = "LU RGD 1979 art. 49-9"
STATEMENT_RULE = "LU RGD 1979 art. 49-10"
STOP_RULE = "LU RGD 1979 art. 49-11"


def _rule(casino: Casino, key: str, on: datetime.date):
    return rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=on, drafts=True)


def _locked(casino: Casino) -> Register:
    """The progressive jackpots' register, locked: what a filing checks cannot change before it is written."""
    register = register_for(casino=casino, kind=RegisterKind.JACKPOT_PROGRESSIF)
    return Register.objects.select_for_update().get(pk=register.pk)


def _active_jackpot(register: Register, name) -> dict:
    """The state of a jackpot the register configured, refused unless it is running (art. 49-11: a stopped
    jackpot takes no increment, no statement and no win)."""
    name = clean_text(name, field="name")
    state = jackpot_state(register, name)
    if state["config"] is None:
        raise DomainError(errors.JACKPOT_UNKNOWN.format(name=name, citation=CONFIGURATION_RULE),
                          code=ErrorCode.UNKNOWN_JACKPOT, field="name")
    if not state["active"]:
        raise DomainError(errors.JACKPOT_STOPPED.format(name=name, citation=STOP_RULE), code=ErrorCode.NOT_ACTIVE,
                          field="name")
    return state


def _levels(state: dict) -> list[str]:
    return [str(level["level"]) for level in state["config"]["levels"]]




@transaction.atomic
def progressive_configure(
    *,
    casino: Casino,
    actor: User,
    gaming_day: datetime.date,
    name: str,
    tables: list[str],
    small_blind,
    levels: list[dict],
    increment_kind: str,
    increment_value,
    rounding: str,
    late_reason: str = "",
) -> Entry | PendingEntry:
    """At most three levels on the three highest combinations, start values within 500/200/50 × the small blind."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    register = _locked(casino)
    name = clean_text(name, field="name")
    tables = [clean_text(table, field="tables") for table in tables]
    maximum = _rule(casino, "lu.jackpot_progressif.niveaux_max", gaming_day)
    starts = _rule(casino, "lu.jackpot_progressif.valeurs_depart_max", gaming_day)
    citation = maximum.citation.label
    if jackpot_state(register, name)["active"]:
        raise DomainError(errors.JACKPOT_ACTIVE.format(citation=citation), code=ErrorCode.JACKPOT_ACTIVE, field="name")
    blind = parse_amount(small_blind, field="small_blind")
    if not 1 <= len(levels) <= int(maximum.value):
        raise DomainError(
            errors.JACKPOT_TOO_MANY_LEVELS.format(max=maximum.value, citation=citation),
            code=ErrorCode.TOO_MANY_LEVELS,
            field="levels",
        )
    eligible = HIGHEST_FIRST[: int(_rule(casino, "lu.jackpot_progressif.combinaisons_eligibles", gaming_day).value)]
    combinations = [level.get("combination") for level in levels]
    if len(set(combinations)) != len(combinations) or not set(combinations) <= set(eligible):
        raise DomainError(errors.JACKPOT_COMBINATION.format(citation=citation),
                          code=ErrorCode.COMBINATION, field="levels")
    cleaned = []
    for index, level in enumerate(sorted(levels, key=lambda lv: eligible.index(lv["combination"]))):
        start = parse_amount(level.get("start"), field=f"levels[{index}].start", allow_zero=True)
        multiple = Decimal(str(starts.value[index]))
        if start > multiple * blind:
            raise DomainError(
                errors.JACKPOT_START_TOO_HIGH.format(
                    level=index + 1,
                    start=start,
                    limit=multiple * blind,
                    multiple=multiple,
                    citation=starts.citation.label,
                ),
                code=ErrorCode.START_TOO_HIGH,
                field=f"levels[{index}].start",
            )
        cleaned.append({"level": index + 1, "combination": level["combination"], "start": start})
    value = parse_amount(increment_value, field="increment_value")
    if (
        increment_kind not in {"fixe", "pourcentage"}
        or rounding not in ROUNDINGS
        or (increment_kind == "pourcentage" and value >= 100)
    ):
        raise DomainError(errors.JACKPOT_INCREMENT.format(citation=citation),
                          code=ErrorCode.INCREMENT, field="increment_value")
    payload = {
        "jackpot": name,
        "tables": sorted(tables),
        "small_blind": blind,
        "levels": cleaned,
        "increment": {"kind": increment_kind, "value": value, "rounding": rounding},
        "citation": citation,
    }
    return entry_file(register=register, kind=CONFIGURED, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


@transaction.atomic
def progressive_statement(
    *, casino: Casino, actor: User, gaming_day: datetime.date, name: str, displayed: dict[str, str],
    late_reason: str = "",
) -> Entry | PendingEntry:
    """The end-of-session register of the amounts displayed (art. 49-10 al. 5): for a running jackpot, one amount
    for each of its levels and no other."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    register = _locked(casino)
    state = _active_jackpot(register, name)
    levels = _levels(state)
    given = {str(key): value for key, value in (displayed or {}).items()}
    for key in given:
        if key not in levels:
            raise DomainError(errors.JACKPOT_UNKNOWN_LEVEL.format(level=key, levels=", ".join(levels),
                                                                  citation=CONFIGURATION_RULE),
                              code=ErrorCode.UNKNOWN_LEVEL, field=f"displayed[{key}]")
    for key in levels:
        if key not in given:
            raise DomainError(common.FIELD_REQUIRED, code=ErrorCode.REQUIRED, field=f"displayed[{key}]")
    amounts = {key: parse_amount(given[key], field=f"displayed[{key}]", allow_zero=True) for key in levels}
    return entry_file(
        register=register,
        kind=STATEMENT,
        gaming_day=gaming_day,
        actor=actor,
        payload={"jackpot": state["config"]["jackpot"], "displayed": amounts, "citation": STATEMENT_RULE},
        late_reason=late_reason,
    )


@transaction.atomic
def progressive_win_file(
    *,
    casino: Casino,
    actor: User,
    gaming_day: datetime.date,
    name: str,
    level: int,
    game: str,
    table: str,
    combination: str,
    won_at: str,
    amount,
    currency: str,
    player: str,
    late_reason: str = "",
) -> PendingEntry:
    """The payment voucher and register entry of art. 49-10, waiting for a management member's signature: a win
    of a level the running jackpot has, never above its amount."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    register = _locked(casino)
    citation = STATEMENT_RULE
    state = _active_jackpot(register, name)
    name = state["config"]["jackpot"]
    if isinstance(level, bool) or not isinstance(level, int) or str(level) not in _levels(state):
        raise DomainError(errors.JACKPOT_UNKNOWN_LEVEL.format(level=level, levels=", ".join(_levels(state)),
                                                              citation=CONFIGURATION_RULE),
                          code=ErrorCode.UNKNOWN_LEVEL, field="level")
    value = parse_amount(amount)
    check_currency(casino, currency)
    available = state["amounts"].get(str(level))
    if available is None or value > available:
        raise DomainError(
            errors.JACKPOT_ABOVE_AMOUNT.format(amount=value, available=available, citation=citation),
            code=ErrorCode.ABOVE_JACKPOT,
            field="amount",
        )
    game, table, combination, won_at, player = (
        clean_text(text, field=field) for field, text in (
            ("game", game), ("table", table), ("combination", combination), ("won_at", won_at), ("player", player)))
    linked = state["config"].get("tables") or []
    if table not in linked:
        raise DomainError(errors.JACKPOT_UNKNOWN_TABLE.format(table=table, name=name, tables=", ".join(linked),
                                                              citation=CONFIGURATION_RULE),
                          code=ErrorCode.UNKNOWN_TABLE, field="table")
    start = next(lv["start"] for lv in state["config"]["levels"] if lv["level"] == level)
    payload = {
        "jackpot": name,
        "level": level,
        "game": game,
        "table": table,
        "combination": combination,
        "won_at": won_at,
        "amount": value,
        "currency": currency,
        "player": player,
        "restart_at": start,
        "citation": citation,
    }
    return pending_file(
        register=register,
        kind=WON,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation=citation,
        late_reason=late_reason,
    )


@transaction.atomic
def jackpot_stop(
    *,
    casino: Casino,
    actor: User,
    gaming_day: datetime.date,
    name: str,
    voluntary: bool,
    reason: str,
    minister_notified_on: datetime.date | None = None,
    late_reason: str = "",
) -> Entry | PendingEntry:
    """Stops a running jackpot, once. Involuntary (breakdown): at once, no increments nor wins until it is
    configured again. Voluntary: only if the Minister was told at least the rule's number of days before
    (art. 49-11 al. 2)."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    register = _locked(casino)
    state = _active_jackpot(register, name)
    reason = clean_text(reason, field="reason", max_length=TEXT_MAX, multiline=True, optional=True)
    notice = _rule(casino, "lu.jackpot_progressif.preavis_arret_volontaire", gaming_day)
    if voluntary and (minister_notified_on is None or (gaming_day - minister_notified_on).days < int(notice.value)):
        raise DomainError(
            errors.JACKPOT_NOTICE.format(
                days=notice.value,
                notice=minister_notified_on.isoformat() if minister_notified_on else "—",
                day=gaming_day.isoformat(),
                citation=notice.citation.label,
            ),
            code=ErrorCode.NOTICE_TOO_LATE,
            field="minister_notified_on",
        )
    payload = {
        "jackpot": state["config"]["jackpot"],
        "voluntary": bool(voluntary),
        "reason": reason,
        "minister_notified_on": minister_notified_on.isoformat() if minister_notified_on else None,
        "citation": notice.citation.label,
    }
    return entry_file(register=register, kind=STOPPED, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


# --- bad beat ------------------------------------------------------------------------------------





def bad_beat_win_file(
    *,
    casino: Casino,
    actor: User,
    gaming_day: datetime.date,
    table: str,
    loser: str,
    loser_cards: str,
    winner_cards: str,
    board: str,
    pot,
    minimum_pot,
    amount,
    currency: str,
    players: list[str],
    restart_at,
    late_reason: str = "",
) -> PendingEntry:
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    citation = "LU RGD 1979 art. 49-12"
    value = parse_amount(amount)
    check_currency(casino, currency)
    pot_value, minimum = parse_amount(pot, field="pot"), parse_amount(minimum_pot, field="minimum_pot")
    if pot_value < minimum:
        raise DomainError(
            errors.BAD_BEAT_POT_TOO_SMALL.format(pot=pot_value, minimum=minimum, citation=citation),
            code=ErrorCode.POT_TOO_SMALL,
            field="pot",
        )
    try:
        qualified, reason = bad_beat_qualifies(loser_cards, winner_cards, board)
    except ValueError as exc:
        raise DomainError(
            errors.BAD_BEAT_NOT_QUALIFIED.format(reason=exc, citation=citation), code=ErrorCode.BAD_CARDS, field="board"
        ) from None
    if not qualified:
        raise DomainError(
            errors.BAD_BEAT_NOT_QUALIFIED.format(reason=reason, citation=citation),
            code=ErrorCode.NOT_QUALIFIED,
            field="loser_cards",
        )
    table = clean_text(table, field="table", max_length=60)
    players = [clean_text(player, field="players") for player in players]
    if len(set(players)) != len(players):
        raise DomainError(errors.BAD_BEAT_PLAYERS_TWICE, code=ErrorCode.INVALID, field="players")
    loser = clean_text(loser, field="loser")
    if loser not in players:
        raise DomainError(common.FIELD_REQUIRED, code=ErrorCode.LOSER_NOT_SEATED, field="loser")
    payload = {
        "table": table,
        "loser": loser,
        "loser_cards": loser_cards,
        "winner_cards": winner_cards,
        "board": board,
        "hand": reason,
        "pot": pot_value,
        "amount": value,
        "currency": currency,
        "vouchers": bad_beat_split(value, players, loser),
        "restart_at": parse_amount(restart_at, field="restart_at", allow_zero=True),
        "citation": "LU RGD 1979 art. 49-15",
    }
    return pending_file(
        register=register_for(casino=casino, kind=RegisterKind.BAD_BEAT),
        kind=WON,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation="LU RGD 1979 art. 49-15",
        late_reason=late_reason,
    )


def bad_beat_statement_file(
    *, casino: Casino, actor: User, gaming_day: datetime.date, amount, currency: str, history_reference: str,
    late_reason: str = "",
) -> PendingEntry:
    """End of session: the sum dedicated to the bad-beat jackpot, from the certified history of the
    tables' machines, written by the cashier under a management member's control (art. 49-13 al. 9)."""
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    citation = "LU RGD 1979 art. 49-13"
    value = parse_amount(amount, allow_zero=True)
    check_currency(casino, currency)
    history_reference = clean_text(history_reference, field="history_reference", max_length=200)
    payload = {"amount": value, "currency": currency, "history": history_reference, "citation": citation}
    return pending_file(
        register=register_for(casino=casino, kind=RegisterKind.BAD_BEAT),
        kind=STATEMENT,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation=citation,
        late_reason=late_reason,
    )


def cagnotte_file(
    *, casino: Casino, actor: User, gaming_day: datetime.date, table: str, house, bad_beat, box_count, currency: str,
    late_reason: str = "",
) -> PendingEntry:
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    table = clean_text(table, field="table", max_length=60)
    check_currency(casino, currency)
    house_amount = parse_amount(house, field="house", allow_zero=True)
    bad_beat_amount = parse_amount(bad_beat, field="bad_beat", allow_zero=True)
    counted = parse_amount(box_count, field="box_count", allow_zero=True)
    if not (house_amount or bad_beat_amount or counted):
        raise DomainError(errors.CAGNOTTE_EMPTY, code=ErrorCode.EMPTY, field="house")
    payload = {
        "table": table,
        "house": house_amount,
        "bad_beat": bad_beat_amount,
        "box_count": counted,
        "difference": counted - house_amount - bad_beat_amount,
        "currency": currency,
        "reconcile_key": f"{table}|{gaming_day.isoformat()}",
        "citation": CAGNOTTE_RULE,
    }
    return pending_file(
        register=register_for(casino=casino, kind=RegisterKind.CAGNOTTE),
        kind=EntryKind.CAGNOTTE_COUNTED,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation=CAGNOTTE_RULE,
        late_reason=late_reason,
    )


def _win_still_payable(pending: PendingEntry) -> None:
    """At its countersignature, a progressive win's jackpot still runs and its level still holds the amount: a
    stop or another win may have come between the filing and the second signature (art. 49-10, 49-11)."""
    if pending.register.kind != RegisterKind.JACKPOT_PROGRESSIF:
        return
    payload = json.loads(pending.payload)
    state = _active_jackpot(pending.register, payload["jackpot"])
    available = state["amounts"].get(str(payload["level"]))
    amount = Decimal(payload["amount"])
    if available is None or amount > available:
        raise DomainError(errors.JACKPOT_ABOVE_AMOUNT.format(amount=amount, available=available,
                                                             citation=STATEMENT_RULE),
                          code=ErrorCode.ABOVE_JACKPOT, field="amount")


countersign_check_register(EntryKind.JACKPOT_WON, _win_still_payable)
