"""A tournament's state changes, one transaction each; from its publication on, each is an entry of the casino's
tournament register. The rules a tournament is held to are read from the rule data on its day (rules.py); the
arithmetic is games/tournaments'. Amounts are Decimals with the casino's currency, prizes in whole cents."""

import datetime
import hashlib
import json
from decimal import Decimal

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify

from compliance import formatting
from compliance.errors import DomainError
from compliance.hooks import (
    PERSON_CHECKS,  # the exclusion list and the age (registers/admissions)
    TOURNAMENT_RULES_APPROVAL,  # the approvals' (compliance/approvals)
)
from compliance.hooks import TOURNAMENT_RESULTS_REQUEST as letter_request  # the signed reports' (compliance/reports)
from compliance.models import AuditAction, Casino, User
from compliance.refusals import refusals_kept
from compliance.services import audit_record
from games.hands.cards import card, text
from games.models import Game
from games.tournaments import chip_race
from registers.errors import ErrorCode

from ..chain.services import entry_append, register_for, verify_actor, verify_gaming_day
from ..controls import refuse_first
from ..fields import TEXT_MAX, clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import AnteFormat, ChipRace, Tournament, TournamentEntry, TournamentOut, TournamentPayout, TournamentPlace
from ..money import parse_amount
from . import controls, errors, rules, terms
from .selectors import (
    ROPTA_GAME,
    in_play,
    late_registration,
    money_of,
    placing_citation,
    register_entries,
    results,
    state_of,
)

State = Tournament.State


def _refused(message, code: str, field: str | None = None) -> DomainError:
    return DomainError(message, code=code, field=field)


def _manager(actor: User, casino: Casino) -> None:
    verify_actor(actor, casino)
    if actor.role != User.Role.MANAGER:
        raise _refused(errors.MANAGER_ONLY, ErrorCode.WRONG_ROLE, "actor")


def _locked(tournament: Tournament) -> Tournament:
    """The tournament's row locked, its casino's, jurisdiction's and game's read with it and left free."""
    return Tournament.objects.select_for_update(of=("self",)).select_related("casino__jurisdiction", "game").get(
        pk=tournament.pk)


def _money(casino: Casino, amount: Decimal) -> str:
    return formatting.money(amount, currency=casino.currency, jurisdiction=casino.jurisdiction)


def _append(tournament: Tournament, kind: str, actor: User, moment: datetime.datetime, payload: dict):
    casino = tournament.casino
    return entry_append(register=register_for(casino=casino, kind=RegisterKind.TOURNOIS), kind=kind,
                        gaming_day=casino.today(moment), actor=actor,
                        payload={"tournoi": tournament.slug, "nom": tournament.name, **payload})


def _checked(problems: list, casino: Casino, moment: datetime.datetime) -> datetime.datetime:
    """The operation's controls (controls.py) refuse with their first problem; then its day is one the casino's
    registers may hold (not closed, not before they were opened)."""
    refuse_first(problems, casino.jurisdiction)
    verify_gaming_day(casino, casino.today(moment))
    return moment


