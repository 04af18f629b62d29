"""What an import's entry holds of its slips (docs/tables-import.md): each slip as one canonical JSON line, the lines
of a register's gaming day sorted by table, session, kind and serial, and the SHA-256 of those lines, each followed
by a line feed. The import computes it from the file before writing; the audit recomputes it from the rows
(registers/tables/checks.py), so the chain covers every imported slip although it holds one entry per day.

A line is `hashing.canonical` of {"type", "table", "jeu", "seance", "serie", "montant", "coupures", "signatures"},
what the slip's row holds, and, for an opening, "seance_ouverte": what its session's row holds (the bank's mode, the
float, the limits and their citation). `line` writes that JSON out from its parts, each already canonical, since an
import writes hundreds of thousands of them: the same text, `slip_line` being the one both sides call."""

import functools
import hashlib
import json
from collections.abc import Iterable
from decimal import Decimal

from ..models import SlipKind, TableSession

FORMAT = "vigie.bordereaux/1"  # the lines' layout, named in the entry's payload
# `canonical` of a value that is plain already (texts, integers, None, dicts and lists of them), without its walk
# through the value: the same text, a float aside (canonical refuses one; a row's float makes another digest anyway)
plain_canonical = functools.partial(json.dumps, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
RANK = {SlipKind.OPENING: 0, SlipKind.FILL: 1, SlipKind.CREDIT: 1, SlipKind.CLOSING: 2, SlipKind.DROP: 3}


def opening_fields(*, bank_mode: str, float_amount: Decimal | None, minimum: Decimal, maximum: Decimal,
                   maximum_per: str, limits_citation: str) -> dict:
    """What an opening's line adds: its session as the table displayed it."""
    return {"tenue": bank_mode, "avance": None if float_amount is None else format(float_amount, "f"),
            "minimum": format(minimum, "f"), "maximum": format(maximum, "f"), "maximum_par": maximum_per,
            "limites_citation": limits_citation}


def session_opening(session: TableSession) -> dict:
    return opening_fields(bank_mode=session.bank_mode, float_amount=session.float_amount, minimum=session.minimum,
                          maximum=session.maximum, maximum_per=session.maximum_per,
                          limits_citation=session.limits_citation)


def sort_key(table: str, session: int, kind: str, serial: int | None) -> tuple:
    return (table, session, RANK[kind], serial or 0)


def slip_dict(*, kind: str, table: str, game: str, session: int, serial: int | None, amount: Decimal,
              denominations: dict, signatures: dict, opening: dict | None = None) -> dict:
    """The line's content, as `canonical` reads it."""
    line = {"type": kind, "table": table, "jeu": game, "seance": session, "serie": serial,
            "montant": format(amount, "f"), "coupures": denominations, "signatures": signatures}
    if opening is not None:
        line["seance_ouverte"] = opening
    return line


def slip_line(*, kind: str, table: str, game: str, session: int, serial: int | None, amount: Decimal,
              denominations: dict, signatures: dict, opening: dict | None = None) -> str:
    """`canonical(slip_dict(…))`."""
    return line(kind, plain_canonical(table), plain_canonical(game), session, serial, format(amount, "f"),
                plain_canonical(denominations), plain_canonical(signatures),
                plain_canonical(opening) if opening is not None else None)


def line(kind: str, table: str, game: str, session: int, serial: int | None, amount: str, denominations: str,
         signatures: str, opening: str | None) -> str:
    """The canonical JSON of a slip's line from its parts (`table`, `game`, `denominations`, `signatures`, `opening`
    already canonical JSON; `amount` as text): its keys in their sorted order, no spaces."""
    return (f'{{"coupures":{denominations},"jeu":{game},"montant":"{amount}","seance":{session}'
            + (f',"seance_ouverte":{opening}' if opening is not None else "")
            + f',"serie":{"null" if serial is None else serial},"signatures":{signatures},"table":{table}'
            + f',"type":"{kind}"}}')


def digest(lines: Iterable[str]) -> str:
    """SHA-256 of the lines, in the order given, each followed by a line feed."""
    return hashlib.sha256("".join(f"{text}\n" for text in lines).encode()).hexdigest()
