-- A slot machine's bet or win on a card in one statement (registers/cards/ledger.py, PLAY, prepared once per
-- connection by registers/prepared.py). Only when the card is active and its balance stays within [0, cap] (LU RGD 1979
-- art. 3-1 6), 3-4 1), 2), 7)), and the register's draft basis is the one the casino applies, it writes the entry, the
-- movement and the balance as the general path does, with the same payload byte for byte. Anything else (a refusal, a
-- win past the cap, a closed day, a basis to write first) returns 'fallback' having written nothing: the caller then
-- takes the general path, which refuses with its message or writes as always. tests/test_cards_play_sql.py holds the
-- two paths equal.

CREATE OR REPLACE FUNCTION public.vigie_card_play(p_card bigint, p_casino bigint, p_kind text, p_delta numeric, p_machine text, p_day date, p_actor bigint, p_actor_name text, p_recorded_at timestamp with time zone, p_recorded_text text, p_basis text, OUT outcome text, OUT card_number text, OUT balance numeric, OUT register_id bigint, OUT entry_id bigint, OUT entry_seq bigint, OUT entry_hash text, OUT entry_prev text, OUT payload text)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_card registers_card%ROWTYPE;
  v_label text;
  v_after numeric;
BEGIN
  outcome := 'fallback';
  SELECT * INTO v_card FROM registers_card WHERE id = p_card FOR UPDATE;
  IF NOT FOUND OR v_card.casino_id <> p_casino OR v_card.status <> 'active' OR p_delta = 0 THEN
    RETURN;
  END IF;
  v_after := v_card.balance + p_delta;
  IF v_after < 0 OR v_after > v_card.cap THEN
    RETURN;
  END IF;
  SELECT r.id, c.code || '/' || r.kind INTO register_id, v_label
    FROM registers_register r JOIN compliance_casino c ON c.id = r.casino_id
    WHERE r.casino_id = p_casino AND r.kind = 'cartes' FOR UPDATE OF r;
  IF register_id IS NULL THEN
    RETURN;
  END IF;
  IF p_basis IS NOT NULL AND NOT coalesce(
      (SELECT e.payload::jsonb = p_basis::jsonb FROM registers_entry e
        WHERE e.register_id = vigie_card_play.register_id AND e.kind = 'registre.base_projet'
        ORDER BY e.seq DESC LIMIT 1), false) THEN
    RETURN;
  END IF;
  card_number := v_card.number;
  payload := vigie_play_payload(v_card.number, p_delta, p_machine, v_after);
  SELECT a.entry_id, a.entry_seq, a.entry_hash, a.entry_prev INTO entry_id, entry_seq, entry_hash, entry_prev
    FROM vigie_card_record(register_id, v_label, p_casino, false, p_kind, p_day, payload, p_actor, p_actor_name,
                           p_recorded_at, p_recorded_text, ARRAY[p_card], ARRAY[p_delta], ARRAY[v_after]) a;
  IF entry_id IS NULL THEN
    RETURN;  -- the day is closed: nothing written
  END IF;
  outcome := 'done';
  balance := v_after;
END $function$;
