-- A card ledger operation in one round trip (registers/chain/services.py, entry_append with movements): its entry
-- appended (vigie_entry_append), then each movement and its card's balance, one by one in order, each checked by the
-- triggers (vigie_card_movement_continues, vigie_card_balance_is_ledger); the year's partition of the movements made
-- first when it is not there yet. Writes nothing on a closed day.

CREATE OR REPLACE FUNCTION public.vigie_card_record(p_register bigint, p_label text, p_casino bigint, p_closed_ok boolean, p_kind text, p_day date, p_payload text, p_actor bigint, p_actor_name text, p_recorded_at timestamp with time zone, p_recorded_text text, p_cards bigint[], p_deltas numeric[], p_after numeric[], OUT entry_id bigint, OUT entry_seq bigint, OUT entry_hash text, OUT entry_prev text)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT a.entry_id, a.entry_seq, a.entry_hash, a.entry_prev INTO entry_id, entry_seq, entry_hash, entry_prev
    FROM vigie_entry_append(p_register, p_label, p_casino, p_closed_ok, p_kind, p_day, NULL, NULL, p_payload, p_actor,
                            p_actor_name, NULL, NULL, p_recorded_at, p_recorded_text) a;
  IF entry_id IS NULL THEN
    RETURN;
  END IF;
  IF array_length(p_cards, 1) > 0
     AND to_regclass(format('registers_cardmovement_c%s_%s', p_casino, to_char(p_day, 'YYYY'))) IS NULL THEN
    PERFORM vigie_partition('registers_cardmovement', p_casino, p_day);
  END IF;
  -- one by one, in order: the trigger checks each movement continues the card's balance
  FOR i IN 1 .. coalesce(array_length(p_cards, 1), 0) LOOP
    INSERT INTO registers_cardmovement (entry_id, card_id, kind, gaming_day, delta, balance_after, casino_id)
      VALUES (entry_id, p_cards[i], p_kind, p_day, p_deltas[i], p_after[i], p_casino);
    UPDATE registers_card SET balance = p_after[i], moved_on = greatest(moved_on, p_day) WHERE id = p_cards[i];
  END LOOP;
END $function$;
