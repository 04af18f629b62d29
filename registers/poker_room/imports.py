"""Deals imported from the poker room's system (docs/poker-import.md): Open Hand History JSON or PokerStars-style
text, read as a stream, all or nothing per file, in one transaction.

Each deal is read (games/poker/formats), placed in the session open at its table when it started (its gaming day is
the session's), and replayed with the session's rules (games/poker/replay.py): the actions in turn and adding up, the
pots recomputed and matching what the room declares. The first refused deal refuses the file: `HandRefused` names its
number, its place in the file and why, and nothing is written. What the replay finds without refusing (a rake other
than ours, drops other than ours, a winner other than the cards say) is kept with the deal for the reconciliation.

A deal's number is its casino's room's, whatever its day: a deal already imported with the same content (its start
the same instant, in whatever zone the file writes it) is recognised and skipped; with another content, or its number
already another deal's, on any day, it refuses the file. So does a deal of a day the registers no longer take (closed,
archived, to come). A refusal names the deal, its place and line in the file, the deal's field at fault and why; a
line holding U+0000, which PostgreSQL's texts cannot hold, is refused at its number.
For each gaming day of new deals, ONE entry `poker.mains` of the cagnotte register holds their count, their sums and
the SHA-256 of their digests in file order, and the import's number (`lot`): the chain covers every deal. The deals
go into their month's partition by COPY as they are read, so that PostgreSQL writes them while Python reads the next
ones (a file of a million deals never sits in memory); a refusal aborts the COPY and the transaction with it. A deal
refers to its import; its day's entry is the one of that import and day. A day past the casino's filing delay needs
the reason and a manager's countersignature."""

import datetime
import gc
import hashlib
import io
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

from django.db import connection, transaction
from django.utils import timezone, translation
from psycopg.copy import QueuedLibpqWriter

from compliance.errors import DomainError
from compliance.models import Casino, User
from games.poker import compact
from games.poker.formats import ohh, pokerstars
from games.poker.formats.errors import CHIPS_ADDED_KIND, FormatError
from games.poker.hand import Hand
from games.poker.replay import HandError, Outcome, replay
from registers.errors import ErrorCode

from ..chain.services import (
    Appended,
    days_late,
    entries_append,
    late_filing,
    register_for,
    verify_actor,
    verify_gaming_day,
)
from ..fields import TEXT_MAX, clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import HandImport, PokerSession
from ..tables.imports import countersigner_checked
from . import errors, rules, selectors, stacks

FORMATS = {"ohh": ohh, "pokerstars": pokerstars}
COPY_CHUNK = 1 << 18  # characters handed to the COPY's writer at a time
COLUMNS = ("batch_id, casino_id, gaming_day, number, \"table\", session_id, started_at, players, pot, rake, "
           "rake_declared, rake_legal, progressive, progressive_declared, bad_beat, bad_beat_declared, cash_out, "
           "cash_out_fee, flags, data, digest")
ESCAPED_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")  # JSON's escape of U+0000, its backslash not itself escaped


class HandRefused(DomainError):
    """The first deal of a file that cannot be taken in: its number, its position and line in the file, the deal's
    field at fault (`item`: its number, table, start, actions, pots …) and why."""

    def __init__(self, number: str, position: int, line: int | None, reason, code: str = ErrorCode.BAD_FILE,
                 field: str = "file", item: str | None = None):
        self.number, self.position, self.line, self.item = number, position, line, item
        message = (errors.HAND_REFUSED_FIELD if item and line else errors.HAND_REFUSED if line
                   else errors.HAND_REFUSED_AT)
        super().__init__(message.format(number=number or "?", position=position, line=line, item=item,
                                        reason=reason), code=code, field=field)


class NulInFile(Exception):
    """U+0000 met in the file's bytes, at `line`."""

    def __init__(self, line: int):
        super().__init__(line)
        self.line = line


def _said(refusal) -> str:
    """A reader's or the replay's reason (French and English) in the language of the request."""
    return refusal.message_en if (translation.get_language() or "").startswith("en") else refusal.message_fr


@dataclass
class DaySums:
    hands: int = 0
    pot: int = 0
    rake: int = 0
    rake_declared: int = 0
    progressive: int = 0
    bad_beat: int = 0
    cash_out: int = 0
    cash_out_fee: int = 0
    sha: "hashlib._Hash" = field(default_factory=hashlib.sha256)


