"""Slips imported from a table system's export (docs/tables-import.md): all or nothing, in one transaction.

Each line is read in turn and checked with the functions the forms use (registers/tables/slips.py, rules.py): the
denominations and their sum, the signatories of its kind, the limits the game's rule allows, the bank's mode, the
serial that follows the casino's last of the year (in Vigie, then in the file) without gap or duplicate, and the
session's state as Vigie and the lines above it leave it (opened once, numbered in turn, a table closed before it
opens again, nothing filed on a closed session, the drop counted once after the close), and an opening's decks issued
to its table as its game requires (registers/decks/opening.py, the control `session_open` asks). The first refused line
refuses the file: `LineError` names its number (the header is line 1) and its column, and nothing is written.

Then, for each register and gaming day, ONE entry `table.import` of the carnet d'avances (openings, fills, credits,
closings) or of the carnets spéciaux (drop counts), whose payload holds the count, the serials and the SHA-256 of the
slips' canonical lines (registers/tables/digest.py): the chain covers every slip. The sessions and slips are then
written with PostgreSQL's COPY, each referring to its entry. A day past the casino's filing delay needs the
reason and a manager's countersignature, as any late filing of the chain does.

What repeats across lines (a denomination count, a team of signatories, the limits of a game on a day) is checked
once and its result reused: the same functions, called once per distinct input. A rule value changes only on a
version's effective date, so the limits and the bank are read once per game and period between two such dates."""

import bisect
import csv
import datetime
import gc
import hashlib
import io
import os
import re
import unicodedata
from dataclasses import dataclass, field
from decimal import Decimal
from operator import itemgetter
from pathlib import Path

from django.db import connection, transaction
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import Casino, User
from games.models import RuleValueVersion
from registers.errors import ErrorCode

from .. import controls as house
from ..chain.hashing import canonical
from ..chain.services import (
    Appended,
    days_late,
    entries_append,
    late_filing,
    register_for,
    verify_actor,
    verify_gaming_day,
)
from ..controls import refuse_first
from ..decks.controls import TABLES
from ..decks.opening import Openings
from ..fields import TEXT_MAX, clean_text
from ..kinds import EntryKind, RegisterKind
from ..models import BankMode, GamingTable, Slip, SlipKind, TableSession
from ..money import parse_amount
from ..money import shown as money_shown
from . import controls, errors, rules
from . import digest as digests
from .selectors import countersigner_find
from .services import BOOKS, last_serial
from .slips import SIGNATORIES, amount_checked, denominations_clean, serial_checked, serial_parsed, signatures_clean

COLUMNS = ("type", "serie", "journee", "table", "seance", "montant", "coupures", "demandeur", "caissier", "porteur",
           "croupier", "superviseur", "compteur_1", "compteur_2", "minimum", "maximum", "avance")
IMPORTED = (SlipKind.OPENING, SlipKind.FILL, SlipKind.CREDIT, SlipKind.CLOSING, SlipKind.DROP)
REGISTER_OF = {SlipKind.OPENING: RegisterKind.AVANCES, SlipKind.FILL: RegisterKind.AVANCES,
               SlipKind.CREDIT: RegisterKind.AVANCES, SlipKind.CLOSING: RegisterKind.AVANCES,
               SlipKind.DROP: RegisterKind.CARNETS_SPECIAUX}
# the columns each kind fills (the others stay empty); `avance` where the jurisdiction keeps a fixed float
_COMMON = ("type", "journee", "table", "seance", "montant", "coupures")
USED = {kind: {*_COMMON, *SIGNATORIES[kind]} for kind in IMPORTED}
USED[SlipKind.OPENING] |= {"minimum", "maximum", "avance"}
USED[SlipKind.FILL] |= {"serie"}
USED[SlipKind.CREDIT] |= {"serie"}
TYPE, SERIE, JOURNEE, TABLE, SEANCE, MONTANT, COUPURES = range(7)  # the columns' places, once a row is in our order
MINIMUM, MAXIMUM, AVANCE = COLUMNS.index("minimum"), COLUMNS.index("maximum"), COLUMNS.index("avance")
UNUSED = {str(kind.value): [COLUMNS.index(c) for c in COLUMNS if c not in USED[kind]] for kind in IMPORTED}
# every kind has two signatories or more: the getter gives a tuple of their names
SIGNED_AT = {str(kind.value): itemgetter(*(COLUMNS.index(role) for role in SIGNATORIES[kind])) for kind in IMPORTED}
TEAM_OF = {str(kind.value): "drop" if kind == SlipKind.DROP else SIGNATORIES[kind] for kind in IMPORTED}
OPENING, CLOSING, DROP = str(SlipKind.OPENING.value), str(SlipKind.CLOSING.value), str(SlipKind.DROP.value)
NUMBERED = (str(SlipKind.FILL.value), str(SlipKind.CREDIT.value))
# each kind's step from its session's state (tables/controls.py), as the services take it
STEP = {str(SlipKind.FILL.value): controls.slip_problems, str(SlipKind.CREDIT.value): controls.slip_problems,
        CLOSING: controls.session_close_problems, DROP: controls.drop_count_problems}
