"""The jackpots' increments on a deal with side pots (LU RGD 1979 art. 49-9 al. 3, 49-13 al. 2 and 4): the bad beat
takes one increment on the deal's whole pot, the progressive as the casino's house rules say; every cent put in is a
pot's win, its rake or an increment."""

from dataclasses import replace
from decimal import Decimal

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.poker.hand import OMAHA_HILO
from games.poker.jackpots import ROUNDINGS
from games.poker.levies import drop, levies
from games.poker.outcome import BAD_BEAT_POTS, EACH, MAIN, MAIN_FIRST, PROGRESSIVE_POTS, PRORATA, WHOLE
from games.poker.replay import JackpotRule, Rules, replay, settle
from tests.test_poker_replay_properties import deals

FIXED_50 = JackpotRule("fixe", Decimal(50), "inferieur")
increments = st.builds(JackpotRule, st.sampled_from(("fixe", "pourcentage")), st.decimals(0, 300, places=1),
                       st.sampled_from(tuple(ROUNDINGS)), st.sampled_from((0, 0, 100)))
rooms = st.builds(Rules, st.sampled_from((Decimal(0), Decimal("0.05"), Decimal("0.1"))),
                  st.sampled_from((None, 20, 300)), progressive=st.none() | increments,
                  bad_beat=st.none() | increments, progressive_pots=st.sampled_from(PROGRESSIVE_POTS),
                  bad_beat_pots=st.sampled_from(BAD_BEAT_POTS))


def test_lu_49_13_al_4_bad_beat_levied_once_on_the_whole_pot():
    """« Le croupier soumet globalement le pot au bad beat jackpot » (art. 49-13 al. 4): a fixed increment of 0,50 €
    is taken once from a deal of a main pot and two side pots, not three times."""
    rules = Rules(rate=Decimal(0), bad_beat=FIXED_50)
    taken = levies([300, 5800, 1000], rules)
    assert sum(bad_beat for _rake, _progressive, bad_beat in taken) == 50
    assert [bad_beat for _r, _p, bad_beat in taken] == [3, 40, 7]  # in proportion, the odd cent to the main pot
    main_first = levies([300, 5800, 1000], replace(rules, bad_beat_pots=MAIN_FIRST))
    assert [bad_beat for _r, _p, bad_beat in main_first] == [50, 0, 0]


@given(st.lists(st.integers(1, 100_000), min_size=1, max_size=6), rooms)
@settings(max_examples=400, deadline=None)
def test_lu_49_13_al_4_the_bad_beat_increment_is_the_whole_pots_whatever_the_side_pots(amounts, rules):
    """« Le croupier soumet globalement le pot au bad beat jackpot »: whatever the pots, the bad beat takes what its
    increment gives on their sum after the rake (never more than the progressive leaves), once."""
    assume(rules.bad_beat is not None)
    taken = levies(amounts, rules)
    after = sum(amount - rake for amount, (rake, _p, _b) in zip(amounts, taken, strict=True))
    left = after - sum(progressive for _r, progressive, _b in taken)
    assert sum(bad_beat for _r, _p, bad_beat in taken) == min(drop(after, rules.bad_beat), left)
    for amount, (rake, progressive, bad_beat) in zip(amounts, taken, strict=True):
        assert min(rake, progressive, bad_beat) >= 0 and rake + progressive + bad_beat <= amount


def test_lu_49_9_al_3_the_progressive_takes_from_side_pots_as_the_house_rules_say():
    """« Le règlement intérieur précise leur mode d'arrondi et les modalités de prélèvement, en cas de pots
    extérieurs » (art. 49-9 al. 3): once on the whole pot, on the main pot only, or on each pot."""
    rules = Rules(rate=Decimal(0), progressive=FIXED_50)
    amounts = [300, 5800, 1000]
    by = {method: [p for _r, p, _b in levies(amounts, replace(rules, progressive_pots=method))]
          for method in PROGRESSIVE_POTS}
    assert by[WHOLE] == [3, 40, 7] and by[MAIN] == [50, 0, 0] and by[EACH] == [50, 50, 50]
    one_percent = replace(rules, progressive=JackpotRule("pourcentage", Decimal(1), "plus_proche"))
    assert sum(p for _r, p, _b in levies(amounts, one_percent)) == 71  # 1 % of 7 100, once
    assert sum(p for _r, p, _b in levies(amounts, replace(one_percent, progressive_pots=EACH))) == 3 + 58 + 10


@given(deals(), rooms)
@settings(max_examples=250, deadline=None)
def test_lu_49_5_49_13_every_cent_put_in_is_a_win_the_rake_or_an_increment(hand, rules):
    """Art. 49-5: « le croupier soumet le pot à la retenue » and art. 49-13 al. 1: « un incrément prélevé sur le pot
    après la retenue au profit de la cagnotte »: on random deals with side pots, the pots add up to what the players
    put in, and the pots to their wins, their rake and the increments; the bad beat's increment is one, on the whole
    pot."""
    rules = replace(rules, chip=1, hilo=hand.game == OMAHA_HILO)
    outcome = replay(replace(hand, pots=settle(hand, rules)), rules)
    put_in = sum(outcome.contributions.values())
    assert put_in == sum(pot.amount for pot in outcome.pots)
    assert put_in == (sum(sum(pot.wins.values()) for pot in outcome.pots) + outcome.rake + outcome.progressive
                      + outcome.bad_beat)
    if rules.bad_beat is not None:
        after = sum(pot.amount - pot.rake for pot in outcome.pots)
        assert outcome.bad_beat == min(drop(after, rules.bad_beat), after - outcome.progressive)
    assert outcome.irregularities == ()


def test_bad_beat_pots_prorata_is_the_default():
    assert Rules(rate=Decimal(0)).bad_beat_pots == PRORATA and Rules(rate=Decimal(0)).progressive_pots == WHOLE
