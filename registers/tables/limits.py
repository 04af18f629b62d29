"""What the rule data says of a table session's spots and options (issue 38): the limits of each betting spot and side
bet a session holds (the profile's concepts « mises.<game>.<bet> »: QC RJC art. 21.1, 21.2, 67.9, 67.74, 67.87; LU
RGD 1979 art. 37-9, 37-13, 37-16) and the options a QC table may indicate (« options.<game>.<option> »: art. 18.1,
21.1, 21.2, 26, 26.1, 26.4, 67.9, 72.1). How a spot's limits are bound follows its rule's unit: a text (limits shown
at the table), a multiple (at most so many times the table's maximum), an amount (exactly that). A spot whose bet is
also an option of its game exists only where the session offers it; one that is a term of the règlement intérieur
(« reglement_interieur.<bet> ») only where the version in force that day offers it. Read in two queries whatever the
game (the rule values, the bets' names).

The profiles' spots: mises.quatre_cartes.paire_as, mises.fou.paire_dames, mises.blackjack.douze_seize,
mises.blackjack.progressive, mises.grand_prix.supplementaire, mises.holdem_casino.bonus, mises.uth.trips,
mises.bataille.egalite; their options: options.blackjack.bonus, douze_seize, progressive, deuxieme_carte,
tire_16_reste_17, doublement_totaux, partages, doubler_apres_partage; options.blackjack_multi_action.mises_minimum;
options.grand_prix.supplementaire; options.roulette.double, triple. A spot's maximum is compared with the arrêté's
where one fixes it (arrete.uth.trips: `spot_values`)."""

import datetime
from decimal import Decimal

from compliance.errors import DomainError
from compliance.hooks import HOUSE_RULES_IN_FORCE
from compliance.models import Casino
from compliance.profiles import concepts_under
from games.models import BetType, RuleValue
from games.selectors import rule_values_of
from registers.errors import ErrorCode

from ..arretes import rules as arrete_rules
from ..arretes import selectors as arrete_selectors
from ..money import parse_amount
from . import errors
from .controls import AMOUNT, BY_HOUSE_RULES, BY_OPTION, INDICATED, MULTIPLE, OptionRule, SpotRule

SPOTS, OPTIONS, HOUSE_RULES = "mises", "options", "reglement_interieur"
KINDS = {"text": INDICATED, "multiple": MULTIPLE}  # any other unit is a currency: a bet of that amount


def _short(game: str) -> str:
    """A game's name in the profile's concepts: its key without its jurisdiction's prefix."""
    return game.split(".", 1)[-1]


def _under(jurisdiction, prefix: str, game: str) -> dict[str, str]:
    start = f"{_short(game)}."
    return {name[len(start):]: key for name, key in concepts_under(jurisdiction, prefix).items()
            if name.startswith(start)}


def spot_rules(casino: Casino, game: str, day: datetime.date) -> dict[str, SpotRule]:
    """{bet: its rule} of the spots whose limits a session of `game` holds on `day`."""
    keys = _under(casino.jurisdiction, SPOTS, game)
    if not keys:
        return {}
    read = rule_values_of(keys=keys.values(), on=day, drafts=True)
    options = _under(casino.jurisdiction, OPTIONS, game)
    house = concepts_under(casino.jurisdiction, HOUSE_RULES)
    names = dict(BetType.objects.filter(game__key=game, key__in=list(keys)).values_list("key", "name"))
    found = {}
    for bet, key in keys.items():
        if key not in read:
            continue
        rule = read[key]
        kind = KINDS.get(rule.unit, AMOUNT)
        requires = BY_OPTION if bet in options else BY_HOUSE_RULES if bet in house else None
        found[bet] = SpotRule(bet, names.get(bet, bet), kind,
                              None if kind == INDICATED else Decimal(str(rule.value)), str(rule.citation), requires)
    return found


