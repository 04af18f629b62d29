-- A partition of a casino's archived period leaves its table for good, kept as evidence: detached from the casino's
-- table, renamed « <table>_archive_c<casino>_<period> », its own references dropped (frozen as it was when detached:
-- the live tables stay free), read-only for every role (vigie_read_only). vigie_archive and vigie_archive_entries
-- call it; returns the archive's name.

CREATE OR REPLACE FUNCTION public.vigie_partition_keep(p_table text, p_casino bigint, p_part text)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  archived text := replace(p_part, p_table || '_c', p_table || '_archive_c');
  fk record;
BEGIN
  EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', format('%s_c%s', p_table, p_casino), p_part);
  EXECUTE format('ALTER TABLE %I RENAME TO %I', p_part, archived);
  FOR fk IN SELECT conname FROM pg_constraint WHERE conrelid = to_regclass(archived) AND contype = 'f'
               AND conparentid = 0 LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', archived, fk.conname);
  END LOOP;
  PERFORM vigie_read_only(archived);
  RETURN archived;
END $function$;
