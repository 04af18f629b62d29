-- A slot system's debit or credit in one statement (registers/cards/slot_system/services.py, SLOT_PLAY): vigie_card_play
-- with the system's idempotency key. A key already taken goes to the general path, which replays its answer; the key's
-- row is written with its answer (vigie_slot_response) and entry. A key taken meanwhile by a concurrent request aborts
-- the statement (SQLSTATE VG001): nothing is written, and the general path answers. The card is found by its number
-- (unique), then checked to be of the casino.

CREATE OR REPLACE FUNCTION public.vigie_slot_play(p_system bigint, p_key text, p_operation text, p_digest text, p_number text, p_currency text, p_amount numeric, p_casino bigint, p_machine text, p_day date, p_actor bigint, p_actor_name text, p_recorded_at timestamp with time zone, p_recorded_text text, p_basis text, OUT outcome text, OUT response jsonb)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_card bigint;
  v_casino bigint;
  v_play record;
  v_request bigint;
  v_kind text := CASE p_operation WHEN 'debit' THEN 'carte.mise' ELSE 'carte.gain' END;
BEGIN
  outcome := 'fallback';
  IF EXISTS (SELECT 1 FROM registers_slotrequest WHERE slot_system_id = p_system AND key = p_key) THEN
    RETURN;
  END IF;
  SELECT id, casino_id INTO v_card, v_casino FROM registers_card WHERE number = p_number;
  IF v_card IS NULL OR v_casino <> p_casino THEN
    RETURN;
  END IF;
  SELECT * INTO v_play FROM vigie_card_play(
    v_card, p_casino, v_kind, CASE p_operation WHEN 'debit' THEN -p_amount ELSE p_amount END, p_machine, p_day, p_actor, p_actor_name,
    p_recorded_at, p_recorded_text, p_basis);
  IF v_play.outcome <> 'done' THEN
    RETURN;
  END IF;
  response := vigie_slot_response(p_operation, v_play.card_number, p_amount, p_currency, p_machine, v_play.balance,
                                  v_kind, v_play.entry_seq, v_play.entry_hash);
  INSERT INTO registers_slotrequest (slot_system_id, key, operation, body_sha256, created_at, status_code, response,
                                     entry_id)
    VALUES (p_system, p_key, p_operation, p_digest, p_recorded_at, 201, response, v_play.entry_id)
    ON CONFLICT (slot_system_id, key) DO NOTHING RETURNING id INTO v_request;
  IF v_request IS NULL THEN
    RAISE EXCEPTION 'idempotency key taken meanwhile' USING ERRCODE = 'VG001';
  END IF;
  outcome := 'done';
END $function$;
