"""Poker progressive jackpots (LU RGD 1979 art. 49-9 to 49-11) and the bad-beat jackpot (art. 49-12 to 49-15).

Configuration, session-end statements of displayed amounts and increments, wins and stops are entries of the
`jackpot_progressif` and `bad_beat` registers; wins are signed by the cashier and a member of the management (a
second person). Limits (levels, start values, wins per deal, notice before a voluntary stop, minimum hand, shares)
and the articles cited come from the rule data; who wins and how a jackpot splits, from games/poker/jackpots.py.
"""

import datetime
import json
import re
from decimal import Decimal

from django.db import transaction

from compliance import formatting
from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.permissions import verify_can_write
from games.hands.cards import parse, text
from games.poker.jackpots import (
    BOARD,
    FIVE,
    HIGHEST_FIRST,
    HOLDEM,
    HOLE_CARDS_UNUSED,
    LOSER_TOO_LOW,
    OMAHA,
    bad_beat_hand,
    bad_beat_split,
    bad_beat_strongest,
    minimum_value,
    progressive_award,
    split_equally,
)
from registers.errors import ErrorCode

from .. import controls
from .. import errors as common
from ..chain.services import (
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
from .controls.bad_beat_notices import Notice, bad_beat_notice_problems, bad_beat_stop_problems
from .controls.bad_beat_stages import (
    Noted,
    bad_beat_conditions_problems,
    bad_beat_manual_problems,
    bad_beat_open_problems,
    bad_beat_restart_problems,
)
from .controls.bad_beat_wins import BadBeatWin, bad_beat_win_problems
from .controls.cagnotte import Count, cagnotte_problems
from .controls.house_rules import HouseRulesVersion, house_rules_problems, house_rules_terms_problems
from .controls.progressive import (
    Blinds,
    Configuration,
    Level,
    Statement,
    Win,
    configure_problems,
    statement_problems,
    stop_problems,
    win_problems,
)
from .controls.shared import BAD_BEAT_NOTICE, LEVELS_MAX, NOTICE, PER_DEAL, PER_TABLE, STATEMENT_RULE, Stop
from .house_rules import (
    BAD_BEAT_MINIMUM_POT,
    BAD_BEAT_RULES,
    BAD_BEAT_WHOLE_POT,
    HOUSE_RULES,
    PROGRESSIVE_RULES,
    TERMS,
    house_rules_at,
    house_rules_choices,
    house_rules_versions,
    house_terms,
    kept,
    term_citations,
    terms_said,
)
from .selectors import (
    BAD_BEAT,
    CARNET,
    COMBINATIONS,
    CONFIGURED,
    PROGRESSIVE,
    STATEMENT,
    STOPPED,
    WON,
    bad_beat_credits,
    bad_beat_of,
    bad_beat_rules,
    cagnotte_counted,
    hand_label,
    jackpot_cards,
    jackpot_of,
    poker_rule,
    rules_on,
    stop_notice_named,
)

# No rule value cites art. 97-1 yet: the one citation of this family still written here (issue 13, for the lead).
CAGNOTTE_RULE = "registres.carnets_cagnottes"  # art. 97-1: the cagnotte books, kept electronically
TABLE_MAX = 60  # a table's name, in both jackpots and the cagnotte
DEAL_MAX = 60  # a deal's number as the table's machine or the dealer gives it
TIME = re.compile(r"^([01]?[0-9]|2[0-3])[:hH]([0-5][0-9])$")


_rule = poker_rule


def _money(casino: Casino, value) -> str:
    """An amount of a refusal as the casino's people write it (« 48 805,00 € »), never « 48805.00 »."""
    if value is None or value == "":
        return "—"
    return formatting.money(Decimal(str(value)), currency=casino.currency, jurisdiction=casino.jurisdiction)


def _cited(casino: Casino, key: str, on: datetime.date) -> str:
    """The article a rule value rests on, as registers write it (a draft says so)."""
    return str(_rule(casino, key, on).citation)


def clean_time(raw, *, field: str = "won_at") -> str:
    """The time of a win (art. 49-10 al. 3, 49-15 al. 2) as « HH:MM »; « 23h41 » and « 9:05 » are taken too."""
    if isinstance(raw, datetime.time):
        return raw.strftime("%H:%M")
    value = clean_text(raw, field=field, max_length=8)
    match = TIME.fullmatch(value)
    if match is None:
        raise DomainError(errors.TIME_INVALID.format(value=value), code=ErrorCode.INVALID, field=field)
    return f"{int(match.group(1)):02}:{match.group(2)}"


def _cards(raw, *, field: str, counts: tuple[int, ...]) -> str:
    """Cards as written in a register (« 7h 7s Th Jh 2c »): so many, each valid, none twice."""
    try:
        cards = parse(clean_text(raw, field=field, max_length=40))
    except ValueError as exc:
        raise DomainError(errors.CARDS_INVALID.format(reason=exc), code=ErrorCode.BAD_CARDS, field=field) from None
    if len(cards) not in counts:
        reason = f"{' / '.join(map(str, counts))} cartes attendues, {len(cards)} données / {len(cards)} cards"
        raise DomainError(errors.CARDS_INVALID.format(reason=reason), code=ErrorCode.BAD_CARDS, field=field)
    return " ".join(text(card) for card in cards)


def _verify_cashier(actor: User, citation: str) -> None:
    """A jackpot's payment voucher is filled by the cashier (art. 49-10 al. 3, 49-15 al. 2: « Le caissier remplit »),
    the direction signing it second."""
    if actor.role != User.Role.ACCOUNTANT:
        raise DomainError(errors.CASHIER_FILES.format(user=actor.username, citation=citation),
                          code=ErrorCode.WRONG_ROLE, field="actor")


_rules = rules_on


def _refuse(problems: list, casino: Casino) -> None:
    controls.refuse_first(problems, casino.jurisdiction)


def _locked(casino: Casino, kind: str = RegisterKind.JACKPOT_PROGRESSIF) -> Register:
    """A register of the family, locked: what a filing checks cannot change before it is written."""
    register = register_for(casino=casino, kind=kind)
    return Register.objects.select_for_update().get(pk=register.pk)


def _blind_rows(blinds) -> tuple[Blinds, ...]:
    """Each linked table's compulsory blinds as given, one line per table (art. 49-9 al. 1)."""
    rows = []
    for index, row in enumerate(blinds or []):
        row = row if isinstance(row, dict) else {}
        rows.append(Blinds(clean_text(row.get("table"), field=f"blinds[{index}].table"),
                           parse_amount(row.get("small_blind"), field=f"blinds[{index}].small_blind"),
                           parse_amount(row.get("big_blind"), field=f"blinds[{index}].big_blind")))
    return tuple(rows)


def _levels_given(levels) -> tuple[Level, ...]:
    """The levels as given, the highest combination first and numbered from 1, their start values read."""
    rows = [level if isinstance(level, dict) else {} for level in levels or []]
    rank = {combination: index for index, combination in enumerate(HIGHEST_FIRST)}
    rows.sort(key=lambda level: rank.get(level.get("combination"), len(rank)))
    return tuple(Level(index + 1, level.get("combination"), parse_amount(
        level.get("start"), field=f"levels[{index}].start", allow_zero=True)) for index, level in enumerate(rows))


@transaction.atomic
def progressive_configure(
    *,
    casino: Casino,
    actor: User,
    gaming_day: datetime.date,
    name: str,
    tables: list[str],
    small_blind,
    blinds: list[dict],
    levels: list[dict],
    increment_kind: str,
    increment_value,
    rounding: str,
    late_reason: str = "",
) -> Entry | PendingEntry:
    """At most three levels on the three highest combinations, start values within 500/200/50 × the small blind,
    on tables whose compulsory blinds (`blinds`: table, small_blind, big_blind for each) are the same (art. 49-9)."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    register = _locked(casino)
    name = clean_text(name, field="name")
    tables = [clean_text(table, field="tables") for table in tables or []]
    rules = _rules(casino, gaming_day)
    blind = parse_amount(small_blind, field="small_blind")
    rows, cleaned = _blind_rows(blinds), _levels_given(levels)
    value = parse_amount(increment_value, field="increment_value")
    jackpot, _config = jackpot_of(register, name)
    _refuse(configure_problems(jackpot, Configuration(
        name, gaming_day, tuple(tables), blind, rows, cleaned, increment_kind, value, rounding,
        house_terms(house_rules_at(casino, gaming_day))), rules), casino)
    citation = rules.cited(LEVELS_MAX)
    table_blinds = sorted(({"table": row.table, "small_blind": row.small_blind, "big_blind": row.big_blind}
                           for row in rows), key=lambda row: row["table"])
    cleaned = [{"level": level.number, "combination": level.combination, "start": level.start} for level in cleaned]
    payload = {
        "jackpot": name,
        "tables": sorted(tables),
        "small_blind": blind,
        "blinds": table_blinds,
        "levels": cleaned,
        "increment": {"kind": increment_kind, "value": value, "rounding": rounding},
        "citation": citation,
    }
    return entry_file(register=register, kind=CONFIGURED, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


@transaction.atomic
def progressive_statement(
    *, casino: Casino, actor: User, gaming_day: datetime.date, name: str, displayed: dict[str, str],
    increments: dict[str, str], late_reason: str = "",
) -> Entry | PendingEntry:
    """The end of a session: the amounts displayed, one for each level of the running jackpot and no other (art. 49-10
    al. 5), and the sums taken for it at each of its tables, one for each and no other (art. 49-9 al. 5)."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    register = _locked(casino)
    name = clean_text(name, field="name")
    rules = _rules(casino, gaming_day)
    jackpot, _config = jackpot_of(register, name)
    given = {str(key): value for key, value in (displayed or {}).items()}
    taken = {str(key): value for key, value in (increments or {}).items()}
    # the amounts read first (a blank level's amount is named before a table left out), then the controls
    amounts = {key: parse_amount(value, field=f"displayed[{key}]", allow_zero=True) for key, value in given.items()}
    increments = {table: parse_amount(value, field=f"increments[{table}]", allow_zero=True)
                  for table, value in sorted(taken.items())}
    _refuse(statement_problems(jackpot, Statement(name, gaming_day, tuple(given), tuple(taken)), rules), casino)
    citation = f"{rules.cited(STATEMENT_RULE)} ; {rules.cited(PER_TABLE)}"
    return entry_file(
        register=register,
        kind=STATEMENT,
        gaming_day=gaming_day,
        actor=actor,
        payload={"jackpot": jackpot.name, "displayed": amounts, "increments": increments, "citation": citation},
        late_reason=late_reason,
    )


def _hands(raw, citation: str) -> list[tuple[str, str]]:
    """The players still in play and their cards in hand, as given (from the button's left)."""
    hands = []
    for index, hand in enumerate(raw or []):
        hand = hand if isinstance(hand, dict) else {}
        player = clean_text(hand.get("player"), field=f"hands[{index}].player")
        if player in (seen for seen, _cards_ in hands):
            raise DomainError(errors.HANDS_PLAYER_TWICE.format(citation=citation), code=ErrorCode.DUPLICATE,
                              field=f"hands[{index}].player")
        hands.append((player, _cards(hand.get("cards"), field=f"hands[{index}].cards", counts=(HOLDEM, OMAHA))))
    if not hands:
        raise DomainError(common.FIELD_REQUIRED, code=ErrorCode.REQUIRED, field="hands")
    return hands


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
    deal: str,
    won_at: str,
    board: str,
    hands: list[dict],
    amount,
    currency: str,
    chef_de_salle: str = "",
    late_reason: str = "",
) -> PendingEntry:
    """The payment voucher and register entry of art. 49-10, filled by the cashier and waiting for the signature of a
    member of the comité de direction (the casino's direction), the chef de salle who was informed and controls the
    payment named in it (al. 2: « un chef de salle en est obligatoirement informé et contrôle le paiement »): a level
    the running jackpot has, won once per table and deal, never above its amount, by the holders of its combination
    among the players still in play (`hands`: player and cards, from the button's left), shared when they tie or the
    board makes it."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    rules = _rules(casino, gaming_day)
    signatures = rules.cited(f"{PROGRESSIVE}.deux_signatures")
    _verify_cashier(actor, signatures)
    informed = clean_text(chef_de_salle, field="chef_de_salle")
    register = _locked(casino)
    name = clean_text(name, field="name")
    value = parse_amount(amount)
    check_currency(casino, currency)
    game = clean_text(game, field="game")
    table = clean_text(table, field="table", max_length=TABLE_MAX)
    deal = clean_text(deal, field="deal", max_length=DEAL_MAX)
    won_at = clean_time(won_at)
    jackpot, _config = jackpot_of(register, name)
    _refuse(win_problems(jackpot, Win(name, gaming_day, level, table, deal, value), rules), casino)
    name, citation = jackpot.name, rules.cited(PER_DEAL)
    board = _cards(board, field="board", counts=(BOARD,))
    played = _hands(hands, citation)
    combination = jackpot.level(level).combination
    try:
        award = progressive_award(combination, board, played)
    except ValueError as exc:  # a card twice in the deal, or hands of two sizes
        raise DomainError(errors.CARDS_INVALID.format(reason=exc), code=ErrorCode.BAD_CARDS, field="hands") from None
    if award is None:
        raise DomainError(errors.JACKPOT_NO_WINNER.format(level=level, combination=COMBINATIONS[combination],
                                                          citation=citation),
                          code=ErrorCode.NOT_QUALIFIED, field="hands")
    start = jackpot.level(level).start
    payload = {
        "jackpot": name,
        "level": level,
        "game": game,
        "table": table,
        "deal": deal,
        "won_at": won_at,
        "board": board,
        "hands": [{"player": player, "cards": cards} for player, cards in played],
        "combination": award.hand,
        "board_made": award.board_made,
        "amount": value,
        "currency": currency,
        "vouchers": [{"player": player, "amount": share} for player, share in split_equally(value, award.winners)],
        "restart_at": start,
        "chef_de_salle_informe": informed,
        "citation": f"{citation} ; {signatures}",
    }
    return pending_file(
        register=register,
        kind=WON,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation=signatures,
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
    name = clean_text(name, field="name")
    reason = clean_text(reason, field="reason", max_length=TEXT_MAX, multiline=True, optional=True)
    rules = _rules(casino, gaming_day)
    jackpot, _config = jackpot_of(register, name)
    _refuse(stop_problems(jackpot, name, Stop(gaming_day, bool(voluntary), minister_notified_on, casino.today()),
                          rules), casino)
    payload = {
        "jackpot": jackpot.name,
        "voluntary": bool(voluntary),
        "reason": reason,
        "minister_notified_on": minister_notified_on.isoformat() if minister_notified_on else None,
        "citation": rules.cited(NOTICE),
    }
    return entry_file(register=register, kind=STOPPED, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


# --- bad beat ------------------------------------------------------------------------------------


def bad_beat_claim(loser_cards: str, winner_cards: str, board: str, rules: dict, *, fields=("loser_cards",
                                                                                              "winner_cards", "board")):
    """A showdown judged for the bad-beat jackpot under the rule data (art. 49-12), its cards as written; bad cards
    are refused under the field they were given in."""
    cards = [_cards(raw, field=field, counts=(BOARD,) if field.endswith("board") else (HOLDEM, OMAHA))
             for raw, field in zip((loser_cards, winner_cards, board), fields, strict=True)]
    try:
        judged = bad_beat_hand(*cards, minimum=rules["main_qualifiante"].value,
                               both_hole_cards=bool(rules["cartes_privatives_utiles"].value))
    except ValueError as exc:  # a card twice in the deal
        raise DomainError(errors.CARDS_INVALID.format(reason=exc), code=ErrorCode.BAD_CARDS,
                          field=fields[-1]) from None
    return cards, judged


def bad_beat_reason(judged, minimum) -> str:
    """Why a showdown does not qualify, in words."""
    if judged.fault == LOSER_TOO_LOW:
        return str(errors.BAD_BEAT_LOSER_TOO_LOW).format(
            hand=hand_label(judged.hand), minimum=hand_label(FIVE.fine_class(minimum_value(minimum))))
    if judged.fault == HOLE_CARDS_UNUSED:
        return str(errors.BAD_BEAT_HOLE_CARDS)
    return str(errors.BAD_BEAT_NOT_BEATEN).format(winner=hand_label(judged.winner_hand),
                                                 hand=hand_label(judged.hand))


@transaction.atomic
def bad_beat_win_file(
    *,
    casino: Casino,
    actor: User,
    gaming_day: datetime.date,
    game: str,
    table: str,
    won_at: str,
    loser: str,
    loser_cards: str,
    winner_cards: str,
    board: str,
    pot,
    amount,
    currency: str,
    players: list[str],
    restart_at,
    rivals: list[dict] | None = None,
    late_reason: str = "",
) -> PendingEntry:
    """A bad-beat jackpot won at a « jeux de cercle » table, Texas hold'em or Omaha (art. 49-12, 49-15): a qualifying
    showdown over the minimum pot of the house rules in force that day (art. 49-12: « fixé par le règlement intérieur
    du casino », never typed with the claim), the strongest losing hand among the claims made at once (`rivals`:
    other tables' or other losers' showdowns), and one voucher per seated player bearing the game, the table, the
    hand, the date, the time and its amount; filled by the cashier and signed by a member of the comité de direction,
    who is informed of the win and controls its payment (art. 49-15 al. 1 and 3)."""
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    rules = bad_beat_rules(casino, gaming_day)
    signatures = str(rules["deux_signatures"].citation)
    _verify_cashier(actor, signatures)
    citation = str(rules["main_qualifiante"].citation)
    vouchers_rule = str(rules["bons_par_joueur"].citation)
    value = parse_amount(amount)
    check_currency(casino, currency)
    pot_value = parse_amount(pot, field="pot")
    (loser_cards, winner_cards, board), judged = bad_beat_claim(loser_cards, winner_cards, board, rules)
    if not judged.qualifies:
        raise DomainError(
            errors.BAD_BEAT_NOT_QUALIFIED.format(reason=bad_beat_reason(judged, rules["main_qualifiante"].value),
                                                 citation=citation),
            code=ErrorCode.NOT_QUALIFIED,
            field="loser_cards",
        )
    game = clean_text(game, field="game")
    table = clean_text(table, field="table", max_length=TABLE_MAX)
    won_at = clean_time(won_at)
    players = [clean_text(player, field="players") for player in players]
    loser = clean_text(loser, field="loser")
    register = _locked(casino, RegisterKind.BAD_BEAT)
    house = house_rules_at(casino, gaming_day)
    restart_value = parse_amount(restart_at, field="restart_at", allow_zero=True)
    _refuse(bad_beat_win_problems(bad_beat_of(register, wins=True), BadBeatWin(
        gaming_day, table, won_at, pot_value, tuple(players), loser, house_terms(house), amount=value,
        restart=restart_value, credits=bad_beat_credits(casino, last=gaming_day)),
        _rules(casino, gaming_day)), casino)
    minimum_rule = _cited(casino, BAD_BEAT_MINIMUM_POT, gaming_day)
    claims, rows = [judged], []
    for index, rival in enumerate(rivals or []):
        rival = rival if isinstance(rival, dict) else {}
        prefix = f"rivals[{index}]"
        rival_table = clean_text(rival.get("table"), field=f"{prefix}.table", max_length=TABLE_MAX)
        cards, claim = bad_beat_claim(rival.get("loser_cards"), rival.get("winner_cards"), rival.get("board"), rules,
                                      fields=(f"{prefix}.loser_cards", f"{prefix}.winner_cards", f"{prefix}.board"))
        claims.append(claim)
        rows.append({"table": rival_table, "loser_cards": cards[0], "winner_cards": cards[1], "board": cards[2],
                     "hand": claim.hand if claim.qualifies else None})
    strongest = bad_beat_strongest(claims)
    if rules["main_la_plus_forte"].value and 0 not in strongest:
        other = rows[strongest[0] - 1]
        raise DomainError(errors.BAD_BEAT_STRONGER_TABLE.format(
            table=other["table"], hand=hand_label(other["hand"]), citation=str(rules["main_la_plus_forte"].citation)),
            code=ErrorCode.NOT_QUALIFIED, field="table")
    mentions = {"game": game, "table": table, "hand": judged.hand, "date": gaming_day.isoformat(), "won_at": won_at}
    vouchers = bad_beat_split(value, players, loser, loser_share=rules["part_perdant"].value,
                              table_share=rules["part_table"].value)
    payload = {
        "game": game,
        "table": table,
        "won_at": won_at,
        "loser": loser,
        "loser_cards": loser_cards,
        "winner_cards": winner_cards,
        "board": board,
        "hand": judged.hand,
        "winner_hand": judged.winner_hand,
        "pot": pot_value,
        "pot_minimum": house.bad_beat_minimum_pot,
        "reglement_interieur": house.seq,
        "amount": value,
        "currency": currency,
        "vouchers": [{**voucher, **mentions} for voucher in vouchers],
        "rivals": rows,
        "restart_at": restart_value,
        "citation": f"{citation} ; {minimum_rule} ; {vouchers_rule} ; {signatures}",
    }
    return pending_file(
        register=register,
        kind=WON,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation=signatures,
        late_reason=late_reason,
    )


@transaction.atomic
def bad_beat_statement_file(
    *, casino: Casino, actor: User, gaming_day: datetime.date, amount, currency: str, history_reference: str,
    late_reason: str = "",
) -> PendingEntry:
    """End of session: the sum dedicated to the bad-beat jackpot, from the certified history of the
    tables' machines, written by the cashier under a management member's control (art. 49-13 al. 9)."""
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    citation = _cited(casino, f"{BAD_BEAT}.releve_fin_de_seance", gaming_day)
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


@transaction.atomic
def cagnotte_file(
    *, casino: Casino, actor: User, gaming_day: datetime.date, table: str, house, bad_beat, box_count, currency: str,
    late_reason: str = "",
) -> PendingEntry:
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    table = clean_text(table, field="table", max_length=TABLE_MAX)
    check_currency(casino, currency)
    house_amount = parse_amount(house, field="house", allow_zero=True)
    bad_beat_amount = parse_amount(bad_beat, field="bad_beat", allow_zero=True)
    counted = parse_amount(box_count, field="box_count", allow_zero=True)
    register = _locked(casino, RegisterKind.CAGNOTTE)
    citation = controls.cited(casino, CAGNOTTE_RULE, gaming_day, controls.BOOKS)
    _refuse(cagnotte_problems(cagnotte_counted(register, gaming_day), Count(
        table, gaming_day, house_amount, bad_beat_amount, counted), citation), casino)
    payload = {
        "table": table,
        "house": house_amount,
        "bad_beat": bad_beat_amount,
        "box_count": counted,
        "difference": counted - house_amount - bad_beat_amount,
        "currency": currency,
        "reconcile_key": f"{table}|{gaming_day.isoformat()}",
        "citation": citation,
    }
    return pending_file(
        register=register,
        kind=EntryKind.CAGNOTTE_COUNTED,
        gaming_day=gaming_day,
        actor=actor,
        payload=payload,
        countersigner_role=User.Role.MANAGER,
        citation=controls.written(controls.SECOND_SIGNATURE),  # 97-1 asks for none: the casino's control
        late_reason=late_reason,
    )


def win_still_payable(pending: PendingEntry) -> None:
    """At its countersignature, a win is checked again by the controls that filed it: a stop, a win of the same level
    in the same deal, another bad beat's win or a new version of the house rules may have come between the filing and
    the second signature (art. 49-10, 49-11, 49-12, 49-14)."""
    payload, day, casino = json.loads(pending.payload), pending.gaming_day, pending.register.casino
    rules = _rules(casino, day)
    if pending.register.kind == RegisterKind.JACKPOT_PROGRESSIF:
        jackpot, _config = jackpot_of(pending.register, payload["jackpot"])
        _refuse(win_problems(jackpot, Win(payload["jackpot"], day, payload["level"], payload.get("table"),
                                          payload.get("deal"), Decimal(payload["amount"])), rules), casino)
    elif pending.register.kind == RegisterKind.BAD_BEAT:
        written = (payload["reglement_interieur"], Decimal(payload["pot_minimum"])) if "pot_minimum" in payload \
            else None
        _refuse(bad_beat_win_problems(bad_beat_of(pending.register, wins=True), BadBeatWin(
            day, payload.get("table"), payload.get("won_at"), Decimal(payload["pot"]),
            tuple(voucher.get("player") for voucher in payload.get("vouchers", [])), payload.get("loser"),
            house_terms(house_rules_at(casino, day)), written, written is not None, Decimal(payload["amount"]),
            Decimal(payload["restart_at"]), bad_beat_credits(casino, last=day)), rules), casino)


def count_still_single(pending: PendingEntry) -> None:
    """At its countersignature, a cagnotte count's table is still not counted that day: of two counts of one table
    filed before either was signed, the second is refused (`controls.cagnotte_problems`)."""
    payload, casino = json.loads(pending.payload), pending.register.casino
    _refuse(cagnotte_problems(cagnotte_counted(pending.register, pending.gaming_day), Count(
        payload["table"], pending.gaming_day, Decimal(payload["house"]), Decimal(payload["bad_beat"]),
        Decimal(payload["box_count"])), payload["citation"]), casino)


# --- the house rules and the bad beat's stop -----------------------------------------------------------------------


@transaction.atomic
def house_rules_record(
    *, casino: Casino, actor: User, gaming_day: datetime.date, effective_from: datetime.date, progressive_pots: str,
    progressive_rounding: str, bad_beat_pots: str, bad_beat_rounding: str, bad_beat_minimum_pot,
    bad_beat_restart: str, late_reason: str = "", **terms,
) -> Entry | PendingEntry:
    """A new version of the casino's house rules (« règlement intérieur »), recorded by its direction on `gaming_day`
    and in force from `effective_from` (never before the day it is recorded): the jackpots' modalities (art. 49-9 al.
    3, 49-12 al. 7, 49-13 al. 2 and 10) and, where given (`terms`, house_rules.TERMS: None or absent where the version
    does not say), what else the texts leave to the house, each checked against the article that leaves it
    (`controls.house_rules_terms_problems`): the room's rake terms, the option (a straddle, art. 49-1), the recave
    maximum and the maximum absence (art. 49-1), the bataille's égalité bet and spots (art. 37-16, 37-18), the
    tournaments' adoption of the ROPTA. The increments' conditions « ne peuvent être modifiées avant l'arrêt » (art.
    49-9 al. 3, 49-13 al. 3): a version that changes them while a jackpot runs is refused. Nothing is edited: the
    version supersedes the previous one from its date."""
    unknown = sorted(set(terms) - {term.name for term in TERMS})
    if unknown:
        raise TypeError(f"house_rules_record() got unexpected keyword arguments {unknown}")
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    progressive_rule, bad_beat_rule = (_cited(casino, key, gaming_day) for key in (PROGRESSIVE_RULES, BAD_BEAT_RULES))
    minimum_rule, whole_rule = (_cited(casino, key, gaming_day) for key in (BAD_BEAT_MINIMUM_POT, BAD_BEAT_WHOLE_POT))
    if actor.role != User.Role.MANAGER:
        raise DomainError(errors.HOUSE_RULES_DIRECTION.format(user=actor.username), code=ErrorCode.WRONG_ROLE,
                          field="actor")
    _refuse(house_rules_problems(HouseRulesVersion(gaming_day, effective_from, house_rules_choices(
        progressive_pots=progressive_pots, progressive_rounding=progressive_rounding, bad_beat_pots=bad_beat_pots,
        bad_beat_rounding=bad_beat_rounding, bad_beat_restart=bad_beat_restart, progressive_rule=progressive_rule,
        bad_beat_rule=bad_beat_rule))), casino)
    said = terms_said(terms, term_citations(casino, gaming_day))
    _refuse(house_rules_terms_problems(said), casino)
    progressive = {"pots_exterieurs": progressive_pots, "arrondi": progressive_rounding}
    bad_beat = {"pots_exterieurs": bad_beat_pots, "arrondi": bad_beat_rounding,
                "pot_minimum": parse_amount(bad_beat_minimum_pot, field="bad_beat_minimum_pot", allow_zero=True),
                "redemarrage": bad_beat_restart}
    register = register_for(casino=casino, kind=RegisterKind.CAGNOTTE)
    register = Register.objects.select_for_update().get(pk=register.pk)  # two versions are not recorded at once
    versions = house_rules_versions(casino)
    if versions:
        current = max(versions, key=lambda version: (version.effective_from, version.seq))
        if (progressive["pots_exterieurs"], progressive["arrondi"]) != current.progressive_conditions():
            running = [card.name for card in jackpot_cards(register_for(
                casino=casino, kind=RegisterKind.JACKPOT_PROGRESSIF), casino) if card.active]
            if running:
                raise DomainError(errors.HOUSE_RULES_RUNNING.format(name=running[0], citation=progressive_rule),
                                  code=ErrorCode.JACKPOT_ACTIVE, field="progressive_pots")
        _refuse(bad_beat_conditions_problems(
            bad_beat_of(register_for(casino=casino, kind=RegisterKind.BAD_BEAT)), effective_from,
            current.bad_beat_conditions(), (bad_beat["pots_exterieurs"], bad_beat["arrondi"]),
            _rules(casino, gaming_day)), casino)
    payload = {"en_vigueur_le": effective_from.isoformat(), "jackpot_progressif": progressive, "bad_beat": bad_beat,
               "citation": " ; ".join((progressive_rule, bad_beat_rule, whole_rule, minimum_rule))}
    for term, value in zip(TERMS, said, strict=True):  # each section only where the version says something of it
        if value.value is not None:
            payload.setdefault(term.section, {})[term.key] = kept(term, value.value)
    return entry_file(register=register, kind=HOUSE_RULES, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


@transaction.atomic
def bad_beat_stop(
    *, casino: Casino, actor: User, gaming_day: datetime.date, voluntary: bool, reason: str,
    minister_notified_on: datetime.date | None = None, late_reason: str = "",
) -> Entry | PendingEntry:
    """Stops the bad-beat jackpot from `gaming_day`, as jackpot_stop does the progressive (art. 49-11): a voluntary
    stop only if the Minister was told at least the rule's days before (art. 49-14 al. 2: « sous réserve d'en
    informer le Ministre des Finances dans les quinze jours qui précèdent »); an involuntary one (a breakdown, al. 3)
    at once. No increment and no win until it is put back in service (bad_beat_restart)."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    register = _locked(casino, RegisterKind.BAD_BEAT)
    reason = clean_text(reason, field="reason", max_length=TEXT_MAX, multiline=True, optional=True)
    rules = _rules(casino, gaming_day)
    state = bad_beat_of(register)
    if voluntary and minister_notified_on is None:  # the latest notice recorded by then (bad_beat_notice)
        minister_notified_on = max((told for told, _seq in state.notices if told <= gaming_day), default=None)
    _refuse(bad_beat_stop_problems(state, Stop(
        gaming_day, bool(voluntary), minister_notified_on, casino.today()), rules), casino)
    notice = rules.value(BAD_BEAT_NOTICE)
    citation = str(notice.citation) if voluntary else _cited(casino, f"{BAD_BEAT}.panne_sans_prelevement", gaming_day)
    payload = {"voluntary": bool(voluntary), "reason": reason,
               "minister_notified_on": minister_notified_on.isoformat() if minister_notified_on else None,
               "citation": citation}
    return entry_file(register=register, kind=STOPPED, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


@transaction.atomic
def bad_beat_restart(*, casino: Casino, actor: User, gaming_day: datetime.date, restart_at,
                     late_reason: str = "") -> Entry | PendingEntry:
    """Puts a stopped bad-beat jackpot back in service from `gaming_day`, its cagnotte as the stop left it (art. 49-13
    al. 1, 49-14 al. 3: `controls.bad_beat_restart_problems`); the account resumes from `restart_at`."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    rules = _rules(casino, gaming_day)
    citation = rules.cited(BAD_BEAT_RULES)
    register = _locked(casino, RegisterKind.BAD_BEAT)
    value = parse_amount(restart_at, field="restart_at", allow_zero=True)
    _refuse(bad_beat_restart_problems(bad_beat_of(register, wins=True), gaming_day, rules, value,
                                      bad_beat_credits(casino, last=gaming_day)), casino)
    payload = {"restart_at": value, "citation": citation}
    return entry_file(register=register, kind=CONFIGURED, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


@transaction.atomic
def bad_beat_open(*, casino: Casino, actor: User, gaming_day: datetime.date, start,
                  late_reason: str = "") -> Entry | PendingEntry:
    """Puts the bad-beat jackpot in service from `gaming_day` at the start value the casino fixes (art. 49-13 al. 1:
    « la valeur de départ du jackpot fixée par l'établissement »), with the house rules' conditions in force: its
    account is kept from then, and neither is changed before a stop (al. 3)."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    rules = _rules(casino, gaming_day)
    register = _locked(casino, RegisterKind.BAD_BEAT)
    value = parse_amount(start, field="start", allow_zero=True)
    _refuse(bad_beat_open_problems(bad_beat_of(register), gaming_day, rules), casino)
    house = house_rules_at(casino, gaming_day)
    conditions = None if house is None else {
        "reglement_interieur": house.seq, "pots_exterieurs": house.bad_beat_pots, "arrondi": house.bad_beat_rounding,
        "redemarrage": house.bad_beat_restart}
    payload = {"start": value, "restart_at": value, "conditions": conditions,
               "citation": f"{rules.cited(BAD_BEAT_RULES)} ; {rules.cited(f'{BAD_BEAT}.conditions_affichees')}"}
    return entry_file(register=register, kind=CONFIGURED, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)


@transaction.atomic
def bad_beat_notice(*, casino: Casino, actor: User, gaming_day: datetime.date, minister_notified_on: datetime.date,
                    reference: str, late_reason: str = "") -> Entry | PendingEntry:
    """The notice to the Minister of Finance of a voluntary stop (art. 49-14 al. 2), recorded by the direction with
    the day it was sent and its reference: a day already past, not before the bad beat was in service. A voluntary
    stop then reads it (bad_beat_stop)."""
    verify_can_write(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    rules = _rules(casino, gaming_day)
    register = _locked(casino, RegisterKind.BAD_BEAT)
    reference = clean_text(reference, field="reference", max_length=200)
    _refuse(bad_beat_notice_problems(bad_beat_of(register), Notice(gaming_day, minister_notified_on, casino.today()),
                                     rules, stop_notice_named(casino, reference)), casino)
    payload = {"minister_notified_on": minister_notified_on.isoformat(), "reference": reference,
               "citation": rules.cited(BAD_BEAT_NOTICE)}
    return entry_file(register=register, kind=EntryKind.JACKPOT_NOTICE, gaming_day=gaming_day, actor=actor,
                      payload=payload,
                      late_reason=late_reason)


@transaction.atomic
def bad_beat_manual_file(*, casino: Casino, actor: User, gaming_day: datetime.date, table: str, amount,
                         currency: str, late_reason: str = "") -> Entry | PendingEntry:
    """A line of the « carnet de compte » (art. 49-14 al. 3: « Les montants prélevés seront notés manuellement dans
    un carnet de compte »): a table's amounts levied on a day the bad beat stands stopped by a breakdown, once per
    table and day; the reconciliation sets it against the deals imported for that day."""
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)  # before any rule is read at that day
    rules = _rules(casino, gaming_day)
    register = _locked(casino, RegisterKind.BAD_BEAT)
    table = clean_text(table, field="table", max_length=TABLE_MAX)
    value = parse_amount(amount, allow_zero=True)
    check_currency(casino, currency)
    _refuse(bad_beat_manual_problems(bad_beat_of(register), Noted(gaming_day, table, value), rules), casino)
    payload = {"table": table, "amount": value, "currency": currency,
               "citation": rules.cited(f"{BAD_BEAT}.panne_sans_prelevement")}
    return entry_file(register=register, kind=CARNET, gaming_day=gaming_day, actor=actor, payload=payload,
                      late_reason=late_reason)
