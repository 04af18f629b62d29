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
    """The two readings of each variant side by side, lines merged, with bar widths (0–100) for the chart."""
    rows = []
    for first, second in zip(report["readings"]["a"], report["readings"]["pour"], strict=True):
        contributions = [c for line in first["lines"] + second["lines"] if (c := _percent(line["contribution"]))]
        widest = max(contributions, default=Decimal(0)) or Decimal(1)
        lines = []
        for line_a, line_pour in zip(first["lines"], second["lines"], strict=True):
            share_a, share_pour = _percent(line_a["contribution"]), _percent(line_pour["contribution"])
            lines.append(
                {
                    "label": line_a["label"],
                    "qualifier": line_a["qualifier"],
                    "odds": line_a["odds"],
                    "probability": line_a["probability"]["fraction"],
                    "probability_percent": _percent(line_a["probability"]),
                    "a": share_a,
                    "pour": share_pour,
                    "bar_a": None if share_a is None else int(share_a * 100 / widest),
                    "bar_pour": None if share_pour is None else int(share_pour * 100 / widest),
                }
            )
        rows.append(
            {
                "label": first["label"],
                "label_en": first["label_en"],
                "lines": lines,
                "return_a": _percent(first["return"]),
                "return_pour": _percent(second["return"]),
                "fraction_a": first["return"] and first["return"]["fraction"],
                "fraction_pour": second["return"] and second["return"]["fraction"],
                "edge_a": _percent(first["house_edge"]),
                "edge_pour": _percent(second["house_edge"]),
                "hit": _percent(first["hit_frequency"]),
                "chart_height": 22 * len(lines) + 8,
            }
        )
    return rows
