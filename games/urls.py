from django.urls import path

from games import views

urlpatterns = [
    path("", views.rules_index, name="rules-index"),
    path("recherche/", views.article_search, name="rules-search"),
    path("en-vigueur/", views.in_force, name="rules-in-force"),
    path("textes/<slug:slug>/", views.instrument_detail, name="rules-instrument"),
    path("textes/<slug:slug>/<slug:role>/<str:number>/", views.article_detail, name="rules-article"),
    path("jeux/", views.game_list, name="rules-game-list"),
    path("jeux/<str:key>/", views.game_detail, name="rules-game"),
    path("tables/<str:key>/", views.paytable_detail, name="rules-paytable"),
    path("classements/<str:key>/", views.ranking_detail, name="rules-ranking"),
    path("valeurs/", views.value_list, name="rules-value-list"),
    path("roue-de-fortune/", views.wheel_check, name="rules-wheel"),
]
