"""An archived year read back: the years a casino archived (`year_archive`), the ids its entries were given, and a
register's entries of those years, paged and exported as its live entries are, or replayed by the audit before the
live ones. They are read from « registers_entry_kept » (`KeptEntry`), where the verification reads them: an archived
year stays evidence the casino and its regulator can open."""

import re
from collections.abc import Iterable, Iterator

from django.db import connection
from django.db.models import OuterRef, Q, Subquery

from compliance.models import Casino, User

from ..kinds import entry_kind_label
from ..models import Entry, KeptEntry, Register
from .selectors import ENTRIES_PER_PAGE, EntriesPage, entries_below, entries_csv, payload_pretty, with_corrections

YEAR_BITS, CASINO_SHIFT = 33, 41  # an entry's id: casino << 41 | (year - 1900) << 33 | n (migration 0020)


def year_ids(casino_id: int, year: int) -> tuple[int, int]:
    """The range of the ids a casino's entries of `year` are given: [first, end)."""
    first = (casino_id << CASINO_SHIFT) | ((year - 1900) << YEAR_BITS)
    return first, first + (1 << YEAR_BITS)


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
