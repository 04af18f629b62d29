-- A table kept as evidence, read-only for good (a casino's archived year: the detached partitions, and the rows that
-- hung from the year's entries): INSERT, UPDATE, DELETE and TRUNCATE refused for every role, and each role that could
-- use it may only read it.

CREATE OR REPLACE FUNCTION public.vigie_read_only(p_table text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
                 'EXECUTE FUNCTION vigie_refuse_change()', p_table || '_read_only', p_table);
  -- a detached partition refuses TRUNCATE already (vigie_partition)
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(p_table)
                 AND tgfoid = 'vigie_refuse_truncate'::regproc) THEN
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate()',
                   p_table || '_read_only_truncate', p_table);
  END IF;
  PERFORM vigie_privileges_like(p_table, p_table, 'SELECT');
END $function$;
