-- A casino's year of card movements or poker deals detached and kept read-only (registers/archive/services.py,
-- year_archive): each of the year's partitions (the movements' year, the deals' months) leaves its table
-- (vigie_partition_keep). The entries go last, through vigie_archive_entries, which first takes out every row hanging
-- from them. Returns how many partitions left.

CREATE OR REPLACE FUNCTION public.vigie_archive(p_parent text, p_casino bigint, p_year integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  casino_part text := format('%s_c%s', p_parent, p_casino);
  part record;
  done int := 0;
BEGIN
  IF p_parent NOT IN ('registers_cardmovement', 'registers_pokerhand') THEN
    RAISE EXCEPTION 'archive : % n''est pas une table partitionnée des registres / not a partitioned register table',
      p_parent;
  END IF;
  FOR part IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
              WHERE i.inhparent = to_regclass(casino_part) AND c.relname LIKE format('%s\_%s%%', casino_part, p_year)
              ORDER BY c.relname LOOP
    PERFORM vigie_partition_keep(p_parent, p_casino, part.relname);
    done := done + 1;
  END LOOP;
  RETURN done;
END $function$;
