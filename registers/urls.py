from django.urls import path, re_path

from registers import views, views_others

urlpatterns = [
    path("", views.register_list, name="registers-list"),
    path("<slug:casino>/orphelins/", views.orphelins, name="registers-orphelins"),
    re_path(
        rf"^(?P<casino>[-a-zA-Z0-9_]+)/(?P<kind>{views_others.KIND_PATTERN})/$",
        views_others.register_page,
        name="registers-other",
    ),
    path("<slug:casino>/<slug:kind>/", views.register_detail, name="registers-register"),
    path("<slug:casino>/<slug:kind>/verifier/", views.register_verify_page, name="registers-verify"),
    path("<slug:casino>/<slug:kind>/contresignature/<int:pk>/", views.countersign, name="registers-countersign"),
    path("<slug:casino>/<slug:kind>/<int:seq>/", views.entry_detail, name="registers-entry"),
]
