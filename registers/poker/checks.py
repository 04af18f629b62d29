"""The audit's checks of the poker room registers (`registers_audit`): each entry against the rules of
registers/poker/services.py — progressive jackpots (LU RGD 1979 art. 49-9 to 49-11), the bad-beat jackpot (49-12 to
49-15), the cagnotte (97-1). The progressive jackpots are replayed as registers/poker/selectors.py reads them: a
configuration starts a jackpot at its start values, a statement sets the displayed amounts, a win puts its level back
to its start, a stop ends it."""

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext_lazy as _

from games.poker.jackpots import HIGHEST_FIRST, ROUNDINGS, bad_beat_qualifies, bad_beat_split

from ..chain.replay import Audited, Check, Problem, Replay
from ..fields import TEXT_MAX
from . import errors
from .services import CAGNOTTE_RULE, CONFIGURATION_RULE, STATEMENT_RULE, STOP_RULE

TABLE_MAX = 60  # a table's name, as bad_beat_win_file and cagnotte_file bound it
BAD_BEAT_RULE, BAD_BEAT_STATEMENT_RULE, BAD_BEAT_WIN_RULE = (
    "LU RGD 1979 art. 49-12", "LU RGD 1979 art. 49-13", "LU RGD 1979 art. 49-15")

JACKPOT_UNKNOWN = _("Aucun jackpot « {name} » n'est configuré dans ce registre avant cette écriture.")
JACKPOT_STOPPED = _("Le jackpot « {name} » est arrêté depuis l'écriture n° {seq} : ni relevé ni gain avant qu'il soit "
                    "configuré à nouveau.")
JACKPOT_STOPPED_AGAIN = _("Le jackpot « {name} » est déjà arrêté depuis l'écriture n° {seq} : il ne s'arrête qu'une "
                          "fois.")
JACKPOT_ACTIVE = _("Le jackpot « {name} » est en cours depuis l'écriture n° {seq} : ses conditions ne changent pas "
                   "avant son arrêt.")
NO_DISPLAYED = _("Le relevé n'indique aucun montant affiché.")
TABLE_UNKNOWN = _("La table « {table} » n'est pas reliée au jackpot : ses tables sont {tables}.")
LEVEL_UNKNOWN = _("Le jackpot n'a pas de niveau « {level} » : ses niveaux sont {levels}.")
LEVEL_MISSING = _("Aucun montant affiché pour le niveau {level}.")
ABOVE_AMOUNT = _("Le gain de {amount} dépasse le montant du niveau {level}, {available}.")
RESTART = _("Le niveau {level} repart de sa valeur de départ, {start}, pas de {restart}.")
LEVEL_COUNT = _("{count} niveau(x) : il en faut de 1 à {max}.")
COMBINATIONS = _("Chaque niveau porte sur une combinaison différente parmi {eligible}, numérotés de 1 à {count} de la "
                 "plus haute à la plus basse.")
START_TOO_HIGH = _("Niveau {level} : valeur de départ {start} au-delà de {limit} ({multiple} fois la small blind).")
INCREMENT = _("Incrément invalide : montant fixe positif, ou pourcentage inférieur à 100, avec un arrondi connu.")
NOTICE = _("Arrêt volontaire sans avis au Ministre au moins {days} jours avant (avis du {notice}, arrêt le {day}).")
NOT_BOOLEAN = _("« {key} » vaut vrai ou faux, pas « {value} ».")
DIFFERENCE = _("L'écart inscrit, {written}, n'est pas le comptage moins la cagnotte et le bad beat : {expected}.")
RECONCILE_KEY = _("Clé de rapprochement « {written} » au lieu de « {expected} ».")
NOT_QUALIFIED = _("Main non qualifiante pour le bad beat jackpot : {reason}.")
VOUCHERS = _("Les bons ne partagent pas {amount} comme le veut le règlement : la moitié au perdant, l'autre à parts "
             "égales entre tous les joueurs assis, perdant compris.")
