"""The registers' API under /api/v1/registers/: what every register has, then each family's."""

from django.urls import path

from .admissions import api as admissions
from .appareils import api as appareils
from .arretes import api as arretes
from .chain import api
from .decks import api as decks
from .direction import api as direction
from .keno import api as keno
from .notices import api as notices
from .orphelins import api as orphelins
from .poker import api as poker
from .poker import api_bad_beat as bad_beat
from .poker_room import api as poker_room
from .poker_room.waiting import api as waiting
from .tables import api as tables
from .tables import api_import as tables_import
from .tables.progressif import api as progressif

urlpatterns = [
    path("", api.RegisterListApi.as_view(), name="api-registers-list"),
    path("pending/", api.PendingListApi.as_view(), name="api-registers-pending-list"),
    path("pending/<int:pk>/countersign/", api.PendingCountersignApi.as_view(), name="api-registers-countersign"),
    path("<slug:casino>/orphelins/", orphelins.OrphelinListApi.as_view(), name="api-registers-orphelins"),
    path("<slug:casino>/orphelins/<int:seq>/return/", orphelins.OrphelinReturnApi.as_view(),
         name="api-registers-orphelin-return"),
    path("<slug:casino>/jackpots/", appareils.JackpotsApi.as_view(), name="api-registers-jackpots"),
    path("<slug:casino>/appareils/", appareils.AppareilsApi.as_view(), name="api-registers-appareils"),
    path("<slug:casino>/appareils/machines/", appareils.AppareilListApi.as_view(), name="api-registers-machines"),
    path("<slug:casino>/appareils/install/", appareils.AppareilInstallApi.as_view(),
         name="api-registers-appareil-install"),
    path("<slug:casino>/appareils/conditions/", appareils.AppareilConditionApi.as_view(),
         name="api-registers-appareil-condition"),
    path("<slug:casino>/appareils/notices/", appareils.AppareilNoticeApi.as_view(),
         name="api-registers-appareil-notice"),
    path("<slug:casino>/appareils/moves/", appareils.AppareilMoveApi.as_view(), name="api-registers-appareil-move"),
    path("<slug:casino>/arretes/", arretes.ArretesApi.as_view(), name="api-registers-arretes"),
    path("<slug:casino>/notices/", notices.NoticesApi.as_view(), name="api-registers-notices"),
    path("<slug:casino>/notices/postings/", notices.NoticePostingApi.as_view(), name="api-registers-notices-posting"),
    path("<slug:casino>/notices/withdrawals/", notices.NoticeWithdrawalApi.as_view(),
         name="api-registers-notices-withdrawal"),
    path("<slug:casino>/decks/", decks.DecksApi.as_view(), name="api-registers-decks"),
    path("<slug:casino>/decks/receipts/", decks.DeckReceiptApi.as_view(), name="api-registers-decks-receipt"),
    path("<slug:casino>/decks/issues/", decks.DeckIssueApi.as_view(), name="api-registers-decks-issue"),
    path("<slug:casino>/decks/returns/", decks.DeckReturnApi.as_view(), name="api-registers-decks-return"),
    path("<slug:casino>/direction/", direction.DirectionApi.as_view(), name="api-registers-direction"),
    path("<slug:casino>/direction/committee/", direction.CommitteeApi.as_view(),
         name="api-registers-direction-committee"),
    path("<slug:casino>/direction/duties/", direction.DutyApi.as_view(), name="api-registers-direction-duty"),
    path("<slug:casino>/direction/duties/corrections/", direction.DutyCorrectionApi.as_view(),
         name="api-registers-direction-duty-correction"),
    path("<slug:casino>/direction/designations/", direction.DesignationApi.as_view(),
         name="api-registers-direction-designation"),
    path("<slug:casino>/direction/designations/ends/", direction.DesignationEndApi.as_view(),
         name="api-registers-direction-designation-end"),
    # admissions and exclusions (registers/admissions): personal data to the roles its models name
    path("<slug:casino>/admissions/", admissions.AdmissionsApi.as_view(), name="api-registers-admissions"),
    path("<slug:casino>/admissions/politique/", admissions.PolicyApi.as_view(),
         name="api-registers-admissions-policy"),
    path("<slug:casino>/exclusions/", admissions.ExclusionsApi.as_view(), name="api-registers-exclusions"),
    path("<slug:casino>/cagnotte/", poker.CagnotteApi.as_view(), name="api-registers-cagnotte"),
    path("<slug:casino>/bad_beat/", poker.BadBeatApi.as_view(), name="api-registers-bad-beat"),
    path("<slug:casino>/bad_beat/account/", bad_beat.BadBeatAccountApi.as_view(),
         name="api-registers-bad-beat-account"),
    path("<slug:casino>/bad_beat/openings/", bad_beat.BadBeatOpenApi.as_view(), name="api-registers-bad-beat-open"),
    path("<slug:casino>/bad_beat/notices/", bad_beat.BadBeatNoticeApi.as_view(), name="api-registers-bad-beat-notice"),
    path("<slug:casino>/bad_beat/stops/", bad_beat.BadBeatStopApi.as_view(), name="api-registers-bad-beat-stop"),
    path("<slug:casino>/bad_beat/restarts/", bad_beat.BadBeatRestartApi.as_view(),
         name="api-registers-bad-beat-restart"),
    path("<slug:casino>/bad_beat/carnet/", bad_beat.BadBeatCarnetApi.as_view(), name="api-registers-bad-beat-carnet"),
    path("<slug:casino>/bad_beat/statements/", bad_beat.BadBeatStatementApi.as_view(),
         name="api-registers-bad-beat-statement"),
    path("<slug:casino>/jackpot_progressif/", poker.ProgressiveApi.as_view(), name="api-registers-jackpot-progressif"),
    path("<slug:casino>/jackpot_progressif/jackpots/", poker.JackpotStateApi.as_view(),
         name="api-registers-jackpot-state"),
    path("<slug:casino>/jackpot_progressif/configure/", poker.ProgressiveConfigureApi.as_view(),
         name="api-registers-jackpot-configure"),
    path("<slug:casino>/jackpot_progressif/statements/", poker.ProgressiveStatementApi.as_view(),
         name="api-registers-jackpot-statement"),
    path("<slug:casino>/jackpot_progressif/wins/", poker.ProgressiveWinApi.as_view(),
         name="api-registers-jackpot-win"),
    path("<slug:casino>/jackpot_progressif/stops/", poker.ProgressiveStopApi.as_view(),
         name="api-registers-jackpot-stop"),
    path("<slug:casino>/sessions/", api.SessionCloseApi.as_view(), name="api-registers-session-close"),
    path("<slug:casino>/tables/", tables.TableListApi.as_view(), name="api-registers-tables"),
    path("<slug:casino>/tables/sessions/", tables.SessionListApi.as_view(), name="api-registers-tables-sessions"),
    path("<slug:casino>/tables/sessions/<int:pk>/slips/", tables.SlipApi.as_view(), name="api-registers-tables-slip"),
    path("<slug:casino>/tables/sessions/<int:pk>/close/", tables.CloseApi.as_view(), name="api-registers-tables-close"),
    path("<slug:casino>/tables/sessions/<int:pk>/drop/", tables.DropApi.as_view(), name="api-registers-tables-drop"),
    path("<slug:casino>/tables/sessions/<int:pk>/limits/", tables.LimitsApi.as_view(),
         name="api-registers-tables-limits"),
    path("<slug:casino>/tables/sessions/<int:pk>/commissions/", tables.CommissionApi.as_view(),
         name="api-registers-tables-commission"),
    path("<slug:casino>/tables/slips/<int:pk>/void/", tables.VoidApi.as_view(), name="api-registers-tables-void"),
    path("<slug:casino>/tables/import/", tables_import.SlipsImportApi.as_view(), name="api-registers-tables-import"),
    path("<slug:casino>/tables/progressif/", progressif.ProgressiveApi.as_view(),
         name="api-registers-tables-progressive"),
    path("<slug:casino>/tables/progressif/lots/", progressif.ProgressiveConfigureApi.as_view(),
         name="api-registers-tables-progressive-lot"),
    path("<slug:casino>/tables/progressif/readings/", progressif.ProgressiveReadingApi.as_view(),
         name="api-registers-tables-progressive-reading"),
    path("<slug:casino>/tables/progressif/wins/", progressif.ProgressiveWinApi.as_view(),
         name="api-registers-tables-progressive-win"),
    path("<slug:casino>/poker/import/", poker_room.HandsImportApi.as_view(), name="api-registers-poker-import"),
    path("<slug:casino>/poker/days/<str:day>/", poker_room.RoomDayApi.as_view(), name="api-registers-poker-day"),
    path("<slug:casino>/poker/waiting/", waiting.WaitingAddApi.as_view(), name="api-registers-poker-waiting"),
    path("<slug:casino>/poker/waiting/calls/", waiting.WaitingCallApi.as_view(),
         name="api-registers-poker-waiting-call"),
    path("<slug:casino>/poker/seances/close/", poker_room.SeanceCloseApi.as_view(),
         name="api-registers-poker-seance-close"),
    path("<slug:casino>/keno/", keno.KenoStateApi.as_view(), name="api-registers-keno"),
    path("<slug:casino>/keno/tickets/", keno.KenoTicketApi.as_view(), name="api-registers-keno-ticket"),
    path("<slug:casino>/keno/draws/", keno.KenoDrawApi.as_view(), name="api-registers-keno-draw"),
    path("<slug:casino>/keno/payments/", keno.KenoPaymentApi.as_view(), name="api-registers-keno-payment"),
    path("<slug:casino>/keno/closings/", keno.KenoClosingApi.as_view(), name="api-registers-keno-closing"),
    path("<slug:casino>/<slug:kind>/checkpoints/", api.CheckpointApi.as_view(), name="api-registers-checkpoint"),
    path("<slug:casino>/<slug:kind>/verify/", api.RegisterVerifyApi.as_view(), name="api-registers-verify"),
    path("<slug:casino>/<slug:kind>/export/", api.RegisterExportApi.as_view(), name="api-registers-export"),
    path("<slug:casino>/<slug:kind>/<int:seq>/correct/", api.EntryCorrectApi.as_view(), name="api-registers-correct"),
]
