"""Reads behind every register's pages and API: every one goes through `visible_to`, so a casino user
sees their casino only and a regulator the casinos of their jurisdiction. The chain itself is verified and
exported by registers/chain/verification.py; each family reads its own entries in its selectors."""

import csv
import datetime
import io
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.expressions import RawSQL
from django.db.models.functions import Greatest
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.search import PER_SEARCHER, Hit, Query
from games.selectors import rule_value_at

from ..kinds import RULE_OF_KIND, EntryKind, RegisterKind, entry_kind_label, register_kind_label
from ..models import ArchivedHead, Checkpoint, Entry, PendingEntry, Register

PROBLEMS = {
    "changed": _("contenu modifié après son enregistrement"),
    "missing": _("écriture manquante ou en double"),
    "reordered": _("écritures déplacées"),
    "broken_link": _("chaînage rompu"),
    "truncated": _("registre tronqué après un point de contrôle signé"),
    "bad_signature": _("signature de point de contrôle invalide"),
    "checkpoint_mismatch": _("écriture différente du point de contrôle signé"),
}


def problem_label(kind: str) -> str:
    return str(PROBLEMS.get(kind, kind))






# --- the list of registers -----------------------------------------------------------------------


@dataclass(frozen=True)
class RegisterRow:
    casino: Casino
    kind: str
    register: Register | None  # None: a register the casino keeps but nothing was filed in yet
    entries: int = 0
    head_seq: int | None = None
    last_checkpoint: Checkpoint | None = None
    pending: int = 0

    @property
    def label(self) -> str:
        return register_kind_label(self.kind)


def kind_applies(casino: Casino, kind: str, on: datetime.date | None = None) -> bool:
    """Whether the casino's rule data holds what this register's services need."""
    key = RULE_OF_KIND.get(kind)
    if key is None:
        return True
    try:
        rule_value_at(jurisdiction=casino.jurisdiction, key=key, on=on or casino.today(), drafts=True)
    except DomainError:
        return False
    return True


def register_overview(*, user: User) -> list[tuple[Casino, list[RegisterRow]]]:
    """Per visible casino, each of its registers with its size, head, last checkpoint and queue."""
    casinos = list(Casino.objects.visible_to(user).select_related("jurisdiction"))
    registers = list(Register.objects.visible_to(user).select_related("casino"))
    ids = [r.pk for r in registers]
    # a chain is numbered 1 … head without a gap (the verification says so when it is not): its head is its size,
    # read from the index on (register, n°) rather than by counting millions of entries
    heads = Entry.objects.filter(register=OuterRef("pk")).order_by("-seq").values("seq")[:1]
    archived = ArchivedHead.objects.filter(register=OuterRef("pk")).order_by("-seq").values("seq")[:1]
    sizes = {pk: {"count": head or 0, "head": head}
             for pk, head in Register.objects.filter(pk__in=ids)
             .annotate(head=Greatest(Subquery(heads), Subquery(archived))).values_list("pk", "head")}
    pending = dict(
        PendingEntry.objects.filter(register__in=ids, entry__isnull=True)
        .values("register")
        .annotate(count=Count("id"))
        .order_by()
        .values_list("register", "count")
    )
    checkpoints = {
        c.register_id: c
        for c in Checkpoint.objects.filter(register__in=ids)
        .select_related("signed_by")
        .order_by("register_id", "-size", "-signed_at")
        .distinct("register_id")
    }
    by_casino: dict[int, list[RegisterRow]] = {casino.pk: [] for casino in casinos}
    for register in registers:
        size = sizes.get(register.pk, {})
        by_casino.setdefault(register.casino_id, []).append(
            RegisterRow(
                register.casino,
                register.kind,
                register,
                size.get("count", 0),
                size.get("head"),
                checkpoints.get(register.pk),
                pending.get(register.pk, 0),
            )
        )
    for casino in casinos:
        rows = by_casino[casino.pk]
        if not any(row.kind == RegisterKind.ORPHELINS for row in rows) and kind_applies(casino, RegisterKind.ORPHELINS):
            rows.append(RegisterRow(casino, RegisterKind.ORPHELINS, None))
        rows.sort(key=lambda row: row.kind)
    return [(casino, by_casino[casino.pk]) for casino in casinos]