COPY_BATCH = 20_000
NULL, NULL_PAIR = "\\N", "\\N\t\\N"  # COPY's null
# the services' names of what they refuse → the file's columns
COLUMN_OF = {"amount": "montant", "denominations": "coupures", "serial": "serie", "float_amount": "avance",
             "gaming_day": "journee", "session": "seance", "kind": "type",
             "decks": ""}  # the decks issued to the table (registers/decks): no column of the file, the whole line
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
DIGITS = re.compile(r"[0-9]+")
PIECE = re.compile(r"^([0-9]+(?:[.,][0-9]+)?)[xX×]([0-9]+)$")

LINE_REFUSED = _("Ligne {line}, colonne « {column} » : {message}")
LINE_REFUSED_WHOLE = _("Ligne {line} : {message}")
HEADER = _("L'en-tête doit nommer les colonnes {expected} (séparateur « ; ») ; manquantes : {missing} ; inconnues : "
           "{unknown}.")
COLUMN_COUNT = _("{count} colonne(s) au lieu de {expected} (séparateur « ; »).")
NOT_UTF8 = _("Le fichier n'est pas en UTF-8.")
EMPTY_FILE = _("Le fichier ne contient aucun bordereau.")
UNKNOWN_KIND = _("Type « {value} » inconnu : {kinds}.")
COLUMN_NOT_USED = _("Un bordereau « {kind} » ne remplit pas cette colonne : laissez-la vide.")
BAD_DAY = _("Date « {value} » invalide : une journée de jeu AAAA-MM-JJ.")
SESSION_INVALID = _("N° de séance « {value} » invalide : un entier positif.")
SESSION_UNKNOWN = _("La table « {table} » n'a pas de séance n° {session} le {day}, ni dans Vigie ni plus haut dans le "
                    "fichier : une ligne « ouverture » l'ouvre.")
DENOMINATIONS_UNREADABLE = _("Coupures « {value} » illisibles : « valeur x nombre » séparés par des espaces, par "
                             "exemple « 100x20 25x40 ».")
LATE_DAY = _("La journée de jeu du {day} date de {age} jours, au-delà du délai de saisie de {allowed} jours du casino "
             "(contrôle interne) : l'import donne le motif du retard et la contresignature d'un responsable.")
COUNTERSIGNER_ROLE = _("Une saisie tardive est contresignée par un responsable du casino ; {user} ne l'est pas.")
COUNTERSIGNER_SAME = _("La contresignature vient d'une autre personne que celle qui importe le fichier ({user}).")


class LineError(DomainError):
    """A refused line: its number in the file (the header is line 1) and its column (None: the whole line)."""

    def __init__(self, line: int, column: str | None, message, code: str = ErrorCode.INVALID):
        text = (LINE_REFUSED.format(line=line, column=column, message=message) if column
                else LINE_REFUSED_WHOLE.format(line=line, message=message))
        super().__init__(text, code=code, field=f"lignes[{line}].{column}" if column else f"lignes[{line}]")
        self.line, self.column, self.reason = line, column, message


@dataclass(frozen=True)
class ImportedEntry:
    register: str
    gaming_day: datetime.date
    seq: int
    slips: int
    digest: str


