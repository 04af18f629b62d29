"""Any deal the simulator plays (games/poker/simulator.py), written as the PokerStars client writes it
(games/poker/formats/pokerstars_writer.py) and read back (pokerstars.read): its pots, their rake and drops and who
won what are the same to the cent, whatever the game, the version, the rake schedule and the table's smallest chip;
the side pots come back as the room writes them, after their rake, and the replay finds each pot's rake again."""

import datetime
import io
import random
from decimal import Decimal
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from games.poker import hand as h
from games.poker.formats import pokerstars, pokerstars_writer
from games.poker.replay import JackpotRule, Rules, replay
from games.poker.simulator import Table, play

ZONES = (ZoneInfo("Europe/Luxembourg"), ZoneInfo("America/Toronto"), datetime.UTC)
PLAYERS = [f"joueur_{n}" for n in range(12)]


@st.composite
def sessions(draw):
    game = draw(st.sampled_from(h.GAMES))
    version = draw(st.sampled_from((h.LIMIT, h.POT_LIMIT) if game != h.HOLDEM else h.VERSIONS))
    chip = draw(st.sampled_from((1, 5, 25)))
    small = chip * draw(st.integers(1, 8))
    big = draw(st.sampled_from((small, 2 * small)))
    progressive = draw(st.sampled_from((None, JackpotRule("pourcentage", Decimal("1"), "inferieur"))))
    rules = Rules(rate=draw(st.sampled_from((Decimal(0), Decimal("0.05"), Decimal("0.1")))),
                  cap=draw(st.sampled_from((None, 300, 1000))), per_pot=draw(st.booleans()), chip=chip,
                  progressive=progressive, hilo=game == h.OMAHA_HILO)
    table = Table("TH-9", game, version, small, big, draw(st.booleans()), draw(st.sampled_from((0, chip))),
                  4 * big if version == h.LIMIT else 0, draw(st.integers(3, 9 if game == h.HOLDEM else 6)),
                  draw(st.sampled_from(("EUR", "CAD"))), rules)
    start = datetime.datetime(2026, 1, 1, 20, tzinfo=draw(st.sampled_from(ZONES))) + datetime.timedelta(
        minutes=draw(st.integers(0, 525_600)))
    return table, start, draw(st.integers(1, 6)), draw(st.integers(0, 10**6))


def settled(outcome) -> list[tuple]:
    return [(pot.amount, pot.declared.rake, pot.declared.progressive, pot.declared.bad_beat,
             dict(pot.declared.wins)) for pot in outcome.pots]


@settings(max_examples=60, deadline=None)
@given(sessions())
def test_a_deal_written_as_the_client_writes_it_reads_back_with_the_same_pots_rake_and_wins(session):
    table, start, count, seed = session
    dealt = list(play(table, start, count, random.Random(seed), list(PLAYERS)))
    text = io.StringIO()
    assert pokerstars_writer.write(dealt, text) == count
    back = list(pokerstars.read(io.StringIO(text.getvalue()), default_currency=table.currency))
    assert [hand.number for hand in back] == [hand.number for hand in dealt]
    for original, read in zip(dealt, back, strict=True):
        ours, theirs = replay(original, table.rules), replay(read, table.rules)
        assert settled(theirs) == settled(ours)
        assert (theirs.declared_rake, theirs.declared_progressive, theirs.stacks_after) == (
            ours.declared_rake, ours.declared_progressive, ours.stacks_after)
        levied = any(pot.rake or pot.progressive or pot.bad_beat for pot in original.pots)
        assert read.started_at == original.started_at and read.after_rake == (len(original.pots) > 1 and levied)
        # nothing made or lost: the stacks before are the stacks after, the rake and the drops
        assert sum(seat.stack for seat in read.seats) == sum(theirs.stacks_after.values()) + theirs.declared_rake + (
            theirs.declared_progressive + theirs.declared_bad_beat)
