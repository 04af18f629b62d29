"""The levy book's pages, under /prelevements/."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.levies_home, name="levies-home"),
    path("<slug:casino>/", views.levies, name="levies"),
]
