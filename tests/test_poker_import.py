"""Deals imported from the room's system (issue 16, item 2): all or nothing per file, the same deal twice recognised,
a bad deal refused with its number and why and nothing written, one cagnotte entry per day sealing the deals'
digest (re-checked by registers_audit), the deals in their month's partition, append-only for every role."""

import datetime
import io
import json
from dataclasses import replace

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.db.utils import InternalError, ProgrammingError

from compliance.errors import DomainError
from games.poker.simulator import broken
from registers.chain.services import register_for
from registers.kinds import EntryKind, RegisterKind
from registers.management.audit import audit
from registers.models import Entry, HandImport, PokerHand
from registers.poker_room.imports import HandRefused, hands_import
from tests.conftest import lu_today, make_user
from tests.poker_world import cents, hands, ohh_file, session

DAY = lu_today() - datetime.timedelta(days=1)


@pytest.fixture
def room(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    world.session = session(world.c, world.manager_c, DAY)
    world.hands = hands(world.session, 40)
    return world


def _audited(casino) -> list[str]:
    return [str(problem) for report in audit(casino_code=casino.code, kind=RegisterKind.CAGNOTTE)
            for finding in report.invalid for problem in finding.problems]


def _counts(casino):
    return (PokerHand.objects.filter(casino=casino).count(), Entry.objects.filter(register__casino=casino).count(),
            HandImport.objects.filter(casino=casino).count())


def test_a_file_of_deals_is_imported_with_one_entry_sealing_their_digest(room):
    result = hands_import(casino=room.c, actor=room.accountant_c, source=ohh_file(room.hands), name="nuit.json")
    assert (result.hands, result.created, result.known, result.days) == (40, 40, 0, [DAY])
    stored = PokerHand.objects.filter(casino=room.c, gaming_day=DAY)
    assert stored.count() == 40 and {row.session_id for row in stored} == {room.session.pk}
    entry = Entry.objects.get(register__casino=room.c, kind=EntryKind.HANDS_IMPORTED)
    payload = json.loads(entry.payload)
    assert payload["mains"] == 40 and payload["empreinte"] == result.entries[0]["empreinte"]
    declared = sum(p.rake for one in room.hands for p in one.pots)
    assert payload["retenue_declaree"] == str(cents(declared)) == payload["retenue_recalculee"]
    assert sum(row.rake_declared for row in stored) == cents(declared)
    assert _audited(room.c) == []


def test_the_same_file_twice_is_recognised_and_writes_nothing(room):
    hands_import(casino=room.c, actor=room.accountant_c, source=ohh_file(room.hands))
    before = _counts(room.c)
    again = hands_import(casino=room.c, actor=room.accountant_c, source=ohh_file(room.hands[:10] + room.hands[:10]))
    assert (again.created, again.known, again.entries) == (0, 20, [])
    assert _counts(room.c) == before


@pytest.mark.parametrize("how, code", [("out_of_turn", "out_of_turn"), ("dont_add_up", "actions_dont_add_up"),
                                       ("pot_mismatch", "pot_mismatch")])
def test_a_bad_deal_refuses_the_file_with_its_number_and_nothing_is_written(room, how, code):
    dealt = list(room.hands)
    dealt[25] = broken(dealt[25], how)
    before = _counts(room.c)
    with pytest.raises(HandRefused) as refused:
        hands_import(casino=room.c, actor=room.accountant_c, source=ohh_file(dealt))
    assert refused.value.number == dealt[25].number and refused.value.position == 26
    assert dealt[25].number in str(refused.value.message)
    assert _counts(room.c) == before


def test_a_deal_imported_again_with_another_content_is_refused(room):
    hands_import(casino=room.c, actor=room.accountant_c, source=ohh_file(room.hands[:5]))
    changed = replace(room.hands[3], seats=tuple(replace(seat, player=f"{seat.player}*") for seat in
                                                 room.hands[3].seats))
    changed = replace(changed, actions=tuple(replace(a, player=f"{a.player}*") for a in changed.actions),
                      pots=tuple(replace(p, wins=tuple((f"{w}*", v) for w, v in p.wins)) for p in changed.pots))
    with pytest.raises(HandRefused, match="déjà importée"):
        hands_import(casino=room.c, actor=room.accountant_c, source=ohh_file([changed]))


def test_a_deal_at_a_table_with_no_session_is_refused(room):
    elsewhere = replace(room.hands[0], table="TH-9")
    with pytest.raises(HandRefused, match="aucune séance"):
        hands_import(casino=room.c, actor=room.accountant_c, source=ohh_file([elsewhere]))


def test_a_malformed_file_is_refused_with_nothing_written(room):
    before = _counts(room.c)
    with pytest.raises(DomainError):
        hands_import(casino=room.c, actor=room.accountant_c, source=io.BytesIO(b'{"ohh": {"game_number": "1"'))
    assert _counts(room.c) == before


def test_a_regulator_cannot_import(room):
    with pytest.raises(DomainError):
        hands_import(casino=room.c, actor=room.regulator_lu, source=ohh_file(room.hands))


def test_hands_import_command_exits_non_zero_on_a_malformed_file_and_changes_nothing(room, tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_bytes(ohh_file(room.hands).getvalue())
    dealt = list(room.hands)
    dealt[7] = broken(dealt[7], "pot_mismatch")
    bad.write_bytes(ohh_file(dealt).getvalue())
    before = _counts(room.c)
    with pytest.raises(CommandError, match=dealt[7].number):
        call_command("hands_import", str(bad), casino=room.c.code)
    assert _counts(room.c) == before
    out = io.StringIO()
    call_command("hands_import", str(good), casino=room.c.code, as_json=True, stdout=out)
    assert json.loads(out.getvalue())["created"] == 40


def test_the_deals_partition_is_append_only_for_every_role(room):
    hands_import(casino=room.c, actor=room.accountant_c, source=ohh_file(room.hands))
    partition = f"registers_pokerhand_c{room.c.pk}_{DAY:%Y%m}"
    for statement in (f"UPDATE {partition} SET pot = 0", f"DELETE FROM {partition}",
                      "UPDATE registers_pokerhand SET pot = 0"):
        with pytest.raises((InternalError, ProgrammingError)), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement)
    with connection.cursor() as cursor:  # a month opened later gets the same refusals
        cursor.execute("SELECT vigie_partition('registers_pokerhand', %s, %s)",
                       [room.c.pk, DAY + datetime.timedelta(days=62)])
        later = cursor.fetchone()[0]
        cursor.execute("SELECT count(*) FROM pg_trigger WHERE tgrelid = %s::regclass", [later])
        assert cursor.fetchone()[0] >= 2  # the row trigger cloned from the parent, its own TRUNCATE trigger
        cursor.execute("SELECT privilege_type FROM information_schema.role_table_grants WHERE table_name = %s "
                       "AND grantee = %s ORDER BY 1", [later, connection.settings_dict.get("APP_ROLE", "vigie_app")])
        assert {row[0] for row in cursor.fetchall()} <= {"INSERT", "SELECT"}


def test_the_audit_finds_a_deal_changed_behind_the_registers_back(room):
    hands_import(casino=room.c, actor=room.accountant_c, source=ohh_file(room.hands))
    register_for(casino=room.c, kind=RegisterKind.CAGNOTTE)
    with connection.cursor() as cursor:  # as an intruder would, the triggers off for this transaction only
        cursor.execute("ALTER TABLE registers_pokerhand DISABLE TRIGGER USER")
        cursor.execute("UPDATE registers_pokerhand SET data = jsonb_set(data, '{t}', '\"TH-2\"') WHERE id = "
                       "(SELECT min(id) FROM registers_pokerhand WHERE casino_id = %s)", [room.c.pk])
        cursor.execute("ALTER TABLE registers_pokerhand ENABLE TRIGGER USER")
    problems = _audited(room.c)
    assert any("ne correspond plus à son empreinte" in problem for problem in problems), problems
    assert any("n'est pas celle des mains tenues" in problem for problem in problems), problems
