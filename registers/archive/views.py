"""A register's archived year: its entries, paged as its live ones, and its spreadsheet. Read-only for everyone
who may read the register (the casino's staff, its regulator); another casino's, or a year not archived, is a 404."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render

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
