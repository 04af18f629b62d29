"""Hand evaluators: pure functions over cards and tiles, each ranking read from the rule files."""
