"""The poker room's pages, under /poker/: the rooms, a room's gaming day, the day's deals, one deal replayed."""

from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.poker_home, name="poker-home"),
    path("<slug:casino>/", views.room_day, name="poker-day"),
    path("<slug:casino>/<str:day>/mains/", views.hands, name="poker-hands"),
    path("<slug:casino>/<str:day>/mains/<str:number>/", views.hand_detail, name="poker-hand"),
    path("", include("registers.poker_room.waiting.urls")),  # the waiting list: .../<day>/attente/
]
