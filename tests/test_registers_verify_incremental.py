"""Incremental verification (issue 19): `registers_verify` starts from the last signed checkpoint a verification found
whole, its signature, its entry and every later entry recomputed; `--full` walks again from the first entry. What is
changed after that checkpoint, or the checkpoint's own entry, is found either way; what is changed before it, only by
the full verification, which a regulator also runs from the register's page."""

from decimal import Decimal

import pytest

from registers.chain.services import checkpoint_create
from registers.chain.verification import register_verify
from registers.models import VerifiedCheckpoint
from tests.conftest import make_user
from tests.test_registers import _filled, _id, _superuser, _verify


@pytest.fixture
def verified(world_tx, rules):
    """Ten entries under a signed checkpoint, verified once; then five more, committed."""
    world_tx.manager_c = make_user("direction.c", "manager", casino=world_tx.c)
    register = _filled(world_tx, 10)
    checkpoint_create(register=register, user=world_tx.manager_c)
    first = register_verify(register)
    assert first.ok and first.entries == 10 and first.since == 0
    _more(world_tx, register, 5)
    return register


def _more(world, register, count):
    from registers.chain.services import entry_append

    for index in range(count):
        entry_append(register=register, kind="test", gaming_day=world.c.today(), actor=world.accountant_c,
                     countersigner=world.manager_c, payload={"i": 100 + index, "amount": Decimal("7.00")})


def test_the_next_verification_starts_from_the_verified_checkpoint_and_moves_it_forward(verified, world_tx):
    again = register_verify(verified)
    assert again.ok and again.since == 10 and again.entries == 6  # the checkpoint's entry and the five after it
    checkpoint_create(register=verified, user=world_tx.manager_c)
    assert register_verify(verified).since == 10
    assert register_verify(verified).since == 15  # the new checkpoint, verified, is where the next one starts
    assert VerifiedCheckpoint.objects.filter(register=verified).count() == 2
    full = register_verify(verified, full=True)
    assert full.ok and full.since == 0 and full.entries == 15


def test_an_entry_changed_after_the_verified_checkpoint_is_found_incrementally(verified):
    _superuser([f"UPDATE registers_entry SET payload = replace(payload, '7.00', '7.01') "
                f"WHERE id = {_id(verified, 12)}"])
    code, out = _verify("--casino", "casino-c", "--register", "orphelins")
    assert code == 1 and "ROMPU au n° 12" in out and "n° 12 : changed" in out


def test_the_verified_checkpoint_s_own_entry_changed_is_found_incrementally(verified):
    _superuser([f"UPDATE registers_entry SET payload = replace(payload, '12.50', '12.51') "
                f"WHERE id = {_id(verified, 10)}"])
    result = register_verify(verified)
    assert not result.ok and result.first_broken == 10 and result.since == 10


def test_an_entry_changed_before_the_verified_checkpoint_is_found_by_the_full_verification(verified):
    _superuser([f"UPDATE registers_entry SET payload = replace(payload, '12.50', '12.51') "
                f"WHERE id = {_id(verified, 3)}"])
    assert register_verify(verified).ok  # the incremental walk trusts what the signed checkpoint covers
    code, out = _verify("--full", "--casino", "casino-c", "--register", "orphelins")
    assert code == 1 and "ROMPU au n° 3" in out
    assert VerifiedCheckpoint.objects.filter(register=verified).count() == 1  # a broken chain records nothing


def test_the_register_page_and_the_api_offer_both(verified, world_tx, client):
    from tests.conftest import api_client_for

    client.force_login(world_tx.regulator_lu)
    url = "/registres/casino-c/orphelins/verifier/"
    page = client.post(url).content.decode()
    assert "depuis le point de contrôle vérifié au n° 10" in page
    page = client.post(url, {"complete": "1"}).content.decode()
    assert "depuis la première écriture" in page and "15 écritures vérifiées" in page
    api = api_client_for(world_tx.regulator_lu)
    assert api.get("/api/v1/registers/casino-c/orphelins/verify/").json()["since"] == 10
    assert api.get("/api/v1/registers/casino-c/orphelins/verify/?complete=1").json()["since"] == 0


# --- a big register's walk split between the cores (issue 19: a year's verification within a minute) -------------


@pytest.fixture
def split(verified, monkeypatch):
    """The register of `verified` walked in parts, as one of PARALLEL_FROM entries or more would be."""
    from registers.chain import verification

    monkeypatch.setattr(verification, "PARALLEL_FROM", 4)
    monkeypatch.setattr(verification.os, "cpu_count", lambda: 3)  # parts of 5: n° 1–5, 6–10, 11–15
    return verified


def test_a_register_walked_in_parts_verifies_as_a_whole(split):
    full = register_verify(split, full=True)
    assert full.ok and full.entries == 15 and full.checkpoints == 1


@pytest.mark.parametrize("seq", [3, 5, 6, 15])
def test_an_entry_changed_anywhere_in_a_register_walked_in_parts_is_found(split, seq):
    _superuser([f"UPDATE registers_entry SET payload = replace(payload, '.', ',') WHERE id = {_id(split, seq)}"])
    found = register_verify(split, full=True)
    assert not found.ok and found.first_broken == seq, found.problems


def test_an_entry_removed_where_two_parts_meet_is_found(split):
    _superuser([f"DELETE FROM registers_entry WHERE id = {_id(split, 5)}"])
    found = register_verify(split, full=True)
    assert not found.ok and found.first_broken == 5, found.problems


def test_a_link_broken_where_two_parts_meet_is_found(split):
    _superuser([f"UPDATE registers_entry SET prev_hash = repeat('1', 64) WHERE id = {_id(split, 11)}"])
    found = register_verify(split, full=True)
    # the link is part of what the entry's hash covers: the entry no longer gives its hash either
    assert not found.ok and found.first_broken == 11, found.problems
    assert {p.kind for p in found.problems if p.seq == 11} == {"changed", "broken_link"}, found.problems
