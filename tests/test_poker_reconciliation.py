"""The poker room's reconciliation (issue 16, item 3): the deals' rake against the law's cap (QC RJC art. 67.108) and
against ours, the rake per table against the cagnotte counted (LU RGD 1979 art. 49-1), the drops against the jackpot
registers (art. 49-9, 49-13), the stakes set aside against the orphelins (art. 49-1); each finding with its article
and amount; a clean day finds nothing; a second run writes nothing; the real worker runs it after the close."""

import datetime
import io
import json
from dataclasses import replace

import pytest
from django.core.management import call_command

from compliance.models import JobRun
from compliance.reconciliation.models import Reconciliation
from compliance.reconciliation.services import reconciliation_run
from games.poker import hand as deal
from games.poker.replay import replay
from games.poker.simulator import overraked, rake_above_legal
from registers.chain.services import pending_countersign, session_close
from registers.kinds import EntryKind
from registers.models import Entry
from registers.orphelins.services import orphelin_file
from registers.poker.services import cagnotte_file
from registers.poker_room import rules as room
from registers.poker_room.imports import hands_import
from registers.poker_room.services import stake_consign
from tests.conftest import lu_today, make_user, yesterday_everywhere
from tests.poker_world import cents, hands, ohh_file, session
from tests.test_worker import celery_worker, wait_for_status  # noqa: F401 (fixture)

DAY = lu_today() - datetime.timedelta(days=1)


def _room(world, casino, manager, dealt_with=lambda hands: hands, *, counted_short=0, count=True, day=DAY, **opened):
    opened = session(casino, manager, day, **opened)
    dealt = dealt_with(hands(opened, 60, seed=7))
    hands_import(casino=casino, actor=manager, source=ohh_file(dealt))
    rake = sum(pot.rake for one in dealt for pot in one.pots) - counted_short
    cashier = make_user(f"caisse.{casino.code}", "accountant", casino=casino)
    if count:
        pending_countersign(pending=cagnotte_file(
            casino=casino, actor=cashier, gaming_day=day, table=opened.table, house=str(cents(rake)), bad_beat="0",
            box_count=str(cents(rake)), currency=casino.currency), countersigner=manager)
    return opened, dealt


def _poker(reconciliation) -> list[tuple[str, str]]:
    return [(f.kind, str(f.amount)) for f in reconciliation.findings.filter(kind__startswith="poker_")]


@pytest.fixture
def lu(world, rules):
    world.manager_c = make_user("direction.c", "manager", casino=world.c)
    return world


def test_a_clean_day_of_the_poker_room_finds_nothing(lu):
    _room(lu, lu.c, lu.manager_c)
    assert _poker(reconciliation_run(casino=lu.c, gaming_day=DAY, actor=lu.manager_c)) == []


def test_lu_art_49_1_a_rake_above_the_sessions_rate_is_found_with_its_amount(lu):
    _room(lu, lu.c, lu.manager_c, lambda dealt: [overraked(h, 100) if i in (3, 9) else h for i, h in enumerate(dealt)])
    reconciliation = reconciliation_run(casino=lu.c, gaming_day=DAY, actor=lu.manager_c)
    assert _poker(reconciliation) == [("poker_retenue", "2.00")]
    finding = reconciliation.findings.get(kind="poker_retenue")
    assert "49-1" in finding.citation and "TH-1" in finding.message and "2,00" in finding.message
    assert "recomputed" not in finding.message and "2.00" in finding.message_en


def test_lu_art_49_1_the_cagnotte_counted_short_of_the_deals_rake(lu):
    """« Le montant de la retenue est immédiatement versé dans la cagnotte encastrée dans la table de jeu » (art.
    49-1), not art. 97-1, which only lets the books be kept electronically."""
    _room(lu, lu.c, lu.manager_c, counted_short=2000)
    reconciliation = reconciliation_run(casino=lu.c, gaming_day=DAY, actor=lu.manager_c)
    assert _poker(reconciliation) == [("poker_cagnotte", "20.00")]
    citation = reconciliation.findings.get(kind="poker_cagnotte").citation
    assert "49-1" in citation and "97-1" not in citation


def test_lu_art_49_1_a_stake_set_aside_must_reach_the_orphelins(lu):
    opened, _ = _room(lu, lu.c, lu.manager_c)
    for amount in ("85.00", "140.00"):
        stake_consign(session=opened, actor=lu.manager_c, seat=2, player="Jo", amount=amount, currency="EUR")
    cashier = make_user("caisse2.c", "accountant", casino=lu.c)
    pending_countersign(pending=orphelin_file(casino=lu.c, actor=cashier, gaming_day=DAY, source="mise_consignee",
                                              amount="85.00", currency="EUR", location="Salon de poker"),
                        countersigner=lu.manager_c)
    reconciliation = reconciliation_run(casino=lu.c, gaming_day=DAY, actor=lu.manager_c)
    assert _poker(reconciliation) == [("poker_orphelin", "140.00")]
    assert "49-1" in reconciliation.findings.get(kind="poker_orphelin").citation


