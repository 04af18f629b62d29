-- A slot system's operations sent together, appended together (registers/cards/slot_system/services.py, slot_batch, POST
-- /api/v1/slots/batch/), in the order sent, in one statement; it stops at the first one that does not fit, which the
-- caller sends the general path, then the rest again. The first that fits goes through vigie_slot_play, with every
-- check of an operation sent alone (the register's lock, the day open, the draft basis, the partitions, the archived
-- year, the head); those hold for the rest of the statement (the register stays locked to its commit), so each next
-- one only writes what vigie_slot_play writes, its entry following the last: the same payload, hash, movement,
-- balance, answer and key's row, under the same triggers. tests/test_slot_batch.py holds them equal to those of an
-- operation sent alone. A bet beyond an active card's balance is refused (LU RGD 1979 art. 3-4 1)) without stopping
-- it: it writes nothing, and its row gives the balance that refused it, from which the caller writes the general
-- path's refusal under its key, in the same transaction.
-- enable_seqscan off: its statements keep one plan per session (migration 0026) and must reach their rows through
-- their indexes whatever the statistics said when the plan was made.

CREATE OR REPLACE FUNCTION public.vigie_slot_plays(p_system bigint, p_keys text[], p_operations text[], p_digests text[], p_numbers text[], p_currency text, p_amounts numeric[], p_casino bigint, p_machines text[], p_day date, p_actor bigint, p_actor_name text, p_recorded_at timestamp with time zone, p_recorded_text text, p_basis text)
 RETURNS TABLE(o_outcome text, o_response jsonb, o_balance numeric)
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
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
      o_outcome := 'done'; o_response := v_play.response; o_balance := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    -- the next: what vigie_slot_play writes (its payload, hash, entry, movement, balance, answer, key's row)
    v_payload := vigie_play_payload(v_card.number, v_delta, p_machines[i], v_after);
    v_prev := v_hash;
    v_seq := v_seq + 1;
    v_hash := vigie_entry_hash(v_label, v_seq, v_prev, v_kind, p_day, NULL, v_payload, p_actor_name, NULL,
                               p_recorded_text);
    v_entry := v_first | nextval('registers_entry_n');
    INSERT INTO registers_entry (id, register_id, seq, kind, gaming_day, refers_to_id, payload, actor_id,
                                 countersigner_id, recorded_at, prev_hash, hash)
      VALUES (v_entry, v_register, v_seq, v_kind, p_day, NULL, v_payload, p_actor, NULL, p_recorded_at, v_prev, v_hash);
    INSERT INTO registers_cardmovement (entry_id, card_id, kind, gaming_day, delta, balance_after, casino_id)
      VALUES (v_entry, v_card.id, v_kind, p_day, v_delta, v_after, p_casino);
    UPDATE registers_card SET balance = v_after, moved_on = greatest(moved_on, p_day) WHERE id = v_card.id;
    o_response := vigie_slot_response(p_operations[i], v_card.number, p_amounts[i], p_currency, p_machines[i], v_after,
                                      v_kind, v_seq, v_hash);
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
END $function$;
