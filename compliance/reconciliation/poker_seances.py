"""The reconciliation's findings on the poker séances (registers/poker_room, issue 38 point 6): a séance whose caisse de
change was counted at its opening and is not closed with its count, and a close whose caisse differs from the
opening's without explanation (the control is the poker room's own, controls.caisse_problems, asked through its
selector). Two queries whatever the period, and one rule value read per game and day."""

import datetime

from compliance.models import Casino
from registers.models import PokerSession, SeanceClose
from registers.poker_room import rules
from registers.poker_room.selectors import caisse_left

from .checks import Found

NOT_CLOSED, CAISSE = "poker_non_fermee", "poker_caisse"


def seance_findings(casino: Casino, first: datetime.date, last: datetime.date) -> dict[datetime.date, list[Found]]:
    closes = {(close.gaming_day, close.table): close for close in SeanceClose.objects.filter(
        casino=casino, gaming_day__range=(first, last)).select_related("casino__jurisdiction")}
    counted = (PokerSession.objects.filter(casino=casino, gaming_day__range=(first, last), caisse__isnull=False)
               .order_by("gaming_day", "table", "number").values_list("gaming_day", "table", "game__key"))
    games, found, cited = {}, {}, {}
    for day, table, game in counted:
        games.setdefault((day, table), game)  # the séance's game: its first session's
    for (day, table), game in games.items():
        if (day, game) not in cited:
            cited[(day, game)] = rules.caisse_cited(casino, game, day)
        citation, close = cited[(day, game)], closes.get((day, table))
        if close is None:
            found.setdefault(day, []).append(Found(NOT_CLOSED, f"{NOT_CLOSED}:{table}:{day.isoformat()}", citation,
                                                   None, table, None, {"table": table, "day": day.isoformat()}))
            continue
        for _problem in caisse_left(close, citation):
            found.setdefault(day, []).append(Found(
                CAISSE, f"{CAISSE}:{table}:{day.isoformat()}", citation, close.difference, table, None,
                {"table": table, "opening": str(close.caisse_opened), "closing": str(close.caisse_counted),
                 "amount": str(close.difference)}))
    return found
