"""`registers_audit`'s checks of the waiting list's entries: the list replayed from the cagnotte register, each
inscription once while the player waits, each call in order of inscription with its seats drawn again from the seed
the entry wrote (LU RGD 1979 art. 49-1, 49-5), through the same controls as the services (../controls.py)."""

from compliance.models import User

from ...chain.replay import Audited, Check, Problem, Replay, rendered
from ...kinds import EntryKind
from .. import controls as floor
from .. import floor_errors
from . import rules, selectors

LISTS = "poker_room.waiting"  # the replay's part: gaming day → the list as the register stands so far


def _list(replay: Replay, entry: Audited) -> floor.WaitingList:
    return replay.part(LISTS, dict).get(entry.gaming_day) or floor.WaitingList(entry.gaming_day)


def _report(check: Check, problems: list) -> None:
    for problem in problems:
        check.problems.append(Problem(*rendered(problem.message, check.replay.casino, **problem.params),
                                      problem.citation or check.citation))


def _of_direction(entry: Audited) -> bool:
    """Whether the person who filed the call is of the casino's direction (Vigie's manager role)."""
    return User.objects.filter(pk=entry.entry.actor_id, role=User.Role.MANAGER).exists()


def player_inscribed(replay: Replay, entry: Audited) -> list[Problem]:
    check = Check(replay, entry, str(entry.payload.get("citation", "")))
    player = check.text("joueur", max_length=60)
    waiting = _list(replay, entry)
    if player is not None:
        _report(check, floor.waiting_add_problems(waiting, player, check.citation))
    replay.part(LISTS, dict)[entry.gaming_day] = selectors.replayed(waiting, EntryKind.WAITING_LISTED, entry.payload)
    return check.problems


def seats_drawn(replay: Replay, entry: Audited) -> list[Problem]:
    """The call as written: those called are the list's in order of inscription, the seats those the seed draws, who
    attributes them among whom the game's article names (attribution_des_places)."""
    payload = entry.payload
    check = Check(replay, entry, str(payload.get("citation", "")))
    waiting = _list(replay, entry)
    calls = payload.get("appel") if isinstance(payload.get("appel"), list) else []
    drawn = payload.get("tirage") if isinstance(payload.get("tirage"), dict) else {}
    free = payload.get("places_libres") if isinstance(payload.get("places_libres"), list) else []
    allowed, _cited = rules.attribution(replay.casino, str(payload.get("jeu", "")), entry.gaming_day)
    quality = str((payload.get("responsable") or {}).get("qualite", ""))
    call = floor.Call(tuple(free), tuple(c.get("rang") for c in calls if not c.get("repond")), quality,
                      _of_direction(entry), str((payload.get("responsable") or {}).get("nom", "")), allowed,
                      check.citation)
    _report(check, floor.call_problems(waiting, call))
    silent, seated = floor.called(waiting, call)
    expected = [(w.rank, w.rank not in call.absent) for w in sorted((*silent, *seated), key=lambda w: w.rank)]
    if expected != [(c.get("rang"), bool(c.get("repond"))) for c in calls]:
        check.fail(floor_errors.CALL_ORDER, called=", ".join(str(c.get("rang")) for c in calls))
    seats = [c.get("place") for c in calls if c.get("repond")]
    _report(check, floor.seats_draw_problems(free, str(drawn.get("graine", "")), str(drawn.get("methode", "")),
                                             seats, check.citation))
    replay.part(LISTS, dict)[entry.gaming_day] = selectors.replayed(waiting, EntryKind.SEATS_DRAWN, payload)
    return check.problems
