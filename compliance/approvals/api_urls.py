"""The approvals' API under /api/v1/approvals/ (compliance/approvals/api.py): the lists, then a request by its
reference and its steps."""

from django.urls import path

from . import api

urlpatterns = [
    path("", api.ApprovalListApi.as_view(), name="api-approvals-list"),
    path("inbox/", api.ApprovalInboxApi.as_view(), name="api-approvals-inbox"),
    path("kinds/", api.ApprovalKindsApi.as_view(), name="api-approvals-kinds"),
    path("<slug:reference>/", api.ApprovalDetailApi.as_view(), name="api-approvals-detail"),
    path("<slug:reference>/attachments/", api.ApprovalAttachApi.as_view(), name="api-approvals-attach"),
    path("<slug:reference>/attachments/<int:pk>/", api.ApprovalAttachmentApi.as_view(),
         name="api-approvals-attachment"),
    path("<slug:reference>/file/", api.ApprovalFileApi.as_view(), name="api-approvals-file"),
    path("<slug:reference>/ask/", api.ApprovalAskApi.as_view(), name="api-approvals-ask"),
    path("<slug:reference>/answer/", api.ApprovalAnswerApi.as_view(), name="api-approvals-answer"),
    path("<slug:reference>/withdraw/", api.ApprovalWithdrawApi.as_view(), name="api-approvals-withdraw"),
    path("<slug:reference>/findings/", api.ApprovalFindingApi.as_view(), name="api-approvals-findings"),
    path("<slug:reference>/decide/", api.ApprovalDecideApi.as_view(), name="api-approvals-decide"),
    path("<slug:reference>/revoke/", api.ApprovalRevokeApi.as_view(), name="api-approvals-revoke"),
]
