-- An entry comes in only as its register's head + 1, linked to the head's hash, under the register's lock every writer
-- takes; and its id names its register's casino and its gaming day's year (vigie_entry_id). The head is the later of
-- the live one and the one an archived year left (registers_archivedhead). Unique indexes hold within a partition
-- only: this trigger holds the chain across them. Trigger registers_entry_continues, BEFORE INSERT.
-- Ids below 1 << 41 are the entries written before the partitions (registers_entry_legacy, migration 0020).

CREATE OR REPLACE FUNCTION public.vigie_entry_continues()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  casino bigint := NEW.id >> 41;
  owner bigint;
  head_seq bigint;
  head_hash text;
  archived_seq bigint;
  archived_hash text;
BEGIN
  SELECT casino_id INTO owner FROM registers_register WHERE id = NEW.register_id;
  IF owner IS DISTINCT FROM casino
     OR (NEW.id >> 33) & 255 <> extract(year FROM NEW.gaming_day)::bigint - 1900 THEN
    RAISE EXCEPTION 'écriture : l''identifiant % ne nomme pas le casino % et l''année du % / the entry''s id does not '
      'name its casino and year', NEW.id, owner, NEW.gaming_day USING ERRCODE = 'check_violation';
  END IF;
  SELECT seq, hash INTO head_seq, head_hash FROM registers_entry
    WHERE register_id = NEW.register_id AND (id < (1::bigint << 41) OR (id >= casino << 41 AND id < (casino + 1) << 41))
    ORDER BY seq DESC LIMIT 1;
  SELECT a.seq, a.hash INTO archived_seq, archived_hash FROM registers_archivedhead a
    WHERE a.register_id = NEW.register_id AND a.seq > coalesce(head_seq, 0) ORDER BY a.seq DESC LIMIT 1;
  IF archived_seq IS NOT NULL THEN
    head_seq := archived_seq;
    head_hash := archived_hash;
  END IF;
  IF NEW.seq <> coalesce(head_seq, 0) + 1 OR NEW.prev_hash <> coalesce(head_hash, repeat('0', 64)) THEN
    RAISE EXCEPTION 'écriture : le n° % ne prolonge pas la chaîne du registre % (dernier n° %) / the entry does not '
      'continue its register''s chain', NEW.seq, NEW.register_id, coalesce(head_seq, 0)
      USING ERRCODE = 'unique_violation';
  END IF;
  RETURN NEW;
END $function$;
