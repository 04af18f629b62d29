"""Verification of every chain and checkpoint, and the exports that the offline verifier
(registers/chain/offline_verify.py) checks without the database."""

import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from django.db import connections

from compliance.models import User

from ..models import Checkpoint, KeptEntry, Register, VerifiedCheckpoint
from . import hashing as chain
from . import keys
from .offline_verify import FORMAT as EXPORT_FORMAT
from .services import checkpoint_verified, timestamp


@dataclass(frozen=True)
class Verification:
    register: str
    entries: int
    checkpoints: int
    problems: list[chain.Problem]
    since: int = 0  # the size of the verified checkpoint it started from; 0: from the first entry

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def first_broken(self) -> int | None:
        return self.problems[0].seq if self.problems else None


def chain_entries(register: Register, start: int = 1, end: int | None = None) -> Iterator[chain.EntryData]:
    """The register's entries from n° `start` to `end` as the chain hashes them, its archived years' included. The
    people and the corrected entries' n° come from small maps rather than joins: a year of a register streams from its
    own index alone."""
    # id breaks ties so that a duplicated or swapped sequence number still walks every row
    rows = (
        KeptEntry.objects.filter(register_id=register.pk, seq__gte=start, **({"seq__lte": end} if end else {}))
        .order_by("seq", "id")
        .values_list("seq", "prev_hash", "kind", "gaming_day", "refers_to_id", "payload", "actor_id",
                     "countersigner_id", "recorded_at", "hash")
    )
    people = dict(User.objects.values_list("pk", "username"))
    corrected = dict(KeptEntry.objects.filter(pk__in=KeptEntry.objects.filter(
        register_id=register.pk, refers_to_id__isnull=False).values("refers_to_id")).values_list("pk", "seq"))
    label = register.label
    for seq, prev, kind, day, refers, payload, actor, countersigner, recorded, digest in rows.iterator(5000):
        yield chain.EntryData(
            label, seq, prev, kind, day.isoformat(), corrected.get(refers) if refers else None, payload,
            people.get(actor), people.get(countersigner) if countersigner else None, timestamp(recorded), digest
        )


def _checkpoints(register: Register) -> list[chain.CheckpointData]:
    return [
        chain.CheckpointData(register.label, c.size, c.head_hash, timestamp(c.signed_at), c.signature)
        for c in Checkpoint.objects.filter(register=register).order_by("size", "signed_at")
    ]


def _anchor(register: Register) -> Checkpoint | None:
    """The furthest signed checkpoint a verification confirmed, which the chain still holds unchanged."""
    verified = (VerifiedCheckpoint.objects.filter(register=register, checkpoint__size__gt=0)
                .select_related("checkpoint").order_by("-checkpoint__size", "-verified_at").first())
    return verified.checkpoint if verified else None


def register_verify(register: Register, *, full: bool = False) -> Verification:
    """Recomputes the hashes and checks the checkpoints against the key kept outside the database: from the last
    verified signed checkpoint on (its signature, its entry and every later one), or with `full` from the first
    entry. A chain found whole up to a signed checkpoint records it as verified, for the next verification."""
    anchor = None if full else _anchor(register)
    start = anchor.size if anchor else 1
    checkpoints = [c for c in _checkpoints(register) if c.size >= start or anchor is None]
    public = keys.public_key(register.casino.code)
    head = KeptEntry.objects.filter(register_id=register.pk).order_by("-seq").values_list("seq", flat=True).first() or 0
    if head - start + 1 >= PARALLEL_FROM and not multiprocessing.current_process().daemon:
        count, problems = _verify_in_parts(register, start, head, checkpoints)
    else:
        count, problems = chain.verify(chain_entries(register, start), checkpoints, public, start)
    if not problems and checkpoints:
        last = Checkpoint.objects.filter(register=register).order_by("-size", "-signed_at").first()
        if anchor is None or last.size > anchor.size:
            checkpoint_verified(checkpoint=last, full=anchor is None, entries=count)
    return Verification(register.label, count, len(checkpoints), problems, start if anchor else 0)


# entries past which a verification is split between the machine's cores (below, starting processes costs more)
PARALLEL_FROM = 200_000


def _verify_in_parts(register: Register, start: int, head: int, checkpoints: list) -> tuple[int, list[chain.Problem]]:
    """The walk split into as many ranges of n° as the machine has cores, each walked in its own process; each
    range's first link backwards (which its walk cannot see) and the n° before it are then checked here."""
    parts = max(2, os.cpu_count() or 2)
    step = (head - start + parts) // parts
    ranges = [(a, min(a + step - 1, head)) for a in range(start, head + 1, step)]
    # a checkpoint goes with the range that holds its size; one past the head with the last (it finds it truncated),
    # one before the start with the first
    inside = [[c for c in checkpoints if a <= c.size <= b or (b == head and c.size > head)
               or (a == start and c.size < start)] for a, b in ranges]
    connections.close_all()  # each process opens its own
    with ProcessPoolExecutor(len(ranges), mp_context=multiprocessing.get_context("fork")) as pool:
        done = list(pool.map(_verify_range, [register.pk] * len(ranges), ranges, inside))
    count, problems = sum(c for c, _ in done), [p for _, part in done for p in part]
    ends = dict(KeptEntry.objects.filter(register_id=register.pk, seq__in=[b for _, b in ranges[:-1]])
                .values_list("seq", "hash"))
    links = dict(KeptEntry.objects.filter(register_id=register.pk, seq__in=[a for a, _ in ranges[1:]])
                 .values_list("seq", "prev_hash"))
    for (_, end), (begin, _) in zip(ranges, ranges[1:], strict=False):
        if end not in ends:
            problems.append(chain.Problem(end, "missing", f"n° {end} absent / entry missing"))
        elif begin in links and links[begin] != ends[end]:
            problems.append(chain.Problem(begin, "broken_link",
                                          "l'empreinte précédente ne correspond pas / previous hash does not match"))
    problems.sort(key=lambda p: p.seq)
    return count, problems


def _verify_range(register_id: int, bounds: tuple[int, int], checkpoints: list) -> tuple[int, list[chain.Problem]]:
    """A process's part: the entries from bounds[0] to bounds[1] (the first's link backwards is checked by the
    parent), and the checkpoints that fall in it."""
    try:
        register = Register.objects.select_related("casino").get(pk=register_id)
        return chain.verify(chain_entries(register, *bounds), checkpoints, keys.public_key(register.casino.code),
                            bounds[0])
    finally:
        connections.close_all()


def registers_verify(*, casino_code: str | None = None, kind: str | None = None,
                     full: bool = False) -> list[Verification]:
    registers = Register.objects.select_related("casino").order_by("casino__code", "kind")
    if casino_code:
        registers = registers.filter(casino__code=casino_code)
    if kind:
        registers = registers.filter(kind=kind)
    return [register_verify(register, full=full) for register in registers]


def register_export(register: Register) -> dict:
    public = keys.public_key(register.casino.code)
    return {
        "format": EXPORT_FORMAT,
        "register": register.label,
        "public_key": keys.public_hex(public) if public else None,
        "entries": [entry.__dict__ for entry in chain_entries(register)],
        "checkpoints": [checkpoint.__dict__ for checkpoint in _checkpoints(register)],
    }
