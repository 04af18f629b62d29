-- An entry's hash: SHA-256 of the canonical JSON of its ten fields, the one pre-image of the chain in SQL, the same
-- bytes as registers/chain/hashing.py's EntryData.digest writes (json.dumps, sort_keys, ensure_ascii=False, no
-- spaces): to_json of a text escapes as json.dumps does (the quote, the backslash, \b \f \n \r \t, \u00xx for the
-- other control characters). tests/test_registers_append_sql.py and tests/test_cards_play_sql.py hold the two equal on
-- any text. vigie_entry_append and vigie_slot_plays call it; a plain SQL expression, inlined where it is called.

CREATE OR REPLACE FUNCTION public.vigie_entry_hash(p_label text, p_seq bigint, p_prev text, p_kind text, p_day date, p_refers_seq bigint, p_payload text, p_actor_name text, p_countersigner_name text, p_recorded_text text)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT encode(sha256(convert_to(
    '[' || to_json(p_label)::text || ',' || p_seq::text || ',' || to_json(p_prev)::text || ','
    || to_json(p_kind)::text || ',' || to_json(to_char(p_day, 'YYYY-MM-DD'))::text || ','
    || coalesce(p_refers_seq::text, 'null') || ',' || to_json(p_payload)::text || ','
    || to_json(p_actor_name)::text || ',' || coalesce(to_json(p_countersigner_name)::text, 'null') || ','
    || to_json(p_recorded_text)::text || ']', 'UTF8')), 'hex')
$function$;
