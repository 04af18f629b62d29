"""A register's archived year: its entries, paged as its live ones, its spreadsheet, and each entry's page (where the
header's search leads). Read-only for everyone who may read the register (the casino's staff, its regulator); another
casino's, or a year not archived, is a 404."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse

from compliance.paging import cursor

from ..chain import kept, selectors
from ..kinds import register_kind_label
from ..register_page import csv_response, register_url


@login_required
def archive_year(request, casino, kind, year):
    register = selectors.register_get(user=request.user, casino_code=casino, kind=kind)
    if year not in kept.archived_years(register.casino):
        raise Http404
    if request.GET.get("format") == "csv":
        return csv_response(kept.archive_csv(register, year), f"{kind}-{casino}-{year}.csv")
    return render(request, "registers/archive.html", {
        "register": register,
        "casino": register.casino,
        "year": year,
        "kind_label": register_kind_label(kind),
        "register_url": register_url(casino, kind),
        "entries": kept.archive_page(register, year, cursor(request.GET.get("avant"))),
    })


@login_required
def archive_entry(request, casino, kind, year, seq):
    """One entry of an archived year: what it says, who filed and countersigned it, its place in the chain."""
    register = selectors.register_get(user=request.user, casino_code=casino, kind=kind)
    if year not in kept.archived_years(register.casino):
        raise Http404
    entry = kept.archived_entry(register, year, seq)
    previous, following = kept.archived_neighbours(register, year, seq)
    return render(request, "registers/archive_entry.html", {
        "register": register,
        "casino": register.casino,
        "year": year,
        "entry": entry,
        "kind_label": register_kind_label(kind),
        "register_url": register_url(casino, kind),
        "year_url": reverse("registers-archive", kwargs={"casino": casino, "kind": kind, "year": year}),
        "entry_citation": selectors.entry_citation(entry),
        "previous": previous,
        "following": following,
    })
