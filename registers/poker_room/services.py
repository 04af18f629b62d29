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
from compliance.problems import refuse
from compliance.profiles import applies, concept_or_none
from games.models import Game
from games.poker import hand as deal
from games.poker.jackpots import ROUNDINGS
from registers.errors import ErrorCode

from .. import controls
from ..arretes import rules as arrete_rules
from ..arretes import selectors as arrete_selectors
from ..chain.services import entry_append, register_for, verify_actor, verify_gaming_day
from ..controls import refuse_first
from ..decks.controls import POKER
from ..decks.opening import verify_decks
from ..fields import TEXT_MAX, clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import Consignment, PokerSession, Rebuy, SeanceClose
from ..money import check_currency, parse_amount
from . import errors, rules
from .controls import (
    Moment,
    Opened,
    Opening,
    Recave,
    Rise,
    Seance,
    Stakes,
    consign_problems,
    raise_problems,
    rebuy_problems,
    seance_close_problems,
    session_open_problems,
    stakes_raise_problems,
)

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
    if not applies(casino.jurisdiction, "salon_poker.bad_beat", day):
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
    time_charge_amount=None, time_charge_minutes=None, minimum_stack=None,
    bad_beat: dict | None = None, opened_at: datetime.datetime | None = None, no_flop_no_drop: bool | None = None,
    rake_per_pot: bool | None = None, chip=None, cave=None, caisse=None,
) -> PokerSession:
    """Opens a poker table's session: its variant and version among those the game allows (LU art. 49-4, 49-8), the
    version the séance (the table's gaming day) opened with, « La version de jeu choisie ne pourra plus être
    modifiée avant la prochaine séance »; its blinds from the table's minimum (art. 49-1), its retention rate (art.
    49-3; QC at most 10 %, art. 67.108) and, in QC, a time charge with the limits the table shows (art. 67.108 al.
    2, beside the rake: « Il peut aussi exiger ») and the least stack it shows (art. 67.94); the bad beat's increment
    (art. 49-13); the rest of its rake schedule (rules.schedule): no rake without a flop, on each pot or once on the
    deal, as the house rules in force say where they do (None: theirs, or the default), and the table's smallest
    chip (`chip`, a cent by default). `opened_at`: when the table opened, if not now (a session recorded after the
    fact); never to come. What the chef de salle fixes at the table's opening (LU art. 49-3 al. 3, 4; 49-7): the
    initial `cave` and the `caisse` de change counted as handed to the croupier (« à chaque début de séance », art.
    49-1), each compared with the arrêté in force (registers/arretes: said, never refused); the entry records the
    arrêté values of the game in force that day, with the reference the management filed. A rise of the minimum
    during the séance is poker_session_stakes_raise; its close, with the caisse counted, poker_seance_close."""
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
    if time_charge and concept_or_none(casino.jurisdiction, rules.TIME_CHARGE) is None:
        raise DomainError(errors.TIME_CHARGE_QC, code=ErrorCode.INVALID, field="time_charge")
    charge = _time_charge(casino, gaming_day, time_charge, time_charge_amount, time_charge_minutes)
    least = parse_amount(minimum_stack, field="minimum_stack") if minimum_stack not in (None, "") else None
    initial = parse_amount(cave, field="cave") if cave not in (None, "") else None
    change = parse_amount(caisse, field="caisse") if caisse not in (None, "") else None
    rate_citation = rules.retention(casino, game, gaming_day, rate)
    hand_cap = parse_amount(rake_cap, field="rake_cap") if rake_cap not in (None, "") else None
    terms = rules.schedule(casino, gaming_day, no_flop_no_drop=no_flop_no_drop, rake_per_pot=rake_per_pot,
                           option=bool(option), chip=parse_amount(chip or "0.01", field="chip"),
                           blinds=(low, blinds.small, blinds.big))
    increment = _bad_beat(casino, bad_beat, gaming_day)
    moment = opened_at or timezone.now()
    sessions = PokerSession.objects.select_for_update().filter(casino=casino, gaming_day=gaming_day, table=table)
    refuse_first(session_open_problems(_seance(casino, gaming_day, table, sessions), Opening(
        version, Moment(moment, casino.today(moment)), rules.version_fixed(casino, game, gaming_day))),
                 casino.jurisdiction)
    verify_decks(casino=casino, family=POKER, table=table, game=game, day=gaming_day)  # LU art. 49-1, 49-5
    number = (sessions.aggregate(n=Max("number"))["n"] or 0) + 1
    citation = " ; ".join(dict.fromkeys((version_citation, blinds.citation, rate_citation, *charge[2:],
                                         terms.citation)))
    payload = {
        "table": table, "seance": number, "jeu": game, "variante": variant, "version": version, "minimum": low,
        "small_blind": blinds.small, "big_blind": blinds.big, "option": bool(option), "cap": raise_cap,
        "taux_retenue": str(rate), "plafond_retenue": hand_cap, **_schedule(terms),
        "commission_au_temps": bool(time_charge), "bad_beat": increment, "ouverte_le": moment.isoformat(),
        "citation": citation}
    if time_charge:
        payload["commission_au_temps_limites"] = {"montant": charge[0], "minutes": charge[1]}
    if least is not None:
        payload["avoir_minimum"] = least
    played = Game.objects.get(key=game)
    payload.update(_opening_counts(casino, played, gaming_day, initial, change))
    entry = _append(casino, EntryKind.POKER_SESSION, gaming_day, actor, payload)
    return PokerSession.objects.create(
        casino=casino, game=played, cave=initial, caisse=change, table=table, gaming_day=gaming_day, number=number,
        variant=variant, version=version, minimum=low, small_blind=blinds.small, big_blind=blinds.big,
        option=bool(option), cap=raise_cap, rake_rate=rate, rake_cap=hand_cap, no_flop_no_drop=terms.no_flop_no_drop,
        rake_per_pot=terms.per_pot, chip=terms.chip, time_charge=bool(time_charge),
        time_charge_amount=charge[0], time_charge_minutes=charge[1], minimum_stack=least,
        bad_beat=increment, citation=citation, opened_at=moment, opened_by=actor, entry=entry)


