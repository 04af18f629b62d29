-- An entry's id names its casino and its year: casino << 41 | (year - 1900) << 33 | n, n from one sequence (years 1900
-- to 2155, 2^33 numbers each). The entries are partitioned by casino then year on this id (migration 0020), so the id
-- is allocated here, the year's partition made first when it is not there yet (vigie_partition).

CREATE OR REPLACE FUNCTION public.vigie_entry_id(p_casino bigint, p_day date)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE years bigint := extract(year FROM p_day)::bigint - 1900;
BEGIN
  IF years < 0 OR years > 255 THEN
    RAISE EXCEPTION 'écriture : journée de jeu % hors des années 1900 à 2155 / gaming day outside 1900-2155', p_day
      USING ERRCODE = 'check_violation';
  END IF;
  IF to_regclass(format('registers_entry_c%s_%s', p_casino, to_char(p_day, 'YYYY'))) IS NULL THEN
    PERFORM vigie_partition('registers_entry', p_casino, p_day);
  END IF;
  RETURN (p_casino << 41) | (years << 33) | nextval('registers_entry_n');
END $function$;
