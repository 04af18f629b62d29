"""Web pages of the electronic registers: thin callers of registers.queries (reads, scoped through
`visible_to`) and of the services (writes, which check everything and raise a DomainError naming the
field at fault). A refused form comes back (200, as Django forms do: a 4xx page would count as a failed
load in the browser) with the input kept and the message next to its field."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from compliance import selectors as compliance_selectors
from compliance.errors import READ_ONLY_ROLE, DomainError, PermissionDeniedError
from compliance.permissions import can_write

from . import queries
from .forms import OrphelinFileForm, OrphelinFilterForm, OrphelinReturnForm
from .models import RegisterKind
from .orphelins import FILED, orphelin_file, orphelin_return, orphelin_state
from .selectors import register_verify
from .services import pending_countersign


def _forbidden(exc: PermissionDeniedError):
    return PermissionDenied(str(exc.message))


def _register_url(casino_code: str, kind: str) -> str:
    if kind == RegisterKind.ORPHELINS:
        return reverse("registers-orphelins", kwargs={"casino": casino_code})
    return reverse("registers-register", kwargs={"casino": casino_code, "kind": kind})


@login_required
def register_list(request):
    return render(request, "registers/register_list.html", {"overview": queries.register_overview(user=request.user)})


@login_required
def register_verify_page(request, casino, kind):
    """Recomputes the chain and checks its signed checkpoints; writes nothing, so regulators run it too."""
    register = queries.register_get(user=request.user, casino_code=casino, kind=kind)
    result = register_verify(register) if request.method == "POST" else None
    problems = [(problem, queries.problem_label(problem.kind)) for problem in result.problems] if result else []
    return render(
        request,
        "registers/verify.html",
        {
            "register": register,
            "casino": register.casino,
            "result": result,
            "problems": problems,
            "register_url": _register_url(casino, kind),
            "kind_label": queries.register_kind_label(kind),
        },
    )


# --- the orphelins register ---------------------------------------------------------------------


@login_required
def orphelins(request, casino):
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    if not queries.kind_applies(casino, RegisterKind.ORPHELINS):
        raise Http404
    file_form = None
    if request.method == "POST":
        if not can_write(request.user, casino):
            raise PermissionDenied(str(READ_ONLY_ROLE))
        file_form = OrphelinFileForm(request.POST)
        if file_form.is_valid():
            try:
                pending = orphelin_file(casino=casino, actor=request.user, **file_form.cleaned_data)
            except PermissionDeniedError as exc:
                raise _forbidden(exc) from exc
            except DomainError as exc:
                file_form.refuse(exc)
            else:
                messages.success(
                    request,
                    _(
                        "Somme trouvée déclarée (dépôt n° %(pk)s) : elle entre au registre dès "
                        "sa contresignature par un membre de la direction."
                    )
                    % {"pk": pending.pk},
                )
                return redirect("registers-orphelins", casino=casino.code)
    return _orphelins_page(request, casino, file_form=file_form)


def _orphelins_page(request, casino, *, file_form=None, countersign_error=None):
    filters = OrphelinFilterForm(request.GET)
    criteria = filters.cleaned_data if filters.is_valid() else {}
    rows = queries.orphelin_rows(
        user=request.user,
        casino=casino,
        status=criteria.get("status") or None,
        day_from=criteria.get("day_from"),
        day_to=criteria.get("day_to"),
    )
    if request.GET.get("format") == "csv":
        response = HttpResponse(queries.orphelins_csv(rows), content_type="text/csv; charset=utf-8")
        name = f"orphelins-{casino.code}-{timezone.localdate().isoformat()}.csv"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    writable = can_write(request.user, casino)
    if writable and file_form is None:
        file_form = OrphelinFileForm(initial={"gaming_day": timezone.localdate(), "currency": casino.currency})
    register = queries.register_find(user=request.user, casino=casino, kind=RegisterKind.ORPHELINS)
    return render(
        request,
        "registers/orphelins.html",
        {
            "casino": casino,
            "register": register,
            "rows": rows,
            "totals": queries.orphelin_totals(rows),
            "filters": filters,
            "filtered": any(criteria.values()),
            "file_form": file_form if writable else None,
            "queue": queries.pending_list(user=request.user, register=register) if register else [],
            "can_write": writable,
            "countersign_error": countersign_error,
            "csv_query": _csv_query(request),
        },
    )


def _csv_query(request) -> str:
    query = request.GET.copy()
    query["format"] = "csv"
    return query.urlencode()


# --- any register ---------------------------------------------------------------------------------


@login_required
def register_detail(request, casino, kind):
    """The entries of a register for which no dedicated page exists yet."""
    if kind == RegisterKind.ORPHELINS:
        return redirect("registers-orphelins", casino=casino)
    register = queries.register_get(user=request.user, casino_code=casino, kind=kind)
    return _register_page(request, register)


def _register_page(request, register, *, countersign_error=None):
    return render(
        request,
        "registers/register_detail.html",
        {
            "register": register,
            "casino": register.casino,
            "kind_label": queries.register_kind_label(register.kind),
            "entries": register.entries.select_related("actor", "countersigner").order_by("-seq")[:500],
            "queue": queries.pending_list(user=request.user, register=register),
            "can_write": can_write(request.user, register.casino),
            "countersign_error": countersign_error,
        },
    )


@login_required
def countersign(request, casino, kind, pk):
    """A second person signs a filing from the queue: it enters the chain with both names."""
    pending = queries.pending_get(user=request.user, pk=pk)
    register = pending.register
    if register.casino.code != casino or register.kind != kind:
        raise Http404
    if request.method != "POST":
        return redirect(_register_url(casino, kind))
    try:
        entry = pending_countersign(pending=pending, countersigner=request.user)
    except PermissionDeniedError as exc:
        raise _forbidden(exc) from exc
    except DomainError as exc:
        error = (pending.pk, str(exc.message))
        if kind == RegisterKind.ORPHELINS:
            return _orphelins_page(request, register.casino, countersign_error=error)
        return _register_page(request, register, countersign_error=error)
    messages.success(request, _("Écriture n° %(seq)s contresignée et portée au registre.") % {"seq": entry.seq})
    return redirect(_register_url(casino, kind))


# --- one entry ------------------------------------------------------------------------------------


@login_required
def entry_detail(request, casino, kind, seq):
    entry = queries.entry_get(user=request.user, casino_code=casino, kind=kind, seq=seq)
    state = orphelin_state(entry) if entry.kind == FILED else None
    writable = can_write(request.user, entry.register.casino)
    return_form = None
    if request.method == "POST":
        if state is None:
            raise Http404
        if not writable:
            raise PermissionDenied(str(READ_ONLY_ROLE))
        return_form = OrphelinReturnForm(request.POST)
        if return_form.is_valid():
            try:
                closing = orphelin_return(entry=entry, actor=request.user, **return_form.cleaned_data)
            except PermissionDeniedError as exc:
                raise _forbidden(exc) from exc
            except DomainError as exc:
                return_form.refuse(exc)
            else:
                messages.success(
                    request,
                    _("Orphelin n° %(seq)s restitué à son propriétaire (écriture n° %(closing)s).")
                    % {"seq": entry.seq, "closing": closing.seq},
                )
                return redirect("registers-entry", casino=casino, kind=kind, seq=seq)
    elif state is not None and state.status == "registered" and writable:
        return_form = OrphelinReturnForm(initial={"gaming_day": timezone.localdate()})
    return render(
        request,
        "registers/entry_detail.html",
        {
            "entry": entry,
            "casino": entry.register.casino,
            "register": entry.register,
            "state": state,
            "row": queries.OrphelinRow(state) if state else None,
            "kind_label": queries.kind_label(entry.kind),
            "register_label": queries.register_kind_label(kind),
            "register_url": _register_url(casino, kind),
            "payload": queries.payload_pretty(entry),
            "entry_citation": queries.entry_citation(entry),
            "followers": [(f, queries.kind_label(f.kind)) for f in queries.entry_followers(entry)],
            "has_next": queries.entry_has_next(entry),
            "return_form": return_form,
            "deadline_passed": state is not None and timezone.localdate() > state.deadline,
        },
    )