def _schedule(terms) -> dict:
    """The session's schedule as its entry writes it, beside its rate and cap."""
    return {"pas_de_flop_pas_de_retenue": terms.no_flop_no_drop, "retenue_par_pot": terms.per_pot,
            "plus_petit_jeton": terms.chip}


def _time_charge(casino: Casino, day: datetime.date, wanted: bool, amount, minutes) -> tuple:
    """QC art. 67.108 al. 2: the time charge's amount per period begun, as the table shows its limits; (amount,
    minutes, citation), or (None, None) without one."""
    if not wanted:
        if amount not in (None, "") or minutes not in (None, ""):
            raise DomainError(errors.TIME_CHARGE_OFF, code=ErrorCode.INVALID, field="time_charge")
        return None, None
    if concept_or_none(casino.jurisdiction, rules.TIME_CHARGE) is None:
        raise DomainError(errors.TIME_CHARGE_QC, code=ErrorCode.INVALID, field="time_charge")
    citation = controls.cited(casino, rules.TIME_CHARGE, day, controls.POKER_SESSION)
    if amount in (None, ""):
        raise DomainError(errors.TIME_CHARGE_LIMITS.format(citation=citation), code=ErrorCode.REQUIRED,
                          field="time_charge_amount")
    value = parse_amount(amount, field="time_charge_amount")
    try:
        period = int(minutes)
    except (TypeError, ValueError):
        period = 0
    if not 1 <= period <= 24 * 60:
        raise DomainError(errors.TIME_CHARGE_LIMITS.format(citation=citation), code=ErrorCode.INVALID,
                          field="time_charge_minutes")
    return value, period, citation


def _seance(casino: Casino, day: datetime.date, table: str, sessions) -> Seance:
    """The table's séance as its sessions and its close leave it, for its controls (poker_room/controls.py). The
    séance is the table's gaming day (LU art. 49-4, 49-8: the version chosen « à chaque début de séance »; the
    consigned stakes carried « avant la fin de la séance »)."""
    closed = (SeanceClose.objects.filter(casino=casino, gaming_day=day, table=table)
              .values_list("closed_at", flat=True).first())
    return Seance(table, day, timezone.now(), tuple(
        Opened(number, version, at) for number, version, at in
        sessions.order_by("number").values_list("number", "version", "opened_at")), closed)


def _opening_counts(casino: Casino, game: Game, day: datetime.date, cave, caisse) -> dict:
    """What the opening's entry adds: the initial cave and the caisse de change counted, where given, and the arrêté
    values of the game in force that day as the management filed them (registers/arretes), each with its reference
    and the article that delegates it: what the séance is compared with, kept with it."""
    found = {}
    if cave is not None:
        found["cave"] = {"montant": cave, "citation": rules.cave_cited(casino, game.key, day)}
    if caisse is not None:
        found["caisse"] = {"montant": caisse, "citation": rules.caisse_cited(casino, game.key, day)}
    delegations = arrete_rules.delegations(casino.jurisdiction, day, games={game.name: game.key}) \
        if arrete_rules.concepts(casino.jurisdiction) else []
    if delegations:
        force = arrete_selectors.in_force(casino, day)
        found["arretes_en_vigueur"] = {
            delegation.concept: {"valeur": format(force[delegation.concept].value.normalize(), "f"),
                                 "reference": force[delegation.concept].reference,
                                 "depuis": force[delegation.concept].effective_from.isoformat(),
                                 "citation": delegation.citation}
            for delegation in delegations if delegation.concept in force}
    return found


