-- A slip's void, itself a record: append-only like the entries.

CREATE OR REPLACE TRIGGER registers_slipvoid_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_slipvoid FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_slipvoid_no_truncate BEFORE TRUNCATE ON public.registers_slipvoid FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