@dataclass(frozen=True)
class ImportResult:
    casino: str
    file_sha256: str
    lines: int  # the slips' lines, the header left out
    by_kind: dict[str, int]
    sessions: int  # opened by the file
    days: list[datetime.date]
    late_days: list[datetime.date]
    serials: dict[int, tuple[int, int]]  # year → (first, last) of the file's fills and credits
    entries: list[ImportedEntry] = field(default_factory=list)

    @property
    def slips(self) -> int:
        return sum(self.by_kind.values())

    def as_dict(self) -> dict:
        return {"casino": self.casino, "file_sha256": self.file_sha256, "slips": self.slips,
                "by_kind": self.by_kind, "sessions": self.sessions, "days": [d.isoformat() for d in self.days],
                "late_days": [d.isoformat() for d in self.late_days],
                "serials": {str(year): {"first": first, "last": last}
                            for year, (first, last) in sorted(self.serials.items())},
                "entries": [{"register": e.register, "gaming_day": e.gaming_day.isoformat(), "seq": e.seq,
                             "slips": e.slips, "sha256": e.digest} for e in self.entries]}


# --- the file -------------------------------------------------------------------------------------------------------

class _Binary:
    """A binary source's lines, decoded as UTF-8 (a byte-order mark allowed), its SHA-256 computed on the way."""

    def __init__(self, raw):
        self.raw, self.sha = raw, hashlib.sha256()

    def __iter__(self):
        for number, data in enumerate(io.BufferedReader(_Raw(self.raw, self.sha), 1 << 16), 1):
            try:
                text = data.decode()
            except UnicodeDecodeError:
                raise LineError(number, None, NOT_UTF8, ErrorCode.BAD_FILE) from None
            yield text.removeprefix("\ufeff") if number == 1 else text


class _Raw(io.RawIOBase):
    def __init__(self, raw, sha):
        self.raw, self.sha = raw, sha

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self.raw.read(len(buffer))
        if not data:
            return 0
        buffer[: len(data)] = data
        self.sha.update(data)
        return len(data)


class _Text:
    """A text source's lines, its SHA-256 that of their UTF-8."""

    def __init__(self, raw):
        self.raw, self.sha = raw, hashlib.sha256()

    def __iter__(self):
        first = True
        for line in self.raw:
            self.sha.update(line.encode())
            yield line.removeprefix("\ufeff") if first else line
            first = False


def _source_name(source) -> str:
    """The file's name as the entries write it: printable (an uploaded name is the client's), bounded."""
    name = source if isinstance(source, str | os.PathLike) else getattr(source, "name", "") or ""
    return "".join(c for c in Path(str(name)).name if unicodedata.category(c)[0] not in "CZ" or c == " ")[:200]


# --- one import -----------------------------------------------------------------------------------------------------

def _copy_text(value: str) -> str:
    """A text as COPY's text format reads it (registers' texts hold no control character; JSON escapes its own)."""
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


@dataclass(frozen=True)
class _Part:
    """A checked value as the lines use it: the value, its canonical JSON, and that JSON as COPY reads it."""

    value: object
    json: str
    copy: str

    @classmethod
    def of(cls, value) -> "_Part":
        text = digests.plain_canonical(value)
        return cls(value, text, _copy_text(text))


class _Session:
    """A session as Vigie and the lines above leave it. One the file opens holds its row's fields."""

    __slots__ = ("table", "day", "day_text", "number", "closed", "dropped", "pk", "opening", "float_amount",
                 "limits", "bank_mode", "_state")

    def __init__(self, table: GamingTable, day: datetime.date, number: int, closed: bool, dropped: bool,
                 pk: int | None = None):
        self.table, self.day, self.day_text, self.number = table, day, day.isoformat(), number
        self.closed, self.dropped, self.pk = closed, dropped, pk
        self.opening: _Part | None = None
        self.float_amount: Decimal | None = None
        self.limits: rules.Limits | None = None
        self.bank_mode = ""
        self._state: controls.SessionState | None = None

    @property
    def state(self) -> controls.SessionState:
        """The session's state for its controls, made again only when its stage moves."""
        stage = controls.stage_of(closed=self.closed, counted=self.dropped)
        if self._state is None or self._state.stage != stage:
            self._state = controls.SessionState(self.table.number, self.day, self.number, stage)
        return self._state


