"""Under /rapprochements/: the reconciled days, a day's findings and what is done about them."""

from django.urls import path, re_path

from . import views

DAY = r"(?P<casino>[-a-zA-Z0-9_]+)/(?P<day>\d{4}-\d{2}-\d{2})"

urlpatterns = [
    path("", views.reconciliation_list, name="reconciliation-list"),
    re_path(rf"^{DAY}/$", views.reconciliation_day, name="reconciliation-day"),
    re_path(rf"^{DAY}/lancer/$", views.reconciliation_run, name="reconciliation-run"),
    re_path(rf"^{DAY}/constats/(?P<pk>\d+)/expliquer/$", views.finding_explain, name="reconciliation-explain"),
    re_path(rf"^{DAY}/constats/(?P<pk>\d+)/accepter/$", views.finding_accept, name="reconciliation-accept"),
]
