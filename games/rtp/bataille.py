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

« 1 pour 1 » read as a net gain (« a ») pays +1 on a won war; read as a total return (« pour »: 1 returned for 1
staked, stake included) it gains nothing. The text's own words support the net reading (the pay table's `reading`:
a player who « gagne la bataille » and is « payée » cannot end as on a tied war), so it is the default; the other is
given beside it. The same two readings apply to the tie bet's « 10 pour 1 » (+10 or +9).
"""

import datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from compliance.profiles import engine_game
from games.hands import bataille
from games.rules.yamlfile import read

from . import rulebook
from .rulebook import net_gain
from .strategy import StrategyResult

GAME = engine_game("bataille")  # the game the profiles give this engine (compliance.profiles)
STRATEGIES = ("guerre", "abandon")
READINGS = rulebook.READINGS
STRATEGIES_DIR = Path(__file__).resolve().parent / "strategies"
FLAG_GAP = Fraction(1, 100)  # the other reading flagged when it moves the result by more than one point


def _value(key: str, on: datetime.date | None) -> Fraction:
    return Fraction(Decimal(rulebook.value(key, on)))


def _payout(key: str, on: datetime.date | None) -> tuple[Fraction, dict, str]:
    """Odds, reading (the pay table's: default, printed word, evidence) and citation of a one-line table."""
    table = rulebook.paytable(key, on)
    (line,) = table["lines"]
    return rulebook.odds(line["parsed"]), table["reading"], table["citation"]["text"]


def _citations(strategy: str) -> tuple[str, ...]:
    document = read(STRATEGIES_DIR / f"{GAME}.yaml")
    (entry,) = (entry for entry in document["strategies"] if entry["key"] == strategy)
    return rulebook.citations(GAME, entry["articles"])


def default_decks(on: datetime.date | None = None) -> int:
    return int(rulebook.value(f"{GAME}.paquets", on))


def probabilities(decks: int | None = None, counts: tuple[int, ...] | None = None,
                  on: datetime.date | None = None) -> dict[str, Fraction]:
    """Probabilities of a round: first cards (gagne, perd, egalite) and, given a tie, the war (bataille_*).

    `counts` (cards of each strength, lowest first) replaces the full shoe of `decks` decks."""
    counts = tuple(counts) if counts is not None else bataille.rank_counts(decks or default_decks(on))
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


def tie_probability(decks: int | None = None, on: datetime.date | None = None) -> Fraction:
    """Probability that the player's and the dealer's first cards are equal (23/311 with six decks)."""
    return probabilities(decks, on=on)["egalite"]


def tie_bet(reading: str | None = None, decks: int | None = None, on: datetime.date | None = None) -> Fraction:
    """Player's expected result per unit on the « mise égalité » (« 10 pour 1 »), under `reading` or the one its
    text supports."""
    odds, table_reading, _ = _payout(f"{GAME}.egalite", on)
    tie = tie_probability(decks, on)
    return tie * net_gain(odds, reading or table_reading["default"]) - (1 - tie)


def _returns(reading: str, decks: int | None, on: datetime.date | None) -> dict[str, Fraction]:
    found = probabilities(decks, on=on)
    odds, _, _ = _payout(f"{GAME}.bataille", on)
    extra = _value(f"{GAME}.mise_bataille", on)
    kept = _value(f"{GAME}.abandon_part_restituee", on)
    base = found["gagne"] - found["perd"]
    war = found["bataille_gagnee"] * net_gain(odds, reading) - found["bataille_perdue"] * (1 + extra)
    return {"guerre": base + found["egalite"] * war, "abandon": base - found["egalite"] * (1 - kept)}


def evaluate(strategy: str = "guerre", reading: str | None = None, decks: int | None = None,
             on: datetime.date | None = None) -> StrategyResult:
    """Exact expected result per unit initial bet when the player takes `strategy` on every first-card tie, with
    the rules in force on `on` (the Luxembourg draft: the game has no other text); both strategies under both
    readings are in the details.

    `reading` is "a" (net) or "pour" (total); by default the one the pay table's text supports."""
    if strategy not in STRATEGIES:
        raise ValueError(f"stratégie inconnue « {strategy} » / unknown strategy")
    on = rulebook.day(on)
    _, table_reading, _ = _payout(f"{GAME}.bataille", on)
    reading = reading or table_reading["default"]
    if reading not in READINGS:
        raise ValueError(f"lecture inconnue « {reading} » / unknown reading")
    found = probabilities(decks, on=on)
    both = {name: _returns(name, decks, on) for name in (table_reading["default"], table_reading["alternative"])}
    mine = both[reading]
    extra = _value(f"{GAME}.mise_bataille", on)
    best = {name: max(figures, key=figures.get) for name, figures in both.items()}
    other = next(name for name in both if name != reading)
    gap = both[other][strategy] - mine[strategy]
    return StrategyResult(
        game=GAME,
        strategy=strategy,
        method="exact",
        optimal=mine[strategy] >= max(mine.values()),
        expected=mine[strategy],
        citations=_citations(strategy),
        average_stake=1 + found["egalite"] * extra if strategy == "guerre" else Fraction(1),
        details={
            "on": on.isoformat(),
            "draft": rulebook.applies_draft(GAME),
            "reading": reading,
            "default_reading": table_reading["default"],
            "alternative_reading": table_reading["alternative"],
            "printed": table_reading["printed"],
            "reading_evidence": [f"« {e['quote']} » ({e['citation']})" for e in table_reading["evidence"]],
            "decks": decks or default_decks(on),
            "probabilities": found,
            "strategies": mine,
            "readings": both,
            "best_strategy": best,
            "tie_bet": {name: tie_bet(name, decks, on) for name in both},
            "variants": {other: {"expected": both[other][strategy], "ci95": None, "flagged": abs(gap) > FLAG_GAP,
                                 "best_strategy": best[other]}},
            "variants_described": {other: f"{rulebook.OTHER_READING[other]} Meilleur choix à l'égalité : "
                                          f"« {best[other]} »."},
            "variants_described_en": {other: f"{rulebook.OTHER_READING_EN[other]} Best choice on a tie: "
                                             f"« {best[other]} »."},
            "war_additional_bet": "rendue quand le joueur gagne la bataille (le texte ne paie que la mise initiale)",
        },
    )
