"""Reading returns: cached distributions, a pay table's exact return under both readings, and the
stored strategy evaluations."""

import datetime
from fractions import Fraction

from django.utils.translation import gettext

from compliance import formatting
from compliance.errors import DomainError
from compliance.profiles import engine_game, game_profile
from games import errors
from games.errors import ErrorCode
from games.models import HandDistribution, StrategyEvaluation
from games.selectors import paytable_data, rule_value_at

from . import rulebook
from .engine import Context, compute, flags, literal_reading, models, reading_order
from .present import fraction_json, jsonable, variant_json
from .services import ALGORITHM, distribution_store

_MEMO: dict[str, tuple[int, dict]] = {}  # counts never change for an algorithm: keep them per process


def hand_distribution(kind: str) -> tuple[int, dict]:
    """(total, counts per fine class): from memory, else the database, else counted now and stored."""
    if kind not in _MEMO:
        row = HandDistribution.objects.filter(kind=kind, algorithm=ALGORITHM).first()
        if row is None:
            row = distribution_store(kind=kind)
        _MEMO[kind] = (row.total, row.counts)
    return _MEMO[kind]


def progressive_from_text(raw: str | None) -> Fraction | None:
    """A progressive jackpot amount typed by a person or a client ('25000', '25 000,50'); empty is None."""
    from compliance.errors import DomainError
    from games import errors

    text = (raw or "").strip()
    if not text:
        return None
    try:
        value = Fraction(text.replace("\u202f", "").replace(" ", "").replace(",", "."))
    except (ValueError, ZeroDivisionError):
        value = None
    if value is None or value <= 0:
        raise DomainError(errors.BAD_AMOUNT.format(value=text), code=ErrorCode.INVALID, field="progressive")
    return value


def rtp_context(*, on: datetime.date, progressive=None) -> Context:
    """Values read on `on`; a game whose text is a draft reads its draft (games/rtp/rulebook.py)."""
    def value(key: str):
        return rulebook.value(key, on)

    return Context(distribution=hand_distribution, value=value, progressive=progressive)


def rtp_compute(*, table: dict, on: datetime.date, progressive=None, model: dict | None = None) -> dict:
    """Both readings of one table (as `paytable_data` gives it, or as submitted), the one its text supports first,
    with the flags."""
    context = rtp_context(on=on, progressive=progressive)
    order = reading_order(table)
    results = {reading: compute(table, reading, context, model) for reading in order}
    first = results[order[0]]
    return {
        "model": first.model,
        "note": first.note,
        "note_en": first.note_en,
        "literal_reading": first.literal_reading,
        "default_reading": order[0],
        "alternative_reading": order[1],
        "reading": _reading(table, order),
        "strategy_dependent": first.model == "strategy",
        "readings": {reading: [variant_json(v) for v in result.variants] for reading, result in results.items()},
        "flags": jsonable(flags(results, order)),
        "strategy_game": first.strategy_game,
    }


def _reading(table: dict, order: tuple[str, str]) -> dict:
    """The table's reading block; a submitted table without one reads as printed."""
    found = table.get("reading") or {"printed": literal_reading(table), "supported_by_text": False, "note": None,
                                     "note_en": None, "evidence": []}
    return found | {"default": order[0], "alternative": order[1]}


def rtp_report(*, user, key: str, on: datetime.date, progressive=None) -> dict:
    """Everything the pay-table page, the API and `manage.py rtp` show for one table."""
    table = paytable_data(user=user, key=key, on=on)
    report = {key_: table[key_] for key_ in ("key", "game", "title", "title_en", "effective_from", "citation")}
    report |= rtp_compute(table=table, on=on, progressive=progressive)
    game = report["strategy_game"]
    report["strategy"] = [evaluation_json(e) for e in StrategyEvaluation.objects.filter(game=game)] if game else []
    return report


