"""Benchmarks of issue 4 (hand evaluators and exact RTP), run by ./scripts/bench.

Figures, not pass/fail: each target is printed beside its measure.
- the full best-5-of-7 distribution from scratch (target ≤ 5 s), against a straightforward treys loop
  over all 133,784,560 hands, timed on a fixed slice and extrapolated;
- the exact return of every table from the cached distributions (target ≤ 10 ms per table);
- the API round trip for a table's return (target ≤ 50 ms), through Django's full stack in-process;
- batch best-5-of-7 evaluation throughput (hands per second), in Python and through the API.
"""

import os
import statistics
import sys
import time
from itertools import combinations, islice
from math import comb
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
django.setup()

import numpy as np  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402

from benchmarks import PASSWORD, banner, figures_written, sized  # noqa: E402
from compliance.models import User  # noqa: E402
from games.hands import distributions  # noqa: E402
from games.hands.fast import evaluate_many, random_hands  # noqa: E402
from games.rtp.engine import READINGS, compute, models  # noqa: E402
from games.rtp.selectors import rtp_context, rtp_report  # noqa: E402
from games.selectors import paytable_data  # noqa: E402

RESULTS: dict = {}


def say(name, value, target=""):
    RESULTS[name] = value
    print(f"  {name:<58} {value:>14}  {target}", flush=True)


def seven_card_distribution():
    print("Distribution best 5 of 7 (133,784,560 hands)")
    runs = []
    for _ in range(sized(3, 1)):
        distributions._no_suit_holding.cache_clear()
        started = time.perf_counter()
        total, counts = distributions.count("cinq_parmi_sept")
        runs.append(time.perf_counter() - started)
    assert total == comb(52, 7) and counts["straight_flush:A"] == 4324
    say("from scratch, best of 3 runs (s)", f"{min(runs):.2f}", "target ≤ 5 s")
    say("from scratch, median of 3 runs (s)", f"{statistics.median(runs):.2f}")
    from treys import Card, Evaluator

    evaluator, deck = Evaluator(), [Card.new(r + s) for r in "23456789TJQKA" for s in "cdhs"]
    sample = sized(300_000, 10_000)
    started = time.perf_counter()
    classes = {}
    for hand in islice(combinations(deck, 7), sample):
        rank_class = evaluator.get_rank_class(evaluator.evaluate(list(hand[:2]), list(hand[2:])))
        classes[rank_class] = classes.get(rank_class, 0) + 1
    per_hand = (time.perf_counter() - started) / sample
    naive = per_hand * comb(52, 7)
    say(f"treys loop, {sample:,} hands timed (µs per hand)", f"{per_hand * 1e6:.2f}")
    say("treys loop over all hands, extrapolated (s)", f"{naive:,.0f}")
    say("ratio treys loop / ours", f"{naive / min(runs):,.0f}×")


def table_returns(reader):
    print("Exact return per table, from the cached distributions")
    day = django.utils.timezone.localdate()  # a rule date, not a gaming day
    context = rtp_context(on=day)
    timings = {}
    for key in sorted(models()):
        table = paytable_data(user=reader, key=key, on=day)
        for reading in READINGS:
            compute(table, reading, context)  # warm: distribution in memory
        samples = []
        for _ in range(sized(20, 2)):
            started = time.perf_counter()
            compute(table, "a", context)
            samples.append(time.perf_counter() - started)
        timings[key] = statistics.median(samples) * 1000
    slowest = max(timings, key=timings.get)
    say("engine, median over the 27 tables (ms)", f"{statistics.median(timings.values()):.3f}", "target ≤ 10 ms")
    say(f"engine, slowest table {slowest} (ms)", f"{timings[slowest]:.3f}")
    full = []
    for key in sorted(models()):
        started = time.perf_counter()
        rtp_report(user=reader, key=key, on=day)
        full.append((time.perf_counter() - started) * 1000)
    say("report with its database reads, both readings, median (ms)", f"{statistics.median(full):.2f}")
    say("report with its database reads, slowest (ms)", f"{max(full):.2f}")


def api_round_trip(reader):
    print("API round trip (Django test client: middleware, auth, DB, JSON)")
    client = APIClient()
    client.force_authenticate(reader)
    samples = []
    for key in sorted(models()):
        client.get(f"/api/v1/rules/rtp/{key}/", HTTP_HOST="localhost")
        for _ in range(5):
            started = time.perf_counter()
            response = client.get(f"/api/v1/rules/rtp/{key}/", HTTP_HOST="localhost")
            samples.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, (key, response.content[:200])
    samples.sort()
    say("GET /api/v1/rules/rtp/<key>/ median (ms)", f"{statistics.median(samples):.2f}", "target ≤ 50 ms")
    say("GET /api/v1/rules/rtp/<key>/ p95 (ms)", f"{samples[int(len(samples) * 0.95)]:.2f}")


def throughput(reader):
    print("Batch evaluation, best 5 of 7")
    rng = np.random.default_rng(7)
    hands = random_hands(sized(2_000_000, 20_000), 7, rng)
    evaluate_many(hands[:10])
    started = time.perf_counter()
    evaluate_many(hands)
    elapsed = time.perf_counter() - started
    say("games.hands.fast.evaluate_many (hands/s)", f"{len(hands) / elapsed:,.0f}")
    from games.hands.poker import evaluate

    singles = [tuple(hand) for hand in hands[:100_000].tolist()]
    started = time.perf_counter()
    for hand in singles:
        evaluate(hand)
    say(
        "games.hands.poker.evaluate, one hand at a time (hands/s)",
        f"{len(singles) / (time.perf_counter() - started):,.0f}",
    )
    from games.hands.cards import text

    texts = [" ".join(text(c) for c in hand) for hand in hands[:10_000].tolist()]
    client = APIClient()
    client.force_authenticate(reader)
    started = time.perf_counter()
    for _ in range(3):
        response = client.post(
            "/api/v1/rules/hands/evaluate/",
            {"kind": "cinq_parmi_sept", "hands": texts},
            format="json",
            HTTP_HOST="localhost",
        )
        assert response.status_code == 200, response.content[:300]
    elapsed = time.perf_counter() - started
    say("POST /api/v1/rules/hands/evaluate/, 10,000 per call (hands/s)", f"{30_000 / elapsed:,.0f}")


def main():
    reader = User.objects.filter(role="admin").first() or User.objects.create_user(
        username="bench", password=PASSWORD, role="admin"
    )
    banner()
    seven_card_distribution()
    table_returns(reader)
    api_round_trip(reader)
    throughput(reader)
    figures_written("rtp", RESULTS)


if __name__ == "__main__":
    main()
