"""A poker séance's minimum and blinds raised during the séance, at la Moselle's demo poker room: one control
(registers/poker_room/controls.py `stakes_raise_problems`) over the session it follows and the stakes proposed, which
the service refuses with and registers_audit asks again of every rise the cagnotte register holds.

LU RGD 1979 (a draft applied as such, /work/shared/seeds): art. 49-3 (49-7 for Omaha) « Le chef de salle responsable
a la possibilité d'augmenter, à l'ouverture des tables ou en cours de séance, le minimum des mises fixé par l'arrêté
ministériel »; art. 49-1 « une mise dite small blind égale à la moitié de la mise minimum de la table » and « une mise
dite big blind dont le montant est au minimum égal à celui de la small blind et au maximum le double ». The table's
smallest chip and a rise that raises nothing are the casino's control and Vigie's."""

import datetime
import json
from decimal import Decimal

import pytest

from games.poker import hand as deal
from registers.chain.services import entry_append, register_for
from registers.errors import ErrorCode
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, PokerSession
from registers.poker_room import controls
from registers.poker_room.services import poker_session_open, poker_session_stakes_raise
from tests.test_poker_sessions_lifecycle import SESSION, moments, moselle, open_table, refused, user, with_deck

pytestmark = pytest.mark.django_db

D = Decimal
CENT = Decimal("0.01")


def _raise(session: PokerSession, at: datetime.datetime, minimum: str, small: str, big: str) -> PokerSession:
    return poker_session_stakes_raise(session=session, actor=user("lu.direction"), minimum=minimum, small_blind=small,
                                      big_blind=big, decided_by="Jean Muller", raised_at=at)


def test_lu_art_49_3_the_minimum_is_raised_during_the_seance_never_lowered(demo, rules):
    """« Le chef de salle responsable a la possibilité d'augmenter […] en cours de séance, le minimum des mises »:
    raised from 10 to 20, the séance's minimum is not brought back to 10."""
    opened_at, raised_at, later = moments(3)
    raised = _raise(open_table(opened_at), raised_at, "20", "10", "20")
    assert (raised.minimum, raised.small_blind, raised.big_blind) == (20, 10, 20)
    message = refused(lambda: _raise(raised, later, "10", "5", "10"), "minimum", ErrorCode.INVALID_AMOUNT,
                      "Le minimum de 10.00 est inférieur au minimum de 20.00", "49-3", "(projet)")
    assert "il ne peut qu'être augmenté en cours de séance" in message


def test_lu_art_49_1_the_raised_small_blind_is_half_the_new_minimum(demo, rules):
    """« une mise dite small blind égale à la moitié de la mise minimum de la table »: with the minimum raised to
    20, a small blind of 5 is refused."""
    opened_at, raised_at = moments(2)
    opened = open_table(opened_at)
    refused(lambda: _raise(opened, raised_at, "20", "5", "10"), "small_blind", ErrorCode.INVALID_AMOUNT,
            "doit être la moitié de la mise minimum de la table de 20.00, soit 10.00", "49-1")


def test_lu_art_49_1_the_raised_big_blind_is_one_to_two_small_blinds(demo, rules):
    """« une mise dite big blind dont le montant est au minimum égal à celui de la small blind et au maximum le
    double »: a big blind of 30 over a small blind of 10 is refused."""
    opened_at, raised_at = moments(2)
    opened = open_table(opened_at)
    refused(lambda: _raise(opened, raised_at, "20", "10", "30"), "big_blind", ErrorCode.INVALID_AMOUNT,
            "doit être comprise entre 10.00 et 20.00", "49-1")


def test_internal_control_the_raised_minimum_and_blinds_are_made_of_the_table_s_smallest_chip(demo, rules):
    """The table's smallest chip, fixed at its opening (no text speaks of chips' values: the casino's control), makes
    the raised minimum and blinds: with chips of 5,00 €, a small blind of 11 is refused."""
    casino = moselle()
    opened_at, raised_at = moments(2)
    with_deck("TH-9")
    opened = poker_session_open(casino=casino, actor=user("lu.direction"), gaming_day=casino.today(), table="TH-9",
                                variant=deal.HOLDEM, version=deal.NO_LIMIT, minimum="10", small_blind="5",
                                big_blind="10", rake_rate="0.05", opened_at=opened_at, chip="5")
    refused(lambda: _raise(opened, raised_at, "22", "11", "22"), "chip", ErrorCode.INVALID_AMOUNT,
            "Le plus petit jeton de la table, 5.00")