def wheel_report(*, segments, on: datetime.date) -> dict:
    """A roue de fortune configuration checked against QC RJC art. 117 and 122, with each bet's return."""
    from .roue import WheelRules, wheel_bets

    try:
        wheel = engine_game("roue")  # the wheel the profiles give the engine, in its jurisdiction
        jurisdiction = game_profile(wheel).code
        size = rule_value_at(jurisdiction=jurisdiction, key=f"{wheel}.segments", on=on)
        floor = rule_value_at(jurisdiction=jurisdiction, key=f"{wheel}.taux_retour_minimum", on=on)
    except DomainError as exc:  # a day before the rules: the day asked is at fault, not the wheel's rule keys
        if exc.code != ErrorCode.RULE_VALUE_NOT_FOUND:
            raise
        raise DomainError(errors.WHEEL_NOT_IN_FORCE.format(on=formatting.date(on, jurisdiction=None)),
                          code=ErrorCode.NOT_IN_FORCE, field="on") from exc
    rules = WheelRules(
        int(size.value["min"]),
        int(size.value["max"]),
        str(size.citation),
        Fraction(str(floor.value)),
        str(floor.citation),
    )
    bets = wheel_bets(segments, rules)
    return {
        "segments": sum(bet.segments for bet in bets),
        "floor": fraction_json(rules.floor),
        "citations": [rules.segments_citation, rules.floor_citation],
        "bets": [
            {
                "symbol": bet.symbol,
                "segments": bet.segments,
                "odds": bet.odds,
                "probability": fraction_json(bet.probability),
                "return": fraction_json(bet.return_),
            }
            for bet in bets
        ],
        "lowest_return": fraction_json(min(bet.return_ for bet in bets)),
    }


def rtp_keys() -> list[str]:
    return sorted(models())


def evaluation_json(evaluation: StrategyEvaluation) -> dict:
    from .registry import strategy_info

    info = strategy_info(evaluation.game, evaluation.strategy)
    return {
        "game": evaluation.game,
        "strategy": evaluation.strategy,
        "status": evaluation.status,
        "progress": {"done": evaluation.progress_done, "total": evaluation.progress_total},
        "name": info.get("name"),
        "name_en": info.get("name_en"),
        "description": info.get("description"),
        "description_en": info.get("description_en"),
        "method": evaluation.method or None,
        "optimal": evaluation.optimal,
        "expected": evaluation.expected or None,
        "expected_decimal": None if evaluation.expected_decimal is None else str(evaluation.expected_decimal),
        "house_edge_decimal": None if evaluation.expected_decimal is None else str(-evaluation.expected_decimal),
        "ci95": None if evaluation.ci_low is None else [str(evaluation.ci_low), str(evaluation.ci_high)],
        "rounds": evaluation.rounds,
        "average_stake": None if evaluation.average_stake is None else str(evaluation.average_stake),
        "citations": evaluation.citations,
        "details": evaluation.details,
        # people's words: the exception (`error`) is the administrator's and the worker log's
        "error": gettext("L'évaluation de cette stratégie n'a pas abouti ; l'administrateur de la plateforme en a "
                         "le détail.") if evaluation.status == StrategyEvaluation.Status.FAILED else None,
        "seconds": None if evaluation.seconds is None else str(evaluation.seconds),
        "alternatives": _alternatives(evaluation.details or {}),
    }


def _alternatives(details: dict) -> list[dict]:
    """The other readings a result carries (variants on the same deals), each with its house edge and whether it
    moves the result by more than one point (`flagged`)."""
    described, described_en = details.get("variants_described", {}), details.get("variants_described_en", {})
    found = []
    for name, variant in (details.get("variants") or {}).items():
        expected = variant["expected"]
        # exact results are stored as {"fraction", "decimal"}, simulated ones as floats
        value = Fraction(expected["fraction"]) if isinstance(expected, dict) else Fraction(str(expected))
        found.append({
            "key": name,
            "description": described.get(name, name),
            "description_en": described_en.get(name) or described.get(name, name),
            "house_edge_decimal": str(fraction_json(-value)["decimal"]),
            "ci95": variant.get("ci95"),
            "flagged": bool(variant.get("flagged")),
        })
    return found


__all__ = ["fraction_json", "hand_distribution", "rtp_compute", "rtp_report", "rtp_keys", "evaluation_json"]
