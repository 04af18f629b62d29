"""Poker progressive jackpots (LU RGD 1979 art. 49-9 to 49-11) and the bad-beat jackpot (art. 49-12 to 49-15).

Configuration, session-end statements of displayed amounts, wins and stops are entries of the
`jackpot_progressif` and `bad_beat` registers; wins are signed by the cashier and a member of the
management (a second person). Limits (levels, start values, notice before a voluntary stop, shares)
come from the rule data.
"""

import datetime
import json
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from itertools import combinations

from django.db import transaction

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.permissions import verify_can_write
from games.hands.cards import parse
from games.hands.poker import evaluate
from games.hands.ranking import ranking
from games.selectors import rule_value_at

from . import errors
from .models import Entry, PendingEntry, RegisterKind
from .money import CENT, check_currency, parse_amount
from .services import entry_append, pending_file, register_for

CONFIGURED, STATEMENT, WON, STOPPED = "jackpot.configuration", "jackpot.releve", "jackpot.gain", "jackpot.arret"
FIVE = ranking("lu.cinq_cartes")
# Highest first, the royal flush apart: a level may only bear on the first `combinaisons_eligibles` of them.
HIGHEST_FIRST = ("royal_flush", *reversed(FIVE.categories))
TOP_COMBINATIONS = HIGHEST_FIRST[:3]  # the forms' default levels; the rule data decides what is allowed
ROUNDINGS = {"inferieur": ROUND_DOWN, "plus_proche": ROUND_HALF_UP, "bancaire": ROUND_HALF_EVEN}


def _rule(casino: Casino, key: str, on: datetime.date):
    return rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=on, drafts=True)


def increment(pot_after_rake: Decimal, kind: str, value: Decimal, rounding: str) -> Decimal:
    """The amount taken from a pot after the cagnotte's rake (art. 49-9 al. 2–3), rounded as declared."""
    raw = value if kind == "fixe" else pot_after_rake * value / 100
    return min(raw, pot_after_rake).quantize(CENT, rounding=ROUNDINGS[rounding])


def _events(register, name: str) -> list[Entry]:
    return [
        e
        for e in Entry.objects.filter(register=register, kind__in=[CONFIGURED, STOPPED, STATEMENT, WON]).order_by("seq")
        if json.loads(e.payload).get("jackpot") == name
    ]


def jackpot_state(register, name: str) -> dict:
    """Active or not, its configuration, and each level's current amount (last statement, less wins)."""
    state = {"active": False, "config": None, "amounts": {}}
    for entry in _events(register, name):
        payload = json.loads(entry.payload)
        if entry.kind == CONFIGURED:
            state = {
                "active": True,
                "config": payload,
                "amounts": {str(lv["level"]): Decimal(lv["start"]) for lv in payload["levels"]},
            }
        elif entry.kind == STOPPED:
            state["active"] = False
        elif entry.kind == STATEMENT:
            state["amounts"].update({k: Decimal(v) for k, v in payload["displayed"].items()})
        elif entry.kind == WON:
            state["amounts"][str(payload["level"])] = Decimal(payload["restart_at"])
    return state


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
) -> Entry:
    """At most three levels on the three highest combinations, start values within 500/200/50 × the small blind."""
    verify_can_write(actor, casino)
    register = register_for(casino=casino, kind=RegisterKind.JACKPOT_PROGRESSIF)
    maximum = _rule(casino, "lu.jackpot_progressif.niveaux_max", gaming_day)
    starts = _rule(casino, "lu.jackpot_progressif.valeurs_depart_max", gaming_day)
    citation = maximum.citation.label
    if jackpot_state(register, name)["active"]:
        raise DomainError(errors.JACKPOT_ACTIVE.format(citation=citation), code="jackpot_active", field="name")
    blind = parse_amount(small_blind, field="small_blind")
    if not 1 <= len(levels) <= int(maximum.value):
        raise DomainError(
            errors.JACKPOT_TOO_MANY_LEVELS.format(max=maximum.value, citation=citation),
            code="too_many_levels",
            field="levels",
        )
    eligible = HIGHEST_FIRST[: int(_rule(casino, "lu.jackpot_progressif.combinaisons_eligibles", gaming_day).value)]
    combinations = [level.get("combination") for level in levels]
    if len(set(combinations)) != len(combinations) or not set(combinations) <= set(eligible):
        raise DomainError(errors.JACKPOT_COMBINATION.format(citation=citation), code="combination", field="levels")
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
                code="start_too_high",
                field=f"levels[{index}].start",
            )
        cleaned.append({"level": index + 1, "combination": level["combination"], "start": start})
    value = parse_amount(increment_value, field="increment_value")
    if (
        increment_kind not in {"fixe", "pourcentage"}
        or rounding not in ROUNDINGS
        or (increment_kind == "pourcentage" and value >= 100)
    ):
        raise DomainError(errors.JACKPOT_INCREMENT.format(citation=citation), code="increment", field="increment_value")
    payload = {
        "jackpot": name,
        "tables": sorted(tables),
        "small_blind": blind,
        "levels": cleaned,
        "increment": {"kind": increment_kind, "value": value, "rounding": rounding},
        "citation": citation,
    }
    return entry_append(register=register, kind=CONFIGURED, gaming_day=gaming_day, actor=actor, payload=payload)


