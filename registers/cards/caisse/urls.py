"""The caisse spéciale of the card system, under /cartes/caisse/ (LU RGD 1979 art. 3-4 9), 18-14)."""

from django.urls import path, re_path

from . import views as views_caisse

DAY = r"(?P<day>\d{4}-\d{2}-\d{2})"

urlpatterns = [
    path("", views_caisse.caisse, name="cards-caisse"),
    re_path(rf"^{DAY}/$", views_caisse.caisse_day, name="cards-caisse-day"),
    re_path(rf"^{DAY}/cartes\.csv$", views_caisse.caisse_csv, name="cards-caisse-csv"),
    re_path(rf"^{DAY}/releve\.pdf$", views_caisse.caisse_pdf, name="cards-caisse-pdf"),
]
