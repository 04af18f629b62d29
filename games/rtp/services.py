"""Writing what the return engine computes: distributions cached in the database, strategy
evaluations queued for the worker and stored with their progress."""

import functools
import logging
import time
from decimal import Decimal

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from compliance.queue import send_on_commit
from games.hands.distributions import KINDS, count
from games.models import HandDistribution, StrategyEvaluation

LOG = logging.getLogger(__name__)
# Bump when games/hands changes what a fine class counts: stored rows of an older algorithm are redone.
ALGORITHM = 1
# Bump when an evaluation's rules or readings change (2: each table's text-supported reading first, rules read at a
# date): stored evaluations of an older version are queued again by the demo.
EVALUATION_VERSION = 2


def distribution_store(*, kind: str) -> HandDistribution:
    """Counts every hand of `kind` (seconds, not minutes) and keeps the counts."""
    if kind not in KINDS:
        raise ValueError(f"type de main inconnu « {kind} » / unknown hand kind")
    total, counts, seconds = _counted(kind)
    row, _created = HandDistribution.objects.update_or_create(
        kind=kind, defaults={"algorithm": ALGORITHM, "total": total, "counts": counts, "seconds": seconds}
    )
    return row


@functools.cache
def _counted(kind: str) -> tuple[int, dict, Decimal]:
    """A process counts each kind once (the counts follow from the code alone): the rows of a database emptied
    since, as the tests' are, are written again at once, with the seconds the count took."""
    started = time.perf_counter()
    total, counts = count(kind)
    return total, dict(counts), Decimal(f"{time.perf_counter() - started:.3f}")


@transaction.atomic
def strategy_evaluation_enqueue(*, game: str, strategy: str) -> StrategyEvaluation:
    """Queues (again) one evaluation; the worker picks it up once this transaction commits."""
    from games.rtp.registry import evaluations

    if (game, strategy) not in evaluations():
        raise ValueError(f"évaluation inconnue {game}/{strategy} / unknown evaluation")
    evaluation, _created = StrategyEvaluation.objects.update_or_create(
        game=game,
        strategy=strategy,
        defaults={"status": StrategyEvaluation.Status.QUEUED, "progress_done": 0, "progress_total": 1, "error": ""},
    )
    send_on_commit("games.tasks.strategy_evaluation_run", evaluation.pk)
    return evaluation


def strategy_evaluation_run(*, evaluation_id: int) -> StrategyEvaluation:
    """Runs one evaluation, writing its progress as it goes (each write its own transaction)."""
    from games.rtp.registry import evaluations

    evaluation = StrategyEvaluation.objects.get(pk=evaluation_id)
    StrategyEvaluation.objects.filter(pk=evaluation.pk).update(status=StrategyEvaluation.Status.RUNNING)
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= 0.5 or done >= total:
            last[0] = now
            StrategyEvaluation.objects.filter(pk=evaluation.pk).update(
                progress_done=min(done, total), progress_total=max(total, 1), updated_at=timezone.now()
            )

    started = time.perf_counter()
    try:
        result = evaluations()[(evaluation.game, evaluation.strategy)](progress)
    except Exception as exc:
        LOG.exception("strategy evaluation %s (%s, %s) failed", evaluation.pk, evaluation.game, evaluation.strategy)
        StrategyEvaluation.objects.filter(pk=evaluation.pk).update(
            status=StrategyEvaluation.Status.FAILED, error=repr(exc)
        )
        raise
    return _store(evaluation.pk, result, time.perf_counter() - started)


def strategy_evaluations_enqueue_all() -> list[StrategyEvaluation]:
    """Queues every stored strategy never evaluated, whose evaluation failed, or that an older version of the
    evaluations computed (the demo calls this)."""
    from games.rtp.registry import evaluations

    current = Q(details__evaluation_version=EVALUATION_VERSION) | ~Q(status=StrategyEvaluation.Status.SUCCEEDED)
    done = set(StrategyEvaluation.objects.exclude(status=StrategyEvaluation.Status.FAILED).filter(current)
               .values_list("game", "strategy"))
    return [strategy_evaluation_enqueue(game=game, strategy=strategy)
            for game, strategy in sorted(evaluations()) if (game, strategy) not in done]


def _decimal(value) -> Decimal | None:
    return None if value is None else Decimal(f"{float(value):.10f}")


@transaction.atomic
def _store(evaluation_id: int, result, seconds: float) -> StrategyEvaluation:
    from games.rtp.present import jsonable

    evaluation = StrategyEvaluation.objects.select_for_update().get(pk=evaluation_id)
    evaluation.status = StrategyEvaluation.Status.SUCCEEDED
    evaluation.progress_done = evaluation.progress_total
    evaluation.method, evaluation.optimal = result.method, result.optimal
    evaluation.expected = str(result.expected)
    evaluation.expected_decimal = _decimal(result.expected)
    evaluation.ci_low, evaluation.ci_high = (_decimal(v) for v in (result.ci95 or (None, None)))
    evaluation.rounds = result.rounds
    evaluation.average_stake = _decimal(result.average_stake)
    evaluation.citations = list(result.citations)
    evaluation.details = jsonable(result.details) | {"evaluation_version": EVALUATION_VERSION}
    evaluation.seconds = Decimal(f"{seconds:.3f}")
    evaluation.save()
    return evaluation
