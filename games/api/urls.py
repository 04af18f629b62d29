from django.urls import path

from games.api import rtp, views

urlpatterns = [
    path("instruments/", views.InstrumentListApi.as_view(), name="api-rules-instrument-list"),
    path("instruments/<slug:slug>/", views.InstrumentDetailApi.as_view(), name="api-rules-instrument-detail"),
    path("articles/", views.ArticleSearchApi.as_view(), name="api-rules-article-search"),
    path("games/", views.GameListApi.as_view(), name="api-rules-game-list"),
    path("games/<str:key>/", views.GameDetailApi.as_view(), name="api-rules-game-detail"),
    path("paytables/", views.PayTableListApi.as_view(), name="api-rules-paytable-list"),
    path("paytables/<str:key>/", views.PayTableDetailApi.as_view(), name="api-rules-paytable-detail"),
    path("values/<str:key>/", views.RuleValueApi.as_view(), name="api-rules-value"),
    path("rtp/roue-de-fortune/", rtp.WheelRtpApi.as_view(), name="api-rules-rtp-wheel"),
    path("rtp/<str:key>/", rtp.RtpDetailApi.as_view(), name="api-rules-rtp-detail"),
    path("hands/evaluate/", rtp.HandEvaluateApi.as_view(), name="api-rules-hands-evaluate"),
]
