"""A poker table's séance as a state machine (registers/poker_room/controls.py), at la Moselle's demo poker room: a
session opens after the latest of its séance (never twice at one moment, never to come), in the séance's version
(LU RGD 1979 art. 49-4); only the séance's latest session is raised (art. 49-3), after it opened; a stake is set aside
at a session of the séance after it opened (art. 49-1). Each refusal through the service with its field, its code and
what it rests on; the same controls in registers_audit, which names an entry written past the services."""

import datetime
import json
import zoneinfo

import pytest
from django.utils import timezone

from compliance.errors import DomainError
from compliance.models import Casino, User
from games.poker import hand as deal
from registers.chain.services import entry_append, register_for
from registers.errors import ErrorCode
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Consignment, Entry, PokerSession
from registers.poker_room.services import poker_session_open, poker_session_stakes_raise, stake_consign

pytestmark = pytest.mark.django_db

SESSION = "Contrôle interne du casino : version, blinds et retenue fixées à l'ouverture de la séance de poker"
BOOKS = "Contrôle interne du casino : registre tenu par Vigie"


def user(name: str) -> User:
    return User.objects.get(username=name)


def moselle() -> Casino:
    return Casino.objects.select_related("jurisdiction").get(code="la-moselle")


def moments(count: int) -> list[datetime.datetime]:
    """`count` moments of the casino's today, in order, all past: the day's share of the time gone by."""
    casino = moselle()
    now = timezone.now()
    midnight = datetime.datetime.combine(casino.today(), datetime.time(0), tzinfo=zoneinfo.ZoneInfo(
        casino.jurisdiction.timezone))
    return [midnight + (now - midnight) * (k + 1) / (count + 1) for k in range(count)]


def with_deck(table: str) -> None:
    """A new deck issued to la Moselle's poker `table` for today, once: the demo applies the decks' opening control to
    its room (LU RGD 1979 art. 49-1, registers/decks/demo.py)."""
    from registers.decks.selectors import stock_of
    from registers.decks.services import deck_issue

    casino = moselle()
    stock = stock_of(casino)
    if not stock.at("poker", table, casino.today()):
        lot = next(lot.lot for lot in stock.lots.values() if lot.new)
        deck_issue(casino=casino, actor=user("lu.caissier"), gaming_day=casino.today(), lot=lot, decks=1,
                   family="poker", table=table, new=True, counted=True, sealed=True, perfect=True)


def open_table(at: datetime.datetime, version: str = deal.NO_LIMIT, table: str = "TH-9") -> PokerSession:
    """A session of a Texas hold'em table of la Moselle's room today (TH-9: the demo deals none there), its deck
    issued."""
    casino = moselle()
    with_deck(table)
    return poker_session_open(casino=casino, actor=user("lu.direction"), gaming_day=casino.today(), table=table,
                              variant=deal.HOLDEM, version=version, minimum="10", small_blind="5", big_blind="10",
                              rake_rate="0.05", opened_at=at)


def counts() -> tuple:
    return Entry.objects.count(), PokerSession.objects.count(), Consignment.objects.count()


def refused(call, field: str, code: str, *said: str) -> str:
    before = counts()
    with pytest.raises(DomainError) as caught:
        call()
    message = str(caught.value.message)
    assert (caught.value.field, caught.value.code) == (field, code), message
    assert all(text in message for text in said), message
    assert counts() == before
    return message


def test_lu_art_49_4_the_version_chosen_at_the_start_of_the_seance_holds_until_the_next(demo, rules):
    """« Le directeur responsable a la possibilité de déterminer, à chaque début de séance, la version de Texas
    hold'em pratiquée à la table de jeu. La version de jeu choisie ne pourra plus être modifiée avant la prochaine
    séance. » (art. 49-4, as the rule data cites it)"""
    first, second = moments(2)
    open_table(first)
    refused(lambda: open_table(second, version=deal.POT_LIMIT), "version", ErrorCode.INVALID, "49-4", "(projet)",
            "ne pourra plus être modifiée avant la prochaine séance")
    assert open_table(second).number == 2


def test_house_control_a_session_opens_after_the_latest_of_its_seance_never_twice(demo, rules):
    """« Contrôle interne du casino : version, blinds et retenue fixées à l'ouverture de la séance de poker »: the
    same session opened twice (one moment) is a duplicate; one opened before the séance's latest is refused."""
    early, late = moments(2)
    open_table(late)
    refused(lambda: open_table(late), "opened_at", ErrorCode.DUPLICATE, SESSION, "jamais au même moment")
    refused(lambda: open_table(early), "opened_at", ErrorCode.INVALID, SESSION)


