-- The arrêté values a casino files: append-only like the entries, a new version is a new row (registers migration 0038).

CREATE OR REPLACE TRIGGER registers_arretevalue_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_arretevalue FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_arretevalue_no_truncate BEFORE TRUNCATE ON public.registers_arretevalue FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
