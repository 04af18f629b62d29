"""The poker engine compiled (scripts/compile_engine.py, run by every script's install step): the engine loaded is the
build of its sources as they are, it replays exactly as the Python sources do (every outcome, irregularity and
refusal the same, the deals of every game and version with the faults the reconciliation looks for), and its deals
and rules still pickle, as the benchmark's worker processes need."""

import contextlib
import hashlib
import os
import pickle
import random
import subprocess
import sys
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import games.poker
from games.poker import ENGINE, betting, engine_build, engine_digest
from games.poker.hand import HOLDEM, LIMIT, NO_LIMIT, OMAHA, OMAHA_HILO, POT_LIMIT
from games.poker.replay import HandError, JackpotRule, Rules, replay
from games.poker.simulator import Table, broken, missing_drop, overraked, play

ROOT = Path(__file__).resolve().parents[1]
LU = Rules(Decimal("0.05"), None, None, True, 25, JackpotRule("pourcentage", Decimal("1"), "inferieur", 2_000),
           JackpotRule("fixe", Decimal("50"), "plus_proche", 4_000))
QC = Rules(Decimal("0.05"), 1_500, Decimal("0.10"), False, 25)
HILO = Rules(Decimal("0.05"), None, None, True, 25, hilo=True)
SETTINGS = ((HOLDEM, NO_LIMIT, LU), (HOLDEM, LIMIT, QC), (OMAHA, POT_LIMIT, LU), (OMAHA_HILO, POT_LIMIT, HILO))
FAULTS = (lambda hand: overraked(hand, 100), missing_drop, lambda hand: broken(hand, "out_of_turn"),
          lambda hand: broken(hand, "dont_add_up"), lambda hand: broken(hand, "pot_mismatch"))


def replayed_digest(count: int) -> str:
    """The digest of `count` deals per setting replayed (one in ten with a fault planted), refusals included."""
    digest = hashlib.sha256()
    for number, (game, version, rules) in enumerate(SETTINGS):
        table = Table(f"T{number}", game, version, 100, 200, False, 0, 300 if version == LIMIT else 0, 9, "EUR", rules)
        dealt = play(table, datetime(2026, 3, 14, 19, 30, tzinfo=UTC), count, random.Random(number),
                     [f"joueur{k:02d}" for k in range(24)])
        for index, hand in enumerate(dealt):
            if index % 10 == 9:
                with contextlib.suppress(ValueError):  # no pot the fault fits in this deal
                    hand = FAULTS[index // 10 % len(FAULTS)](hand)
            try:
                digest.update(repr(replay(hand, rules, trace=index % 2 == 0)).encode())
            except HandError as refused:
                digest.update(f"{refused.code} {refused.action} {refused.message_fr}".encode())
    return digest.hexdigest()


def test_the_engine_loaded_is_the_build_of_its_sources_as_they_are():
    built = engine_build(engine_digest())
    assert str(built) == games.poker.COMPILED
    for name in ENGINE:
        module = sys.modules.get(f"games.poker.{name}") or __import__(f"games.poker.{name}", fromlist=["_"])
        assert Path(module.__file__).is_relative_to(built) and module.__file__.endswith(".so"), name
    assert betting.__file__.endswith(".so")


def test_a_source_changed_and_not_rebuilt_is_read_as_python(tmp_path):
    copy = tmp_path / "games" / "poker"
    copy.mkdir(parents=True)
    (tmp_path / "games" / "__init__.py").write_text("")
    (tmp_path / "var").symlink_to(ROOT / "var")  # the builds made for the repository's sources
    for name in (*ENGINE, "__init__"):
        (copy / f"{name}.py").write_bytes((ROOT / "games" / "poker" / f"{name}.py").read_bytes())
    probe = "import games.poker as p, games.poker.pots as m; print(p.COMPILED is not None, m.__file__[-3:])"

    def loaded() -> list[str]:
        return subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                              check=True, env={**os.environ, "PYTHONPATH": str(tmp_path)}).stdout.split()

    assert loaded() == ["True", ".so"]  # the same sources: their build
    with open(copy / "pots.py", "a") as source:
        source.write("\n# changed\n")
    assert loaded() == ["False", ".py"]


def test_the_compiled_engine_replays_exactly_as_the_python_sources():
    compiled = replayed_digest(150)
    python = subprocess.run([sys.executable, "-c", "from tests.test_poker_engine_build import replayed_digest as d; "
                             "import games.poker.betting as b; print(b.__file__, d(150))"], cwd=ROOT,
                            capture_output=True, text=True, check=True, env={**os.environ, "VIGIE_ENGINE": "python"})
    source, digest = python.stdout.split()
    assert source.endswith("betting.py") and digest == compiled


def test_deals_and_rules_pickle_as_they_were():
    table = Table("T1", HOLDEM, NO_LIMIT, 100, 200, False, 0, 0, 9, "EUR", LU)
    hand = next(play(table, datetime(2026, 3, 14, 19, 30, tzinfo=UTC), 1, random.Random(3),
                     [f"joueur{k:02d}" for k in range(24)]))
    hand = replace(hand, extra={"room": "Salon"})
    again = pickle.loads(pickle.dumps(hand))
    assert again == hand and again.extra == {"room": "Salon"} and pickle.loads(pickle.dumps(LU)) == LU
    assert replay(again, LU) == replay(hand, LU)
