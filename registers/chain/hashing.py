"""The integrity of every register, in one place and without Django, so that the offline verifier
(registers/chain/offline_verify.py) runs the very same code on an export.

An entry's hash is SHA-256 over the canonical JSON of: the register, its sequence number, the previous
entry's hash, its kind, gaming day, the entry it corrects, the canonical payload, the acting and
countersigning users, and the time it was recorded. The first entry's previous hash is 64 zeros.
A checkpoint signs (register, size, head hash, time) with the casino's Ed25519 key.
"""

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

GENESIS = "0" * 64


def _plain(value):
    if isinstance(value, Decimal):
        return format(value, "f")  # decimals as strings: a float never enters a register
    if isinstance(value, float):
        raise TypeError("un registre n'accepte pas de nombre à virgule flottante / no floats in a register")
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def canonical(value) -> str:
    """Sorted keys, no spaces, UTF-8 kept, decimals as strings."""
    return json.dumps(_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class EntryData:
    register: str  # "<casino code>/<register kind>"
    seq: int
    prev_hash: str
    kind: str
    gaming_day: str  # ISO date
    refers_to: int | None  # sequence number of the entry this one corrects, cancels or countersigns
    payload: str  # canonical JSON, as stored
    actor: str  # username of the person acting
    countersigner: str | None
    recorded_at: str  # ISO timestamp, UTC, microseconds
    hash: str = ""

    def digest(self, seq: int | None = None) -> str:
        content = [
            self.register,
            self.seq if seq is None else seq,
            self.prev_hash,
            self.kind,
            self.gaming_day,
            self.refers_to,
            self.payload,
            self.actor,
            self.countersigner,
            self.recorded_at,
        ]
        return hashlib.sha256(canonical(content).encode()).hexdigest()


@dataclass(frozen=True)
class CheckpointData:
    register: str
    size: int
    head_hash: str
    signed_at: str
    signature: str  # hex

    def message(self) -> bytes:
        return canonical(["vigie-checkpoint", self.register, self.size, self.head_hash, self.signed_at]).encode()


def sign(private_key: Ed25519PrivateKey, checkpoint: CheckpointData) -> str:
    return private_key.sign(checkpoint.message()).hex()


def signature_valid(public_key: Ed25519PublicKey, checkpoint: CheckpointData) -> bool:
    try:
        public_key.verify(bytes.fromhex(checkpoint.signature), checkpoint.message())
    except (InvalidSignature, ValueError):
        return False
    return True


@dataclass(frozen=True)
class Problem:
    seq: int  # the first sequence number at which the register is wrong
    kind: str  # changed | missing | reordered | broken_link | truncated | bad_signature | checkpoint_mismatch
    detail: str

    def __str__(self):
        return f"n° {self.seq} : {self.kind} — {self.detail}"


REORDER_WINDOW = 8  # how far a moved entry is looked for


def verify(
    entries: Iterable[EntryData], checkpoints: Iterable[CheckpointData], public_key: Ed25519PublicKey | None,
    start: int = 1,
) -> tuple[int, list[Problem]]:
    """Walks a register in sequence order; returns (entries seen, problems, first broken first). From `start` (a
    verified checkpoint's size), the walk begins with that entry, whose link backwards was verified then: its content
    must still give its hash, and that hash the checkpoint's."""
    problems: list[Problem] = []
    expected_seq, previous = start, GENESIS if start == 1 else None
    hashes: dict[int, str] = {}
    count = 0
    for entry in entries:
        count += 1
        if entry.seq != expected_seq:
            problems.append(
                Problem(
                    expected_seq,
                    "missing",
                    f"n° {expected_seq} à {entry.seq - 1} absents / entries missing"
                    if entry.seq > expected_seq
                    else f"n° {entry.seq} en double / duplicate",
                )
            )
        computed = entry.digest()
        if computed != entry.hash:
            moved = next(
                (
                    s
                    for s in range(entry.seq - REORDER_WINDOW, entry.seq + REORDER_WINDOW + 1)
                    if s != entry.seq and s > 0 and entry.digest(s) == entry.hash
                ),
                None,
            )
            if moved is not None:
                problems.append(
                    Problem(
                        entry.seq,
                        "reordered",
                        f"l'entrée n° {moved} se trouve au n° {entry.seq} / entry {moved} moved here",
                    )
                )
            else:
                problems.append(
                    Problem(
                        entry.seq,
                        "changed",
                        "le contenu ne correspond plus à son empreinte / content does not match its hash",
                    )
                )
        elif previous is not None and entry.prev_hash != previous and entry.seq == expected_seq:
            problems.append(
                Problem(
                    entry.seq, "broken_link", "l'empreinte précédente ne correspond pas / previous hash does not match"
                )
            )
        hashes[entry.seq] = entry.hash
        previous, expected_seq = entry.hash, max(expected_seq, entry.seq) + 1
    size = expected_seq - 1
    for checkpoint in checkpoints:
        if public_key is None or not signature_valid(public_key, checkpoint):
            problems.append(
                Problem(
                    checkpoint.size,
                    "bad_signature",
                    f"signature du point de contrôle de taille {checkpoint.size} invalide / bad checkpoint signature",
                )
            )
        elif checkpoint.size > size:
            problems.append(
                Problem(
                    size + 1,
                    "truncated",
                    f"le point de contrôle signé compte {checkpoint.size} entrées, le registre {size} "
                    f"/ truncated after a signed checkpoint",
                )
            )
        elif hashes.get(checkpoint.size) != checkpoint.head_hash:
            problems.append(
                Problem(
                    checkpoint.size,
                    "checkpoint_mismatch",
                    "l'entrée ne correspond pas au point de contrôle signé / differs from the signed checkpoint",
                )
            )
    problems.sort(key=lambda p: p.seq)
    return count, problems
