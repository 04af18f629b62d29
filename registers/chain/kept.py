"""An archived year read back: the years a casino archived (`year_archive`), the ids its entries were given, and a
register's entries of those years, paged and exported as its live entries are, or replayed by the audit before the
live ones. They are read from « registers_entry_kept » (`KeptEntry`), where the verification reads them: an archived
year stays evidence the casino and its regulator can open."""

import re
from collections.abc import Iterable, Iterator

from django.db import connection
from django.db.models import OuterRef, Q, Subquery
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext

from compliance.models import Casino, User
from compliance.search import PER_SEARCHER, Hit, Query

from ..kinds import entry_kind_label, register_kind_label
from ..models import Entry, KeptEntry, Register
from .selectors import ENTRIES_PER_PAGE, EntriesPage, entries_below, entries_csv, payload_pretty, with_corrections

YEAR_BITS, CASINO_SHIFT = 33, 41  # an entry's id: casino << 41 | (year - 1900) << 33 | n (migration 0020)


def year_ids(casino_id: int, year: int) -> tuple[int, int]:
    """The range of the ids a casino's entries of `year` are given: [first, end)."""
    first = (casino_id << CASINO_SHIFT) | ((year - 1900) << YEAR_BITS)
    return first, first + (1 << YEAR_BITS)


ARCHIVE_TABLE = re.compile(r"^registers_entry_archive_c(\d+)_(\d{4})$")


def archived_years(casino: Casino) -> list[int]:
    """The casino's archived years, newest first, as the catalog holds their tables."""
    pattern = re.compile(rf"^registers_entry_archive_c{casino.pk}_(\d{{4}})$")
    with connection.cursor() as cursor:
        cursor.execute("SELECT relname FROM pg_class WHERE relkind = 'r' AND relname LIKE %s",
                       [f"registers\\_entry\\_archive\\_c{casino.pk}\\_%"])
        names = [row[0] for row in cursor.fetchall()]
    return sorted((int(found[1]) for name in names if (found := pattern.match(name))), reverse=True)


def year_entries(register: Register, year: int):
    """The register's entries of an archived year: the ids the year was given (a range on the primary key of
    each table behind the view)."""
    first, end = year_ids(register.casino_id, year)
    return KeptEntry.objects.filter(register_id=register.pk, id__gte=first, id__lt=end)


def archive_page(register: Register, year: int, before: int | None = None,
                 limit: int = ENTRIES_PER_PAGE) -> EntriesPage:
    """A page of the register's entries of an archived year, newest first below the n° `before`, each with the
    label of its kind and its people."""
    page, older = entries_below(year_entries(register, year), before, limit)
    people = User.objects.in_bulk({pk for entry in page for pk in (entry.actor_id, entry.countersigner_id) if pk})
    for entry in page:
        entry.kind_label = entry_kind_label(entry.kind)
        entry.actor, entry.countersigner = people.get(entry.actor_id), people.get(entry.countersigner_id)
        entry.pretty = payload_pretty(entry)
    return EntriesPage(page, before, older)


def archive_csv(register: Register, year: int) -> Iterator[str]:
    """The register's archived year as its spreadsheet, sent as it is read."""
    entries = year_entries(register, year)
    referred = KeptEntry.objects.filter(pk=OuterRef("refers_to_id")).values("seq")[:1]
    return entries_csv(with_corrections(entries.order_by("seq").annotate(refers_to_seq=Subquery(referred)))
                       .iterator(2000))


def archived_ids(casino: Casino) -> Q | None:
    """The ids of the casino's archived years' entries (ranges of the primary key), None when it archived none."""
    years = archived_years(casino)
    if not years:
        return None
    ranges = Q()
    for year in years:
        first, end = year_ids(casino.pk, year)
        ranges |= Q(id__gte=first, id__lt=end)
    return ranges


def entry_year(entry_id: int) -> int:
    """The year of an entry's gaming day, as its id names it."""
    return ((entry_id >> YEAR_BITS) & 255) + 1900


