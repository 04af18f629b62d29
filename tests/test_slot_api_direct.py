"""The slot API answers a debit or credit that all of DRF's checks would let through without DRF's request machinery
(registers/cards/slot_system/api.py): the same answer, byte for byte and header for header, as DRF gives, for every
outcome; a request it leaves to DRF counts once in the system's rate."""

import datetime

import pytest
from django.db import transaction
from django.utils import timezone
from rest_framework.test import APIClient

from registers.cards.slot_system import api as slot_api
from registers.cards.slot_system import services as slot_services
from registers.models import Entry, SlotRequest
from tests.test_slot_api import CREDIT, DEBIT, _op, _post, slot_setup

NOW = datetime.datetime(2026, 11, 26, 14, 0, tzinfo=datetime.UTC)


def _both(monkeypatch, send):
    """The answer through DRF, then (the first one undone) the answer with the direct path tried first, at the same
    instant, and whether the direct path gave it."""
    monkeypatch.setattr(timezone, "now", lambda: NOW)
    with monkeypatch.context() as patched, transaction.atomic():
        patched.setattr(slot_api, "_answered_directly", lambda request, operation: None)
        through_drf = send()
        transaction.set_rollback(True)
    answered = []
    direct = slot_api._answered_directly

    def tried(request, operation):
        answer = direct(request, operation)
        answered.append(answer is not None)
        return answer

    monkeypatch.setattr(slot_api, "_answered_directly", tried)
    return through_drf, send(), answered


def _same(first, second):
    assert (second.status_code, second.content) == (first.status_code, first.content)
    assert dict(second.headers) == dict(first.headers)


@pytest.mark.django_db
@pytest.mark.parametrize("case", ["bet", "win", "win past the cap", "refused", "unknown card", "bad amount",
                                  "no key", "replay", "key reused", "html only", "form body", "blank not ascii"])
def test_the_direct_answer_is_drfs_answer(world, rules, monkeypatch, case):
    slots = slot_setup(world)
    url, body, key, extra = DEBIT, _op(slots.card, "30.00"), f"k-{case}", {}
    if case == "win":
        url, body = CREDIT, _op(slots.card, "12,5")
    elif case == "win past the cap":
        url, body = CREDIT, _op(slots.day_card, "80.00")  # 200 on a card capped at 250
    elif case == "refused":
        body = _op(slots.card, "150.00")
    elif case == "unknown card":
        body = _op(slots.foreign_card, "1.00")
    elif case == "bad amount":
        body = _op(slots.card, "1.001")
    elif case == "no key":
        key = None
    elif case == "replay":
        assert _post(slots, DEBIT, body, key).status_code == 201
    elif case == "key reused":
        assert _post(slots, DEBIT, _op(slots.card, "31.00"), key).status_code == 201
    elif case == "html only":
        extra = {"HTTP_ACCEPT": "text/html"}
    elif case == "blank not ascii":  # a blank Python's str.split() knows and the authentication does not
        slots.api, extra = APIClient(), {"HTTP_AUTHORIZATION": f"Slot\xa0{slots.key}"}
    entries = Entry.objects.count()
    if case == "form body":  # multipart: DRF refuses it (415)
        through_drf, second, answered = _both(monkeypatch, lambda: slots.api.post(url, body, HTTP_IDEMPOTENCY_KEY=key))
    else:
        through_drf, second, answered = _both(monkeypatch, lambda: _post(slots, url, body, key, **extra))
    _same(through_drf, second)
    status, written, direct = {
        "bet": (201, 1, True), "win": (201, 1, True), "win past the cap": (201, 2, True), "refused": (400, 0, True),
        "unknown card": (404, 0, True), "replay": (201, 0, True), "bad amount": (400, 0, False),
        "no key": (400, 0, False), "key reused": (409, 0, False), "html only": (406, 0, False),
        "form body": (415, 0, False), "blank not ascii": (401, 0, False)}[case]
    assert (second.status_code, Entry.objects.count() - entries, answered) == (status, written, [direct])
    if case == "replay":
        assert second["Idempotent-Replayed"] == "true"


@pytest.mark.django_db
def test_a_request_left_to_drf_counts_once_in_the_rate(world, rules, monkeypatch):
    slots = slot_setup(world, rate=3)
    monkeypatch.setattr(slot_services, "_now", lambda: 1_800_000_000.0)
    assert _post(slots, DEBIT, _op(slots.card, "1.001"), "bad").status_code == 400  # counted by the direct path
    assert _post(slots, DEBIT, _op(slots.card, "150.00"), "refused").status_code == 400
    assert _post(slots, DEBIT, _op(slots.card, "1.00"), "ok").status_code == 201
    limited = _post(slots, DEBIT, _op(slots.card, "1.00"), "fourth")
    assert limited.status_code == 429 and limited["Retry-After"] == "60"
    assert limited.json()["code"] == "rate_limited"
    assert set(SlotRequest.objects.values_list("key", flat=True)) == {"refused", "ok"}
