"""The caisse spéciale page (LU RGD 1979 art. 3-4 9), 18-14): a gaming day's desks, encaisse and card
statements, the CSV of the cards and the printable PDF statement. Thin callers of `selectors`
(reads, on a casino found through `visible_to`: another casino is a 404) and of `caisse.desk_count_file`
(writes: a refused form comes back, 200, with the message under its field). Regulators read only: their
POST is a 403.

Casino staff see their casino; a regulator picks one of the casinos of their jurisdiction (`?casino=`)."""

import datetime
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import number_format
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from compliance import selectors as compliance_selectors
from compliance.models import Casino
from compliance.paging import PAGE
from compliance.permissions import can_write

from ...chain.selectors import kind_applies
from ...kinds import RegisterKind
from ...register_page import csv_response
from ...web_actions import submit, verify_writable
from ..excess import Excess, excesses_outstanding
from ..ledger import card_system_applies
from . import selectors
from .forms import MOMENTS, DayForm, DeskCountForm
from .services import desk_count_file

ARTICLES = "lu-projet-rgd-1979"

def _casinos(request) -> list[Casino]:
    today = timezone.localdate()
    return [c for c in compliance_selectors.casino_list(user=request.user).order_by("name")
            if card_system_applies(c, today)]


def _casino(request, casinos: list[Casino]) -> Casino | None:
    """The casino asked for (`?casino=`, a 404 outside the user's scope or without cards), else the user's."""
    code = request.GET.get("casino", "").strip()
    if code:
        casino = compliance_selectors.casino_get(user=request.user, code=code)
        if casino not in casinos:
            raise Http404
        return casino
    own = next((c for c in casinos if c.pk == request.user.casino_id), None)
    return own or (casinos[0] if casinos else None)


def _day(raw: str | None) -> datetime.date:
    try:
        day = datetime.date.fromisoformat(raw or "")
    except ValueError:
        raise Http404 from None
    if day > timezone.localdate():
        raise Http404  # a gaming day to come has no statement
    return day


def _url(name: str, casino: Casino, day: datetime.date | None = None, *, others: bool) -> str:
    url = reverse(name, kwargs={"day": day.isoformat()} if day else None)
    return f"{url}?{urlencode({'casino': casino.code})}" if others else url


def _pay_links(casino: Casino, writable: bool, excesses: list[Excess]) -> list[tuple[Excess, str | None]]:
    """Each excess with, when it is still to pay and the user files, the jackpot form of the hand-paid jackpots
    register prefilled with its machine, amount and n° (art. 3-4 7), 18-10)."""
    if not (writable and kind_applies(casino, RegisterKind.JACKPOTS)):
        return [(excess, None) for excess in excesses]
    base = reverse("registers-other", kwargs={"casino": casino.code, "kind": RegisterKind.JACKPOTS})

    def link(excess: Excess) -> str:
        query = {"machine": excess.machine, "amount": number_format(excess.amount, 2), "card_excess": excess.seq}
        return f"{base}?{urlencode(query)}"

    return [(excess, link(excess) if excess.due else None) for excess in excesses]


@login_required
def caisse(request):
    """Today's statement; `?day=` (the day picker) goes to that day's page."""
    if request.GET.get("day"):
        casinos = _casinos(request)
        casino = _casino(request, casinos)
        try:
            day = datetime.date.fromisoformat(request.GET["day"])
        except ValueError:
            day = timezone.localdate()
        day = min(day, timezone.localdate())
        if casino is None:
            return redirect("cards-caisse")
        return redirect(_url("cards-caisse-day", casino, day, others=len(casinos) > 1))
    return _page(request, timezone.localdate())


CARDS_CURSOR = "cartes_apres"


@dataclass(frozen=True)
class LinesPage:
    """A hundred lines of the cards' statement, by card number, after the card `after` (the statement's totals and
    check are over every line; its CSV and PDF hold them all)."""

    rows: list
    first: int  # the first row's place in the statement, from 1
    total: int
    after: str | None
    next: str | None  # the card to read on after, when there are more

    @property
    def last(self) -> int:
        return self.first + len(self.rows) - 1


