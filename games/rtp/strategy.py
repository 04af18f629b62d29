"""What every strategy-dependent evaluation returns, exact or simulated, in one shape."""

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

# Called with (done, total) as a long evaluation advances; the Celery job turns it into progress.
Progress = Callable[[int, int], None]

Z_95 = 1.959963984540054  # two-sided 95 % normal quantile


@dataclass(frozen=True)
class StrategyResult:
    game: str  # game key, as the jurisdiction's profile gives it to its engine
    strategy: str  # key of the strategy in games/rtp/strategies.yaml
    method: str  # "exact" | "simulation"
    optimal: bool | None  # True: proven optimal by the computation; False: known not to be; None: unknown
    # Player's expected net result per unit of initial bet (negative = house advantage).
    expected: Fraction | float
    citations: tuple[str, ...]
    # Simulation only: rounds played and the 95 % confidence interval of `expected`.
    rounds: int | None = None
    ci95: tuple[float, float] | None = None
    # Average total staked per round, in units of the initial bet (for the element of risk).
    average_stake: Fraction | float | None = None
    # Decisions and their frequencies, outcome probabilities, anything a regulator would check.
    details: dict = field(default_factory=dict)

    @property
    def house_edge(self):
        return -self.expected


def mean_and_ci(total: float, total_squares: float, rounds: int) -> tuple[float, tuple[float, float]]:
    """Sample mean of per-round results and its 95 % normal confidence interval."""
    mean = total / rounds
    variance = max(total_squares / rounds - mean * mean, 0.0) * rounds / max(rounds - 1, 1)
    half = Z_95 * math.sqrt(variance / rounds)
    return mean, (mean - half, mean + half)
