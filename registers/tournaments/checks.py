"""`registers_audit`'s checks of the tournament register (registers/chain/audit.py): each entry's step asked of the
same controls as its service (controls.py) over the tournament as the register replayed so far has it (its state, its
entries, who is out, its places and what is paid): the week of publication and the rules' contents (QC RJC art. 125),
a paid Luxembourg tournament started under an approval (LU RGD 1979 art. 49-17), each step from its named states and
within its moments, entries, players out and prizes referring to this tournament's; beside them, the published rules
against their digest, each fee, players out, chip race and payout against the row Vigie keeps, the chip race
recomputed (ROPTA §3.2), and the close's cash flows (fees in = prize pool + the house's part)."""

import datetime
import hashlib
import json
from dataclasses import dataclass, field, replace
from decimal import Decimal

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.hands.cards import card
from games.tournaments import chip_race

from ..chain.replay import Amount, Audited, Check, Problem, Replay
from ..models import ChipRace, TournamentEntry, TournamentOut, TournamentPayout
from . import controls, rules

ROW_DIFFERS = _("La ligne tenue par Vigie ne dit pas ce que dit l'écriture ({field}).")
RULES_DIGEST = _("L'empreinte des règles écrite n'est pas celle des règles que l'écriture porte.")
RACE_DIFFERS = _("Le chip race recalculé donne {computed}, l'écriture dit {written}.")
UNBALANCED = _("Les flux ne s'équilibrent pas : droits vendus {fees}, lots {pool}, part de la maison {house}.")
PAID_DIFFERS = _("Lots payés {paid} ; la cagnotte des lots et l'ajout de la maison font {prizes}.")


@dataclass
class Book:
    """One tournament as the register replayed so far has it: what its publication said, its steps' moments, its
    entries with who is out, its places with what is paid."""

    state: str = controls.DRAFT
    rules: dict = field(default_factory=dict)
    starts_at: datetime.datetime | None = None
    published_at: datetime.datetime | None = None
    published_day: datetime.date | None = None
    started_at: datetime.datetime | None = None
    finished_at: datetime.datetime | None = None
    seats: dict = field(default_factory=dict)  # entry n° → controls.Seat
    places: list = field(default_factory=list)  # controls.Place


def _books(replay: Replay) -> dict[str, Book]:
    return replay.part("tournaments", dict)


def _moment(raw, default: datetime.datetime) -> datetime.datetime:
    try:
        moment = datetime.datetime.fromisoformat(raw) if isinstance(raw, str) else None
    except ValueError:
        moment = None
    return moment if moment is not None and moment.tzinfo is not None else default


def _whole(raw, default: int = 0) -> int:
    return raw if isinstance(raw, int) and not isinstance(raw, bool) else default


def _state(replay: Replay, entry: Audited, book: Book) -> controls.TournamentState:
    """The tournament's state for its controls, at the moment the entry was recorded."""
    text, casino = book.rules, entry.casino
    recorded = entry.entry.recorded_at
    starts_at = book.starts_at or recorded
    ropta = bool(text.get("reglement_interieur_ropta"))
    levels = [level for level in text.get("niveaux") or [] if isinstance(level, dict)]
    minutes = tuple(_whole(level.get("minutes"), 1) for level in levels)
    late_until, late_citation = (None, "")
    if book.started_at is not None and minutes:
        late_until, late_citation = controls.late_end(minutes, book.started_at,
                                                      _whole(text.get("inscriptions_tardives_niveaux"), 1), ropta)
    try:
        fee = Decimal(str(text.get("droit_entree") or "0"))
    except ArithmeticError:
        fee = Decimal(0)
    return controls.TournamentState(
        state=book.state, now=recorded, starts_at=starts_at, start_day=casino.today(starts_at), fee=fee,
        capacity=_whole(text.get("places")), reentries=_whole(text.get("re_entrees")), ropta_adopted=ropta,
        tables=tuple(str(table) for table in text.get("tables") or []), published_at=book.published_at,
        published_day=book.published_day, started_at=book.started_at, finished_at=book.finished_at,
        late_until=late_until, late_levels=_whole(text.get("inscriptions_tardives_niveaux")),
        late_citation=late_citation, seats=tuple(book.seats.values()), places=tuple(book.places),
        rule=lambda key, day: rules.of(casino, key, day))


