-- The poker room's sessions: append-only like the entries (registers migration 0012).

CREATE OR REPLACE TRIGGER registers_pokersession_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_pokersession FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_pokersession_no_truncate BEFORE TRUNCATE ON public.registers_pokersession FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
