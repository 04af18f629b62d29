"""Web pages of the shell: thin callers of selectors and services."""

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import DetailView, ListView, TemplateView

from . import selectors, services
from .errors import DomainError, PermissionDeniedError
from .models import JobRun
from .permissions import can_write
from .todo import grouped, tasks_for_request


class DashboardView(LoginRequiredMixin, TemplateView):
    """« À faire »: what waits for the person, under its headings (compliance/todo.py); a regulator's side by side,
    one column per casino of the jurisdiction."""

    template_name = "compliance/dashboard.html"

    def get_context_data(self, **kwargs):
        user = self.request.user
        tasks = tasks_for_request(self.request)
        columns = []
        if user.is_regulator:
            casinos = list(selectors.casino_list(user=user).order_by("name"))
            columns = [(casino, grouped([t for t in tasks if t.casino == casino.name])) for casino in casinos]
            tasks = [t for t in tasks if t.casino not in {casino.name for casino in casinos}]
        return super().get_context_data(groups=grouped(tasks), columns=columns, empty=not tasks and not any(
            groups for _casino, groups in columns), today=timezone.localdate(), **kwargs)


class MyCasinoView(LoginRequiredMixin, TemplateView):
    """« Mon casino »: the identity card of the casino of a member of its staff (licence, share capital, address …),
    its people, and the modules of the menu described."""

    template_name = "compliance/casino_detail.html"

    def get_context_data(self, **kwargs):
        user = self.request.user
        if not user.is_casino_staff:
            raise PermissionDenied(_("Cette page est celle du casino d'un membre de son personnel."))
        casino = selectors.casino_get(user=user, code=user.casino.code)
        return super().get_context_data(casino=casino, users=selectors.user_list(user=user).filter(casino=casino),
                                        mine=True, **kwargs)


class CasinoListView(LoginRequiredMixin, ListView):
    template_name = "compliance/casino_list.html"
    context_object_name = "casinos"

    def get_queryset(self):
        return selectors.casino_list(user=self.request.user)


class CasinoDetailView(LoginRequiredMixin, DetailView):
    template_name = "compliance/casino_detail.html"
    context_object_name = "casino"

    def get_object(self, queryset=None):
        return selectors.casino_get(user=self.request.user, code=self.kwargs["code"])

    def get_context_data(self, **kwargs):
        user = self.request.user
        return super().get_context_data(users=selectors.user_list(user=user).filter(casino=self.object), **kwargs)


class JobListView(LoginRequiredMixin, View):
    def get(self, request):
        return render(request, "compliance/job_list.html",
                      {"jobs": selectors.job_list(user=request.user)[:50], "can_write": can_write(request.user)})

    def post(self, request):
        try:
            job = services.job_enqueue(kind=JobRun.Kind.PIPELINE_CHECK, casino=request.user.casino,
                                       requested_by=request.user)
        except PermissionDeniedError as exc:
            raise PermissionDenied(exc.message) from exc
        messages.success(request, _("Traitement mis en file d'attente."))
        return redirect("job-detail", pk=job.pk)


class JobDetailView(LoginRequiredMixin, DetailView):
    template_name = "compliance/job_detail.html"
    context_object_name = "job"

    def get_object(self, queryset=None):
        return selectors.job_get(user=self.request.user, pk=self.kwargs["pk"])

    def get_context_data(self, **kwargs):
        user = self.request.user
        return super().get_context_data(can_retry=user.is_platform_admin or can_write(user, self.object.casino),
                                        **kwargs)


class JobRetryView(LoginRequiredMixin, View):
    """« Relancer »: a failed job sent to the worker again (compliance.services.job_retry)."""

    def post(self, request, pk):
        job = selectors.job_get(user=request.user, pk=pk)
        try:
            services.job_retry(actor=request.user, job=job)
        except PermissionDeniedError as exc:
            raise PermissionDenied(exc.message) from exc
        except DomainError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Traitement relancé : il est de nouveau en file d'attente."))
        return redirect("job-detail", pk=job.pk)


def health(request):
    status = selectors.health_status()
    return JsonResponse(status, status=200 if status["ok"] else 503)


def home(request):
    return redirect("dashboard" if request.user.is_authenticated else "login")
