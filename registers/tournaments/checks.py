"""`registers_audit`'s checks of the tournament register (registers/chain/audit.py): the published rules against
their digest and the week of publication (QC RJC art. 125), a paid Luxembourg tournament started under an approval
(LU RGD 1979 art. 49-17), each fee, players out, chip race and payout against the row Vigie keeps, the chip race
recomputed (ROPTA §3.2), and the close's cash flows (fees in = prize pool + the house's part)."""

import datetime
import hashlib
import json
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from compliance.formatting import days as days_words
from games.hands.cards import card
from games.tournaments import chip_race

from ..chain.replay import Amount, Audited, Check, Counted, Problem, Replay
from ..models import ChipRace, TournamentEntry, TournamentOut, TournamentPayout
from . import rules

ROW_DIFFERS = _("La ligne tenue par Vigie ne dit pas ce que dit l'écriture ({field}).")
RULES_DIGEST = _("L'empreinte des règles écrite n'est pas celle des règles que l'écriture porte.")
PUBLISHED_LATE = _("Règles publiées {days} avant le début ; il en faut au moins {required}.")
NO_APPROVAL = _("Tournoi payant commencé sans agrément de son règlement.")
RACE_DIFFERS = _("Le chip race recalculé donne {computed}, l'écriture dit {written}.")
UNBALANCED = _("Les flux ne s'équilibrent pas : droits vendus {fees}, lots {pool}, part de la maison {house}.")
PAID_DIFFERS = _("Lots payés {paid} ; la cagnotte des lots et l'ajout de la maison font {prizes}.")


def _check(replay: Replay, entry: Audited) -> Check:
    check = Check(replay, entry, str(entry.payload.get("citation") or ""))
    check.text("tournoi")  # every entry of the register names its tournament, as the services write it
    return check


def published(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry)
    payload = entry.payload
    text = payload.get("regles") or {}
    digest = hashlib.sha256(json.dumps(text, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    if digest != payload.get("empreinte_regles"):
        check.fail(RULES_DIGEST)
    ahead = replay.rule(rules.PUBLISHED_BEFORE, entry.gaming_day)
    try:  # the week counts from the day the entry was written, the publication Vigie recorded, to the start's day in
        # the casino's zone (QC RJC art. 125)
        days = (entry.casino.today(datetime.datetime.fromisoformat(text.get("debut", ""))) - entry.gaming_day).days
    except (TypeError, ValueError):
        days = None
    if ahead is not None and (days is None or days < 7 * ahead.value):
        check.fail(PUBLISHED_LATE, str(ahead.citation), days=Counted(days, days_words),
                   required=Counted(int(7 * ahead.value), days_words))
    return check.problems


def started(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry)
    needed = replay.rule(rules.APPROVAL, entry.gaming_day)
    if needed is not None and needed.value and not entry.payload.get("agrement"):
        fees = TournamentEntry.objects.filter(entry__register_id=entry.entry.register_id,
                                              tournament__slug=entry.payload.get("tournoi"), fee__gt=0)
        if fees.exists():
            check.fail(NO_APPROVAL, str(needed.citation))
    return check.problems


def sold(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry)
    fee, to_pool = check.amount("droit_entree", zero=True), check.amount("aux_lots", zero=True)
    row = TournamentEntry.objects.filter(entry_id=entry.entry.pk).first()
    if row is None or (row.number, row.player, row.fee, row.to_pool) != (
            entry.payload.get("inscription"), entry.payload.get("joueur"), fee, to_pool):
        check.fail(ROW_DIFFERS, field="inscription")
    return check.problems


def out(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry)
    rows = {row.seat.number: row.stack for row in TournamentOut.objects.filter(entry_id=entry.entry.pk)
            .select_related("seat")}
    written = {line.get("inscription"): line.get("tapis") for line in check.items("sortis") if isinstance(line, dict)}
    if rows != written:
        check.fail(ROW_DIFFERS, field="sortis")
    return check.problems


def raced(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry)
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
        computed = None
    written = [payload.get("jetons_donnes"), payload.get("gagnants")]
    if computed != written:
        check.fail(RACE_DIFFERS, computed=computed, written=written)
    winners = payload.get("gagnants")
    if not isinstance(winners, list) or not ChipRace.objects.filter(entry_id=entry.entry.pk, winners=winners).exists():
        check.fail(ROW_DIFFERS, field="gagnants")
    return check.problems


def paid(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry)
    amount = check.amount("montant")
    check.text("gagnant")
    row = TournamentPayout.objects.filter(entry_id=entry.entry.pk).first()
    if row is None or row.amount != amount or row.winner != entry.payload.get("gagnant"):
        check.fail(ROW_DIFFERS, field="montant")
    return check.problems


def closed(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry)
    fees, pool, house, overlay = (check.amount(key, zero=True) for key in (
        "droits_vendus", "lots", "part_maison", "ajout_maison"))
    if None not in (fees, pool, house) and fees != pool + house:
        check.fail(UNBALANCED, fees=Amount(fees), pool=Amount(pool), house=Amount(house))
    if entry.payload.get("etape") == "cloture" and None not in (pool, overlay):
        paid_out = check.amount("lots_payes", zero=True)
        if paid_out is not None and paid_out != pool + overlay:
            check.fail(PAID_DIFFERS, paid=Amount(paid_out), prizes=Amount(pool + overlay))
    return check.problems
