from django.urls import path

from . import views

urlpatterns = [
    path("auth/token/", views.TokenObtainApi.as_view(), name="api-token"),
    path("me/", views.MeApi.as_view(), name="api-me"),
    path("jurisdictions/", views.JurisdictionListApi.as_view(), name="api-jurisdiction-list"),
    path("casinos/", views.CasinoListApi.as_view(), name="api-casino-list"),
    path("casinos/<slug:code>/", views.CasinoDetailApi.as_view(), name="api-casino-detail"),
    path("jobs/", views.JobListApi.as_view(), name="api-job-list"),
    path("jobs/<uuid:pk>/", views.JobDetailApi.as_view(), name="api-job-detail"),
]
