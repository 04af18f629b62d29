"""The demo's tournaments, every step through the services (registers/tournaments/services.py), at each demo casino:

- one tournament played today and closed: fourteen players, three re-entries during late registration, a chip race
  of the 100 chips at the start of level 3, players out one by one or two on a deal at one table (placed by their
  stacks), then the bubble hand for hand: two players out on the same deal at tables T1 and T2, tied for the last paid
  place and the first unpaid one, sharing their prizes; each prize paid at the cash desk, the tournament closed and
  its signed results report asked for (registers/demo.py signs it, as the worker would);
- one tournament open for registration: its rules published today for a start in ten days (a week ahead at least
  in Québec), a few fees already sold;
- one tournament set up and not yet published, for a start in three weeks: the management's « À faire » lists it
  until its rules go public.

Each demo casino adopts the ROPTA as the règlement intérieur of its tournaments (`ropta_adopted`): its rules are cited
as such. The played tournament's rules went public ten days before its start: Vigie records a publication's moment
itself (QC RJC art. 125), so the demo publishes it with the clock set back ten days (`_clock`), as if the manager had
published it then; everything else is written now.

A paid tournament whose jurisdiction wants its rules approved (Luxembourg) has them filed, with the digest Vigie
computed when it published them, and approved before it starts, through the approvals (`approve`, which
registers/demo.py hands over: the registers never import the approvals).

The played tournament starts today (the casino's day): a Luxembourg approval is in force from its decision's day at
the earliest, and a past day may already be closed. It starts three hours ago, or a minute after midnight when the day
is younger; its levels are then shortened so that every step (late registration over, the chip race, the players out,
the prizes paid) lies between its start and now, which the services require."""

import contextlib
import datetime
import time
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from unittest import mock
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone

from compliance.models import Casino, User
from compliance.profiles import concept_or_none

from ..models import Tournament
from . import rules
from .services import (
    chip_race_record,
    entry_sell,
    players_out,
    prize_pay,
    rules_published,
    tournament_close,
    tournament_create,
    tournament_publish,
    tournament_report_request,
    tournament_start,
)


def _game(casino: Casino, spec) -> str:
    return concept_or_none(casino.jurisdiction, spec.game) or spec.game


@dataclass(frozen=True)
class Spec:
    prefix: str  # the demo users' (compliance/demo.py)
    game: str  # a concept of the casino's jurisdiction's profile, or the private rulebook's game key (ROPTA)
    played: str
    fee: str
    to_pool: str
    coming: str
    coming_fee: str
    coming_to_pool: str
    guaranteed: str
    identity: str
    players: tuple[str, ...]  # fourteen
    draft: str  # set up, its rules not yet published


CASINOS = {
    "la-moselle": Spec(
        "lu", "salon_poker.jeu.holdem", "Hold'em du jeudi de la Moselle", "100.00", "88.00",
        "Grand tournoi d'hiver de la Moselle", "150.00", "135.00", "3000.00", "Carte d'identité luxembourgeoise",
        ("Ana Lopes", "Tom Klein", "Eva Schmit", "Luc Hoffmann", "Marc Weber", "Sara Muller", "Jo Reuter",
         "Nina Thill", "Paul Kieffer", "Lea Wagner", "Max Becker", "Ines Faber", "Yves Lentz", "Zoe Kremer"),
        "Tournoi de printemps de la Moselle"),
    "lac-bleu": Spec(
        "qc", "salon_poker.jeu.holdem", "Hold'em du mardi du Lac-Bleu", "100.00", "85.00",
        "Classique d'hiver du Lac-Bleu", "200.00", "170.00", "4000.00", "Permis de conduire du Québec",
        ("Julie Tremblay", "Marc-André Roy", "Sophie Gagnon", "Étienne Côté", "Isabelle Bouchard",
         "Mathieu Gauthier", "Chloé Morin", "Olivier Lavoie", "Camille Fortin", "Gabriel Pelletier", "Léa Bélanger",
         "Samuel Lévesque", "Émilie Bergeron", "Félix Paquette"),
        "Omnium de printemps du Lac-Bleu"),
    "les-rochers": Spec(
        "mc", "ropta.tournoi", "Hold'em du vendredi des Rochers", "200.00", "180.00",
        "Trophée d'hiver des Rochers", "300.00", "270.00", "6000.00", "Passeport",
        ("Marco Bianchi", "Claire Dubois", "Luca Ferrari", "Sofia Romano", "Pierre Martin", "Elena Costa",
         "Hugo Bernard", "Chiara Greco", "Louis Moreau", "Alice Fontaine", "Matteo Ricci", "Camille Leroy",
         "Nicolas Girard", "Laura Conti"),
        "Coupe de printemps des Rochers"),
}

