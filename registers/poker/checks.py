"""The audit's checks of the poker room registers (`registers_audit`): each entry against the controls its service
refuses with (registers/poker/controls/) — progressive jackpots (LU RGD 1979 art. 49-9 to 49-11), the bad-beat
jackpot (49-12 to 49-15), the cagnotte (97-1). The registers are replayed into the controls' states as the selectors
read them: a configuration starts a jackpot at its start values, a statement sets the displayed amounts, a win puts its
level back to its start, a stop ends it; the bad beat's stops and restarts by gaming day. What the entry derives from
its cards (the winners, the vouchers' shares) is computed again here. The articles cited are the rule data's."""

from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.profiles import concept_or_none
from games.poker.jackpots import bad_beat_split, bad_beat_strongest, progressive_award, split_equally

from .. import controls as house_controls
from ..chain.replay import HOUSE_RULE, Amount, Audited, Check, Problem, Replay, refusal, rendered
from ..controls import Rules
from ..fields import TEXT_MAX
from . import errors
from .controls import bad_beat as bad_beat_state  # its replays: the checks bear their names
from .controls.bad_beat import BadBeat
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
    Jackpot,
    Level,
    Statement,
    Win,
    configure_problems,
    configured,
    stated,
    statement_problems,
    stop_problems,
    stopped,
    win_problems,
    won,
)
from .controls.shared import (
    BAD_BEAT_CONDITIONS,
    BAD_BEAT_NOTICE,
    BREAKDOWN,
    CONDITIONS,
    LEVELS_MAX,
    NOTICE,
    PER_DEAL,
    PER_TABLE,
    SAME_BLINDS,
    STATEMENT_RULE,
    House,
    Stop,
    decimal,
)
from .house_rules import (
    SECTIONS,
    TERMS,
    house_rules_at,
    house_rules_choices,
    house_rules_versions,
    house_terms,
    term_citations,
    terms_said,
)
from .selectors import (
    BAD_BEAT,
    BAD_BEAT_KEYS,
    PROGRESSIVE,
    bad_beat_credits,
    bad_beat_of,
    bad_beat_register,
    stop_notice_named,
)
from .services import CAGNOTTE_RULE, DEAL_MAX, TABLE_MAX, bad_beat_claim, bad_beat_reason, clean_time

DIFFERENCE = _("L'écart inscrit, {written}, n'est pas le comptage moins la cagnotte et le bad beat : {expected}.")
RECONCILE_KEY = _("Clé de rapprochement « {written} » au lieu de « {expected} ».")
NOT_QUALIFIED = _("Main non qualifiante pour le bad beat jackpot : {reason}.")
VOUCHERS = _("Les bons ne partagent pas {amount} comme le veut le règlement : la moitié au perdant, l'autre à parts "
             "égales entre tous les joueurs assis, perdant compris.")
AWARD = _("Le gain ne revient pas à ceux que les cartes désignent : {expected} ({hand}), pas {written}.")
NO_WINNER = _("Aucune main encore en jeu ne forme la combinaison du niveau {level}.")
BAD_CARDS = _("Cartes illisibles : {reason}.")
WIN_VOUCHERS = _("Les bons ne partagent pas {amount} à parts égales entre {winners}, le reliquat au premier nommé.")
VOUCHER_MENTIONS = _("Le bon de « {player} » ne porte pas les mentions de l'écriture (jeu, table, combinaison, date, "
                     "heure).")
STRONGER_CLAIM = _("La table « {table} » a perdu avec une main plus forte : elle remportait le bad beat jackpot.")


def _rules(check: Check) -> Rules:
    """The rule values of the entry's day for the controls: a missing one is a problem of the entry, naming the key
    its jurisdiction's texts give the concept (compliance.profiles)."""
    casino = check.replay.casino
    return Rules(lambda concept: check.rule(concept_or_none(casino.jurisdiction, concept) or concept), casino)


def _report(check: Check, problems: list) -> None:
    """The controls' problems as the audit writes them (French and English, the article beside them)."""
    for problem in problems:
        check.fail(problem.message, problem.citation, **problem.params)


def _jackpots(replay: Replay) -> dict[str, Jackpot]:
    return replay.part("poker.jackpots", dict)


