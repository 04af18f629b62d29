"""Exact return of a pay table, under either reading of its odds, from a model (tables.yaml).

The two readings of « X à Y » / « X pour Y » (see games/rules/README.md):
- "a" (net): the winner keeps his stake and receives X/Y of it — a win returns 1 + X/Y;
- "pour" (total): X is returned for Y staked, stake included — a win returns X/Y.
The printed word does not settle it: the table's `reading` says which one its text's own words support
(`default_reading`), and that one is given first, the other beside it. Fixed amounts and progressive shares get
the same two readings (amount beside the stake, or amount in all). Everything is a Fraction; the decimals shown
are derived from them.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path

from games.rules.yamlfile import read

from . import blackjack
from .hands import winning_line

READINGS = ("a", "pour")
FLAG_THRESHOLD = Fraction(1, 100)  # the readings differ by more than one percentage point
TABLES_FILE = Path(__file__).resolve().parent / "tables.yaml"


class ModelError(ValueError):
    """The table cannot be computed as asked (unknown hand, missing progressive amount …)."""


@cache
def models() -> dict:
    return read(TABLES_FILE)


@dataclass(frozen=True)
class Context:
    """What a computation reads besides the table: distributions and rule values."""

    distribution: Callable[[str], tuple[int, dict]]  # kind → (total, {fine class: count})
    value: Callable[[str], object]  # rule value key → typed value
    progressive: Fraction | None = None  # overrides the model's default progressive amount


@dataclass
class LineReturn:
    position: int
    label: str
    qualifier: str | None
    odds: str
    hand: str | None
    probability: Fraction
    paid: Fraction | None  # returned per unit staked on a win, stake included if the reading says so
    contribution: Fraction | None


@dataclass
class Variant:
    label: str
    label_en: str
    lines: list[LineReturn]
    parameters: dict = field(default_factory=dict)

    @property
    def hit_frequency(self) -> Fraction:
        return sum((line.probability for line in self.lines), Fraction(0))

    @property
    def return_(self) -> Fraction | None:
        if any(line.contribution is None for line in self.lines):
            return None
        return sum((line.contribution for line in self.lines), Fraction(0))

    @property
    def house_edge(self) -> Fraction | None:
        value = self.return_
        return None if value is None else 1 - value


@dataclass
class TableReturn:
    key: str
    reading: str
    literal_reading: str | None
    model: str
    note: str
    note_en: str
    variants: list[Variant]
    strategy_game: str | None


def literal_reading(table: dict) -> str | None:
    """The word the text prints (« à » or « pour »), when all its odds lines use one."""
    notations = {line["parsed"]["notation"] for line in table["lines"] if line["parsed"]["kind"] == "odds"}
    return notations.pop() if len(notations) == 1 else None


def default_reading(table: dict) -> str:
    """The reading given first: the one the text's words support (the table's `reading`), else the printed word's,
    else net (a table of fixed amounts)."""
    reading = table.get("reading")
    return reading["default"] if reading else literal_reading(table) or "a"


def reading_order(table: dict) -> tuple[str, str]:
    first = default_reading(table)
    return first, next(reading for reading in READINGS if reading != first)


def paid(parsed: dict, reading: str, stake: Fraction, progressive: Fraction | None) -> Fraction | None:
    if reading not in READINGS:
        raise ModelError(f"lecture inconnue « {reading} » / unknown reading")
    if parsed["kind"] == "odds":
        gain = Fraction(parsed["numerator"]) / Fraction(parsed["denominator"])
    elif parsed["kind"] == "fixed":
        gain = Fraction(parsed["amount"]) / stake
    else:
        if progressive is None:
            return None
        gain = Fraction(parsed["share"]) * progressive / stake
    return gain + 1 if reading == "a" else gain


def compute(table: dict, reading: str, context: Context, model: dict | None = None) -> TableReturn:
    model = model or models().get(table["key"])
    if model is None:
        raise ModelError(f"aucun modèle de calcul pour « {table['key']} » / no model for this table")
    kind = model["model"]
    stake = Fraction(str(context.value(model["stake"]))) if model.get("stake") else Fraction(1)
    progressive = context.progressive
    if progressive is None and model.get("progressive") is not None:
        progressive = Fraction(str(model["progressive"]))
    variants = _VARIANTS[kind](table, model, context)
    for variant in variants:
        for line in variant.lines:
            parsed = next(entry["parsed"] for entry in table["lines"] if entry["position"] == line.position)
            line.paid = None if kind == "strategy" or model.get("frequency_only") else paid(
                parsed, reading, stake, progressive)
            line.contribution = None if line.paid is None else line.probability * line.paid
        if progressive is not None and any(e["parsed"]["kind"] == "progressive_share" for e in table["lines"]):
            variant.parameters["progressive"] = progressive
    return TableReturn(
        key=table["key"],
        reading=reading,
        literal_reading=literal_reading(table),
        model=kind,
        note=model.get("note", ""),
        note_en=model.get("note_en", ""),
        variants=variants,
        strategy_game=model.get("strategy_game"),
    )


def _line(entry: dict, probability: Fraction) -> LineReturn:
    return LineReturn(
        entry["position"],
        entry["label"],
        entry.get("qualifier"),
        entry["odds"],
        entry.get("hand"),
        probability,
        None,
        None,
    )


def _distribution(table, model, context) -> list[Variant]:
    total, counts = context.distribution(model["distribution"])
    hands = [entry.get("hand") for entry in table["lines"]]
    if None in hands:
        raise ModelError(f"« {table['key']} » : une ligne sans main / a line names no hand")
    try:
        won = [0] * len(hands)
        for fine, number in counts.items():
            index = winning_line(fine, hands)
            if index is not None:
                won[index] += number
    except KeyError as exc:
        raise ModelError(f"main inconnue {exc} / unknown hand") from None
    lines = [_line(entry, Fraction(won[i], total)) for i, entry in enumerate(table["lines"])]
    return [Variant("Toutes les mains", "All hands", lines, {"distribution": model["distribution"], "hands": total})]


def _uniform(table, model, context) -> list[Variant]:
    outcomes = int(context.value(model["outcomes"])["max"])
    lines = [_line(entry, Fraction(1, outcomes)) for entry in table["lines"]]
    return [Variant(f"{outcomes} issues égales", f"{outcomes} equal outcomes", lines, {"outcomes": outcomes})]


def _roulette(table, model, context) -> list[Variant]:
    variants = []
    for pockets in model["pockets"]:
        probability = Fraction(1, pockets ** model["times"])
        for entry in table["lines"]:
            suffix = f" — {entry['qualifier']}" if entry.get("qualifier") else ""
            variants.append(
                Variant(
                    f"{pockets} cases{suffix}",
                    f"{pockets} pockets{suffix}",
                    [_line(entry, probability)],
                    {"pockets": pockets, "times": model["times"]},
                )
            )
    return variants


def _blackjack(table, model, context) -> list[Variant]:
    allowed = context.value(model["decks"])
    function = getattr(blackjack, model["function"])
    variants = []
    for decks in range(int(allowed["min"]), int(allowed["max"]) + 1):
        found = {item.hand: item.probability for item in function(decks)}
        lines = [_line(entry, found.get(entry["hand"], Fraction(0))) for entry in table["lines"]]
        missing = [entry["hand"] for entry in table["lines"] if entry["hand"] not in found]
        if missing:
            raise ModelError(f"main inconnue {missing} / unknown hand")
        label = f"{decks} paquet{'s' if decks > 1 else ''}"
        variants.append(Variant(label, f"{decks} deck{'s' if decks > 1 else ''}", lines, {"decks": decks}))
    return variants


def _bataille_tie(table, model, context) -> list[Variant]:
    from .bataille import tie_probability

    decks = int(context.value(model["decks"]))
    lines = [_line(entry, tie_probability(decks)) for entry in table["lines"]]
    return [Variant(f"Sabot de {decks} jeux", f"{decks}-deck shoe", lines, {"decks": decks})]


def _strategy(table, model, context) -> list[Variant]:
    if not model.get("distribution"):
        return []
    variants = _distribution(table, model, context)
    variants[0].label, variants[0].label_en = "Fréquence par main distribuée", "Frequency per hand dealt"
    return variants


_VARIANTS = {
    "distribution": _distribution,
    "uniform": _uniform,
    "roulette_repeat": _roulette,
    "blackjack": _blackjack,
    "bataille_tie": _bataille_tie,
    "strategy": _strategy,
}


def flags(by_reading: dict[str, TableReturn], order: tuple[str, str] = READINGS) -> list[dict]:
    """Variants whose return differs by more than one point between the two readings; `gap` is the first
    reading's return less the other's."""
    found = []
    first_reading, other = order
    for first, second in zip(by_reading[first_reading].variants, by_reading[other].variants, strict=True):
        if first.return_ is None or second.return_ is None:
            continue
        gap = first.return_ - second.return_
        if abs(gap) > FLAG_THRESHOLD:
            found.append({"variant": first.label, "variant_en": first.label_en, "gap": gap})
    return found
