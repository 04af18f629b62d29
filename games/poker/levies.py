"""What the house and the jackpots take from a deal's pots, in whole minor units: the rake (the retention for the
cagnotte) and the progressive and bad-beat jackpots' increments.

The rake is games.poker.pots.rake's, its rate of a pot rounded down to the smallest chip, computed in integers with
the rate as a fraction (`take`: the tests check they agree). Luxembourg retains on each
pot (LU RGD 1979 art. 49-1, 49-5: « le croupier soumet le pot à la retenue »); Québec on the whole « cagnotte » of
the game (QC RJC art. 67.108), which is then apportioned to the pots in proportion to their amounts, rounded down to
chips, the chips left over going one at a time to the pots in their order, the main pot first. The house's cap on a
deal's rake is met from the outermost pot inwards, the order in which the pots are awarded (ROPTA §10.7): each pot
keeps its rake while the cap allows, so a capped deal's main pot is the one raked short.

The jackpots' increments are taken from each pot after its rake (art. 49-9 al. 2, 49-13 al. 1), each from the same
pot after the rake, the bad beat's never more than what the progressive's leaves; a pot below the rule's minimum
gives nothing. games.poker.jackpots.increment computes an increment in currency units; `drop` computes the same in
minor units with integers only (the tests check they agree): the replay runs it on every pot."""

from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from functools import cache

from .jackpots import ROUNDINGS
from .outcome import JackpotRule, Rules


@cache
def _fraction(rate: Decimal) -> tuple[int, int]:
    if not 0 <= rate <= 1:
        raise ValueError("a rate is between 0 and 1")
    return rate.as_integer_ratio()


def take(amount: int, rate: Decimal, chip: int) -> int:
    """games.poker.pots.rake(amount, rate, chip=chip) in integers: `rate` of `amount`, rounded down to the chip."""
    numerator, denominator = _fraction(rate)
    return amount * numerator // (denominator * chip) * chip


def rakes(amounts: list[int], rules: Rules) -> list[int]:
    """The rake of each pot (see the module's docstring)."""
    if not rules.rate or not amounts:
        return [0] * len(amounts)
    rate, chip = rules.rate, rules.chip
    if rules.per_pot:
        taken = [take(amount, rate, chip) for amount in amounts]
        if rules.cap is not None and sum(taken) > rules.cap:
            room = rules.cap
            for index in range(len(taken) - 1, -1, -1):
                taken[index] = min(taken[index], room)
                room -= taken[index]
        return taken
    total = sum(amounts)
    whole = take(total, rate, chip)
    if rules.cap is not None:
        whole = min(whole, rules.cap)
    taken = [whole * amount // total // chip * chip for amount in amounts]
    left = whole - sum(taken)
    while left:  # fewer chips than pots: one round at most, as each pot keeps at least its share of the rate
        before = left
        for index, amount in enumerate(amounts):
            more = min(chip, left, amount - taken[index])
            taken[index] += more
            left -= more
        if left == before:
            raise ValueError("a rake larger than the pots")
    return taken


def legal_max(total: int, rules: Rules) -> int | None:
    """The most the law lets the house take from the deal's whole pot (QC RJC art. 67.108), in whole chips."""
    return None if rules.legal_rate is None else take(total, rules.legal_rate, rules.chip)


@cache
def _terms(rule: JackpotRule) -> tuple[bool, int, int, object]:
    """A rule's increment as a fraction: of the pot (a percentage) or absolute (a fixed amount), and its rounding."""
    if rule.kind not in ("fixe", "pourcentage") or rule.rounding not in ROUNDINGS:
        raise ValueError(f"increment {rule.kind} {rule.rounding} unknown")
    numerator, denominator = (rule.value if rule.kind == "fixe" else rule.value / 100).as_integer_ratio()
    return rule.kind == "pourcentage", numerator, denominator, ROUNDINGS[rule.rounding]


def drop(pot: int, rule: JackpotRule | None) -> int:
    """The increment `rule` takes from a pot of `pot` minor units after the rake: jackpots.increment in integers."""
    if rule is None or pot <= 0 or pot < rule.minimum_pot:
        return 0
    share, numerator, denominator, rounding = _terms(rule)
    if share:
        numerator *= pot
    if numerator >= pot * denominator:
        return pot
    whole, rest = divmod(numerator, denominator)
    if rounding is ROUND_DOWN or not rest:
        return whole
    if rounding is ROUND_HALF_UP:
        return whole + (2 * rest >= denominator)
    if rounding is ROUND_HALF_EVEN:
        return whole + (2 * rest > denominator or (2 * rest == denominator and whole & 1))
    raise ValueError(f"rounding {rounding} unknown")


def drops(after_rake: int, rules: Rules) -> tuple[int, int]:
    """The progressive's and the bad beat's increments from one pot after its rake."""
    progressive = drop(after_rake, rules.progressive)
    return progressive, min(drop(after_rake, rules.bad_beat), after_rake - progressive)

