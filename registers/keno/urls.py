"""The Keno pages, under /keno/."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.keno_home, name="keno-home"),
    path("<slug:casino>/", views.keno, name="keno"),
]
