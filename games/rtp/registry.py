"""Every strategy-dependent evaluation: (game, strategy) → a function of a progress callback.

Strategies are described, with the articles they rest on (`articles`, numbers of the game's own articles cited
from the rule data; `citations` for Pai Gow and the Bataille) and whether they are optimal, in
games/rtp/strategies/<game>.yaml; the functions live beside this module.
"""

from functools import cache
from pathlib import Path

from games.rules.yamlfile import read

STRATEGIES_DIR = Path(__file__).resolve().parent / "strategies"


@cache
def strategies() -> dict[tuple[str, str], dict]:
    found = {}
    for path in sorted(STRATEGIES_DIR.glob("*.yaml")):
        document = read(path)
        for entry in document["strategies"]:
            found[(document["game"], entry["key"])] = dict(entry)
    return found


def strategy_info(game: str, strategy: str) -> dict:
    return strategies().get((game, strategy), {})


@cache
def evaluations() -> dict:
    """(game, strategy) → function(progress) → StrategyResult; simulations take their default rounds."""
    from . import bataille, grand_prix, pai_gow, trois_cinq_sept
    from .games_poker import SIMULATIONS

    found = {
        (bataille.GAME, "guerre"): lambda progress: bataille.evaluate("guerre"),
        (bataille.GAME, "abandon"): lambda progress: bataille.evaluate("abandon"),
        (pai_gow.GAME, "maison"): lambda progress: pai_gow.evaluate("maison", progress=progress),
        (pai_gow.GAME, "optimale"): lambda progress: pai_gow.evaluate("optimale", progress=progress),
        (grand_prix.GAME, "retrait_optimal"): lambda progress: grand_prix.evaluate(progress=progress),
        (trois_cinq_sept.GAME, "retrait_optimal"): lambda progress: trois_cinq_sept.evaluate(progress=progress),
    }
    for game, function in SIMULATIONS.items():
        for strategy in (key for (owner, key) in strategies() if owner == game):
            found[(game, strategy)] = lambda progress, function=function: function(progress=progress)
    missing = set(strategies()) - set(found)
    if missing:
        raise LookupError(f"stratégies décrites sans calcul : {sorted(missing)}")
    return found
