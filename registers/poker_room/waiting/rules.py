"""What the rule data says of the waiting list: who attributes the seats at a game and what cites it (LU art. 49-1:
« par le chef de partie ou un membre du comité de direction »; 49-5, Omaha: « par le chef de partie »). Where the
texts have no such rule (QC), both may, under the casino's control."""

import datetime

from compliance.errors import DomainError
from compliance.models import Casino
from games.selectors import rule_value_at

from ... import controls
from .. import rules as room
from ..controls import CHEF_DE_PARTIE, DIRECTION

ATTRIBUTION = "attribution_des_places"  # « <game>.attribution_des_places »


def attribution(casino: Casino, game: str, day: datetime.date) -> tuple[tuple[str, ...], str]:
    """The qualities that attribute the seats at `game` on `day`, and what cites them."""
    try:
        rule = rule_value_at(jurisdiction=casino.jurisdiction, key=f"{game}.{ATTRIBUTION}", on=day, drafts=True)
    except DomainError:
        return (CHEF_DE_PARTIE, DIRECTION), controls.written(controls.POKER_SESSION)
    return tuple(str(quality) for quality in rule.value), str(rule.citation)


def listed(casino: Casino, day: datetime.date) -> str:
    """What the room's waiting list rests on: the article of each game the room deals, or the casino's control."""
    games = dict.fromkeys(room.games_dealt(casino.jurisdiction).values())
    cited = [attribution(casino, game, day)[1] for game in games]
    return " ; ".join(dict.fromkeys(cited)) or controls.written(controls.POKER_SESSION)
