"""The suite's demo copy follows the casinos' day: one taken before a casino's midnight is taken again, once, for the
first test that wants the demo after it (tests/demo_snapshot.py)."""

import contextlib
import datetime

from tests import demo_snapshot


class Blocker:
    @contextlib.contextmanager
    def unblock(self):
        yield


def test_a_copy_from_the_day_before_is_taken_again_once(monkeypatch):
    days = [(datetime.date(2026, 11, 28),) * 3]
    taken = []

    def take(rule_tables):
        taken.append(days[0][0])
        return demo_snapshot.Copy(days=days[0], tables=(), created=("demo",))

    monkeypatch.setattr(demo_snapshot, "take", take)
    monkeypatch.setattr(demo_snapshot, "casino_days", lambda: days[0])
    monkeypatch.setattr("tests.conftest._rule_tables", lambda: [])
    monkeypatch.setattr(demo_snapshot, "_COPIES", [demo_snapshot.Copies(Blocker())])

    demo_snapshot.retake_if_stale(["demo"])
    assert len(taken) == 1  # same day: the copy is kept

    days[0] = (datetime.date(2026, 11, 29),) * 3
    demo_snapshot.retake_if_stale(["db"])
    assert len(taken) == 1  # a test without the demo does not pay for it
    demo_snapshot.retake_if_stale(["whole_demo"])
    demo_snapshot.retake_if_stale(["demo"])
    assert taken == [datetime.date(2026, 11, 28), datetime.date(2026, 11, 29)]  # taken again once, for the new day
    assert demo_snapshot._COPIES[0].copy.days == days[0]
