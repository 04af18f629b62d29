"""The direction's register's pages, under /direction/."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.direction_home, name="direction-home"),
    path("<slug:casino>/", views.direction, name="direction"),
]