def _named(entry: Audited, jackpots: dict) -> tuple[str, Jackpot | None]:
    name = entry.payload.get("jackpot")
    return name, jackpots.get(name) if isinstance(name, str) else None


def _house(replay: Replay, entry: Audited) -> House | None:
    """The house rules in force on the entry's day, of the versions recorded before it (registers/poker/
    house_rules.py): what its service read."""
    versions = replay.part("poker.house_rules", lambda: house_rules_versions(replay.casino))
    before = [version for version in versions if version.recorded_at <= entry.entry.recorded_at]
    return house_terms(house_rules_at(replay.casino, entry.gaming_day, before))


def _time(check: Check, key: str = "won_at") -> None:
    """A time written as the services write it, « HH:MM »."""
    raw = check.entry.payload.get(key)
    refused = refusal(lambda: clean_time(raw, field=key))
    if refused is not None:
        check.field(key, refused[:2])
    elif clean_time(raw, field=key) != raw:
        check.field(key, rendered(errors.TIME_INVALID, value=raw))


def progressive_configured(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-9, as `configure_problems` has it: a jackpot not running, at most the rule's levels on
    distinct eligible combinations, start values within their multiple of the small blind, linked tables with the same
    compulsory blinds, a fixed or percentage increment rounded as the house rules say."""
    check = Check(replay, entry, HOUSE_RULE)
    rules = _rules(check)
    check.citation = rules.cited(LEVELS_MAX)
    payload, jackpots = entry.payload, _jackpots(replay)
    name, jackpot = _named(entry, jackpots)
    check.text("jackpot")
    tables = check.items("tables")
    for table in tables:
        check.text("tables", value=table)
    blind = check.amount("small_blind")
    citation = rules.cited(SAME_BLINDS)
    rows = tuple(Blinds(row.get("table"), check.amount("blinds.small_blind", value=row.get("small_blind"),
                                                       citation=citation),
                        check.amount("blinds.big_blind", value=row.get("big_blind"), citation=citation))
                 for row in (row if isinstance(row, dict) else {} for row in check.items("blinds")))
    levels = tuple(Level(level.get("level"), level.get("combination"), check.amount(
        f"levels[{index}].start", value=level.get("start"), zero=True)) if isinstance(level, dict)
        else Level(None, None, None) for index, level in enumerate(check.items("levels")))
    increment = payload.get("increment") if isinstance(payload.get("increment"), dict) else {}
    value = check.amount("increment.value", value=increment.get("value"))
    _report(check, configure_problems(jackpot, Configuration(
        str(name), entry.gaming_day, tuple(tables), blind, rows, levels, increment.get("kind"), value,
        increment.get("rounding"), _house(replay, entry)), rules))
    configured(jackpots, entry.seq, entry.gaming_day, payload)
    return check.problems


def progressive_statement(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-10 al. 5 and 49-9 al. 5, as `statement_problems` has it: the amounts displayed at the end of a
    session, one for each level of the running jackpot, and the sums taken at each of its tables, each an amount."""
    check = Check(replay, entry, HOUSE_RULE)
    rules = _rules(check)
    check.citation = rules.cited(STATEMENT_RULE)
    rules.value(PER_TABLE)  # read whatever the jackpot: the day's rule values are the entry's (a missing one is said)
    jackpots = _jackpots(replay)
    name, jackpot = _named(entry, jackpots)
    displayed = entry.payload.get("displayed") if isinstance(entry.payload.get("displayed"), dict) else {}
    for level, value in displayed.items():
        check.amount(f"displayed[{level}]", value=value, zero=True)
    taken = entry.payload.get("increments") if isinstance(entry.payload.get("increments"), dict) else {}
    for table, value in taken.items():
        check.amount(f"increments[{table}]", value=value, zero=True)
    _report(check, statement_problems(jackpot, Statement(
        str(name), entry.gaming_day, tuple(displayed), tuple(taken)), rules))
    stated(jackpots, entry.seq, entry.gaming_day, entry.payload)  # the pages' amounts, running or not
    return check.problems


def _award(check: Check, level: Level, amount: Decimal | None, citation: str) -> None:
    """The winners the cards designate (art. 49-10 al. 1) and their equal shares, as the service computed them."""
    payload = check.entry.payload
    hands = [hand if isinstance(hand, dict) else {} for hand in check.items("hands")]
    if not hands:
        check.fail(NO_WINNER, citation, level=level.number)
        return
    try:
        award = progressive_award(str(level.combination), str(payload.get("board")),
                                  [(str(hand.get("player")), str(hand.get("cards"))) for hand in hands])
    except (ValueError, TypeError) as error:
        check.fail(BAD_CARDS, citation, reason=error)
        return
    if award is None:
        check.fail(NO_WINNER, citation, level=level.number)
        return
    vouchers = [v if isinstance(v, dict) else {} for v in check.items("vouchers")]
    written = [v.get("player") for v in vouchers]
    if written != list(award.winners) or payload.get("combination") != award.hand:
        check.fail(AWARD, citation, expected=", ".join(award.winners), hand=award.hand,
                   written=", ".join(map(str, written)) or "—")
    elif amount is not None:
        shares = [check.number("vouchers.amount", value=v.get("amount")) for v in vouchers]
        if shares != [share for _player, share in split_equally(amount, award.winners)]:
            check.fail(WIN_VOUCHERS, citation, amount=Amount(amount), winners=", ".join(award.winners))


def progressive_won(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-10, as `win_problems` has it: a win of a level the running jackpot has, at a linked table,
    once per level, table and deal, never above its amount, the level back to its start, shared among those the cards
    designate, countersigned by a member of the management."""
    check = Check(replay, entry, HOUSE_RULE)
    rules = _rules(check)
    check.citation = rules.cited(f"{PROGRESSIVE}.deux_signatures")
    check.countersigned()
    check.citation = citation = rules.cited(PER_DEAL)
    payload, jackpots = entry.payload, _jackpots(replay)
    name, jackpot = _named(entry, jackpots)
    check.text("jackpot")
    amount = check.amount("amount")
    restart = check.amount("restart_at", zero=True)
    check.currency()
    check.text("game")
    check.text("table", max_length=TABLE_MAX)
    deal = check.text("deal", max_length=DEAL_MAX)
    _time(check)
    problems = win_problems(jackpot, Win(str(name), entry.gaming_day, payload.get("level"),
                                                  payload.get("table"), deal or None, amount, restart), rules)
    _report(check, problems)
    level = jackpot.level(payload.get("level")) if jackpot is not None else None
    if level is not None and not any(problem.field in ("name", "gaming_day", "level") for problem in problems):
        _award(check, level, amount, citation)
    won(jackpots, entry.seq, entry.gaming_day, payload)
    return check.problems


def progressive_stopped(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-11, as `stop_problems` has it: a configured running jackpot stops once; a voluntary stop after
    telling the Minister at least the rule's number of days before, never in a notice dated after the stop's
    recording."""
    check = Check(replay, entry, HOUSE_RULE)
    rules = _rules(check)
    check.citation = rules.cited(NOTICE)
    jackpots = _jackpots(replay)
    name, jackpot = _named(entry, jackpots)
    check.text("jackpot")
    check.text("reason", max_length=TEXT_MAX, multiline=True, optional=True)
    notified = check.day("minister_notified_on", optional=True)
    _report(check, stop_problems(jackpot, name, Stop(
        entry.gaming_day, entry.payload.get("voluntary"), notified, entry.latest_day), rules))
    stopped(jackpots, entry.seq, entry.gaming_day, entry.payload)
    return check.problems


def bad_beat_statement(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-13 al. 9: the session's sum for the bad-beat jackpot, from the certified history of the tables'
    machines, written by the cashier under a management member's control."""
    check = Check(replay, entry, HOUSE_RULE)
    check.citation = check.replay.cited(f"{BAD_BEAT}.releve_fin_de_seance", entry.gaming_day)
    check.countersigned()
    check.amount("amount", zero=True)
    check.currency()
    check.text("history", max_length=200)  # the bounds of the services
    return check.problems


def _bad_beat_rules(check: Check) -> dict | None:
    rules = {key: check.rule(f"{BAD_BEAT}.{key}") for key in BAD_BEAT_KEYS}
    return None if None in rules.values() else rules


def _judged(check: Check, rules: dict, row: dict, prefix: str = ""):
    """The showdown of `row` judged as the service judges it, or None with a problem when its cards are unreadable."""
    try:
        return bad_beat_claim(row.get("loser_cards"), row.get("winner_cards"), row.get("board"), rules,
                              fields=(f"{prefix}loser_cards", f"{prefix}winner_cards", f"{prefix}board"))[1]
    except DomainError as refused:
        check.fail(BAD_CARDS, str(rules["main_qualifiante"].citation), reason=refused.message)
        return None


def _bad_beat(replay: Replay) -> BadBeat:
    return replay.part("poker.bad_beat", BadBeat)


def _credits(replay: Replay) -> dict:
    """The days' credits to the bad beat's cagnotte (the deals' drops, else the statements), read once a replay."""
    return replay.part("poker.bad_beat_credits", lambda: bad_beat_credits(replay.casino))


def bad_beat_won(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-12 to 49-15: a qualifying hand, the strongest of the claims made at once, and, as
    `bad_beat_win_problems` has it, the jackpot in service that day, the win filed once, the minimum pot of
    the house rules in force (their version and minimum written with the win since they are kept), a voucher for each
    seated player, the loser among them, each voucher (the rule's share to the loser, the rest in equal shares) bearing
    the entry's mentions, signed by two people."""
    check = Check(replay, entry, HOUSE_RULE)
    rules = _bad_beat_rules(check)
    if rules is None:
        return check.problems
    check.citation = str(rules["deux_signatures"].citation)
    check.countersigned()
    citation, vouchers_rule = str(rules["main_qualifiante"].citation), str(rules["bons_par_joueur"].citation)
    check.citation = vouchers_rule
    payload = entry.payload
    amount = check.amount("amount")
    pot = check.amount("pot")
    kept = "pot_minimum" in payload  # the house rules' minimum pot, written with the win since they are kept
    written = (payload.get("reglement_interieur"), decimal(payload.get("pot_minimum"))) if kept else None
    if kept:
        check.amount("pot_minimum", zero=True)
    check.amount("restart_at", zero=True)
    check.currency()
    check.text("game")
    check.text("table", max_length=TABLE_MAX)
    _time(check)
    for key in ("loser", "loser_cards", "winner_cards", "board"):
        check.text(key)
    judged = _judged(check, rules, payload)
    if judged is not None and not judged.qualifies:
        check.fail(NOT_QUALIFIED, citation, reason=bad_beat_reason(judged, rules["main_qualifiante"].value))
    rivals = [rival if isinstance(rival, dict) else {} for rival in check.items("rivals")]
    claims = [_judged(check, rules, rival, "rivals.") for rival in rivals]
    if judged is not None and judged.qualifies and None not in claims and rules["main_la_plus_forte"].value:
        strongest = bad_beat_strongest([judged, *claims])
        if 0 not in strongest:
            check.fail(STRONGER_CLAIM, str(rules["main_la_plus_forte"].citation),
                       table=rivals[strongest[0] - 1].get("table"))
    vouchers = [v if isinstance(v, dict) else {} for v in check.items("vouchers")]
    players = [v.get("player") for v in vouchers]
    for player in players:
        check.text("vouchers.player", value=player)
    _report(check, bad_beat_win_problems(_bad_beat(replay), BadBeatWin(
        entry.gaming_day, payload.get("table"), payload.get("won_at"), pot, tuple(players), payload.get("loser"),
        _house(replay, entry), written, kept, amount, decimal(payload.get("restart_at")), _credits(replay)),
        _rules(check)))
    mentions = {"game": payload.get("game"), "table": payload.get("table"), "hand": payload.get("hand"),
                "date": entry.gaming_day.isoformat(), "won_at": payload.get("won_at")}
    for voucher in vouchers:
        if any(voucher.get(key) != value for key, value in mentions.items()):
            check.fail(VOUCHER_MENTIONS, player=voucher.get("player"))
    if payload.get("loser") in players and amount is not None and len(set(map(str, players))) == len(players):
        shares = bad_beat_split(amount, players, payload["loser"], loser_share=rules["part_perdant"].value,
                                table_share=rules["part_table"].value)
        expected = [(v["player"], v["amount"]) for v in shares]
        written_shares = [(v.get("player"), check.number("vouchers.amount", value=v.get("amount"))) for v in vouchers]
        if written_shares != expected:
            check.fail(VOUCHERS, citation, amount=Amount(amount))
    bad_beat_state.bad_beat_won(_bad_beat(replay), entry.seq, entry.gaming_day, payload)
    return check.problems


def cagnotte_counted(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 97-1: a table's count of the day, the house's and the bad beat's shares and the box, one of them positive,
    the table counted once that day (`cagnotte_problems`), the difference as counted, under a management
    member's countersignature."""
    citation = house_controls.cited(replay.casino, CAGNOTTE_RULE, entry.gaming_day, house_controls.BOOKS)
    check = Check(replay, entry, citation)
    check.countersigned()
    table = check.text("table", max_length=TABLE_MAX)
    check.currency()
    house, bad_beat, box = (check.amount(key, zero=True) for key in ("house", "bad_beat", "box_count"))
    if None in (house, bad_beat, box):
        return check.problems
    counted = replay.part("poker.cagnotte", dict)
    _report(check, cagnotte_problems(counted, Count(table, entry.gaming_day, house, bad_beat, box), citation))
    counted.setdefault((table, entry.gaming_day), entry.seq)
    difference = check.number("difference")
    if difference is not None and difference != box - house - bad_beat:
        check.fail(DIFFERENCE, written=Amount(difference), expected=Amount(box - house - bad_beat))
    expected_key = f"{table}|{entry.gaming_day.isoformat()}"
    if table is not None and entry.payload.get("reconcile_key") != expected_key:
        check.fail(RECONCILE_KEY, written=entry.payload.get("reconcile_key"), expected=expected_key)
    return check.problems


UNKNOWN_TERM = _("« {key} » n'est pas une valeur que le règlement intérieur fixe.")


def house_rules_recorded(replay: Replay, entry: Audited) -> list[Problem]:
    """registers.poker.services.house_rules_record: a version of the house rules recorded by the direction, as
    `house_rules_problems` has it (in force from a day not before the one it is recorded on, each modality one
    the service offers: art. 49-9 al. 3, 49-12 al. 7, 49-13 al. 2 and 10), and each other value it says well formed
    and left to the house by the casino's texts, as `house_rules_terms_problems` has it (art. 37-16, 37-18,
    49-1 …), nothing else in its sections."""
    check = Check(replay, entry, HOUSE_RULE)
    check.citation = progressive_rule = check.replay.cited(CONDITIONS, entry.gaming_day)
    check.actor_role()
    effective = check.day("en_vigueur_le")
    progressive, bad_beat = (part if isinstance(part, dict) else {} for part in (
        entry.payload.get("jackpot_progressif"), entry.payload.get("bad_beat")))
    choices = house_rules_choices(
        progressive_pots=progressive.get("pots_exterieurs"), progressive_rounding=progressive.get("arrondi"),
        bad_beat_pots=bad_beat.get("pots_exterieurs"), bad_beat_rounding=bad_beat.get("arrondi"),
        bad_beat_restart=bad_beat.get("redemarrage"), progressive_rule=progressive_rule,
        bad_beat_rule=check.replay.cited(BAD_BEAT_CONDITIONS, entry.gaming_day))
    _report(check, house_rules_problems(HouseRulesVersion(entry.gaming_day, effective, choices)))
    versions = replay.part("poker.house_rules", lambda: house_rules_versions(replay.casino))
    current = house_rules_at(replay.casino, effective, [version for version in versions if version.seq < entry.seq]) \
        if effective is not None else None
    if current is not None:  # the bad beat's increment unchanged while it runs (art. 49-13 al. 3)
        _report(check, bad_beat_conditions_problems(
            replay.part("poker.bad_beat_now", lambda: bad_beat_of(bad_beat_register(replay.casino))), effective,
            current.bad_beat_conditions(), (bad_beat.get("pots_exterieurs"), bad_beat.get("arrondi")), _rules(check)))
    check.amount("bad_beat.pot_minimum", value=bad_beat.get("pot_minimum"), zero=True)
    citations = replay.part(f"poker.house_terms.{entry.gaming_day}",
                            lambda: term_citations(replay.casino, entry.gaming_day))
    values = {term.name: term.read(entry.payload) for term in TERMS}
    _report(check, house_rules_terms_problems(terms_said(values, citations)))
    known = {(term.section, term.key) for term in TERMS}
    for section in SECTIONS:
        part = entry.payload.get(section, {})
        for key in part if isinstance(part, dict) else (part,):
            if (section, key) not in known:
                check.fail(UNKNOWN_TERM, key=f"{section}.{key}")
    return check.problems


def bad_beat_stopped(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-14, as `bad_beat_stop_problems` has it: the bad beat stops while in service, once until put
    back; a voluntary stop after telling the Minister at least the rule's number of days before."""
    check = Check(replay, entry, HOUSE_RULE)
    rules = _rules(check)
    check.citation = rules.cited(BAD_BEAT_NOTICE)
    check.text("reason", max_length=TEXT_MAX, multiline=True, optional=True)
    notified = check.day("minister_notified_on", optional=True)
    _report(check, bad_beat_stop_problems(_bad_beat(replay), Stop(
        entry.gaming_day, entry.payload.get("voluntary"), notified, entry.latest_day), rules))
    bad_beat_state.bad_beat_halted(_bad_beat(replay), entry.seq, entry.gaming_day, entry.payload)
    return check.problems


def bad_beat_restarted(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-13 al. 1, 49-14, as `bad_beat_restart_problems` has it: a stopped bad beat put back in
    service, its cagnotte as the stop left it; an opening at its start value, never while it runs."""
    check = Check(replay, entry, HOUSE_RULE)
    rules = _rules(check)
    check.citation = rules.cited(f"{BAD_BEAT}.reglement_interieur")
    if "start" in entry.payload:  # an opening at its start value (bad_beat_open): never while it runs (49-13 al. 3)
        check.amount("start", zero=True)
        _report(check, bad_beat_open_problems(_bad_beat(replay), entry.gaming_day, rules))
    else:
        restart = check.amount("restart_at", zero=True)
        _report(check, bad_beat_restart_problems(_bad_beat(replay), entry.gaming_day, rules, restart,
                                                          _credits(replay)))
    if "start" in entry.payload:
        check.amount("restart_at", zero=True)
    bad_beat_state.bad_beat_opened(_bad_beat(replay), entry.seq, entry.gaming_day, entry.payload)
    return check.problems


def bad_beat_noticed(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-14 al. 2, as `bad_beat_notice_problems` has it: the notice to the Minister recorded with the
    day it was sent, already past, not before the bad beat was in service."""
    check = Check(replay, entry, HOUSE_RULE)
    rules = _rules(check)
    check.citation = rules.cited(BAD_BEAT_NOTICE)
    reference = check.text("reference", max_length=200)
    notified = check.day("minister_notified_on")
    if notified is not None:
        _report(check, bad_beat_notice_problems(_bad_beat(replay), Notice(
            entry.gaming_day, notified, entry.latest_day), rules, stop_notice_named(replay.casino, reference or "")))
    bad_beat_state.bad_beat_noticed(_bad_beat(replay), entry.seq, entry.gaming_day, entry.payload)
    return check.problems


def bad_beat_noted(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-14 al. 3, as `bad_beat_manual_problems` has it: a line of the carnet de compte on a day the
    bad beat stands stopped by a breakdown, once per table and day."""
    check = Check(replay, entry, HOUSE_RULE)
    rules = _rules(check)
    check.citation = rules.cited(BREAKDOWN)
    table = check.text("table", max_length=TABLE_MAX)
    amount = check.amount("amount", zero=True)
    check.currency()
    if table is not None and amount is not None:
        _report(check, bad_beat_manual_problems(_bad_beat(replay), Noted(
            entry.gaming_day, table, amount), rules))
    bad_beat_state.bad_beat_noted(_bad_beat(replay), entry.seq, entry.gaming_day, entry.payload)
    return check.problems