def register_head(register: Register) -> tuple[int, str] | None:
    """The register's last n° and hash: its live entries' or, when none follows it, the last entry of a year its
    casino archived (the head the chain goes on from, as `vigie_entry_append` reads it, migration 0027)."""
    live = Entry.objects.filter(register=register).order_by("-seq").values_list("seq", "hash").first()
    archived = (ArchivedHead.objects.filter(register=register, seq__gt=live[0] if live else 0).order_by("-seq")
                .values_list("seq", "hash").first())
    return archived or live


def register_get(*, user: User, casino_code: str, kind: str) -> Register:
    return get_object_or_404(
        Register.objects.visible_to(user).select_related("casino__jurisdiction"), casino__code=casino_code, kind=kind
    )


def register_find(*, user: User, casino: Casino, kind: str) -> Register | None:
    """The register if anything was ever filed in it (reading never creates one)."""
    return Register.objects.visible_to(user).filter(casino=casino, kind=kind).first()


# --- countersignature queue ------------------------------------------------------------------------


@dataclass(frozen=True)
class PendingRow:
    pending: PendingEntry

    @property
    def payload(self) -> dict:
        return json.loads(self.pending.payload)

    @property
    def amount(self) -> Decimal | None:
        raw = self.payload.get("amount")
        return Decimal(raw) if raw is not None else None

    @property
    def kind_label(self) -> str:
        return entry_kind_label(self.pending.kind)

    @property
    def where(self) -> str:
        payload = self.payload
        return payload.get("location") or payload.get("machine") or payload.get("table") or ""

    @property
    def source_label(self) -> str:
        """A found sum's origin, as its filing named it in French (a message of the English catalogue too)."""
        return gettext(self.payload["source_label"]) if self.payload.get("source_label") else ""


def pending_list(*, user: User, register: Register | None = None) -> list[PendingRow]:
    """The filings still waiting for their second signature."""
    queue = (
        PendingEntry.objects.visible_to(user)
        .filter(entry__isnull=True)
        .select_related("register__casino__jurisdiction", "actor")
        .order_by("created_at", "pk")
    )
    if register is not None:
        queue = queue.filter(register=register)
    return [PendingRow(pending) for pending in queue]


def pending_get(*, user: User, pk: int) -> PendingEntry:
    return get_object_or_404(PendingEntry.objects.visible_to(user).select_related("register__casino", "actor"), pk=pk)


# --- one entry -------------------------------------------------------------------------------------


def entry_get(*, user: User, casino_code: str, kind: str, seq: int) -> Entry:
    return get_object_or_404(
        Entry.objects.visible_to(user).select_related(
            "register__casino__jurisdiction", "actor", "countersigner", "refers_to"
        ),
        register__casino__code=casino_code,
        register__kind=kind,
        seq=seq,
    )


def entry_followers(entry: Entry) -> list[Entry]:
    return list(entry.followers.select_related("actor", "countersigner").order_by("seq"))


def entry_has_next(entry: Entry) -> bool:
    return Entry.objects.filter(register_id=entry.register_id, seq=entry.seq + 1).exists()


def entry_citation(entry: Entry) -> str | None:
    """The article the entry rests on, when its payload names one."""
    citation = json.loads(entry.payload).get("citation")
    return citation if isinstance(citation, str) else None


def entry_late(entry: Entry | PendingEntry) -> dict | None:
    """What a late filing says of itself (`entry_file`): its reason, its age in days, the casino's delay then."""
    late = json.loads(entry.payload).get("late_filing")
    return late if isinstance(late, dict) else None


def entry_draft_basis(entry: Entry) -> dict | None:
    """What a basis entry (`draft_basis_due`) records: the drafts, the casino's decision, the day it applies from."""
    if entry.kind != EntryKind.DRAFT_BASIS:
        return None
    basis = json.loads(entry.payload)
    since = basis.get("since")
    return {**basis, "since": datetime.date.fromisoformat(since) if isinstance(since, str) else None}


