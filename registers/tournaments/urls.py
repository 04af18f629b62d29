"""The tournaments' pages, under /tournois/: the list, a tournament's page, and its public page and the casino's
(no sign-in)."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.tournaments_list, name="tournaments-list"),
    path("public/<slug:casino>/", views.tournaments_public, name="tournaments-public-casino"),
    path("public/<slug:casino>/<slug:slug>/", views.tournament_public, name="tournaments-public"),
    path("<slug:casino>/<slug:slug>/", views.tournament_detail, name="tournaments-detail"),
]