def test_qc_art_67_108_a_rake_above_ten_percent_of_the_pot_is_found(world, rules):
    def planted(dealt):
        big = [i for i, h in enumerate(dealt) if sum(p.amount for p in h.pots) >= 1000][:1]
        return [rake_above_legal(h, "0.12") if i in big else h for i, h in enumerate(dealt)]

    day = yesterday_everywhere()
    _room(world, world.a, world.manager_a, planted, minimum="2", small="1", big="2", rate="0.10", table="SP-1", day=day)
    reconciliation = reconciliation_run(casino=world.a, gaming_day=day, actor=world.manager_a)
    kinds = dict(_poker(reconciliation))
    assert set(kinds) == {"poker_plafond", "poker_retenue"}
    capped = reconciliation.findings.get(kind="poker_plafond")
    assert "67.108" in capped.citation and "10,00 %" in capped.message


def test_reconcile_command_shows_the_findings_as_json_and_a_second_run_writes_nothing(lu):
    _room(lu, lu.c, lu.manager_c, counted_short=500)
    out = io.StringIO()
    call_command("reconcile", casino=lu.c.code, day=DAY.isoformat(), as_json=True, stdout=out)
    shown = json.loads(out.getvalue())
    assert shown["statut"] == "constats" and [f["nature"] for f in shown["constats"]] == ["poker_cagnotte"]
    entries = Entry.objects.filter(kind=EntryKind.RECONCILED).count()
    call_command("reconcile", casino=lu.c.code, day=DAY.isoformat(), stdout=io.StringIO())
    assert Entry.objects.filter(kind=EntryKind.RECONCILED).count() == entries


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_reconciles_the_poker_room_after_the_close(world_tx, rules, celery_worker):  # noqa: F811
    world_tx.manager_c = make_user("direction.c", "manager", casino=world_tx.c)
    _room(world_tx, world_tx.c, world_tx.manager_c, counted_short=1000)
    session_close(casino=world_tx.c, gaming_day=DAY, user=world_tx.manager_c)
    job = wait_for_status(JobRun.objects.get(kind=JobRun.Kind.RECONCILIATION), JobRun.Status.SUCCEEDED, timeout=180)
    assert job.result["statut"] == "constats" and job.percent == 100
    reconciliation = Reconciliation.objects.get(casino=world_tx.c, gaming_day=DAY)
    assert _poker(reconciliation) == [("poker_cagnotte", "10.00")]


def test_lu_art_49_4_a_deal_dealt_in_another_version_than_its_sessions_is_found(lu):
    _room(lu, lu.c, lu.manager_c, lambda dealt: [replace(h, version="limit", cap=2000) if i == 4 else h
                                                  for i, h in enumerate(dealt)])
    reconciliation = reconciliation_run(casino=lu.c, gaming_day=DAY, actor=lu.manager_c)
    version = reconciliation.findings.get(kind="poker_version")
    assert "49-4" in version.citation and "TH-1" in version.message and "1 main" in version.message


def test_a_deal_paid_wrongly_in_two_pots_is_one_deal_in_the_finding(lu):
    """A deal whose main pot and side pot both went to the wrong player carries two flags, one per pot: the finding
    counts deals, so it names that deal once and counts 1, its amount the sum of both pots' wrong payments."""
    picked = {}

    def planted(dealt):
        rules = room.session_rules(picked["session"], None)
        for k, one in enumerate(dealt):
            shown = [a.player for a in one.actions if a.kind == deal.SHOW]
            outcome = replay(one, rules)
            if len(one.pots) < 2 or any(len(p.wins) != 1 for p in one.pots):
                continue
            swapped = []
            for pot, ours in zip(one.pots, outcome.pots, strict=True):
                other = [p for p in shown if p in ours.eligible and p != pot.wins[0][0]]
                if not other:
                    break
                swapped.append(replace(pot, wins=((other[0], pot.wins[0][1]),)))
            else:
                dealt[k] = replace(one, pots=tuple(swapped))
                if sum(1 for i in replay(dealt[k], rules).irregularities if i.code == "wins") == 2:
                    picked["number"] = one.number
                    return dealt
                dealt[k] = one
        raise AssertionError("no deal of two pots decided by the cards")

    opened = session(lu.c, lu.manager_c, DAY)
    picked["session"] = opened
    dealt = planted(hands(opened, 200, seed=11))
    hands_import(casino=lu.c, actor=lu.manager_c, source=ohh_file(dealt))
    reconciliation = reconciliation_run(casino=lu.c, gaming_day=DAY, actor=lu.manager_c)
    found = reconciliation.findings.get(kind="poker_gains")
    assert found.params["count"] == "1" and found.params["hands"] == picked["number"]
    assert "1 main" in found.message