SHARES = ["0.40", "0.27", "0.19", "0.14"]  # four paid: the bubble is at five players left
COMING_SHARES = ["0.35", "0.25", "0.18", "0.13", "0.09"]
LEVEL_MINUTES = 20
BLINDS = ((100, 200), (200, 400), (500, 1000), (1000, 2000), (1500, 3000), (2000, 4000))  # no 100s from level 3
MARGIN = datetime.timedelta(seconds=90)  # after the last player out: the prizes paid, each ten seconds apart
# Before late registration ends, at (levels from the start): (hand, player out, table, stack, re-enters).
EARLY = (("T2-9", 13, "T2", 6200, True), ("T1-17", 12, "T1", 9400, True), ("T2-30", 11, "T2", 3100, True),
         ("T1-38", 10, "T1", 2800, False))
EARLY_AT = (0.35, 0.75, 1.30, 1.70)
# After it, one deal each: (hand, [(player, table, stack)]); 11, 12, 13 are out of their re-entries. The bubble is the
# deal at two tables, hand for hand; the last deal leaves player 0 alone, the winner.
LATE = (("T2-61", [(9, "T2", 5400)]), ("T1-66", [(13, "T1", 8800)]),
        ("T1-74", [(8, "T1", 4200), (7, "T1", 11800)]), ("T2-80", [(12, "T2", 15000)]), ("T1-85", [(6, "T1", 9900)]),
        ("T2-91", [(11, "T2", 13600)]), ("T1-97", [(5, "T1", 17200)]),
        ("MPM-4", [(4, "T1", 21000), (3, "T2", 26500)]), ("TF-12", [(2, "T1", 48000)]), ("TF-31", [(1, "T1", 96000)]))
RACE = {0: (3, "As 2c 3d"), 1: (3, "Ah Kd 4c"), 2: (2, "Ks 5h")}  # ROPTA's example: two 500s to the spades and the ace
PUBLISHED_AHEAD = datetime.timedelta(days=10)  # the played tournament's rules went public ten days before its start


def tournaments_demo(code: str, *, approve: Callable[..., object]) -> list[str]:
    """`approve(casino=, manager=, name=, start=, terms=, digest=)` files a tournament's rules (their digest as Vigie
    computed it when publishing them) and approves them."""
    casino = Casino.objects.select_related("jurisdiction").get(code=code)
    if Tournament.objects.filter(casino=casino).exists():
        return []
    spec = CASINOS[code]
    manager, cashier = (User.objects.get(username=f"{spec.prefix}.{role}") for role in ("direction", "caissier"))
    midnight, start, now = _window(casino)
    with transaction.atomic(), timezone.override(ZoneInfo(casino.jurisdiction.timezone)):
        played = _played(casino, spec, manager, cashier, approve, midnight, start, now)
        coming = _coming(casino, spec, manager, cashier, approve)
        draft = _draft(casino, spec, manager)
    return [f"tournament {played.slug} of {code}, closed, its results report asked",
            f"tournament {coming.slug} of {code}, open for registration",
            f"tournament {draft.slug} of {code}, set up, its rules to publish"]