def payload_pretty(entry: Entry | PendingEntry) -> str:
    return json.dumps(json.loads(entry.payload), indent=2, ensure_ascii=False, sort_keys=True)


# --- corrections -----------------------------------------------------------------------------------------------


def standing(entries: QuerySet[Entry]) -> QuerySet[Entry]:
    """The entries no countersigned correction has set aside: what a register's state and totals count."""
    return entries.exclude(followers__kind=EntryKind.CORRECTION)


def with_corrections(entries: QuerySet[Entry], upto: int | None = None) -> QuerySet[Entry]:
    """Each entry with `corrected_by`, the n° of the countersigned correction that set it aside (None if none); with
    `upto`, as the register stood at its n° `upto`. The entries may be an archived year's (`KeptEntry`): its
    corrections are read there, where they were archived with it."""
    corrections = entries.model.objects.filter(refers_to_id=OuterRef("pk"), kind=EntryKind.CORRECTION).order_by("seq")
    # the latest rectification of its citations (registers/chain/recitation.py): it names every place rectified
    recitations = entries.model.objects.filter(refers_to_id=OuterRef("pk"), kind=EntryKind.RECITATION).order_by("-seq")
    if upto is not None:
        corrections = corrections.filter(seq__lte=upto)
        recitations = recitations.filter(seq__lte=upto)
    return entries.annotate(corrected_by=Subquery(corrections.values("seq")[:1]),
                            recited_by=Subquery(recitations.values("seq")[:1]),
                            recitation=Subquery(recitations.values("payload")[:1]))


def recited(entry) -> list[dict]:
    """The places of the entry whose citation was rectified, each {path, was, now}, from `with_corrections`."""
    payload = getattr(entry, "recitation", None)
    return [{key: item[key] for key in ("path", "was", "now")}
            for item in json.loads(payload).get("corrections", [])] if payload else []


def entry_recitation(entry: Entry) -> dict | None:
    """The latest rectification of the entry's citations: its entry, and each place with what was written and what
    should have been, with the reason."""
    done = entry.followers.filter(kind=EntryKind.RECITATION).select_related("actor", "countersigner").order_by(
        "-seq").first()
    if done is None:
        return None
    payload = json.loads(done.payload)
    reasons = payload.get("reasons", {})
    return {"entry": done, "places": [{**place, "why": " ".join(reasons.get(key, "")
                                                            for key in str(place.get("rule")).split(" + "))}
                                      for place in payload.get("corrections", [])]}


def entry_correction(entry: Entry) -> Entry | PendingEntry | None:
    """The countersigned correction of the entry, else the filing of one awaiting its countersignature."""
    done = entry.followers.filter(kind=EntryKind.CORRECTION).select_related("actor", "countersigner").first()
    if done is not None:
        return done
    return PendingEntry.objects.filter(refers_to=entry, kind=EntryKind.CORRECTION, entry__isnull=True).first()


def person(user: User | None) -> str:
    return (user.get_full_name() or user.username) if user is not None else ""


REGISTER_CSV_HEADERS = (
    gettext_noop("N°"), gettext_noop("Journée de jeu"), gettext_noop("Nature"), gettext_noop("Déposé par"),
    gettext_noop("Contresigné par"), gettext_noop("Enregistré le"), gettext_noop("Montant"), gettext_noop("Devise"),
    gettext_noop("Se rapporte au n°"), gettext_noop("Contenu"), gettext_noop("Empreinte"),
    gettext_noop("Corrigée par l'écriture n°"), gettext_noop("Citation rectifiée par l'écriture n°"),
    gettext_noop("Citations rectifiées"),
)


CSV_CHUNK = 1 << 16  # characters sent at a time


