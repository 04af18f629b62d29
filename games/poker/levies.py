"""What the house and the jackpots take from a deal's pots, in whole minor units: the rake (the retention for the
cagnotte) and the progressive and bad-beat jackpots' increments.

The rake is games.poker.pots.rake's, its rate of a pot rounded down to the smallest chip, computed in integers with
the rate as a fraction (`take`: the tests check they agree). Luxembourg retains on each
pot (LU RGD 1979 art. 49-1, 49-5: « le croupier soumet le pot à la retenue »); Québec on the whole « cagnotte » of
the game (QC RJC art. 67.108), which is then apportioned to the pots in proportion to their amounts, rounded down to
chips, the chips left over going one at a time to the pots in their order, the main pot first. The house's cap on a
deal's rake is met from the outermost pot inwards, the order in which the pots are awarded (ROPTA §10.7): each pot
keeps its rake while the cap allows, so a capped deal's main pot is the one raked short.

The jackpots' increments are taken after the rake (art. 49-9 al. 2, 49-13 al. 1), the bad beat's never more than
what the progressive's leaves. The bad beat takes one increment on the deal's whole pot: « Le croupier soumet
globalement le pot au bad beat jackpot » (art. 49-13 al. 4); the casino's house rules (« règlement intérieur ») say
from which pots that one increment is taken (al. 2: « les modalités de retenue en cas de pots extérieurs »). The
progressive's method for side pots is the house rules' (art. 49-9 al. 3: « Le règlement intérieur précise leur mode
d'arrondi et les modalités de prélèvement, en cas de pots extérieurs »): once on the whole pot, on the main pot only, or
on each pot. A pot below the rule's minimum gives nothing. games.poker.jackpots.increment computes an increment in
currency units; `drop` computes the same in minor units with integers only (the tests check they agree)."""

from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from functools import cache

from .jackpots import ROUNDINGS
from .outcome import EACH, MAIN, MAIN_FIRST, PRORATA, WHOLE, JackpotRule, Rules


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


def _apportioned(total: int, room: list[int]) -> list[int]:
    """`total` taken from the pots in proportion to what each holds (`room`), never more than it holds: the units the
    proportion leaves over go one at a time to the pots in their order, the main pot first."""
    whole = sum(room)
    if not total or not whole:
        return [0] * len(room)
    taken = [total * held // whole for held in room]
    left = total - sum(taken)
    while left:  # Σ(room - taken) ≥ left: the loop ends
        for index, held in enumerate(room):
            if left and taken[index] < held:
                taken[index] += 1
                left -= 1
    return taken


def _main_first(total: int, room: list[int]) -> list[int]:
    """`total` taken from the main pot, then from each side pot in turn as far as the previous ones fall short."""
    taken = []
    for held in room:
        part = min(total, held)
        taken.append(part)
        total -= part
    return taken


def _progressive(after: list[int], rules: Rules) -> list[int]:
    rule, method = rules.progressive, rules.progressive_pots
    if rule is None:
        return [0] * len(after)
    if method == EACH:
        return [drop(amount, rule) for amount in after]
    if method == MAIN:
        return [drop(after[0], rule), *([0] * (len(after) - 1))]
    if method == WHOLE:
        return _apportioned(drop(sum(after), rule), after)
    raise ValueError(f"side-pot method {method} unknown")


def levies(amounts: list[int], rules: Rules, raked: bool = True) -> list[tuple[int, int, int]]:
    """Each pot's rake, progressive increment and bad-beat increment (see the module's docstring): the bad beat's one
    increment on the whole pot after the rake, taken from what the progressive leaves in each pot. `raked` False: a
    deal the house's schedule takes no rake from (no flop, no drop), its jackpot drops on the whole pots."""
    taken = rakes(amounts, rules) if raked else [0] * len(amounts)
    after = [amount - rake for amount, rake in zip(amounts, taken, strict=True)]
    progressive = _progressive(after, rules) if after else []
    room = [amount - part for amount, part in zip(after, progressive, strict=True)]
    bad_beat = [0] * len(room)
    if rules.bad_beat is not None and room:
        total = min(drop(sum(after), rules.bad_beat), sum(room))
        if rules.bad_beat_pots == MAIN_FIRST:
            bad_beat = _main_first(total, room)
        elif rules.bad_beat_pots == PRORATA:
            bad_beat = _apportioned(total, room)
        else:
            raise ValueError(f"side-pot method {rules.bad_beat_pots} unknown")
    return list(zip(taken, progressive, bad_beat, strict=True))

