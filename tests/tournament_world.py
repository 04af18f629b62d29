"""What the tournament tests build on: a tournament set up through the service with sensible rules, a Luxembourg
approval of its rules through the approvals workspace, and a tournament played to its end."""

import contextlib
import datetime
from unittest import mock

from django.utils import timezone

from compliance.approvals.services import request_attach, request_create, request_decide, request_file
from registers.tournaments.services import (
    entry_sell,
    players_out,
    tournament_create,
    tournament_publish,
    tournament_start,
)

LEVELS = [{"petite_blinde": 100, "grosse_blinde": 200, "ante": 200, "minutes": 20},
          {"petite_blinde": 200, "grosse_blinde": 400, "ante": 400, "minutes": 20},
          {"petite_blinde": 300, "grosse_blinde": 600, "ante": 600, "minutes": 20},
          {"petite_blinde": 500, "grosse_blinde": 1000, "ante": 1000, "minutes": 20}]
GAME = {"QC": "qc.salon_poker", "LU": "lu.texas_holdem", "MC": "ropta.tournoi"}


def setup(casino, manager, *, name="Tournoi du jeudi", starts_at=None, **changes):
    values = dict(
        game=GAME[casino.jurisdiction.code], name=name,
        starts_at=starts_at or timezone.now() + datetime.timedelta(days=10), duration="Une soirée, de 19 h à 1 h",
        participation="Ouvert aux personnes majeures ; une ré-entrée pendant les inscriptions tardives.",
        distribution="Aux trois premiers : 50 %, 30 % et 20 % des lots ; les centimes qui restent au premier.",
        fee="100.00", to_pool="90.00", shares=["0.5", "0.3", "0.2"], starting_stack=20000, levels=LEVELS,
        capacity=40, tables=["T1", "T2"], reentries=1, ropta_adopted=True)
    values.update(changes)
    return tournament_create(casino=casino, actor=manager, **values)


@contextlib.contextmanager
def clock(moment: datetime.datetime):
    """The services' clock at `moment`: a publication recorded then (Vigie records its own moment, QC RJC art. 125)."""
    with mock.patch.object(timezone, "now", lambda: moment):
        yield


def published_ago(tournament, manager, days: float, *, before=None):
    """The tournament's rules published `days` before `before` (now by default), as recorded then."""
    with clock((before or timezone.now()) - datetime.timedelta(days=days)):
        return tournament_publish(tournament=tournament, actor=manager)


def seats(count: int) -> dict:
    """The players seated at the start: one table up to five, else two."""
    return {"T1": count} if count < 6 else {"T1": count - count // 2, "T2": count // 2}


def lu_approval(casino, manager, regulator, name, start: datetime.date, digest: str = ""):
    draft = request_create(actor=manager, casino=casino, kind="tournoi", items={
        "nom": name, "modalites": "100 € dont 10 € de frais ; lots aux trois premiers", "date_debut": str(start),
        "empreinte_regles": digest})
    request_attach(actor=manager, request=draft, item="reglement", filename="reglement.pdf", content=b"%PDF-1.4")
    return request_decide(actor=regulator, request=request_file(actor=manager, request=draft), decision="approuver")


def started(casino, manager, cashier, players, *, minutes_ago=200, published_days=8, **changes):
    """A tournament that started `minutes_ago`, published `published_days` before, with `players` entered before it."""
    start = timezone.now() - datetime.timedelta(minutes=minutes_ago)
    with clock(start - datetime.timedelta(days=published_days)):
        tournament = setup(casino, manager, starts_at=start, **changes)
        tournament_publish(tournament=tournament, actor=manager)
    for index, player in enumerate(players):
        entry_sell(tournament=tournament, actor=cashier, player=player,
                   entered_at=start - datetime.timedelta(minutes=30 - index % 30))
    return tournament_start(tournament=tournament, actor=manager, started_at=start, seated=seats(len(players)))


def out(tournament, actor, hand, *lines, minutes_ago=5):
    """Players out: (entry number, table, stack at the start of the deal)."""
    return players_out(tournament=tournament, actor=actor, hand=hand,
                       out=[{"inscription": n, "table": t, "tapis": s} for n, t, s in lines],
                       at=timezone.now() - datetime.timedelta(minutes=minutes_ago))
