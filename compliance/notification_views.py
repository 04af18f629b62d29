"""What changed for me (the bell's page) and the local mailbox: thin callers of compliance/notifications.py,
compliance/mailbox.py and the services."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views import View
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.csp import csp_override

from . import mailbox, services
from .models import Digest
from .notifications import is_new, new_tasks, seen_at
from .todo import tasks_for_request

EARLIER_MAX = 30  # the items already seen, listed below the new ones: the latest only


class NotificationsView(LoginRequiredMixin, View):
    def get(self, request):
        tasks = tasks_for_request(request)
        seen = seen_at(request.user)
        earlier = sorted((task for task in tasks if task.since is not None and not is_new(task, seen)),
                         key=lambda task: task.since, reverse=True)[:EARLIER_MAX]
        return render(request, "compliance/notifications.html", {
            "fresh": new_tasks(tasks, seen), "earlier": earlier, "seen": seen,
            "last_digest": Digest.objects.visible_to(request.user).first()})

    def post(self, request):
        services.notifications_mark_read(actor=request.user)
        messages.success(request, _("Notifications marquées comme lues."))
        return redirect("notifications")


def _mailbox_on() -> None:
    if not mailbox.enabled():
        raise Http404


class MailboxView(LoginRequiredMixin, View):
    def get(self, request):
        _mailbox_on()
        return render(request, "compliance/mailbox.html", {"mails": mailbox.mails_for(request.user)})


class MailView(LoginRequiredMixin, View):
    def get(self, request, key: str):
        _mailbox_on()
        mail = mailbox.mail_get(request.user, key)
        if mail is None:
            raise Http404
        return render(request, "compliance/mail.html", {"mail": mail, "text": mail.part("plain"),
                                                        "has_html": bool(mail.part("html"))})


# A mail's HTML as its sender wrote it (inline styles), framed by its own page only, with no script, form or request out
MAIL_HTML_CSP = {**settings.SECURE_CSP, "default-src": ["'none'"], "script-src": ["'none'"],
                 "style-src": ["'unsafe-inline'"], "img-src": ["data:"], "font-src": ["'none'"],
                 "connect-src": ["'none'"], "form-action": ["'none'"], "frame-ancestors": ["'self'"]}


@xframe_options_sameorigin
@csp_override(MAIL_HTML_CSP)
def mail_html(request, key: str):
    """A mail's HTML part, shown in a sandboxed frame of its page."""
    if not request.user.is_authenticated:
        raise Http404
    _mailbox_on()
    mail = mailbox.mail_get(request.user, key)
    html = mail.part("html") if mail is not None else ""
    if not html:
        raise Http404
    return HttpResponse(html, content_type="text/html; charset=utf-8")
