"""The table games' pages, under /tables/: the pit view of a casino's gaming day, a session and its slips, the hold's
trend, the CSV of a day's or a month's sessions."""

from django.urls import path

from . import views
from .progressif import views as progressif

urlpatterns = [
    path("", views.tables_home, name="tables-home"),
    path("<slug:casino>/", views.pit, name="tables-pit"),
    path("<slug:casino>/seances/<int:pk>/", views.session_detail, name="tables-session"),
    path("<slug:casino>/tendances/", views.trends, name="tables-trends"),
    path("<slug:casino>/seances.csv", views.sessions_csv, name="tables-csv"),
    path("<slug:casino>/progressif/", progressif.progressive_page, name="tables-progressive"),
]
