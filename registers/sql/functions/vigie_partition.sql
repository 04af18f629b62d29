-- The partition of a register table for a casino and a day, made when it is not there yet, and its name. Three tables
-- are partitioned by casino, then by period, so that a casino's closed year can be detached and kept (vigie_archive):
--   registers_entry          by year, on the entry's id (vigie_entry_id), which names its casino and year;
--   registers_cardmovement   by year, on the gaming day;
--   registers_pokerhand      by month, on the gaming day.
-- SECURITY DEFINER: the application's role may call it, not create tables. Each partition is made apart, then attached:
-- ATTACH locks its parent in SHARE UPDATE EXCLUSIVE mode, so the table stays readable and writable in every other
-- transaction (CREATE TABLE ... PARTITION OF would lock them out until the commit). It refuses what its table refuses:
-- TRUNCATE for every role (the statement triggers are not inherited), and each role holds on it what it holds on the
-- table (the application's role SELECT and INSERT). A period whose archive exists is refused: it is read-only now.

CREATE OR REPLACE FUNCTION public.vigie_partition(p_table text, p_casino bigint, p_day date)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
DECLARE
  by_id boolean := p_table = 'registers_entry';
  period text := CASE p_table WHEN 'registers_pokerhand' THEN 'month' ELSE 'year' END;
  casino_part text := format('%s_c%s', p_table, p_casino);
  part text := format('%s_c%s_%s', p_table, p_casino, to_char(p_day, CASE period WHEN 'month' THEN 'YYYYMM' ELSE 'YYYY' END));
  first_day date := date_trunc(period, p_day)::date;
  first_id bigint := (p_casino << 41) | ((extract(year FROM p_day)::bigint - 1900) << 33);
  one text;
BEGIN
  IF p_table NOT IN ('registers_entry', 'registers_cardmovement', 'registers_pokerhand') THEN
    RAISE EXCEPTION 'partition : % n''est pas une table partitionnée des registres / not a partitioned register table',
      p_table;
  END IF;
  IF to_regclass(part) IS NOT NULL THEN
    RETURN part;
  END IF;
  IF to_regclass(replace(part, p_table || '_c', p_table || '_archive_c')) IS NOT NULL THEN
    RAISE EXCEPTION 'écriture : la période % du casino % est archivée, en lecture seule / the casino''s period is '
      'archived, read-only', to_char(p_day, CASE period WHEN 'month' THEN 'YYYY-MM' ELSE 'YYYY' END), p_casino
      USING ERRCODE = 'check_violation';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext(p_table), p_casino::int);
  IF to_regclass(casino_part) IS NULL THEN
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING CONSTRAINTS) PARTITION BY RANGE (%I)', casino_part, p_table,
                   CASE WHEN by_id THEN 'id' ELSE 'gaming_day' END);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES %s', p_table, casino_part,
                   CASE WHEN by_id THEN format('FROM (%s) TO (%s)', p_casino << 41, (p_casino + 1) << 41)
                        ELSE format('IN (%s)', p_casino) END);
  END IF;
  IF to_regclass(part) IS NULL THEN
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING CONSTRAINTS)', part, p_table);
    IF by_id THEN
      -- a register's n° once within the partition; across partitions, and for the link, vigie_entry_continues
      EXECUTE format('CREATE UNIQUE INDEX %I ON %I (register_id, seq)', part || '_seq', part);
    END IF;
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES %s', casino_part, part,
                   CASE WHEN by_id THEN format('FROM (%s) TO (%s)', first_id, first_id + (1::bigint << 33))
                        ELSE format('FROM (%L) TO (%L)', first_day, (first_day + ('1 ' || period)::interval)::date) END);
  END IF;
  FOREACH one IN ARRAY ARRAY[casino_part, part] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(one) AND tgname = one || '_no_truncate') THEN
      EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate()',
                     one || '_no_truncate', one);
    END IF;
    PERFORM vigie_privileges_like(one, p_table, NULL);
  END LOOP;
  RETURN part;
END $function$;
