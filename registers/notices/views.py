"""The notices' pages. `/affichages/<casino>/`: what the casino owes today, what it displays, its signed posters, every
posting and withdrawal with its day and who recorded it; the casino's management posts and withdraws, everyone of the
casino's scope reads (the regulator of its jurisdiction included: a POST is a 403, another casino's page a 404).
`/public/<casino>/`: for anyone, signed in or not, the notices displayed on a day (`?jour=AAAA-MM-JJ`, today by
default) as they were posted, with no one's name: only what was on the casino's walls, each with its signed poster
(`/public/<casino>/affiches/<n°>.pdf`, only while that posting is displayed on the day asked)."""

import datetime
from zoneinfo import ZoneInfo

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from compliance import formatting
from compliance import selectors as compliance_selectors
from compliance.hooks import NOTICE_POSTERS
from compliance.models import Casino

from ..web_actions import management_post
from . import catalogue, errors, selectors
from .controls import missing_problems
from .forms import WithdrawalForm, posting_form
from .services import notice_post, notice_withdraw


class NoticesPage:
    def __init__(self, casino: Casino):
        self.casino = casino
        self.today = casino.today()
        self.required = catalogue.required_on(casino, self.today)
        self.places = {key: str(catalogue.KINDS[key].place) for key in self.required}
        self.forms = {key: posting_form(key, catalogue.KINDS[key].texts(rule)) for key, rule in self.required.items()}

    @property
    def url(self) -> str:
        return reverse("notices", kwargs={"casino": self.casino.code})

    def actions(self) -> dict:
        return {**{form.action: (form, _post) for form in self.forms.values()},
                WithdrawalForm.action: (WithdrawalForm, _withdraw)}


def _post(page, form, user):
    data = form.cleaned_data
    posting = notice_post(casino=page.casino, actor=user, kind=form.kind, place=data["place"], texts=form.said(),
                          day=data["day"], size=data["size"])
    return _("Avis affiché (affichage n° %(number)s) : son affiche signée est en préparation.") % {
        "number": posting.pk}, page.url


def _withdraw(page, form, user):
    data = form.cleaned_data
    withdrawal = notice_withdraw(casino=page.casino, actor=user, posting=data["posting"], reason=data["reason"],
                                 day=data["day"])
    return _("Affichage n° %(number)s retiré le %(day)s.") % {
        "number": withdrawal.posting_id,
        "day": formatting.date(withdrawal.day, jurisdiction=page.casino.jurisdiction)}, page.url


def _withdrawal(page, number: int, bound) -> WithdrawalForm:
    """The withdrawal form of one posting, its ids its own (a page shows one per posting displayed); the one posted
    back with its refusal."""
    auto_id = f"id_retrait{number}_%s"
    if isinstance(bound, WithdrawalForm) and bound.data.get(f"{WithdrawalForm.action}-posting") == str(number):
        return bound
    form = WithdrawalForm(page=page, auto_id=auto_id)
    form.initial["posting"] = number
    return form


@login_required
def notices_page(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    page = NoticesPage(casino)
    posted = management_post(request, casino, page, page.actions(), errors.MANAGER_ONLY)
    if posted.done is not None:
        return posted.done
    bound = posted.form
    events = selectors.events_of(casino)
    board = selectors.board_of(events)
    postings = [event for event in events if event.action == selectors.POSTED]
    titles = {posting.pk: posting.content.get("title", "") for posting in postings}
    for event in events:  # a withdrawal named by the notice it takes down
        event.title = titles.get(event.posting_id or event.pk, "")
    posters = NOTICE_POSTERS(casino, [posting.pk for posting in postings]) if NOTICE_POSTERS and postings else {}
    displayed = [{"posting": posting, "poster": posters.get(posting.pk),
                  "withdraw": _withdrawal(page, posting.pk, bound) if posted.manages else None}
                 for posting in postings if board.postings[posting.pk].displayed_on(page.today)]
    owed = {key: (str(catalogue.KINDS[key].title), str(rule.citation)) for key, rule in page.required.items()}
    missing = {problem.field: problem for problem in missing_problems(board, owed, page.today)}
    notices = [{"key": key, "title": title, "citation": citation, "missing": key in missing,
                "place": page.places[key],
                "form": (bound if bound is not None and bound.action == page.forms[key].action
                         else page.forms[key](page=page)) if posted.manages else None}
               for key, (title, citation) in owed.items()]
    return render(request, "registers/notices/page.html", {
        "casino": casino, "page": page, "manages": posted.manages, "notices": notices, "displayed": displayed,
        "events": list(reversed(events)), "posters": posters, "missing": len(missing),
        "public_url": reverse("notices-public", kwargs={"casino": casino.code})})


@login_required
def notices_home(request):
    """A casino's staff land on their casino's page; a regulator picks one of the jurisdiction's casinos."""
    if request.user.casino_id:
        return notices_page(request, request.user.casino.code)
    casinos = compliance_selectors.casino_list(user=request.user).select_related("jurisdiction").order_by("name")
    return render(request, "registers/notices/home.html", {"casinos": casinos})


def _public_day(request, casino: Casino, warn: bool) -> datetime.date:
    """The day asked by `?jour=`, today by default and never after it, in the casino's own date."""
    today = casino.today()
    asked = request.GET.get("jour", "").strip()
    if not asked:
        return today
    try:
        return min(datetime.date.fromisoformat(asked), today)
    except ValueError:
        if warn:
            messages.warning(request, errors.DAY_PUBLIC.format(day=asked[:20]))
        return today


def _signed(report) -> bool:
    return report is not None and report.status == "succeeded"


@require_safe
def notices_public(request, casino):
    """Anyone, signed in or not: the notices the casino displayed on a day, as posted, each with its signed poster to
    download, in the casino's time zone."""
    found = get_object_or_404(Casino.objects.select_related("jurisdiction"), code=casino)
    day = _public_day(request, found, warn=True)
    timezone.activate(ZoneInfo(found.jurisdiction.timezone))
    postings = selectors.displayed(found, day)
    posters = NOTICE_POSTERS(found, [posting.pk for posting in postings]) if NOTICE_POSTERS and postings else {}
    for posting in postings:
        posting.signed = _signed(posters.get(posting.pk))
    return render(request, "registers/notices/public.html", {
        "casino": found, "day": day, "today": found.today(), "asked": request.GET.get("jour", "").strip()[:10],
        "day_label": formatting.date(day, jurisdiction=found.jurisdiction), "postings": postings,
        "home_jurisdiction": found.jurisdiction})


@require_safe
def notices_public_poster(request, casino, posting: int):
    """Anyone: the signed PDF poster of a notice the casino displayed on the day asked (`?jour=`, today by default);
    a posting not displayed that day, or whose poster is not signed yet, is not found."""
    found = get_object_or_404(Casino.objects.select_related("jurisdiction"), code=casino)
    day = _public_day(request, found, warn=False)
    if posting not in {shown.pk for shown in selectors.displayed(found, day)}:
        raise Http404
    report = NOTICE_POSTERS(found, [posting]).get(posting) if NOTICE_POSTERS else None
    if not _signed(report):
        raise Http404
    response = HttpResponse(bytes(report.pdf), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="affiche-{found.code}-{posting}.pdf"'
    return response
