"""Poker arithmetic: pots, rake, jackpots and (to come) tournaments, as pure functions.

The engine's modules (ENGINE) run compiled when scripts/compile_engine.py has built them for these very sources: the
build for their digest, in var/engine/<digest>/, comes before the Python sources on this package's path. A source
changed and not yet rebuilt is read as Python, never an older build; VIGIE_ENGINE=python forces Python."""

import hashlib
import os
import sys
from pathlib import Path

ENGINE = ("betting", "hand", "levies", "outcome", "pots", "refusals", "replay", "showdown")
HERE = Path(__file__).resolve().parent


def engine_digest() -> str:
    """The engine's sources' digest, with the Python they are compiled for."""
    digest = hashlib.sha256(sys.implementation.cache_tag.encode())
    for name in ENGINE:
        digest.update((HERE / f"{name}.py").read_bytes())
    return digest.hexdigest()[:20]


def engine_build(digest: str) -> Path:
    """Where the build for `digest` is: var/engine/, or VIGIE_ENGINE_DIR (builds shared between checkouts)."""
    return Path(os.environ.get("VIGIE_ENGINE_DIR") or HERE.parents[1] / "var" / "engine") / digest


def _use_build() -> str | None:
    if os.environ.get("VIGIE_ENGINE") == "python":
        return None
    built = engine_build(engine_digest())
    if not (built / "games" / "poker").is_dir():
        return None
    sys.path.append(str(built))  # the compiled modules' shared library, named after the digest
    __path__.insert(0, str(built / "games" / "poker"))
    return str(built)


COMPILED = _use_build()
