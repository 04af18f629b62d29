"""Bataille (Casino War, LU RGD 1979 art. 37-16): exact return of the initial bet and of the tie bet.

Cards come from a shoe of six decks; the cards already dealt in the round leave the shoe, the burnt cards are
unseen and so leave every remaining card equally likely (exchangeability): after a first-card tie the war is
two cards drawn from the shoe less the two tied cards.

Settlement of the initial bet (unit stake):
  player's card higher: +1 (« payée une fois la mise ») — lower: −1;
  equal, surrender (« abandon »): −1/2 (half the initial bet is returned);
  equal, war (« faire bataille »): an additional bet equal to the initial one, then
    war won: « La mise initiale est payée 1 pour 1 » — the text pays the initial bet only; the additional bet,
      neither paid nor lost by the text, is taken as returned;
    war tied: « le joueur conserve alors sa mise initiale et sa mise additionnelle » — 0;
    war lost: both bets lost — −2.

« 1 pour 1 » read as « à » (gain of 1 for 1 staked) pays +1 on a won war; read literally as « pour » (1
returned for 1 staked, stake included) it gains nothing. The same two readings apply to the tie bet's
« 10 pour 1 » (+10 or +9).
"""

from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

from games.hands import bataille
from games.hands.ranking import citation
from games.rules.yamlfile import read

from .strategy import StrategyResult

GAME = "lu.bataille"
STRATEGIES = ("guerre", "abandon")
READINGS = ("a", "pour")
LITERAL_READING = "pour"  # the text writes « 1 pour 1 » and « 10 pour 1 »
RULES_DIR = Path(__file__).resolve().parent.parent / "rules"
STRATEGIES_DIR = Path(__file__).resolve().parent / "strategies"


def _value(key: str):
    """The latest value of a rule-value file."""
    jurisdiction, game, name = key.split(".")
    document = read(RULES_DIR / "values" / jurisdiction / game / f"{name}.yaml")
    return document["values"][max(document["values"])]["value"]


@cache
def _payout(key: str) -> tuple[Fraction, str, str]:
    """Odds, notation and citation of the single line of a pay table."""
    document = read(RULES_DIR / "paytables" / "lu" / f"{key}.yaml")
    version = document["versions"][max(document["versions"])]
    (line,) = version["lines"]
    payout = line["payout"]
    odds = Fraction(Decimal(payout["numerator"])) / Fraction(Decimal(payout["denominator"]))
    return odds, payout["notation"], citation(version["reference"])


def _citations(strategy: str) -> tuple[str, ...]:
    document = read(STRATEGIES_DIR / f"{GAME}.yaml")
    (entry,) = (entry for entry in document["strategies"] if entry["key"] == strategy)
    return tuple(entry["citations"])


def net_gain(odds: Fraction, reading: str) -> Fraction:
    """Gain on a winning unit stake: « n à 1 » gains n, « n pour 1 » returns n with the stake, so gains n − 1."""
    if reading not in READINGS:
        raise ValueError(f"lecture inconnue « {reading} » / unknown reading")
    return odds if reading == "a" else odds - 1


def default_decks() -> int:
    return int(_value("lu.bataille.paquets"))


def probabilities(decks: int | None = None, counts: tuple[int, ...] | None = None) -> dict[str, Fraction]:
    """Probabilities of a round: first cards (gagne, perd, egalite) and, given a tie, the war (bataille_*).

    `counts` (cards of each strength, lowest first) replaces the full shoe of `decks` decks."""
    counts = tuple(counts) if counts is not None else bataille.rank_counts(decks or default_decks())
    total = sum(counts)
    first = total * (total - 1)
    win = sum(counts[p] * counts[d] for p in range(len(counts)) for d in range(p))
    tie = sum(c * (c - 1) for c in counts)
    war = {"bataille_gagnee": Fraction(0), "bataille_nulle": Fraction(0), "bataille_perdue": Fraction(0)}
    # The war is played from the shoe less the two tied cards, whatever rank they were.
    second = (total - 2) * (total - 3)
    for rank, count in enumerate(counts):
        if count < 2:
            continue
        weight = Fraction(count * (count - 1), tie)
        left = list(counts)
        left[rank] -= 2
        won = sum(left[p] * left[d] for p in range(len(left)) for d in range(p))
        lost = sum(left[p] * left[d] for p in range(len(left)) for d in range(p + 1, len(left)))
        war["bataille_gagnee"] += weight * Fraction(won, second)
        war["bataille_perdue"] += weight * Fraction(lost, second)
        war["bataille_nulle"] += weight * Fraction(second - won - lost, second)
    return {
        "gagne": Fraction(win, first),
        "perd": Fraction(first - win - tie, first),
        "egalite": Fraction(tie, first),
    } | war


def tie_probability(decks: int | None = None) -> Fraction:
    """Probability that the player's and the dealer's first cards are equal (23/311 with six decks)."""
    return probabilities(decks)["egalite"]


def tie_bet(reading: str | None = None, decks: int | None = None) -> Fraction:
    """Player's expected result per unit on the « mise égalité » (« 10 pour 1 »)."""
    odds, notation, _ = _payout("lu.bataille.egalite")
    tie = tie_probability(decks)
    return tie * net_gain(odds, reading or notation) - (1 - tie)


def _returns(reading: str, decks: int | None) -> dict[str, Fraction]:
    found = probabilities(decks)
    odds, _, _ = _payout("lu.bataille.bataille")
    extra = Fraction(Decimal(_value("lu.bataille.mise_bataille")))
    kept = Fraction(Decimal(_value("lu.bataille.abandon_part_restituee")))
    base = found["gagne"] - found["perd"]
    war = found["bataille_gagnee"] * net_gain(odds, reading) - found["bataille_perdue"] * (1 + extra)
    return {"guerre": base + found["egalite"] * war, "abandon": base - found["egalite"] * (1 - kept)}


def evaluate(strategy: str = "guerre", reading: str | None = None, decks: int | None = None) -> StrategyResult:
    """Exact expected result per unit initial bet when the player takes `strategy` on every first-card tie;
    both strategies under both readings are in the details.

    `reading` is "a" or "pour" (the literal one, the pay table's notation, by default)."""
    if strategy not in STRATEGIES:
        raise ValueError(f"stratégie inconnue « {strategy} » / unknown strategy")
    _, notation, _ = _payout("lu.bataille.bataille")
    reading = reading or notation
    if reading not in READINGS:
        raise ValueError(f"lecture inconnue « {reading} » / unknown reading")
    found = probabilities(decks)
    both = {name: _returns(name, decks) for name in READINGS}
    mine = both[reading]
    extra = Fraction(Decimal(_value("lu.bataille.mise_bataille")))
    return StrategyResult(
        game=GAME,
        strategy=strategy,
        method="exact",
        optimal=mine[strategy] >= max(mine.values()),
        expected=mine[strategy],
        citations=_citations(strategy),
        average_stake=1 + found["egalite"] * extra if strategy == "guerre" else Fraction(1),
        details={
            "reading": reading,
            "literal_reading": LITERAL_READING,
            "decks": decks or default_decks(),
            "probabilities": found,
            "strategies": mine,
            "readings": both,
            "tie_bet": {name: tie_bet(name, decks) for name in READINGS},
            "war_additional_bet": "rendue quand le joueur gagne la bataille (le texte ne paie que la mise initiale)",
        },
    )
