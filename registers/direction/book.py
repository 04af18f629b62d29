"""The direction's register read back into its book (controls.Book): the selectors replay its entries for the pages
and the reconciliation, the audit for its checks, through the same functions."""

import datetime

from ..kinds import EntryKind
from .controls import (
    Book,
    Change,
    Correction,
    Designation,
    Ending,
    Shift,
    committee_apply,
    designation_end_apply,
    duty_correction_apply,
)


def change_of(payload: dict) -> Change:
    return Change(str(payload["changement"]), str(payload["membre"]), bool(payload.get("directeur")),
                  datetime.date.fromisoformat(payload["en_vigueur_le"]), str(payload.get("acte") or ""))


def shift_of(seq: int, payload: dict) -> Shift:
    start, end = (datetime.datetime.fromisoformat(payload[key]) for key in ("debut", "fin"))
    if start.tzinfo is None or end.tzinfo is None:
        raise ValueError("naive")
    return Shift(seq, str(payload["membre"]), start, end)


def designation_of(seq: int, payload: dict) -> Designation:
    last = payload.get("au")
    return Designation(seq, str(payload["employe"]), str(payload.get("nom") or payload["employe"]),
                       str(payload["acte_designe"]), datetime.date.fromisoformat(payload["du"]),
                       datetime.date.fromisoformat(last) if last else None, str(payload.get("directeur") or ""),
                       str(payload.get("reference") or ""))


def ending_of(payload: dict) -> Ending:
    return Ending(int(payload["designation"]), datetime.date.fromisoformat(payload["au"]),
                  str(payload.get("motif") or ""))


def correction_of(seq: int, payload: dict) -> Correction:
    cancel = bool(payload.get("ecartee"))
    shift = None if cancel else shift_of(seq, payload)
    return Correction(int(payload["corrige"]), shift, str(payload.get("motif") or ""), cancel)


def book_apply(book: Book, kind: str, seq: int, payload: dict) -> None:
    """One entry into the book (a payload that cannot be read raises, for the audit to report)."""
    if kind == EntryKind.COMMITTEE_CHANGED:
        committee_apply(book, seq, change_of(payload))
    elif kind == EntryKind.DUTY_RECORDED:
        book.shifts.append(shift_of(seq, payload))
    elif kind == EntryKind.DESIGNATION:
        book.designations.append(designation_of(seq, payload))
    elif kind == EntryKind.DESIGNATION_ENDED:
        designation_end_apply(book, seq, ending_of(payload))
    elif kind == EntryKind.DUTY_CORRECTED:
        duty_correction_apply(book, seq, correction_of(seq, payload))
