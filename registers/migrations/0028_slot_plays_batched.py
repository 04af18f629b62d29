"""Issue 19 point 5: a slot system's operations sent together are appended together (registers/cards/slot_system/
services.py, slot_batch). `vigie_slot_plays` takes them in the order sent, in one statement, and stops at the first
one that does not fit: the caller sends that one the general path, then the rest again.

The first that fits goes through `vigie_slot_play` (migration 0019), with every check of an operation sent alone:
the register's lock, the day open, the draft basis, the partitions, the archived year, the head. Those hold for the
rest of the statement (the register stays locked to its commit), so each next one only writes what `vigie_slot_play`
writes, its entry following the last: the same payload, hash, movement, balance, answer and key's row, each under
the same triggers (the chain's and the balance's continuity, append-only). tests/test_slot_batch.py holds them equal
to those of an operation sent alone.

Its statements keep one plan per session (migration 0026) and must reach their rows through their indexes whatever
the statistics said when it was made: the function turns sequential scans off for its own statements.

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
RETURNS TABLE (o_outcome text, o_response jsonb, o_balance numeric) LANGUAGE plpgsql
-- each statement reads a few rows by key, through its index, whatever the table looked like when its generic plan
-- was made: a plan made on an empty key table (a new installation, VACUUM ANALYZE) scanned it whole for every
-- operation once it had grown, which halved a chain's rate (tests/test_slot_batch.py)
SET enable_seqscan = off AS $$
DECLARE
  v_play record;
  v_card registers_card%ROWTYPE;
  v_register bigint;
  v_label text;
  v_seq bigint;
  v_hash text;
  v_prev text;
  v_kind text;
  v_delta numeric;
  v_after numeric;
  v_payload text;
  v_entry bigint;
  v_request bigint;
  v_first bigint := (p_casino << 41) | ((extract(year FROM p_day)::bigint - 1900) << 33);
  v_fixed text;
  v_tail text;
BEGIN
  -- each card before the register, as one operation takes them, and the batch's cards in one order: no deadlock
  PERFORM 1 FROM registers_card WHERE casino_id = p_casino AND number = ANY(p_numbers) ORDER BY id FOR UPDATE;
  FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
    -- what stops the statement, as vigie_card_play and vigie_slot_play stop: the general path answers it
    IF EXISTS (SELECT 1 FROM registers_slotrequest WHERE slot_system_id = p_system AND key = p_keys[i]) THEN
      RETURN;  -- a replay
    END IF;
    SELECT * INTO v_card FROM registers_card c WHERE c.casino_id = p_casino AND c.number = p_numbers[i];
    IF NOT FOUND OR v_card.status <> 'active' OR p_amounts[i] <= 0 THEN
      RETURN;
    END IF;
    v_delta := CASE p_operations[i] WHEN 'debit' THEN -p_amounts[i] ELSE p_amounts[i] END;
    v_after := v_card.balance + v_delta;
    IF v_after < 0 THEN  -- refused, nothing written: the next ones go on
      o_outcome := 'insufficient'; o_response := NULL; o_balance := v_card.balance;
      RETURN NEXT;
      CONTINUE;
    END IF;
    IF v_after > v_card.cap THEN
      RETURN;  -- a win past the cap: two entries, by the general path
    END IF;
    v_kind := CASE p_operations[i] WHEN 'debit' THEN 'carte.mise' ELSE 'carte.gain' END;
    IF v_seq IS NULL THEN  -- the first: every check of an operation sent alone, and the head it leaves
      SELECT * INTO v_play FROM vigie_slot_play(
        p_system, p_keys[i], p_operations[i], p_digests[i], p_numbers[i], p_currency, p_amounts[i], p_casino,
        p_machines[i], p_day, p_actor, p_actor_name, p_recorded_at, p_recorded_text, p_basis);
      EXIT WHEN v_play.outcome <> 'done';
      v_seq := (v_play.response -> 'entry' ->> 'seq')::bigint;
      v_hash := v_play.response -> 'entry' ->> 'hash';
      SELECT r.id, c.code || '/' || r.kind INTO v_register, v_label
        FROM registers_register r JOIN compliance_casino c ON c.id = r.casino_id
        WHERE r.casino_id = p_casino AND r.kind = 'cartes';
      v_fixed := to_json(to_char(p_day, 'YYYY-MM-DD'))::text || ',null,';
      v_tail := ',' || to_json(p_actor_name)::text || ',null,' || to_json(p_recorded_text)::text || ']';
      o_outcome := 'done'; o_response := v_play.response; o_balance := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    -- the next: what vigie_slot_play writes (its payload, hash, entry, movement, balance, answer, key's row)
    v_payload := '{"amount":' || to_json(p_amounts[i]::text) || ',"card":' || to_json(v_card.number)
      || ',"machine":' || to_json(p_machines[i]) || ',"movements":[{"balance_after":' || to_json(v_after::text)
      || ',"card":' || to_json(v_card.number) || ',"delta":' || to_json(v_delta::text) || '}]}';
    v_prev := v_hash;
    v_seq := v_seq + 1;
    v_hash := encode(sha256(convert_to(
      '[' || to_json(v_label)::text || ',' || v_seq::text || ',' || to_json(v_prev)::text || ','
      || to_json(v_kind)::text || ',' || v_fixed || to_json(v_payload)::text || v_tail, 'UTF8')), 'hex');
    v_entry := v_first | nextval('registers_entry_n');
    INSERT INTO registers_entry (id, register_id, seq, kind, gaming_day, refers_to_id, payload, actor_id,
                         countersigner_id, recorded_at, prev_hash, hash)
      VALUES (v_entry, v_register, v_seq, v_kind, p_day, NULL, v_payload, p_actor, NULL, p_recorded_at, v_prev, v_hash);
    INSERT INTO registers_cardmovement (entry_id, card_id, kind, gaming_day, delta, balance_after, casino_id)
      VALUES (v_entry, v_card.id, v_kind, p_day, v_delta, v_after, p_casino);
    UPDATE registers_card SET balance = v_after, moved_on = greatest(moved_on, p_day) WHERE id = v_card.id;
    o_response := jsonb_build_object(
      'operation', p_operations[i], 'card', v_card.number, 'amount', round(p_amounts[i], 2)::text,
      'currency', p_currency, 'machine', p_machines[i], 'balance', round(v_after, 2)::text,
      'entry', jsonb_build_object('kind', v_kind, 'seq', v_seq, 'hash', v_hash));
    IF p_operations[i] = 'credit' THEN
      o_response := o_response || jsonb_build_object('credited', round(p_amounts[i], 2)::text, 'excess', '0.00',
                                                     'manual_payout', NULL);
    END IF;
    INSERT INTO registers_slotrequest (slot_system_id, key, operation, body_sha256, created_at, status_code, response,
                                       entry_id)
      VALUES (p_system, p_keys[i], p_operations[i], p_digests[i], p_recorded_at, 201, o_response, v_entry)
      ON CONFLICT (slot_system_id, key) DO NOTHING RETURNING id INTO v_request;
    IF v_request IS NULL THEN
      RAISE EXCEPTION 'idempotency key taken meanwhile' USING ERRCODE = 'VG001';
    END IF;
    o_outcome := 'done'; o_balance := NULL;
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
        GRANT EXECUTE ON FUNCTION {SIGNATURE} TO "{role}"; END IF; END $$;""", params=None)  # nosec B608  # names from this migration and the settings, run once by the owner


class Migration(migrations.Migration):

    dependencies = [
        ("registers", "0027_archived_heads"),
    ]

    operations = [
        migrations.RunSQL(FUNCTION, f"DROP FUNCTION {SIGNATURE};"),
        migrations.RunPython(_privileges, migrations.RunPython.noop),
    ]
