"""The audit's checks of the poker room registers (`registers_audit`): each entry against the rules of
registers/poker/services.py — progressive jackpots (LU RGD 1979 art. 49-9 to 49-11), the bad-beat jackpot (49-12 to
49-15), the cagnotte (97-1). The progressive jackpots are replayed as registers/poker/selectors.py reads them: a
configuration starts a jackpot at its start values, a statement sets the displayed amounts, a win puts its level back
to its start, a stop ends it. The articles cited are the rule data's."""

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from compliance.errors import DomainError
from compliance.formatting import days
from games.poker.jackpots import (
    HIGHEST_FIRST,
    ROUNDINGS,
    bad_beat_split,
    bad_beat_strongest,
    progressive_award,
    split_equally,
)

from .. import controls
from ..chain.replay import HOUSE_RULE, Amount, Audited, Check, Counted, Problem, Replay, refusal, rendered
from ..fields import TEXT_MAX
from . import errors
from .house_rules import (
    BAD_BEAT_POTS_LABELS,
    NO_FLOP_NO_DROP,
    PROGRESSIVE_POTS_LABELS,
    RAKE_PER_POT,
    RESTARTS,
    STRADDLE,
)
from .selectors import BAD_BEAT, BAD_BEAT_KEYS, PROGRESSIVE
from .services import (
    CAGNOTTE_RULE,
    DEAL_MAX,
    TABLE_MAX,
    bad_beat_claim,
    bad_beat_reason,
    clean_time,
)

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
LEVEL_COUNT = _("{count} : il en faut de 1 à {max}.")
COMBINATIONS = _("Chaque niveau porte sur une combinaison différente parmi {eligible}, numérotés de 1 à {count} de la "
                 "plus haute à la plus basse.")
START_TOO_HIGH = _("Niveau {level} : valeur de départ {start} au-delà de {limit} ({multiple} fois la small blind).")
INCREMENT = _("Incrément invalide : montant fixe positif, ou pourcentage inférieur à 100, avec un arrondi connu.")
NOTICE = _("Arrêt volontaire sans avis au Ministre au moins {days} avant (avis du {notice}, arrêt le {day}).")
NOT_BOOLEAN = _("« {key} » vaut vrai ou faux, pas « {value} ».")
DIFFERENCE = _("L'écart inscrit, {written}, n'est pas le comptage moins la cagnotte et le bad beat : {expected}.")
RECONCILE_KEY = _("Clé de rapprochement « {written} » au lieu de « {expected} ».")
NOT_QUALIFIED = _("Main non qualifiante pour le bad beat jackpot : {reason}.")
VOUCHERS = _("Les bons ne partagent pas {amount} comme le veut le règlement : la moitié au perdant, l'autre à parts "
             "égales entre tous les joueurs assis, perdant compris.")
PLAYERS_TWICE = _("Un joueur assis a plusieurs bons : chacun n'en a qu'un.")
LOSER_NOT_SEATED = _("Le perdant « {loser} » n'a pas de bon : il n'est pas parmi les joueurs assis.")
BLINDS = _("Les blinds inscrites ne sont pas une ligne par table reliée ({tables}), avec des montants.")
BLINDS_DIFFER = _("Les tables reliées n'ont pas les mêmes mises initiales obligatoires, ou pas la small blind du "
                  "jackpot ({small_blind}).")
INCREMENTS = _("Les sommes prélevées ne sont pas inscrites pour chaque table reliée ({tables}), et pour elles seules.")
WON_IN_DEAL = _("Le niveau {level} est déjà gagné à la table « {table} » dans la partie « {deal} » (écriture n° "
                "{seq}).")
AWARD = _("Le gain ne revient pas à ceux que les cartes désignent : {expected} ({hand}), pas {written}.")
NO_WINNER = _("Aucune main encore en jeu ne forme la combinaison du niveau {level}.")
BAD_CARDS = _("Cartes illisibles : {reason}.")
WIN_VOUCHERS = _("Les bons ne partagent pas {amount} à parts égales entre {winners}, le reliquat au premier nommé.")
VOUCHER_MENTIONS = _("Le bon de « {player} » ne porte pas les mentions de l'écriture (jeu, table, combinaison, date, "
                     "heure).")
