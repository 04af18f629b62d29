from django.urls import path

from registers import api, api_others

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
    path("<slug:casino>/jackpots/", api_others.JackpotsApi.as_view(), name="api-registers-jackpots"),
    path("<slug:casino>/cagnotte/", api_others.CagnotteApi.as_view(), name="api-registers-cagnotte"),
    path("<slug:casino>/bad_beat/", api_others.BadBeatApi.as_view(), name="api-registers-bad-beat"),
    path("<slug:casino>/appareils/", api_others.AppareilsApi.as_view(), name="api-registers-appareils"),
    path("<slug:casino>/appareils/machines/", api_others.MachineListApi.as_view(), name="api-registers-machines"),
    path(
        "<slug:casino>/appareils/install/",
        api_others.AppareilInstallApi.as_view(),
        name="api-registers-appareil-install",
    ),
    path(
        "<slug:casino>/appareils/notices/",
        api_others.AppareilNoticeApi.as_view(),
        name="api-registers-appareil-notice",
    ),
    path("<slug:casino>/appareils/moves/", api_others.AppareilMoveApi.as_view(), name="api-registers-appareil-move"),
    path(
        "<slug:casino>/jackpot_progressif/",
        api_others.ProgressiveApi.as_view(),
        name="api-registers-jackpot-progressif",
    ),
    path(
        "<slug:casino>/jackpot_progressif/jackpots/",
        api_others.JackpotStateApi.as_view(),
        name="api-registers-jackpot-state",
    ),
    path(
        "<slug:casino>/jackpot_progressif/configure/",
        api_others.ProgressiveConfigureApi.as_view(),
        name="api-registers-jackpot-configure",
    ),
    path(
        "<slug:casino>/jackpot_progressif/statements/",
        api_others.ProgressiveStatementApi.as_view(),
        name="api-registers-jackpot-statement",
    ),
    path(
        "<slug:casino>/jackpot_progressif/wins/",
        api_others.ProgressiveWinApi.as_view(),
        name="api-registers-jackpot-win",
    ),
    path(
        "<slug:casino>/jackpot_progressif/stops/",
        api_others.ProgressiveStopApi.as_view(),
        name="api-registers-jackpot-stop",
    ),
    path("<slug:casino>/sessions/", api_others.SessionCloseApi.as_view(), name="api-registers-session-close"),
    path(
        "<slug:casino>/<slug:kind>/checkpoints/",
        api_others.CheckpointApi.as_view(),
        name="api-registers-checkpoint",
    ),
    path("<slug:casino>/<slug:kind>/verify/", api.RegisterVerifyApi.as_view(), name="api-registers-verify"),
    path("<slug:casino>/<slug:kind>/export/", api.RegisterExportApi.as_view(), name="api-registers-export"),
]
