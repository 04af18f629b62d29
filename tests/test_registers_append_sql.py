"""Issue 19: an entry is hashed and appended by PostgreSQL (`vigie_entry_append`, migration 0016) in one round trip;
its hash must be the one the Python chain (registers/chain/hashing.py), the verification and the offline verifier
recompute, whatever the text it holds."""

import datetime
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compliance.errors import DomainError
from registers.chain.services import entry_append, entry_data, register_for, session_close
from registers.chain.verification import register_verify
from registers.errors import ErrorCode
from registers.models import Entry

pytestmark = pytest.mark.django_db

# any text PostgreSQL stores: control characters, quotes, backslashes, accents, emoji; not NUL, nor lone surrogates
TEXT = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=40)
VALUES = st.recursive(TEXT | st.integers(-10**12, 10**12) | st.booleans() | st.none()
                      | st.decimals(min_value=-10**6, max_value=10**6, places=2, allow_nan=False),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
                      max_leaves=8)


@given(kind=st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), min_size=1, max_size=60),
       payload=st.dictionaries(TEXT, VALUES, max_size=5), countersigned=st.booleans(), refers=st.booleans())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_databases_hash_is_the_chains_on_any_text(world, kind, payload, countersigned, refers):
    register = register_for(casino=world.a, kind="orphelins")
    earlier = Entry.objects.filter(register=register).order_by("-seq").first()
    entry = entry_append(register=register, kind=kind, gaming_day=world.a.today(), actor=world.accountant_a,
                         payload=payload, countersigner=world.manager_a if countersigned else None,
                         refers_to=earlier if refers else None)
    stored = Entry.objects.select_related("register__casino", "actor", "countersigner", "refers_to").get(pk=entry.pk)
    assert stored.hash == entry.hash == entry_data(stored).digest()
    assert (stored.seq, stored.prev_hash) == ((earlier.seq + 1, earlier.hash) if earlier else (1, "0" * 64))
    assert stored.payload == entry.payload and stored.recorded_at == entry.recorded_at


def test_a_chain_written_by_the_database_verifies_whole(world):
    register = register_for(casino=world.a, kind="orphelins")
    day = world.a.today()
    for n in range(30):
        entry_append(register=register, kind="orphelin.depot", gaming_day=day, actor=world.accountant_a,
                     payload={"n": n, "amount": Decimal("12.50"), "note": 'guillemets " et \\ barre\nligne é ✓'})
    result = register_verify(register, full=True)
    assert result.ok and result.entries == 30, result


def test_a_closed_day_is_refused_under_the_registers_lock_and_nothing_is_written(world):
    register = register_for(casino=world.a, kind="orphelins")
    day = world.a.today() - datetime.timedelta(days=1)
    session_close(casino=world.a, gaming_day=day, user=world.manager_a)
    before = Entry.objects.filter(register=register).count()
    with pytest.raises(DomainError) as refused:
        entry_append(register=register, kind="orphelin.depot", gaming_day=day, actor=world.accountant_a,
                     payload={"amount": "5.00"})
    assert refused.value.code == ErrorCode.SESSION_CLOSED and refused.value.field == "gaming_day"
    assert day.isoformat() in str(refused.value)
    assert Entry.objects.filter(register=register).count() == before
