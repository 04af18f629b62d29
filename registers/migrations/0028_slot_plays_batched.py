"""Issue 19 point 5: a slot system's operations sent together are appended together. `vigie_slot_plays` runs
`vigie_slot_play` (migration 0019) on each operation in the order sent, in one statement, and stops at the first one
that does not fit: the caller sends that one the general path, then the rest again. Each operation keeps its own
key, entry, movement and answer, and every check and trigger of the single statement; what the batch saves is the
round trips, the commits and the Python around each one (registers/cards/slot_system/services.py, slot_batch).

A bet beyond an active card's balance does not stop it: refused (LU RGD 1979 art. 3-4 1)), it writes nothing, so the
operations after it find what they would have found had it been answered first. Its row gives the balance that
refused it, from which the caller writes the general path's refusal under its key, in the same transaction."""

from django.conf import settings
from django.db import migrations

FUNCTION = r"""
CREATE FUNCTION vigie_slot_plays(
  p_system bigint, p_keys text[], p_operations text[], p_digests text[], p_numbers text[], p_currency text,
  p_amounts numeric[], p_casino bigint, p_machines text[], p_day date, p_actor bigint, p_actor_name text,
  p_recorded_at timestamptz, p_recorded_text text, p_basis text)
RETURNS TABLE (o_outcome text, o_response jsonb, o_balance numeric) LANGUAGE plpgsql AS $$
DECLARE
  v_play record;
  v_card record;
BEGIN
  -- each card before the register, as one operation takes them, and the batch's cards in one order: no deadlock
  PERFORM 1 FROM registers_card WHERE casino_id = p_casino AND number = ANY(p_numbers) ORDER BY id FOR UPDATE;
  FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
    IF p_operations[i] = 'debit'
       AND NOT EXISTS (SELECT 1 FROM registers_slotrequest WHERE slot_system_id = p_system AND key = p_keys[i]) THEN
      SELECT c.status, c.balance INTO v_card FROM registers_card c
        WHERE c.casino_id = p_casino AND c.number = p_numbers[i];
      IF FOUND AND v_card.status = 'active' AND v_card.balance < p_amounts[i] THEN
        o_outcome := 'insufficient'; o_response := NULL; o_balance := v_card.balance;
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;
    SELECT * INTO v_play FROM vigie_slot_play(
      p_system, p_keys[i], p_operations[i], p_digests[i], p_numbers[i], p_currency, p_amounts[i], p_casino,
      p_machines[i], p_day, p_actor, p_actor_name, p_recorded_at, p_recorded_text, p_basis);
    EXIT WHEN v_play.outcome <> 'done';  -- the next ones wait: an operation sees the ones sent before it
    o_outcome := 'done'; o_response := v_play.response; o_balance := NULL;
    RETURN NEXT;
  END LOOP;
END $$;
"""
SIGNATURE = ("vigie_slot_plays(bigint, text[], text[], text[], text[], text, numeric[], bigint, text[], date, bigint, "
             "text, timestamptz, text, text)")


def _privileges(apps, schema_editor):
    role = settings.DATABASE_APP_ROLE
    schema_editor.execute(f"""DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') THEN
        GRANT EXECUTE ON FUNCTION {SIGNATURE} TO "{role}"; END IF; END $$;""", params=None)


class Migration(migrations.Migration):

    dependencies = [
        ("registers", "0027_archived_heads"),
    ]

    operations = [
        migrations.RunSQL(FUNCTION, f"DROP FUNCTION {SIGNATURE};"),
        migrations.RunPython(_privileges, migrations.RunPython.noop),
    ]