@transaction.atomic
def progressive_statement(
    *, casino: Casino, actor: User, gaming_day: datetime.date, name: str, displayed: dict[str, str]
) -> Entry:
    """The end-of-session register of the amounts displayed (art. 49-10 al. 5)."""
    verify_can_write(actor, casino)
    register = register_for(casino=casino, kind=RegisterKind.JACKPOT_PROGRESSIF)
    amounts = {str(k): parse_amount(v, field=f"displayed[{k}]", allow_zero=True) for k, v in displayed.items()}
    return entry_append(
        register=register,
        kind=STATEMENT,
        gaming_day=gaming_day,
        actor=actor,
        payload={"jackpot": name, "displayed": amounts, "citation": "LU RGD 1979 art. 49-10"},
    )


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
) -> PendingEntry:
    """The payment voucher and register entry of art. 49-10, waiting for a management member's signature."""
    register = register_for(casino=casino, kind=RegisterKind.JACKPOT_PROGRESSIF)
    citation = "LU RGD 1979 art. 49-10"
    state = jackpot_state(register, name)
    if not state["active"]:
        raise DomainError(
            errors.JACKPOT_NOT_ACTIVE.format(citation="LU RGD 1979 art. 49-11"), code="not_active", field="name"
        )
    value = parse_amount(amount)
    check_currency(casino, currency)
    available = state["amounts"].get(str(level))
    if available is None or value > available:
        raise DomainError(
            errors.JACKPOT_ABOVE_AMOUNT.format(amount=value, available=available, citation=citation),
            code="above_jackpot",
            field="amount",
        )
    for field, text in (
        ("game", game),
        ("table", table),
        ("combination", combination),
        ("player", player),
        ("won_at", won_at),
    ):
        if not str(text or "").strip():
            raise DomainError(errors.FIELD_REQUIRED, code="required", field=field)
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
        "player": player.strip(),
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
    kind: str = RegisterKind.JACKPOT_PROGRESSIF,
) -> Entry:
    """Involuntary (breakdown): at once, no increments nor wins until restarted. Voluntary: only if the
    Minister was told at least the rule's number of days before (art. 49-11 al. 2, 49-14)."""
    verify_can_write(actor, casino)
    prefix = "lu.jackpot_progressif" if kind == RegisterKind.JACKPOT_PROGRESSIF else "lu.bad_beat_jackpot"
    notice = _rule(casino, f"{prefix}.preavis_arret_volontaire", gaming_day)
    if voluntary and (minister_notified_on is None or (gaming_day - minister_notified_on).days < int(notice.value)):
        raise DomainError(
            errors.JACKPOT_NOTICE.format(
                days=notice.value,
                notice=minister_notified_on.isoformat() if minister_notified_on else "—",
                day=gaming_day.isoformat(),
                citation=notice.citation.label,
            ),
            code="notice_too_late",
            field="minister_notified_on",
        )
    payload = {
        "jackpot": name,
        "voluntary": voluntary,
        "reason": reason,
        "minister_notified_on": minister_notified_on.isoformat() if minister_notified_on else None,
        "citation": notice.citation.label,
    }
    return entry_append(
        register=register_for(casino=casino, kind=kind),
        kind=STOPPED,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
    )


