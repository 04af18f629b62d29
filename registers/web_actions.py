"""The one way a register page takes a POST: the user must be able to write for the casino (a regulator's POST
is a 403), the form carries the input to a service, and the service decides. A refusal (DomainError) comes
back under the field it names, the input kept, in a page answered 200 as Django forms do (a 4xx page would
count as a failed load in the browser); a success is confirmed by a message and a redirect."""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import BadRequest, PermissionDenied
from django.db import transaction
from django.forms import Form, PasswordInput
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from compliance import selectors as compliance_selectors
from compliance.errors import READ_ONLY_ROLE, DomainError, PermissionDeniedError
from compliance.models import User
from compliance.permissions import can_write

from .models import Entry, PendingEntry


def verify_writable(request: HttpRequest, casino) -> None:
    if not can_write(request.user, casino):
        raise PermissionDenied(str(READ_ONLY_ROLE))


def denied(exc: PermissionDeniedError) -> PermissionDenied:
    return PermissionDenied(str(exc.message))


class _Rehearsed(Exception):
    """Undoes a rehearsal's writes (the act went through: it will be asked to be confirmed)."""


def rehearse(act: Callable[[], object]) -> None:
    """Runs the act and undoes it: a refusal comes back before the person is asked to confirm what would be
    refused anyway. Its writes are rolled back, with what was to follow its commit (a task sent, a mail)."""
    try:
        with transaction.atomic():
            act()
            raise _Rehearsed
    except _Rehearsed:
        pass


def confirmation_page(request: HttpRequest, form, restated) -> HttpResponse:
    """The act restated, with the form's input carried again (a password never: the confirmation asks for it) and
    the confirmation field the second POST must hold."""
    secret = {form.add_prefix(name) for name, field in form.fields.items() if isinstance(field.widget, PasswordInput)}
    carried = [(name, value) for name, values in request.POST.lists() for value in values
               if name != "csrfmiddlewaretoken" and name not in secret and name != form.confirm_name]
    return render(request, "registers/confirm.html", {
        "restated": restated, "form": form, "carried": carried, "confirm_name": form.confirm_name,
        "action_url": request.get_full_path(), "back": restated.back or request.get_full_path(),
        "deferred": form.deferred(),
    })


def submit(request: HttpRequest, form: Form, act: Callable[[Form], tuple[str, str]]) -> HttpResponse | None:
    """Runs `act` (the service, then the confirmation and the address to go to) on a valid form; None when the
    page must be shown again with the form's errors. An act that cannot be undone (the form's `confirmation`) is
    first rehearsed and restated, and done only by the second POST that confirms it."""
    if not form.is_valid():
        return None
    try:
        if getattr(form, "confirmation", False) and not form.confirmed:
            restated = form.restate()  # before the rehearsal: what the page shows is what stands now
            if not form.confirm_fields:  # a form that asks more on its confirmation is checked then
                rehearse(lambda: act(form))
            return confirmation_page(request, form, restated)
        message, url = act(form)
    except PermissionDeniedError as exc:
        raise denied(exc) from exc
    except DomainError as exc:
        form.refuse(exc)
        return None
    messages.success(request, message)
    return redirect(url)


def chosen(request: HttpRequest, actions: dict) -> tuple[str, object]:
    """The page's form that the POST names by its `action` field: (action, what the page maps it to)."""
    action = request.POST.get("action", "")
    if action not in actions:
        raise BadRequest(action)
    return action, actions[action]


def filed(result: Entry | PendingEntry, entered: Callable[[Entry], str]) -> str:
    """The confirmation of a filing: `entered` for an entry in the register, or that a late filing waits for a
    manager's countersignature."""
    if isinstance(result, PendingEntry):
        return _("Saisie tardive déposée (dépôt n° %(pk)s) : elle entre au registre dès la contresignature d'un "
                 "responsable.") % {"pk": result.pk}
    return entered(result)


@dataclass(frozen=True)
class Posted:
    """A management page's request: whether the user manages the casino, and on a POST the form it named (`action`),
    bound, and the answer `submit` gave (None: the page is shown again with the form's errors)."""

    manages: bool
    action: str | None = None
    form: Form | None = None
    done: HttpResponse | None = None


def staff_post(request: HttpRequest, casino, page, actions: dict) -> tuple[dict, HttpResponse | None]:
    """A page the casino's staff write to: on a POST, the form it names (`actions`: action → (form class, call(page,
    form, user))) bound and gone through `submit`: ({action: the bound form}, the answer, None to show the page again
    with the form's errors); ({}, None) on a GET."""
    if request.method != "POST":
        return {}, None
    verify_writable(request, casino)
    action, (form_class, call) = chosen(request, actions)
    form = form_class(request.POST, page=page)
    return {action: form}, submit(request, form, lambda bound: call(page, bound, request.user))


def management_post(request: HttpRequest, casino, page, actions: dict, refusal) -> Posted:
    """A page only the casino's management writes to (its kept lists, its arrêté values): a POST of anyone else is a
    403 with `refusal`; the form the POST names (`actions`: action → (form class, call(page, form, user))) goes
    through `submit`."""
    manages = can_write(request.user, casino) and request.user.role == User.Role.MANAGER
    if request.method != "POST":
        return Posted(manages)
    verify_writable(request, casino)
    if not manages:
        raise PermissionDenied(str(refusal))
    action, (form_class, call) = chosen(request, actions)
    form = form_class(request.POST, page=page)
    return Posted(manages, action, form, submit(request, form, lambda bound: call(page, bound, request.user)))


def casino_home(request: HttpRequest, applies: Callable, page: Callable, template: str) -> HttpResponse:
    """A section's home: a casino's staff land on their casino's page where the section applies (`applies(casino)`);
    anyone else picks one of the casinos of their scope where it applies (none: `template` says so)."""
    if request.user.casino_id and applies(request.user.casino):
        return page(request, request.user.casino.code)
    casinos = [casino for casino in compliance_selectors.casino_list(user=request.user).order_by("name")
               if applies(casino)]
    return render(request, template, {"casinos": casinos})