class _Import:
    def __init__(self, casino: Casino, actor: User, late_reason: str, countersigner: User | None):
        self.casino, self.actor, self.countersigner = casino, actor, countersigner
        self.late_reason = late_reason
        # the tables locked as `session_open` locks one, then the casino's row as `slip_file` locks it to take its
        # serials in turn: in that order, a form and an import never wait on each other in a circle
        self.tables = {t.number: t for t in GamingTable.objects.select_for_update(of=("self",)).filter(casino=casino)
                       .select_related("game").order_by("pk")}
        list(Casino.objects.select_for_update().filter(pk=casino.pk).values_list("pk", flat=True))
        self.table_json: dict[int, tuple[str, str]] = {}  # table id → canonical (number, game)
        for table in self.tables.values():
            table.casino = casino
            self.table_json[table.pk] = (canonical(table.number), canonical(table.game.key))
        self.changes = sorted(set(RuleValueVersion.objects.filter(
            rule__jurisdiction=casino.jurisdiction).values_list("effective_from", flat=True)))
        self.sessions: dict[tuple, _Session] = {}  # (table id, day, number) → its state
        self.numbers: dict[tuple, int] = {}  # (table id, day) → the last session number
        self.last: dict[int, _Session] = {}  # table id → its latest session (day, number)
        self.serials: dict[int, int | None] = {}  # year → the last serial so far
        self.days: dict[datetime.date, dict | None] = {}  # the days seen → their late filing, if late
        self.raw_days: dict[str, datetime.date] = {}
        self.raw_tables: dict[str, GamingTable] = {}
        self.raw_numbers: dict[str, int] = {}
        # limits, bank, float, citations: once per period between two rule changes (or per text, for a float)
        self.memo: dict = {}
        self.counted: dict[str, _Part] = {}  # each distinct text of denominations, checked once
        self.amounts: dict[tuple, str] = {}
        self.signed: dict[tuple, _Part] = {}
        self.opened: list[_Session] = []
        self.decks = Openings(casino)  # the opening control of the decks, as `session_open` asks it
        self.slips: list[tuple] = []  # (session, kind, serial, amount text, denominations, signatures)
        self._latest_sessions()
        # the gaming days on which Vigie holds sessions of the casino's tables: only those are read at their first line
        self.held_days = set(TableSession.objects.filter(table__casino=casino).values_list("gaming_day", flat=True)
                             .distinct())

    # the state in Vigie

    def _sessions_query(self):
        closing = Slip.objects.filter(session=OuterRef("pk"), kind=SlipKind.CLOSING)
        dropped = Slip.objects.filter(session=OuterRef("pk"), kind=SlipKind.DROP)
        return (TableSession.objects.filter(table__casino=self.casino)
                .annotate(closed=Exists(closing), dropped=Exists(dropped)))

    def _latest_sessions(self) -> None:
        tables = {t.pk: t for t in self.tables.values()}
        latest = (self._sessions_query().order_by("table_id", "-gaming_day", "-number").distinct("table_id")
                  .values_list("pk", "table_id", "gaming_day", "number", "closed", "dropped"))
        for pk, table_id, day, number, closed, was_dropped in latest:
            session = _Session(tables[table_id], day, number, closed, was_dropped, pk=pk)
            self.sessions[(table_id, day, number)] = session
            self.last[table_id] = session

    def _load_day(self, day: datetime.date) -> None:
        """The sessions Vigie holds on `day`, read at the day's first line."""
        tables = {t.pk: t for t in self.tables.values()}
        for pk, table_id, number, closed, was_dropped in (
                self._sessions_query().filter(gaming_day=day)
                .values_list("pk", "table_id", "number", "closed", "dropped")):
            key = (table_id, day, number)
            if key not in self.sessions:
                self.sessions[key] = _Session(tables[table_id], day, number, closed, was_dropped, pk=pk)
            self.numbers[(table_id, day)] = max(self.numbers.get((table_id, day), 0), number)

    def _period(self, day: datetime.date) -> datetime.date | None:
        """The latest effective date of any rule value of the jurisdiction on `day`: every rule reads the same
        between two such dates."""
        index = bisect.bisect_right(self.changes, day)
        return self.changes[index - 1] if index else None

    def _once(self, key: tuple, compute):
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]

    # the columns

    def _day(self, raw: str) -> datetime.date:
        day = self.raw_days.get(raw)
        if day is not None:
            return day
        text = raw.strip()
        try:
            day = datetime.date.fromisoformat(text) if DAY.match(text) else None
        except ValueError:
            day = None
        if day is None:
            raise DomainError(BAD_DAY.format(value=raw), code=ErrorCode.INVALID, field="journee")
        if day not in self.days:  # a day's checks, at its first line
            verify_gaming_day(self.casino, day)
            self.days[day] = self._late(day)
            if day in self.held_days:
                self._load_day(day)
        self.raw_days[raw] = day
        return day

    def _late(self, day: datetime.date) -> dict | None:
        age = days_late(self.casino, day)
        if not age:
            return None
        if not self.late_reason or self.countersigner is None:
            raise DomainError(LATE_DAY.format(day=day.isoformat(), age=age, allowed=self.casino.late_filing_days),
                              code=ErrorCode.LATE_FILING, field="journee")
        return late_filing(self.casino, day, self.late_reason)

    def _table(self, raw: str) -> GamingTable:
        table = self.raw_tables.get(raw)
        if table is None:
            table = self.tables.get(raw.strip())
            if table is None:
                raise DomainError(errors.UNKNOWN_TABLE.format(number=raw.strip()), code=ErrorCode.UNKNOWN_TABLE,
                                  field="table")
            self.raw_tables[raw] = table
        return table

    def _number(self, raw: str) -> int:
        text = raw.strip()
        if not DIGITS.fullmatch(text) or not 1 <= int(text) <= 32767:
            raise DomainError(SESSION_INVALID.format(value=raw), code=ErrorCode.INVALID, field="seance")
        self.raw_numbers[raw] = int(text)
        return int(text)

    def _counted(self, raw: str) -> _Part:
        found = self.counted.get(raw)
        if found is None:
            pieces: dict[str, int] = {}
            for piece in raw.split():
                match = PIECE.match(piece)
                if match is None:
                    raise DomainError(DENOMINATIONS_UNREADABLE.format(value=raw), code=ErrorCode.INVALID,
                                      field="coupures")
                value, count = match.groups()
                pieces[value] = pieces.get(value, 0) + int(count)
            found = self.counted[raw] = _Part.of(denominations_clean(pieces, casino=self.casino,
                                                                     field="coupures"))
        return found

    def _amount(self, raw: str, counted: _Part, allow_zero: bool) -> str:
        key = (raw, counted.json, allow_zero)
        found = self.amounts.get(key)
        if found is None:
            found = self.amounts[key] = format(amount_checked(raw, counted.value, casino=self.casino,
                                                                               allow_zero=allow_zero), "f")
        return found

    def _signed(self, kind: str, row: list[str]) -> _Part:
        # a fill and a credit have the same signatories: one team's check serves both
        key = (TEAM_OF[kind], SIGNED_AT[kind](row))
        found = self.signed.get(key)
        if found is None:
            found = self.signed[key] = _Part.of(signatures_clean(kind, dict(zip(SIGNATORIES[kind], key[1],
                                                                                   strict=True))))
        return found

    # the lines

    def read(self, lines) -> int:
        reader = csv.reader(lines, delimiter=";")
        header = next(reader, None)
        named = [name.strip().lower() for name in header or []]
        if sorted(named) != sorted(COLUMNS):
            raise LineError(1, None, HEADER.format(
                expected=" ; ".join(COLUMNS), missing=", ".join(c for c in COLUMNS if c not in named) or "—",
                unknown=", ".join(c for c in named if c not in COLUMNS) or "—"), ErrorCode.BAD_FILE)
        order = [named.index(column) for column in COLUMNS]
        ordered = order != list(range(len(COLUMNS)))  # the columns in another order: each row put in ours
        count, width, line_of = 0, len(COLUMNS), self._line
        try:
            for row in reader:
                if len(row) != width:
                    if not row or (len(row) == 1 and not row[0].strip()):
                        continue
                    raise LineError(reader.line_num, None, COLUMN_COUNT.format(count=len(row), expected=width),
                                    ErrorCode.BAD_FILE)
                try:
                    line_of([row[i] for i in order] if ordered else row)
                except DomainError as refused:
                    field_name = refused.field or ""
                    column = field_name.removeprefix("signatures.") if field_name.startswith("signatures.") \
                        else COLUMN_OF.get(field_name, field_name)
                    raise LineError(reader.line_num, column or None, refused.message, refused.code) from None
                count += 1
        except csv.Error as error:
            raise LineError(reader.line_num, None, str(error), ErrorCode.BAD_FILE) from None
        if not count:
            raise DomainError(EMPTY_FILE, code=ErrorCode.EMPTY, field="fichier")
        return count

    def _line(self, row: list[str]) -> None:
        kind = row[TYPE]
        if kind not in UNUSED:
            kind = kind.strip()
            if kind not in UNUSED:
                raise DomainError(UNKNOWN_KIND.format(value=kind, kinds=", ".join(IMPORTED)), field="type")
        for position in UNUSED[kind]:
            if row[position] and row[position].strip():
                raise DomainError(COLUMN_NOT_USED.format(kind=kind), field=COLUMNS[position])
        day = self.raw_days.get(row[JOURNEE]) or self._day(row[JOURNEE])
        table = self.raw_tables.get(row[TABLE]) or self._table(row[TABLE])
        number = self.raw_numbers.get(row[SEANCE]) or self._number(row[SEANCE])
        if kind == OPENING:
            self._open(table, day, number, row)
            return
        session = self.sessions.get((table.pk, day, number))
        if session is None:
            raise DomainError(SESSION_UNKNOWN.format(table=table.number, session=number, day=day.isoformat()),
                              code=ErrorCode.INVALID, field="seance")
        serial = None
        problems = STEP[kind](session.state)
        if problems:
            refuse_first(problems, self.casino.jurisdiction)
        if kind in NUMBERED:  # a fill or a credit: the year's next serial
            year = day.year
            last = self.serials[year] if year in self.serials else self._last_serial(year)
            serial = serial_checked(self.casino, year, serial_parsed(row[SERIE]), last)
        counted = self.counted.get(row[COUPURES]) or self._counted(row[COUPURES])
        amount = self._amount(row[MONTANT], counted, allow_zero=serial is None)
        signed = self._signed(kind, row)
        if serial is not None:
            self.serials[day.year] = serial
        elif kind == CLOSING:
            session.closed = True
        else:
            session.dropped = True
        self.slips.append((session, kind, serial, amount, counted, signed))

    def _last_serial(self, year: int) -> int | None:
        self.serials[year] = last_serial(self.casino, year)
        return self.serials[year]

    def _open(self, table: GamingTable, day: datetime.date, number: int, row: list[str]) -> None:
        """A session opened as `session_open` opens it: numbered in turn, its table closed before, its limits and
        bank checked, its opening inventory counted (the float, where one is kept)."""
        last = self.last.get(table.pk)
        opening = controls.Opening(table.number, day, number, self.numbers.get((table.pk, day), 0))
        refuse_first(controls.session_open_problems(last.state if last is not None else None, opening),
                     self.casino.jurisdiction)
        low, high, raw_float = row[MINIMUM], row[MAXIMUM], row[AVANCE].strip()
        key = (self._period(day), table.game_id, low, high)
        limits = self.memo.get(key) or self.memo.setdefault(key, rules.limits(table, day, low, high))
        bank = self.memo.get(("banque", key[0])) or self.memo.setdefault(("banque", key[0]),
                                                                         rules.bank(self.casino, day))
        counted = self.counted.get(row[COUPURES]) or self._counted(row[COUPURES])
        amount = self._amount(row[MONTANT], counted, allow_zero=bank.mode == BankMode.INVENTAIRE)
        float_value = None
        if bank.mode == BankMode.AVANCE:
            if not raw_float:
                raise DomainError(errors.FLOAT_REQUIRED.format(citation=bank.citation), code=ErrorCode.INVALID,
                                  field="float_amount")
            float_value = self.memo.get(("avance", raw_float)) or self.memo.setdefault(
                ("avance", raw_float), parse_amount(raw_float, field="float_amount"))
            if amount != format(float_value, "f"):  # both exact to the cent
                raise DomainError(errors.FLOAT_NOT_COUNTED.format(
                    counted=money_shown(self.casino, amount), float=money_shown(self.casino, float_value),
                    citation=bank.citation),
                                  code=ErrorCode.INVALID_AMOUNT, field="denominations")
        elif raw_float:
            raise DomainError(errors.FLOAT_NOT_HERE.format(citation=bank.citation), code=ErrorCode.INVALID,
                              field="float_amount")
        signed = self._signed(OPENING, row)
        refuse_first(self.decks.problems(family=TABLES, table=table.number, game=table.game.key, day=day),
                     self.casino.jurisdiction)
        session = _Session(table, day, number, closed=False, dropped=False)
        session.float_amount, session.limits, session.bank_mode = float_value, limits, bank.mode
        shown = (key, bank.mode, float_value)
        session.opening = self.memo.get(shown) or self.memo.setdefault(shown, _Part.of(digests.opening_fields(
            bank_mode=bank.mode, float_amount=float_value, minimum=limits.minimum, maximum=limits.maximum,
            maximum_per=limits.per, limits_citation=limits.citation)))
        self.sessions[(table.pk, day, number)] = session
        self.numbers[(table.pk, day)] = number
        if last is None or (day, number) > (last.day, last.number):
            self.last[table.pk] = session
        self.opened.append(session)
        self.slips.append((session, OPENING, None, amount, counted, signed))

    # writing

    def _cited(self, register_kind: str, day: datetime.date) -> str:
        """The article of the register's book, as `services._append` cites it."""
        return self._once(("citation", register_kind, self._period(day)),
                          lambda: house.cited(self.casino, BOOKS[register_kind], day, house.BOOKS))

    def _line_of(self, slip: tuple) -> str:
        session, kind, serial, amount, counted, signed = slip
        table, game = self.table_json[session.table.pk]
        return digests.line(kind, table, game, session.number, serial, amount, counted.json, signed.json,
                            session.opening.json if kind == SlipKind.OPENING else None)

    def entries_due(self, file_name: str, file_sha256: str):
        """For each register and gaming day, in day order: its register, its day, the payload of its entry
        (the count, the serials and the digest of its slips) and its late filing, if late."""
        groups: dict[tuple, list] = {}
        for slip in self.slips:
            groups.setdefault((REGISTER_OF[slip[1]], slip[0].day), []).append(slip)
        for register_kind, day in sorted(groups, key=lambda key: (key[1], key[0] != RegisterKind.AVANCES)):
            items = groups[(register_kind, day)]
            items.sort(key=lambda s: (s[0].table.number, s[0].number, digests.RANK[s[1]], s[2] or 0))
            kinds: dict[str, int] = {}
            for slip in items:
                kinds[slip[1]] = kinds.get(slip[1], 0) + 1
            serials = [slip[2] for slip in items if slip[2] is not None]
            payload = {
                "format": digests.FORMAT, "fichier": {"nom": file_name, "sha256": file_sha256},
                "bordereaux": len(items), "natures": kinds,
                "series": {"annee": day.year, "premiere": min(serials), "derniere": max(serials)} if serials else None,
                "seances_ouvertes": kinds.get(SlipKind.OPENING, 0),
                "empreinte": digests.digest(map(self._line_of, items)),
                "citation": self._cited(register_kind, day),
            }
            late = self.days[day]
            if late is not None:
                payload["late_filing"] = late
            yield register_kind, day, payload, late

    def copy(self, entries: dict) -> None:
        """The sessions, then the slips, by COPY in its text format (tab-separated, \\N for null)."""
        with connection.cursor() as cursor:
            if self.opened:
                cursor.execute("SELECT nextval(pg_get_serial_sequence('registers_tablesession', 'id')) "
                               "FROM generate_series(1, %s)", [len(self.opened)])
                for session, (pk,) in zip(self.opened, cursor.fetchall(), strict=True):
                    session.pk = pk
                with cursor.cursor.copy(
                        "COPY registers_tablesession (id, table_id, gaming_day, number, bank_mode, float_amount, "
                        "minimum, maximum, maximum_per, limits_citation, opened_at, entry_id) FROM STDIN") as copy:
                    rows = []
                    for s in self.opened:
                        entry, recorded_at = entries[(RegisterKind.AVANCES, s.day)]
                        limits = s.limits
                        rows.append(f"{s.pk}\t{s.table.pk}\t{s.day_text}\t{s.number}\t{s.bank_mode}\t"
                                    f"{NULL if s.float_amount is None else s.float_amount}\t{limits.minimum}\t"
                                    f"{limits.maximum}\t{_copy_text(limits.per)}\t{_copy_text(limits.citation)}\t"
                                    f"{recorded_at}\t{entry}\n")
                    copy.write("".join(rows))
            casino = self.casino.pk
            with cursor.cursor.copy(
                    "COPY registers_slip (casino_id, session_id, gaming_day, kind, year, serial, amount, "
                    "denominations, signatures, details, recorded_at, entry_id) FROM STDIN") as copy:
                for start in range(0, len(self.slips), COPY_BATCH):
                    rows = []
                    for session, kind, serial, amount, counted, signed in self.slips[start:start + COPY_BATCH]:
                        entry, recorded_at = entries[(REGISTER_OF[kind], session.day)]
                        numbered = f"{session.day.year}\t{serial}" if serial is not None else NULL_PAIR
                        rows.append(f"{casino}\t{session.pk}\t{session.day_text}\t{kind}\t{numbered}\t{amount}\t"
                                    f"{counted.copy}\t{signed.copy}\t{{}}\t{recorded_at}\t{entry}\n")
                    copy.write("".join(rows))

    def result(self, lines: int, file_sha256: str, written: list[ImportedEntry]) -> ImportResult:
        by_kind = {kind: 0 for kind in IMPORTED}
        serials: dict[int, list[int]] = {}
        for slip in self.slips:
            by_kind[slip[1]] += 1
            if slip[2] is not None:
                found = serials.setdefault(slip[0].day.year, [slip[2], slip[2]])
                found[0], found[1] = min(found[0], slip[2]), max(found[1], slip[2])
        return ImportResult(
            casino=self.casino.code, file_sha256=file_sha256, lines=lines, by_kind=by_kind,
            sessions=len(self.opened), days=sorted(self.days),
            late_days=sorted(day for day, late in self.days.items() if late is not None),
            serials={year: (first, last) for year, (first, last) in serials.items()}, entries=written)