@transaction.atomic
def tournament_create(
    *, casino: Casino, actor: User, game: str, name: str, starts_at: datetime.datetime, duration: str,
    participation: str, distribution: str, fee, to_pool, shares, starting_stack: int, levels, capacity: int,
    tables, ante_format: str = AnteFormat.BIG_BLIND, late_levels: int | None = None, reentries: int = 0,
    guaranteed=None, supplementary_bet=None, house_changes=(), ropta_adopted: bool | None = None, slug: str = "",
) -> Tournament:
    """A manager sets a tournament up (QC RJC art. 123: any of the casino's games): what its rules will publish, the
    fee instead of paying bets and the part of it to the prize pool, the return at least the rule's share of the fees
    (art. 127), the grand prix fee from the supplementary bet (art. 124), the structure and the tables marked for it
    (art. 126). `ropta_adopted`: the casino adopts the ROPTA as the tournament's règlement intérieur (its defaults and
    rules then apply, cited as such); None: as the casino's règlement intérieur in force on the tournament's day says
    (`rules.adopted_by_house_rules`), not adopted where no version says so; the rulebook's own tournament
    (`ropta.tournoi`) is held only where it is. A draft, in the audit log: nothing is in the register until the rules
    are published."""
    _manager(actor, casino)
    casino = Casino.objects.select_related("jurisdiction").get(pk=casino.pk)
    name = clean_text(name, field="name")
    slug = slugify(slug or name)[:80] or "tournoi"
    if Tournament.objects.filter(casino=casino, slug=slug).exists():
        raise _refused(errors.SLUG_TAKEN.format(slug=slug), ErrorCode.DUPLICATE, "name")
    chosen = Game.objects.filter(key=game).select_related("jurisdiction").first()
    if chosen is None or chosen.jurisdiction_id not in (None, casino.jurisdiction_id):
        raise _refused(errors.GAME_NOT_HERE.format(game=game, jurisdiction=casino.jurisdiction.code),
                       ErrorCode.INVALID, "game")
    if not isinstance(starts_at, datetime.datetime) or timezone.is_naive(starts_at):
        raise _refused(errors.STARTED_EARLY.format(start="—", citation="—"), ErrorCode.INVALID, "starts_at")
    day = casino.today(starts_at)
    ropta_adopted = rules.adopted_by_house_rules(casino, day) if ropta_adopted is None else bool(ropta_adopted)
    if chosen.key == ROPTA_GAME and not ropta_adopted:
        raise _refused(errors.ROPTA_GAME_NOT_ADOPTED, ErrorCode.INVALID, "ropta_adopted")
    texts = {field: clean_text(value, field=field, max_length=TEXT_MAX, multiline=True) for field, value in (
        ("participation", participation), ("distribution", distribution))}
    duration = clean_text(duration, field="duration", max_length=80)
    fee = parse_amount(fee, field="fee", allow_zero=True)
    to_pool = parse_amount(to_pool, field="to_pool", allow_zero=True)
    if to_pool > fee:
        raise _refused(errors.TO_POOL_ABOVE_FEE.format(to_pool=_money(casino, to_pool), fee=_money(casino, fee)),
                       ErrorCode.INVALID, "to_pool")
    capacity, starting_stack = terms.whole(capacity, "capacity", 1), terms.whole(starting_stack, "starting_stack", 1)
    reentries = terms.whole(reentries, "reentries", 0)
    structure = terms.levels(levels)
    if ante_format not in AnteFormat.values:
        raise _refused(errors.ANTE_FORMAT.format(format=ante_format, allowed=", ".join(AnteFormat.values)),
                       ErrorCode.INVALID, "ante_format")
    late_rule = rules.house(ropta_adopted, rules.LATE_LEVELS, day)
    if late_levels in (None, "") and late_rule is None:
        raise _refused(errors.LATE_LEVELS_REQUIRED, ErrorCode.REQUIRED, "late_levels")
    late_levels = late_rule.value if late_levels in (None, "") else int(late_levels)
    if not 1 <= late_levels <= len(structure):
        raise _refused(errors.LATE_LEVELS.format(levels=len(structure)), ErrorCode.INVALID, "late_levels")
    guarantee = parse_amount(guaranteed, field="guaranteed") if guaranteed not in (None, "") else None
    marked, tables_citation = terms.tables(casino, tables, day)
    ante_rule = rules.house(ropta_adopted, rules.ANTE_FORMAT, day)
    citations = [terms.return_check(casino, fee, to_pool, day),
                 terms.grand_prix(casino, chosen, fee, supplementary_bet, day),
                 tables_citation, ante_rule.citation if ante_rule else "", late_rule.citation if late_rule else ""]
    tournament = Tournament.objects.create(
        casino=casino, game=chosen, name=name, slug=slug, starts_at=starts_at, duration=duration,
        participation=texts["participation"], distribution=texts["distribution"],
        house_changes=[clean_text(change, field="house_changes", max_length=TEXT_MAX, multiline=True)
                       for change in house_changes if str(change or "").strip()],
        ropta_adopted=ropta_adopted, fee=fee, to_pool=to_pool, guaranteed=guarantee,
        supplementary_bet=parse_amount(supplementary_bet, field="supplementary_bet")
        if supplementary_bet not in (None, "") else None,
        shares=terms.shares(shares, capacity), starting_stack=starting_stack, ante_format=ante_format, levels=structure,
        late_levels=late_levels, reentries=reentries, capacity=capacity, tables=marked, currency=casino.currency,
        citation=" ; ".join(dict.fromkeys(c for c in citations if c))[:400], created_by=actor)
    audit_record(actor=actor, action=AuditAction.TOURNAMENT_DRAFTED, casino=casino, target_type="tournament",
                 target_id=tournament.pk, details={"slug": slug, "name": name, "starts_at": starts_at, "fee": fee,
                                                   "to_pool": to_pool})
    return tournament


