-- An append-only table refuses TRUNCATE unless the maintenance switch `vigie.maintenance` is on, which only the test
-- suite's owner role sets, to empty its throw-away databases. Bound BEFORE TRUNCATE beside vigie_refuse_change.

CREATE OR REPLACE FUNCTION public.vigie_refuse_truncate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(current_setting('vigie.maintenance', true), '') <> 'on' THEN
    RAISE EXCEPTION 'registre en ajout seul : TRUNCATE refusé sur % / append-only register: TRUNCATE refused',
      TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END $function$;
