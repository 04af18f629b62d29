-- A casino's closed year of entries archived (registers/archive/services.py, year_archive, after the movements and
-- deals). The year's partition can only leave the entries once nothing live refers to it: every row hanging from the
-- year's entries (a slip, a session, a report…), and every row hanging from those, to a fixed point, goes to
-- « <table>_archive_c<casino>_<year> », read-only; a year an entry of another year refers to (a correction) is refused.
-- Then the partition leaves (vigie_partition_keep), and « registers_entry_kept », the view the verification reads, is
-- the live entries and every archived year's, so each chain still verifies from its first entry.

CREATE OR REPLACE FUNCTION public.vigie_archive_entries(p_casino bigint, p_year integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  part text := format('registers_entry_c%s_%s', p_casino, p_year);
  lo bigint := (p_casino << 41) | ((p_year - 1900)::bigint << 33);
  hi bigint := ((p_casino << 41) | ((p_year - 1900)::bigint << 33)) + (1::bigint << 33);
  fk record;
  held record;
  later bigint;
  added bigint;
  n bigint;
  kept text;
BEGIN
  IF to_regclass(part) IS NULL THEN
    RETURN 0;
  END IF;
  SELECT e.seq INTO later FROM registers_entry e
    WHERE e.refers_to_id >= lo AND e.refers_to_id < hi AND (e.id < lo OR e.id >= hi) LIMIT 1;
  IF later IS NOT NULL THEN
    RAISE EXCEPTION 'archive : une écriture d''une autre année (n° %) renvoie à l''année % / an entry of another year '
      'refers to year %', later, p_year, p_year USING ERRCODE = 'foreign_key_violation';
  END IF;
  CREATE TEMP TABLE vigie_held (tbl regclass, id bigint, PRIMARY KEY (tbl, id)) ON COMMIT DROP;
  -- the rows hanging from the year's entries, then from those rows, to a fixed point
  FOR fk IN SELECT c.conrelid::regclass AS tbl, a.attname AS col FROM pg_constraint c
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            WHERE c.contype = 'f' AND c.conparentid = 0 AND c.confrelid = 'registers_entry'::regclass
              AND c.conrelid NOT IN ('registers_entry'::regclass, 'registers_cardmovement'::regclass, 'registers_pokerhand'::regclass) LOOP
    EXECUTE format('INSERT INTO vigie_held SELECT %L::regclass, id FROM %s WHERE %I >= %s AND %I < %s '
                   'ON CONFLICT DO NOTHING', fk.tbl, fk.tbl, fk.col, lo, fk.col, hi);
  END LOOP;
  LOOP
    added := 0;
    FOR fk IN SELECT c.conrelid::regclass AS tbl, a.attname AS col, c.confrelid::regclass AS target
              FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
              WHERE c.contype = 'f' AND c.conparentid = 0 AND c.confrelid IN (SELECT DISTINCT tbl FROM vigie_held) LOOP
      IF fk.tbl IN ('registers_entry'::regclass, 'registers_cardmovement'::regclass, 'registers_pokerhand'::regclass) THEN
        EXECUTE format('SELECT count(*) FROM %s WHERE %I IN (SELECT id FROM vigie_held WHERE tbl = %L::regclass)',
                       fk.tbl, fk.col, fk.target) INTO n;
        IF n > 0 THEN
          RAISE EXCEPTION 'archive : % lignes de % d''une autre période renvoient à l''année % / rows of another '
            'period refer to the year', n, fk.tbl, p_year USING ERRCODE = 'foreign_key_violation';
        END IF;
        CONTINUE;
      END IF;
      EXECUTE format('INSERT INTO vigie_held SELECT %L::regclass, id FROM %s WHERE %I IN '
                     '(SELECT id FROM vigie_held WHERE tbl = %L::regclass) ON CONFLICT DO NOTHING',
                     fk.tbl, fk.tbl, fk.col, fk.target);
      GET DIAGNOSTICS n = ROW_COUNT;
      added := added + n;
    END LOOP;
    EXIT WHEN added = 0;
  END LOOP;
  -- each table's rows copied to its archive, then taken out, its append-only triggers standing aside meanwhile
  -- (the table is locked against every writer until the commit)
  FOR held IN SELECT DISTINCT tbl FROM vigie_held LOOP
    kept := format('%s_archive_c%s_%s', held.tbl, p_casino, p_year);
    EXECUTE format('CREATE TABLE %I AS SELECT * FROM %s WHERE id IN (SELECT id FROM vigie_held WHERE tbl = %L::regclass)',
                   kept, held.tbl, held.tbl);
    PERFORM vigie_read_only(kept);
    EXECUTE format('ALTER TABLE %s DISABLE TRIGGER USER', held.tbl);
    EXECUTE format('DELETE FROM %s WHERE id IN (SELECT id FROM vigie_held WHERE tbl = %L::regclass)', held.tbl,
                   held.tbl);
  END LOOP;
  SET CONSTRAINTS ALL IMMEDIATE;  -- every reference checked now, before the tables change again
  FOR held IN SELECT DISTINCT tbl FROM vigie_held LOOP
    EXECUTE format('ALTER TABLE %s ENABLE TRIGGER USER', held.tbl);
  END LOOP;
  PERFORM vigie_partition_keep('registers_entry', p_casino, part);
  SELECT string_agg(format('SELECT * FROM %I', c.relname), ' UNION ALL ' ORDER BY c.relname) INTO kept
    FROM pg_class c WHERE c.relkind = 'r' AND c.relname ~ '^registers_entry_archive_c[0-9]+_[0-9]+$';
  -- the view keeps its grants: the application's role reads it as before
  EXECUTE 'CREATE OR REPLACE VIEW registers_entry_kept AS SELECT * FROM registers_entry UNION ALL ' || kept;
  RETURN 1;
END $function$;
