-- An entry appended in one round trip (registers/chain/services.py, entry_append): the register's row locked (the
-- chain's lock, held to the commit), a closed gaming day refused by writing nothing (the caller says so), the head read
-- (the live one, or the one an archived year left), the entry hashed (vigie_entry_hash) and inserted with its id
-- (vigie_entry_id). vigie_entry_continues checks it again as it goes in, reading the head the same way: kept inline in
-- both, as a function call would cost each entry some 4 µs on the ledger's hottest path.

CREATE OR REPLACE FUNCTION public.vigie_entry_append(p_register bigint, p_label text, p_casino bigint, p_closed_ok boolean, p_kind text, p_day date, p_refers_to bigint, p_refers_seq bigint, p_payload text, p_actor bigint, p_actor_name text, p_countersigner bigint, p_countersigner_name text, p_recorded_at timestamp with time zone, p_recorded_text text, OUT entry_id bigint, OUT entry_seq bigint, OUT entry_hash text, OUT entry_prev text)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
DECLARE
  archived_seq bigint;
  archived_hash text;
BEGIN
  PERFORM 1 FROM registers_register WHERE id = p_register FOR UPDATE;
  IF NOT p_closed_ok AND EXISTS (SELECT 1 FROM registers_gamingsession
                                 WHERE casino_id = p_casino AND gaming_day = p_day) THEN
    RETURN;  -- nothing written: the caller says the day is closed
  END IF;
  -- ids below 1 << 41: the entries written before the partitions (registers_entry_legacy, migration 0020)
  SELECT seq, hash INTO entry_seq, entry_prev FROM registers_entry
    WHERE register_id = p_register AND (id < (1::bigint << 41) OR (id >= p_casino << 41 AND id < (p_casino + 1) << 41))
    ORDER BY seq DESC LIMIT 1;
  SELECT a.seq, a.hash INTO archived_seq, archived_hash FROM registers_archivedhead a
    WHERE a.register_id = p_register AND a.seq > coalesce(entry_seq, 0) ORDER BY a.seq DESC LIMIT 1;
  IF archived_seq IS NOT NULL THEN
    entry_seq := archived_seq;
    entry_prev := archived_hash;
  END IF;
  entry_seq := coalesce(entry_seq, 0) + 1;
  entry_prev := coalesce(entry_prev, repeat('0', 64));
  entry_hash := vigie_entry_hash(p_label, entry_seq, entry_prev, p_kind, p_day, p_refers_seq, p_payload, p_actor_name,
                                 p_countersigner_name, p_recorded_text);
  entry_id := vigie_entry_id(p_casino, p_day);
  INSERT INTO registers_entry (id, register_id, seq, kind, gaming_day, refers_to_id, payload, actor_id,
                               countersigner_id, recorded_at, prev_hash, hash)
    VALUES (entry_id, p_register, entry_seq, p_kind, p_day, p_refers_to, p_payload, p_actor, p_countersigner,
            p_recorded_at, entry_prev, entry_hash);
END $function$;