def _window(casino: Casino) -> tuple[datetime.datetime, datetime.datetime, datetime.datetime]:
    """The casino's midnight, the played tournament's start (three hours ago, or a minute after midnight) and now; a
    day younger than five minutes is waited for, so that levels of one minute fit."""
    zone = ZoneInfo(casino.jurisdiction.timezone)
    midnight = datetime.datetime.combine(casino.today(), datetime.time(0, 0), tzinfo=zone)
    start = max(timezone.now() - datetime.timedelta(hours=3), midnight + datetime.timedelta(minutes=1))
    ready = start + 3 * datetime.timedelta(minutes=1) + MARGIN + datetime.timedelta(seconds=10)
    if timezone.now() < ready:
        time.sleep((ready - timezone.now()).total_seconds())
    return midnight, start, timezone.now()


@contextlib.contextmanager
def _clock(moment: datetime.datetime):
    """The services' clock set at `moment`: what they record as now is then."""
    with mock.patch.object(timezone, "now", lambda: moment):
        yield


def _needs_approval(casino: Casino, day: datetime.date, fee: str) -> bool:
    needed = rules.of(casino, rules.APPROVAL, day)
    return bool(needed and needed.value and Decimal(fee))


def _played(casino, spec: Spec, manager, cashier, approve, midnight, start, now) -> Tournament:
    # late registration (two levels) within the first two thirds of the time there is, the players out after it
    minutes = max(1, min(LEVEL_MINUTES, int((now - MARGIN - start).total_seconds() // 180)))
    level = datetime.timedelta(minutes=minutes)
    today = casino.today(start)
    terms = (f"Droit d'entrée de {spec.fee} {casino.currency}, dont {Decimal(spec.fee) - Decimal(spec.to_pool)} "
             f"{casino.currency} de frais ; lots aux quatre premiers")
    with _clock(start - PUBLISHED_AHEAD):
        tournament = tournament_create(
            casino=casino, actor=manager, game=_game(casino, spec), name=spec.played, starts_at=start,
            ropta_adopted=True,
            duration=f"Six niveaux de {minutes} minutes, jusqu'au dernier joueur",
            participation="Ouvert aux personnes majeures inscrites à la caisse ; une ré-entrée par joueur pendant les "
                          "inscriptions tardives.",
            distribution="Aux quatre premiers : 40 %, 27 %, 19 % et 14 % des lots ; des joueurs sortis sur le même "
                         "coup à des tables différentes partagent à parts égales les lots des places qu'ils occupent.",
            fee=spec.fee, to_pool=spec.to_pool, shares=SHARES, starting_stack=20000, capacity=40, tables=["T1", "T2"],
            levels=[{"petite_blinde": small, "grosse_blinde": big, "ante": big, "minutes": minutes}
                    for small, big in BLINDS], reentries=1)
        tournament_publish(tournament=tournament, actor=manager)
    if _needs_approval(casino, today, spec.fee):
        approve(casino=casino, manager=manager, name=spec.played, start=today, terms=terms,
                digest=rules_published(tournament)["empreinte_regles"])
    step = min(datetime.timedelta(minutes=1), (start - midnight) / 16)  # never before the day
    for index, player in enumerate(spec.players):  # at the cash desk before the start
        entry_sell(tournament=tournament, actor=cashier, player=player, entered_at=start - (14 - index) * step)
    tournament_start(tournament=tournament, actor=manager, started_at=start, seated={"T1": 7, "T2": 7})
    seats = {index: index + 1 for index in range(len(spec.players))}
    for (hand, index, table, stack, again), at in zip(EARLY, EARLY_AT, strict=True):
        players_out(tournament=tournament, actor=manager, hand=hand,
                    out=[{"inscription": seats[index], "table": table, "tapis": stack}], at=start + at * level)
        if again:
            seats[index] = entry_sell(tournament=tournament, actor=cashier, player=spec.players[index],
                                      entered_at=start + (at + 0.1) * level).number
    first, last = start + 2 * level, now - MARGIN
    moments = [first + (last - first) * (k + 1) / (len(LATE) + 1) for k in range(len(LATE) + 1)]
    chip_race_record(tournament=tournament, actor=manager, table="T1", old_value=100, new_value=500,
                     odd_chips={spec.players[i]: chips for i, (chips, _cards) in RACE.items()},
                     cards={spec.players[i]: cards for i, (_chips, cards) in RACE.items()},
                     left={spec.players[i]: 30000 for i in RACE}, at=moments[0])
    for (hand, lines), at in zip(LATE, moments[1:], strict=True):
        players_out(tournament=tournament, actor=manager, hand=hand, at=at,
                    out=[{"inscription": seats[i], "table": table, "tapis": stack} for i, table, stack in lines])
    tournament.refresh_from_db()
    paid = tournament.places.filter(prize__gt=0).select_related("seat").order_by("place", "seat__number")
    for number, place in enumerate(paid, start=1):
        prize_pay(place=place, actor=cashier, winner=place.seat.player, identity=f"{spec.identity} n° {4710 + number}",
                  paid_at=last + number * datetime.timedelta(seconds=10))
    tournament = tournament_close(tournament=tournament, actor=manager)
    tournament_report_request(tournament=tournament, actor=manager)
    return tournament


def _coming(casino, spec: Spec, manager, cashier, approve) -> Tournament:
    day = casino.today() + datetime.timedelta(days=10)
    starts = datetime.datetime.combine(day, datetime.time(19, 0), tzinfo=ZoneInfo(casino.jurisdiction.timezone))
    tournament = tournament_create(
        casino=casino, actor=manager, game=_game(casino, spec), name=spec.coming, starts_at=starts, ropta_adopted=True,
        duration="Une soirée, de 19 h à 2 h", fee=spec.coming_fee, to_pool=spec.coming_to_pool,
        guaranteed=spec.guaranteed,
        participation="Ouvert aux personnes majeures ; 60 places ; une ré-entrée par joueur pendant les inscriptions "
                      "tardives.",
        distribution="Aux cinq premiers : 35 %, 25 %, 18 %, 13 % et 9 % des lots, garantis par la maison ; des "
                     "joueurs sortis sur le même coup à des tables différentes partagent les lots de leurs places.",
        shares=COMING_SHARES, starting_stack=30000, capacity=60, tables=["T1", "T2", "T3", "T4", "T5", "T6"],
        levels=[{"petite_blinde": small, "grosse_blinde": big, "ante": big, "minutes": 30}
                for small, big in ((100, 200), (200, 400), (300, 600), (500, 1000), (1000, 2000), (1500, 3000))],
        reentries=1)
    tournament_publish(tournament=tournament, actor=manager)
    if _needs_approval(casino, day, spec.coming_fee):
        approve(casino=casino, manager=manager, name=spec.coming, start=day,
                terms=f"Droit d'entrée de {spec.coming_fee} {casino.currency} ; lots garantis de {spec.guaranteed} "
                      f"{casino.currency}, aux cinq premiers", digest=rules_published(tournament)["empreinte_regles"])
    for player in spec.players[:5]:
        entry_sell(tournament=tournament, actor=cashier, player=player)
    return tournament


def _draft(casino, spec: Spec, manager) -> Tournament:
    """Set up by the management, its rules not yet public (their publication opens registration, a week ahead at least
    in Québec): published from the « À faire » home."""
    day = casino.today() + datetime.timedelta(days=21)
    starts = datetime.datetime.combine(day, datetime.time(20, 0), tzinfo=ZoneInfo(casino.jurisdiction.timezone))
    return tournament_create(
        casino=casino, actor=manager, game=_game(casino, spec), name=spec.draft, starts_at=starts, ropta_adopted=True,
        duration="Une soirée, de 20 h à 1 h", fee=spec.fee, to_pool=spec.to_pool,
        participation="Ouvert aux personnes majeures ; 40 places ; sans ré-entrée.",
        distribution="Aux quatre premiers : 40 %, 27 %, 19 % et 14 % des lots ; des joueurs sortis sur le même coup à "
                     "des tables différentes partagent à parts égales les lots des places qu'ils occupent.",
        shares=SHARES, starting_stack=20000, capacity=40, tables=["T1", "T2", "T3", "T4"],
        levels=[{"petite_blinde": small, "grosse_blinde": big, "ante": big, "minutes": 25} for small, big in BLINDS])
