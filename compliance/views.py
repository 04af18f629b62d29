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
from .errors import PermissionDeniedError
from .models import JobRun
from .permissions import can_write


class DashboardView(LoginRequiredMixin, TemplateView):
    template_name = "compliance/dashboard.html"

    def get_context_data(self, **kwargs):
        user = self.request.user
        return super().get_context_data(
            casinos=selectors.casino_list(user=user),
            jobs=selectors.job_list(user=user)[:5],
            can_write=can_write(user),
            today=timezone.localdate(),
            **kwargs,
        )


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


def health(request):
    status = selectors.health_status()
    return JsonResponse(status, status=200 if status["ok"] else 503)


def home(request):
    return redirect("dashboard" if request.user.is_authenticated else "login")