@dataclass(frozen=True)
class HandsImportResult:
    casino: str
    file_sha256: str
    hands: int  # read
    created: int  # new
    known: int  # already imported with the same content
    days: list[datetime.date]
    late_days: list[datetime.date]
    entries: list[dict]

    def as_dict(self) -> dict:
        return {"casino": self.casino, "file_sha256": self.file_sha256, "hands": self.hands, "created": self.created,
                "known": self.known, "days": [d.isoformat() for d in self.days],
                "late_days": [d.isoformat() for d in self.late_days], "entries": self.entries}


def _cents(value: int) -> str:
    sign, value = ("-", -value) if value < 0 else ("", value)
    return f"{sign}{value // 100}.{value % 100:02d}"


def _copy_text(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def _flags(flags: list) -> str:
    return _copy_text(json.dumps(flags, separators=(",", ":"))) if flags else "[]"


class _Import:
    def __init__(self, casino: Casino, actor: User, late_reason: str, countersigner: User | None,
                 progress: Callable[[int], object] | None):
        self.casino, self.actor, self.late_reason, self.countersigner = casino, actor, late_reason, countersigner
        self.progress, self.zone = progress, ZoneInfo(casino.jurisdiction.timezone)
        self.sessions = selectors.SessionFinder(casino)
        self.jackpots = selectors.progressive_increments(casino)
        self.rules: dict[int, object] = {}
        self.seats: dict[int, tuple[int, str] | None] = {}  # per session, the most seated players and its article
        self.stacks = stacks.Follower(casino)  # each player's stack from one deal to the next (stacks.py)
        self.known: dict[datetime.date, dict[str, str]] = {}  # per day, the numbers imported and their digests
        # this file's deals by number (a number is the room's, whatever the day): day, digest, position and line
        self.seen: dict[str, tuple[datetime.date, str, int, int | None]] = {}
        self.days: dict[datetime.date, DaySums] = {}
        self.late: dict[datetime.date, dict | None] = {}
        self.read = self.created = self.skipped = 0
        self.cursor = connection.cursor()
        self.cursor.execute("SELECT nextval(pg_get_serial_sequence('registers_handimport', 'id'))")
        self.batch = self.cursor.fetchone()[0]  # the import's number, its row written once the file is read
        self.months: set[datetime.date] = set()  # the partitions opened
        self.copying = None  # the COPY under way (psycopg's context), paused for any other query
        self.rows: list[str] = []
        self.size = 0

    # --- the COPY, written as the deals are read; paused whenever a query must run on the connection ---------------

    def _flush(self) -> None:
        if self.rows:
            self.copying[1].write("".join(self.rows))
            self.rows, self.size = [], 0

    def pause(self) -> None:
        if self.copying is not None:
            self._flush()
            context, self.copying = self.copying[0], None
            context.__exit__(None, None, None)

    def abort(self, error: BaseException) -> None:
        if self.copying is not None:
            context, self.copying = self.copying[0], None
            self.rows = []
            context.__exit__(type(error), error, error.__traceback__)

    def _row(self, day: datetime.date, row: str) -> None:
        month = day.replace(day=1)
        if month not in self.months:
            self.pause()
            self.cursor.execute("SELECT vigie_partition('registers_pokerhand', %s, %s)", [self.casino.pk, month])
            self.months.add(month)
        if self.copying is None:
            # a writer thread sends the rows while this one reads and replays the next deals
            context = self.cursor.cursor.copy(f"COPY registers_pokerhand ({COLUMNS}) FROM STDIN",
                                              writer=QueuedLibpqWriter(self.cursor.cursor))
            self.copying = (context, context.__enter__())
        self.rows.append(row)
        self.size += len(row)
        if self.size >= COPY_CHUNK:
            self._flush()

    def _known(self, day: datetime.date) -> dict[str, str]:
        if day not in self.known:
            self.pause()
            self.cursor.execute("SELECT number, digest FROM registers_pokerhand "
                                "WHERE casino_id = %s AND gaming_day = %s", [self.casino.pk, day])
            self.known[day] = dict(self.cursor.fetchall())
        return self.known[day]

    def _late(self, day: datetime.date, hand: Hand, position: int, line) -> None:
        """At a day's first new deal: a day the registers take (not closed, archived or to come), the deal named,
        and a late day's reason and countersignature."""
        if day in self.late:
            return
        self.pause()
        try:
            verify_gaming_day(self.casino, day)
        except DomainError as refused:
            raise HandRefused(hand.number, position, line, refused.message, code=refused.code,
                              item="started_at") from None
        age = days_late(self.casino, day)
        if age and (not self.late_reason or self.countersigner is None):
            raise HandRefused(hand.number, position, line, errors.LATE_DAY.format(
                day=day.isoformat(), age=age, allowed=self.casino.late_filing_days), code=ErrorCode.LATE_FILING,
                field="late_reason", item="started_at")
        self.late[day] = late_filing(self.casino, day, self.late_reason) if age else None

    def _same_deal(self, day: datetime.date, number: str, text: str) -> bool:
        """Whether the deal held under `number` on `day` is this one, its start written in another zone: the same
        instant is the same deal."""
        self.pause()
        self.cursor.execute("SELECT data::text FROM registers_pokerhand WHERE casino_id = %s AND gaming_day = %s "
                            "AND number = %s", [self.casino.pk, day, number])
        row = self.cursor.fetchone()
        return row is not None and _instant(json.loads(row[0])) == _instant(json.loads(text))

    def numbers_taken(self) -> None:
        """Once the deals are written: a new deal whose number the room already holds on another day (the same day
        was told apart as it was read) refuses the file, at that deal."""
        if not self.created:
            return
        self.cursor.execute(
            "SELECT new.number, old.gaming_day FROM registers_pokerhand new JOIN registers_pokerhand old "
            "ON old.casino_id = new.casino_id AND old.number = new.number AND old.batch_id <> new.batch_id "
            "WHERE new.casino_id = %s AND new.gaming_day = ANY(%s) AND new.batch_id = %s ORDER BY new.id LIMIT 1",
            [self.casino.pk, sorted(self.days), self.batch])
        taken = self.cursor.fetchone()
        if taken is not None:
            number, other = taken
            _day, _digest, position, line = self.seen[number]
            raise HandRefused(number, position, line, errors.HAND_NUMBER_TAKEN.format(day=other.isoformat()),
                              code=ErrorCode.DUPLICATE, item="number")

    def _rules(self, session: PokerSession):
        if session.pk not in self.rules:
            self.pause()
            increment = self.jackpots.at(session.table, session.gaming_day)
            self.rules[session.pk] = rules.session_rules(session, increment)
            self.seats[session.pk] = rules.seats_most(session)
            self.stacks.prepare(session)
        return self.rules[session.pk]

    def take(self, hand: Hand, position: int, line) -> None:
        self.read += 1
        if not self.sessions.loaded(hand.table):
            self.pause()
        session = self.sessions.at(hand.table, hand.started_at)
        if session is None:
            local = timezone.localtime(hand.started_at, self.zone)
            raise HandRefused(hand.number, position, line, errors.HAND_NO_SESSION.format(
                table=hand.table, time=local.strftime("%Y-%m-%d %H:%M")), item="table")
        if hand.currency != self.casino.currency:
            raise HandRefused(hand.number, position, line, errors.HAND_CURRENCY.format(
                currency=hand.currency, casino=self.casino.currency), item="currency")
        if hand.game != session.variant:
            raise HandRefused(hand.number, position, line, errors.HAND_VARIANT.format(
                variant=hand.game, table=hand.table, session=session.variant), item="game")
        settled_by = self._rules(session)
        most = self.seats[session.pk]
        if most is not None and len(hand.seats) > most[0]:  # LU art. 49-1: ten; 49-5: « au maximum de neuf »
            raise HandRefused(hand.number, position, line, errors.SEATS_MOST.format(
                players=len(hand.seats), table=hand.table, most=most[0], citation=most[1]), item="seats")
        try:
            outcome = replay(hand, settled_by)
        except HandError as refused:
            raise HandRefused(hand.number, position, line, _said(refused), item=refused.field or None) from None
        day = session.gaming_day
        text = compact.canonical(compact.dump(hand))
        digest = hashlib.sha256(text.encode()).hexdigest()
        earlier = self.seen.get(hand.number)
        if earlier is not None:  # the number earlier in this file: the same deal, or refused
            if earlier[:2] != (day, digest):
                raise HandRefused(hand.number, position, line, errors.HAND_TWICE, code=ErrorCode.DUPLICATE,
                                  item="number")
            self.skipped += 1
            return
        known = self._known(day).get(hand.number)
        if known is not None:
            if known != digest and not self._same_deal(day, hand.number, text):
                raise HandRefused(hand.number, position, line, errors.HAND_CHANGED.format(
                    day=day.isoformat(), digest=known[:12]), code=ErrorCode.DUPLICATE, item="number")
            self.skipped += 1
            return
        self.seen[hand.number] = (day, digest, position, line)
        self._late(day, hand, position, line)
        self._write(hand, session, outcome, text, digest, self.stacks.follow(hand, session, outcome))

    def _write(self, hand: Hand, session: PokerSession, outcome: Outcome, text: str, digest: str,
               more: list) -> None:
        day = session.gaming_day
        sums = self.days.setdefault(day, DaySums())
        pot = sum(p.amount for p in outcome.pots)
        sums.hands += 1
        sums.pot += pot
        sums.rake += outcome.rake
        sums.rake_declared += outcome.declared_rake
        sums.progressive += outcome.declared_progressive
        sums.bad_beat += outcome.declared_bad_beat
        sums.cash_out += outcome.cashed_out
        sums.cash_out_fee += outcome.cash_out_fees
        sums.sha.update(digest.encode())
        flags = selectors.flags(hand, session, outcome) + more
        legal = "\\N" if outcome.legal_max_rake is None else _cents(outcome.legal_max_rake)
        self._row(day,
            f"{self.batch}\t{self.casino.pk}\t{day.isoformat()}\t{_copy_text(hand.number)}\t"
            f"{_copy_text(hand.table)}\t{session.pk}\t{hand.started_at.isoformat()}\t{len(hand.seats)}\t"
            f"{_cents(pot)}\t{_cents(outcome.rake)}\t{_cents(outcome.declared_rake)}\t{legal}\t"
            f"{_cents(outcome.progressive)}\t{_cents(outcome.declared_progressive)}\t{_cents(outcome.bad_beat)}\t"
            f"{_cents(outcome.declared_bad_beat)}\t{_cents(outcome.cashed_out)}\t{_cents(outcome.cash_out_fees)}\t"
            f"{_flags(flags)}\t{_copy_text(text)}\t{digest}\n")
        self.created += 1
        if self.progress is not None and self.read % 10_000 == 0:
            self.progress(self.read)

    def entries_due(self, name: str, file_format: str, file_sha256: str) -> list[Appended]:
        due = []
        for day in sorted(self.days):
            sums = self.days[day]
            payload = {"lot": self.batch, "fichier": name, "format": file_format, "sha256_fichier": file_sha256,
                       "mains": sums.hands,
                       "empreinte": sums.sha.hexdigest(), "pots": _cents(sums.pot),
                       "retenue_declaree": _cents(sums.rake_declared), "retenue_recalculee": _cents(sums.rake),
                       "jackpot_progressif": _cents(sums.progressive), "bad_beat": _cents(sums.bad_beat)}
            if sums.cash_out or sums.cash_out_fee:  # the room's cash-outs that day: what it paid, what it kept
                payload |= {"paiements_anticipes": _cents(sums.cash_out), "frais_anticipes": _cents(sums.cash_out_fee)}
            if day in self.stacks.days:  # the recaves between deals the stacks show (stacks.py)
                count, cents = self.stacks.days[day]
                payload["recaves_entre_les_mains"] = {"nombre": count, "montant": _cents(cents)}
            if self.late[day] is not None:
                payload["late_filing"] = self.late[day]
            due.append(Appended(kind=EntryKind.HANDS_IMPORTED, gaming_day=day, actor=self.actor, payload=payload,
                                countersigner=self.countersigner if self.late[day] is not None else None))
        return due


def _instant(data: dict) -> dict:
    """A deal as kept, its start as an instant (UTC) rather than as the file wrote it."""
    return {**data, "at": datetime.datetime.fromisoformat(data["at"]).astimezone(datetime.UTC)}


class _Hashed(io.RawIOBase):
    """The file as read, its SHA-256 computed on the way, its lines counted to name one holding U+0000 (a NUL byte,
    or JSON's escape of it): PostgreSQL's texts cannot hold it."""

    def __init__(self, raw):
        self.raw, self.sha, self.lines, self.tail = raw, hashlib.sha256(), 1, b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self.raw.read(len(buffer))
        if isinstance(data, str):
            data = data.encode()
        self.sha.update(data)
        self._storable(data)
        buffer[: len(data)] = data
        return len(data)

    def _storable(self, data: bytes) -> None:
        seen = self.tail + data  # an escape cut by the end of the chunk before
        at = seen.find(b"\x00")
        escaped = ESCAPED_NUL.search(seen) if b"\\u0000" in seen else None
        if escaped is not None and (at < 0 or escaped.end() - 6 < at):
            at = escaped.end() - 6
        if at >= 0:
            raise NulInFile(self.lines - self.tail.count(b"\n") + seen.count(b"\n", 0, at))
        self.lines += data.count(b"\n")
        self.tail = seen[-7:]


def _hands(reader, stream, casino: Casino):
    """(deal, the line where it starts) for each deal of the file."""
    if reader is pokerstars:
        return reader.read_placed(io.TextIOWrapper(stream, encoding="utf-8"),
                                  default_tz=ZoneInfo(casino.jurisdiction.timezone), default_currency=casino.currency)
    return reader.read_placed(stream)


@transaction.atomic
def hands_import(*, casino: Casino, actor: User, source, file_format: str = "ohh", late_reason: str = "",
                 countersigner: User | None = None, name: str = "",
                 progress: Callable[[int], object] | None = None) -> HandsImportResult:
    """Imports a file of deals (a path, or a binary file object): each read, placed in its session and replayed;
    then one entry `poker.mains` per gaming day of new deals, the deals written by COPY. The first refused deal
    refuses the file (`HandRefused`, or the reader's `FormatError` as a `HandRefused`); nothing is written."""
    verify_actor(actor, casino)
    countersigner_checked(casino, actor, countersigner)
    if file_format not in FORMATS:
        raise DomainError(errors.FORMAT_UNKNOWN.format(format=file_format), code=ErrorCode.INVALID, field="format")
    reason = clean_text(late_reason, field="late_reason", max_length=TEXT_MAX, multiline=True, optional=True)
    casino = Casino.objects.select_related("jurisdiction").get(pk=casino.pk)
    work = _Import(casino, actor, reason, countersigner, progress)
    chips_added = rules.chips_added_citation(casino)  # read now: a refused file aborts the transaction with the COPY
    opened = open(source, "rb") if isinstance(source, str | os.PathLike) else None  # noqa: SIM115
    name = name or (os.path.basename(source) if opened else getattr(source, "name", "") or "upload")
    collecting = gc.isenabled()
    gc.disable()  # many small objects, none in a cycle
    try:
        stream = _Hashed(opened or source)
        buffered = io.BufferedReader(stream, buffer_size=1 << 16)
        position = 0
        try:
            for position, (hand, line) in enumerate(_hands(FORMATS[file_format], buffered, casino), start=1):
                work.take(hand, position, line)
            work.pause()
        except FormatError as bad:
            work.abort(bad)  # the COPY ended before any other query on the connection
            reason = _said(bad)
            if getattr(bad, "kind", "") == CHIPS_ADDED_KIND:  # QC art. 67.95 1°; LU art. 49-1, 49-5
                reason = f"{reason} ({chips_added})"
            raise HandRefused(getattr(bad, "number", "") or "", getattr(bad, "position", position + 1),
                              getattr(bad, "line", None), reason, item=getattr(bad, "field", None)) from None
        except NulInFile as bad:
            work.abort(bad)
            raise HandRefused("", position + 1, bad.line, errors.NUL_IN_FILE, code=ErrorCode.UNPRINTABLE) from None
        except BaseException as error:
            work.abort(error)
            raise
        if not work.read:
            raise DomainError(errors.EMPTY_FILE, code=ErrorCode.BAD_FILE, field="file")
        work.numbers_taken()
        return _written(work, casino, actor, str(name)[:200], file_format, stream.sha.hexdigest())
    finally:
        if collecting:
            gc.enable()
        work.cursor.close()
        if opened is not None:
            opened.close()


def _written(work: _Import, casino: Casino, actor: User, name: str, file_format: str,
             file_sha256: str) -> HandsImportResult:
    due = work.entries_due(name, file_format, file_sha256)
    written = []
    if due:
        appended = entries_append(register=register_for(casino=casino, kind=RegisterKind.CAGNOTTE), items=due)
        HandImport.objects.create(
            id=work.batch, casino=casino, name=name, file_format=file_format, digest=file_sha256, hands=work.read,
            created=work.created, first_day=min(work.days), last_day=max(work.days), imported_at=timezone.now(),
            imported_by=actor, entry=appended[-1])
        written = [{"journee": item.gaming_day.isoformat(), "seq": entry.seq, "mains": item.payload["mains"],
                    "empreinte": item.payload["empreinte"]} for item, entry in zip(due, appended, strict=True)]
    return HandsImportResult(
        casino=casino.code, file_sha256=file_sha256, hands=work.read, created=work.created, known=work.skipped,
        days=sorted(work.days), late_days=sorted(day for day, late in work.late.items() if late is not None),
        entries=written)

