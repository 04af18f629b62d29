"""Turning exact results into JSON and display figures: each fraction both as "n/d" and as a decimal."""

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

PLACES = Decimal("0.000001")


def decimal(value: Fraction) -> Decimal:
    """Exact fraction to 6 decimals, half-even (display only: the fraction is the result)."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(PLACES, rounding=ROUND_HALF_EVEN)


def fraction_json(value: Fraction | None) -> dict | None:
    if value is None:
        return None
    return {"fraction": f"{value.numerator}/{value.denominator}", "decimal": str(decimal(value))}


def jsonable(value):
    if isinstance(value, Fraction):
        return fraction_json(value)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if hasattr(value, "item"):  # numpy scalars
        return value.item()
    return value


def variant_json(variant) -> dict:
    return {
        "label": variant.label,
        "label_en": variant.label_en,
        "parameters": jsonable(variant.parameters),
        "return": fraction_json(variant.return_),
        "house_edge": fraction_json(variant.house_edge),
        "hit_frequency": fraction_json(variant.hit_frequency),
        "lines": [
            {
                "position": line.position,
                "label": line.label,
                "qualifier": line.qualifier,
                "odds": line.odds,
                "hand": line.hand,
                "probability": fraction_json(line.probability),
                "paid": fraction_json(line.paid),
                "contribution": fraction_json(line.contribution),
            }
            for line in variant.lines
        ],
    }


def _percent(data: dict | None) -> Decimal | None:
    return None if data is None else Decimal(data["decimal"]) * 100


def page_variants(report: dict) -> list[dict]:
    """The two readings of each variant side by side, the one the text supports first, lines merged, with bar
    widths (0–100) for the chart. `first`/`second` hold each reading's figures; `a`/`pour` name them."""
    order = (report["default_reading"], report["alternative_reading"])
    rows = []
    for first, second in zip(*(report["readings"][reading] for reading in order), strict=True):
        contributions = [c for line in first["lines"] + second["lines"] if (c := _percent(line["contribution"]))]
        widest = max(contributions, default=Decimal(0)) or Decimal(1)
        lines = []
        for row, (line_first, line_second) in enumerate(zip(first["lines"], second["lines"], strict=True)):
            shares = [_percent(line_first["contribution"]), _percent(line_second["contribution"])]
            lines.append(
                {
                    "label": line_first["label"],
                    "qualifier": line_first["qualifier"],
                    "odds": line_first["odds"],
                    "probability": line_first["probability"]["fraction"],
                    "probability_percent": _percent(line_first["probability"]),
                    "text_y": 22 * row + 15,
                    "shares": [
                        {"reading": reading, "percent": share, "y": 22 * row + 4 + 9 * index,
                         "bar": None if share is None else int(share * 100 / widest)}
                        for index, (reading, share) in enumerate(zip(order, shares, strict=True))
                    ],
                }
            )
        rows.append(
            {
                "label": first["label"],
                "label_en": first["label_en"],
                "lines": lines,
                "readings": [
                    {
                        "reading": reading,
                        "return": _percent(data["return"]),
                        "fraction": data["return"] and data["return"]["fraction"],
                        "edge": _percent(data["house_edge"]),
                    }
                    for reading, data in zip(order, (first, second), strict=True)
                ],
                "hit": _percent(first["hit_frequency"]),
                "has_return": first["return"] is not None,
                "chart_height": 22 * len(lines) + 8,
            }
        )
    return rows