PLAYERS_TWICE = _("Un joueur assis a plusieurs bons : chacun n'en a qu'un.")
LOSER_NOT_SEATED = _("Le perdant « {loser} » n'a pas de bon : il n'est pas parmi les joueurs assis.")


@dataclass
class Jackpot:
    """A configured progressive jackpot as the entries so far left it."""

    config: dict
    configured: int  # n° of its configuration
    stopped: int | None = None  # n° of its stop
    amounts: dict[str, Decimal] = field(default_factory=dict)

    @property
    def configured_levels(self) -> list[dict]:
        levels = self.config.get("levels")
        return [level for level in levels if isinstance(level, dict)] if isinstance(levels, list) else []

    @property
    def levels(self) -> list[str]:
        return [str(level.get("level")) for level in self.configured_levels]

    def start(self, level: str) -> Decimal | None:
        start = next((lv.get("start") for lv in self.configured_levels if str(lv.get("level")) == level), None)
        try:
            return Decimal(start) if isinstance(start, str) else None
        except InvalidOperation:
            return None


def _jackpots(replay: Replay) -> dict[str, Jackpot]:
    return replay.part("poker.jackpots", dict)


def _named(replay: Replay, check: Check) -> Jackpot | None:
    """The configured jackpot the entry names (printable name), or a problem."""
    name = check.entry.payload.get("jackpot")
    check.text("jackpot")
    jackpot = _jackpots(replay).get(name) if isinstance(name, str) else None
    if jackpot is None:
        check.fail(JACKPOT_UNKNOWN, CONFIGURATION_RULE, name=name)
    return jackpot


def _running(replay: Replay, check: Check, stopped_message=JACKPOT_STOPPED) -> Jackpot | None:
    """The jackpot the entry names, if it is configured and running (art. 49-11)."""
    jackpot = _named(replay, check)
    if jackpot is not None and jackpot.stopped is not None:
        check.fail(stopped_message, STOP_RULE, name=check.entry.payload.get("jackpot"), seq=jackpot.stopped)
        return None
    return jackpot


