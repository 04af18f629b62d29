"""Verification of every chain and checkpoint, and the exports that the offline verifier
(registers/chain/offline_verify.py) checks without the database."""

from collections.abc import Iterator
from dataclasses import dataclass

from ..models import Checkpoint, Entry, Register
from . import hashing as chain
from . import keys
from .offline_verify import FORMAT as EXPORT_FORMAT
from .services import timestamp


@dataclass(frozen=True)
class Verification:
    register: str
    entries: int
    checkpoints: int
    problems: list[chain.Problem]

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def first_broken(self) -> int | None:
        return self.problems[0].seq if self.problems else None


def _entries(register: Register) -> Iterator[chain.EntryData]:
    # id breaks ties so that a duplicated or swapped sequence number still walks every row
    rows = (
        Entry.objects.filter(register=register)
        .order_by("seq", "id")
        .values_list(
            "seq",
            "prev_hash",
            "kind",
            "gaming_day",
            "refers_to__seq",
            "payload",
            "actor__username",
            "countersigner__username",
            "recorded_at",
            "hash",
        )
    )
    label = register.label
    for seq, prev, kind, day, refers, payload, actor, countersigner, recorded, digest in rows.iterator(2000):
        yield chain.EntryData(
            label, seq, prev, kind, day.isoformat(), refers, payload, actor, countersigner, timestamp(recorded), digest
        )


def _checkpoints(register: Register) -> list[chain.CheckpointData]:
    return [
        chain.CheckpointData(register.label, c.size, c.head_hash, timestamp(c.signed_at), c.signature)
        for c in Checkpoint.objects.filter(register=register).order_by("size", "signed_at")
    ]


def register_verify(register: Register) -> Verification:
    """Recomputes every hash and checks every checkpoint against the key kept outside the database."""
    checkpoints = _checkpoints(register)
    public = keys.public_key(register.casino.code)
    count, problems = chain.verify(_entries(register), checkpoints, public)
    return Verification(register.label, count, len(checkpoints), problems)


def registers_verify(*, casino_code: str | None = None, kind: str | None = None) -> list[Verification]:
    registers = Register.objects.select_related("casino").order_by("casino__code", "kind")
    if casino_code:
        registers = registers.filter(casino__code=casino_code)
    if kind:
        registers = registers.filter(kind=kind)
    return [register_verify(register) for register in registers]


def register_export(register: Register) -> dict:
    public = keys.public_key(register.casino.code)
    return {
        "format": EXPORT_FORMAT,
        "register": register.label,
        "public_key": keys.public_hex(public) if public else None,
        "entries": [entry.__dict__ for entry in _entries(register)],
        "checkpoints": [checkpoint.__dict__ for checkpoint in _checkpoints(register)],
    }