def countersigner_present(casino: Casino, actor: User, username: str, password: str, request=None) -> User:
    """The manager who countersigns a late import through the API, present (`selectors.countersigner_find`). Call
    it outside the import's transaction, so that a wrong attempt stays counted."""
    oneself = DomainError(COUNTERSIGNER_SAME.format(user=username), code=ErrorCode.SAME_PERSON, field="countersigner")
    return countersigner_find(casino, actor, username, password, request, oneself=oneself)


def countersigner_checked(casino: Casino, actor: User, countersigner: User | None) -> None:
    if countersigner is None:
        return
    if not countersigner.is_active or countersigner.casino_id != casino.pk or countersigner.role != User.Role.MANAGER:
        raise DomainError(COUNTERSIGNER_ROLE.format(user=countersigner.username), code=ErrorCode.WRONG_ROLE,
                          field="countersigner")
    if countersigner.pk == actor.pk:
        raise DomainError(COUNTERSIGNER_SAME.format(user=actor.username), code=ErrorCode.SAME_PERSON,
                          field="countersigner")


@transaction.atomic
def slips_import(*, casino: Casino, actor: User, source, late_reason: str = "",
                 countersigner: User | None = None) -> ImportResult:
    """Imports a table system's export of slips (a path, or a binary or text file object): every line checked as
    the forms check a slip, then one entry `table.import` per register and gaming day, its slips written by COPY.
    The first refused line refuses the file (`LineError`: its number and column); nothing is written."""
    verify_actor(actor, casino)
    countersigner_checked(casino, actor, countersigner)
    reason = clean_text(late_reason, field="late_reason", max_length=TEXT_MAX, multiline=True, optional=True)
    casino = Casino.objects.select_related("jurisdiction").get(pk=casino.pk)
    work = _Import(casino, actor, reason, countersigner)
    collecting = gc.isenabled()
    # hundreds of thousands of rows kept until the COPY, none in a cycle: the collector would walk them again and
    # again (refcounting frees them all the same once the import returns)
    gc.disable()
    try:
        return _imported(work, source, casino, actor, countersigner)
    finally:
        if collecting:
            gc.enable()