def _lines_page(lines: list, after: str | None) -> LinesPage:
    numbers = [line.number for line in lines]
    start = numbers.index(after) + 1 if after in numbers else 0
    rows = lines[start:start + PAGE]
    more = start + PAGE < len(lines)
    return LinesPage(rows, start + 1, len(lines), after if start else None, rows[-1].number if more else None)


def _pages_urls(request, lines: LinesPage) -> dict:
    """The first and next pages' addresses, the day's other parameters (the casino) kept."""
    query = request.GET.copy()
    query.pop(CARDS_CURSOR, None)
    urls = {"first": f"?{query.urlencode()}#cartes" if lines.after else None, "next": None}
    if lines.next:
        query[CARDS_CURSOR] = lines.next
        urls["next"] = f"?{query.urlencode()}#cartes"
    return urls


@login_required
def caisse_day(request, day):
    return _page(request, _day(day))


def _page(request, day: datetime.date):
    casinos = _casinos(request)
    casino = _casino(request, casinos)
    if casino is None:
        return render(request, "registers/cards/caisse/page.html", {"casino": None, "day": day})
    writable = can_write(request.user, casino)
    form = None
    if request.method == "POST":
        verify_writable(request, casino)
        form = DeskCountForm(request.POST, casino=casino)

        def count(form):
            entry = desk_count_file(casino=casino, actor=request.user, **form.cleaned_data)
            message = _("Comptage de la caisse « %(desk)s » enregistré (écriture n° %(seq)s).") % {
                "desk": form.cleaned_data["desk"].strip(), "seq": entry.seq}
            return message, _url("cards-caisse-day", casino, entry.gaming_day, others=len(casinos) > 1)

        done = submit(request, form, count)
        if done is not None:
            return done
    cards = selectors.cards_statement(casino, day)
    lines = _lines_page(cards.lines, request.GET.get(CARDS_CURSOR))
    desks = selectors.desk_statement(casino, day, cards=cards.totals.closing)
    if writable and form is None:
        form = DeskCountForm(initial={"gaming_day": day}, casino=casino)
    others = len(casinos) > 1
    today = timezone.localdate()
    outstanding = excesses_outstanding(casino)
    return render(request, "registers/cards/caisse/page.html", {
        "casino": casino,
        "day": day,
        "today": today,
        "previous": _url("cards-caisse-day", casino, day - datetime.timedelta(days=1), others=others),
        "next": _url("cards-caisse-day", casino, day + datetime.timedelta(days=1), others=others)
        if day < today else None,
        "picker": DayForm(initial={"day": day, "casino": casino.code}, casinos=casinos if others else ()),
        "cards": cards,
        "card_lines": lines,
        "card_lines_urls": _pages_urls(request, lines),
        "desks": desks,
        "excesses": _pay_links(casino, writable, desks.excesses),
        "outstanding": outstanding,
        "outstanding_rows": _pay_links(casino, writable, outstanding.excesses),
        "outstanding_days": [(d, _url("cards-caisse-day", casino, d, others=others)) for d in outstanding.due_days],
        "columns": list(selectors.COLUMN_LABELS.values()),
        "moments": MOMENTS,
        "form": form if writable else None,
        "can_write": writable,
        "csv_url": _url("cards-caisse-csv", casino, day, others=others),
        "pdf_url": _url("cards-caisse-pdf", casino, day, others=others),
        "citations": selectors.statement_citations(casino, day),
        "articles": ARTICLES,
    })


def _statement(request, day):
    day = _day(day)
    casino = _casino(request, _casinos(request))
    if casino is None:
        raise Http404
    return casino, day


@login_required
def caisse_csv(request, day):
    casino, day = _statement(request, day)
    return csv_response(selectors.cards_csv(casino, day), f"caisse-cartes-{casino.code}-{day.isoformat()}.csv")


@login_required
def caisse_pdf(request, day):
    """The day's statement, A4, in French whatever the interface language (a document for the file)."""
    from weasyprint import HTML  # imported on use: heavy, and only this view needs it

    casino, day = _statement(request, day)
    with translation.override("fr"):
        html = render_to_string("registers/cards/caisse/releve_pdf.html", selectors.statement(casino, day) | {
            "generated_at": timezone.localtime(),
            "generated_by": request.user.get_full_name() or request.user.username,
        })
    pdf = HTML(string=html).write_pdf()
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="releve-caisse-{casino.code}-{day.isoformat()}.pdf"'
    return response
