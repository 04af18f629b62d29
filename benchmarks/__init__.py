"""The benchmarks (./scripts/bench). With VIGIE_BENCH_SMOKE=1, which the README test sets, each runs its whole code
on small data: a check that the command works as written, not figures (they say so)."""

import os

# the benchmarks' throw-away people, on the benchmarks' own cluster
PASSWORD = "Bench-password-2026"  # nosec B105

SMOKE = os.environ.get("VIGIE_BENCH_SMOKE") == "1"


def sized(full: int, smoke: int) -> int:
    return smoke if SMOKE else full


def banner() -> None:
    if SMOKE:
        print("VIGIE_BENCH_SMOKE=1: small data, the figures below are not the benchmark's", flush=True)


def figures_written(name: str, results: dict):
    """The run's figures as var/benchmarks/<name>.json (VIGIE_VAR), which the closing notes quote."""
    import json
    from pathlib import Path

    out = Path(os.environ.get("VIGIE_VAR", "var")) / "benchmarks" / f"{name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, ensure_ascii=False, indent=2))
    print(f"Figures written to {out}")
    return out
