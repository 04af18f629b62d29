-- An append-only table refuses UPDATE and DELETE for every role, its owner included: a correction is a new row.
-- Bound BEFORE UPDATE OR DELETE to the audit events, every register table and the approvals' evidence (the apps'
-- sql/triggers/), and BEFORE INSERT too to an archived year, kept read-only (vigie_read_only).

CREATE OR REPLACE FUNCTION public.vigie_refuse_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'registre en ajout seul : % refusé sur % / append-only register: % refused',
    TG_OP, TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $function$;
