from django.urls import path

from registers import api

urlpatterns = [
    path("", api.RegisterListApi.as_view(), name="api-registers-list"),
    path("pending/", api.PendingListApi.as_view(), name="api-registers-pending-list"),
    path("pending/<int:pk>/countersign/", api.PendingCountersignApi.as_view(), name="api-registers-countersign"),
    path("<slug:casino>/orphelins/", api.OrphelinListApi.as_view(), name="api-registers-orphelins"),
    path(
        "<slug:casino>/orphelins/<int:seq>/return/",
        api.OrphelinReturnApi.as_view(),
        name="api-registers-orphelin-return",
    ),
    path("<slug:casino>/<slug:kind>/verify/", api.RegisterVerifyApi.as_view(), name="api-registers-verify"),
    path("<slug:casino>/<slug:kind>/export/", api.RegisterExportApi.as_view(), name="api-registers-export"),
]