@transaction.atomic
def poker_session_stakes_raise(*, session: PokerSession, actor: User, minimum, small_blind, big_blind,
                               decided_by: str, raised_at: datetime.datetime | None = None) -> PokerSession:
    """The minimum and the blinds raised during the séance (LU art. 49-3, 49-7: « Le chef de salle responsable a la
    possibilité d'augmenter, à l'ouverture des tables ou en cours de séance, le minimum des mises »): an event of the
    séance, recorded with who decided it, as the session that follows `session` at its table (its version, rate and
    jackpots unchanged); the deals dealt after it are replayed with the new blinds."""
    casino = Casino.objects.select_related("jurisdiction").get(pk=session.casino_id)
    verify_actor(actor, casino)
    verify_gaming_day(casino, session.gaming_day)
    day, game = session.gaming_day, session.game.key
    sessions = PokerSession.objects.select_for_update().filter(casino=casino, gaming_day=day, table=session.table)
    moment = raised_at or timezone.now()
    refuse_first(raise_problems(_seance(casino, day, session.table, sessions), session.number,
                                Moment(moment, casino.today(moment))), casino.jurisdiction)
    rule = rules.minimum_rise(casino, game, day)
    citation, who = rule if rule is not None else (controls.written(controls.POKER_SESSION), "")
    stakes = Stakes(parse_amount(minimum, field="minimum"), parse_amount(small_blind, field="small_blind"),
                    parse_amount(big_blind, field="big_blind"))
    held = rules.blind_rules(casino, game, day)
    refuse(stakes_raise_problems(Stakes(session.minimum, session.small_blind, session.big_blind),
                                 Rise(stakes, held, session.chip, session.option, citation)))
    low, blinds = stakes.minimum, rules.Blinds(stakes.small_blind, stakes.big_blind, held.cited)
    terms = rules.Schedule(session.no_flop_no_drop, session.rake_per_pot, session.chip, "")
    decided = clean_text(decided_by, field="decided_by", max_length=120)
    number = session.number + 1
    cited = " ; ".join(dict.fromkeys((citation, blinds.citation)))
    entry = _append(casino, EntryKind.POKER_SESSION, day, actor, {
        "table": session.table, "seance": number, "jeu": game, "variante": session.variant,
        "version": session.version, "minimum": low, "small_blind": blinds.small, "big_blind": blinds.big,
        "option": session.option, "cap": session.cap, "taux_retenue": str(session.rake_rate),
        "plafond_retenue": session.rake_cap, **_schedule(terms), "commission_au_temps": session.time_charge,
        "bad_beat": session.bad_beat, "ouverte_le": moment.isoformat(),
        "releve": {"apres_la_seance": session.number, "decide_par": decided, "qualite": who,
                   "minimum_precedent": session.minimum, "small_blind_precedente": session.small_blind,
                   "big_blind_precedente": session.big_blind},
        "citation": cited})
    return PokerSession.objects.create(
        casino=casino, game=session.game, table=session.table, gaming_day=day, number=number,
        variant=session.variant, version=session.version, minimum=low, small_blind=blinds.small,
        big_blind=blinds.big, option=session.option, cap=session.cap, rake_rate=session.rake_rate,
        rake_cap=session.rake_cap, no_flop_no_drop=session.no_flop_no_drop, rake_per_pot=session.rake_per_pot,
        chip=session.chip, time_charge=session.time_charge, time_charge_amount=session.time_charge_amount,
        time_charge_minutes=session.time_charge_minutes, minimum_stack=session.minimum_stack,
        cave=session.cave, caisse=session.caisse, bad_beat=session.bad_beat, citation=cited, opened_at=moment,
        opened_by=actor, entry=entry,
        raised_from=session, decided_by=decided)


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
    seat = _seat(seat)
    player = clean_text(player, field="player", max_length=120)
    value = parse_amount(amount, field="amount")
    citation = controls.cited(casino, f"{session.game.key}.{rules.CONSIGNED}", session.gaming_day,
                              controls.POKER_SESSION)
    moment = consigned_at or timezone.now()
    sessions = PokerSession.objects.filter(casino=casino, gaming_day=session.gaming_day, table=session.table)
    refuse_first(consign_problems(_seance(casino, session.gaming_day, session.table, sessions), session.number,
                                  Moment(moment, casino.today(moment))), casino.jurisdiction)
    entry = _append(casino, EntryKind.STAKE_CONSIGNED, session.gaming_day, actor, {
        "table": session.table, "seance": session.number, "place": seat, "joueur": player, "montant": value,
        "devise": currency, "consignee_le": moment.isoformat(), "citation": citation})
    return Consignment.objects.create(session=session, seat=seat, player=player, amount=value, consigned_at=moment,
                                      consigned_by=actor, entry=entry)


