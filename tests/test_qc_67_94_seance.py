"""A Québec poker table's séance with its least stack (QC RJC art. 67.94 « Pour participer à une partie, un joueur doit
posséder au moins le montant d'avoit minimum indiqué à la table de jeu. »): recorded at the opening, kept through the
séance, shown on the room's page; the séance closed with its caisse de change counted, which the Québec texts do not
speak of: the casino's internal control is cited, never an article of another jurisdiction."""

import datetime
import json

import pytest
from django.urls import reverse

from games.poker import hand as deal
from registers.models import Entry
from registers.poker_room.services import poker_rebuy, poker_seance_close, poker_session_open
from tests.conftest import yesterday_everywhere

pytestmark = pytest.mark.django_db


def _opened(w, day):
    return poker_session_open(casino=w.a, actor=w.manager_a, gaming_day=day, table="SP-1", variant=deal.HOLDEM,
                              version=deal.NO_LIMIT, minimum="2", small_blind="1", big_blind="2", rake_rate="0.05",
                              minimum_stack="40", caisse="2000",
                              opened_at=datetime.datetime.combine(day, datetime.time(19), tzinfo=datetime.UTC))


def test_qc_67_94_the_least_stack_shown_at_the_table_is_recorded_at_the_opening_and_shown(world, rules, client):
    """« au moins le montant d'avoit minimum indiqué à la table de jeu »: the amount the table shows is the séance's,
    in its opening entry with the article, and on the room's page beside the caisse de change counted."""
    day = yesterday_everywhere()
    opened = _opened(world, day)
    payload = json.loads(Entry.objects.get(pk=opened.entry_id).payload)
    assert payload["avoir_minimum"] == "40.00" and "67.94" not in payload["caisse"]["citation"]
    assert payload["caisse"]["citation"].startswith("Contrôle interne du casino")
    client.force_login(world.manager_a)
    page = client.get(f"{reverse('poker-day', kwargs={'casino': world.a.code})}?jour={day.isoformat()}")
    text = page.content.decode()
    assert 'data-testid="caisse-opening"' in text and 'name="close-caisse"' in text


def test_qc_67_94_the_seance_closes_with_its_caisse_and_a_recave_has_no_maximum_of_the_texts(world, rules):
    """The Québec texts set no recave maximum and no caisse de change: both are the casino's control, recorded as
    such (LU art. 49-1's « règlement intérieur » is not cited in Québec)."""
    day = yesterday_everywhere()
    opened = _opened(world, day)
    at = datetime.datetime.combine(day, datetime.time(21), tzinfo=datetime.UTC)
    rebuy = poker_rebuy(session=opened, actor=world.manager_a, seat=2, player="Ana", amount="100", rebought_at=at)
    assert rebuy.maximum is None
    assert "49-1" not in json.loads(Entry.objects.get(pk=rebuy.entry_id).payload)["citation"]
    closed = poker_seance_close(casino=world.a, actor=world.manager_a, gaming_day=day, table="SP-1", caisse="2000",
                                closed_at=at + datetime.timedelta(hours=2))
    assert closed.difference == 0
    assert "49-3" not in json.loads(Entry.objects.get(pk=closed.entry_id).payload)["citation"]
