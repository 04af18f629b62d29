"""Under /approbations/: the requests and what waits for the user, a new draft of a kind, a request's page with the
forms of its steps (each posted to its own address), its documents."""

from django.urls import path

from . import configuration_views, views

REQUEST = "<str:reference>/"

urlpatterns = [
    path("", views.approvals_list, name="approvals-list"),
    path("nouvelle/<slug:kind>/", views.approvals_new, name="approvals-new"),
    path("tables/<slug:casino>/<str:key>/", configuration_views.casino_paytable_page,
         name="approvals-casino-paytable"),
    path("roue/public/<slug:casino>/", configuration_views.wheel_public_page, name="approvals-wheel-public"),
    path("roue/<slug:casino>/publier/", configuration_views.wheel_publish_page, name="approvals-wheel-publish"),
    path(REQUEST, views.approvals_detail, name="approvals-detail"),
    path(f"{REQUEST}deposer/", views.approvals_file, name="approvals-file"),
    path(f"{REQUEST}joindre/", views.approvals_attach, name="approvals-attach"),
    path(f"{REQUEST}repondre/", views.approvals_answer, name="approvals-answer"),
    path(f"{REQUEST}retirer/", views.approvals_withdraw, name="approvals-withdraw"),
    path(f"{REQUEST}demander-complement/", views.approvals_ask, name="approvals-ask"),
    path(f"{REQUEST}constats/", views.approvals_finding, name="approvals-finding"),
    path(f"{REQUEST}decider/", views.approvals_decide, name="approvals-decide"),
    path(f"{REQUEST}revoquer/", views.approvals_revoke, name="approvals-revoke"),
    path(f"{REQUEST}pieces/<int:pk>/", views.approvals_attachment, name="approvals-attachment"),
]
