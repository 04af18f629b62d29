"""The waiting list's state changes, one transaction each, each an entry of the cagnotte register (LU RGD 1979 art.
49-1, 49-5): a player inscribed, and a call of the list at a table whose free seats are drawn at random from a seed
recorded with the method (../draw.py), so that anyone runs the draw again and finds the same seats."""

import datetime

from django.db import transaction
from django.utils import timezone

from compliance.errors import DomainError
from compliance.models import Casino, User

from ...chain.services import entry_append, register_for, verify_actor, verify_gaming_day
from ...controls import refuse_first
from ...fields import clean_text
from ...kinds import EntryKind, RegisterKind
from ...models import PokerSession, Register
from .. import draw, floor_errors
from .. import rules as room
from ..controls import DIRECTION, Call, call_problems, called, waiting_add_problems
from . import rules, selectors

PLAYER_MAX = 60  # a name, a pseudonym or a number as the floor writes it: no more is asked of the player


def _locked(casino: Casino) -> Register:
    """The cagnotte register, locked: the list read cannot change before the entry is written."""
    register = register_for(casino=casino, kind=RegisterKind.CAGNOTTE)
    return Register.objects.select_for_update().get(pk=register.pk)


@transaction.atomic
def waiting_list_add(*, casino: Casino, actor: User, gaming_day: datetime.date, player: str,
                     inscribed_at: datetime.datetime | None = None):
    """A player inscribed on the room's waiting list of `gaming_day`, « avant le début de la séance ou lorsque toutes
    les places aux tables de jeu sont attribuées » (art. 49-1, 49-5), with their rank in the order of inscription;
    once while they wait. The player as the floor writes them, nothing more."""
    verify_actor(actor, casino)
    verify_gaming_day(casino, gaming_day)
    casino = Casino.objects.select_related("jurisdiction").get(pk=casino.pk)
    player = clean_text(player, field="player", max_length=PLAYER_MAX, optional=True)
    cited = rules.listed(casino, gaming_day)
    _locked(casino)
    waiting = selectors.waiting_list(casino, gaming_day)
    refuse_first(waiting_add_problems(waiting, player, cited), casino.jurisdiction)
    moment = inscribed_at or timezone.now()
    return entry_append(register=register_for(casino=casino, kind=RegisterKind.CAGNOTTE),
                        kind=EntryKind.WAITING_LISTED, gaming_day=gaming_day, actor=actor, payload={
                            "joueur": player, "rang": len(waiting.waiters) + 1, "inscrit_le": moment.isoformat(),
                            "citation": cited})


@transaction.atomic
def waiting_list_call(*, session: PokerSession, actor: User, free_seats, absent=(), quality: str,
                      chef_de_partie: str = "", called_at: datetime.datetime | None = None, seed: str | None = None):
    """The list called at `session`'s table for its free seats: in order of inscription, those named `absent` (their
    ranks) not answering, each who answers seated at the next seat of the draw (art. 49-1, 49-5: « L'attribution des
    places assises est effectuée [...] de façon aléatoire »), by whom the game's article names: a member of the
    direction in their own name (Vigie's manager role), or the chef de partie named. The seed is drawn by `secrets`
    (a test may give its own) and written with the method and the seats."""
    casino = Casino.objects.select_related("jurisdiction").get(pk=session.casino_id)
    verify_actor(actor, casino)
    day = session.gaming_day
    verify_gaming_day(casino, day)
    try:
        free = tuple(int(seat) for seat in free_seats)
        missing = tuple(int(rank) for rank in absent)
    except (TypeError, ValueError):
        raise DomainError(floor_errors.SEATS_FREE.format(most=10), field="free_seats") from None
    game = session.game.key
    allowed, cited = rules.attribution(casino, game, day)
    named = clean_text(chef_de_partie, field="chef_de_partie", max_length=120, optional=True)
    if quality == DIRECTION:
        named = actor.get_full_name() or actor.username
    most = room.seats_most(session)
    _locked(casino)
    waiting = selectors.waiting_list(casino, day)
    call = Call(free, missing, quality, actor.role == User.Role.MANAGER, named, allowed, cited,
                most[0] if most is not None else 10)
    refuse_first(call_problems(waiting, call), casino.jurisdiction)
    seed = seed or draw.seed_new()
    seats = draw.seats_drawn(seed, free)
    silent, seated = called(waiting, call)
    by_rank = {waiter.rank: seat for waiter, seat in zip(seated, seats, strict=False)}
    order = sorted((*silent, *seated), key=lambda waiter: waiter.rank)
    moment = called_at or timezone.now()
    return entry_append(register=register_for(casino=casino, kind=RegisterKind.CAGNOTTE),
                        kind=EntryKind.SEATS_DRAWN, gaming_day=day, actor=actor, payload={
                            "table": session.table, "seance": session.number, "jeu": game,
                            "places_libres": sorted(free),
                            "appel": [{"rang": w.rank, "joueur": w.player, "repond": w.rank in by_rank,
                                       "place": by_rank.get(w.rank)} for w in order],
                            "tirage": {"methode": draw.METHOD, "graine": seed, "places": seats},
                            "responsable": {"qualite": quality, "nom": named},
                            "appele_le": moment.isoformat(), "citation": cited})