STRONGER_CLAIM = _("La table « {table} » a perdu avec une main plus forte : elle remportait le bad beat jackpot.")


@dataclass
class Jackpot:
    """A configured progressive jackpot as the entries so far left it."""

    config: dict
    configured: int  # n° of its configuration
    stopped: int | None = None  # n° of its stop
    amounts: dict[str, Decimal] = field(default_factory=dict)
    wins: dict[tuple, list[int]] = field(default_factory=dict)  # (level, table, gaming day, deal) → n° of its wins

    @property
    def configured_levels(self) -> list[dict]:
        levels = self.config.get("levels")
        return [level for level in levels if isinstance(level, dict)] if isinstance(levels, list) else []

    @property
    def levels(self) -> list[str]:
        return [str(level.get("level")) for level in self.configured_levels]

    @property
    def tables(self) -> list:
        tables = self.config.get("tables")
        return tables if isinstance(tables, list) else []

    def start(self, level: str) -> Decimal | None:
        start = next((lv.get("start") for lv in self.configured_levels if str(lv.get("level")) == level), None)
        try:
            return Decimal(start) if isinstance(start, str) else None
        except InvalidOperation:
            return None

    def combination(self, level: str) -> str | None:
        return next((lv.get("combination") for lv in self.configured_levels if str(lv.get("level")) == level), None)


def cited(check: Check, key: str) -> str:
    """The article a rule value rests on, on the entry's day (a draft as such)."""
    rule = check.replay.rule(key, check.entry.gaming_day)
    return str(rule.citation) if rule else HOUSE_RULE


def _levels(count: int) -> str:
    return ngettext("%(n)s niveau", "%(n)s niveaux", count) % {"n": count}


def _jackpots(replay: Replay) -> dict[str, Jackpot]:
    return replay.part("poker.jackpots", dict)


def _named(replay: Replay, check: Check) -> Jackpot | None:
    """The configured jackpot the entry names (printable name), or a problem."""
    name = check.entry.payload.get("jackpot")
    check.text("jackpot")
    jackpot = _jackpots(replay).get(name) if isinstance(name, str) else None
    if jackpot is None:
        check.fail(JACKPOT_UNKNOWN, cited(check, f"{PROGRESSIVE}.niveaux_max"), name=name)
    return jackpot


def _running(replay: Replay, check: Check, stopped_message=JACKPOT_STOPPED) -> Jackpot | None:
    """The jackpot the entry names, if it is configured and running (art. 49-11)."""
    jackpot = _named(replay, check)
    if jackpot is not None and jackpot.stopped is not None:
        check.fail(stopped_message, cited(check, f"{PROGRESSIVE}.preavis_arret_volontaire"),
                   name=check.entry.payload.get("jackpot"), seq=jackpot.stopped)
        return None
    return jackpot


def _time(check: Check, key: str = "won_at") -> None:
    """A time written as the services write it, « HH:MM »."""
    raw = check.entry.payload.get(key)
    refused = refusal(lambda: clean_time(raw, field=key))
    if refused is not None:
        check.field(key, refused[:2])
    elif clean_time(raw, field=key) != raw:
        check.field(key, rendered(errors.TIME_INVALID, value=raw))


def _blinds(check: Check, tables: list, small_blind: Decimal | None) -> None:
    """Art. 49-9 al. 1: one line of blinds per linked table, all the same, the jackpot's small blind."""
    rule = check.rule(f"{PROGRESSIVE}.mises_initiales_identiques")
    citation = str(rule.citation) if rule else HOUSE_RULE
    rows = [row if isinstance(row, dict) else {} for row in check.items("blinds")]
    pairs = [(check.amount("blinds.small_blind", value=row.get("small_blind"), citation=citation),
              check.amount("blinds.big_blind", value=row.get("big_blind"), citation=citation)) for row in rows]
    named = [row.get("table") for row in rows]
    if not tables or sorted(named, key=str) != sorted(tables, key=str):
        check.fail(BLINDS, citation, tables=", ".join(map(str, tables)) or "—")
    if rule is not None and rule.value and pairs and (
            len(set(pairs)) != 1 or (small_blind is not None and pairs[0][0] != small_blind)):
        check.fail(BLINDS_DIFFER, citation, small_blind=Amount(small_blind))