def test_vigie_a_rise_that_raises_nothing_is_refused(demo, rules):
    opened_at, raised_at = moments(2)
    opened = open_table(opened_at)
    refused(lambda: _raise(opened, raised_at, "10", "5", "10"), "minimum", ErrorCode.INVALID,
            "Le minimum et les blinds sont ceux de la séance : rien à relever.")


def test_the_service_and_the_audit_ask_the_same_control(demo, rules):
    """The control alone, over the session it follows and the stakes proposed, with the rule values passed in."""
    blinds = controls.BlindRules(D("0.5"), "art. 49-1", (D(1), D(2)), "art. 49-1")
    before = controls.Stakes(D(20), D(10), D(20))

    def problems(minimum, small, big, chip=CENT):
        rise = controls.Rise(controls.Stakes(D(minimum), D(small), D(big)), blinds, chip, False, "art. 49-3")
        return [(p.field, p.citation) for p in controls.stakes_raise_problems(before, rise)]

    assert problems(40, 20, 40) == []
    assert problems(10, 5, 10) == [("minimum", "art. 49-3")]
    assert problems(40, 10, 20) == [("small_blind", "art. 49-1")]
    assert problems(40, 20, 50) == [("big_blind", "art. 49-1")]
    assert problems(40, 20, 40, chip=D("15")) == [("chip", SESSION)]
    assert problems(20, 10, 20) == [("minimum", "Vigie")]
    assert problems(20, 10, 20, chip=None) == [("minimum", "Vigie")]  # a rise written before sessions kept a chip


def test_registers_audit_finds_rises_written_past_the_service_invalid(demo, rules):
    """Rises written past the service (entry_append alone) into la Moselle's cagnotte register, each following the
    séance's latest session at a later moment: a minimum lowered, a small blind not half the minimum, a rise that
    raises nothing. registers_audit names each with the control's message; a rise the service wrote passes."""
    at = moments(5)
    good = _raise(open_table(at[0]), at[1], "20", "10", "20")
    payload = json.loads(Entry.objects.get(pk=good.entry_id).payload)
    casino, manager = moselle(), user("lu.direction")
    register = register_for(casino=casino, kind=RegisterKind.CAGNOTTE)

    def rise(number: int, moment, minimum: str, small: str, big: str, before: tuple[str, str, str]) -> Entry:
        releve = {**payload["releve"], "apres_la_seance": number - 1, "minimum_precedent": before[0],
                  "small_blind_precedente": before[1], "big_blind_precedente": before[2]}
        return entry_append(register=register, kind=EntryKind.POKER_SESSION, gaming_day=casino.today(),
                            actor=manager, payload={**payload, "seance": number, "minimum": minimum,
                                                    "small_blind": small, "big_blind": big, "releve": releve,
                                                    "ouverte_le": moment.isoformat()})

    nothing = rise(3, at[2], "20.00", "10.00", "20.00", ("20.00", "10.00", "20.00"))
    lowered = rise(4, at[3], "10.00", "5.00", "10.00", ("20.00", "10.00", "20.00"))
    halved = rise(5, at[4], "40.00", "10.00", "20.00", ("10.00", "5.00", "10.00"))
    (result,) = audit(casino_code="la-moselle", kind=RegisterKind.CAGNOTTE)
    found = {finding.seq: " ".join(problem.fr for problem in finding.problems) for finding in result.invalid}
    good_seq = Entry.objects.get(pk=good.entry_id).seq
    assert good_seq not in found, found.get(good_seq)
    assert "Le minimum de 10.00 est inférieur au minimum de 20.00" in found[lowered.seq], found[lowered.seq]
    assert "doit être la moitié de la mise minimum" in found[halved.seq], found[halved.seq]
    assert "rien à relever" in found[nothing.seq], found[nothing.seq]
    cited = {problem.citation for finding in result.invalid if finding.seq == lowered.seq
             for problem in finding.problems if "inférieur au minimum" in problem.fr}
    assert cited and all("49-3" in citation for citation in cited), cited
