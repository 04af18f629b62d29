from django.urls import path

from registers import views

urlpatterns = [
    path("", views.register_list, name="registers-list"),
    path("<slug:casino>/orphelins/", views.orphelins, name="registers-orphelins"),
    path("<slug:casino>/<slug:kind>/", views.register_detail, name="registers-register"),
    path("<slug:casino>/<slug:kind>/verifier/", views.register_verify_page, name="registers-verify"),
    path("<slug:casino>/<slug:kind>/contresignature/<int:pk>/", views.countersign, name="registers-countersign"),
    path("<slug:casino>/<slug:kind>/<int:seq>/", views.entry_detail, name="registers-entry"),
]