def _check(replay: Replay, entry: Audited) -> tuple[Check, Book]:
    check = Check(replay, entry, str(entry.payload.get("citation") or ""))
    slug = check.text("tournoi")  # every entry of the register names its tournament, as the services write it
    # a tournament the register has not published is a draft: its controls refuse any step but the publication
    return check, _books(replay).setdefault(str(slug), Book())


def _found(check: Check, problems: list) -> None:
    """The controls' problems, as the audit writes them: in French and English, with what they rest on."""
    jurisdiction = check.entry.casino.jurisdiction
    for problem in problems:
        texts = []
        for language in ("fr", "en"):
            with translation.override(language):
                texts.append(problem.text(jurisdiction))
        check.problems.append(Problem(*texts, problem.citation))


def published(replay: Replay, entry: Audited) -> list[Problem]:
    check, book = _check(replay, entry)
    payload = entry.payload
    text = payload.get("regles") if isinstance(payload.get("regles"), dict) else {}
    digest = hashlib.sha256(json.dumps(text, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    if digest != payload.get("empreinte_regles"):
        check.fail(RULES_DIGEST)
    recorded = entry.entry.recorded_at
    at = _moment(payload.get("publiees_le"), recorded)
    if book.state == controls.DRAFT:
        book.rules, book.starts_at = text, _moment(text.get("debut"), recorded)
    state = _state(replay, entry, book)
    _found(check, controls.publication_problems(state, controls.Publication(
        at, entry.gaming_day, text.get("duree"), text.get("regles_participation"), text.get("mode_distribution"),
        tuple(text.get("repartition") or ()))))
    if book.state == controls.DRAFT:
        book.state, book.published_at, book.published_day = controls.PUBLISHED, at, entry.gaming_day
    return check.problems


def started(replay: Replay, entry: Audited) -> list[Problem]:
    check, book = _check(replay, entry)
    payload = entry.payload
    at = _moment(payload.get("debut"), entry.entry.recorded_at)
    seated = payload.get("joueurs_par_table") if isinstance(payload.get("joueurs_par_table"), dict) else {}
    state = _state(replay, entry, book)
    _found(check, controls.start_problems(state, controls.Start(
        at, entry.gaming_day, {str(table): _whole(n, -1) for table, n in seated.items()}, len(book.seats),
        payload.get("agrement") or None)))
    if book.state == controls.PUBLISHED:
        book.state, book.started_at = controls.RUNNING, at
    return check.problems


def sold(replay: Replay, entry: Audited) -> list[Problem]:
    check, book = _check(replay, entry)
    payload = entry.payload
    fee, to_pool = check.amount("droit_entree", zero=True), check.amount("aux_lots", zero=True)
    row = TournamentEntry.objects.filter(entry_id=entry.entry.pk).first()
    if row is None or (row.number, row.player, row.fee, row.to_pool) != (
            payload.get("inscription"), payload.get("joueur"), fee, to_pool):
        check.fail(ROW_DIFFERS, field="inscription")
    player = str(payload.get("joueur") or "")
    _found(check, controls.entry_problems(_state(replay, entry, book), controls.Sale(
        _moment(payload.get("inscrit_le"), entry.entry.recorded_at), player)))
    number = payload.get("inscription")
    if isinstance(number, int) and number not in book.seats:
        book.seats[number] = controls.Seat(number, player, False)
    return check.problems


def out(replay: Replay, entry: Audited) -> list[Problem]:
    check, book = _check(replay, entry)
    rows = {row.seat.number: row.stack for row in TournamentOut.objects.filter(entry_id=entry.entry.pk)
            .select_related("seat")}
    lines = [line for line in check.items("sortis") if isinstance(line, dict)]
    written = {line.get("inscription"): line.get("tapis") for line in lines}
    if rows != written:
        check.fail(ROW_DIFFERS, field="sortis")
    numbers = tuple(line.get("inscription") for line in lines)
    _found(check, controls.players_out_problems(_state(replay, entry, book), controls.Outs(
        _moment(entry.payload.get("sortis_le"), entry.entry.recorded_at), numbers)))
    for number in numbers:
        if number in book.seats:
            book.seats[number] = replace(book.seats[number], out=True)
    return check.problems


def raced(replay: Replay, entry: Audited) -> list[Problem]:
    check, book = _check(replay, entry)
    payload = entry.payload
    threshold, per_player, suits = (rules.ropta(key, entry.gaming_day) for key in (
        rules.RACE_THRESHOLD, rules.RACE_PER_PLAYER, rules.RACE_SUITS))
    try:
        odd = {player: int(n) for player, n in payload["jetons_avances"].items()}
        dealt = {player: [card(text) for text in payload["cartes"][player].split()] for player in odd}
        race = chip_race.race(odd, dealt, int(payload["valeur_retiree"]), int(payload["valeur_superieure"]),
                              Decimal(str(threshold.value)), per_player.value, suits.value, {})
        computed = [race.new_chips, list(race.winners)]
    except (KeyError, TypeError, ValueError, AttributeError):
        odd, computed = {}, None
    written = [payload.get("jetons_donnes"), payload.get("gagnants")]
    if computed != written:
        check.fail(RACE_DIFFERS, computed=computed, written=written)
    winners = payload.get("gagnants")
    if not isinstance(winners, list) or not ChipRace.objects.filter(entry_id=entry.entry.pk, winners=winners).exists():
        check.fail(ROW_DIFFERS, field="gagnants")
    _found(check, controls.chip_race_problems(_state(replay, entry, book), controls.Race(
        entry.entry.recorded_at, _whole(payload.get("valeur_retiree")), _whole(payload.get("valeur_superieure")),
        odd, {})))
    return check.problems


def paid(replay: Replay, entry: Audited) -> list[Problem]:
    check, book = _check(replay, entry)
    payload = entry.payload
    amount = check.amount("montant")
    winner = check.text("gagnant")
    row = TournamentPayout.objects.filter(entry_id=entry.entry.pk).first()
    if row is None or row.amount != amount or row.winner != payload.get("gagnant"):
        check.fail(ROW_DIFFERS, field="montant")
    place, number = _whole(payload.get("place")), _whole(payload.get("inscription"))
    _found(check, controls.prize_problems(_state(replay, entry, book), controls.Payment(
        _moment(payload.get("paye_le"), entry.entry.recorded_at), place, number, winner or "")))
    book.places = [replace(line, paid=True) if (line.place, line.number) == (place, number) else line
                   for line in book.places]
    return check.problems


def closed(replay: Replay, entry: Audited) -> list[Problem]:
    check, book = _check(replay, entry)
    payload = entry.payload
    fees, pool, house, overlay = (check.amount(key, zero=True) for key in (
        "droits_vendus", "lots", "part_maison", "ajout_maison"))
    if None not in (fees, pool, house) and fees != pool + house:
        check.fail(UNBALANCED, fees=Amount(fees), pool=Amount(pool), house=Amount(house))
    state = _state(replay, entry, book)
    if payload.get("etape") == "cloture":
        if None not in (pool, overlay):
            paid_out = check.amount("lots_payes", zero=True)
            if paid_out is not None and paid_out != pool + overlay:
                check.fail(PAID_DIFFERS, paid=Amount(paid_out), prizes=Amount(pool + overlay))
        _found(check, controls.close_problems(state))
        if book.state == controls.FINISHED:
            book.state = controls.CLOSED
        return check.problems
    # the places set: the tournament over, its last player left once late registration was over
    at = _moment(payload.get("termine_le"), entry.entry.recorded_at)
    _found(check, controls.finish_problems(state, at))
    if book.state == controls.RUNNING:
        book.state, book.finished_at = controls.FINISHED, at
        book.places = [controls.Place(_whole(line.get("place")), _whole(line.get("inscription")),
                                      str(line.get("joueur") or ""), _prize(line.get("lot")), False)
                       for line in check.items("places") if isinstance(line, dict)]
    return check.problems


def _prize(raw) -> Decimal:
    try:
        return Decimal(str(raw))
    except ArithmeticError:
        return Decimal(0)