def test_house_control_a_session_is_not_opened_in_the_future(demo, rules):
    """« Contrôle interne du casino : registre tenu par Vigie »: a session recorded after the fact, never ahead."""
    with_deck("TH-9")
    refused(lambda: open_table(timezone.now() + datetime.timedelta(hours=1)), "opened_at", ErrorCode.INVALID,
            BOOKS, "pas à l'avenir")


def test_lu_art_49_3_only_the_seances_latest_session_is_raised_after_it_opened(demo, rules):
    """« Le chef de salle responsable a la possibilité d'augmenter, à l'ouverture des tables ou en cours de séance,
    le minimum des mises fixé par l'arrêté ministériel. » (art. 49-3) The rise follows the séance's latest session:
    raising an earlier one, or at a moment before it opened, is refused."""
    opened_at, raised_at = moments(2)
    opened = open_table(opened_at)
    raise_ = lambda session, at: poker_session_stakes_raise(  # noqa: E731
        session=session, actor=user("lu.direction"), minimum="20", small_blind="10", big_blind="20",
        decided_by="Jean Muller", raised_at=at)
    refused(lambda: raise_(opened, opened_at - datetime.timedelta(minutes=1)), "raised_at", ErrorCode.INVALID,
            BOOKS, "après l'ouverture")
    raised = raise_(opened, raised_at)
    assert (raised.number, raised.raised_from) == (2, opened)
    refused(lambda: raise_(opened, timezone.now()), "session", ErrorCode.INVALID, SESSION, "relevez la dernière")


def test_lu_art_49_1_a_stake_is_set_aside_at_its_session_after_it_opened(demo, rules):
    """« Dans le cas où le joueur s'absente au-delà de la durée maximale prévue, le chef de partie ou le chef de
    table consigne la mise au nom du joueur […] Si la mise consignée n'est pas réclamée avant la fin de la séance,
    elle est portée au registre des orphelins. » (art. 49-1) Set aside after its session opened, never ahead."""
    before, opened_at = moments(2)
    opened = open_table(opened_at)
    consign = lambda at: stake_consign(session=opened, actor=user("lu.direction"), seat=4,  # noqa: E731
                                       player="Marc Weber", amount="85.00", currency="EUR", consigned_at=at)
    refused(lambda: consign(before), "consigned_at", ErrorCode.INVALID, BOOKS, "après l'ouverture de sa séance")
    refused(lambda: consign(timezone.now() + datetime.timedelta(hours=1)), "consigned_at", ErrorCode.INVALID)
    assert consign(timezone.now()).session == opened


def test_registers_audit_names_a_seance_step_taken_past_the_services(demo, rules):
    """Entries written past the services (entry_append alone) into la Moselle's cagnotte register: a session opened
    at the moment of the séance's latest, another version in the séance, a stake naming a session the séance does not
    hold. registers_audit names each with the control's message; the demo's own openings and stakes pass."""
    controls = ("jamais au même moment", "n'a pas de séance n°", "ne pourra plus être modifiée", "relevez la dernière",
                "La mise se consigne après", "L'heure d'ouverture appartient", "Le relèvement se fait")
    assert not [p.fr for r in audit(casino_code="la-moselle", kind=RegisterKind.CAGNOTTE) for f in r.invalid
                for p in f.problems if any(text in p.fr for text in controls)]
    at = moments(1)[0]
    opened = open_table(at)
    payload = json.loads(Entry.objects.get(pk=opened.entry_id).payload)
    casino, manager = moselle(), user("lu.direction")
    register = register_for(casino=casino, kind=RegisterKind.CAGNOTTE)
    twice = entry_append(register=register, kind=EntryKind.POKER_SESSION, gaming_day=casino.today(), actor=manager,
                         payload={**payload, "seance": 2})
    other = entry_append(register=register, kind=EntryKind.POKER_SESSION, gaming_day=casino.today(), actor=manager,
                         payload={**payload, "seance": 3, "version": deal.POT_LIMIT,
                                  "ouverte_le": (at + datetime.timedelta(minutes=5)).isoformat()})
    stake = entry_append(register=register, kind=EntryKind.STAKE_CONSIGNED, gaming_day=casino.today(), actor=manager,
                         payload={"table": "TH-9", "seance": 9, "place": 4, "joueur": "Nora", "montant": "10.00",
                                  "devise": "EUR", "consignee_le": timezone.now().isoformat(), "citation": "—"})
    (result,) = audit(casino_code="la-moselle", kind=RegisterKind.CAGNOTTE)
    found = {finding.seq: [problem.fr for problem in finding.problems] for finding in result.invalid}
    assert any("jamais au même moment" in text for text in found[twice.seq]), found.get(twice.seq)
    assert any("ne pourra plus être modifiée" in text for text in found[other.seq]), found.get(other.seq)
    assert any("n'a pas de séance n° 9" in text for text in found[stake.seq]), found.get(stake.seq)
