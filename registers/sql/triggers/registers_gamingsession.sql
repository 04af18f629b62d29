-- A closed gaming day: append-only, so a day once closed stays closed (registers migration 0002).

CREATE OR REPLACE TRIGGER registers_gamingsession_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_gamingsession FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_gamingsession_no_truncate BEFORE TRUNCATE ON public.registers_gamingsession FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
