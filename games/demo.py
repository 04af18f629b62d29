"""The demo's rules: every rule file loaded, the exact hand distributions kept in the database, and every
game's strategy evaluation queued for the worker (the pay-table pages show their progress, then their result)."""

from django.conf import settings

from compliance.services import system_user


def demo_load() -> list[str]:
    from games.hands.distributions import KINDS
    from games.models import HandDistribution
    from games.rtp.services import ALGORITHM, distribution_store, strategy_evaluations_enqueue_all
    from games.services import rules_load

    created = []
    report = rules_load(actor=system_user())
    if report.changes:
        created.append(f"rules ({report.changes} rows)")
    for kind in KINDS:
        if not HandDistribution.objects.filter(kind=kind, algorithm=ALGORITHM).exists():
            distribution_store(kind=kind)
            created.append(f"distribution {kind}")
    if settings.DEMO_STRATEGY_EVALUATIONS:
        created += [f"evaluation {e.game}/{e.strategy}" for e in strategy_evaluations_enqueue_all()]
    return created
