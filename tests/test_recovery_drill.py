"""LU RGD 1979 art. 3-1 9): the gaming-card system has a backup component that recovers the data if the
main system fails. The drill (scripts/standby.py) builds its own primary and synchronous standby on free
ports in a temporary folder (the test database is not touched), loads cards from four processes through
the services, kills the primary with SIGKILL, promotes the standby and checks every acknowledged load."""

import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
if str(SCRIPTS) not in sys.path:
    sys.path.append(str(SCRIPTS))

import standby  # noqa: E402


def test_3_1_9_the_standby_keeps_every_acknowledged_card_load_when_the_primary_is_killed():
    result = standby.drill(operations=200, writers=4)
    print(result.report())
    assert result.acknowledged >= 200
    assert result.found == result.acknowledged and result.lost == 0, result.problems
    assert result.balances_ok and result.verify_ok, result.problems
    assert not result.problems
    # the promoted standby took a card load: the system writes again, within seconds
    assert 0 < result.recovery_seconds < 30
    assert result.entries >= result.acknowledged + 1
    assert result.ok