def progressive_configured(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-9: a jackpot not running, at most the rule's levels on distinct eligible combinations, start values
    within their multiple of the small blind, a fixed or percentage increment."""
    check = Check(replay, entry, CONFIGURATION_RULE)
    maximum = check.rule("lu.jackpot_progressif.niveaux_max")
    check.citation = maximum.citation.label if maximum else CONFIGURATION_RULE
    payload, name = entry.payload, entry.payload.get("jackpot")
    check.text("jackpot")
    running = _jackpots(replay).get(name) if isinstance(name, str) else None
    if running is not None and running.stopped is None:
        check.fail(JACKPOT_ACTIVE, name=name, seq=running.configured)
    for table in check.items("tables"):
        check.text("tables", value=table)
    blind = check.amount("small_blind")
    levels = [lv for lv in check.items("levels") if isinstance(lv, dict)]
    if maximum is not None and not 1 <= len(levels) <= int(maximum.value):
        check.fail(LEVEL_COUNT, count=len(levels), max=maximum.value)
    eligible_rule = check.rule("lu.jackpot_progressif.combinaisons_eligibles")
    eligible = HIGHEST_FIRST[: int(eligible_rule.value)] if eligible_rule else HIGHEST_FIRST
    combinations = [lv.get("combination") for lv in levels]
    ordered = sorted((c for c in combinations if c in eligible), key=eligible.index)
    if (len(levels) != len(check.items("levels")) or len(set(combinations)) != len(combinations)
            or combinations != ordered or [lv.get("level") for lv in levels] != list(range(1, len(levels) + 1))):
        check.fail(COMBINATIONS, eligible=", ".join(eligible), count=len(levels))
    starts = check.rule("lu.jackpot_progressif.valeurs_depart_max")
    for index, level in enumerate(levels):
        start = check.amount(f"levels[{index}].start", value=level.get("start"), zero=True)
        if None not in (start, blind, starts) and index < len(starts.value):
            multiple = Decimal(str(starts.value[index]))
            if start > multiple * blind:
                check.fail(START_TOO_HIGH, starts.citation.label, level=index + 1, start=start,
                           limit=multiple * blind, multiple=multiple)
    increment = payload.get("increment") if isinstance(payload.get("increment"), dict) else {}
    value = check.amount("increment.value", value=increment.get("value"))
    if (increment.get("kind") not in {"fixe", "pourcentage"} or increment.get("rounding") not in ROUNDINGS
            or (increment.get("kind") == "pourcentage" and value is not None and value >= 100)):
        check.fail(INCREMENT)
    if isinstance(name, str):
        jackpot = Jackpot(payload, entry.seq)
        jackpot.amounts = {level: jackpot.start(level) for level in jackpot.levels}
        _jackpots(replay)[name] = jackpot
    return check.problems


def progressive_statement(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-10 al. 5: the amounts displayed at the end of a session, for a configured running jackpot (49-9,
    49-11): one for each of its levels and no other, each an amount."""
    check = Check(replay, entry, f"{STATEMENT_RULE} al. 5")
    jackpot = _running(replay, check)
    displayed = entry.payload.get("displayed")
    if not isinstance(displayed, dict) or not displayed:
        check.fail(NO_DISPLAYED)
        displayed = {}
    elif jackpot is not None:
        for level in displayed:
            if level not in jackpot.levels:
                check.fail(LEVEL_UNKNOWN, CONFIGURATION_RULE, level=level, levels=", ".join(jackpot.levels))
        for level in jackpot.levels:
            if level not in displayed:
                check.fail(LEVEL_MISSING, level=level)
    amounts = {level: check.amount(f"displayed[{level}]", value=value, zero=True) for level, value in displayed.items()}
    name = entry.payload.get("jackpot")
    known = _jackpots(replay).get(name) if isinstance(name, str) else None
    if known is not None:  # the selectors take a statement's amounts, running or not
        known.amounts.update({level: amount for level, amount in amounts.items() if amount is not None})
    return check.problems


def progressive_won(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-10: a win of a level the running jackpot has, never above its amount, the level back to its start,
    countersigned by a member of the management."""
    check = Check(replay, entry, STATEMENT_RULE)
    check.countersigned()
    jackpot = _running(replay, check)
    level = entry.payload.get("level")
    amount = check.amount("amount")
    restart = check.amount("restart_at", zero=True)
    check.currency()
    for key in ("game", "table", "combination", "won_at", "player"):
        check.text(key)
    if jackpot is None:
        return check.problems
    linked = jackpot.config.get("tables") if isinstance(jackpot.config.get("tables"), list) else []
    if entry.payload.get("table") not in linked:
        check.fail(TABLE_UNKNOWN, CONFIGURATION_RULE, table=entry.payload.get("table"),
                   tables=", ".join(map(str, linked)))
    if isinstance(level, bool) or not isinstance(level, int) or str(level) not in jackpot.levels:
        check.fail(LEVEL_UNKNOWN, CONFIGURATION_RULE, level=level, levels=", ".join(jackpot.levels))
        return check.problems
    available, start = jackpot.amounts.get(str(level)), jackpot.start(str(level))
    if amount is not None and available is not None and amount > available:
        check.fail(ABOVE_AMOUNT, amount=amount, level=level, available=available)
    if restart is not None and restart != start:
        check.fail(RESTART, level=level, start=start, restart=restart)
    if restart is not None:
        jackpot.amounts[str(level)] = restart
    return check.problems


def progressive_stopped(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-11: a configured running jackpot stops once; a voluntary stop after telling the Minister at least the
    rule's number of days before."""
    check = Check(replay, entry, STOP_RULE)
    jackpot = _running(replay, check, JACKPOT_STOPPED_AGAIN)
    check.text("reason", max_length=TEXT_MAX, multiline=True, optional=True)
    voluntary, notified = entry.payload.get("voluntary"), check.day("minister_notified_on", optional=True)
    if not isinstance(voluntary, bool):
        check.fail(NOT_BOOLEAN, key="voluntary", value=voluntary)
    notice = check.rule("lu.jackpot_progressif.preavis_arret_volontaire")
    if voluntary is True and notice is not None and (
            notified is None or (entry.gaming_day - notified).days < int(notice.value)):
        check.fail(NOTICE, notice.citation.label, days=notice.value, notice=notified or "—", day=entry.gaming_day)
    if jackpot is not None:
        jackpot.stopped = entry.seq
    return check.problems


def bad_beat_statement(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-13 al. 9: the session's sum for the bad-beat jackpot, from the certified history of the tables'
    machines, written by the cashier under a management member's control."""
    check = Check(replay, entry, BAD_BEAT_STATEMENT_RULE)
    check.countersigned()
    check.amount("amount", zero=True)
    check.currency()
    check.text("history", max_length=200)  # the bounds of the services
    return check.problems


def bad_beat_won(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-12 and 49-15: a qualifying hand, a voucher for each seated player (half to the loser, the rest in equal
    shares), signed by two people."""
    check = Check(replay, entry, BAD_BEAT_WIN_RULE)
    check.countersigned()
    payload = entry.payload
    amount = check.amount("amount")
    check.amount("pot")
    check.amount("restart_at", zero=True)
    check.currency()
    check.text("table", max_length=TABLE_MAX)
    for key in ("loser", "loser_cards", "winner_cards", "board"):
        check.text(key)
    try:
        qualified, reason = bad_beat_qualifies(payload.get("loser_cards"), payload.get("winner_cards"),
                                               payload.get("board"))
    except (ValueError, TypeError, AttributeError) as error:
        qualified, reason = False, str(error)
    if not qualified:
        check.fail(NOT_QUALIFIED, BAD_BEAT_RULE, reason=reason)
    vouchers = [v if isinstance(v, dict) else {} for v in check.items("vouchers")]
    players = [v.get("player") for v in vouchers]
    for player in players:
        check.text("vouchers.player", value=player)
    if len(set(players)) != len(players):
        check.fail(PLAYERS_TWICE, BAD_BEAT_WIN_RULE)
    if payload.get("loser") not in players:
        check.fail(LOSER_NOT_SEATED, BAD_BEAT_RULE, loser=payload.get("loser"))
    elif amount is not None:
        expected = [(v["player"], v["amount"]) for v in bad_beat_split(amount, players, payload["loser"])]
        written = [(v.get("player"), check.number("vouchers.amount", value=v.get("amount"))) for v in vouchers]
        if written != expected:
            check.fail(VOUCHERS, BAD_BEAT_RULE, amount=amount)
    return check.problems


def cagnotte_counted(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 97-1: a table's count of the day, the house's and the bad beat's shares and the box, one of them positive,
    the difference as counted, under a management member's countersignature."""
    check = Check(replay, entry, CAGNOTTE_RULE)
    check.countersigned()
    table = check.text("table", max_length=TABLE_MAX)
    check.currency()
    house, bad_beat, box = (check.amount(key, zero=True) for key in ("house", "bad_beat", "box_count"))
    if None in (house, bad_beat, box):
        return check.problems
    if not (house or bad_beat or box):
        check.fail(errors.CAGNOTTE_EMPTY)
    difference = check.number("difference")
    if difference is not None and difference != box - house - bad_beat:
        check.fail(DIFFERENCE, written=difference, expected=box - house - bad_beat)
    expected_key = f"{table}|{entry.gaming_day.isoformat()}"
    if table is not None and entry.payload.get("reconcile_key") != expected_key:
        check.fail(RECONCILE_KEY, written=entry.payload.get("reconcile_key"), expected=expected_key)
    return check.problems