class FrenchCsv:
    """A spreadsheet as French office software opens it (BOM first, `;` between fields, CRLF), written row by row
    and taken in parts, so that an export is sent as it is read."""

    def __init__(self):
        self.out = io.StringIO()
        self.out.write("\ufeff")
        self.writer = csv.writer(self.out, delimiter=";", lineterminator="\r\n")

    def row(self, values) -> None:
        self.writer.writerow(values)

    def size(self) -> int:
        return self.out.tell()

    def taken(self) -> str:
        """What was written since the last part."""
        text = self.out.getvalue()
        self.out.seek(0)
        self.out.truncate()
        return text


def register_csv(register: Register) -> Iterator[str]:
    """Any register as a French spreadsheet, sent as it is read (a year of the cards' register is millions of
    lines): every entry, its amount when it has one, its full content."""
    entries = with_corrections(Entry.objects.filter(register=register).order_by("seq")
                               .annotate(refers_to_seq=F("refers_to__seq")))
    return entries_csv(entries.iterator(2000))


class People:
    """Who filed and who countersigned, by user id, each read once (a register has a few dozen people)."""

    def __init__(self):
        self.names: dict[int | None, str] = {None: ""}

    def __call__(self, pk: int | None) -> str:
        if pk not in self.names:
            self.names[pk] = person(User.objects.filter(pk=pk).first())
        return self.names[pk]


def entries_csv(entries: Iterable) -> Iterator[str]:
    """Entries (each with `corrected_by` and `refers_to_seq`) as the register's spreadsheet, in parts."""
    sheet, people = FrenchCsv(), People()
    with translation.override("fr"):
        sheet.row([gettext(header) for header in REGISTER_CSV_HEADERS])
        for entry in entries:
            payload = json.loads(entry.payload)
            amount = payload.get("amount")
            sheet.row([
                entry.seq, entry.gaming_day.isoformat(), entry_kind_label(entry.kind), people(entry.actor_id),
                people(entry.countersigner_id), timezone.localtime(entry.recorded_at).isoformat(timespec="seconds"),
                number_format(Decimal(amount), 2) if amount else "", payload.get("currency", ""),
                entry.refers_to_seq or "", entry.payload, entry.hash, entry.corrected_by or "",
                getattr(entry, "recited_by", None) or "",
                " ; ".join(f"{place['path']} : {place['now']} (écrite : {place['was']})" for place in recited(entry)),
            ])
            if sheet.size() >= CSV_CHUNK:
                yield sheet.taken()
    yield sheet.taken()


# --- a register's entries as its pages show them ------------------------------------------------------------

AMOUNT_KEYS = ("amount", "house", "bad_beat", "box_count", "difference", "pot", "restart_at", "small_blind")
DATE_KEYS = ("effective", "sent_on", "minister_notified_on")


@dataclass(frozen=True)
class PayloadRow:
    """An entry and its payload, with the amounts as Decimals and the dates as dates."""

    entry: Entry

    @cached_property
    def payload(self) -> dict:
        return json.loads(self.entry.payload)

    @cached_property
    def amounts(self) -> dict[str, Decimal]:
        """The payload's amounts (kept as text in the chain) as Decimals."""
        return {key: Decimal(self.payload[key]) for key in AMOUNT_KEYS if self.payload.get(key) not in (None, "")}

    @cached_property
    def dates(self) -> dict[str, datetime.date]:
        return {key: datetime.date.fromisoformat(self.payload[key]) for key in DATE_KEYS if self.payload.get(key)}

    @property
    def kind_label(self) -> str:
        return entry_kind_label(self.entry.kind)

    @property
    def corrected_by(self) -> int | None:
        return getattr(self.entry, "corrected_by", None)

    @property
    def recited_by(self) -> int | None:
        return getattr(self.entry, "recited_by", None)

    @property
    def vouchers(self) -> list[tuple[str, Decimal]]:
        return [(v["player"], Decimal(v["amount"])) for v in self.payload.get("vouchers", [])]


def payload_rows(register: Register | None, *kinds: str, row=PayloadRow) -> list:
    """The register's entries of these kinds, oldest first, as `row` objects."""
    if register is None:
        return []
    entries = Entry.objects.filter(register=register, kind__in=kinds).select_related("actor", "countersigner")
    return [row(entry) for entry in with_corrections(entries).order_by("seq")]