def _imported(work: _Import, source, casino: Casino, actor: User, countersigner: User | None) -> ImportResult:
    opened = open(source, "rb") if isinstance(source, str | os.PathLike) else None  # noqa: SIM115
    try:
        raw = opened or source
        stream = _Text(raw) if isinstance(raw, io.TextIOBase) else _Binary(raw)
        count = work.read(stream)
    finally:
        if opened is not None:
            opened.close()
    file_sha256 = stream.sha.hexdigest()
    due: dict[str, list[tuple[datetime.date, dict, Appended]]] = {}
    position = {}
    for register_kind, day, payload, late in work.entries_due(_source_name(source), file_sha256):
        position[(register_kind, day)] = len(position)
        due.setdefault(register_kind, []).append((day, payload, Appended(
            kind=EntryKind.SLIPS_IMPORTED, gaming_day=day, actor=actor, payload=payload,
            countersigner=countersigner if late is not None else None)))
    entries, written = {}, []
    for register_kind, items in due.items():  # each register's entries in one append, its chain as one by one
        appended = entries_append(register=register_for(casino=casino, kind=register_kind),
                                  items=[item for _day, _payload, item in items])
        for (day, payload, _item), entry in zip(items, appended, strict=True):
            entries[(register_kind, day)] = (entry.pk, entry.recorded_at.isoformat())
            written.append(ImportedEntry(register_kind, day, entry.seq, payload["bordereaux"], payload["empreinte"]))
    work.copy(entries)  # the sessions and slips, each referring to its entry
    return work.result(count, file_sha256, written)