def option_rules(casino: Casino, game: str, day: datetime.date) -> dict[str, OptionRule]:
    """{option: its rule} of what a table of `game` may indicate on `day`, labelled as the rule data describes it."""
    keys = _under(casino.jurisdiction, OPTIONS, game)
    if not keys:
        return {}
    read = rule_values_of(keys=keys.values(), on=day, drafts=True)
    labels = dict(RuleValue.objects.filter(key__in=list(keys.values())).values_list("key", "description"))
    found = {}
    for option, key in keys.items():
        if key in read:
            rule = read[key]
            low, high = ((int(rule.value["min"]), int(rule.value["max"])) if rule.unit == "range" else (None, None))
            found[option] = OptionRule(option, labels.get(key, option), str(rule.citation), low, high)
    return found


def house_offers(casino: Casino, day: datetime.date, rules: dict[str, SpotRule]) -> dict[str, bool | None]:
    """{bet: whether the règlement intérieur in force on `day` offers it} of the spots that depend on it (None: no
    version in force, or one that does not say)."""
    wanted = [bet for bet, rule in rules.items() if rule.requires == BY_HOUSE_RULES]
    if not wanted:
        return {}
    version = HOUSE_RULES_IN_FORCE(casino, day)  # the casino's règlement intérieur (registers/poker)
    return {bet: getattr(version, bet, None) if version is not None else None for bet in wanted}


def spots_clean(raw) -> dict[str, tuple[Decimal, Decimal]]:
    """{bet: {"minimum", "maximum"}} as a form, the API or an entry give them → {bet: (minimum, maximum)}."""
    if raw in (None, ""):
        return {}
    if not isinstance(raw, dict):
        raise DomainError(errors.SPOTS_SHAPE, code=ErrorCode.INVALID, field="spots")
    found = {}
    for bet, limits in raw.items():
        if not isinstance(limits, dict):
            raise DomainError(errors.SPOTS_SHAPE, code=ErrorCode.INVALID, field="spots")
        found[str(bet)] = (parse_amount(limits.get("minimum"), field=f"spots.{bet}.minimum"),
                           parse_amount(limits.get("maximum"), field=f"spots.{bet}.maximum"))
    return found


def options_clean(raw) -> dict[str, object]:
    """{option: true, or the number chosen} as given; an option not offered is left out."""
    if raw in (None, ""):
        return {}
    if not isinstance(raw, dict):
        raise DomainError(errors.OPTIONS_SHAPE, code=ErrorCode.INVALID, field="options")
    return {str(key): value for key, value in raw.items() if value not in (False, None, "")}


def spots_written(spots: dict[str, tuple[Decimal, Decimal]]) -> dict[str, dict[str, str]]:
    """As an entry and the session keep them."""
    return {bet: {"minimum": str(low), "maximum": str(high)} for bet, (low, high) in sorted(spots.items())}


def spot_values(spots: dict | None) -> dict[str, Decimal]:
    """A session's spots as the arrêté values' control reads them (registers/arretes MEASURES): each spot's maximum
    under « mise_<bet>_maximum »."""
    return {f"mise_{bet}_maximum": Decimal(str(limits["maximum"])) for bet, limits in (spots or {}).items()}



def arretes_in_force(casino: Casino, game, day: datetime.date) -> dict[str, dict[str, str]]:
    """{concept: the value filed, the arrêté's reference as the manager typed it, since when, the article that delegates
    it} of the arrêté values in force on `day` for `game` (a Game): what a session's opening entry records."""
    if not arrete_rules.concepts(casino.jurisdiction):
        return {}
    mine = [found for found in arrete_rules.delegations(casino.jurisdiction, day, games={game.name: game.key})
            if found.game == game.key]
    force = arrete_selectors.in_force(casino, day) if mine else {}
    return {found.concept: {"valeur": str(filed.value), "reference": filed.reference,
                            "depuis": filed.effective_from.isoformat(), "citation": found.citation}
            for found in mine if (filed := force.get(found.concept)) is not None}