ENTRIES_PER_PAGE = 100


@dataclass(frozen=True)
class PayloadPage:
    rows: list  # newest first
    before: int | None  # the n° this page starts below; None: the newest
    older: int | None  # the cursor of the next page, None when this one reaches the first
    count: int  # every entry of these kinds
    total: Decimal  # their sum of the amount, the corrected ones left out


def payload_page(register: Register | None, *kinds: str, key: str = "amount", before: int | None = None,
                 size: int = ENTRIES_PER_PAGE, row=PayloadRow) -> PayloadPage:
    """A page of the register's entries of these kinds, newest first below the n° `before`, with their count and the
    sum of `key` over them all, summed by PostgreSQL: the same cost on a week's list and on ten years'."""
    if register is None:
        return PayloadPage([], None, None, 0, Decimal("0.00"))
    entries = Entry.objects.filter(register=register, kind__in=kinds)
    corrected = Entry.objects.filter(refers_to=OuterRef("pk"), kind=EntryKind.CORRECTION)
    sums = entries.aggregate(count=Count("pk"), total=Sum(RawSQL("(payload::jsonb ->> %s)::numeric", [key]),
                                                          filter=~Q(Exists(corrected))))
    chunk, older = entries_below(entries.select_related("actor", "countersigner"), before, size)
    return PayloadPage([row(entry) for entry in chunk], before, older, sums["count"],
                       (sums["total"] or Decimal("0")).quantize(Decimal("0.01")))


def entries_below(entries: QuerySet[Entry], before: int | None, size: int) -> tuple[list[Entry], int | None]:
    """`size` entries, newest first, below the n° `before` (a keyset on the unique (register, seq): one index range
    scan at any size), each with its correction, and the cursor of the next page (None at the first entry)."""
    entries = entries.order_by("-seq")
    if before is not None:
        entries = entries.filter(seq__lt=before)
    chunk = list(with_corrections(entries)[:size + 1])
    return chunk[:size], chunk[size - 1].seq if len(chunk) > size else None


def payload_total(rows: list[PayloadRow], key: str) -> Decimal:
    """The rows' sum of an amount, leaving out the corrected entries."""
    return sum((row.amounts.get(key, Decimal("0.00")) for row in rows if not row.corrected_by), Decimal("0.00"))


@dataclass(frozen=True)
class EntriesPage:
    entries: list[Entry]  # newest first
    before: int | None  # the n° this page starts below; None: the register's head
    older: int | None  # the cursor of the next page, None when this one reaches the first entry



def entries_labelled(register: Register | None, before: int | None = None,
                     limit: int = ENTRIES_PER_PAGE) -> EntriesPage:
    """A page of the register's entries, newest first, below the n° `before`, each with the label of its kind."""
    if register is None:
        return EntriesPage([], None, None)
    page, older = entries_below(register.entries.select_related("actor", "countersigner"), before, limit)
    for entry in page:
        entry.kind_label = entry_kind_label(entry.kind)
    return EntriesPage(page, before, older)


def search_entries(user: User, query: Query) -> list[Hit]:
    """The entries n° `query.number` of every register the user sees (each register numbers its own): one query, by
    each register's n° (the partitions' index), the newest registers' first."""
    if query.number is None:
        return []
    found = (Entry.objects.filter(register__in=Register.objects.visible_to(user), seq=query.number)
             .select_related("register__casino").only("seq", "kind", "gaming_day", "register__kind",
                                                      "register__casino__code", "register__casino__name")
             .order_by("register__casino__name", "register__kind")[:PER_SEARCHER])
    kind = gettext("Écriture de registre")
    return [Hit(kind, gettext("%(register)s n° %(n)s") % {"register": register_kind_label(entry.register.kind),
                                                           "n": entry.seq},
                reverse("registers-entry", kwargs={"casino": entry.register.casino.code, "kind": entry.register.kind,
                                                   "seq": entry.seq}),
                exact=True, casino=entry.register.casino.name,
                detail=entry_kind_label(entry.kind), day=entry.gaming_day)
            for entry in found]