def rules_published(tournament: Tournament) -> dict:
    """The rules as published, the register's record of them (QC RJC art. 125: the date, the duration, the
    participation rules, the mode of distribution and the prizes), and their digest."""
    text = {
        # in UTC, as read back from the database: the digest never depends on the zone a caller holds it in
        "jeu": tournament.game.key, "debut": tournament.starts_at.astimezone(datetime.UTC).isoformat(),
        "duree": tournament.duration,
        "regles_participation": tournament.participation, "mode_distribution": tournament.distribution,
        "droit_entree": str(tournament.fee), "part_aux_lots": str(tournament.to_pool),
        "lots_garantis": str(tournament.guaranteed) if tournament.guaranteed is not None else None,
        "mise_supplementaire": str(tournament.supplementary_bet) if tournament.supplementary_bet else None,
        "repartition": tournament.shares, "tapis_depart": tournament.starting_stack,
        "format_ante": tournament.ante_format, "niveaux": tournament.levels,
        "inscriptions_tardives_niveaux": tournament.late_levels, "re_entrees": tournament.reentries,
        "places": tournament.capacity, "tables": tournament.tables, "changements_maison": tournament.house_changes,
        "reglement_interieur_ropta": tournament.ropta_adopted,
        "devise": tournament.currency,
    }
    digest = hashlib.sha256(json.dumps(text, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return {"regles": text, "empreinte_regles": digest}


@transaction.atomic
def tournament_publish(*, tournament: Tournament, actor: User) -> Tournament:
    """The rules made available to the public, now: posted at the casino and on its public page, the moment recorded
    by Vigie itself (QC art. 125 counts its week from it), in Québec at least a week before the start's date.
    Registration opens."""
    tournament = _locked(tournament)
    casino = tournament.casino
    _manager(actor, casino)
    state = state_of(tournament)
    moment = state.now
    refuse_first(controls.publication_problems(state, controls.Publication(
        moment, casino.today(moment), tournament.duration, tournament.participation, tournament.distribution,
        tuple(tournament.shares))), casino.jurisdiction)
    ahead = rules.of(casino, rules.PUBLISHED_BEFORE, state.start_day)
    citation = str(ahead.citation) if ahead else ""
    _append(tournament, EntryKind.TOURNAMENT_PUBLISHED, actor, moment, {
        **rules_published(tournament), "publiees_le": moment.isoformat(),
        "citation": citation or tournament.citation})
    tournament.state, tournament.published_at = State.PUBLISHED, moment
    tournament.save(update_fields=["state", "published_at"])
    return tournament


def _published_digest(tournament: Tournament) -> str:
    """The digest of the rules as the tournament's publication entry wrote them: what was published, whatever the way
    of computing it has become since."""
    published = register_entries(tournament).filter(kind=EntryKind.TOURNAMENT_PUBLISHED).first()
    return json.loads(published.payload)["empreinte_regles"] if published else rules_published(tournament)[
        "empreinte_regles"]


def _approval(tournament: Tournament, day: datetime.date):
    """LU RGD 1979 art. 49-17: a paid tournament is organised only « après agrément du règlement et des modalités de
    fonctionnement par le Ministre des Finances »: the approval in force that day whose approved rules are the ones the
    tournament published (matched by their digest, never by the tournament's name)."""
    needed = rules.of(tournament.casino, rules.APPROVAL, day)
    if needed is None or not needed.value or not tournament.fee:
        return None, "", None
    digest = _published_digest(tournament)
    try:
        found = TOURNAMENT_RULES_APPROVAL(tournament.casino, digest, day, field="approval")
    except DomainError as refusal:  # the start's control refuses, saying why (controls.start_problems)
        return None, "", refusal
    return found, str(needed.citation), None


def _seated(raw) -> dict:
    """The players seated at each table where play starts, as given ({} where none is: `controls.seated_problems`
    says whether that will do); a table that is not text or a count that is not a whole number reads as none."""
    try:
        return {clean_text(table, field="seated", max_length=40): int(players) for table, players in
                dict(raw or {}).items()}
    except (TypeError, ValueError, AttributeError):
        return {"": -1} if raw else {}


@transaction.atomic
def tournament_start(*, tournament: Tournament, actor: User, started_at: datetime.datetime | None = None,
                     seated: dict | None = None) -> Tournament:
    """The tournament starts: never before the date and time published, in Québec at least a week after the day Vigie
    recorded its rules' publication (art. 125), in Luxembourg never without the Minister's approval of the rules it
    published, in force that day (art. 49-17). `seated`: the players seated at each table where play starts (ROPTA
    §2.2, where adopted: three at least at each)."""
    tournament = _locked(tournament)
    casino = tournament.casino
    _manager(actor, casino)
    state = state_of(tournament)
    moment = started_at or state.now
    day = casino.today(moment)
    approval, approval_citation, refusal = (None, "", None) if state.state != State.PUBLISHED else _approval(
        tournament, day)
    seats = _seated(seated)
    lacking = {"approval_detail": refusal.message, "approval_code": refusal.code} if refusal else {}
    _checked(controls.start_problems(state, controls.Start(
        moment, day, seats, len(state.seats), approval.reference if approval else None, **lacking)), casino, moment)
    seats = {table: players for table, players in seats.items() if players}
    ahead = rules.of(casino, rules.PUBLISHED_BEFORE, day)
    minimum = rules.house(tournament.ropta_adopted, rules.MIN_PLAYERS, day)
    citation = " ; ".join(str(c) for c in (ahead.citation if ahead else "", approval_citation,
                                           minimum.citation if minimum else "") if c)
    count = len(state.seats)
    _append(tournament, EntryKind.TOURNAMENT_STARTED, actor, moment, {
        "debut": moment.isoformat(), "inscrits": count, "joueurs_par_table": seats,
        "agrement": approval.reference if approval else None,
        "empreinte_regles": _published_digest(tournament) if approval else None,
        "citation": citation or tournament.citation})
    tournament.state, tournament.started_at, tournament.approval = State.RUNNING, moment, approval
    tournament.save(update_fields=["state", "started_at", "approval"])
    return tournament


@refusals_kept  # a player refused (excluded): the refusal's audit outlives the rollback
@transaction.atomic
def entry_sell(*, tournament: Tournament, actor: User, player: str,
               entered_at: datetime.datetime | None = None) -> TournamentEntry:
    """A fee sold at the cash desk, instead of paying for each bet (QC RJC art. 124): before the start, or late until
    the end of the level the rules fix (ROPTA §1.8: the second by default); a re-entry only for a player out, within
    what the rules allow; never more players in play than places."""
    tournament = _locked(tournament)
    casino = tournament.casino
    verify_actor(actor, casino)
    state = state_of(tournament)
    moment = entered_at or state.now
    refuse_first(controls.transition_problems(state, controls.ENTER), casino.jurisdiction)
    player = clean_text(player, field="player")
    for check in PERSON_CHECKS:  # the player, checked as every desk checks a person
        check(casino=casino, actor=actor, where="tournoi", day=casino.today(moment), name=player)
    _checked(controls.entry_problems(state, controls.Sale(moment, player)), casino, moment)
    level, citation = 0, ""
    if tournament.state == State.RUNNING:
        late = late_registration(tournament)
        level, citation = late.level_at(moment), late.citation
    earlier = [seat for seat in state.seats if seat.player == player]
    number = (tournament.entries.aggregate(n=Max("number"))["n"] or 0) + 1
    entry = _append(tournament, EntryKind.TOURNAMENT_ENTRY, actor, moment, {
        "inscription": number, "joueur": player, "re_entree": len(earlier), "niveau": level,
        "droit_entree": tournament.fee, "aux_lots": tournament.to_pool, "devise": tournament.currency,
        "inscrit_le": moment.isoformat(), "citation": citation or tournament.citation})
    return TournamentEntry.objects.create(tournament=tournament, number=number, player=player, reentry=len(earlier),
                                          level=level, fee=tournament.fee, to_pool=tournament.to_pool,
                                          entered_at=moment, cashier=actor, entry=entry)


def _stack(number, raw) -> int:
    try:
        stack = int(raw)
    except (TypeError, ValueError):
        stack = 0
    if stack <= 0:
        raise _refused(errors.STACK.format(number=number), ErrorCode.INVALID, "out")
    return stack


@transaction.atomic
def players_out(*, tournament: Tournament, actor: User, hand: str, out: list[dict],
                at: datetime.datetime | None = None) -> list[TournamentOut]:
    """The players out on one deal (`out`: each one's entry number, table and stack at the start of the deal), which
    places them (ROPTA §1.10, §2.7) once the tournament is over. When one player remains after late registration,
    the tournament is over: its places and prizes are set."""
    tournament = _locked(tournament)
    casino = tournament.casino
    verify_actor(actor, casino)
    state = state_of(tournament)
    moment = at or state.now
    refuse_first(controls.transition_problems(state, controls.OUT), casino.jurisdiction)
    hand = clean_text(hand, field="hand", max_length=40)
    lines = [line if isinstance(line, dict) else {} for line in out or []]
    numbers = tuple(int(n) if str(n or "").isdigit() else n for n in (line.get("inscription") for line in lines))
    _checked(controls.players_out_problems(state, controls.Outs(moment, numbers)), casino, moment)
    playing = {seat.number: seat for seat in in_play(tournament)}
    rows = [(playing[number], clean_text(line.get("table"), field="out", max_length=40),
             _stack(number, line.get("tapis"))) for number, line in zip(numbers, lines, strict=True)]
    group = (tournament.outs.aggregate(n=Max("group"))["n"] or 0) + 1
    entry = _append(tournament, EntryKind.TOURNAMENT_OUT, actor, moment, {
        "coup": hand, "groupe": group, "sortis": [
            {"inscription": seat.number, "joueur": seat.player, "table": table, "tapis": stack}
            for seat, table, stack in rows], "restent": len(playing) - len(rows), "sortis_le": moment.isoformat(),
        "citation": placing_citation(tournament, casino.today(moment))})
    created = [TournamentOut.objects.create(tournament=tournament, seat=seat, group=group, table=table, stack=stack,
                                            hand=hand, at=moment, entry=entry) for seat, table, stack in rows]
    if controls.over(state_of(tournament, now=state.now), moment):
        _finish(tournament, actor, moment)
    return created


def _finish(tournament: Tournament, actor: User, moment: datetime.datetime) -> None:
    """The places of every player and the prizes from the pool, ties sharing (ROPTA §1.10, §2.7, where the casino
    adopted it), the return checked again (QC RJC art. 127): written in one entry."""
    standing = results(tournament)
    money = money_of(tournament)
    casino = tournament.casino
    citation = terms.return_check(casino, tournament.fee, tournament.to_pool, casino.today(moment),
                                  entries=money.entries, extra=money.overlay)
    entry = _append(tournament, EntryKind.TOURNAMENT_CLOSED, actor, moment, {
        "etape": "classement", "places": [
            {"place": line.place, "ex_aequo": line.tied, "inscription": line.seat.number, "joueur": line.seat.player,
             "lot": line.prize} for line in standing.lines],
        "droits_vendus": money.fees, "lots": money.pool, "ajout_maison": money.overlay, "part_maison": money.house,
        "devise": tournament.currency, "termine_le": moment.isoformat(),
        "citation": " ; ".join(c for c in (citation, standing.citation) if c)})
    TournamentPlace.objects.bulk_create(TournamentPlace(
        tournament=tournament, seat=line.seat, place=line.place, tied=line.tied, prize=line.prize, entry=entry)
        for line in standing.lines)
    tournament.state, tournament.finished_at = State.FINISHED, moment
    tournament.save(update_fields=["state", "finished_at"])


@transaction.atomic
def tournament_finish(*, tournament: Tournament, actor: User, at: datetime.datetime | None = None) -> Tournament:
    """Ends a tournament whose last player out was recorded while late registration was still open."""
    tournament = _locked(tournament)
    _manager(actor, tournament.casino)
    state = state_of(tournament)
    moment = at or state.now
    _checked(controls.finish_problems(state, moment), tournament.casino, moment)
    _finish(tournament, actor, moment)
    return tournament


def _cards(player: str, raw, count: int, citation: str) -> list[int]:
    texts = raw.split() if isinstance(raw, str) else list(raw or [])
    try:
        dealt = [card(text) for text in texts]
    except (KeyError, ValueError, TypeError):
        dealt = []
    if len(dealt) != count or len(set(dealt)) != len(dealt):
        raise _refused(errors.CHIP_CARDS.format(player=player, citation=citation), ErrorCode.BAD_CARDS, "cards")
    return dealt


@transaction.atomic
def chip_race_record(*, tournament: Tournament, actor: User, table: str, old_value: int, new_value: int,
                     odd_chips: dict, cards: dict, left: dict, at: datetime.datetime | None = None) -> ChipRace:
    """A chip race at a table (ROPTA §3.2, where the casino adopted it): the higher chips the odd ones make, rounded
    from the rule's threshold, won one each at most by the highest cards, suits in the rule's order, and no player
    raced out. `at`: when it was run, if not now (recorded after the fact)."""
    tournament = _locked(tournament)
    casino = tournament.casino
    verify_actor(actor, casino)
    state = state_of(tournament)
    moment = at or state.now
    refuse_first(controls.transition_problems(state, controls.RACE), casino.jurisdiction)
    day = casino.today(moment)
    table = clean_text(table, field="table", max_length=40)
    try:
        old_value, new_value = int(old_value), int(new_value)
        odd = {clean_text(player, field="odd_chips"): int(count) for player, count in odd_chips.items()}
        kept = {player: int(left.get(player, 0)) for player in odd}
    except (TypeError, ValueError, AttributeError):
        raise _refused(errors.CHIP_VALUES, ErrorCode.INVALID, "odd_chips") from None
    _checked(controls.chip_race_problems(state, controls.Race(moment, old_value, new_value, odd, kept)), casino,
             moment)
    threshold, per_player, suits = (rules.ropta(key, day) for key in (
        rules.RACE_THRESHOLD, rules.RACE_PER_PLAYER, rules.RACE_SUITS))
    citation = threshold.citation
    dealt = {player: _cards(player, cards.get(player), count, citation) for player, count in odd.items()}
    race = chip_race.race(odd, dealt, old_value, new_value, threshold.value, per_player.value, suits.value, kept)
    shown = {player: " ".join(text(c) for c in held) for player, held in dealt.items()}
    entry = _append(tournament, EntryKind.TOURNAMENT_CHIP_RACE, actor, moment, {
        "table": table, "valeur_retiree": old_value, "valeur_superieure": new_value, "jetons_avances": odd,
        "cartes": shown,
        "jetons_donnes": race.new_chips, "gagnants": list(race.winners), "sauves": list(race.saved),
        "citation": citation})
    return ChipRace.objects.create(
        tournament=tournament, table=table, old_value=old_value, new_value=new_value, odd_chips=odd,
        cards=shown, new_chips=race.new_chips, winners=list(race.winners), saved=list(race.saved),
        entry=entry)


@transaction.atomic
def prize_pay(*, place: TournamentPlace, actor: User, winner: str, identity: str,
              paid_at: datetime.datetime | None = None) -> TournamentPayout:
    """A prize paid at the cash desk to the player placed, who shows an identity document; recorded with the cashier."""
    tournament = _locked(place.tournament)
    casino = tournament.casino
    verify_actor(actor, casino)
    state = state_of(tournament)
    refuse_first(controls.transition_problems(state, controls.PAY), casino.jurisdiction)
    place = TournamentPlace.objects.select_related("seat").get(pk=place.pk)
    winner = clean_text(winner, field="winner")
    moment = paid_at or state.now
    _checked(controls.prize_problems(state, controls.Payment(moment, place.place, place.seat.number, winner)), casino,
             moment)
    identity = clean_text(identity, field="identity")
    entry = _append(tournament, EntryKind.TOURNAMENT_PAYOUT, actor, moment, {
        "place": place.place, "ex_aequo": place.tied, "inscription": place.seat.number, "gagnant": winner,
        "piece_identite": identity, "montant": place.prize, "devise": tournament.currency,
        "paye_le": moment.isoformat(), "citation": tournament.citation})
    return TournamentPayout.objects.create(place=place, winner=winner, identity=identity, amount=place.prize,
                                           paid_at=moment, cashier=actor, entry=entry)


@transaction.atomic
def tournament_close(*, tournament: Tournament, actor: User) -> Tournament:
    """Every prize paid, the cash flows reconcile (fees in = prize pool + the house's part; the prizes paid = the pool
    and what the house added to meet its guarantee) and the return is checked again (QC RJC art. 127)."""
    tournament = _locked(tournament)
    casino = tournament.casino
    _manager(actor, casino)
    state = state_of(tournament)
    refuse_first(controls.close_problems(state), casino.jurisdiction)
    money = money_of(tournament)
    moment = state.now
    citation = terms.return_check(casino, tournament.fee, tournament.to_pool, casino.today(moment),
                                  entries=money.entries, extra=money.overlay)
    _append(tournament, EntryKind.TOURNAMENT_CLOSED, actor, moment, {
        "etape": "cloture", "droits_vendus": money.fees, "lots": money.pool, "ajout_maison": money.overlay,
        "part_maison": money.house, "lots_payes": money.paid, "devise": tournament.currency,
        "equilibre": money.balanced, "citation": citation or tournament.citation})
    tournament.state, tournament.closed_at = State.CLOSED, moment
    tournament.save(update_fields=["state", "closed_at"])
    return tournament


@transaction.atomic
def tournament_report_request(*, tournament: Tournament, actor: User):
    """The signed report of a tournament's results, once it is over: asked of the worker, which renders it and signs
    it with the casino's certificate, its hash then written in the tournament register (compliance/reports, which the
    registers never import: its request through compliance/hooks.py)."""
    tournament = Tournament.objects.select_related("casino").get(pk=tournament.pk)
    casino = tournament.casino
    verify_actor(actor, casino)
    refuse_first(controls.transition_problems(state_of(tournament), controls.REPORT), casino.jurisdiction)
    return letter_request(actor=actor, casino=casino, subject=tournament.slug,
                          day=casino.today(tournament.closed_at or tournament.finished_at))
