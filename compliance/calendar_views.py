"""The deadlines page and its private iCalendar feed: thin callers of compliance/calendar.py and the services."""

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from . import services
from .calendar import by_month_and_week, deadlines, feed_ical, feed_in_use, feed_owner
from .middleware import activate_home_zone
from .todo import tasks_for_request


class DeadlinesView(LoginRequiredMixin, TemplateView):
    template_name = "compliance/deadlines.html"

    def get_context_data(self, **kwargs):
        tasks = deadlines(tasks_for_request(self.request))
        today = timezone.localdate()
        feed = feed_in_use(self.request.user)
        feed_url = self.request.build_absolute_uri(reverse("deadlines-feed", args=[feed.token])) if feed else ""
        return super().get_context_data(
            months=by_month_and_week(tasks), count=len(tasks), today=today, feed=feed, feed_url=feed_url,
            overdue=sum(1 for task in tasks if task.due < today), **kwargs)


def deadlines_feed(request, token: str):
    """The feed a calendar application fetches without signing in: the token is the credential, a revoked or unknown
    one a 404."""
    user = feed_owner(token)
    if user is None:
        raise Http404
    activate_home_zone(user)  # « today » and the items' dates in the person's casino's zone (the visitor has none)
    response = HttpResponse(feed_ical(user, absolute=request.build_absolute_uri),
                            content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="vigie-echeances.ics"'
    response["Cache-Control"] = "private, max-age=300"
    return response


class FeedIssueView(LoginRequiredMixin, View):
    """A new private address (the one in use, if any, stops answering)."""

    def post(self, request):
        replaced = feed_in_use(request.user) is not None
        services.calendar_feed_issue(actor=request.user)
        messages.success(request, _("Nouvelle adresse privée créée ; l'ancienne ne répond plus.") if replaced
                         else _("Adresse privée créée : ajoutez-la à votre agenda."))
        return redirect("deadlines")


class FeedRevokeView(LoginRequiredMixin, View):
    def post(self, request):
        if services.calendar_feed_revoke(actor=request.user):
            messages.success(request, _("Adresse privée révoquée : elle ne répond plus."))
        return redirect("deadlines")