def progressive_configured(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-9: a jackpot not running, at most the rule's levels on distinct eligible combinations, start values
    within their multiple of the small blind, linked tables with the same compulsory blinds, a fixed or percentage
    increment."""
    check = Check(replay, entry, HOUSE_RULE)
    maximum = check.rule(f"{PROGRESSIVE}.niveaux_max")
    check.citation = str(maximum.citation) if maximum else HOUSE_RULE
    payload, name = entry.payload, entry.payload.get("jackpot")
    check.text("jackpot")
    running = _jackpots(replay).get(name) if isinstance(name, str) else None
    if running is not None and running.stopped is None:
        check.fail(JACKPOT_ACTIVE, name=name, seq=running.configured)
    tables = check.items("tables")
    for table in tables:
        check.text("tables", value=table)
    blind = check.amount("small_blind")
    _blinds(check, tables, blind)
    levels = [lv for lv in check.items("levels") if isinstance(lv, dict)]
    if maximum is not None and not 1 <= len(levels) <= int(maximum.value):
        check.fail(LEVEL_COUNT, count=Counted(len(levels), _levels), max=maximum.value)
    eligible_rule = check.rule(f"{PROGRESSIVE}.combinaisons_eligibles")
    eligible = HIGHEST_FIRST[: int(eligible_rule.value)] if eligible_rule else HIGHEST_FIRST
    combinations = [lv.get("combination") for lv in levels]
    ordered = sorted((c for c in combinations if c in eligible), key=eligible.index)
    if (len(levels) != len(check.items("levels")) or len(set(combinations)) != len(combinations)
            or combinations != ordered or [lv.get("level") for lv in levels] != list(range(1, len(levels) + 1))):
        check.fail(COMBINATIONS, eligible=", ".join(eligible), count=len(levels))
    starts = check.rule(f"{PROGRESSIVE}.valeurs_depart_max")
    for index, level in enumerate(levels):
        start = check.amount(f"levels[{index}].start", value=level.get("start"), zero=True)
        if None not in (start, blind, starts) and index < len(starts.value):
            multiple = Decimal(str(starts.value[index]))
            if start > multiple * blind:
                check.fail(START_TOO_HIGH, str(starts.citation), level=index + 1, start=Amount(start),
                           limit=Amount(multiple * blind), multiple=multiple)
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
    49-11): one for each of its levels and no other, each an amount; art. 49-9 al. 5: the sums taken at each of its
    tables, one for each and no other."""
    check = Check(replay, entry, HOUSE_RULE)
    check.citation = cited(check, f"{PROGRESSIVE}.releve_fin_de_seance")
    jackpot = _running(replay, check)
    displayed = entry.payload.get("displayed")
    if not isinstance(displayed, dict) or not displayed:
        check.fail(NO_DISPLAYED)
        displayed = {}
    elif jackpot is not None:
        for level in displayed:
            if level not in jackpot.levels:
                check.fail(LEVEL_UNKNOWN, cited(check, f"{PROGRESSIVE}.niveaux_max"), level=level,
                           levels=", ".join(jackpot.levels))
        for level in jackpot.levels:
            if level not in displayed:
                check.fail(LEVEL_MISSING, level=level)
    amounts = {level: check.amount(f"displayed[{level}]", value=value, zero=True) for level, value in displayed.items()}
    per_table = check.rule(f"{PROGRESSIVE}.increments_par_table")
    taken = entry.payload.get("increments")
    taken = taken if isinstance(taken, dict) else {}
    for table, value in taken.items():
        check.amount(f"increments[{table}]", value=value, zero=True)
    if jackpot is not None and per_table is not None and (
            set(taken) - set(jackpot.tables) or (per_table.value and set(jackpot.tables) - set(taken))):
        check.fail(INCREMENTS, str(per_table.citation), tables=", ".join(map(str, jackpot.tables)))
    name = entry.payload.get("jackpot")
    known = _jackpots(replay).get(name) if isinstance(name, str) else None
    if known is not None:  # the selectors take a statement's amounts, running or not
        known.amounts.update({level: amount for level, amount in amounts.items() if amount is not None})
    return check.problems


def _award(check: Check, jackpot: Jackpot, level: str, amount: Decimal | None, citation: str) -> None:
    """The winners the cards designate (art. 49-10 al. 1) and their equal shares, as the service computed them."""
    payload = check.entry.payload
    combination = jackpot.combination(level)
    hands = [hand if isinstance(hand, dict) else {} for hand in check.items("hands")]
    if not hands:
        check.fail(NO_WINNER, citation, level=level)
        return
    try:
        award = progressive_award(str(combination), str(payload.get("board")),
                                  [(str(hand.get("player")), str(hand.get("cards"))) for hand in hands])
    except (ValueError, TypeError) as error:
        check.fail(BAD_CARDS, citation, reason=error)
        return
    if award is None:
        check.fail(NO_WINNER, citation, level=level)
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
    """Art. 49-10: a win of a level the running jackpot has, at a linked table, once per level, table and deal, never
    above its amount, shared among those the cards designate, the level back to its start, countersigned by a
    member of the management."""
    check = Check(replay, entry, HOUSE_RULE)
    per_deal = check.rule(f"{PROGRESSIVE}.gains_par_niveau")
    citation = str(per_deal.citation) if per_deal else HOUSE_RULE
    check.citation = cited(check, f"{PROGRESSIVE}.deux_signatures")
    check.countersigned()
    check.citation = citation
    jackpot = _running(replay, check)
    payload = entry.payload
    level = payload.get("level")
    amount = check.amount("amount")
    restart = check.amount("restart_at", zero=True)
    check.currency()
    check.text("game")
    check.text("table", max_length=TABLE_MAX)
    deal = check.text("deal", max_length=DEAL_MAX)
    _time(check)
    if jackpot is None:
        return check.problems
    if payload.get("table") not in jackpot.tables:
        check.fail(TABLE_UNKNOWN, cited(check, f"{PROGRESSIVE}.mises_initiales_identiques"),
                   table=payload.get("table"), tables=", ".join(map(str, jackpot.tables)))
    if isinstance(level, bool) or not isinstance(level, int) or str(level) not in jackpot.levels:
        check.fail(LEVEL_UNKNOWN, cited(check, f"{PROGRESSIVE}.niveaux_max"), level=level,
                   levels=", ".join(jackpot.levels))
        return check.problems
    won = jackpot.wins.setdefault((level, payload.get("table"), entry.gaming_day, deal), []) if deal else []
    if deal and per_deal is not None and len(won) >= int(per_deal.value):
        check.fail(WON_IN_DEAL, level=level, table=payload.get("table"), deal=deal, seq=won[-1])
    if deal:
        won.append(entry.seq)
    _award(check, jackpot, str(level), amount, citation)
    available, start = jackpot.amounts.get(str(level)), jackpot.start(str(level))
    if amount is not None and available is not None and amount > available:
        check.fail(ABOVE_AMOUNT, amount=Amount(amount), level=level, available=Amount(available))
    if restart is not None and restart != start:
        check.fail(RESTART, level=level, start=Amount(start), restart=Amount(restart))
    if restart is not None:
        jackpot.amounts[str(level)] = restart
    return check.problems


def progressive_stopped(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-11: a configured running jackpot stops once; a voluntary stop after telling the Minister at least the
    rule's number of days before."""
    check = Check(replay, entry, HOUSE_RULE)
    check.citation = cited(check, f"{PROGRESSIVE}.preavis_arret_volontaire")
    jackpot = _running(replay, check, JACKPOT_STOPPED_AGAIN)
    check.text("reason", max_length=TEXT_MAX, multiline=True, optional=True)
    voluntary, notified = entry.payload.get("voluntary"), check.day("minister_notified_on", optional=True)
    if not isinstance(voluntary, bool):
        check.fail(NOT_BOOLEAN, key="voluntary", value=voluntary)
    notice = check.rule(f"{PROGRESSIVE}.preavis_arret_volontaire")
    if voluntary is True and notice is not None and (
            notified is None or (entry.gaming_day - notified).days < int(notice.value)):
        check.fail(NOTICE, str(notice.citation), days=Counted(int(notice.value), days), notice=notified or "—",
                   day=entry.gaming_day)
    if jackpot is not None:
        jackpot.stopped = entry.seq
    return check.problems


def bad_beat_statement(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-13 al. 9: the session's sum for the bad-beat jackpot, from the certified history of the tables'
    machines, written by the cashier under a management member's control."""
    check = Check(replay, entry, HOUSE_RULE)
    check.citation = cited(check, f"{BAD_BEAT}.releve_fin_de_seance")
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


def bad_beat_won(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-12 and 49-15: a qualifying hand, the strongest of the claims made at once, a voucher for each seated
    player (the rule's share to the loser, the rest in equal shares) bearing the entry's mentions, signed by two
    people."""
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
    if "pot_minimum" in payload:  # the house rules' minimum pot, recorded with the win since they hold it
        minimum = check.amount("pot_minimum", zero=True)
        if pot is not None and minimum is not None and pot < minimum:
            check.fail(POT_BELOW_MINIMUM, cited(check, "bad_beat_jackpot.pot_minimum"), pot=Amount(pot),
                       minimum=Amount(minimum))
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
    if len(set(players)) != len(players):
        check.fail(PLAYERS_TWICE)
    mentions = {"game": payload.get("game"), "table": payload.get("table"), "hand": payload.get("hand"),
                "date": entry.gaming_day.isoformat(), "won_at": payload.get("won_at")}
    for voucher in vouchers:
        if any(voucher.get(key) != value for key, value in mentions.items()):
            check.fail(VOUCHER_MENTIONS, player=voucher.get("player"))
    if payload.get("loser") not in players:
        check.fail(LOSER_NOT_SEATED, loser=payload.get("loser"))
    elif amount is not None and len(set(players)) == len(players):
        shares = bad_beat_split(amount, players, payload["loser"], loser_share=rules["part_perdant"].value,
                                table_share=rules["part_table"].value)
        expected = [(v["player"], v["amount"]) for v in shares]
        written = [(v.get("player"), check.number("vouchers.amount", value=v.get("amount"))) for v in vouchers]
        if written != expected:
            check.fail(VOUCHERS, citation, amount=Amount(amount))
    return check.problems


def cagnotte_counted(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 97-1: a table's count of the day, the house's and the bad beat's shares and the box, one of them positive,
    the difference as counted, under a management member's countersignature."""
    check = Check(replay, entry, controls.cited(replay.casino, CAGNOTTE_RULE, entry.gaming_day, controls.BOOKS))
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
        check.fail(DIFFERENCE, written=Amount(difference), expected=Amount(box - house - bad_beat))
    expected_key = f"{table}|{entry.gaming_day.isoformat()}"
    if table is not None and entry.payload.get("reconcile_key") != expected_key:
        check.fail(RECONCILE_KEY, written=entry.payload.get("reconcile_key"), expected=expected_key)
    return check.problems


HOUSE_RULES_CHOICE = _("« {key} » vaut « {value} », qui n'est pas une modalité connue.")
HOUSE_RULES_BACKDATED = _("La version entre en vigueur le {effective}, avant le jour où elle est enregistrée, {day}.")
BAD_BEAT_STOPPED_AGAIN = _("Le bad beat jackpot est déjà arrêté depuis l'écriture n° {seq}.")
POT_BELOW_MINIMUM = _("Pot de {pot} inférieur au pot minimum du règlement intérieur, {minimum}.")
BAD_BEAT_RUNNING = _("Le bad beat jackpot n'est pas arrêté : il n'y a rien à remettre en service.")


def house_rules_recorded(replay: Replay, entry: Audited) -> list[Problem]:
    """registers.poker.services.house_rules_record: a version of the house rules recorded by the direction, in force
    from a day not before the one it is recorded on, each choice one the service offers (art. 49-9 al. 3, 49-12 al. 7,
    49-13 al. 2 and 10)."""
    check = Check(replay, entry, HOUSE_RULE)
    check.citation = cited(check, "jackpot_progressif.reglement_interieur")
    check.actor_role()
    effective = check.day("en_vigueur_le")
    if effective is not None and effective < entry.gaming_day:
        check.fail(HOUSE_RULES_BACKDATED, effective=effective, day=entry.gaming_day)
    progressive, bad_beat = (part if isinstance(part, dict) else {} for part in (
        entry.payload.get("jackpot_progressif"), entry.payload.get("bad_beat")))
    for key, value, allowed in (("jackpot_progressif.pots_exterieurs", progressive.get("pots_exterieurs"),
                                 PROGRESSIVE_POTS_LABELS), ("jackpot_progressif.arrondi", progressive.get("arrondi"),
                                                            ROUNDINGS),
                                ("bad_beat.pots_exterieurs", bad_beat.get("pots_exterieurs"), BAD_BEAT_POTS_LABELS),
                                ("bad_beat.arrondi", bad_beat.get("arrondi"), ROUNDINGS),
                                ("bad_beat.redemarrage", bad_beat.get("redemarrage"), RESTARTS)):
        if value not in allowed:
            check.fail(HOUSE_RULES_CHOICE, key=key, value=value)
    check.amount("bad_beat.pot_minimum", value=bad_beat.get("pot_minimum"), zero=True)
    room = entry.payload.get("salon", {})  # the room's terms, each a yes or a no, where the version sets them
    for key, value in room.items() if isinstance(room, dict) else (("", room),):
        if key not in (NO_FLOP_NO_DROP, RAKE_PER_POT, STRADDLE) or not isinstance(value, bool):
            check.fail(HOUSE_RULES_CHOICE, key=f"salon.{key}", value=value)
    return check.problems


def bad_beat_stopped(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-14: the bad beat stops once until put back in service; a voluntary stop after telling the Minister at
    least the rule's number of days before."""
    check = Check(replay, entry, HOUSE_RULE)
    notice = check.rule(f"{BAD_BEAT}.preavis_arret_volontaire")
    check.citation = str(notice.citation) if notice is not None else HOUSE_RULE
    stopped = replay.part("poker.bad_beat_stopped", dict)
    if stopped.get("seq") is not None:
        check.fail(BAD_BEAT_STOPPED_AGAIN, seq=stopped["seq"])
    check.text("reason", max_length=TEXT_MAX, multiline=True, optional=True)
    voluntary, notified = entry.payload.get("voluntary"), check.day("minister_notified_on", optional=True)
    if not isinstance(voluntary, bool):
        check.fail(NOT_BOOLEAN, key="voluntary", value=voluntary)
    if voluntary is True and notice is not None and (
            notified is None or (entry.gaming_day - notified).days < int(notice.value)):
        check.fail(NOTICE, str(notice.citation), days=Counted(int(notice.value), days), notice=notified or "—",
                   day=entry.gaming_day)
    stopped["seq"] = entry.seq
    return check.problems


def bad_beat_restarted(replay: Replay, entry: Audited) -> list[Problem]:
    """Art. 49-13 al. 10: a stopped bad beat put back in service, at 0 or at the casino's start value."""
    check = Check(replay, entry, HOUSE_RULE)
    check.citation = cited(check, "bad_beat_jackpot.reglement_interieur")
    stopped = replay.part("poker.bad_beat_stopped", dict)
    if stopped.get("seq") is None:
        check.fail(BAD_BEAT_RUNNING)
    check.amount("restart_at", zero=True)
    stopped["seq"] = None
    return check.problems
