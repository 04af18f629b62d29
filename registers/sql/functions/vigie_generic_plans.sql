-- The ledger's functions and triggers keep one plan per session: a query of a partitioned table planned afresh at each
-- call costs some 0.2 ms, ten times the insert it checks, and these run on every entry and movement with keys the same
-- plan serves. Set on the database, plan_cache_mode is read once per session; set on each function, it is put in place
-- and taken back at each call (8 % of a card operation's time in the database, measured with pgbench on
-- vigie_card_play). So it is set on the database where the role that migrates owns it, else on each function: slower,
-- the same plans. A CREATE OR REPLACE of one of these functions takes its own setting off: a migration that loads one
-- again calls this after it. With p_on_database false, each function holds it again (migration 0026 undone).

CREATE OR REPLACE FUNCTION public.vigie_generic_plans(p_on_database boolean)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  owner boolean := pg_has_role(current_user, (SELECT datdba FROM pg_database WHERE datname = current_database()),
                               'USAGE');
  on_database boolean := p_on_database AND owner;
  f regprocedure;
BEGIN
  IF p_on_database AND NOT owner THEN
    RAISE NOTICE 'plan_cache_mode reste réglé par fonction / stays set per function: % does not own the database',
      current_user;
  END IF;
  IF owner THEN
    EXECUTE format('ALTER DATABASE %I %s', current_database(),
                   CASE WHEN on_database THEN 'SET plan_cache_mode = force_generic_plan' ELSE 'RESET plan_cache_mode' END);
  END IF;
  FOR f IN SELECT oid::regprocedure FROM pg_proc
           WHERE proname IN ('vigie_entry_append', 'vigie_entry_continues', 'vigie_card_record', 'vigie_card_play',
                             'vigie_slot_play', 'vigie_card_movement_continues', 'vigie_card_balance_is_ledger') LOOP
    EXECUTE format('ALTER FUNCTION %s %s', f,
                   CASE WHEN on_database THEN 'RESET plan_cache_mode' ELSE 'SET plan_cache_mode = force_generic_plan' END);
  END LOOP;
END $function$;
