"""The direction's register's page, /direction/<casino>/ (LU RGD 1979 art. 18-6 al. 3, 51 § I, 52 al. 2, the draft's
wording): the management committee on a day, the week's duty log against the time the tables and poker tables
played, what no presence covers, the director's designations and the acts done without one. The management files,
the regulator reads."""

import datetime

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from compliance import selectors as compliance_selectors

from .. import controls as house
from ..kinds import entry_kind_label, register_kind_label
from ..web_actions import casino_home, management_post
from . import controls, errors, selectors, services
from .forms import CommitteeForm, DesignationEndForm, DesignationForm, DutyCorrectionForm, DutyForm


def _day(raw: str | None, today: datetime.date) -> datetime.date:
    try:
        day = datetime.date.fromisoformat(raw or "")
    except ValueError:
        return today
    return min(day, today)


def _url(page) -> str:
    return f"{reverse('direction', kwargs={'casino': page.casino.code})}?jour={page.day.isoformat()}"


def _committee(page, form, user):
    data = form.cleaned_data
    entry = services.committee_change_record(casino=page.casino, actor=user, change=data["change"], name=data["name"],
                                             director=data["director"], effective_from=data["effective_from"],
                                             reference=data["reference"])
    return _("Comité de direction : changement enregistré (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


def _duty(page, form, user):
    data = form.cleaned_data
    entry = services.duty_record(casino=page.casino, actor=user, member=data["member"], starts_at=data["starts_at"],
                                 ends_at=data["ends_at"])
    return _("Présence inscrite au journal (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


def _designation(page, form, user):
    data = form.cleaned_data
    entry = services.designation_record(casino=page.casino, actor=user, employee=data["employee"], act=data["act"],
                                        first_day=data["first_day"], last_day=data["last_day"],
                                        reference=data["reference"])
    return _("Désignation enregistrée (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


def _correction(page, form, user):
    data = form.cleaned_data
    entry = services.duty_correct(casino=page.casino, actor=user, duty=data["duty"], reason=data["reason"],
                                  member=data["member"], starts_at=data["starts_at"], ends_at=data["ends_at"],
                                  set_aside=data["set_aside"])
    return _("Correction inscrite (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


def _end(page, form, user):
    data = form.cleaned_data
    entry = services.designation_end(casino=page.casino, actor=user, designation=data["designation"],
                                     last_day=data["last_day"], reason=data["reason"])
    return _("Fin anticipée enregistrée (écriture n° %(seq)s).") % {"seq": entry.seq}, _url(page)


ACTIONS = {"comite": (CommitteeForm, _committee), "presence": (DutyForm, _duty),
           "correction": (DutyCorrectionForm, _correction), "designation": (DesignationForm, _designation),
           "fin": (DesignationEndForm, _end)}


@login_required
@require_safe
def direction_home(request):
    """A casino's staff land on their casino's register where it applies; a regulator picks one of the casinos where
    it applies (none: the page says so)."""
    return casino_home(request, selectors.applies_to, direction, "registers/direction/home.html")


@login_required
def direction(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    if not selectors.applies_to(casino):
        raise Http404(_("Le registre de la direction ne s'applique pas dans la juridiction de ce casino."))
    page = selectors.page_of(casino, _day(request.GET.get("jour"), casino.today()))
    posted = management_post(request, casino, page, ACTIONS, errors.MANAGEMENT_ONLY)
    if posted.done is not None:
        return posted.done
    writable = posted.manages
    forms_ = {action: form_class(page=page) for action, (form_class, _call) in ACTIONS.items()} if writable else {}
    if posted.form is not None:
        forms_[posted.action] = posted.form
    citations = {"presence": house.concept_cited(casino, selectors.PRESENCE, page.day, controls.COMMITTEE),
                 "replacement": house.concept_cited(casino, selectors.REPLACEMENT, page.day, controls.COMMITTEE),
                 "agreed": house.concept_cited(casino, selectors.AGREED, page.day, controls.COMMITTEE)}
    book = page.book  # a later entry that changed one (a correction, an early end) is named beside it
    designations = [(one, entry_kind_label(one.act), book.ended.get(one.seq))
                    for one in sorted(book.designations, key=lambda one: (one.first, one.seq), reverse=True)]
    undesignated = [(act, register_kind_label(act.register), entry_kind_label(act.kind)) for act in page.undesignated]
    return render(request, "registers/direction/page.html", {
        "casino": casino, "page": page, "forms": forms_, "writable": writable, "citations": citations,
        "committee_control": controls.COMMITTEE, "designations": designations, "undesignated": undesignated,
        "terms": sorted(page.book.terms, key=lambda term: (term.since, term.seq), reverse=True),
        "changes": controls.CHANGES,
        "shifts": [(shift, book.corrected.get(shift.seq)) for shift in page.shifts],
        "aside": [(shift, book.set_aside.get(shift.seq)) for shift in page.aside]})