def as_entries(kept: Iterable[KeptEntry]) -> Iterator[Entry]:
    """Archived entries as (unsaved) `Entry` objects, each with its people and `archived_year`."""
    people: dict[int, User] = {}
    fields = [field.attname for field in KeptEntry._meta.concrete_fields]
    for row in kept:
        entry = Entry(**{name: getattr(row, name) for name in fields})
        if missing := {entry.actor_id, entry.countersigner_id} - set(people) - {None}:
            people.update(User.objects.in_bulk(missing))
        entry.actor, entry.countersigner = people[entry.actor_id], people.get(entry.countersigner_id)
        entry.archived_year = entry_year(entry.pk)
        yield entry


def archived_entries(register: Register) -> Iterator[Entry]:
    """The register's entries of its casino's archived years, oldest first, as (unsaved) `Entry` objects with their
    people: what the audit replays before the live ones, the state they built."""
    ranges = archived_ids(register.casino)
    if ranges is None:
        return iter(())
    return as_entries(KeptEntry.objects.filter(ranges, register_id=register.pk).order_by("seq").iterator(2000))


def archived_entry(register: Register, year: int, seq: int) -> Entry:
    """The register's entry n° `seq` of its archived year `year`, as an (unsaved) `Entry` with its people; a number the
    year does not hold is a 404."""
    found = year_entries(register, year).filter(seq=seq).first()
    if found is None:
        raise Http404
    entry = next(as_entries([found]))
    entry.register = register
    entry.kind_label, entry.pretty = entry_kind_label(entry.kind), payload_pretty(entry)
    return entry


def archived_neighbours(register: Register, year: int, seq: int) -> tuple[bool, bool]:
    """Whether the archived year holds the entries before and after n° `seq` (its page's « previous » and « next »)."""
    held = set(year_entries(register, year).filter(seq__in=(seq - 1, seq + 1)).values_list("seq", flat=True))
    return seq - 1 in held, seq + 1 in held


def search_archived_entries(user: User, query: Query) -> list[Hit]:
    """The header's search in the archived years (compliance/search.py): the entries n° `query.number` of the registers
    the user sees, in the years their casinos archived, each linked to its page in its archive. Two queries: the
    catalog's archived tables, then the kept entries of those years' ids (each archive table's index on the register
    and the n°)."""
    if query.number is None:
        return []
    with connection.cursor() as cursor:
        cursor.execute("SELECT relname FROM pg_class WHERE relkind = 'r' AND relname LIKE %s",
                       ["registers\\_entry\\_archive\\_c%"])
        tables = [found for (name,) in cursor.fetchall() if (found := ARCHIVE_TABLE.match(name))]
    if not tables:
        return []
    ranges = Q()
    for table in tables:
        first, end = year_ids(int(table[1]), int(table[2]))
        ranges |= Q(id__gte=first, id__lt=end)
    found = (KeptEntry.objects.filter(ranges, register__in=Register.objects.visible_to(user), seq=query.number)
             .select_related("register__casino").only("id", "seq", "kind", "gaming_day", "register__kind",
                                                      "register__casino__code", "register__casino__name")
             .order_by("register__casino__name", "register__kind", "-id")[:PER_SEARCHER])
    kind = gettext("Écriture archivée")
    return [Hit(kind, gettext("%(register)s n° %(n)s") % {"register": register_kind_label(entry.register.kind),
                                                           "n": entry.seq},
                reverse("registers-archive-entry", kwargs={"casino": entry.register.casino.code,
                                                           "kind": entry.register.kind, "year": entry_year(entry.pk),
                                                           "seq": entry.seq}),
                exact=True, casino=entry.register.casino.name,
                detail=gettext("%(kind)s · année %(year)s archivée") % {"kind": entry_kind_label(entry.kind),
                                                                       "year": entry_year(entry.pk)},
                day=entry.gaming_day)
            for entry in found]
