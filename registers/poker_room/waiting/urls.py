"""The waiting list's page, under the poker room's day (registers/poker_room/urls.py includes it)."""

from django.urls import path

from . import views

urlpatterns = [
    path("<slug:casino>/<str:day>/attente/", views.waiting, name="poker-waiting"),
]
