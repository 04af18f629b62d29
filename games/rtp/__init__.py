"""Return to player: exact for strategy-independent pay tables, exact or simulated under a stated
strategy for the others."""
