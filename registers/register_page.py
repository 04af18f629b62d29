"""The shared register page and the pages every register has: the list of registers, a register's page (its
queue of filings to countersign, what it holds, its entries, its filing forms), the verification of its chain,
the countersignature and one entry. A family's page is a `RegisterPage` with its forms (`actions`) and what it
shows above the entries (`context`); its reads come from the selectors, its writes go to the services through
`web_actions`. Reads are scoped through `visible_to`: another casino's register is a 404."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from compliance import selectors as compliance_selectors
from compliance.errors import DomainError, PermissionDeniedError
from compliance.models import Casino, User
from compliance.paging import cursor
from compliance.permissions import can_write

from .chain import kept, selectors
from .chain.services import checkpoint_create, entry_can_correct, entry_correct, pending_countersign, session_close
from .chain.verification import register_verify
from .forms import CheckpointForm, CorrectionForm, SessionCloseForm
from .kinds import RegisterKind, entry_kind_label, register_kind_label
from .models import Register
from .web_actions import chosen, denied, submit, verify_writable


def register_url(casino_code: str, kind: str) -> str:
    if kind == RegisterKind.ORPHELINS:
        return reverse("registers-orphelins", kwargs={"casino": casino_code})
    return reverse("registers-register", kwargs={"casino": casino_code, "kind": kind})


def csv_response(text: str | Iterable[str], name: str) -> HttpResponse | StreamingHttpResponse:
    """A spreadsheet to download; given in parts (a register's export), it is sent as they come."""
    if isinstance(text, str):
        response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    else:
        response = StreamingHttpResponse((part.encode("utf-8") for part in text),
                                         content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


class RegisterPage:
    """The register of one kind in one casino, and what its forms need. A family adds what it shows."""

    def __init__(self, *, user: User, casino: Casino, kind: str, prefill=None):
        self.user, self.casino, self.kind = user, casino, kind
        self.prefill = prefill or {}  # query parameters an empty form starts from (the jackpot form's)
        self.register: Register | None = selectors.register_find(user=user, casino=casino, kind=kind)
        self.applies = selectors.kind_applies(casino, kind)

    def rows(self, *kinds: str, row=selectors.PayloadRow) -> list:
        return selectors.payload_rows(self.register, *kinds, row=row)


# --- what a family's page files ----------------------------------------------------------------------------


def _checkpoint(page: RegisterPage, form, user) -> str:
    if page.register is None:
        raise Http404
    checkpoint = checkpoint_create(register=page.register, user=user)
    return _("Tête du registre signée : %(size)s écriture(s).") % {"size": checkpoint.size}


def _session(page: RegisterPage, form, user) -> str:
    session = session_close(casino=page.casino, user=user, **form.values())
    return _("Journée de jeu du %(day)s close : la tête de chaque registre est signée.") % {
        "day": session.gaming_day.isoformat()
    }


COMMON_ACTIONS = {CheckpointForm: _checkpoint, SessionCloseForm: _session}


@dataclass(frozen=True)
class FamilyPage:
    """How one register kind's page is built: its page class, its forms (form class → the call that files it and
    returns the confirmation) and what it shows above the entries."""

    folder: str  # the family's templates, under templates/registers/
    page_class: type = RegisterPage
    actions: dict = field(default_factory=dict)
    context: Callable[[RegisterPage], dict] = lambda page: {}

    def all_actions(self) -> dict[str, tuple[type, Callable]]:
        return {form.action: (form, call) for form, call in {**self.actions, **COMMON_ACTIONS}.items()}


def family_page(request, casino: str, kind: str, family: FamilyPage, *, countersign_error=None) -> HttpResponse:
    """A register's page with its filing forms: GET shows it, POST files what one of its forms carries."""
    casino = compliance_selectors.casino_get(user=request.user, code=casino)
    page = family.page_class(user=request.user, casino=casino, kind=kind, prefill=request.GET)
    if page.register is None and not page.applies:
        raise Http404
    if request.GET.get("format") == "csv" and page.register is not None:
        return csv_response(selectors.register_csv(page.register),
                            f"{kind}-{casino.code}-{timezone.localdate().isoformat()}.csv")
    actions = family.all_actions()
    bound = None
    if request.method == "POST" and countersign_error is None:
        verify_writable(request, casino)
        action, (form_class, call) = chosen(request, actions)
        if not (page.applies or action in {CheckpointForm.action, SessionCloseForm.action}):
            raise Http404
        bound = form_class(request.POST, page=page)
        done = submit(request, bound, lambda form: (
            call(page, form, request.user), reverse("registers-other", kwargs={"casino": casino.code, "kind": kind})))
        if done is not None:
            return done
    writable = can_write(request.user, casino)
    forms = {}
    if writable:
        for action, (form_class, _call) in actions.items():
            if form_class in COMMON_ACTIONS or page.applies:
                forms[action] = bound if bound is not None and bound.action == action else form_class(page=page)
    register = page.register or Register(casino=casino, kind=kind)  # not opened yet: nothing to list
    return render(request, "registers/register_detail.html", {
        "register": register,
        "casino": casino,
        "kind_label": register_kind_label(kind),
        "entries": selectors.entries_labelled(page.register, cursor(request.GET.get("avant"))),
        "queue": selectors.pending_list(user=request.user, register=page.register) if page.register else [],
        "can_write": writable,
        "countersign_error": countersign_error,
        "family_forms": f"registers/{family.folder}/{kind}_forms.html",
        "family_list": f"registers/{family.folder}/{kind}_list.html",
        "forms": forms,
        "page": page,
        "bound_action": bound.action if bound is not None else None,
        "archives": kept.archived_years(casino) if page.register else [],
        "today": timezone.localdate(),
        **family.context(page),
    })


# --- the pages every register has --------------------------------------------------------------------------


@login_required
def register_list(request):
    return render(request, "registers/register_list.html",
                  {"overview": selectors.register_overview(user=request.user)})


@login_required
def register_detail(request, casino, kind, *, countersign_error=None):
    """The entries of a register that has no page of its own (the cards' register)."""
    if kind == RegisterKind.ORPHELINS:
        return redirect("registers-orphelins", casino=casino)
    register = selectors.register_get(user=request.user, casino_code=casino, kind=kind)
    return render(request, "registers/register_detail.html", {
        "register": register,
        "casino": register.casino,
        "kind_label": register_kind_label(register.kind),
        "entries": selectors.entries_labelled(register, cursor(request.GET.get("avant"))),
        "queue": selectors.pending_list(user=request.user, register=register),
        "can_write": can_write(request.user, register.casino),
        "countersign_error": countersign_error,
        "archives": kept.archived_years(register.casino),
    })


@login_required
def register_verify_page(request, casino, kind):
    """Recomputes the chain from its last verified checkpoint (or from the first entry) and checks its signed
    checkpoints; it writes nothing in the register, so regulators run it too."""
    register = selectors.register_get(user=request.user, casino_code=casino, kind=kind)
    full = request.POST.get("complete") == "1"
    result = register_verify(register, full=full) if request.method == "POST" else None
    problems = [(problem, selectors.problem_label(problem.kind)) for problem in result.problems] if result else []
    return render(request, "registers/verify.html", {
        "register": register,
        "casino": register.casino,
        "result": result,
        "problems": problems,
        "register_url": register_url(casino, kind),
        "kind_label": register_kind_label(kind),
    })


@login_required
def countersign(request, casino, kind, pk, *, page: Callable = register_detail):
    """A second person signs a filing from the queue: it enters the chain with both names. A refusal shows the
    register's `page` again with the reason beside the filing."""
    pending = selectors.pending_get(user=request.user, pk=pk)
    register = pending.register
    if register.casino.code != casino or register.kind != kind:
        raise Http404
    if request.method != "POST":
        return redirect(register_url(casino, kind))
    try:
        entry = pending_countersign(pending=pending, countersigner=request.user)
    except PermissionDeniedError as exc:
        raise denied(exc) from exc
    except DomainError as exc:
        return page(request, casino, kind, countersign_error=(pending.pk, str(exc.message)))
    messages.success(request, _("Écriture n° %(seq)s contresignée et portée au registre.") % {"seq": entry.seq})
    return redirect(register_url(casino, kind))


def correction_form(request, entry, kind: str):
    """The form that sets the entry aside (a manager, any register but the cards', an entry not corrected yet), or
    a response when its POST went through; (None, None) where no correction can be filed."""
    correctable = entry_can_correct(entry=entry, actor=request.user)
    if request.method == "POST" and request.POST.get("action") == "correct":
        verify_writable(request, entry.register.casino)
        form = CorrectionForm(request.POST)

        def correct(form):
            pending = entry_correct(entry=entry, actor=request.user, reason=form.cleaned_data["reason"])
            message = _("Correction de l'écriture n° %(seq)s déposée (dépôt n° %(pk)s) : elle prend effet dès sa "
                        "contresignature par une autre personne du casino.") % {"seq": entry.seq, "pk": pending.pk}
            return message, register_url(entry.register.casino.code, kind)

        return form, submit(request, form, correct)
    return (CorrectionForm() if correctable else None), None


def entry_context(request, entry, kind: str) -> dict:
    """What the page of one entry shows, whatever its register."""
    return {
        "correction": selectors.entry_correction(entry),
        "recitation": selectors.entry_recitation(entry),
        "entry": entry,
        "casino": entry.register.casino,
        "register": entry.register,
        "kind_label": entry_kind_label(entry.kind),
        "register_label": register_kind_label(kind),
        "register_url": register_url(entry.register.casino.code, kind),
        "payload": selectors.payload_pretty(entry),
        "entry_citation": selectors.entry_citation(entry),
        "late": selectors.entry_late(entry),
        "basis": selectors.entry_draft_basis(entry),
        "followers": [(f, entry_kind_label(f.kind)) for f in selectors.entry_followers(entry)],
        "has_next": selectors.entry_has_next(entry),
    }


@login_required
def entry_detail(request, casino, kind, seq):
    """One entry; a manager may file its correction here (an entry is never changed: a correction follows it)."""
    entry = selectors.entry_get(user=request.user, casino_code=casino, kind=kind, seq=seq)
    form, done = correction_form(request, entry, kind)
    if done is not None:
        return done
    if request.method == "POST" and form is None:
        raise Http404
    return render(request, "registers/entry_detail.html", {**entry_context(request, entry, kind),
                                                            "correction_form": form})
