from django.urls import path

from . import api as slot_api

urlpatterns = [
    path("debit/", slot_api.SlotDebitApi.as_view(), name="api-slots-debit"),
    path("credit/", slot_api.SlotCreditApi.as_view(), name="api-slots-credit"),
    path("batch/", slot_api.SlotBatchApi.as_view(), name="api-slots-batch"),
    path("cards/<str:number>/balance/", slot_api.SlotCardBalanceApi.as_view(), name="api-slots-card-balance"),
]
