"""La Moselle's waiting list on the poker room's latest demo day (LU RGD 1979 art. 49-1), through the services: four
players inscribed before the séance, the list called at TH-1 by the chef de partie for two free seats (the second
inscribed does not answer), then at OM-1 by the chef de partie again; each call's seats drawn from a seed `secrets`
gives, written with the method. Nothing is planted: the audit draws every call's seats again and finds them."""

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from compliance.models import Casino, User

from ...kinds import EntryKind
from ...models import Entry, PokerSession
from .services import waiting_list_add, waiting_list_call

PLAYERS = ("Joueur 17", "Clara Roth", "Ben Goergen", "Joueur 42", "Mia Schroeder")


def waiting_list_demo(code: str = "la-moselle") -> list[str]:
    casino = Casino.objects.select_related("jurisdiction").get(code=code)
    day = casino.today() - timedelta(days=1)
    sessions = {s.table: s for s in PokerSession.objects.filter(casino=casino, gaming_day=day).order_by("number")}
    if "TH-1" not in sessions or Entry.objects.filter(register__casino=casino, kind=EntryKind.WAITING_LISTED).exists():
        return []
    cashier = User.objects.get(username="lu.caissier")
    zone = ZoneInfo(casino.jurisdiction.timezone)
    for minutes, player in enumerate(PLAYERS):
        waiting_list_add(casino=casino, actor=cashier, gaming_day=day, player=player,
                         inscribed_at=datetime.combine(day, time(18, 40 + minutes), tzinfo=zone))
    waiting_list_call(session=sessions["TH-1"], actor=cashier, free_seats=[3, 8], absent=[2],
                      quality="chef de partie", chef_de_partie="Paul Hoffmann",
                      called_at=datetime.combine(day, time(20, 30), tzinfo=zone))
    if "OM-1" in sessions:
        waiting_list_call(session=sessions["OM-1"], actor=cashier, free_seats=[5], quality="chef de partie",
                          chef_de_partie="Paul Hoffmann", called_at=datetime.combine(day, time(21, 10), tzinfo=zone))
    return [f"waiting list of {code}: {len(PLAYERS)} players inscribed, two calls with their seats drawn"]
