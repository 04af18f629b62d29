"""Every strategy-dependent evaluation: (game, strategy) → a function of a progress callback.

Strategies are described, with their citations and whether they are optimal, in
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


def _evaluations() -> dict:
    return {}


EVALUATIONS = _evaluations()