# --- bad beat ------------------------------------------------------------------------------------


def _best(hole, board) -> tuple[int, int]:
    """(best value, best value not using both hole cards)."""
    best = evaluate(tuple(hole) + tuple(board), FIVE)
    without = max(
        [evaluate(tuple(board), FIVE)]
        + [evaluate((card,) + four, FIVE) for card in hole for four in combinations(board, 4)]
    )
    return best, without


def bad_beat_qualifies(loser: str, winner: str, board: str) -> tuple[bool, str]:
    """Art. 49-12: a loser with four sevens or better, beaten by a straight flush or higher four of a kind,
    both players using both their hole cards."""
    loser_cards, winner_cards, board_cards = parse(loser), parse(winner), parse(board)
    loser_best, loser_without = _best(loser_cards, board_cards)
    winner_best, winner_without = _best(winner_cards, board_cards)
    quads = FIVE.index("four_of_a_kind")
    sevens = FIVE.value("four_of_a_kind", [7])
    if loser_best < sevens:
        return False, "le perdant n'a pas un carré de 7 ou mieux"
    if winner_best <= loser_best or (winner_best >> 20) < quads:
        return False, "le gagnant ne bat pas le perdant d'une quinte flush ou d'un carré supérieur"
    if loser_without >= loser_best or winner_without >= winner_best:
        return False, "les deux cartes en main de chaque joueur ne servent pas toutes deux"
    return True, FIVE.fine_class(loser_best)


def bad_beat_split(amount: Decimal, players: list[str], loser: str) -> list[dict]:
    """50 % to the loser, 50 % in equal shares to everyone seated (the loser included); cents that do not
    divide go to the loser, so that the vouchers add up exactly to the jackpot (house rule, stated)."""
    loser_share = (amount / 2).quantize(CENT, rounding=ROUND_DOWN)
    table = amount - loser_share
    each = (table / len(players)).quantize(CENT, rounding=ROUND_DOWN)
    remainder = table - each * len(players)
    vouchers = [{"player": p, "amount": each + (loser_share + remainder if p == loser else 0)} for p in players]
    assert sum(v["amount"] for v in vouchers) == amount
    return vouchers


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
) -> PendingEntry:
    citation = "LU RGD 1979 art. 49-12"
    value = parse_amount(amount)
    check_currency(casino, currency)
    pot_value, minimum = parse_amount(pot, field="pot"), parse_amount(minimum_pot, field="minimum_pot")
    if pot_value < minimum:
        raise DomainError(
            errors.BAD_BEAT_POT_TOO_SMALL.format(pot=pot_value, minimum=minimum, citation=citation),
            code="pot_too_small",
            field="pot",
        )
    try:
        qualified, reason = bad_beat_qualifies(loser_cards, winner_cards, board)
    except ValueError as exc:
        raise DomainError(
            errors.BAD_BEAT_NOT_QUALIFIED.format(reason=exc, citation=citation), code="bad_cards", field="board"
        ) from None
    if not qualified:
        raise DomainError(
            errors.BAD_BEAT_NOT_QUALIFIED.format(reason=reason, citation=citation),
            code="not_qualified",
            field="loser_cards",
        )
    if loser not in players:
        raise DomainError(errors.FIELD_REQUIRED, code="loser_not_seated", field="loser")
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
    )


def bad_beat_statement_file(
    *, casino: Casino, actor: User, gaming_day: datetime.date, amount, currency: str, history_reference: str
) -> PendingEntry:
    """End of session: the sum dedicated to the bad-beat jackpot, from the certified history of the
    tables' machines, written by the cashier under a management member's control (art. 49-13 al. 9)."""
    citation = "LU RGD 1979 art. 49-13"
    value = parse_amount(amount, allow_zero=True)
    check_currency(casino, currency)
    if not str(history_reference or "").strip():
        raise DomainError(errors.FIELD_REQUIRED, code="required", field="history_reference")
    payload = {"amount": value, "currency": currency, "history": history_reference.strip(), "citation": citation}
    return pending_file(
        register=register_for(casino=casino, kind=RegisterKind.BAD_BEAT),
        kind=STATEMENT,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation=citation,
    )
