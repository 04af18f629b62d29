"""Pages of the orphelins register (LU RGD 1979 art. 8, 18-12): the register with its filters, totals, CSV and
filing form, and an orphan's page with its return to the owner. Thin callers of the selectors and services
through the shared register page (`register_page`, `web_actions`)."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from compliance import selectors as compliance_selectors
from compliance.permissions import can_write

from ..chain import kept as chain_kept
from ..chain import selectors as chain_selectors
from ..inputs import late_reason_shown, show_if
from ..kinds import RegisterKind
from ..register_page import correction_form, csv_response, entry_context
from ..web_actions import filed, submit, verify_writable
from . import selectors
from .controls import return_not_offered
from .forms import OrphelinFileForm, OrphelinFilterForm, OrphelinReturnForm
from .selectors import orphan_of
from .services import FILED, orphelin_file, orphelin_return, orphelin_state


@login_required
def orphelins(request, casino, kind=RegisterKind.ORPHELINS, *, countersign_error=None):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    if not chain_selectors.kind_applies(casino, RegisterKind.ORPHELINS):
        raise Http404
    file_form = None
    if request.method == "POST" and countersign_error is None:
        verify_writable(request, casino)
        file_form = OrphelinFileForm(request.POST)

        def file(form):
            pending = orphelin_file(casino=casino, actor=request.user, **form.cleaned_data)
            message = _("Somme trouvée déclarée (dépôt n° %(pk)s) : elle entre au registre dès sa contresignature "
                        "par un membre de la direction.") % {"pk": pending.pk}
            return message, reverse("registers-orphelins", kwargs={"casino": casino.code})

        done = submit(request, file_form, file)
        if done is not None:
            return done
    return _page(request, casino, file_form=file_form, countersign_error=countersign_error)


def _page(request, casino, *, file_form=None, countersign_error=None):
    filters = OrphelinFilterForm(request.GET)
    criteria = filters.cleaned_data if filters.is_valid() else {}
    rows = selectors.orphelin_rows(
        user=request.user,
        casino=casino,
        status=criteria.get("status") or None,
        day_from=criteria.get("day_from"),
        day_to=criteria.get("day_to"),
    )
    if request.GET.get("format") == "csv":
        return csv_response(selectors.orphelins_csv(rows),
                            f"orphelins-{casino.code}-{timezone.localdate().isoformat()}.csv")
    writable = can_write(request.user, casino)
    if writable and file_form is None:
        file_form = OrphelinFileForm(initial={"gaming_day": timezone.localdate(), "currency": casino.currency})
    if file_form is not None:
        late_reason_shown(file_form, casino)  # its reason asked only for a day past the casino's delay
        show_if(file_form, "found_on", "source", values="carte_nominative")  # a nominative card's day found
    register = chain_selectors.register_find(user=request.user, casino=casino, kind=RegisterKind.ORPHELINS)
    query = request.GET.copy()
    query["format"] = "csv"
    return render(request, "registers/orphelins/register.html", {
        "casino": casino,
        "register": register,
        "rows": rows,
        "totals": selectors.orphelin_totals(rows),
        "filters": filters,
        "filtered": any(criteria.values()),
        "file_form": file_form if writable else None,
        "queue": chain_selectors.pending_list(user=request.user, register=register) if register else [],
        "can_write": writable,
        "countersign_error": countersign_error,
        "csv_query": query.urlencode(),
        "archives": chain_kept.archived_years(casino) if register else [],
    })


@login_required
def entry_detail(request, casino, kind, seq):
    """An entry of the orphelins register; a registered orphan's page returns it to its owner (art. 8 al. 3)."""
    entry = chain_selectors.entry_get(user=request.user, casino_code=casino, kind=kind, seq=seq)
    state = orphelin_state(entry) if entry.kind == FILED else None
    writable = can_write(request.user, entry.register.casino)
    correction, done = correction_form(request, entry, kind)
    if done is not None:
        return done
    return_form = None
    if request.method == "POST" and request.POST.get("action") != "correct":
        if state is None:
            raise Http404
        verify_writable(request, entry.register.casino)
        return_form = OrphelinReturnForm(request.POST)

        def give_back(form):
            message = filed(orphelin_return(entry=entry, actor=request.user, **form.cleaned_data),
                            lambda closing: _("Orphelin n° %(seq)s restitué à son propriétaire (écriture n° "
                                              "%(closing)s).") % {"seq": entry.seq, "closing": closing.seq})
            return message, reverse("registers-entry", kwargs={"casino": casino, "kind": kind, "seq": seq})

        done = submit(request, return_form, give_back)
        if done is not None:
            return done
    refused = return_not_offered(orphan_of(state)) if state is not None else None
    if return_form is None and state is not None and refused is None and writable:
        return_form = OrphelinReturnForm(initial={"gaming_day": timezone.localdate()})
    return render(request, "registers/entry_detail.html", {
        **entry_context(request, entry, kind),
        "state": state,
        "row": selectors.OrphelinRow(state) if state else None,
        "return_form": return_form,
        "return_refused": refused.refused(entry.register.casino.jurisdiction).message if refused and writable else "",
        "deadline_passed": state is not None and timezone.localdate() > state.deadline,
        "correction_form": correction,
    })