def _seat(seat) -> int:
    try:
        seat = int(seat)
    except (TypeError, ValueError):
        seat = 0
    if not 1 <= seat <= 10:
        raise DomainError(errors.SEAT_RANGE.format(seat=seat), code=ErrorCode.INVALID, field="seat")
    return seat


@transaction.atomic
def poker_seance_close(*, casino: Casino, actor: User, gaming_day: datetime.date, table: str, caisse,
                       explanation: str = "", closed_at: datetime.datetime | None = None) -> SeanceClose:
    """Closes a table's séance (its gaming day), once, after its latest session opened: the caisse de change counted
    beside the one its opening counted (LU art. 49-3 al. 4, 49-7 al. 4: « ne peuvent plus être modifiés avant la
    prochaine séance »), a difference explained by whoever closes it. A difference left unexplained is recorded as
    counted, never refused: the nightly reconciliation reports it (selectors.caisse_left, as the page says it).
    Nothing is added to a closed séance."""
    casino = Casino.objects.select_related("jurisdiction").get(pk=casino.pk)
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)
    table = clean_text(table, field="table", max_length=TABLE_MAX)
    counted = parse_amount(caisse, field="caisse", allow_zero=True)
    said = clean_text(explanation, field="explanation", max_length=TEXT_MAX, multiline=True, optional=True)
    sessions = PokerSession.objects.select_for_update().filter(casino=casino, gaming_day=gaming_day, table=table)
    moment = closed_at or timezone.now()
    refuse_first(seance_close_problems(_seance(casino, gaming_day, table, sessions), Moment(
        moment, casino.today(moment))), casino.jurisdiction)
    latest = sessions.select_related("game").order_by("-number").first()
    citation = rules.caisse_cited(casino, latest.game.key, gaming_day)
    opened = latest.caisse
    entry = _append(casino, EntryKind.SEANCE_CLOSED, gaming_day, actor, {
        "table": table, "seances": latest.number, "caisse_ouverture": opened, "caisse_fermeture": counted,
        "ecart": counted - opened if opened is not None else None, "explication": said,
        "fermee_le": moment.isoformat(), "citation": citation})
    return SeanceClose.objects.create(casino=casino, table=table, gaming_day=gaming_day, caisse_opened=opened,
                                      caisse_counted=counted, explanation=said, closed_at=moment, closed_by=actor,
                                      entry=entry)


@transaction.atomic
def poker_rebuy(*, session: PokerSession, actor: User, seat: int, player: str, amount,
                rebought_at: datetime.datetime | None = None) -> Rebuy:
    """A player's recave at a session of the séance, between deals (LU art. 49-1: « Au cours d'une partie, le joueur
    a la possibilité de se recaver. Aucune recave n'est acceptée pendant un coup. Le montant maximum de la recave est
    fixé par le règlement intérieur. »): refused above the maximum of the house rules in force that day, recorded
    with it (none where they set none)."""
    casino = Casino.objects.select_related("jurisdiction").get(pk=session.casino_id)
    verify_actor(actor, casino)
    verify_gaming_day(casino, session.gaming_day)
    seat = _seat(seat)
    player = clean_text(player, field="player", max_length=120)
    value = parse_amount(amount, field="amount")
    day, game = session.gaming_day, session.game.key
    terms = rules.rebuy_terms(casino, game, day)
    moment = rebought_at or timezone.now()
    sessions = PokerSession.objects.filter(casino=casino, gaming_day=day, table=session.table)
    refuse_first(rebuy_problems(_seance(casino, day, session.table, sessions), session.number, Recave(
        value, Moment(moment, casino.today(moment)), terms.maximum, terms.house, terms.citation, casino.currency,
        casino.jurisdiction)), casino.jurisdiction)
    entry = _append(casino, EntryKind.REBUY, day, actor, {
        "table": session.table, "seance": session.number, "jeu": game, "place": seat, "joueur": player,
        "montant": value, "maximum": terms.maximum, "reglement_interieur": terms.house, "recave_le": moment.isoformat(),
        "citation": terms.citation})
    return Rebuy.objects.create(session=session, seat=seat, player=player, amount=value, maximum=terms.maximum,
                                rebought_at=moment, recorded_by=actor, entry=entry)
